//! Telling of a game's new state: to its followers in this process (the hub) and to the other
//! processes on the same store.

use super::info::GameInfo;
use crate::models::GameStatus;
use crate::server::AppState;
use crate::server::hub::NewsKind;

/// Tells of game state `info` (without `you`): to its followers here and to the other
/// processes on the store; a game that ended leaves the live games (and its clock timer
/// stops) and no longer counts among the computer games running.
pub(crate) async fn tell(app: &AppState, info: &GameInfo) {
    publish_info(app, info);
    announce(app, &info.id).await;
    if info.status == GameStatus::Finished {
        app.live.forget(&info.id);
        if info.mode == crate::models::GameMode::Computer {
            app.quotas.not_running(&info.id).await;
        }
    }
}

/// Sends a game's new state (without `you`) to everyone following it, if anyone is.
pub(crate) fn publish_info(app: &AppState, info: &GameInfo) {
    if !app.hub.has_listeners(&info.id) {
        return;
    }
    if let Ok(json) = serde_json::to_string(info) {
        app.hub.publish(&info.id, NewsKind::State, json);
    }
}

/// Tells the other server processes on the same store that game `id` changed, so that they
/// send its new state to the players they serve (see [`crate::store::Store::changes`]).
/// A failure is only logged: the move is stored, and the players see it when they load the
/// game again.
pub(crate) async fn announce(app: &AppState, id: &str) {
    if let Err(e) = app.store.announce(id).await {
        eprintln!("scoresheet: announcing a change of game {id}: {e}");
    }
}
