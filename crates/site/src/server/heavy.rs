//! Bounds on requests that cost real work (reading a pasted game, writing a game tree,
//! listing or playing moves, replaying a stored game), in two steps:
//!
//! - **The body** ([`limit`], through [`super::body_in`]): read in full first, in one of a
//!   few places per client, within a deadline; a body sent slowly holds only its client's
//!   place (16 bodies trickled from one address used to hold every admission).
//! - **Admission** ([`limit`], once the body is in): at most [`ADMITTED`] such requests
//!   are past this point at once; the others wait, and get a clean 503 after [`WAIT`]. A
//!   request stays admitted until its answer is sent in full (or its connection closes: a
//!   client that stops reading is cut off by the listener's stall timeout), so answers read
//!   slowly cannot pile up in memory.
//! - **Work** ([`json`], after the body is parsed): at most as many run their work at once
//!   as the machine has cores ([`AppState::heavy`]; the computer's searches have a pool of
//!   their own, [`super::search_queue`], so that they never queue before the board), so
//!   that the memory a request's work takes is held by that many requests only.
//!
//! The work runs on the async worker that took the request: measured with the load example,
//! handing it to a blocking thread cost a fifth of the throughput, and taking the work permit
//! before the body instead of after it another quarter (a permit held while a body arrives
//! leaves a core idle).

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::AppState;
use super::error::ApiError;
use super::forwarded::Client;
use super::holding::Holding;

/// How long a heavy request waits for its turn (admission, then work) before it is answered
/// 503.
pub const WAIT: Duration = Duration::from_secs(20);

/// Work that takes longer than this, or gives an answer larger than [`LARGE_ANSWER`], hands
/// its memory back to the system when it is done.
const LARGE_WORK: Duration = Duration::from_millis(10);
const LARGE_ANSWER: usize = 1 << 20;

/// How many heavy requests may be admitted at once (reading their body, waiting for a work
/// permit or working).
pub const ADMITTED: usize = 16;

/// How many heavy requests may run at once by default: the machine's cores.
pub fn default_permits() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// How many of the computer's searches may run at once: half the cores, at least one. The
/// others wait their turn in the order they came, each game's move after the one before.
pub fn search_permits() -> usize {
    (default_permits() / 2).max(1)
}

use super::body_in::busy;

/// Middleware for the heavy routes: reads the body, waits for admission, then runs the
/// request.
pub async fn limit(State(app): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let client = parts.extensions.get::<Client>().copied();
    let body = match app.readers.read(client, body, WAIT).await {
        Ok(bytes) => bytes,
        Err(e) => return e.into_response(),
    };
    let request = Request::from_parts(parts, Body::from(body));
    let permit = match tokio::time::timeout(WAIT, app.admitted.clone().acquire_owned()).await {
        Ok(Ok(p)) => p,
        _ => return busy().into_response(),
    };
    // The permit goes with the answer's body: an answer that its client reads slowly counts
    // as admitted until it is sent, so slow readers cannot pile up answers in memory.
    next.run(request).await.map(|body| {
        Body::new(Holding {
            inner: body,
            held: permit,
        })
    })
}

/// Runs `work` once a work permit is free and answers its value as JSON (serialised under
/// the same permit, since a large answer takes a while to write).
pub async fn json<T, F>(app: &AppState, work: F) -> Response
where
    T: Serialize,
    F: FnOnce() -> Result<T, ApiError>,
{
    let Ok(Ok(_permit)) = tokio::time::timeout(WAIT, app.heavy.acquire()).await else {
        return busy().into_response();
    };
    let started = std::time::Instant::now();
    let done = work().and_then(|value| {
        serde_json::to_vec(&value).map_err(|e| {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
        })
    });
    // After a large piece of work (long, or a large answer), its memory is free again: hand
    // this thread's free pages back to the system now rather than keep them (a burst of large
    // requests otherwise left the server hundreds of MB larger for good). Not after small
    // ones: collecting costs about as much as a small request.
    let large = done.as_ref().is_ok_and(|json| json.len() > LARGE_ANSWER);
    if large || started.elapsed() > LARGE_WORK {
        // SAFETY: mi_collect only walks the calling thread's heap.
        unsafe { libmimalloc_sys::mi_collect(true) };
    }
    match done {
        Ok(json) => (
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            json,
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}
