//! The generator: retrograde analysis of one material at a time, both sides to move.
//!
//! First every position's moves are generated with the crate's own move generator, so each
//! variant's capture rules hold exactly. A move that captures or crowns leads to a slice
//! solved before (fewer pieces, or fewer men), whose value is looked up; the others stay in
//! the material. A position without a legal move is lost; one with a move to a position lost
//! for the opponent is won; one whose every move leads to a position won for the opponent is
//! lost, and this is counted down: each position keeps the number of its moves within the
//! material that are not yet known to lose, and a flag when a move out of it draws.
//!
//! Then the values spread backwards. From a won or lost position the generator takes back
//! each move the other side could have made within the material (a king's move along free
//! squares, a man's step from the row behind), keeping only predecessors in which that side
//! had no capture (a capture would have been compulsory). A predecessor of a lost position is
//! won; one of a won position has one move fewer left, and is lost when none is left and no
//! move out of the material draws. What never resolves is a draw.
//!
//! The values spread breadth-first, nearest the end first, so each position also gets its
//! distance to conversion ([`Table::plies`]): a win one ply more than the nearest lost
//! successor (1 when a capture or crowning wins at once), a loss one more than the farthest
//! won successor within the material (the last one to resolve it), 1 when every move leaves
//! the material and 0 without a move. The search plays a won table position by it, so a win
//! is converted before the variant's move-count draws end the game.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crate::color::Color;
use crate::piece::Piece;
use crate::position::Position;
use crate::square::{BoardSize, Square};
use crate::variant::Variant;

use super::endgames::Endgames;
use super::index::{Indexer, Slice};
use super::table::Table;
use super::wdl::Wdl;

const UNKNOWN: u8 = 0;
const WIN: u8 = 1;
const LOSS: u8 = 2;
const INVALID: u8 = 3;
/// The flag in a position's count: a move out of the material draws, so it cannot be lost.
const DRAWN_EXIT: u8 = 0x80;

/// What the generator found in one slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SliceStats {
    /// The slice.
    pub slice: Slice,
    /// The positions (indices that name a position).
    pub positions: u64,
    /// Won for the side to move.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost for the side to move.
    pub losses: u64,
    /// The time taken to solve the slice's material, both sides to move together.
    pub time: Duration,
    /// The bytes of the slice's values and distances in memory and on disk (without the
    /// file's header).
    pub bytes: usize,
}

/// The squares next to each square in the four diagonal directions: up-right, up-left,
/// down-right, down-left, as White sees the board (up = towards Black).
struct Neighbours(Vec<[Option<Square>; 4]>);

const DIRECTIONS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

impl Neighbours {
    fn new(size: BoardSize) -> Neighbours {
        Neighbours(
            size.all_squares()
                .map(|sq| {
                    DIRECTIONS.map(|(df, dr)| {
                        let file = sq.file(size) as i8 + df;
                        let rank = sq.rank(size) as i8 + dr;
                        if file < 0 || rank < 1 {
                            return None;
                        }
                        Square::from_coords(file as u8, rank as u8, size).ok()
                    })
                })
                .collect(),
        )
    }

    fn next(&self, sq: Square, dir: usize) -> Option<Square> {
        self.0[sq.index() as usize][dir]
    }
}

/// Every position with the other side to move from which one of its moves within the
/// material leads to `pos` (see the module's text), passed to `found`.
fn predecessors(pos: &Position, board: &Neighbours, mut found: impl FnMut(Position)) {
    let mover = !pos.side_to_move();
    let flying = pos.variant().flying_kings;
    let occupied = pos.pieces(Color::White).union(pos.pieces(Color::Black));
    let mut take_back = |from: Square, to: Square, piece: Piece| {
        let mut q = *pos;
        q.remove(to);
        q.put(from, piece);
        q.set_side_to_move(mover);
        if !q.has_capture() {
            found(q);
        }
    };
    for sq in pos.kings(mover) {
        for dir in 0..4 {
            let mut at = sq;
            while let Some(from) = board.next(at, dir) {
                if occupied.contains(from) {
                    break;
                }
                take_back(from, sq, Piece::king(mover));
                if !flying {
                    break;
                }
                at = from;
            }
        }
    }
    // A white man steps up the board, so it came from the row below; a black man the other way.
    let back = match mover {
        Color::White => [2, 3],
        Color::Black => [0, 1],
    };
    for sq in pos.men(mover) {
        for dir in back {
            if let Some(from) = board.next(sq, dir)
                && !occupied.contains(from)
            {
                take_back(from, sq, Piece::man(mover));
            }
        }
    }
}

/// Solves the material of `material` (its side to move is ignored), both sides to move, and
/// adds its two tables to `tables`, which must hold every slice its captures and crownings
/// lead to. Gives the two slices' statistics, White to move first.
///
/// # Panics
/// When a slice that a move leads to is missing from `tables`.
pub fn solve(tables: &mut Endgames, material: Slice) -> [SliceStats; 2] {
    let start = Instant::now();
    let variant = tables.variant();
    let board = Neighbours::new(variant.size);
    let sides = Color::ALL;
    let indexers = sides.map(|c| Indexer::new(variant.size, material.with_side(c)));
    let mut values: [Vec<u8>; 2] = indexers
        .each_ref()
        .map(|ix| vec![UNKNOWN; ix.len() as usize]);
    let mut counts: [Vec<u8>; 2] = indexers.each_ref().map(|ix| vec![0; ix.len() as usize]);
    let mut plies: [Vec<u8>; 2] = indexers.each_ref().map(|ix| vec![0; ix.len() as usize]);
    // Positions resolved and not yet spread, in order of distance.
    let mut queue: VecDeque<(usize, u64)> = VecDeque::new();
    let mut at_once: Vec<(usize, u64)> = Vec::new();

    for s in 0..2 {
        for idx in 0..indexers[s].len() {
            let i = idx as usize;
            let Some(pos) = indexers[s].position(variant, idx) else {
                values[s][i] = INVALID;
                continue;
            };
            let (mut internal, mut drawn, mut win) = (0u32, false, false);
            let moves = pos.legal_moves();
            for mv in &moves {
                if mv.is_capture() || mv.crowns() {
                    let after = pos.after(mv);
                    let value = tables.probe(&after).unwrap_or_else(|| {
                        panic!("no table for {} (solve it first)", Slice::of(&after))
                    });
                    match value {
                        Wdl::Loss => {
                            win = true;
                            break;
                        }
                        Wdl::Draw => drawn = true,
                        Wdl::Win => {}
                    }
                } else {
                    internal += 1;
                }
            }
            if win {
                values[s][i] = WIN;
                plies[s][i] = 1;
                queue.push_back((s, idx));
            } else if internal == 0 && !drawn {
                values[s][i] = LOSS;
                if moves.is_empty() {
                    at_once.push((s, idx));
                } else {
                    plies[s][i] = 1;
                    queue.push_back((s, idx));
                }
            } else {
                assert!(internal < u32::from(DRAWN_EXIT), "too many moves to count");
                counts[s][i] = internal as u8 | if drawn { DRAWN_EXIT } else { 0 };
            }
        }
    }

    // The positions without a move (distance 0) spread first.
    for seed in at_once.into_iter().rev() {
        queue.push_front(seed);
    }
    while let Some((s, idx)) = queue.pop_front() {
        let pos = indexers[s]
            .position(variant, idx)
            .expect("a resolved index names a position");
        let lost = values[s][idx as usize] == LOSS;
        let next = plies[s][idx as usize].saturating_add(1);
        let o = 1 - s;
        predecessors(&pos, &board, |q| {
            let qi = indexers[o]
                .index(&q)
                .expect("a predecessor is in the material") as usize;
            if values[o][qi] != UNKNOWN {
                return;
            }
            if lost {
                values[o][qi] = WIN;
                plies[o][qi] = next;
                queue.push_back((o, qi as u64));
            } else {
                debug_assert!(counts[o][qi] & !DRAWN_EXIT > 0, "a move counted once");
                counts[o][qi] -= 1;
                if counts[o][qi] == 0 {
                    values[o][qi] = LOSS;
                    plies[o][qi] = next;
                    queue.push_back((o, qi as u64));
                }
            }
        });
    }

    let time = start.elapsed();
    let mut stats = Vec::new();
    for s in 0..2 {
        let slice = material.with_side(sides[s]);
        let mut table = Table::new(variant.size, slice);
        let mut st = SliceStats {
            slice,
            positions: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            time,
            bytes: table.bytes().len() + table.plies_bytes().len(),
        };
        for (i, &v) in values[s].iter().enumerate() {
            match v {
                WIN => {
                    table.set(i as u64, Wdl::Win);
                    table.set_plies(i as u64, plies[s][i]);
                    st.wins += 1;
                }
                LOSS => {
                    table.set(i as u64, Wdl::Loss);
                    table.set_plies(i as u64, plies[s][i]);
                    st.losses += 1;
                }
                INVALID => continue,
                _ => st.draws += 1,
            }
            st.positions += 1;
        }
        tables.insert(table);
        stats.push(st);
    }
    [stats[0], stats[1]]
}

/// Builds every table of `variant` with at most `max_pieces` pieces (both sides having
/// one), smallest first, calling `report` after each slice with the tables so far (to save
/// the new one, say) and its statistics.
///
/// # Panics
/// When the variant cannot have tables (see [`super::supports`]).
pub fn generate(
    variant: &Variant,
    max_pieces: u8,
    mut report: impl FnMut(&Endgames, &SliceStats),
) -> Endgames {
    let mut tables = Endgames::new(variant);
    for material in Slice::up_to(max_pieces)
        .into_iter()
        .filter(|s| s.side == Color::White)
    {
        for stats in solve(&mut tables, material) {
            report(&tables, &stats);
        }
    }
    tables
}
