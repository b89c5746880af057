//! Slices (the material and the side to move) and the dense numbering of their positions.
//!
//! A slice's positions are numbered by four combinations, each ranked in colex order: White's
//! men among the squares a white man may stand on (every row but the far one, where it would
//! have been crowned), Black's men among Black's such squares, White's kings among the
//! squares the men leave free, and Black's kings among those the men and White's kings leave.
//! The index is `((wm · Bm + bm) · Wk + wk) · Bk + bk`, each factor the number of
//! combinations of its group. The men's two groups are ranked independently, so a few
//! indices put a white and a black man on one square: those name no position
//! ([`Indexer::position`] gives `None`) and are stored as draws.

use std::fmt;

use crate::color::Color;
use crate::piece::Piece;
use crate::position::Position;
use crate::square::BoardSize;
use crate::square_set::SquareSet;
use crate::variant::Variant;

/// The most pieces a slice may have (the numbering's limit; no table comes near it).
pub const MAX_SLICE_PIECES: u8 = 9;

/// The material of a position and the side to move: the positions one table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slice {
    /// White's men.
    pub white_men: u8,
    /// White's kings.
    pub white_kings: u8,
    /// Black's men.
    pub black_men: u8,
    /// Black's kings.
    pub black_kings: u8,
    /// The side to move.
    pub side: Color,
}

impl Slice {
    /// The slice of `pos`.
    pub fn of(pos: &Position) -> Slice {
        let n = |s: SquareSet| s.len() as u8;
        Slice {
            white_men: n(pos.men(Color::White)),
            white_kings: n(pos.kings(Color::White)),
            black_men: n(pos.men(Color::Black)),
            black_kings: n(pos.kings(Color::Black)),
            side: pos.side_to_move(),
        }
    }

    /// All pieces.
    pub fn pieces(&self) -> u8 {
        self.white_men + self.white_kings + self.black_men + self.black_kings
    }

    /// All men.
    pub fn men(&self) -> u8 {
        self.white_men + self.black_men
    }

    /// The pieces of `color`.
    pub fn pieces_of(&self, color: Color) -> u8 {
        match color {
            Color::White => self.white_men + self.white_kings,
            Color::Black => self.black_men + self.black_kings,
        }
    }

    /// The same material with `side` to move.
    pub fn with_side(self, side: Color) -> Slice {
        Slice { side, ..self }
    }

    /// Every slice of at most `max_pieces` pieces in which both sides have a piece, in an
    /// order in which each slice comes after every slice a capture or a crowning leads to:
    /// by pieces, then by men, White to move before Black.
    pub fn up_to(max_pieces: u8) -> Vec<Slice> {
        let mut out = Vec::new();
        for total in 2..=max_pieces {
            for men in 0..=total {
                for white in 1..total {
                    let black = total - white;
                    for white_men in 0..=white.min(men) {
                        let black_men = men - white_men;
                        if black_men > black {
                            continue;
                        }
                        for side in Color::ALL {
                            out.push(Slice {
                                white_men,
                                white_kings: white - white_men,
                                black_men,
                                black_kings: black - black_men,
                                side,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// The slice's short name, such as `2m1k-0m1k-w` (White's men and kings, Black's, and
    /// the side to move), used in file names.
    pub fn name(&self) -> String {
        format!(
            "{}m{}k-{}m{}k-{}",
            self.white_men,
            self.white_kings,
            self.black_men,
            self.black_kings,
            match self.side {
                Color::White => 'w',
                Color::Black => 'b',
            }
        )
    }
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

const MAX_N: usize = 73;
const MAX_K: usize = MAX_SLICE_PIECES as usize + 1;

/// `BINOMIAL[n][k]` = n choose k.
static BINOMIAL: [[u64; MAX_K]; MAX_N] = binomials();

const fn binomials() -> [[u64; MAX_K]; MAX_N] {
    let mut t = [[0u64; MAX_K]; MAX_N];
    let mut n = 0;
    while n < MAX_N {
        t[n][0] = 1;
        let mut k = 1;
        while k < MAX_K {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
}

fn choose(n: u32, k: u8) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// The colex rank of the set bits of `places` (positions in a list of squares).
fn rank(places: u128) -> u64 {
    let mut r = 0;
    for (i, p) in SquareSet(places).iter().enumerate() {
        r += choose(u32::from(p.index()), i as u8 + 1);
    }
    r
}

/// The set of `k` positions of colex rank `r`.
fn unrank(mut r: u64, k: u8, n: u32) -> u128 {
    let mut places = 0u128;
    let mut top = n;
    for i in (1..=k).rev() {
        let mut p = top - 1;
        while choose(p, i) > r {
            p -= 1;
        }
        r -= choose(p, i);
        places |= 1 << p;
        top = p;
    }
    places
}

/// Squares a man of `color` may stand on: all but its crowning row.
pub(crate) fn man_squares(size: BoardSize, color: Color) -> u128 {
    let n = u32::from(size.squares());
    let row = u32::from(size.per_row());
    let all = if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    };
    match color {
        // White crowns on the top row (indices 0..per_row), Black on the bottom one.
        Color::White => all & !((1u128 << row) - 1),
        Color::Black => all >> row,
    }
}

/// The places of the squares of `set` in the list of squares that `free` holds (bit `j` of
/// the result for the `j`-th square of `free`, counting from the lowest).
fn places_in(set: u128, free: u128) -> u128 {
    let mut out = 0;
    for sq in SquareSet(set).iter() {
        let below = free & ((1u128 << sq.index()) - 1);
        out |= 1 << below.count_ones();
    }
    out
}

/// The squares of `free` at the places `places` (the inverse of [`places_in`]).
fn squares_at(places: u128, free: u128) -> u128 {
    let mut out = 0;
    let mut rest = free;
    let mut j = 0;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if places >> j & 1 == 1 {
            out |= low;
        }
        rest &= rest - 1;
        j += 1;
    }
    out
}

/// The numbering of one slice's positions on one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indexer {
    slice: Slice,
    size: BoardSize,
    white_man_squares: u128,
    black_man_squares: u128,
    /// Combinations of each group: white men, black men, white kings, black kings.
    counts: [u64; 4],
}

impl Indexer {
    /// The numbering of `slice` on `size`.
    ///
    /// # Panics
    /// When the slice has more than [`MAX_SLICE_PIECES`] pieces.
    pub fn new(size: BoardSize, slice: Slice) -> Indexer {
        assert!(
            slice.pieces() <= MAX_SLICE_PIECES,
            "at most {MAX_SLICE_PIECES} pieces"
        );
        let white_man_squares = man_squares(size, Color::White);
        let black_man_squares = man_squares(size, Color::Black);
        let n = u32::from(size.squares());
        let after_men = n - u32::from(slice.men());
        let counts = [
            choose(white_man_squares.count_ones(), slice.white_men),
            choose(black_man_squares.count_ones(), slice.black_men),
            choose(after_men, slice.white_kings),
            choose(after_men - u32::from(slice.white_kings), slice.black_kings),
        ];
        Indexer {
            slice,
            size,
            white_man_squares,
            black_man_squares,
            counts,
        }
    }

    /// The slice numbered.
    pub fn slice(&self) -> Slice {
        self.slice
    }

    /// The number of indices (a few name no position).
    pub fn len(&self) -> u64 {
        self.counts.iter().product()
    }

    /// Whether the slice has no index at all (more pieces than squares).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The index of `pos`, or `None` when it is not of this slice or board, or a man stands
    /// where it would have been crowned.
    pub fn index(&self, pos: &Position) -> Option<u64> {
        if pos.size() != self.size || Slice::of(pos) != self.slice {
            return None;
        }
        let wm = pos.men(Color::White).0;
        let bm = pos.men(Color::Black).0;
        let wk = pos.kings(Color::White).0;
        let bk = pos.kings(Color::Black).0;
        if wm & !self.white_man_squares != 0 || bm & !self.black_man_squares != 0 {
            return None;
        }
        let all = man_squares(self.size, Color::White) | man_squares(self.size, Color::Black);
        let free_for_wk = all & !(wm | bm);
        let free_for_bk = free_for_wk & !wk;
        let ranks = [
            rank(places_in(wm, self.white_man_squares)),
            rank(places_in(bm, self.black_man_squares)),
            rank(places_in(wk, free_for_wk)),
            rank(places_in(bk, free_for_bk)),
        ];
        Some(
            ranks
                .iter()
                .zip(self.counts)
                .fold(0, |acc, (&r, c)| acc * c + r),
        )
    }

    /// The position of index `index` under `variant`'s rules (played on this board), or
    /// `None` when the index puts two men on one square or is out of range.
    pub fn position(&self, variant: &'static Variant, index: u64) -> Option<Position> {
        if index >= self.len() || variant.size != self.size {
            return None;
        }
        let mut ranks = [0u64; 4];
        let mut rest = index;
        for g in (0..4).rev() {
            ranks[g] = rest % self.counts[g];
            rest /= self.counts[g];
        }
        let s = self.slice;
        let wm = squares_at(
            unrank(ranks[0], s.white_men, self.white_man_squares.count_ones()),
            self.white_man_squares,
        );
        let bm = squares_at(
            unrank(ranks[1], s.black_men, self.black_man_squares.count_ones()),
            self.black_man_squares,
        );
        if wm & bm != 0 {
            return None;
        }
        let all = man_squares(self.size, Color::White) | man_squares(self.size, Color::Black);
        let free_for_wk = all & !(wm | bm);
        let wk = squares_at(
            unrank(ranks[2], s.white_kings, free_for_wk.count_ones()),
            free_for_wk,
        );
        let free_for_bk = free_for_wk & !wk;
        let bk = squares_at(
            unrank(ranks[3], s.black_kings, free_for_bk.count_ones()),
            free_for_bk,
        );
        let mut pos = Position::empty(*variant, s.side);
        let mut put = |set: u128, piece: Piece| {
            for sq in SquareSet(set).iter() {
                pos.put(sq, piece);
            }
        };
        put(wm, Piece::man(Color::White));
        put(bm, Piece::man(Color::Black));
        put(wk, Piece::king(Color::White));
        put(bk, Piece::king(Color::Black));
        Some(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_round_trip() {
        for k in 0..4u8 {
            let n = 10;
            for r in 0..choose(n, k) {
                assert_eq!(rank(unrank(r, k, n)), r);
            }
        }
    }

    #[test]
    fn places_round_trip() {
        let free = 0b1011_0110u128;
        for places in 0..16u128 {
            assert_eq!(places_in(squares_at(places, free), free), places);
        }
    }

    #[test]
    fn slices_come_after_what_they_lead_to() {
        let slices = Slice::up_to(4);
        let at = |s: &Slice| slices.iter().position(|t| t == s).unwrap();
        for s in &slices {
            for t in &slices {
                let fewer = t.pieces() < s.pieces();
                let crowned = t.pieces() == s.pieces() && t.men() < s.men();
                if fewer || crowned {
                    assert!(at(t) < at(s), "{t} before {s}");
                }
            }
        }
        // 1+1 to 2+2 pieces: (men splits) both sides to move.
        assert!(slices.iter().all(|s| s.pieces_of(Color::White) > 0));
    }
}
