//! The computer's turn in games against it: its move (the draughts search, or Stockfish for
//! chess), started after the player's move and again when overdue, and its answer to a draw
//! offer.

use std::sync::Arc;
use std::time::Duration;

use shakmaty::Position as _;
use shakmaty::variant::VariantPosition;

use super::info::GameInfo;
use super::load::{broken, game_info};
use super::news::tell;
use super::timer::watch;
use super::turns::{fresh, store_move};
use crate::engine::{self, EngineError};
use crate::models::{GameMode, GameStatus, Level, Side};
use crate::server::AppState;
use crate::server::error::ApiError;
use crate::server::play::PlayedGame;
use crate::server::visitor::random_token;
use crate::store::{StoredGame, now_ms};
use games::{AnyPosition, Rules};

/// How long after a game's last change the computer's move is overdue: its longest search
/// (1.5 s) and a wait for a core, with room to spare.
const COMPUTER_OVERDUE_MS: i64 = 5_000;

/// Starts the computer's search again when its move is overdue: the process that stored the
/// player's move died during the search (several processes on one database), or the server
/// restarted. Called when a game is loaded; should two processes start it, the database
/// stores one of their moves.
pub fn resume_computer(app: &Arc<AppState>, info: &GameInfo, game: &StoredGame) {
    let overdue = now_ms().saturating_sub(game.updated_at) > COMPUTER_OVERDUE_MS;
    if game.mode == GameMode::Computer
        && info.status == GameStatus::Ongoing
        && game.computer == Some(info.turn)
        && overdue
    {
        tokio::spawn(computer_turn(app.clone(), info.id.clone()));
    }
}

/// The computer's level in a game against it (intermediate when not said), as the draughts
/// search (and Stockfish's settings) take it.
fn level_of(game: &StoredGame) -> draughts::Level {
    match game.level.unwrap_or(Level::Intermediate) {
        Level::Beginner => draughts::Level::Beginner,
        Level::Intermediate => draughts::Level::Intermediate,
        Level::Strong => draughts::Level::Strong,
    }
}

/// Plays the computer's move if it is its turn.
pub async fn computer_turn(app: Arc<AppState>, id: String) {
    // One search per game at a time here: a second one would find the move made.
    let Some(_claim) = app.live.claim_search(&id) else {
        return;
    };
    // Searches take a core each, from their own pool: however many computer games wait,
    // the analysis board's requests do not wait behind them. The players see the wait.
    let Some(_permit) = app.searches.turn(&app.hub, &id).await else {
        return;
    };
    let slot = app.live.slot(&id);
    let mut guard = slot.lock().await;
    let Ok(live) = fresh(&app, &id, &mut guard).await else {
        return;
    };
    if live.game.status != GameStatus::Ongoing || live.game.mode != GameMode::Computer {
        return;
    }
    if live.game.computer != Some(live.played.side_to_move()) {
        return;
    }
    let level = level_of(&live.game);
    let ply = live.moves.len() as i64;
    let seed = u64::from_str_radix(&random_token()[..16], 16).unwrap_or(1);
    // The search runs on a blocking thread with the game's state, which comes back after;
    // Stockfish, for chess, in a process of its own.
    let Some(taken) = guard.take() else { return };
    let (taken, chosen) = if let PlayedGame::Chess { .. } = taken.played {
        let moves: Vec<String> = taken.moves.iter().map(|m| m.mv.clone()).collect();
        let chosen = computer_chess_move(&app, &taken.game.start_fen, &moves, level).await;
        (taken, chosen)
    } else {
        let endgames = app.engine.endgames.clone();
        let Ok(done) = tokio::task::spawn_blocking(move || {
            let chosen = taken.played.computer_move(level, seed, &endgames);
            (taken, chosen)
        })
        .await
        else {
            return;
        };
        done
    };
    *guard = Some(taken);
    let (Some(chosen), Some(live)) = (chosen, guard.as_mut()) else {
        return;
    };
    if let Ok(Some(info)) = store_move(&app, live, &chosen, ply).await {
        watch(&app, &live.game, info.turn.is_white());
        drop(guard);
        tell(&app, &info).await;
    } else {
        // Refused: the turn was taken, or the computer's own time ran out (then reading the
        // game ends it).
        *guard = None;
        drop(guard);
        let _ = game_info(&app, &id, None).await;
    }
}

/// Whether the computer of `game` (playing `computer` should the row not say) accepts a
/// draw offered now: when its search does not expect it to win.
pub async fn accepts_draw(
    app: &AppState,
    game: &StoredGame,
    computer: Side,
) -> Result<bool, ApiError> {
    let moves = app.store.moves(&game.id).await?;
    let played = PlayedGame::replay(game, &moves).map_err(broken)?;
    let level = level_of(game);
    Ok(if let PlayedGame::Chess { .. } = played {
        let ids: Vec<String> = moves.iter().map(|m| m.mv.clone()).collect();
        let computer = game.computer.unwrap_or(computer);
        computer_accepts_chess_draw(app, &game.start_fen, &ids, computer).await
    } else {
        // A search like the computer's moves, in their pool.
        let Some(_permit) = app.searches.turn(&app.hub, &game.id).await else {
            return Ok(false);
        };
        tokio::task::spawn_blocking(move || played.computer_accepts_draw(level))
            .await
            .unwrap_or(false)
    })
}

/// Refuses a chess game against the computer when the server has no Stockfish.
pub fn check_computer(app: &AppState, rules: Rules) -> Result<(), ApiError> {
    if rules == Rules::Chess && !app.engine.chess_available() {
        return Err(EngineError::Unavailable.into());
    }
    Ok(())
}

/// Whether the computer, playing `computer` in a chess game from `start_fen` after `moves`,
/// accepts a draw: when Stockfish does not expect it to win. It declines when the server has
/// no Stockfish.
async fn computer_accepts_chess_draw(
    app: &AppState,
    start_fen: &str,
    moves: &[String],
    computer: Side,
) -> bool {
    let Some(path) = app.engine.stockfish.as_ref() else {
        return false;
    };
    let Ok(AnyPosition::Chess(VariantPosition::Chess(start))) =
        AnyPosition::from_fen(Rules::Chess, start_fen)
    else {
        return false;
    };
    let white_to_move = moves.len().is_multiple_of(2);
    let white_to_move = if start.turn() == shakmaty::Color::White {
        white_to_move
    } else {
        !white_to_move
    };
    let Ok(_process) = app.engine.processes.acquire().await else {
        return false;
    };
    let time = Duration::from_millis(300);
    match engine::stockfish::evaluate(path, &start, moves, time).await {
        // The score is the side to move's: the computer's when it is to move.
        Some(score) => {
            let computer_to_move = computer.is_white() == white_to_move;
            let for_computer = match score {
                engine::stockfish::UciScore::Cp(cp) => cp,
                engine::stockfish::UciScore::Mate(n) => n.signum() * 100_000,
            };
            let for_computer = if computer_to_move {
                for_computer
            } else {
                -for_computer
            };
            for_computer <= 0
        }
        None => false,
    }
}

/// The computer's move at `level` in a chess game from `start_fen` after `moves` (move
/// ids), by Stockfish; `None` when the server has none or it gives no move.
async fn computer_chess_move(
    app: &AppState,
    start_fen: &str,
    moves: &[String],
    level: draughts::Level,
) -> Option<String> {
    let path = app.engine.stockfish.as_ref()?;
    let AnyPosition::Chess(VariantPosition::Chess(start)) =
        AnyPosition::from_fen(Rules::Chess, start_fen).ok()?
    else {
        return None;
    };
    let _process = app.engine.processes.acquire().await.ok()?;
    engine::stockfish::best_move(path, &start, moves, level).await
}
