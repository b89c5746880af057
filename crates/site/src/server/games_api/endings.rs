//! Games ended by the players: resignation (`POST /api/games/{id}/resign`) and draws offered,
//! accepted or declined (`POST /api/games/{id}/draw`).

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use super::computer::accepts_draw;
use super::info::GameInfo;
use super::load::game_info;
use super::news::tell;
use super::players::{Requester, not_a_player};
use crate::models::{DrawAction, EndReason, Ending, GameMode, GameStatus, Role, Side};
use crate::server::AppState;
use crate::server::clocks;
use crate::server::error::ApiError;
use crate::server::json::ApiJson;
use crate::server::play::result_for;
use crate::store::{Finish, StoredGame, now_ms};

/// `POST /api/games/{id}/draw`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"action": "offer"}))]
pub struct DrawRequest {
    /// `offer`, `accept` or `decline`.
    action: DrawAction,
}

/// `POST /api/games/{id}/resign`: the requester's side (the side to move on one device)
/// gives up.
pub async fn resign(
    State(app): State<Arc<AppState>>,
    Requester { id, secret }: Requester,
) -> Result<Json<GameInfo>, ApiError> {
    let (info, game) = game_info(&app, &id, secret.as_deref()).await?;
    let you = info.you.ok_or_else(|| not_a_player("resign"))?;
    if game.status == GameStatus::Finished {
        return Err(ApiError::conflict("not-ongoing", "the game is over"));
    }
    let loser = you.side(info.turn);
    let finish = Finish {
        result: result_for(game.rules, Some(loser.other())),
        reason: Ending::of(EndReason::Resigned),
    };
    finish_game(&app, &game, info.turn, &finish).await?;
    changed(&app, &id, you).await
}

/// Ends `game` where it stands, `turn` to move, its clocks stopped now; refused (409) when
/// a move came in meanwhile.
async fn finish_game(
    app: &AppState,
    game: &StoredGame,
    turn: Side,
    finish: &Finish,
) -> Result<(), ApiError> {
    let clock = clocks::stopped(game, turn.is_white(), now_ms());
    if app
        .store
        .finish(&game.id, game.plies, finish, clock.as_ref())
        .await?
    {
        Ok(())
    } else {
        Err(ApiError::conflict(
            "turn-taken",
            "the game moved on; try again",
        ))
    }
}

/// After a change by player `you`: the game's new state, sent to its followers and returned
/// to the player (loaded once for both).
async fn changed(app: &AppState, id: &str, you: Role) -> Result<Json<GameInfo>, ApiError> {
    let (mut info, _) = game_info(app, id, None).await?;
    tell(app, &info).await;
    info.you = Some(you);
    Ok(Json(info))
}

/// `POST /api/games/{id}/draw`: offer, accept or decline a draw.
pub async fn draw(
    State(app): State<Arc<AppState>>,
    Requester { id, secret }: Requester,
    ApiJson(req): ApiJson<DrawRequest>,
) -> Result<Json<GameInfo>, ApiError> {
    let (info, game) = game_info(&app, &id, secret.as_deref()).await?;
    let you = info.you.ok_or_else(|| not_a_player("offer a draw"))?;
    if game.status != GameStatus::Ongoing {
        return Err(ApiError::conflict(
            "not-ongoing",
            format!("the game is {}", game.status),
        ));
    }
    let agreed = Finish {
        result: result_for(game.rules, None),
        reason: Ending::of(EndReason::Agreed),
    };
    let side = you.side(info.turn);
    match req.action {
        // On one device both players are at the screen: an offer there is agreed at once.
        DrawAction::Offer if you == Role::Both => {
            finish_game(&app, &game, info.turn, &agreed).await?
        }
        DrawAction::Offer if game.mode == GameMode::Computer => {
            if accepts_draw(&app, &game, side.other()).await? {
                finish_game(&app, &game, info.turn, &agreed).await?;
            } else {
                return Err(ApiError::conflict(
                    "draw-declined",
                    "the computer declines the draw",
                ));
            }
        }
        DrawAction::Offer => app.store.set_draw_offer(&id, Some(side)).await?,
        DrawAction::Accept => match game.draw_offer {
            Some(by) if by != side => finish_game(&app, &game, info.turn, &agreed).await?,
            _ => {
                return Err(ApiError::conflict(
                    "no-offer",
                    "there is no draw offer from the other side",
                ));
            }
        },
        DrawAction::Decline => app.store.set_draw_offer(&id, None).await?,
    }
    changed(&app, &id, you).await
}
