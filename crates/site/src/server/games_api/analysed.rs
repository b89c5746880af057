//! A finished game's computer analysis (see [`crate::server::computer_analysis`]): found
//! for the game's page without starting one (`GET /api/games/{id}/computer-analysis`), and
//! written into the game's PDN download when one is kept. The game's line is read from its
//! record, as the analysis board reads the game, so the key is the one its page asks under.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;

use super::record::{Record, stored_record};
use crate::engine::annotate::annotate;
use crate::engine::game_analysis::GameLine;
use crate::models::GameStatus;
use crate::server::AppState;
use crate::server::computer_analysis::{AnalysisStatus, kept, status_of};
use crate::server::error::ApiError;
use crate::server::game_id::GameId;

/// `GET /api/games/{id}/computer-analysis`: the analysis of a finished game when it was
/// asked for (running, or done); 404 when nobody asked, 409 while the game goes on. Never
/// starts one: a page may ask this on every visit.
pub async fn computer_analysis(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
) -> Result<Json<AnalysisStatus>, ApiError> {
    let record = stored_record(&app, &id).await?;
    if record.stored.status != GameStatus::Finished {
        return Err(ApiError::conflict(
            "in-progress",
            "this game is still in progress: its analysis opens when it ends",
        ));
    }
    status_of(&app, &GameLine::of(&record.game))
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::not_found("nobody asked for this game's computer analysis"))
}

/// Writes the kept analysis of a finished game into its record: NAGs, `[%eval]`, the words
/// and the better lines. A game in progress, or one never analysed, stays as it is.
pub(crate) async fn annotate_kept(app: &AppState, record: &mut Record) -> Result<(), ApiError> {
    if record.stored.status != GameStatus::Finished {
        return Ok(());
    }
    let line = GameLine::of(&record.game);
    if let Some(analysis) = kept(app, &line).await? {
        annotate(&mut record.game, &line, &analysis);
    }
    Ok(())
}
