//! Sets of squares.

use std::fmt;

use crate::square::Square;

/// A set of playable squares (bit `i` is the square with index `i`, number `i + 1`).
///
/// ```
/// use draughts::{BoardSize, Square, SquareSet};
/// let size = BoardSize::Eight;
/// let mut set = SquareSet::EMPTY;
/// set.insert(Square::from_number(22, size).unwrap());
/// set.insert(Square::from_number(13, size).unwrap());
/// let numbers: Vec<u32> = set.iter().map(|s| s.number()).collect();
/// assert_eq!(numbers, [13, 22]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareSet(pub u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Whether the set holds `square`.
    pub fn contains(self, square: Square) -> bool {
        self.0 >> square.index() & 1 == 1
    }

    /// Adds a square.
    pub fn insert(&mut self, square: Square) {
        self.0 |= 1u128 << square.index();
    }

    /// Removes a square.
    pub fn remove(&mut self, square: Square) {
        self.0 &= !(1u128 << square.index());
    }

    /// Number of squares in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares in ascending order.
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }

    /// Squares in both sets.
    pub fn intersection(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }

    /// Squares in either set.
    pub fn union(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for s in iter {
            set.insert(s);
        }
        set
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;
    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.number()))
            .finish()
    }
}

/// Iterator over a [`SquareSet`], ascending.
#[derive(Clone, Debug)]
pub struct SquareSetIter(u128);

impl Iterator for SquareSetIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}
