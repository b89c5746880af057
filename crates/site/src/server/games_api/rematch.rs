//! Rematches: after a game, a player asks for another with the colours swapped (same rules,
//! start position, mode, level and clock). Against the computer or on one device the new
//! game starts at once; with a friend it waits for the friend, who sees the offer on the
//! finished game's page (its state carries `rematch`) and accepts it by asking too.

use std::sync::Arc;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use super::create::{started, store_new};
use super::follow::publish;
use super::info::GameInfo;
use super::load::{game_info, stored_game};
use super::news::announce;
use super::players::{Requester, hash, not_a_player, role, seated, secret_of};
use super::seats::join_if_free;
use crate::models::{GameMode, GameStatus, Role, Side};
use crate::server::AppState;
use crate::server::clocks::clock_of;
use crate::server::error::ApiError;
use crate::server::forwarded::Client;
use crate::server::json::sorted_json;
use crate::server::visitor::{Visitor, random_token};
use crate::store::StoredGame;

/// The answer to `POST /api/games/{id}/rematch` when the rematch existed.
#[derive(Serialize, ToSchema)]
pub struct RematchJoined {
    pub game: GameInfo,
    /// The asker's new secret when they took the free seat; null when they already had a
    /// seat in the rematch.
    pub secret: Option<String>,
    /// The rematch's page, `/game/ID`.
    pub url: String,
}

/// `POST /api/games/{id}/rematch`: a player of finished game `id` asks for a rematch. The
/// first to ask creates it (201); the friend who asks next takes its free seat (200), and
/// a player of it gets it again (200). Its answer is the new game, as `POST /api/games`
/// gives it.
pub async fn rematch(
    State(app): State<Arc<AppState>>,
    Requester { id, secret }: Requester,
    v: Visitor,
    headers: HeaderMap,
    client: Option<axum::Extension<Client>>,
) -> Result<Response, ApiError> {
    let client = client.map(|c| c.0);
    let game = stored_game(&app, &id).await?;
    // The player keeps their secret in the rematch: a program that plays with a bearer
    // secret goes on with the same one.
    let secret = secret.unwrap_or_default();
    let you = role(&game, Some(&secret)).ok_or_else(|| not_a_player("ask for a rematch"))?;
    if game.status != GameStatus::Finished {
        return Err(ApiError::conflict(
            "not-ongoing",
            "a rematch comes after the game",
        ));
    }
    if let Some(next) = &game.rematch {
        return accept(&app, &v, &headers, next, secret).await;
    }
    let next = swapped(&game, you, &hash(&secret), &v);
    store_new(&app, client, &next).await?;
    if !app.store.set_rematch(&id, &next.id).await? {
        // The other player asked at the same moment: theirs is the rematch. (The game made
        // here stays unused: nobody has its link.)
        let game = stored_game(&app, &id).await?;
        let Some(theirs) = &game.rematch else {
            return Err(ApiError::conflict(
                "rematch-taken",
                "the rematch could not be made",
            ));
        };
        return accept(&app, &v, &headers, theirs, secret).await;
    }
    // The old game's followers (the friend) see the offer.
    publish(&app, &id).await;
    announce(&app, &id).await;
    started(&app, &v, &next, &secret).await
}

/// The rematch of `game` asked for by its player `you` (whose secret's hash is `hashed`):
/// the colours swapped, the clocks full.
fn swapped(game: &StoredGame, you: Role, hashed: &str, v: &Visitor) -> StoredGame {
    let id = random_token()[..10].to_string();
    let start = game.start_fen.clone();
    let mut next = StoredGame::new(id, game.rules, game.mode, start, Some(v.id.clone()));
    next.level = game.level;
    next.computer = game.computer;
    next.white_name = game.black_name.clone();
    next.black_name = game.white_name.clone();
    next.time_control = game.time_control.clone();
    if let Some((control, _)) = clock_of(game) {
        next.start_clocks(control);
    }
    match game.mode {
        GameMode::Device => {
            next.seat(Side::White, hashed);
            next.seat(Side::Black, hashed);
        }
        GameMode::Computer => {
            let computer = game.computer.unwrap_or(Side::Black).other();
            next.computer = Some(computer);
            next.seat(computer.other(), hashed);
        }
        GameMode::Friend => {
            // The asker takes the other colour, the friend's seat waits.
            let asker = you.side(Side::Black).other();
            next.seat(asker, hashed);
            next.status = GameStatus::Waiting;
            // The free seat is the friend's: only their secret of this game takes it.
            next.seat_for = match asker {
                Side::White => game.white_secret.clone(),
                Side::Black => game.black_secret.clone(),
            };
        }
    }
    next
}

/// A player (holding `secret` for the old game) asks for a rematch that exists: their seat
/// in it if they have one, else the free seat of a friend's rematch, with the same secret.
async fn accept(
    app: &Arc<AppState>,
    v: &Visitor,
    headers: &HeaderMap,
    next_id: &str,
    secret: String,
) -> Result<Response, ApiError> {
    let next = stored_game(app, next_id).await?;
    let url = format!("/game/{}", next.id);
    let mine = [secret_of(headers, next_id), Some(secret.clone())]
        .into_iter()
        .flatten()
        .find(|s| role(&next, Some(s)).is_some());
    if let Some(mine) = mine {
        let (game, _) = game_info(app, next_id, Some(&mine)).await?;
        let joined = RematchJoined {
            game,
            secret: None,
            url,
        };
        return Ok(sorted_json(&joined)?.into_response());
    }
    match join_if_free(app, &next, v, false, Some(secret)).await? {
        Some(secret) => {
            let (game, _) = game_info(app, next_id, Some(&secret)).await?;
            let joined = RematchJoined {
                game,
                secret: Some(secret.clone()),
                url,
            };
            Ok(seated(
                sorted_json(&joined)?.into_response(),
                next_id,
                &secret,
                v,
            ))
        }
        None => Err(ApiError::conflict(
            "rematch-taken",
            "the rematch already has its two players",
        )),
    }
}
