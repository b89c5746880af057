//! A move stored in turn: a game's live state in its locked slot, fresh from the store, and
//! the next move checked and stored there (the player's and the computer's alike).

use super::info::{GameInfo, info_of};
use super::load::{broken, stored_game};
use crate::server::AppState;
use crate::server::clocks;
use crate::server::error::ApiError;
use crate::server::live::LiveGame;
use crate::server::play::PlayedGame;
use crate::store::now_ms;

/// The live state of game `id` in its locked slot, fresh from the store: the row is read
/// again, and the moves too when the slot's count differs from the store's.
pub(crate) async fn fresh<'a>(
    app: &AppState,
    id: &str,
    slot: &'a mut Option<LiveGame>,
) -> Result<&'a mut LiveGame, ApiError> {
    let game = stored_game(app, id).await?;
    match slot {
        Some(live) if live.moves.len() as i64 == game.plies => live.game = game,
        _ => {
            let moves = app.store.moves(id).await?;
            let played = PlayedGame::replay(&game, &moves).map_err(broken)?;
            *slot = Some(LiveGame {
                game,
                moves,
                played,
            });
        }
    }
    Ok(slot.as_mut().expect("filled above"))
}

/// Checks and stores the next move of a game whose slot is locked. `Ok(None)` when the store
/// refused it (the turn was taken meanwhile). A move not stored, refused or failed, is not
/// played in memory either.
pub(crate) async fn store_move(
    app: &AppState,
    live: &mut LiveGame,
    text: &str,
    ply: i64,
) -> Result<Option<GameInfo>, ApiError> {
    let white_moves = live.played.side_to_move().is_white();
    let charged = clocks::charge(&live.game, white_moves, now_ms())?;
    let mut checked = live
        .played
        .play(text, ply)
        .map_err(|e| ApiError::unreadable("illegal-move", e))?;
    checked.stored.clock_ms = charged.map(|(mover, _)| mover);
    let stored = app
        .store
        .append_move(
            &live.game.id,
            &checked.stored,
            checked.finish.as_ref(),
            charged.as_ref().map(|(_, row)| row),
        )
        .await;
    // All or nothing: a move the store did not take (the turn taken meanwhile, or the write
    // failed) is taken back from the game in memory too.
    match stored {
        Ok(true) => {}
        Ok(false) => {
            live.played.undo();
            return Ok(None);
        }
        Err(e) => {
            live.played.undo();
            return Err(e.into());
        }
    }
    live.moves.push(checked.stored);
    live.game = app
        .store
        .game(&live.game.id)
        .await?
        .unwrap_or_else(|| live.game.clone());
    Ok(Some(info_of(
        &live.game,
        live.moves.clone(),
        &live.played,
        None,
    )?))
}
