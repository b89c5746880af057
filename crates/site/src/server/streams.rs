//! Live event streams are long-lived connections: each visitor (by visitor cookie, else by
//! the client's address, behind a trusted proxy the one it forwards) may hold a few at once,
//! and the server a bounded number in all.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::http::{HeaderMap, StatusCode};

use super::error::ApiError;
use super::forwarded::Client;
use super::visitor::cookie;

/// Streams one visitor may hold at once (a few tabs on a few games).
pub const PER_VISITOR: usize = 8;

/// The open streams, counted per visitor.
pub struct Streams {
    max: usize,
    open: Mutex<Open>,
}

/// The streams open per visitor, and in all.
#[derive(Default)]
struct Open {
    per_visitor: HashMap<String, usize>,
    total: usize,
}

/// Holds one stream's place; dropping it (the stream ended) frees it.
pub struct StreamPermit {
    streams: Arc<Streams>,
    key: String,
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut open = self.streams.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.per_visitor.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.per_visitor.remove(&self.key);
            }
            open.total -= 1;
        }
    }
}

impl Streams {
    /// At most `max` streams in all.
    pub fn new(max: usize) -> Streams {
        Streams {
            max,
            open: Mutex::new(Open::default()),
        }
    }

    /// A place for a new stream of the visitor sending `headers` from `client`, or 429.
    pub fn open(
        self: &Arc<Self>,
        headers: &HeaderMap,
        client: Option<Client>,
    ) -> Result<StreamPermit, ApiError> {
        let key = match cookie(headers, "visitor")
            .filter(|v| v.len() == 32 && v.bytes().all(|b| b.is_ascii_hexdigit()))
        {
            Some(v) => format!("v:{v}"),
            None => format!("a:{}", client.map(|c| c.0.to_string()).unwrap_or_default()),
        };
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let mine = open.per_visitor.get(&key).copied().unwrap_or(0);
        if mine >= PER_VISITOR || open.total >= self.max {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-streams",
                "too many live streams open; close other tabs of this site",
            ));
        }
        *open.per_visitor.entry(key.clone()).or_insert(0) += 1;
        open.total += 1;
        Ok(StreamPermit {
            streams: self.clone(),
            key,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn visitor(n: u8) -> HeaderMap {
        let mut headers = HeaderMap::new();
        let id = format!("{n:02x}").repeat(16);
        headers.insert("cookie", format!("visitor={id}").parse().unwrap());
        headers
    }

    #[test]
    fn streams_are_counted_per_visitor_and_in_all() {
        let streams = Arc::new(Streams::new(10));
        let mine: Vec<_> = (0..PER_VISITOR)
            .map(|_| streams.open(&visitor(1), None).unwrap())
            .collect();
        assert!(streams.open(&visitor(1), None).is_err(), "per visitor");
        let theirs = streams.open(&visitor(2), None).unwrap();
        let more = streams.open(&visitor(3), None).unwrap();
        assert!(streams.open(&visitor(4), None).is_err(), "in all");
        drop(more);
        let again = streams.open(&visitor(4), None).unwrap();
        drop(mine);
        assert_eq!(streams.open.lock().unwrap().total, 2);
        drop((theirs, again));
        let open = streams.open.lock().unwrap();
        assert_eq!(open.total, 0);
        assert!(open.per_visitor.is_empty());
    }
}
