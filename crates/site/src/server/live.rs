//! Games in progress kept in memory next to the store, so that a move costs a few queries
//! instead of replaying the whole game: each entry is checked against the store's move count
//! before use and rebuilt from the store when it differs (another instance, a restart), so
//! the store stays the only truth.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::play::PlayedGame;
use crate::store::{StoredGame, StoredMove};

/// A game in progress: its row, its moves and its rules' state.
pub struct LiveGame {
    pub game: StoredGame,
    pub moves: Vec<StoredMove>,
    pub played: PlayedGame,
}

/// One slot per game, locked while a move of that game is checked and stored, so that moves
/// of one game are handled one at a time (the store still refuses a second move for a turn).
pub type Slot = Arc<tokio::sync::Mutex<Option<LiveGame>>>;

/// The slots of the games being played.
#[derive(Default)]
pub struct Live {
    slots: Mutex<HashMap<String, Slot>>,
    /// The games whose computer move is being searched here.
    searching: Arc<Mutex<std::collections::HashSet<String>>>,
    /// The clock timer of each game with a clock running here (see `clocks::watch`).
    timers: Mutex<HashMap<String, tokio::task::AbortHandle>>,
}

/// A game's computer search claimed by [`Live::claim_search`]; dropped, the claim ends.
pub struct SearchClaim {
    searching: Arc<Mutex<std::collections::HashSet<String>>>,
    id: String,
}

impl Drop for SearchClaim {
    fn drop(&mut self) {
        self.searching
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.id);
    }
}

/// More slots than this and the idle ones are dropped (they are rebuilt when needed).
const MAX_SLOTS: usize = 1_000;

impl Live {
    /// The slot of game `id`.
    pub fn slot(&self, id: &str) -> Slot {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        if slots.len() >= MAX_SLOTS && !slots.contains_key(id) {
            slots.retain(|_, s| Arc::strong_count(s) > 1);
        }
        slots.entry(id.to_string()).or_default().clone()
    }

    /// Forgets game `id`'s slot if nobody holds it (a request for a game that does not
    /// exist leaves nothing behind).
    pub fn forget_if_idle(&self, id: &str) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        if slots.get(id).is_some_and(|s| Arc::strong_count(s) == 1) {
            slots.remove(id);
        }
    }

    /// Claims the search of game `id`'s computer move, or `None` when a search of it runs
    /// here already (a game loaded again and again while its move is overdue starts one).
    pub fn claim_search(&self, id: &str) -> Option<SearchClaim> {
        let mut searching = self.searching.lock().unwrap_or_else(|e| e.into_inner());
        searching.insert(id.to_string()).then(|| SearchClaim {
            searching: self.searching.clone(),
            id: id.to_string(),
        })
    }

    /// Forgets a game (it ended), and stops its clock timer.
    pub fn forget(&self, id: &str) {
        self.slots
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id);
        if let Some(timer) = self.timers().remove(id) {
            timer.abort();
        }
    }

    fn timers(&self) -> std::sync::MutexGuard<'_, HashMap<String, tokio::task::AbortHandle>> {
        self.timers.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts `timer` as game `id`'s clock timer and stops the one before it: the move that
    /// one waited for came, so one timer per game is ever waiting. The timer should call
    /// [`Live::timer_done`] when it rings.
    pub fn start_timer<F>(&self, id: &str, timer: F)
    where
        F: std::future::Future<Output = ()> + Send + 'static,
    {
        // Spawned under the lock: the timer's `timer_done` waits until it is kept here.
        let mut timers = self.timers();
        let handle = tokio::spawn(timer).abort_handle();
        if let Some(old) = timers.insert(id.to_string(), handle) {
            old.abort();
        }
    }

    /// A clock timer (task `task`) of game `id` rang: it is forgotten unless a newer one
    /// took its place.
    pub fn timer_done(&self, id: &str, task: tokio::task::Id) {
        let mut timers = self.timers();
        if timers.get(id).is_some_and(|t| t.id() == task) {
            timers.remove(id);
        }
    }

    /// How many clock timers wait (for tests).
    #[cfg(test)]
    pub fn timer_count(&self) -> usize {
        self.timers().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_clock_timer_per_game() {
        let live = Arc::new(Live::default());
        let rang = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        for _ in 0..3 {
            let (live2, rang) = (live.clone(), rang.clone());
            live.start_timer("g1", async move {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                live2.timer_done("g1", tokio::task::id());
                rang.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            });
        }
        assert_eq!(live.timer_count(), 1, "each timer stops the one before");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        assert_eq!(
            rang.load(std::sync::atomic::Ordering::SeqCst),
            1,
            "only the last rings"
        );
        assert_eq!(live.timer_count(), 0, "and is forgotten");
        let live2 = live.clone();
        live.start_timer("g2", async move {
            tokio::time::sleep(std::time::Duration::from_secs(60)).await;
            live2.timer_done("g2", tokio::task::id());
        });
        live.forget("g2");
        assert_eq!(live.timer_count(), 0, "a game that ended has none");
    }

    #[test]
    fn one_search_per_game_at_a_time() {
        let live = Live::default();
        let claim = live.claim_search("g1");
        assert!(claim.is_some());
        assert!(live.claim_search("g1").is_none(), "a search of g1 runs");
        assert!(live.claim_search("g2").is_some(), "another game's is free");
        drop(claim);
        assert!(live.claim_search("g1").is_some(), "the search ended");
    }
}
