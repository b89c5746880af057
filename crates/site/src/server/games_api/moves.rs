//! A player's move: `POST /api/games/{id}/moves`. Only a player can move, and only on their
//! turn; the store refuses a second move for the same turn, so of two moves sent at once one
//! is accepted and the other gets 409.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use super::computer::computer_turn;
use super::info::{GameInfo, info_of};
use super::load::flag_if_out;
use super::news::tell;
use super::players::{Requester, not_a_player, role};
use super::timer::watch;
use super::turns::{fresh, store_move};
use crate::models::{GameMode, GameStatus};
use crate::server::AppState;
use crate::server::clocks;
use crate::server::error::ApiError;
use crate::server::json::ApiJson;
use crate::store::now_ms;

/// `POST /api/games/{id}/moves`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"move": "11-15", "ply": 0}))]
pub struct MoveRequest {
    /// A move id or any text that names one legal move.
    #[serde(rename = "move")]
    mv: String,
    /// The number of moves already played when this move was chosen (its 0-based ply).
    ply: i64,
}

/// `POST /api/games/{id}/moves`.
pub async fn play_move(
    State(app): State<Arc<AppState>>,
    Requester { id, secret }: Requester,
    ApiJson(req): ApiJson<MoveRequest>,
) -> Result<Json<GameInfo>, ApiError> {
    let slot = app.live.slot(&id);
    let mut guard = slot.lock().await;
    let live = match fresh(&app, &id, &mut guard).await {
        Ok(live) => live,
        Err(e) => {
            // Nothing is kept for a game that could not be loaded (no such game).
            drop(guard);
            drop(slot);
            app.live.forget_if_idle(&id);
            return Err(e);
        }
    };
    let you = role(&live.game, secret.as_deref()).ok_or_else(|| not_a_player("move"))?;
    if live.game.status != GameStatus::Ongoing {
        return Err(ApiError::conflict(
            "not-ongoing",
            format!("the game is {}", live.game.status),
        ));
    }
    if req.ply != live.moves.len() as i64 {
        return Err(ApiError::conflict(
            "turn-taken",
            "that turn has already been played; reload the game",
        ));
    }
    let turn = live.played.side_to_move();
    if !you.plays(turn) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "not-your-turn",
            format!("it is {turn}'s turn"),
        ));
    }
    if flag_if_out(&app, &mut live.game, &live.played, now_ms()).await? {
        let info = info_of(&live.game, live.moves.clone(), &live.played, None)?;
        drop(guard);
        tell(&app, &info).await;
        return Err(clocks::out_of_time());
    }
    let Some(mut info) = store_move(&app, live, &req.mv, req.ply).await? else {
        *guard = None;
        return Err(ApiError::conflict(
            "turn-taken",
            "another move was played for this turn",
        ));
    };
    let finished = info.status == GameStatus::Finished;
    let computer = live.game.mode == GameMode::Computer && !finished;
    watch(&app, &live.game, info.turn.is_white());
    drop(guard);
    tell(&app, &info).await;
    if computer {
        tokio::spawn(computer_turn(app.clone(), id.clone()));
    }
    info.you = Some(you);
    Ok(Json(info))
}
