//! Moves as the rules see them.

use std::hash::{Hash, Hasher};

use smallvec::SmallVec;

use crate::square::Square;

/// The landing squares of a move, kept inline for up to eight captures.
pub(crate) type Path = SmallVec<[Square; 8]>;
use crate::square_set::SquareSet;

/// A legal move: start square, end square, the pieces it takes, and its path.
///
/// A move is identified by its start, its end and the set of squares whose pieces it takes:
/// two capture paths that take the same pieces to the same square are one move, so equality
/// and hashing ignore the path. The path lists every landing square in order, ending with
/// the end square (a move without capture has the end square alone); for a flying king that
/// could land on several squares between two captures in one line, it is one of them.
#[derive(Clone, Debug)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) captured: SquareSet,
    pub(crate) crowns: bool,
    pub(crate) path: Path,
}

impl Move {
    /// The start square.
    pub fn from(&self) -> Square {
        self.from
    }

    /// The end square (it may equal the start square when a king goes round).
    pub fn to(&self) -> Square {
        self.to
    }

    /// The squares of the pieces taken.
    pub fn captured(&self) -> SquareSet {
        self.captured
    }

    /// Whether the move takes anything.
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// Whether a man is crowned by this move.
    pub fn crowns(&self) -> bool {
        self.crowns
    }

    /// Every landing square in order, ending with [`Move::to`].
    pub fn path(&self) -> &[Square] {
        &self.path
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.from.hash(state);
        self.to.hash(state);
        self.captured.hash(state);
    }
}
