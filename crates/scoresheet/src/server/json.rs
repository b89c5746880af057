//! A JSON body extractor whose rejections are [`ApiError`]s (JSON bodies, with reasons).

use axum::extract::{FromRequest, Request};

use super::error::ApiError;

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
