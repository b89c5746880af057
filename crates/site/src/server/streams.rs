//! Live event streams are long-lived connections: each client (by address, an IPv6 /64 as
//! one, behind a trusted proxy the address it forwards; never by a cookie, which the client
//! chooses) may hold a bounded number at once, and the server a bounded number in all.

use std::sync::Arc;

use axum::http::StatusCode;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::ApiError;
use super::forwarded::Client;
use super::per_client::{ClientPlace, PerClient};

/// Streams one client may hold at once by default (`serve --streams-per-client`): a few tabs
/// on a few games, for a few people behind one address.
pub const PER_CLIENT: usize = 32;

/// The open streams, counted per client and in all.
pub struct Streams {
    total: Arc<Semaphore>,
    per_client: Arc<PerClient>,
}

/// Holds one stream's places; dropping it (the stream ended) frees them.
pub struct StreamPermit {
    _client: ClientPlace,
    _total: OwnedSemaphorePermit,
}

impl Streams {
    /// At most `max` streams in all, `per_client` of one client.
    pub fn new(max: usize, per_client: usize) -> Streams {
        Streams {
            total: Arc::new(Semaphore::new(max)),
            per_client: PerClient::new(per_client),
        }
    }

    /// A place for a new stream of `client` (`None`, no address known: all such count as
    /// one), or 429.
    pub fn open(&self, client: Option<Client>) -> Result<StreamPermit, ApiError> {
        let refused = || {
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-streams",
                "too many live streams open from this address; close other tabs of this site",
            )
        };
        let client = self.per_client.take(client).ok_or_else(refused)?;
        let total = self
            .total
            .clone()
            .try_acquire_owned()
            .map_err(|_| refused())?;
        Ok(StreamPermit {
            _client: client,
            _total: total,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;

    fn client(n: u8) -> Option<Client> {
        Some(Client(IpAddr::from([192, 0, 2, n])))
    }

    #[test]
    fn streams_are_counted_per_client_and_in_all() {
        let streams = Streams::new(10, 4);
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
        assert_eq!(streams.total.available_permits(), 10 - 6);
        drop((theirs, again, same, tenth));
        assert_eq!(streams.total.available_permits(), 10);
        assert!(streams.per_client.is_empty());
    }
}
