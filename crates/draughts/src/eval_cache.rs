//! A cache of the evaluation's scores by position hash: the positions at the leaves of one
//! iteration come back in the next, and in the next search of the same game, and the learned
//! evaluation costs about a third of the search's time.

/// Slots of the cache (a power of two): 2^16, 1 MiB.
const SLOTS: usize = 1 << 16;

/// Scores by position hash, one slot a hash (the newest wins), for evaluations that `T`
/// names (a variant and its weights): a cache asked for another `T` forgets what it held.
#[derive(Clone, Debug)]
pub(crate) struct EvalCache<T> {
    /// The hash and the score; a hash of 0 is never stored (an empty slot).
    slots: Vec<(u64, i32)>,
    owner: Option<T>,
}

impl<T: PartialEq> EvalCache<T> {
    /// An empty cache.
    pub fn new() -> EvalCache<T> {
        EvalCache {
            slots: vec![(0, 0); SLOTS],
            owner: None,
        }
    }

    /// Makes the cache one of `owner`'s evaluations: emptied when it held another's.
    pub fn serve(&mut self, owner: T) {
        if self.owner.as_ref() != Some(&owner) {
            self.slots.fill((0, 0));
            self.owner = Some(owner);
        }
    }

    /// The score stored for `key`, if any.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<i32> {
        let (k, score) = self.slots[key as usize & (SLOTS - 1)];
        (k == key && key != 0).then_some(score)
    }

    /// Stores `score` for `key`.
    #[inline(always)]
    pub fn put(&mut self, key: u64, score: i32) {
        self.slots[key as usize & (SLOTS - 1)] = (key, score);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_finds_and_forgets_another_owners_scores() {
        let mut cache = EvalCache::new();
        cache.serve("a");
        assert_eq!(cache.get(42), None);
        cache.put(42, -17);
        assert_eq!(cache.get(42), Some(-17));
        // Another hash in the same slot takes it.
        cache.put(42 + SLOTS as u64, 5);
        assert_eq!(cache.get(42), None);
        assert_eq!(cache.get(42 + SLOTS as u64), Some(5));
        cache.serve("a");
        assert_eq!(
            cache.get(42 + SLOTS as u64),
            Some(5),
            "the same owner keeps it"
        );
        cache.serve("b");
        assert_eq!(
            cache.get(42 + SLOTS as u64),
            None,
            "another owner starts empty"
        );
        // The hash 0 is an empty slot, never a stored score.
        cache.put(0, 9);
        assert_eq!(cache.get(0), None);
    }
}
