//! Search scores: the score of a won position and the bound beyond which scores are forced
//! wins or losses.

/// The score of a won position, less the plies needed to win it.
pub const WIN: i32 = 30_000;
/// Scores at least this large (in absolute value) are forced wins or losses.
pub const WIN_BOUND: i32 = WIN - 1_000;

/// The score of a position that the endgame tables ([`crate::egdb`]) say is won, less the
/// plies to reach it: below every forced win (so a real win found by the search is preferred)
/// and above every evaluation.
pub const DB_WIN: i32 = WIN_BOUND - 2_000;
/// Scores at least this large (in absolute value) and below [`WIN_BOUND`] are wins or losses
/// known from the endgame tables.
pub const DB_WIN_BOUND: i32 = DB_WIN - 1_000;
