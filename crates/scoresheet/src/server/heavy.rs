//! A bound on requests that cost real work (reading a pasted game, writing a game tree,
//! listing or playing moves, replaying a stored game): at most as many run at once as the
//! machine has cores, each on a blocking thread so that the async workers stay free for
//! pages and small requests. The rest wait their turn before their body is even read (so
//! waiting requests hold no memory), and get a clean 503 after [`WAIT`].

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::AppState;
use super::error::ApiError;

/// How long a heavy request waits for its turn before it is answered 503.
pub const WAIT: Duration = Duration::from_secs(20);

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

/// Middleware for the heavy routes: waits for a permit, then runs the request.
pub async fn limit(State(app): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let permit = match tokio::time::timeout(WAIT, app.heavy.clone().acquire_owned()).await {
        Ok(Ok(p)) => p,
        _ => return busy().into_response(),
    };
    let response = next.run(request).await;
    drop(permit);
    response
}

/// Runs `work` on a blocking thread and answers its value as JSON (serialised there too,
/// since a large answer takes a while to write).
pub async fn blocking_json<T, F>(work: F) -> Response
where
    T: Serialize,
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
{
    let done = tokio::task::spawn_blocking(move || {
        work().and_then(|value| {
            serde_json::to_vec(&value).map_err(|e| {
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
            })
        })
    })
    .await;
    match done {
        Ok(Ok(json)) => (
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            json,
        )
            .into_response(),
        Ok(Err(e)) => e.into_response(),
        Err(_) => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "internal error",
        )
        .into_response(),
    }
}
