//! Accepting connections so that no client can lock others out: a cap on open connections
//! below the process's file limit and a cap per client address (an IPv6 /64 as one; trusted
//! proxies, which carry many clients, are not capped), a timeout for a request's headers (which also ends
//! connections that stay silent, before their first request or between two), a timeout for
//! connections that make no progress at all (a body or an answer trickled or not read), and,
//! when a cap is reached, the connection idle the longest (of that client, at the client's
//! cap) gives way to the new one (or, when every such connection has a request in progress,
//! the new one gets a clean 503).
//!
//! axum's own `serve` has none of these; this loop drives hyper's HTTP/1 connections itself
//! with the same router.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use super::forwarded::{Client, TrustedProxies};
use super::holding::Holding;

/// Connections one client address may hold open at once by default: its browser's
/// connections, its live streams ([`super::streams::PER_CLIENT`]), a few people behind it.
pub const CONNECTIONS_PER_CLIENT: usize = 128;

/// File descriptors kept free for everything but client connections: the database pool and
/// its WAL files, the listener, the runtime, standard streams, files being read.
const RESERVED_FDS: usize = 64;

/// How the server treats connections. [`Limits::default`] gives the values `serve` uses.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most connections open at once; [`Limits::capped_by_file_limit`] lowers it below
    /// the process's open-file limit.
    pub max_connections: usize,
    /// Time allowed to send a request's headers, counted from the moment the server waits
    /// for them: a new connection that stays silent and a kept-alive connection that sends
    /// nothing more are both closed after it.
    pub header_timeout: Duration,
    /// A connection on which nothing is read or written for this long is closed (a body
    /// trickled, an answer never read). Live event streams send a heartbeat well within it.
    pub stall_timeout: Duration,
    /// The reverse proxies whose `X-Forwarded-For` names the client ([`Client`]).
    pub trusted_proxies: TrustedProxies,
    /// Live event streams one client ([`Client::group`]) may hold at once.
    pub streams_per_client: usize,
    /// Connections one client address ([`Client::group`] of the peer) may hold open at once;
    /// a trusted proxy's are not counted.
    pub connections_per_client: usize,
    /// What clients may create and store, per hour and at once (see [`super::quotas`]).
    pub quotas: super::quotas::Quotas,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 4096,
            header_timeout: Duration::from_secs(10),
            stall_timeout: Duration::from_secs(60),
            trusted_proxies: TrustedProxies::default(),
            streams_per_client: super::streams::PER_CLIENT,
            connections_per_client: CONNECTIONS_PER_CLIENT,
            quotas: super::quotas::Quotas::default(),
        }
    }
}

impl Limits {
    /// These limits with the connection cap lowered to the open-file limit of this process
    /// less what the server needs for itself, so that accepting never fails for want of a
    /// file descriptor.
    pub fn capped_by_file_limit(mut self) -> Limits {
        if let Some(files) = open_file_limit() {
            let room = files.saturating_sub(RESERVED_FDS).max(16);
            self.max_connections = self.max_connections.min(room);
        }
        self
    }
}

/// The soft limit on open files (`ulimit -n`), when it can be read.
fn open_file_limit() -> Option<usize> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into the struct it is given and reads nothing else.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0;
    (ok && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur as usize)
}

/// The address the connection comes from (a proxy's, behind one), put into every
/// request's extensions; [`Client`] is the client's.
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub SocketAddr);

/// What the server knows of one open connection.
struct Connection {
    /// Milliseconds since the server started when a byte was last read or written.
    last_active: AtomicU64,
    /// Requests whose answer is not yet sent in full.
    in_flight: AtomicU32,
    /// Told when the connection must give way to a new one.
    evict: tokio::sync::Notify,
    /// The client address it counts for (`None`: a trusted proxy's, not counted).
    group: Option<IpAddr>,
}

/// The open connections.
struct Registry {
    started: Instant,
    max: usize,
    per_client: usize,
    next_id: AtomicU64,
    open: Mutex<Open>,
}

/// The open connections, and how many each client address holds.
#[derive(Default)]
struct Open {
    connections: HashMap<u64, Arc<Connection>>,
    per_client: HashMap<IpAddr, usize>,
}

impl Open {
    /// Takes connection `id` out (and tells it to go when `evict`).
    fn take_out(&mut self, id: u64, evict: bool) {
        if let Some(c) = self.connections.remove(&id) {
            if let Some(g) = c.group
                && let Some(n) = self.per_client.get_mut(&g)
            {
                *n -= 1;
                if *n == 0 {
                    self.per_client.remove(&g);
                }
            }
            if evict {
                c.evict.notify_one();
            }
        }
    }

    /// The connection idle the longest among those `of` takes, with no request in progress.
    fn idlest(&self, of: impl Fn(&Connection) -> bool) -> Option<u64> {
        self.connections
            .iter()
            .filter(|(_, c)| of(c) && c.in_flight.load(Ordering::Acquire) == 0)
            .min_by_key(|(_, c)| c.last_active.load(Ordering::Relaxed))
            .map(|(id, _)| *id)
    }
}

impl Registry {
    fn now(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// Room for a new connection of client address `group` (`None`: not counted): its id
    /// and state, or `None` when every connection that could give way has a request in
    /// progress. At the client's cap, its connection idle the longest is told to go; at the
    /// server's cap, the server's.
    fn admit(&self, group: Option<IpAddr>) -> Option<(u64, Arc<Connection>)> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(g) = group
            && open.per_client.get(&g).copied().unwrap_or(0) >= self.per_client
        {
            let victim = open.idlest(|c| c.group == Some(g))?;
            open.take_out(victim, true);
        }
        if open.connections.len() >= self.max {
            let victim = open.idlest(|_| true)?;
            open.take_out(victim, true);
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let c = Arc::new(Connection {
            last_active: AtomicU64::new(self.now()),
            in_flight: AtomicU32::new(0),
            evict: tokio::sync::Notify::new(),
            group,
        });
        open.connections.insert(id, c.clone());
        if let Some(g) = group {
            *open.per_client.entry(g).or_insert(0) += 1;
        }
        Some((id, c))
    }

    fn remove(&self, id: u64) {
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take_out(id, false);
    }

    fn len(&self) -> usize {
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .connections
            .len()
    }
}

/// Serves `router` on `listener` under `limits` until `shutdown` completes; then stops
/// accepting, lets requests in progress finish (at most 5 s) and returns.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let registry = Arc::new(Registry {
        started: Instant::now(),
        max: limits.max_connections.max(1),
        per_client: limits.connections_per_client.max(1),
        next_id: AtomicU64::new(0),
        open: Mutex::new(Open::default()),
    });
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            r = listener.accept() => r,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of file descriptors or a connection reset before it was accepted: wait
                // a moment rather than spin, and go on.
                if !matches!(
                    e.kind(),
                    io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset
                ) {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let group = (!limits.trusted_proxies.trusts(peer.ip())).then(|| Client(peer.ip()).group());
        let Some((id, state)) = registry.admit(group) else {
            refuse(&stream);
            continue;
        };
        tokio::spawn(connection(
            stream,
            Peer(peer),
            id,
            state,
            registry.clone(),
            router.clone(),
            limits.clone(),
            stop_rx.clone(),
        ));
    }
    let _ = stop_tx.send(true);
    let deadline = Instant::now() + Duration::from_secs(5);
    while registry.len() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

/// Answers a connection there is no room for with 503 and closes it. The answer fits in an
/// empty socket buffer, so one non-blocking write sends it; nothing waits on the client.
fn refuse(stream: &TcpStream) {
    const BODY: &str = r#"{"error":{"code":"busy","message":"the server has too many connections open; try again in a moment","line":null,"column":null}}"#;
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 5\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{BODY}",
        BODY.len()
    );
    let _ = stream.try_write(answer.as_bytes());
}

/// Serves one connection until it closes, stalls, is evicted or the server stops.
#[allow(clippy::too_many_arguments)]
async fn connection(
    stream: TcpStream,
    peer: Peer,
    id: u64,
    state: Arc<Connection>,
    registry: Arc<Registry>,
    router: Router,
    limits: Limits,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let io = TokioIo::new(Tracked {
        inner: stream,
        state: state.clone(),
        registry: registry.clone(),
    });
    let service_state = state.clone();
    let proxies = limits.trusted_proxies.clone();
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        let router = router.clone();
        let guard = InFlight::enter(service_state.clone());
        let client = Client(proxies.client(peer.0.ip(), request.headers()));
        request.extensions_mut().insert(peer);
        request.extensions_mut().insert(client);
        async move {
            let response = match router.oneshot(request.map(Body::new)).await {
                Ok(r) => r,
                Err(never) => match never {},
            };
            Ok::<_, Infallible>(response.map(|body| {
                Body::new(Holding {
                    inner: body,
                    held: guard,
                })
            }))
        }
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    let conn = builder.serve_connection(io, service);
    tokio::pin!(conn);
    let check_every = (limits.stall_timeout / 4).max(Duration::from_millis(100));
    let mut tick = tokio::time::interval(check_every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = conn.as_mut() => break,
            () = state.evict.notified() => break,
            _ = stop.changed() => {
                conn.as_mut().graceful_shutdown();
                let _ = tokio::time::timeout(Duration::from_secs(5), conn.as_mut()).await;
                break;
            }
            _ = tick.tick() => {
                let quiet = registry.now().saturating_sub(state.last_active.load(Ordering::Relaxed));
                if quiet > limits.stall_timeout.as_millis() as u64 {
                    break;
                }
            }
        }
    }
    registry.remove(id);
}

/// Counts a request as in progress until its answer's body is dropped (sent or abandoned).
struct InFlight(Arc<Connection>);

impl InFlight {
    fn enter(c: Arc<Connection>) -> InFlight {
        c.in_flight.fetch_add(1, Ordering::AcqRel);
        InFlight(c)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A socket that notes when bytes last went through it.
struct Tracked {
    inner: TcpStream,
    state: Arc<Connection>,
    registry: Arc<Registry>,
}

impl Tracked {
    fn touch(&self) {
        self.state
            .last_active
            .store(self.registry.now(), Ordering::Relaxed);
    }
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.touch();
        }
        r
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        r
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
