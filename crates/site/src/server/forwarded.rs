//! The client's address behind reverse proxies. A request from a proxy that
//! `serve --trusted-proxy` names may say whom it forwards, in `X-Forwarded-For`; the client
//! is then, from the right of that list, the first address that is not a trusted proxy
//! (as nginx's realip module with `real_ip_recursive on` and most web frameworks read it).
//! Anyone else's `X-Forwarded-For` is ignored: a client cannot pass for another by
//! sending one.
//!
//! ```
//! use std::net::IpAddr;
//! use axum::http::HeaderMap;
//! use site::server::forwarded::TrustedProxies;
//!
//! let proxies: TrustedProxies = ["127.0.0.1", "10.0.0.0/8"].iter().map(|s| s.parse().unwrap()).collect();
//! let mut headers = HeaderMap::new();
//! headers.insert("x-forwarded-for", "198.51.100.7, 203.0.113.9, 10.1.2.3".parse().unwrap());
//! let ip = |s: &str| s.parse::<IpAddr>().unwrap();
//! // From the proxy on 127.0.0.1, through the proxy 10.1.2.3: the client is 203.0.113.9
//! // (198.51.100.7 is only what 203.0.113.9 said).
//! assert_eq!(proxies.client(ip("127.0.0.1"), &headers), ip("203.0.113.9"));
//! // Straight from a client, the header counts for nothing.
//! assert_eq!(proxies.client(ip("192.0.2.1"), &headers), ip("192.0.2.1"));
//! ```

use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::http::HeaderMap;

/// The address of the client a request comes from, proxies seen through: put into every
/// request's extensions beside [`super::listener::Peer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Client(pub IpAddr);

impl Client {
    /// The addresses counted as one client by the limits kept per client: an IPv4 address
    /// (also written as IPv6, `::ffff:a.b.c.d`) alone, an IPv6 address with its /64 (the
    /// network one subscriber is given, whose addresses they choose at will).
    ///
    /// ```
    /// use site::server::forwarded::Client;
    /// let a = Client("2001:db8:1:2:aaaa::1".parse().unwrap());
    /// let b = Client("2001:db8:1:2:bbbb::9".parse().unwrap());
    /// assert_eq!(a.group(), b.group());
    /// assert_eq!(Client("::ffff:192.0.2.7".parse().unwrap()).group(), "192.0.2.7".parse::<std::net::IpAddr>().unwrap());
    /// ```
    pub fn group(self) -> IpAddr {
        match self.0.to_canonical() {
            IpAddr::V6(v6) => IpAddr::V6((v6.to_bits() & !((1u128 << 64) - 1)).into()),
            v4 => v4,
        }
    }
}

/// An address (`127.0.0.1`, `::1`) or a network (`10.0.0.0/8`, `fd00::/8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Net {
    addr: IpAddr,
    prefix: u8,
}

impl Net {
    /// Whether `ip` is in this network. An IPv4 address written as IPv6 (`::ffff:a.b.c.d`)
    /// is the IPv4 address.
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, ip.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => same_prefix(
                u128::from(net.to_bits()) << 96,
                u128::from(ip.to_bits()) << 96,
                self.prefix,
            ),
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                same_prefix(net.to_bits(), ip.to_bits(), self.prefix)
            }
            _ => false,
        }
    }
}

/// Whether the first `prefix` bits of `a` and `b` are the same.
fn same_prefix(a: u128, b: u128, prefix: u8) -> bool {
    prefix == 0 || (a ^ b) >> (128 - u32::from(prefix)) == 0
}

impl FromStr for Net {
    type Err = String;

    fn from_str(s: &str) -> Result<Net, String> {
        let bad = || format!("`{s}` is not an IP address or a network such as 10.0.0.0/8");
        let (addr, prefix) = match s.split_once('/') {
            Some((addr, prefix)) => (addr, Some(prefix)),
            None => (s, None),
        };
        let addr = IpAddr::from_str(addr.trim())
            .map_err(|_| bad())?
            .to_canonical();
        let bits = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|&p| p <= bits)
                .ok_or_else(bad)?,
            None => bits,
        };
        Ok(Net { addr, prefix })
    }
}

/// The proxies whose `X-Forwarded-For` is believed; none by default. Cloned for every
/// connection (with the server's limits), so the list is shared, not copied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(std::sync::Arc<[Net]>);

impl FromIterator<Net> for TrustedProxies {
    fn from_iter<I: IntoIterator<Item = Net>>(nets: I) -> TrustedProxies {
        TrustedProxies(nets.into_iter().collect())
    }
}

impl TrustedProxies {
    /// Whether `ip` is a trusted proxy.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(ip))
    }

    /// The client of a request that came from `peer` with `headers`: `peer` itself unless
    /// it is a trusted proxy; else the last address of `X-Forwarded-For` (all its lines, in
    /// order) that is not a trusted proxy, or the first if all are. An entry that is not an
    /// address ends the search there: the address after it is the client.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.trusts(client) {
            return client;
        }
        let hops = headers
            .get_all("x-forwarded-for")
            .iter()
            .flat_map(|v| v.to_str().unwrap_or("").split(','));
        for hop in hops.rev() {
            let Some(ip) = address(hop) else {
                break;
            };
            client = ip;
            if !self.trusts(ip) {
                break;
            }
        }
        client
    }
}

/// One entry of `X-Forwarded-For`: an address, perhaps with a port (`192.0.2.1:4711`,
/// `[2001:db8::1]:4711`), as some proxies write it.
fn address(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    IpAddr::from_str(hop)
        .or_else(|_| SocketAddr::from_str(hop).map(|s| s.ip()))
        .ok()
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn proxies(nets: &[&str]) -> TrustedProxies {
        nets.iter().map(|n| n.parse().unwrap()).collect()
    }

    fn forwarded(lines: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append("x-forwarded-for", line.parse().unwrap());
        }
        headers
    }

    #[test]
    fn networks() {
        let net: Net = "10.0.0.0/8".parse().unwrap();
        assert!(net.contains(ip("10.255.1.2")));
        assert!(net.contains(ip("::ffff:10.0.0.1")));
        assert!(!net.contains(ip("11.0.0.1")));
        assert!(!net.contains(ip("::1")));
        let one: Net = "192.0.2.1".parse().unwrap();
        assert!(one.contains(ip("192.0.2.1")));
        assert!(!one.contains(ip("192.0.2.2")));
        let v6: Net = "fd00::/8".parse().unwrap();
        assert!(v6.contains(ip("fd12:3456::1")));
        assert!(!v6.contains(ip("fe80::1")));
        let all: Net = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("203.0.113.1")));
        assert!(!all.contains(ip("2001:db8::1")));
        let mapped: Net = "::ffff:127.0.0.1".parse().unwrap();
        assert!(mapped.contains(ip("127.0.0.1")));
        for bad in [
            "",
            "localhost",
            "10.0.0.0/33",
            "::/129",
            "10.0.0.0/x",
            "1.2.3.4:80",
        ] {
            assert!(bad.parse::<Net>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_client_is_the_last_address_that_is_not_a_trusted_proxy() {
        let p = proxies(&["127.0.0.1", "10.0.0.0/8"]);
        let local = ip("127.0.0.1");
        // Nothing forwarded: the proxy itself.
        assert_eq!(p.client(local, &HeaderMap::new()), local);
        assert_eq!(
            p.client(local, &forwarded(&["203.0.113.5"])),
            ip("203.0.113.5")
        );
        // A client's own claim at the left is not believed.
        let h = forwarded(&["1.1.1.1, 203.0.113.5"]);
        assert_eq!(p.client(local, &h), ip("203.0.113.5"));
        // Through two proxies, over two header lines.
        let h = forwarded(&["1.1.1.1, 203.0.113.5", "10.0.0.7"]);
        assert_eq!(p.client(local, &h), ip("203.0.113.5"));
        // All trusted: the first.
        let h = forwarded(&["10.0.0.9, 10.0.0.7"]);
        assert_eq!(p.client(local, &h), ip("10.0.0.9"));
        // Ports, IPv6 and spaces.
        let h = forwarded(&[" [2001:db8::5]:4711 , 10.0.0.7:80"]);
        assert_eq!(p.client(local, &h), ip("2001:db8::5"));
        let h = forwarded(&["198.51.100.2:8080"]);
        assert_eq!(p.client(local, &h), ip("198.51.100.2"));
        // Garbage stops the search: the address after it (a trusted proxy here) is taken.
        let h = forwarded(&["203.0.113.5, unknown, 10.0.0.7"]);
        assert_eq!(p.client(local, &h), ip("10.0.0.7"));
        let h = forwarded(&["not an address"]);
        assert_eq!(p.client(local, &h), local);
        // From a peer that is not trusted the header is ignored.
        let h = forwarded(&["203.0.113.5"]);
        assert_eq!(p.client(ip("192.0.2.1"), &h), ip("192.0.2.1"));
        // No proxies trusted: never believed.
        assert_eq!(TrustedProxies::default().client(local, &h), local);
        // An IPv4 peer over an IPv6 socket.
        assert_eq!(p.client(ip("::ffff:127.0.0.1"), &h), ip("203.0.113.5"));
    }
}
