//! The timer of a game with a clock: it rings when the side to move runs out of time (unless a
//! move comes first), and the game is read again then, which ends it by time and tells its
//! followers. Without it, a game whose players both left would wait for its next reader to
//! end.

use std::sync::Arc;
use std::time::Duration;

use super::load::game_info;
use crate::models::GameStatus;
use crate::server::AppState;
use crate::server::clocks::clock_of;
use crate::store::{StoredGame, now_ms};

/// Rings when the side to move of game `id` runs out of time (unless a move comes first):
/// the game is read again then, which ends it by time and tells its followers. Without
/// it, a game whose players both left would wait for its next reader to end.
pub fn watch(app: &Arc<AppState>, game: &StoredGame, white_to_move: bool) {
    if game.status != GameStatus::Ongoing {
        return;
    }
    let Some(flag_at) = clock_of(game).and_then(|(_, c)| c.flag_at(white_to_move)) else {
        return;
    };
    let id = game.id.clone();
    let wait = flag_at.saturating_sub(now_ms()).max(0) as u64;
    let (ringing, rung) = (app.clone(), id.clone());
    // The timer of the move before is no longer needed: this one takes its place.
    app.live.start_timer(&id, async move {
        // A little after the flag falls, so that the clock has surely run out.
        tokio::time::sleep(Duration::from_millis(wait + 20)).await;
        ringing.live.timer_done(&rung, tokio::task::id());
        let _ = game_info(&ringing, &rung, None).await;
    });
}
