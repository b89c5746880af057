//! Reading a game from the store: its row (404 when there is none), its info, and the end by
//! time of a game whose side to move has run out, whoever reads it first.

use super::info::{GameInfo, info_of};
use super::news::tell;
use super::players::role;
use axum::http::StatusCode;

use crate::models::GameStatus;
use crate::server::AppState;
use crate::server::clocks::clock_of;
use crate::server::error::ApiError;
use crate::server::play::PlayedGame;
use crate::store::{StoredGame, now_ms};

/// The stored row of game `id`, or 404.
pub(crate) async fn stored_game(app: &AppState, id: &str) -> Result<StoredGame, ApiError> {
    app.store
        .game(id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no game {id}")))
}

/// Loads a game and builds its info for `secret`'s holder.
pub async fn game_info(
    app: &AppState,
    id: &str,
    secret: Option<&str>,
) -> Result<(GameInfo, StoredGame), ApiError> {
    let mut game = stored_game(app, id).await?;
    let moves = app.store.moves(id).await?;
    let played = PlayedGame::replay(&game, &moves).map_err(broken)?;
    // A side whose time ran out loses now, whoever reads the game first.
    let flagged = flag_if_out(app, &mut game, &played, now_ms()).await?;
    let mut info = info_of(&game, moves, &played, None)?;
    if flagged {
        tell(app, &info).await;
    }
    info.you = role(&game, secret);
    Ok((info, game))
}

/// A stored game whose moves no longer replay.
pub(crate) fn broken(e: String) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "broken-game", e)
}

/// Ends `game` by time if the side to move has run out at `now`: stores the end (refused if
/// a move or another end came first) and updates `game` to match. Answers whether it ended
/// it here.
pub async fn flag_if_out(
    app: &AppState,
    game: &mut StoredGame,
    played: &PlayedGame,
    now: i64,
) -> Result<bool, ApiError> {
    if game.status != GameStatus::Ongoing {
        return Ok(false);
    }
    let Some((_, clock)) = clock_of(game) else {
        return Ok(false);
    };
    if !clock.out_of_time(played.side_to_move().is_white(), now) {
        return Ok(false);
    }
    let finish = played.time_out(game.rules);
    // Its clock is shown at zero from the reason (see `view`): nothing to store.
    if !app
        .store
        .finish(&game.id, game.plies, &finish, None)
        .await?
    {
        return Ok(false);
    }
    game.status = GameStatus::Finished;
    game.result = Some(finish.result);
    game.reason = Some(finish.reason.to_string());
    game.draw_offer = None;
    Ok(true)
}
