//! Search scores: the score of a won position and the bound beyond which scores are forced
//! wins or losses.

/// The score of a won position, less the plies needed to win it.
pub const WIN: i32 = 30_000;
/// Scores at least this large (in absolute value) are forced wins or losses.
pub const WIN_BOUND: i32 = WIN - 1_000;

/// The highest score of a position that the endgame tables ([`crate::egdb`]) say is won
/// (see [`db_win`]): below every forced win (so a real win found by the search is
/// preferred) and above every evaluation.
pub const DB_WIN: i32 = WIN_BOUND - 2_000;
/// Scores at least this large (in absolute value) and below [`WIN_BOUND`] are wins or losses
/// known from the endgame tables.
pub const DB_WIN_BOUND: i32 = DB_WIN - 10_000;

/// The score of a table win with `pieces` pieces on the board, `men` of them men, reached
/// `to_conversion` plies before the next capture or crowning (the plies to the position
/// plus its distance to conversion): [`DB_WIN`] less 100 for each step of the material's
/// rank (10 a piece, 1 a man) and less the plies (at most 99). A capture lowers the rank by
/// at least 10, a crowning by 1, so a line that converts scores above one that only keeps
/// the win, and within one material the nearest conversion scores highest: the search
/// plays a won ending to its end rather than round in circles until a move-count rule
/// draws it. At most 9 pieces (the tables' most), so the score stays above
/// [`DB_WIN_BOUND`].
///
/// ```
/// use draughts::{DB_WIN, DB_WIN_BOUND, db_win};
/// // Two kings and a man against a king, 2 plies before the man crowns: below the same
/// // material with a fourth king, however far that one's capture is.
/// assert!(db_win(4, 1, 2) < db_win(4, 0, 60));
/// assert!(db_win(4, 0, 60) < db_win(4, 0, 5));
/// assert!(db_win(3, 0, 200) > db_win(4, 0, 1));
/// assert!(db_win(9, 9, 500) >= DB_WIN_BOUND && db_win(2, 0, 0) < DB_WIN);
/// ```
pub const fn db_win(pieces: u32, men: u32, to_conversion: u32) -> i32 {
    let rank = 10 * pieces + men;
    let plies = if to_conversion < 99 {
        to_conversion
    } else {
        99
    };
    DB_WIN - 100 * rank as i32 - plies as i32
}
