//! A stored game written out: its PDN (PGN for chess) for download
//! (`GET /api/games/{id}/pdn`, with its computer analysis when one is kept), its view on the
//! analysis board once finished (`GET /api/games/{id}/analysis`), and its summary in the
//! home page's lists.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::analysed::annotate_kept;
use super::load::stored_game;
use super::players::role;
use super::record::stored_record;
use crate::models::{GameStatus, Role};
use crate::server::AppState;
use crate::server::error::ApiError;
use crate::server::game_id::GameId;
use crate::server::pasted::{RulesFrom, load_text};
use crate::server::play::winner_of;
use crate::server::views::GameView;
use crate::store::StoredGame;
use games::NotationChoice;

/// The PDN (PGN for chess) of a stored game, and a file name for it.
pub async fn pdn_text(app: &AppState, id: &str) -> Result<(String, String), ApiError> {
    let record = stored_record(app, id).await?;
    Ok((record.text(), record.file_name))
}

/// `GET /api/games/{id}/pdn`: the game as a file, with its computer analysis when the game
/// is finished and one is kept.
pub async fn pdn(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
) -> Result<Response, ApiError> {
    let mut record = stored_record(&app, &id).await?;
    annotate_kept(&app, &mut record).await?;
    let (text, name) = (record.text(), record.file_name);
    let disposition = format!("attachment; filename=\"{name}\"");
    let kind = if name.ends_with(".pgn") {
        "application/x-chess-pgn; charset=utf-8"
    } else {
        "text/plain; charset=utf-8"
    };
    Ok((
        [
            (header::CONTENT_TYPE, kind.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// A finished stored game as the analysis board opens it.
pub struct GameAnalysis {
    /// The game tree.
    pub view: GameView,
    /// Its PDN (PGN) text.
    pub text: String,
    /// The seat of the visitor whose secret was given, when they played the game: the board
    /// is seen from their side.
    pub you: Option<Role>,
}

/// The analysis board's view of a finished stored game, with its PDN (PGN) text and the seat
/// `secret` holds in it; 409 while it is in progress.
pub async fn analysis_view(
    app: &AppState,
    id: &str,
    secret: Option<&str>,
) -> Result<GameAnalysis, ApiError> {
    let game = stored_game(app, id).await?;
    if game.status != GameStatus::Finished {
        return Err(ApiError::conflict(
            "in-progress",
            "this game is still in progress: analysis opens when it ends",
        ));
    }
    let (text, _) = pdn_text(app, id).await?;
    let given = RulesFrom::Given(game.rules);
    let view = load_text(&text, given, 1, &NotationChoice::default(), None)?;
    Ok(GameAnalysis {
        view,
        text,
        you: role(&game, secret),
    })
}

/// `GET /api/games/{id}/analysis`.
pub async fn analysis(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
) -> Result<Json<GameView>, ApiError> {
    Ok(Json(analysis_view(&app, &id, None).await?.view))
}

/// A game in the home page's lists: id, rules, mode, the computer's side and level, status,
/// result and winner, players, moves, last change (page data, whose keys are sorted).
pub fn summary(g: &StoredGame) -> serde_json::Value {
    let winner = g.result.as_deref().and_then(|r| winner_of(g.rules, r));
    serde_json::json!({
        "id": g.id, "rules": g.rules.name(), "mode": g.mode, "computer": g.computer,
        "level": g.level, "status": g.status, "result": g.result, "winner": winner,
        "white": g.white_name, "black": g.black_name, "plies": g.plies, "updated_at": g.updated_at,
    })
}
