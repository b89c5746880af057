//! A heavy request's body, read in full before the request is admitted to its work: in a
//! bounded number of places (a few per client), within a deadline, so that clients that send
//! their bodies slowly hold a reading place of their own and nothing that others need. A body
//! that stalls, trickles below [`MIN_RATE`] or takes longer than [`BODY_TIME`] is cut and its
//! place freed.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::http::StatusCode;
use futures_util::StreamExt;
use tokio::sync::Semaphore;

use super::error::ApiError;
use super::forwarded::Client;
use super::per_client::PerClient;

/// Bodies read at once in all.
pub const READING: usize = 32;
/// Bodies one client ([`Client::group`]) may send at once.
pub const READING_PER_CLIENT: usize = 4;
/// The most a body may hold (pasted text may be 1 MB; JSON escaping makes it larger).
pub const MAX_BODY: usize = 3 << 20;
/// The longest wait for the next piece of a body.
pub const SILENCE: Duration = Duration::from_secs(5);
/// The slowest a body may arrive, in bytes a second, counted once it has taken [`SILENCE`].
pub const MIN_RATE: u64 = 2048;
/// The longest a body may take in all.
pub const BODY_TIME: Duration = Duration::from_secs(30);

/// How long a body may take.
#[derive(Clone, Copy, Debug)]
pub struct Deadlines {
    /// The longest wait for the next piece.
    pub silence: Duration,
    /// The slowest rate, in bytes a second, counted once the body has taken `silence`.
    pub min_rate: u64,
    /// The longest in all.
    pub total: Duration,
}

impl Deadlines {
    /// The server's: [`SILENCE`], [`MIN_RATE`], [`BODY_TIME`].
    pub const SERVER: Deadlines = Deadlines {
        silence: SILENCE,
        min_rate: MIN_RATE,
        total: BODY_TIME,
    };
}

/// The places where bodies are read.
pub struct Readers {
    total: Arc<Semaphore>,
    per_client: Arc<PerClient>,
    deadlines: Deadlines,
}

impl Default for Readers {
    fn default() -> Self {
        Readers::new(Deadlines::SERVER)
    }
}

impl Readers {
    /// [`READING`] places, [`READING_PER_CLIENT`] a client, bodies within `deadlines`.
    pub fn new(deadlines: Deadlines) -> Readers {
        Readers {
            total: Arc::new(Semaphore::new(READING)),
            per_client: PerClient::new(READING_PER_CLIENT),
            deadlines,
        }
    }
}

impl Readers {
    /// Reads `body` of a request from `client` in full, or says why not: 429 when the client
    /// already sends [`READING_PER_CLIENT`] bodies, 503 when every place stays taken for
    /// `wait`, 413 over [`MAX_BODY`], 408 when the body stalls or trickles.
    pub async fn read(
        &self,
        client: Option<Client>,
        body: Body,
        wait: Duration,
    ) -> Result<Bytes, ApiError> {
        let Some(_client) = self.per_client.take(client) else {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-requests",
                "too many requests from this address at once; try again when they are answered",
            ));
        };
        let Ok(Ok(_place)) = tokio::time::timeout(wait, self.total.clone().acquire_owned()).await
        else {
            return Err(busy());
        };
        read_in_time(body, self.deadlines).await
    }
}

/// 503 `busy`.
pub fn busy() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "busy",
        "the server is busy; try again in a moment",
    )
}

/// Reads `body` within `d`.
async fn read_in_time(body: Body, d: Deadlines) -> Result<Bytes, ApiError> {
    let started = Instant::now();
    let mut stream = body.into_data_stream();
    // The usual body comes in one piece, handed on as it is; a body in several is gathered.
    let mut first: Option<Bytes> = None;
    let mut gathered: Vec<u8> = Vec::new();
    loop {
        let left = d.total.saturating_sub(started.elapsed());
        let next = tokio::time::timeout(d.silence.min(left), stream.next()).await;
        let piece = match next {
            Ok(Some(Ok(piece))) => piece,
            Ok(None) => return Ok(first.unwrap_or_else(|| Bytes::from(gathered))),
            Ok(Some(Err(_))) => return Err(cut("the request's body could not be read", d)),
            Err(_) => return Err(cut("the request's body stopped arriving", d)),
        };
        let len = first.as_ref().map_or(gathered.len(), Bytes::len) + piece.len();
        if len > MAX_BODY {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too-large",
                "the request is too large: pasted text may be at most 1 MB",
            ));
        }
        match first.take() {
            None if gathered.is_empty() => first = Some(piece),
            earlier => {
                if let Some(earlier) = earlier {
                    gathered.extend_from_slice(&earlier);
                }
                gathered.extend_from_slice(&piece);
            }
        }
        let took = started.elapsed();
        if took > d.silence && (len as f64) < d.min_rate as f64 * took.as_secs_f64() {
            return Err(cut("the request's body arrives too slowly", d));
        }
    }
}

/// 408 `body-timeout`: a body cut.
fn cut(why: &str, d: Deadlines) -> ApiError {
    ApiError::new(
        StatusCode::REQUEST_TIMEOUT,
        "body-timeout",
        format!(
            "{why}: a body must arrive within {} s, at least {} KB a second",
            d.total.as_secs(),
            d.min_rate / 1024
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;

    fn client(n: u8) -> Option<Client> {
        Some(Client(IpAddr::from([192, 0, 2, n])))
    }

    #[tokio::test]
    async fn a_body_is_read_whole() {
        let readers = Readers::default();
        let got = readers
            .read(client(1), Body::from("{\"a\": 1}"), Duration::from_secs(1))
            .await
            .unwrap();
        assert_eq!(&got[..], b"{\"a\": 1}");
        assert!(readers.per_client.is_empty(), "its place freed");
    }

    #[tokio::test]
    async fn one_client_gets_a_few_places_and_others_theirs() {
        let readers = Arc::new(Readers::default());
        // Bodies that never end hold their places.
        let mut held = Vec::new();
        for _ in 0..READING_PER_CLIENT {
            let (tx, rx) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(1);
            let rx = futures_util::stream::unfold(rx, |mut rx| async move {
                rx.recv().await.map(|piece| (piece, rx))
            });
            let r = readers.clone();
            held.push((
                tx,
                tokio::spawn(async move {
                    r.read(client(1), Body::from_stream(rx), Duration::from_secs(1))
                        .await
                }),
            ));
        }
        tokio::task::yield_now().await;
        while readers.per_client.held(client(1)) != READING_PER_CLIENT {
            tokio::task::yield_now().await;
        }
        let refused = readers
            .read(client(1), Body::from("x"), Duration::from_secs(1))
            .await
            .unwrap_err();
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
        let other = readers
            .read(client(2), Body::from("x"), Duration::from_secs(1))
            .await
            .unwrap();
        assert_eq!(&other[..], b"x");
        for (tx, task) in held {
            drop(tx);
            task.await.unwrap().unwrap();
        }
        assert!(readers.per_client.is_empty());
    }

    #[tokio::test]
    async fn a_trickle_is_cut() {
        // The server's deadlines, a hundred times shorter.
        let readers = Readers::new(Deadlines {
            silence: Duration::from_millis(50),
            min_rate: 2048 * 100,
            total: Duration::from_millis(300),
        });
        let trickle = futures_util::stream::unfold(0u32, |n| async move {
            tokio::time::sleep(Duration::from_millis(40)).await;
            Some((Ok::<_, std::io::Error>(Bytes::from_static(b"x")), n + 1))
        });
        let e = readers
            .read(
                client(1),
                Body::from_stream(trickle),
                Duration::from_secs(1),
            )
            .await
            .unwrap_err();
        assert_eq!(e.code, "body-timeout", "{}", e.message);
        let silent = futures_util::stream::pending::<Result<Bytes, std::io::Error>>();
        let e = readers
            .read(client(1), Body::from_stream(silent), Duration::from_secs(1))
            .await
            .unwrap_err();
        assert_eq!(e.code, "body-timeout");
        assert!(readers.per_client.is_empty());
    }
}
