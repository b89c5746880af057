//! Bit layouts of the two boards.
//!
//! Each playable square gets one bit of a `u64`. Rows hold `R` squares (4 or 5) and one unused
//! "ghost" bit follows every second row, so the bit index of square index `n` is
//! `n + n / (2R)`. With that gap, the four diagonal steps are constant shifts on the whole
//! board: up-left `>> (R + 1)`, up-right `>> R`, down-left `<< R`, down-right `<< (R + 1)`;
//! a step off the left or right edge lands on a ghost bit and a step off the top or bottom
//! leaves the board, and masking with [`Geometry::VALID`] removes both.
//! "Up" is towards square 1 (Black's side); White's men move up.

use crate::mask::Mask;
use crate::move_buf::Buffered;
use crate::square::{BoardSize, Square};

/// Directions, as indices into the shift table: the four diagonal steps, then the four
/// orthogonal ones (two files or two ranks away, over a light square), which only Frisian
/// captures use.
pub(crate) const UL: usize = 0;
pub(crate) const UR: usize = 1;
pub(crate) const DL: usize = 2;
pub(crate) const DR: usize = 3;
pub(crate) const UP: usize = 4;
pub(crate) const LEFT: usize = 5;
pub(crate) const RIGHT: usize = 6;
pub(crate) const DOWN: usize = 7;

/// The direction back along `dir`.
#[inline(always)]
pub(crate) const fn opposite(dir: usize) -> usize {
    if dir < 4 { 3 - dir } else { 11 - dir }
}

/// The most squares of a supported board (12×12).
pub(crate) const MAX_SQUARES: usize = 72;

/// The layout of one board. Implemented by [`Eight`], [`EightTurned`], [`Ten`] and
/// [`Twelve`].
pub(crate) trait Geometry: Copy + 'static {
    /// The mask type wide enough for the board.
    type B: Buffered;
    /// The board.
    const SIZE: BoardSize;
    /// Squares per row.
    const R: u32;
    /// Bits of real squares.
    const VALID: Self::B;
    /// Bits of the top row (White's crowning row).
    const TOP: Self::B;
    /// Bits of the bottom row (Black's crowning row).
    const BOTTOM: Self::B;
    /// Bits of the second row from the top: White's men there are a step from crowning.
    const NEAR_TOP: Self::B;
    /// Bits of the second row from the bottom: Black's men there are a step from crowning.
    const NEAR_BOTTOM: Self::B;
    /// Real squares that are not the last of their row in bit order (a step left, minus one
    /// bit, may not land there: it came round from the row below).
    const NOT_LAST: Self::B;
    /// Real squares that are not the first of their row in bit order.
    const NOT_FIRST: Self::B;
    /// Bit index of each square index.
    const TO_BIT: [u8; MAX_SQUARES];
    /// Square index of each bit, 255 for ghost bits and bits off the board.
    const FROM_BIT: [u8; 128];

    /// One step of every bit in `b` in direction `dir`.
    #[inline(always)]
    fn step(b: Self::B, dir: usize) -> Self::B {
        let r = Self::R;
        match dir {
            UL => (b >> (r + 1)) & Self::VALID,
            UR => (b >> r) & Self::VALID,
            DL => (b << r) & Self::VALID,
            DR => (b << (r + 1)) & Self::VALID,
            UP => (b >> (2 * r + 1)) & Self::VALID,
            DOWN => (b << (2 * r + 1)) & Self::VALID,
            LEFT => (b >> 1) & Self::NOT_LAST,
            _ => (b << 1) & Self::NOT_FIRST,
        }
    }

    /// The bit of a square index.
    #[inline(always)]
    fn bit(index: u8) -> Self::B {
        Self::B::bit(u32::from(Self::TO_BIT[index as usize]))
    }

    /// The square index of a bit index.
    #[inline(always)]
    fn index(bit: u32) -> u8 {
        Self::FROM_BIT[bit as usize]
    }
}

/// The bit of square index `n` on a board of `r` squares a row. On a turned board the squares
/// of each row are numbered the other way round: the bit layout is the ordinary board seen in
/// a mirror, which moves the same way.
const fn bit_of(n: u32, r: u32, turned: bool) -> u32 {
    let (row, k) = (n / r, n % r);
    let m = if turned { row * r + (r - 1 - k) } else { n };
    m + m / (2 * r)
}

const fn to_bit(r: u32, squares: u32, turned: bool) -> [u8; MAX_SQUARES] {
    let mut t = [255u8; MAX_SQUARES];
    let mut n = 0;
    while n < squares {
        t[n as usize] = bit_of(n, r, turned) as u8;
        n += 1;
    }
    t
}

const fn from_bit(r: u32, squares: u32, turned: bool) -> [u8; 128] {
    let mut t = [255u8; 128];
    let mut n = 0;
    while n < squares {
        t[bit_of(n, r, turned) as usize] = n as u8;
        n += 1;
    }
    t
}

/// The bits of the squares `first..last` (square indices).
const fn mask(r: u32, squares: u32, first: u32, last: u32) -> u128 {
    let mut m = 0u128;
    let mut n = first;
    while n < last && n < squares {
        m |= 1u128 << bit_of(n, r, false);
        n += 1;
    }
    m
}

/// The bits of the squares in bit-order column `k` of their row.
const fn column(r: u32, squares: u32, k: u32) -> u128 {
    let mut m = 0u128;
    let mut row = 0;
    while row * r < squares {
        m |= 1u128 << bit_of(row * r + k, r, false);
        row += 1;
    }
    m
}

macro_rules! geometry {
    ($(#[$doc:meta])* $name:ident, $mask:ty, $size:expr, $r:expr, $turned:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $name;

        impl Geometry for $name {
            type B = $mask;
            const SIZE: BoardSize = $size;
            const R: u32 = $r;
            const VALID: $mask = mask($r, $r * $r * 2, 0, $r * $r * 2) as $mask;
            const TOP: $mask = mask($r, $r * $r * 2, 0, $r) as $mask;
            const BOTTOM: $mask =
                mask($r, $r * $r * 2, $r * $r * 2 - $r, $r * $r * 2) as $mask;
            const NEAR_TOP: $mask = mask($r, $r * $r * 2, $r, 2 * $r) as $mask;
            const NEAR_BOTTOM: $mask =
                mask($r, $r * $r * 2, $r * $r * 2 - 2 * $r, $r * $r * 2 - $r) as $mask;
            const NOT_LAST: $mask = (mask($r, $r * $r * 2, 0, $r * $r * 2)
                & !column($r, $r * $r * 2, $r - 1)) as $mask;
            const NOT_FIRST: $mask =
                (mask($r, $r * $r * 2, 0, $r * $r * 2) & !column($r, $r * $r * 2, 0)) as $mask;
            const TO_BIT: [u8; MAX_SQUARES] = to_bit($r, $r * $r * 2, $turned);
            const FROM_BIT: [u8; 128] = from_bit($r, $r * $r * 2, $turned);
        }
    };
}

geometry!(
    /// The 8×8 board: 32 squares, 4 a row.
    Eight, u64, BoardSize::Eight, 4, false
);
geometry!(
    /// The turned 8×8 board of Italian and Spanish draughts (square 1 in the top left
    /// corner): 32 squares, 4 a row.
    EightTurned, u64, BoardSize::EightTurned, 4, true
);
geometry!(
    /// The 10×10 board: 50 squares, 5 a row.
    Ten, u64, BoardSize::Ten, 5, false
);
geometry!(
    /// The 12×12 board of Canadian draughts: 72 squares, 6 a row, in 128 bits.
    Twelve, u128, BoardSize::Twelve, 6, false
);

/// Runs `$body` with `$g` bound to the geometry type of `$size`.
macro_rules! with_geometry {
    ($size:expr, $g:ident => $body:expr) => {
        match $size {
            $crate::square::BoardSize::Eight => {
                type $g = $crate::geometry::Eight;
                $body
            }
            $crate::square::BoardSize::EightTurned => {
                type $g = $crate::geometry::EightTurned;
                $body
            }
            $crate::square::BoardSize::Ten => {
                type $g = $crate::geometry::Ten;
                $body
            }
            $crate::square::BoardSize::Twelve => {
                type $g = $crate::geometry::Twelve;
                $body
            }
        }
    };
}
pub(crate) use with_geometry;

/// The main road: the long diagonal between the two single corners (a1 to the opposite
/// corner; h1 to a8 on the turned board), in bit layout.
pub(crate) fn main_road<G: Geometry>() -> G::B {
    let size = G::SIZE;
    let side = size.side();
    let mut road = G::B::ZERO;
    for f in 0..side {
        let file = if size.turned() { side - 1 - f } else { f };
        if let Ok(sq) = Square::from_coords(file, f + 1, size) {
            road |= G::bit(sq.index());
        }
    }
    road
}

/// Converts a set in bit layout to a set indexed by square index (bit i = square index i).
#[inline]
pub(crate) fn to_index_set<G: Geometry>(bits: G::B) -> u128 {
    let mut out = 0;
    for b in crate::mask::bits(bits) {
        out |= 1u128 << G::index(b);
    }
    out
}

/// Converts a set indexed by square index to the bit layout.
#[inline]
pub(crate) fn to_bit_set<G: Geometry>(mut set: u128) -> G::B {
    let mut out = G::B::ZERO;
    while set != 0 {
        out |= G::bit(set.trailing_zeros() as u8);
        set &= set - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks every step, diagonal and orthogonal, against file/rank arithmetic. On the
    /// turned board the bit layout is a mirror image, so left and right swap.
    fn check_steps<G: Geometry>() {
        let size = G::SIZE;
        let mirror = if size.turned() { -1 } else { 1 };
        for sq in size.all_squares() {
            let (f, r) = (sq.file(size) as i32, sq.rank(size) as i32);
            for (dir, df, dr) in [
                (UL, -1, 1),
                (UR, 1, 1),
                (DL, -1, -1),
                (DR, 1, -1),
                (UP, 0, 2),
                (DOWN, 0, -2),
                (LEFT, -2, 0),
                (RIGHT, 2, 0),
            ] {
                let got = G::step(G::bit(sq.index()), dir);
                let (nf, nr) = (f + df * mirror, r + dr);
                let side = size.side() as i32;
                if nf < 0 || nf >= side || nr < 1 || nr > side {
                    assert_eq!(got, G::B::ZERO, "{sq:?} dir {dir} should leave the board");
                } else {
                    let want = Square::from_coords(nf as u8, nr as u8, size).unwrap();
                    assert_eq!(got, G::bit(want.index()), "{sq:?} dir {dir}");
                }
                assert_eq!(
                    G::step(got, opposite(dir)) | got,
                    got | {
                        if got.any() {
                            G::bit(sq.index())
                        } else {
                            G::B::ZERO
                        }
                    }
                );
            }
        }
        assert_eq!(G::VALID.count(), u32::from(size.squares()));
        for n in 0..size.squares() {
            assert_eq!(G::index(u32::from(G::TO_BIT[n as usize])), n);
        }
    }

    /// The main road holds `side` squares on one diagonal from a single corner (a1, or h1 on
    /// the turned board) to the other.
    fn check_main_road<G: Geometry>() {
        let size = G::SIZE;
        let side = size.side();
        let want = size
            .all_squares()
            .filter(|sq| {
                let f = if size.turned() {
                    side - 1 - sq.file(size)
                } else {
                    sq.file(size)
                };
                f + 1 == sq.rank(size)
            })
            .fold(G::B::ZERO, |road, sq| road | G::bit(sq.index()));
        assert_eq!(main_road::<G>(), want);
        assert_eq!(main_road::<G>().count(), u32::from(side));
        let corner = if size.turned() { side - 1 } else { 0 };
        let c1 = Square::from_coords(corner, 1, size).unwrap();
        assert!((main_road::<G>() & G::bit(c1.index())).any());
    }

    /// The rows' masks hold the squares of their rank: TOP the last rank, NEAR_TOP the one
    /// below it, BOTTOM the first and NEAR_BOTTOM the second.
    fn check_rows<G: Geometry>() {
        let size = G::SIZE;
        let side = size.side();
        let rank = |r: u8| {
            size.all_squares()
                .filter(|sq| sq.rank(size) == r)
                .fold(G::B::ZERO, |m, sq| m | G::bit(sq.index()))
        };
        assert_eq!(G::TOP, rank(side));
        assert_eq!(G::NEAR_TOP, rank(side - 1));
        assert_eq!(G::NEAR_BOTTOM, rank(2));
        assert_eq!(G::BOTTOM, rank(1));
        assert_eq!(G::NEAR_TOP.count(), u32::from(side / 2));
    }

    #[test]
    fn row_masks_are_the_ranks() {
        check_rows::<Eight>();
        check_rows::<EightTurned>();
        check_rows::<Ten>();
        check_rows::<Twelve>();
    }

    #[test]
    fn main_road_is_the_long_diagonal() {
        check_main_road::<Eight>();
        check_main_road::<EightTurned>();
        check_main_road::<Ten>();
        check_main_road::<Twelve>();
    }

    #[test]
    fn steps_match_coordinates() {
        check_steps::<Eight>();
        check_steps::<EightTurned>();
        check_steps::<Ten>();
        check_steps::<Twelve>();
    }
}
