//! Places counted per client ([`Client::group`]: an address, an IPv6 /64 as one) with a cap:
//! what live streams and heavy request bodies share. A place is given back when it is
//! dropped, a request cancelled too.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, Mutex};

use super::forwarded::Client;

/// At most `cap` places held at once by one client.
pub struct PerClient {
    cap: usize,
    held: Mutex<HashMap<IpAddr, usize>>,
}

/// One client's place, given back when dropped.
pub struct ClientPlace {
    of: Arc<PerClient>,
    key: IpAddr,
}

impl Drop for ClientPlace {
    fn drop(&mut self) {
        let mut held = self.of.held.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = held.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                held.remove(&self.key);
            }
        }
    }
}

impl PerClient {
    /// At most `cap` places per client.
    pub fn new(cap: usize) -> Arc<PerClient> {
        Arc::new(PerClient {
            cap,
            held: Mutex::new(HashMap::new()),
        })
    }

    /// A place for `client` (`None`, no address known: all such count as one), or `None`
    /// when it holds its cap.
    pub fn take(self: &Arc<Self>, client: Option<Client>) -> Option<ClientPlace> {
        let key = client.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), Client::group);
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let mine = held.entry(key).or_insert(0);
        if *mine >= self.cap {
            return None;
        }
        *mine += 1;
        Some(ClientPlace {
            of: self.clone(),
            key,
        })
    }

    /// The places `client` holds.
    #[cfg(test)]
    pub fn held(&self, client: Option<Client>) -> usize {
        let key = client.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), Client::group);
        let held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        held.get(&key).copied().unwrap_or(0)
    }

    /// Whether no client holds a place.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.held
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_empty()
    }
}
