//! `GET /api/texts/{namespace}`: catalog texts that no page embeds ([`LOADED_KEYS`]), for
//! the script that needs them, in the page's language.
//!
//! [`LOADED_KEYS`]: super::i18n::LOADED_KEYS

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::AppState;
use super::error::ApiError;
use super::i18n;
use super::json::ApiQuery;

/// `GET /api/texts/{namespace}`'s query.
#[derive(Debug, Deserialize)]
pub struct TextsQuery {
    /// The language (`en`, `pt`, `es`, `fr`); English for another or none.
    lang: Option<String>,
}

/// `GET /api/texts/{namespace}`: `{"key": "text", ...}`.
pub async fn texts(
    State(app): State<Arc<AppState>>,
    Path(namespace): Path<String>,
    ApiQuery(q): ApiQuery<TextsQuery>,
) -> Result<Response, ApiError> {
    let lang = q.lang.as_deref().and_then(i18n::supported).unwrap_or("en");
    let json = app
        .catalogs
        .catalog(lang)
        .loaded_json(&namespace)
        .ok_or_else(|| ApiError::not_found(format!("no texts `{namespace}`")))?;
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        json.to_owned(),
    )
        .into_response())
}
