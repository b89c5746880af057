//! Whether a word is written in a given notation: what a reader told to read one notation
//! only accepts.

use crate::Notation;
use crate::descriptive;
use crate::san_read::{Parsed, Shape, parse};

/// Whether `word` is written in `notation`, check and mate signs aside: what a reader told to
/// read one notation only (`--input-notation`) accepts.
///
/// - SAN: `Nf3`, `exd5`, `e8=Q`, `Ngf3`, `O-O`; also a piece's capture from a whole square
///   (`Qh4xe1`), SAN's last means to tell three pieces apart.
/// - Long algebraic: `Ng1-f3`, `e2-e4`, `e4xd5`, `e7-e8=Q`, `O-O`.
/// - UCI: `g1f3`, `e7e8q`, castling as the king's move (`e1g1`).
/// - Descriptive: a move word of that system (`P-K4`, `P4R`).
///
/// A null move or a word that is no move is in none of them.
///
/// ```
/// use chess_notation::{Notation, written_in};
///
/// assert!(written_in("Nf3", Notation::San));
/// assert!(!written_in("g1f3", Notation::San));
/// assert!(written_in("g1f3", Notation::Uci));
/// assert!(written_in("Ng1-f3", Notation::Long));
/// assert!(!written_in("O-O", Notation::Uci));
/// assert!(written_in("Qh4xe1", Notation::San));
/// assert!(!written_in("e4xd5", Notation::San));
/// ```
pub fn written_in(word: &str, notation: Notation) -> bool {
    if let Notation::Descriptive(system) = notation {
        return descriptive::parse(word, system).is_some();
    }
    let Ok(parsed) = parse(word) else {
        return false;
    };
    match (notation, parsed) {
        (Notation::San | Notation::Long, Parsed::Castle(_)) => true,
        (_, Parsed::Castle(_)) => false,
        // Every algebraic notation (lichess's UCI too) writes a drop alike.
        (_, Parsed::Drop { .. }) => true,
        (
            _,
            Parsed::Normal {
                shape,
                piece,
                capture,
                ..
            },
        ) => match notation {
            Notation::San => {
                shape == Shape::San || (shape == Shape::Long && piece.is_some() && capture)
            }
            Notation::Long => shape == Shape::Long,
            _ => shape == Shape::Uci,
        },
    }
}
