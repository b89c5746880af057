//! Bounds on requests that cost real work (reading a pasted game, writing a game tree,
//! listing or playing moves, replaying a stored game), in two steps:
//!
//! - **Admission** ([`limit`], before the body is read): at most [`ADMITTED`] such requests
//!   are past this point at once; the others wait, holding nothing but their socket (their
//!   body stays unread in the kernel), and get a clean 503 after [`WAIT`].
//! - **Work** ([`json`], after the body is parsed): at most as many run their work at once
//!   as the machine has cores ([`AppState::heavy`], shared with the computer's searches), so
//!   that the memory a request's work takes is held by that many requests only.
//!
//! The work runs on the async worker that took the request: measured with the load example,
//! handing it to a blocking thread cost a fifth of the throughput, and taking the work permit
//! before the body instead of after it another quarter (a permit held while a body arrives
//! leaves a core idle).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::AppState;
use super::error::ApiError;

/// How long a heavy request waits for its turn (admission, then work) before it is answered
/// 503.
pub const WAIT: Duration = Duration::from_secs(20);

/// How many heavy requests may be admitted at once (reading their body, waiting for a work
/// permit or working).
pub const ADMITTED: usize = 16;

/// How many heavy requests may run at once by default: the machine's cores.
pub fn default_permits() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

fn busy() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "busy",
        "the server is busy; try again in a moment",
    )
}

/// Middleware for the heavy routes: waits for admission, then runs the request.
pub async fn limit(State(app): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let permit = match tokio::time::timeout(WAIT, app.admitted.clone().acquire_owned()).await {
        Ok(Ok(p)) => p,
        _ => return busy().into_response(),
    };
    let response = next.run(request).await;
    drop(permit);
    response
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
    let done = work().and_then(|value| {
        serde_json::to_vec(&value).map_err(|e| {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
        })
    });
    match done {
        Ok(json) => (
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            json,
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}
