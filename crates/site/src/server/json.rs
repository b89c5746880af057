//! JSON in and out of the API: extractors whose rejections are [`ApiError`]s (JSON bodies,
//! with reasons) for JSON bodies and query strings; answers with sorted keys; and a
//! middleware that gives every other error of `/api` the same form.

use axum::extract::{FromRequest, Request};
use serde::Serialize;

use super::error::ApiError;
use super::error::code_for_status;

/// Like `axum::Json`, but a malformed body gets the API's JSON error.
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    axum::Json<T>: FromRequest<S, Rejection = axum::extract::rejection::JsonRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let axum::Json(value) = axum::Json::<T>::from_request(req, state).await?;
        Ok(ApiJson(value))
    }
}

/// Like `axum::extract::Query`, but a query string that does not fit gets the API's JSON
/// error (400).
pub struct ApiQuery<T>(pub T);

impl<S, T> axum::extract::FromRequestParts<S> for ApiQuery<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(ApiQuery(value)),
            Err(e) => Err(ApiError::bad_request(e.body_text())),
        }
    }
}

/// `value` as a JSON answer whose objects have their keys sorted (it goes through
/// `serde_json::Value`), as the answers first built with `json!` have always had them.
pub fn sorted_json(value: &impl Serialize) -> Result<axum::Json<serde_json::Value>, ApiError> {
    serde_json::to_value(value)
        .map(axum::Json)
        .map_err(|e| ApiError::internal(e.to_string()))
}

/// The largest error body of the HTTP layer read to make its message.
const MAX_REJECTION: usize = 4096;

/// Middleware of `/api`: an error answer that is not JSON (a rejection of the HTTP layer: a
/// path that does not decode, a wrong method, an extractor's own text) becomes the API's JSON
/// error with the same status, its text as the message and the status's code (see
/// [`code_for_status`]). Headers such as `Allow` are kept.
pub async fn json_errors(
    request: Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::http::header;
    use axum::response::IntoResponse;
    let response = next.run(request).await;
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, MAX_REJECTION)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("error")
            .to_ascii_lowercase()
    } else {
        text
    };
    let code = code_for_status(status.as_u16());
    let mut answer = ApiError::new(status, code, message).into_response();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.remove(header::CONTENT_TYPE);
    for (name, value) in answer.headers() {
        parts.headers.insert(name.clone(), value.clone());
    }
    *answer.headers_mut() = parts.headers;
    answer
}
