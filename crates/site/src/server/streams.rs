//! Live event streams are long-lived connections: each client (by address, an IPv6 /64 as
//! one, behind a trusted proxy the address it forwards; never by a cookie, which the client
//! chooses) may hold a bounded number at once, and the server a bounded number in all.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;

use super::error::ApiError;
use super::forwarded::Client;

/// Streams one client may hold at once by default (`serve --streams-per-client`): a few tabs
/// on a few games, for a few people behind one address.
pub const PER_CLIENT: usize = 32;

/// The open streams, counted per client.
pub struct Streams {
    max: usize,
    per_client: usize,
    open: Mutex<Open>,
}

/// The streams open per client, and in all.
#[derive(Default)]
struct Open {
    per_client: HashMap<IpAddr, usize>,
    total: usize,
}

/// Holds one stream's place; dropping it (the stream ended) frees it.
pub struct StreamPermit {
    streams: Arc<Streams>,
    key: IpAddr,
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut open = self.streams.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.per_client.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.per_client.remove(&self.key);
            }
            open.total -= 1;
        }
    }
}

impl Streams {
    /// At most `max` streams in all, `per_client` of one client.
    pub fn new(max: usize, per_client: usize) -> Streams {
        Streams {
            max,
            per_client,
            open: Mutex::new(Open::default()),
        }
    }

    /// A place for a new stream of `client` (`None`, no address known: all such count as
    /// one), or 429.
    pub fn open(self: &Arc<Self>, client: Option<Client>) -> Result<StreamPermit, ApiError> {
        let key = client.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), Client::group);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let mine = open.per_client.get(&key).copied().unwrap_or(0);
        if mine >= self.per_client || open.total >= self.max {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-streams",
                "too many live streams open from this address; close other tabs of this site",
            ));
        }
        *open.per_client.entry(key).or_insert(0) += 1;
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

    fn client(n: u8) -> Option<Client> {
        Some(Client(IpAddr::from([192, 0, 2, n])))
    }

    #[test]
    fn streams_are_counted_per_client_and_in_all() {
        let streams = Arc::new(Streams::new(10, 4));
        let mine: Vec<_> = (0..4).map(|_| streams.open(client(1)).unwrap()).collect();
        assert!(streams.open(client(1)).is_err(), "per client");
        let theirs = streams.open(client(2)).unwrap();
        let v6 = |s: &str| Some(Client(s.parse().unwrap()));
        let more = streams.open(v6("2001:db8::1")).unwrap();
        let same: Vec<_> = (2..5)
            .map(|n| streams.open(v6(&format!("2001:db8::{n}:{n}"))).unwrap())
            .collect();
        assert!(
            streams.open(v6("2001:db8::ffff:1")).is_err(),
            "a /64 is one client"
        );
        let tenth = streams.open(client(3)).unwrap();
        assert!(streams.open(client(4)).is_err(), "in all");
        drop(more);
        let again = streams.open(client(4)).unwrap();
        drop(mine);
        assert_eq!(streams.open.lock().unwrap().total, 6);
        drop((theirs, again, same, tenth));
        let open = streams.open.lock().unwrap();
        assert_eq!(open.total, 0);
        assert!(open.per_client.is_empty());
    }
}
