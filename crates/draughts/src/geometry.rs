//! Bit layouts of the two boards.
//!
//! Each playable square gets one bit of a `u64`. Rows hold `R` squares (4 or 5) and one unused
//! "ghost" bit follows every second row, so the bit index of square index `n` is
//! `n + n / (2R)`. With that gap, the four diagonal steps are constant shifts on the whole
//! board: up-left `>> (R + 1)`, up-right `>> R`, down-left `<< R`, down-right `<< (R + 1)`;
//! a step off the left or right edge lands on a ghost bit and a step off the top or bottom
//! leaves the board, and masking with [`Geometry::VALID`] removes both.
//! "Up" is towards square 1 (Black's side); White's men move up.

use crate::square::{BoardSize, Square};

/// Directions, as indices into the shift table: up-left, up-right, down-left, down-right.
pub(crate) const UL: usize = 0;
pub(crate) const UR: usize = 1;
pub(crate) const DL: usize = 2;
pub(crate) const DR: usize = 3;

/// The layout of one board size. Implemented by [`Eight`] and [`Ten`].
pub(crate) trait Geometry: Copy + 'static {
    /// The board size.
    const SIZE: BoardSize;
    /// Squares per row.
    const R: u32;
    /// Bits of real squares.
    const VALID: u64;
    /// Bits of the top row (White's crowning row).
    const TOP: u64;
    /// Bits of the bottom row (Black's crowning row).
    const BOTTOM: u64;
    /// Bit index of each square index.
    const TO_BIT: [u8; 50];
    /// Square index of each bit, 255 for ghost bits and bits off the board.
    const FROM_BIT: [u8; 64];

    /// One diagonal step of every bit in `b`.
    #[inline(always)]
    fn step(b: u64, dir: usize) -> u64 {
        let r = Self::R;
        (match dir {
            UL => b >> (r + 1),
            UR => b >> r,
            DL => b << r,
            _ => b << (r + 1),
        }) & Self::VALID
    }

    /// The bit of a square index.
    #[inline(always)]
    fn bit(index: u8) -> u64 {
        1u64 << Self::TO_BIT[index as usize]
    }

    /// The square index of a bit index.
    #[inline(always)]
    fn index(bit: u32) -> u8 {
        Self::FROM_BIT[bit as usize]
    }
}

const fn to_bit(r: u32, squares: u32) -> [u8; 50] {
    let mut t = [255u8; 50];
    let mut n = 0;
    while n < squares {
        t[n as usize] = (n + n / (2 * r)) as u8;
        n += 1;
    }
    t
}

const fn from_bit(r: u32, squares: u32) -> [u8; 64] {
    let mut t = [255u8; 64];
    let mut n = 0;
    while n < squares {
        t[(n + n / (2 * r)) as usize] = n as u8;
        n += 1;
    }
    t
}

const fn mask(r: u32, squares: u32, first: u32, last: u32) -> u64 {
    let mut m = 0u64;
    let mut n = first;
    while n < last && n < squares {
        m |= 1u64 << (n + n / (2 * r));
        n += 1;
    }
    m
}

/// The 8×8 board: 32 squares, 4 a row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Eight;

impl Geometry for Eight {
    const SIZE: BoardSize = BoardSize::Eight;
    const R: u32 = 4;
    const VALID: u64 = mask(4, 32, 0, 32);
    const TOP: u64 = mask(4, 32, 0, 4);
    const BOTTOM: u64 = mask(4, 32, 28, 32);
    const TO_BIT: [u8; 50] = to_bit(4, 32);
    const FROM_BIT: [u8; 64] = from_bit(4, 32);
}

/// The 10×10 board: 50 squares, 5 a row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ten;

impl Geometry for Ten {
    const SIZE: BoardSize = BoardSize::Ten;
    const R: u32 = 5;
    const VALID: u64 = mask(5, 50, 0, 50);
    const TOP: u64 = mask(5, 50, 0, 5);
    const BOTTOM: u64 = mask(5, 50, 45, 50);
    const TO_BIT: [u8; 50] = to_bit(5, 50);
    const FROM_BIT: [u8; 64] = from_bit(5, 50);
}

/// The main road: the long diagonal from a1 to the opposite corner, in bit layout.
pub(crate) fn main_road<G: Geometry>() -> u64 {
    let mut road = 0;
    for f in 0..G::SIZE.side() {
        if let Ok(sq) = Square::from_coords(f, f + 1, G::SIZE) {
            road |= G::bit(sq.index());
        }
    }
    road
}

/// Converts a set in bit layout to a set indexed by square index (bit i = square index i).
#[inline]
pub(crate) fn to_index_set<G: Geometry>(mut bits: u64) -> u64 {
    let mut out = 0;
    while bits != 0 {
        out |= 1u64 << G::index(bits.trailing_zeros());
        bits &= bits - 1;
    }
    out
}

/// Converts a set indexed by square index to the bit layout.
#[inline]
pub(crate) fn to_bit_set<G: Geometry>(mut set: u64) -> u64 {
    let mut out = 0;
    while set != 0 {
        out |= G::bit(set.trailing_zeros() as u8);
        set &= set - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks every step against file/rank arithmetic.
    fn check_steps<G: Geometry>() {
        let size = G::SIZE;
        for sq in size.all_squares() {
            let (f, r) = (sq.file(size) as i32, sq.rank(size) as i32);
            for (dir, df, dr) in [(UL, -1, 1), (UR, 1, 1), (DL, -1, -1), (DR, 1, -1)] {
                let got = G::step(G::bit(sq.index()), dir);
                let (nf, nr) = (f + df, r + dr);
                let side = size.side() as i32;
                if nf < 0 || nf >= side || nr < 1 || nr > side {
                    assert_eq!(got, 0, "{sq:?} dir {dir} should leave the board");
                } else {
                    let want = Square::from_coords(nf as u8, nr as u8, size).unwrap();
                    assert_eq!(got, G::bit(want.index()), "{sq:?} dir {dir}");
                }
            }
        }
        assert_eq!(G::VALID.count_ones(), u32::from(size.squares()));
    }

    /// The main road holds the squares whose rank is one more than their file index:
    /// `side` of them, from a1.
    fn check_main_road<G: Geometry>() {
        let size = G::SIZE;
        let want = size
            .all_squares()
            .filter(|sq| sq.file(size) + 1 == sq.rank(size))
            .fold(0, |road, sq| road | G::bit(sq.index()));
        assert_eq!(main_road::<G>(), want);
        assert_eq!(main_road::<G>().count_ones(), u32::from(size.side()));
        let a1 = Square::from_coords(0, 1, size).unwrap();
        assert_ne!(main_road::<G>() & G::bit(a1.index()), 0);
    }

    #[test]
    fn main_road_is_the_long_diagonal() {
        check_main_road::<Eight>();
        check_main_road::<Ten>();
    }

    #[test]
    fn steps_match_coordinates() {
        check_steps::<Eight>();
        check_steps::<Ten>();
    }
}
