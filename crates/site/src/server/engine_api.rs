//! The engine's routes: an analysis of a position as server-sent events
//! (`GET /api/engine`) and whether chess can be analysed (`GET /api/engine/status`). The
//! engines themselves are in [`crate::engine`]; the computer's moves in games against it in
//! games_api/computer.rs.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::{Deserialize, Serialize};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::ReceiverStream;

use super::AppState;
use super::board_position::{line_of, position_of};
use super::error::ApiError;
use super::forwarded::Client;
use super::json::ApiQuery;
use super::views::NotationRequest;
use crate::engine;
use games::{ChessVariant, Rules};

/// `GET /api/engine`'s query.
#[derive(Debug, Deserialize)]
pub struct EngineQuery {
    #[serde(with = "crate::models::rules")]
    rules: Rules,
    /// Chess: the variant of `fen` (standard chess when left out). Only standard chess and
    /// Chess960 are analysed: another variant is `501` `engine-unavailable`.
    variant: Option<ChessVariant>,
    fen: String,
    /// The moves played from `fen` before the position to analyse, separated by spaces (ids
    /// such as `32-28` or `e2e4`, or any notation the site reads), at most
    /// [`crate::engine::game_analysis::MAX_PLIES`]: the engine then knows the game that led
    /// there (repetitions, the draw rules). Left out: `fen` itself is analysed.
    moves: Option<String>,
    /// The deepest depth to search, in plies (at most [`engine::MAX_DEPTH`]).
    depth: Option<u32>,
    /// Chess: the language of the piece letters of the lines (as `notation.lang` of
    /// `/api/position`).
    lang: Option<String>,
    /// Chess: the notation of the lines (`san`, `long`, `uci`, ...).
    style: Option<String>,
    /// Chess: figurines instead of piece letters (1).
    #[serde(default)]
    figurines: u8,
}

/// `GET /api/engine/status`'s answer: which families the server can analyse.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EngineStatus {
    /// Always true: every draughts variant is analysed by the server's own search.
    pub draughts: bool,
    /// Whether chess is analysed (and played against the computer): Stockfish is installed.
    pub chess: bool,
}

/// `GET /api/engine?rules=RULES&fen=FEN`: server-sent events, one `info` event per finished
/// depth (an [`engine::Info`] as JSON), then one `done` event (`{"reason": ...}`, an
/// [`engine::Stop`]) and the end of the stream. Closing the stream stops the analysis.
///
/// The stream counts among the client's live streams ([`super::streams`]).
pub async fn analyse(
    State(app): State<Arc<AppState>>,
    ApiQuery(q): ApiQuery<EngineQuery>,
    client: Option<axum::Extension<Client>>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let start = position_of(q.rules, q.variant, &q.fen)?;
    let ids: Vec<&str> = q
        .moves
        .as_deref()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let line = line_of(start, &ids, "an analysis")?;
    if let Some(variant) = q.variant.filter(|v| !analysed(*v)) {
        return Err(ApiError::new(
            axum::http::StatusCode::UNPROCESSABLE_ENTITY,
            "variant-not-analysed",
            format!(
                "no engine analyses {}: Stockfish plays standard chess and Chess960 only",
                variant
            ),
        ));
    }
    let permit = app.streams.open(client.map(|c| c.0))?;
    let notation = NotationRequest {
        lang: q.lang,
        style: q.style,
        figurines: q.figurines != 0,
        squares: None,
    }
    .choice()?;
    let events = app
        .engine
        .analyse(line.start, &line.moves, q.depth, notation)?;
    let stream = ReceiverStream::new(events).map(move |event| {
        // The stream's place is freed when the stream is dropped with this closure.
        let _held = &permit;
        Ok(match event {
            engine::Event::Info(info) => Event::default()
                .event("info")
                .data(serde_json::to_string(&info).unwrap_or_default()),
            engine::Event::Done(reason) => Event::default()
                .event("done")
                .data(serde_json::json!({ "reason": reason }).to_string()),
        })
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// Whether the server's engines analyse a chess variant (Stockfish: standard chess and
/// Chess960).
fn analysed(variant: ChessVariant) -> bool {
    matches!(variant, ChessVariant::Standard | ChessVariant::Chess960)
}

/// `GET /api/engine/status`.
pub async fn status(State(app): State<Arc<AppState>>) -> Json<EngineStatus> {
    Json(EngineStatus {
        draughts: true,
        chess: app.engine.chess_available(),
    })
}
