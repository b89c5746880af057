//! The value of a position in a table: win, draw or loss for the side to move.

use std::fmt;

/// The game-theoretic value of a position for the side to move, with perfect play by both
/// sides and no draw by move counts or repetition (see [`crate::egdb`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Wdl {
    /// The value for the other side: a win for one is a loss for the other.
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }

    /// The two-bit code a table stores: 0 draw, 1 win, 2 loss.
    pub(crate) fn code(self) -> u8 {
        match self {
            Wdl::Draw => 0,
            Wdl::Win => 1,
            Wdl::Loss => 2,
        }
    }

    /// The value of a two-bit code (3, never written, reads as a draw).
    pub(crate) fn from_code(code: u8) -> Wdl {
        match code & 3 {
            1 => Wdl::Win,
            2 => Wdl::Loss,
            _ => Wdl::Draw,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        })
    }
}
