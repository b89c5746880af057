//! The free seat of a friend game: who may take it, and taking it
//! (`POST /api/games/{id}/join`, the page's "Take the seat").

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use super::follow::publish;
use super::info::GameInfo;
use super::load::{game_info, stored_game};
use super::news::announce;
use super::players::{Requester, hash, role, seated};
use crate::models::{GameStatus, Side};
use crate::server::AppState;
use crate::server::error::ApiError;
use crate::server::json::sorted_json;
use crate::server::visitor::{Visitor, random_token};
use crate::store::StoredGame;

/// The answer to `POST /api/games/{id}/join`.
#[derive(Serialize, ToSchema)]
pub struct Joined {
    pub game: GameInfo,
    /// The new player's secret (also set as the cookie `s_<id>`).
    pub secret: String,
}

/// Whether visitor `v`, holding `secret` (if any), may take a free seat of `game`: a friend
/// game waiting for its second player, opened by someone who is neither its creator nor
/// already one of its players; a seat kept for one player ([`StoredGame::seat_for`], a
/// rematch's) only by the holder of that player's secret.
pub fn seat_free_for(
    game: &StoredGame,
    v: &Visitor,
    is_player: bool,
    secret: Option<&str>,
) -> bool {
    game.status == GameStatus::Waiting
        && !is_player
        && game.creator.as_deref() != Some(v.id.as_str())
        && game
            .seat_for
            .as_deref()
            .is_none_or(|kept| secret.is_some_and(|s| hash(s) == kept))
}

/// Gives a waiting friend game's free seat to `v` if [`seat_free_for`] allows it, with
/// `secret` (a new one when `None`). Returns the seat's secret.
pub async fn join_if_free(
    app: &AppState,
    game: &StoredGame,
    v: &Visitor,
    is_player: bool,
    secret: Option<String>,
) -> Result<Option<String>, ApiError> {
    if !seat_free_for(game, v, is_player, secret.as_deref()) {
        return Ok(None);
    }
    let free = Side::white_if(game.white_secret.is_none());
    let secret = secret.unwrap_or_else(random_token);
    let taken = app
        .store
        .take_seat(&game.id, free, &hash(&secret), &v.id, None)
        .await?;
    if taken {
        publish(app, &game.id).await;
        announce(app, &game.id).await;
        if game.listed {
            app.lobby.changed();
        }
        Ok(Some(secret))
    } else {
        Ok(None)
    }
}

/// `POST /api/games/{id}/join`: take the free seat of a friend game (the game page's "Take
/// the seat" button; opening the link with GET takes nothing). A seat kept for one player
/// (a rematch's) is taken only with that player's secret of the game before, sent as the
/// bearer token; they keep it.
pub async fn join(
    State(app): State<Arc<AppState>>,
    Requester { id, secret: had }: Requester,
    v: Visitor,
) -> Result<Response, ApiError> {
    let game = stored_game(&app, &id).await?;
    let is_player = role(&game, had.as_deref()).is_some();
    // A kept seat is taken with the secret that keeps it; any other with a new one.
    let kept = game.seat_for.is_some();
    match join_if_free(&app, &game, &v, is_player, had.filter(|_| kept)).await? {
        Some(secret) => joined(&app, &id, secret, &v).await,
        None if kept && !is_player && game.status == GameStatus::Waiting => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "seat-kept",
            "the free seat is kept for the other player of the game before",
        )),
        None => Err(ApiError::conflict(
            "seat-taken",
            "no free seat in this game",
        )),
    }
}

/// The answer of a seat taken with `secret` in game `id`.
async fn joined(
    app: &AppState,
    id: &str,
    secret: String,
    v: &Visitor,
) -> Result<Response, ApiError> {
    let (game, _) = game_info(app, id, Some(&secret)).await?;
    let joined = Joined {
        game,
        secret: secret.clone(),
    };
    Ok(seated(
        sorted_json(&joined)?.into_response(),
        id,
        &secret,
        v,
    ))
}
