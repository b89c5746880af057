//! A stored game written out: its PDN (PGN for chess) for download
//! (`GET /api/games/{id}/pdn`), its view on the analysis board once finished
//! (`GET /api/games/{id}/analysis`), and its summary in the home page's lists.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::load::stored_game;
use super::players::role;
use crate::models::{GameMode, GameStatus, Role, Side};
use crate::server::AppState;
use crate::server::error::ApiError;
use crate::server::game_id::GameId;
use crate::server::pasted::{RulesFrom, load_text};
use crate::server::pgn_date::date_of;
use crate::server::play::winner_of;
use crate::server::views::GameView;
use crate::store::StoredGame;
use games::{AnyPosition, NotationChoice, Rules};

/// The PDN (PGN for chess) of a stored game, and a file name for it.
pub async fn pdn_text(app: &AppState, id: &str) -> Result<(String, String), ApiError> {
    let game = stored_game(app, id).await?;
    let moves = app.store.moves(id).await?;
    let rules = game.rules;
    let start = AnyPosition::from_fen(rules, &game.start_fen).map_err(ApiError::bad_request)?;
    let date = date_of(game.created_at);
    // A player who gave no name is unknown: "?", as the PGN standard writes it (not the
    // colour, which would read as a name).
    let name = |side: Side, stored: &Option<String>| match (stored, game.computer, game.level) {
        (Some(n), _, _) => n.clone(),
        (None, Some(c), Some(level)) if c == side => format!("Computer ({level})"),
        _ => "?".to_string(),
    };
    let white = name(Side::White, &game.white_name);
    let black = name(Side::Black, &game.black_name);
    let result = game.result.clone().unwrap_or_else(|| "*".into());
    let mut text = String::new();
    let event = match game.mode {
        GameMode::Computer => "Game against the computer",
        GameMode::Friend => "Game between friends",
        GameMode::Device => "Game on one device",
    };
    let mut tag = |name: &str, value: &str| {
        text.push_str(&format!(
            "[{name} \"{}\"]\n",
            value.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    };
    tag("Event", event);
    tag("Site", "scoresheet");
    tag("Date", &date);
    tag("Round", "-");
    tag("White", &white);
    tag("Black", &black);
    tag("Result", &result);
    match rules {
        Rules::Draughts(v) => {
            tag("GameType", &v.game_type.to_string());
            // Frysk!, Antidraughts, ... share a GameType with another variant.
            if let Some(name) = v.variant_tag {
                tag("Variant", name);
            }
        }
        Rules::Chess => {}
    }
    if let Some(control) = &game.time_control {
        tag("TimeControl", control);
    }
    if start != AnyPosition::start(rules) {
        if rules == Rules::Chess {
            tag("SetUp", "1");
        }
        tag("FEN", &start.fen());
    }
    text.push('\n');
    for m in &moves {
        text.push_str(&m.mv);
        text.push(' ');
        // The mover's clock after the move, as lichess writes it.
        if let Some(ms) = m.clock_ms {
            text.push_str(&format!("{{[%clk {}]}} ", games::clk_text(ms)));
        }
    }
    text.push_str(&result);
    text.push('\n');
    // Replay the move ids and write them in the rules' notation, wrapped, with move numbers.
    let game_text = record::read_games(&text).remove(0).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "broken-game",
            e.to_string(),
        )
    })?;
    let options = games::ReadOptions {
        rules: Some(rules),
        ..Default::default()
    };
    let written = match games::AnyGame::read(game_text, &options) {
        Ok(games::AnyGame::Draughts(g)) => g.write(&Default::default()),
        Ok(games::AnyGame::Chess(g)) => g.write(&Default::default()),
        Err(e) => {
            return Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "broken-game",
                e.to_string(),
            ));
        }
    };
    let name = format!(
        "scoresheet-{}-{}-{}.{}",
        rules.name(),
        date.replace('.', ""),
        game.id,
        if rules == Rules::Chess { "pgn" } else { "pdn" }
    );
    Ok((written, name))
}

/// `GET /api/games/{id}/pdn`: the game as a file.
pub async fn pdn(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
) -> Result<Response, ApiError> {
    let (text, name) = pdn_text(&app, &id).await?;
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
