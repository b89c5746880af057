//! Analyses saved to be shared: `POST /api/analyses` keeps a pasted game with its side lines
//! and comments (as the analysis board exports it), and `/analysis/ID` opens it for anyone
//! with the link.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::AppState;
use super::board_api::check_size;
use super::error::ApiError;
use super::forwarded::Client;
use super::game_id::is_game_id;
use super::json::ApiJson;
use super::page::{analysis_page, error_page, error_page_for};
use super::pasted::{RulesFrom, load_text};
use super::visitor::{Visitor, random_token};
use crate::store::{StoredAnalysis, now_ms};
use games::{NotationChoice, Rules};

/// `POST /api/analyses`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"rules": "russian", "text": "1. c3-d4 (1. c3-b4 {also good}) f6-g5 *"}))]
pub struct SaveRequest {
    #[serde(with = "crate::models::rules")]
    #[schema(value_type = crate::models::RulesName)]
    rules: Rules,
    /// The game as PDN (PGN for chess), at most 1 MB: it must read as a game.
    text: String,
}

/// `POST /api/analyses`'s answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Saved {
    /// The analysis' id (10 hexadecimal digits).
    id: String,
    /// Its page, `/analysis/ID`.
    url: String,
}

/// `POST /api/analyses`: keeps the game (checked first: it must read under its rules) and
/// answers 201 with its id and page.
pub async fn save(
    State(app): State<Arc<AppState>>,
    v: Visitor,
    client: Option<axum::Extension<Client>>,
    ApiJson(req): ApiJson<SaveRequest>,
) -> Result<Response, ApiError> {
    let rules = req.rules;
    check_size(&req.text)?;
    load_text(
        &req.text,
        RulesFrom::Given(rules),
        1,
        &NotationChoice::default(),
        None,
    )?;
    app.quotas
        .analysis(app.store.as_ref(), client.map(|c| c.0), req.text.len())
        .await?;
    let id = random_token()[..10].to_string();
    let analysis = StoredAnalysis {
        id: id.clone(),
        rules,
        text: req.text,
        creator: Some(v.id.clone()),
        created_at: now_ms(),
    };
    app.store.save_analysis(&analysis).await?;
    let url = format!("/analysis/{id}");
    Ok((StatusCode::CREATED, Json(Saved { id, url })).into_response())
}

/// A saved analysis by id: `None` for an id of the wrong shape or one not kept.
pub async fn find(app: &AppState, id: &str) -> Result<Option<StoredAnalysis>, ApiError> {
    if !is_game_id(id) {
        return Ok(None);
    }
    Ok(app.store.analysis(id).await?)
}

/// `GET /analysis/{id}`: the analysis board with a saved analysis.
pub async fn page(
    State(app): State<Arc<AppState>>,
    v: Visitor,
    Path(id): Path<String>,
) -> Response {
    let found = match find(&app, &id).await {
        Ok(Some(a)) => a,
        Ok(None) => {
            return error_page(&app, &v, StatusCode::NOT_FOUND, "error.no-analysis");
        }
        Err(e) => return error_page_for(&app, &v, &e),
    };
    let given = RulesFrom::Given(found.rules);
    let view = match load_text(&found.text, given, 1, &NotationChoice::default(), None) {
        Ok(view) => view,
        Err(e) => return error_page_for(&app, &v, &e),
    };
    let data = serde_json::json!({
        "rules": view.rules,
        "game": view,
        "pdn": found.text,
        "analysis_id": found.id,
    });
    analysis_page(&app, &v, &data)
}
