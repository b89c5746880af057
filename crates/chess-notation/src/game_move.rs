//! A move of a game record: a move played, or a null move (`--`, `Z0`) as analysis programs
//! write to show a threat; and where a game's plies are counted from.

use shakmaty::{Color, Move, Position};

/// A move of a chess game record: a move, or a null move (`--`, `Z0`) as analysis programs
/// write to show a threat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChessMove {
    /// A legal move.
    Move(Move),
    /// A null move: the other side is to move, nothing moved.
    Null,
}

/// Whether a word is a null move: `--`, `Z0`, `0000`, `@@@@` or `null`.
///
/// ```
/// assert!(chess_notation::is_null_move("--"));
/// assert!(!chess_notation::is_null_move("O-O"));
/// ```
#[inline]
pub fn is_null_move(word: &str) -> bool {
    // Most words start otherwise than every null move.
    matches!(
        word.as_bytes().first(),
        Some(b'-' | b'Z' | b'0' | b'@' | b'n')
    ) && matches!(word, "--" | "Z0" | "0000" | "@@@@" | "null")
}

/// The absolute index of the ply made from `pos`, counted from White's first move: from its
/// move number and side to move.
///
/// ```
/// use shakmaty::Chess;
/// assert_eq!(chess_notation::first_ply(&Chess::default()), 0);
/// ```
pub fn first_ply<R: Position>(pos: &R) -> u32 {
    let full = pos.fullmoves().get().saturating_sub(1);
    full.saturating_mul(2)
        .saturating_add(u32::from(pos.turn() == Color::Black))
}
