//! The transposition table: results of searched positions, by Zobrist hash.
//!
//! Buckets of two entries: the first keeps the deeper search, the second always takes the
//! newest. Scores of won and lost positions are stored relative to the node, not the root.
//!
//! The threads of one search share the table without locks: an entry is two atomic words,
//! its data and its key xor its data, so an entry that two threads wrote at once (a torn
//! write, half of each) no longer matches its key and is ignored (Hyatt and Mann's lockless
//! hashing).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

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

/// An entry as stored: move, score, depth and meta packed in one word.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    mv: u32,
    score: i16,
    depth: u8,
    /// Bound in the low two bits (0 empty), generation above.
    meta: u8,
}

impl Slot {
    /// Whether the slot holds an entry (its bound bits are set).
    #[inline(always)]
    fn used(self) -> bool {
        self.meta & 3 != 0
    }

    #[inline(always)]
    fn data(self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.meta) << 56
    }
}

/// An entry in the table: its data, and its key xor its data.
#[derive(Debug, Default)]
struct Cell {
    check: AtomicU64,
    data: AtomicU64,
}

impl Cell {
    /// The entry as it reads now (a torn one has a key nobody stored).
    #[inline(always)]
    fn load(&self) -> Slot {
        let data = self.data.load(Relaxed);
        let check = self.check.load(Relaxed);
        Slot {
            key: check ^ data,
            mv: data as u32,
            score: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8,
            meta: (data >> 56) as u8,
        }
    }

    #[inline(always)]
    fn save(&self, slot: Slot) {
        let data = slot.data();
        self.data.store(data, Relaxed);
        self.check.store(slot.key ^ data, Relaxed);
    }
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: TtMove,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// The two entries a key may be stored in. Aligned to its size, so that a bucket never
/// straddles two cache lines: a probe costs at most one miss. (A `Vec<Cell>` of a large table
/// starts 16 bytes into a page, which put every other bucket across a line.)
#[derive(Debug, Default)]
#[repr(align(32))]
struct Bucket([Cell; 2]);

/// A fixed-size table, shared by the threads of a search (its methods take `&self`, but for
/// clearing and starting a search).
#[derive(Debug)]
pub(crate) struct Table {
    buckets: Vec<Bucket>,
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
            buckets: (0..buckets).map(|_| Bucket::default()).collect(),
            mask: buckets - 1,
            generation: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
        self.generation = 0;
    }

    /// Starts a new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3F;
    }

    /// `key`'s bucket. The key is mixed first: hashes are exclusive ors of
    /// fixed keys, so the low bits of one search's positions (which differ by a few pieces)
    /// are related, and taken as they were, more of those positions met in a bucket than
    /// random keys would.
    #[inline(always)]
    fn bucket(&self, key: u64) -> &[Cell; 2] {
        &self.buckets[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & self.mask].0
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that a probe soon after
    /// does not wait for memory (a probe is otherwise the search's most expensive step: a
    /// table of many megabytes misses the cache nearly every time).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const [Cell; 2] = self.bucket(key);
            // SAFETY: a prefetch is a hint that reads nothing the program sees and cannot
            // fault; the address is a live bucket's anyway. It is `unsafe` only because the
            // intrinsic is declared for SSE, which every x86-64 processor has.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        for cell in self.bucket(key) {
            let s = cell.load();
            if s.key == key && s.used() {
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
    pub fn store(&self, key: u64, mv: TtMove, score: i32, depth: i32, bound: Bound, ply: i32) {
        let [one, two] = self.bucket(key);
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let mut slot = Slot {
            key,
            mv: mv.0,
            score: to_tt(score, ply) as i16,
            depth: depth.clamp(0, 255) as u8,
            meta: b | self.generation << 2,
        };
        // The first slot keeps the deeper entry (or the newer, when the one it holds is from
        // an earlier search), the second the latest of the others. A position has one entry:
        // its own is updated where it is, and an entry the first slot gives up moves to the
        // second, so that two positions meeting in a bucket both stay.
        let first = one.load();
        let second = two.load();
        let holds = |s: &Slot| s.used() && s.key == key;
        if mv == TtMove::NONE {
            // Keep a move found earlier for the same position when this search found none.
            if let Some(earlier) = [first, second].iter().find(|s| holds(s)) {
                slot.mv = earlier.mv;
            }
        }
        if holds(&first) {
            one.save(slot);
        } else if !first.used()
            || first.meta >> 2 != self.generation
            || depth >= i32::from(first.depth)
        {
            if first.used() {
                two.save(first);
            }
            one.save(slot);
        } else {
            two.save(slot);
        }
    }
}

impl Clone for Table {
    fn clone(&self) -> Table {
        let copy = |c: &Cell| Cell {
            check: AtomicU64::new(c.check.load(Relaxed)),
            data: AtomicU64::new(c.data.load(Relaxed)),
        };
        let buckets = self
            .buckets
            .iter()
            .map(|Bucket([one, two])| Bucket([copy(one), copy(two)]))
            .collect();
        Table {
            buckets,
            mask: self.mask,
            generation: self.generation,
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

    /// An entry whose two words do not belong together (written by two threads at once) is
    /// not found: not under the key of either write.
    #[test]
    fn a_torn_entry_is_not_found() {
        let table = Table::new(1);
        table.store(5, TtMove(7), 120, 4, Bound::Lower, 0);
        assert_eq!(table.probe(5, 0).map(|h| h.score), Some(120));
        let [first, _] = table.bucket(5);
        // Another write's data under this entry's check word.
        let other = Slot {
            key: 5,
            mv: 9,
            score: -40,
            depth: 8,
            meta: 1,
        };
        first.data.store(other.data(), Relaxed);
        assert!(table.probe(5, 0).is_none());
    }

    /// Threads storing and probing at once: every entry found is one a thread stored for
    /// that key (each key's entry is a function of the key), never a mix.
    #[test]
    fn threads_share_the_table() {
        let table = Table::new(1);
        let entry = |key: u64| {
            let score = (key % 2000) as i32 - 1000;
            (TtMove(key as u32), score, (key % 30) as i32)
        };
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let table = &table;
                scope.spawn(move || {
                    for n in 0..200_000u64 {
                        // Few buckets' worth of keys, so that threads write the same ones.
                        let key = crate::zobrist::splitmix(n % 5000 + t * 7) | 1;
                        let (mv, score, depth) = entry(key);
                        table.store(key, mv, score, depth, Bound::Exact, 0);
                        let probed = crate::zobrist::splitmix(n % 4999) | 1;
                        if let Some(hit) = table.probe(probed, 0) {
                            let (mv, score, depth) = entry(probed);
                            assert_eq!((hit.mv, hit.score, hit.depth), (mv, score, depth));
                        }
                    }
                });
            }
        });
    }

    /// Two positions meeting in a bucket both stay, whichever came first; a position is
    /// updated where it is; a third position takes the place of the shallower one.
    #[test]
    fn a_bucket_keeps_two_positions() {
        let table = Table::new(1);
        let a = 5;
        let mut others = (6..).filter(|&k| std::ptr::eq(table.bucket(k), table.bucket(a)));
        let (b, c) = (others.next().unwrap(), others.next().unwrap());
        let depth = |key| table.probe(key, 0).map(|h| h.depth);
        table.store(a, TtMove(1), 10, 2, Bound::Exact, 0);
        table.store(b, TtMove(2), 20, 5, Bound::Exact, 0);
        assert_eq!(
            (depth(a), depth(b)),
            (Some(2), Some(5)),
            "the deeper came second"
        );
        table.store(a, TtMove::NONE, 11, 1, Bound::Upper, 0);
        assert_eq!(
            (depth(a), depth(b)),
            (Some(1), Some(5)),
            "updated where it is"
        );
        assert_eq!(
            table.probe(a, 0).map(|h| (h.mv, h.score)),
            Some((TtMove(1), 11))
        );
        table.store(a, TtMove(3), 12, 7, Bound::Exact, 0);
        assert_eq!((depth(a), depth(b)), (Some(7), Some(5)), "now the deeper");
        let held = table
            .buckets
            .iter()
            .flat_map(|b| &b.0)
            .filter(|c| c.load().key == a)
            .count();
        assert_eq!(held, 1, "one entry a position");
        table.store(c, TtMove(4), 30, 3, Bound::Exact, 0);
        assert_eq!((depth(a), depth(b), depth(c)), (Some(7), None, Some(3)));
    }

    /// A win stored at one ply and met again at another keeps its distance from the node:
    /// forced wins and the tables' wins alike; evaluations are stored as they are.
    #[test]
    fn won_scores_count_from_the_node() {
        let table = Table::new(1);
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
