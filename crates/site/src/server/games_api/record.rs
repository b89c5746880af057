//! A stored game as a record: its tags and its move ids (with the clocks) read back through
//! the one reading path ([`games::AnyGame::read`]), so that the download, the analysis board
//! and the computer analysis all see the same game.

use axum::http::StatusCode;

use super::load::stored_game;
use crate::models::{GameMode, Side};
use crate::server::AppState;
use crate::server::error::ApiError;
use crate::server::pgn_date::date_of;
use crate::store::StoredGame;
use games::{AnyGame, AnyPosition, Rules};

/// A stored game read as a record.
pub(crate) struct Record {
    /// Its row.
    pub stored: StoredGame,
    /// The game, tags and moves, as a PDN (PGN) reader gives it.
    pub game: AnyGame,
    /// A file name for its download.
    pub file_name: String,
}

impl Record {
    /// The record written in the rules' notation, wrapped, with move numbers.
    pub fn text(&self) -> String {
        match &self.game {
            AnyGame::Draughts(g) => g.write(&Default::default()),
            AnyGame::Chess(g) => g.write(&Default::default()),
        }
    }
}

/// Game `id` read from the store as a record.
pub(crate) async fn stored_record(app: &AppState, id: &str) -> Result<Record, ApiError> {
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
    // Replay the move ids: the record then writes them in the rules' notation.
    let game_text = record::read_games(&text).remove(0).map_err(broken)?;
    let options = games::ReadOptions {
        rules: Some(rules),
        ..Default::default()
    };
    let read = AnyGame::read(game_text, &options).map_err(broken)?;
    let file_name = format!(
        "scoresheet-{}-{}-{}.{}",
        rules.name(),
        date.replace('.', ""),
        game.id,
        if rules == Rules::Chess { "pgn" } else { "pdn" }
    );
    Ok(Record {
        stored: game,
        game: read,
        file_name,
    })
}

fn broken(e: impl ToString) -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "broken-game",
        e.to_string(),
    )
}
