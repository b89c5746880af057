//! perft: the number of move sequences of a given length, the standard check of a move
//! generator against published tables.
//!
//! Captures that take the same pieces to the same square count once, and the last ply is
//! counted in bulk without playing its moves.

use crate::geometry::Geometry;
use crate::movegen::{self, Bits, MoveBuf, Rules};
use crate::moves::Move;
use crate::position::{Position, with_geometry};

/// Counts the leaf nodes `depth` plies below `position`.
///
/// ```
/// use draughts::{Position, Variant, perft};
/// assert_eq!(perft(&Position::start(Variant::AMERICAN), 4), 1469);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    let rules = Rules::of(position.variant());
    let mut bufs: Vec<MoveBuf> = (0..=depth).map(|_| MoveBuf::default()).collect();
    with_geometry!(position.size(), G => count_below::<G>(position.bits(), &rules, depth, &mut bufs))
}

/// The leaf count below each legal move of `position`, in move generation order.
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .into_iter()
        .map(|m| {
            let n = perft(&position.after(&m), depth - 1);
            (m, n)
        })
        .collect()
}

fn count_below<G: Geometry>(b: &Bits, r: &Rules, depth: u32, bufs: &mut [MoveBuf]) -> u64 {
    match depth {
        0 => 1,
        1 => movegen::count::<G>(b, r, &mut bufs[0]),
        _ => {
            let (here, below) = bufs.split_last_mut().expect("one buffer per ply");
            movegen::generate::<G, false>(b, r, here);
            let mut total = 0;
            for m in &here.moves {
                let mut next = *b;
                movegen::play(&mut next, m);
                total += count_below::<G>(&next, r, depth - 1, below);
            }
            total
        }
    }
}
