//! Live event streams are long-lived connections: each visitor (by visitor cookie, else by
//! address) may hold a few at once, and the server a bounded number in all.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::http::{HeaderMap, StatusCode};

use super::error::ApiError;
use super::listener::Peer;
use super::pages::cookie;

/// Streams one visitor may hold at once (a few tabs on a few games).
pub const PER_VISITOR: usize = 8;

/// The open streams, counted per visitor.
pub struct Streams {
    max: usize,
    open: Mutex<HashMap<String, usize>>,
}

/// Holds one stream's place; dropping it (the stream ended) frees it.
pub struct StreamPermit {
    streams: Arc<Streams>,
    key: String,
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut open = self.streams.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

impl Streams {
    /// At most `max` streams in all.
    pub fn new(max: usize) -> Streams {
        Streams {
            max,
            open: Mutex::new(HashMap::new()),
        }
    }

    /// A place for a new stream of the visitor sending `headers` from `peer`, or 429.
    pub fn open(
        self: &Arc<Self>,
        headers: &HeaderMap,
        peer: Option<Peer>,
    ) -> Result<StreamPermit, ApiError> {
        let key = match cookie(headers, "visitor")
            .filter(|v| v.len() == 32 && v.bytes().all(|b| b.is_ascii_hexdigit()))
        {
            Some(v) => format!("v:{v}"),
            None => format!(
                "a:{}",
                peer.map(|p| p.0.ip().to_string()).unwrap_or_default()
            ),
        };
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let total: usize = open.values().sum();
        let mine = open.get(&key).copied().unwrap_or(0);
        if mine >= PER_VISITOR || total >= self.max {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-streams",
                "too many live streams open; close other tabs of this site",
            ));
        }
        *open.entry(key.clone()).or_insert(0) += 1;
        Ok(StreamPermit {
            streams: self.clone(),
            key,
        })
    }
}
