//! Live updates: one broadcast channel per game that someone follows.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

/// What a game's followers are sent, each as a server-sent event of its own name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewsKind {
    /// The game's state (event `state`).
    State,
    /// Where the computer's move waits among the searches (event `queue`).
    Queue,
}

impl NewsKind {
    /// The event's name.
    pub fn event(self) -> &'static str {
        match self {
            NewsKind::State => "state",
            NewsKind::Queue => "queue",
        }
    }
}

/// One message to a game's followers: its kind and its JSON.
#[derive(Debug, PartialEq, Eq)]
pub struct News {
    pub kind: NewsKind,
    pub json: String,
}

/// The channels of followed games. A game's channel exists while someone listens.
#[derive(Default)]
pub struct Hub {
    channels: Mutex<HashMap<String, broadcast::Sender<Arc<News>>>>,
}

impl Hub {
    /// Listens to a game's updates.
    pub fn subscribe(&self, id: &str) -> broadcast::Receiver<Arc<News>> {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels
            .entry(id.to_string())
            .or_insert_with(|| broadcast::channel(32).0)
            .subscribe()
    }

    /// The games someone follows.
    pub fn followed(&self) -> Vec<String> {
        let channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels
            .iter()
            .filter(|(_, tx)| tx.receiver_count() > 0)
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// Whether anyone follows game `id`.
    pub fn has_listeners(&self, id: &str) -> bool {
        let channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels.get(id).is_some_and(|tx| tx.receiver_count() > 0)
    }

    /// Forgets game `id`'s channel if nobody listens to it (a stream that subscribed and
    /// then failed leaves none behind).
    pub fn forget_unheard(&self, id: &str) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if channels.get(id).is_some_and(|tx| tx.receiver_count() == 0) {
            channels.remove(id);
        }
    }

    /// How many games have a channel (for tests of the clean-up).
    #[cfg(test)]
    pub fn channel_count(&self) -> usize {
        self.channels
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len()
    }

    /// Sends an update to a game's listeners; forgets channels nobody listens to.
    pub fn publish(&self, id: &str, kind: NewsKind, json: String) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(tx) = channels.get(id)
            && tx.send(Arc::new(News { kind, json })).is_err()
        {
            channels.remove(id);
        }
        channels.retain(|_, tx| tx.receiver_count() > 0);
    }
}
