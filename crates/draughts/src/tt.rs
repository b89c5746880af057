//! The transposition table: results of searched positions, by Zobrist hash.
//!
//! Buckets of two entries: the first keeps the deeper search, the second always takes the
//! newest. Scores of won and lost positions are stored relative to the node, not the root.

use crate::score::DB_WIN_BOUND;

/// The result of a search in a stored entry: exact, or a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The score is at least the stored one (a cut-off).
    Lower,
    /// The score is at most the stored one (no move reached alpha).
    Upper,
}

/// A stored move: start and end bit, and a 16-bit fold of the captured set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TtMove(pub u32);

impl TtMove {
    pub const NONE: TtMove = TtMove(u32::MAX);

    #[inline(always)]
    pub fn of<B: crate::mask::Mask>(from: u8, to: u8, captured: B) -> TtMove {
        let c = captured.wide();
        let f = c ^ (c >> 16) ^ (c >> 32) ^ (c >> 48) ^ (c >> 64) ^ (c >> 80);
        TtMove(u32::from(from) | u32::from(to) << 8 | (f as u32 & 0xFFFF) << 16)
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    mv: u32,
    score: i16,
    depth: u8,
    /// Bound in the low two bits (0 empty), generation above.
    meta: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: TtMove,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// A fixed-size table.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    slots: Vec<Slot>,
    /// Buckets minus one (a power of two minus one).
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) << 20;
        let buckets = (bytes / (2 * std::mem::size_of::<Slot>())).next_power_of_two() / 2;
        let buckets = buckets.max(1);
        Table {
            slots: vec![Slot::default(); 2 * buckets],
            mask: buckets - 1,
            generation: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3F;
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        2 * (key as usize & self.mask)
    }

    #[inline]
    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        let i = self.bucket(key);
        for s in &self.slots[i..i + 2] {
            if s.key == key && s.meta & 3 != 0 {
                let bound = match s.meta & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                };
                return Some(Hit {
                    mv: TtMove(s.mv),
                    score: from_tt(i32::from(s.score), ply),
                    depth: i32::from(s.depth),
                    bound,
                });
            }
        }
        None
    }

    #[inline]
    pub fn store(&mut self, key: u64, mv: TtMove, score: i32, depth: i32, bound: Bound, ply: i32) {
        let i = self.bucket(key);
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let slot = Slot {
            key,
            mv: mv.0,
            score: to_tt(score, ply) as i16,
            depth: depth.clamp(0, 255) as u8,
            meta: b | self.generation << 2,
        };
        let first = self.slots[i];
        let first_old = first.meta >> 2 != self.generation;
        if first.key == key || first.meta & 3 == 0 || first_old || depth >= i32::from(first.depth) {
            // Keep a move found earlier for the same position when this search found none.
            let mut slot = slot;
            if first.key == key && mv == TtMove::NONE {
                slot.mv = first.mv;
            }
            self.slots[i] = slot;
        } else {
            self.slots[i + 1] = slot;
        }
    }
}

/// Won and lost scores (forced, or known from the endgame tables) count plies from the root;
/// stored, they count from the node, so that a position met again at another ply is scored
/// by its own distance.
#[inline(always)]
fn to_tt(score: i32, ply: i32) -> i32 {
    if score >= DB_WIN_BOUND {
        score + ply
    } else if score <= -DB_WIN_BOUND {
        score - ply
    } else {
        score
    }
}

#[inline(always)]
fn from_tt(score: i32, ply: i32) -> i32 {
    if score >= DB_WIN_BOUND {
        score - ply
    } else if score <= -DB_WIN_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{DB_WIN, WIN};

    /// A win stored at one ply and met again at another keeps its distance from the node:
    /// forced wins and the tables' wins alike; evaluations are stored as they are.
    #[test]
    fn won_scores_count_from_the_node() {
        let mut table = Table::new(1);
        for (key, score) in [(1, WIN - 9), (2, DB_WIN - 9), (3, -(DB_WIN - 9)), (4, 250)] {
            table.store(key, TtMove::NONE, score, 3, Bound::Exact, 5);
            let hit = table.probe(key, 2).unwrap();
            let expected = match score {
                250 => 250,
                s if s > 0 => s + 3,
                s => s - 3,
            };
            assert_eq!(hit.score, expected, "score {score}");
        }
    }
}
