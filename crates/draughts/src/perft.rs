//! perft: the number of move sequences of a given length, the standard check of a move
//! generator against published tables.
//!
//! Captures that take the same pieces to the same square count once, and the last ply is
//! counted in bulk without playing its moves.

use crate::bits::Bits;
use crate::geometry::{Geometry, with_geometry};
use crate::king_run::KingRun;
use crate::move_buf::MoveBuf;
use crate::movegen::{self, Rules};
use crate::moves::Move;
use crate::position::Position;

/// Counts the leaf nodes `depth` plies below `position`.
///
/// ```
/// use draughts::{Position, Variant, perft};
/// assert_eq!(perft(&Position::start(Variant::AMERICAN), 4), 1469);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    count(position, depth, Rules::of(position.variant()))
}

/// Like [`perft`], but every route of a capture counts, also when two routes take the same
/// pieces and end on the same square (the "keep" counting of some published tables). A
/// flying king that lands on one of several squares behind a piece and goes on in the same
/// direction makes one route, not one per square.
///
/// ```
/// use draughts::{Position, Variant, perft_routes};
/// assert_eq!(perft_routes(&Position::start(Variant::POOL), 8), 929902);
/// ```
pub fn perft_routes(position: &Position, depth: u32) -> u64 {
    count(position, depth, Rules::of(position.variant()).every_route())
}

fn count(position: &Position, depth: u32, rules: Rules) -> u64 {
    with_geometry!(position.size(), G => {
        let mut bufs: Vec<MoveBuf<<G as Geometry>::B>> = Vec::new();
        let b = position.bits_in::<G>();
        match position.variant().king_move_limit {
            None => count_below::<G, false>(&b, &rules, depth, 0, &mut bufs, KingRun::default(), 0),
            Some(limit) => {
                count_below::<G, true>(&b, &rules, depth, 0, &mut bufs, position.run(), limit)
            }
        }
    })
}

/// The leaf count below each legal move of `position`, moves in order of start square, end
/// square and captured squares.
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = position.legal_moves();
    moves.sort_by_key(|m| (m.from(), m.to(), m.captured()));
    moves
        .into_iter()
        .map(|m| {
            let n = perft(&position.after(&m), depth - 1);
            (m, n)
        })
        .collect()
}

/// `bufs[ply]` is the move buffer of the nodes `ply` plies below the root, made when first
/// needed, so a depth costs memory only as far as the search really goes. `LIMIT`: the
/// variant limits a king's moves in a row (`limit` of them), and `run` carries them.
fn count_below<G: Geometry, const LIMIT: bool>(
    b: &Bits<G::B>,
    r: &Rules,
    depth: u32,
    ply: usize,
    bufs: &mut Vec<MoveBuf<G::B>>,
    run: KingRun,
    limit: u8,
) -> u64 {
    if bufs.len() <= ply {
        bufs.push(MoveBuf::default());
    }
    let frozen = if LIMIT { run.frozen(b, limit) } else { None };
    match depth {
        0 => 1,
        1 if frozen.is_none() => movegen::count::<G>(b, r, &mut bufs[ply]),
        _ => {
            let mut here = std::mem::take(&mut bufs[ply]);
            movegen::generate::<G, false>(b, r, &mut here);
            if let Some(bit) = frozen {
                KingRun::restrict(&mut here, bit);
            }
            if depth == 1 {
                let n = here.moves.len() as u64;
                bufs[ply] = here;
                return n;
            }
            let mut total = 0;
            for m in &here.moves {
                let mut next = *b;
                movegen::play(&mut next, m);
                let next_run = if LIMIT { run.after_move(b, m) } else { run };
                total +=
                    count_below::<G, LIMIT>(&next, r, depth - 1, ply + 1, bufs, next_run, limit);
            }
            bufs[ply] = here;
            total
        }
    }
}
