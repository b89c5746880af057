//! The computer's searches (its moves, its answers to draw offers) wait their turn here, in
//! the order they came, for a pool of their own ([`super::heavy::search_permits`]), apart
//! from the analysis board's. While a game's search waits, its followers are told how many
//! wait before it: a live event `queue` with `{"ahead": N}` (0: it is next), and
//! `{"ahead": null}` once it runs; the game's page says so.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::hub::{Hub, NewsKind};

/// The searches' pool and the games waiting for it.
pub struct SearchQueue {
    permits: Arc<Semaphore>,
    /// The games whose search waits, first come first.
    waiting: Mutex<VecDeque<String>>,
}

/// A game's place in the queue while its search waits; dropped (the search runs, or its
/// task ended), it leaves the queue and the games behind it move up.
struct Place<'a> {
    queue: &'a SearchQueue,
    hub: &'a Hub,
    id: &'a str,
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        let behind = {
            let mut waiting = self.queue.lock();
            if let Some(at) = waiting.iter().position(|w| w == self.id) {
                waiting.remove(at);
                waiting
                    .iter()
                    .skip(at)
                    .cloned()
                    .enumerate()
                    .map(|(i, id)| (at + i, id))
                    .collect()
            } else {
                Vec::new()
            }
        };
        tell(self.hub, self.id, None);
        for (ahead, id) in behind {
            tell(self.hub, &id, Some(ahead));
        }
    }
}

/// Tells game `id`'s followers how many searches wait before its own (`None`: it runs).
fn tell(hub: &Hub, id: &str, ahead: Option<usize>) {
    if hub.has_listeners(id) {
        hub.publish(
            id,
            NewsKind::Queue,
            serde_json::json!({ "ahead": ahead }).to_string(),
        );
    }
}

impl SearchQueue {
    /// A queue for `permits` searches at once (at least one).
    pub fn new(permits: usize) -> SearchQueue {
        SearchQueue {
            permits: Arc::new(Semaphore::new(permits.max(1))),
            waiting: Mutex::new(VecDeque::new()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<String>> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for game `id`'s search to have its turn: the permit it runs with. While it
    /// waits, the game's followers (in `hub`) hear where it stands.
    pub async fn turn(&self, hub: &Hub, id: &str) -> Option<OwnedSemaphorePermit> {
        // A free permit is only ever free when nobody waits (the pool hands it to the first
        // waiter): taking it here keeps the order.
        if let Ok(permit) = self.permits.clone().try_acquire_owned() {
            return Some(permit);
        }
        let ahead = {
            let mut waiting = self.lock();
            waiting.push_back(id.to_string());
            waiting.len() - 1
        };
        let _place = Place {
            queue: self,
            hub,
            id,
        };
        tell(hub, id, Some(ahead));
        self.permits.clone().acquire_owned().await.ok()
    }

    /// How many searches wait before game `id`'s, if its search waits.
    pub fn ahead(&self, id: &str) -> Option<usize> {
        self.lock().iter().position(|w| w == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ahead_of(news: &crate::server::hub::News) -> serde_json::Value {
        assert_eq!(news.kind, NewsKind::Queue);
        serde_json::from_str::<serde_json::Value>(&news.json).unwrap()["ahead"].clone()
    }

    /// Three searches for one permit: the second and third wait in order, their followers
    /// hear how many are before them, and each moves up as the one before it runs.
    #[tokio::test]
    async fn waiting_games_hear_their_place_and_run_in_order() {
        let hub = Arc::new(Hub::default());
        let queue = Arc::new(SearchQueue::new(1));
        let mut b_news = hub.subscribe("b");
        let mut c_news = hub.subscribe("c");
        let first = queue.turn(&hub, "a").await.expect("a free permit");
        let (done_tx, mut done) = tokio::sync::mpsc::unbounded_channel();
        for id in ["b", "c"] {
            let (hub, waiter, done_tx) = (hub.clone(), queue.clone(), done_tx.clone());
            tokio::spawn(async move {
                let permit = waiter.turn(&hub, id).await;
                done_tx.send(id).unwrap();
                tokio::time::sleep(Duration::from_millis(20)).await;
                drop(permit);
            });
            // b is in the queue before c.
            while queue.ahead(id).is_none() {
                tokio::task::yield_now().await;
            }
        }
        assert_eq!(queue.ahead("b"), Some(0));
        assert_eq!(queue.ahead("c"), Some(1));
        assert_eq!(ahead_of(&b_news.recv().await.unwrap()), 0);
        assert_eq!(ahead_of(&c_news.recv().await.unwrap()), 1);
        drop(first);
        assert_eq!(done.recv().await, Some("b"));
        assert_eq!(
            ahead_of(&b_news.recv().await.unwrap()),
            serde_json::Value::Null
        );
        assert_eq!(ahead_of(&c_news.recv().await.unwrap()), 0, "c moved up");
        assert_eq!(done.recv().await, Some("c"));
        assert_eq!(
            ahead_of(&c_news.recv().await.unwrap()),
            serde_json::Value::Null
        );
        assert_eq!(queue.ahead("c"), None);
    }
}
