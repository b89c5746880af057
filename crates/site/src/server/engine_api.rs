//! The engine's routes: an analysis of a position as server-sent events
//! (`GET /api/engine`), whether chess can be analysed (`GET /api/engine/status`), and the
//! computer's chess moves in games against it. The engines themselves are in
//! [`crate::engine`].

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::{Deserialize, Serialize};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::ReceiverStream;

use super::AppState;
use super::error::ApiError;
use super::json::ApiQuery;
use super::views::NotationRequest;
use crate::engine::{self, EngineError};
use crate::models::Side;
use games::{AnyPosition, Rules};
use shakmaty::Position as _;

/// `GET /api/engine`'s query.
#[derive(Debug, Deserialize)]
pub struct EngineQuery {
    #[serde(with = "crate::models::rules")]
    rules: Rules,
    fen: String,
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

/// Why an analysis could not start, as the API's error.
fn engine_error(e: EngineError) -> ApiError {
    match e {
        EngineError::Unavailable => ApiError::new(
            StatusCode::NOT_IMPLEMENTED,
            "engine-unavailable",
            "chess analysis and chess against the computer need Stockfish, which this server does not have",
        ),
        EngineError::Busy => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "too many analyses at once; try again in a moment",
        ),
    }
}

/// `GET /api/engine?rules=RULES&fen=FEN`: server-sent events, one `info` event per finished
/// depth (an [`engine::Info`] as JSON), then one `done` event (`{"reason": ...}`, an
/// [`engine::Stop`]) and the end of the stream. Closing the stream stops the analysis.
///
/// The stream counts among the visitor's live streams ([`super::streams`]).
pub async fn analyse(
    State(app): State<Arc<AppState>>,
    ApiQuery(q): ApiQuery<EngineQuery>,
    headers: HeaderMap,
    client: Option<axum::Extension<super::forwarded::Client>>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let pos = AnyPosition::from_fen(q.rules, q.fen.trim())
        .map_err(|m| ApiError::unreadable("bad-fen", m))?;
    let permit = app.streams.open(&headers, client.map(|c| c.0))?;
    let notation = NotationRequest {
        lang: q.lang,
        style: q.style,
        figurines: q.figurines != 0,
        squares: None,
    }
    .choice()?;
    let events = app
        .engine
        .analyse(pos, q.depth, notation)
        .map_err(engine_error)?;
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

/// `GET /api/engine/status`.
pub async fn status(State(app): State<Arc<AppState>>) -> Json<EngineStatus> {
    Json(EngineStatus {
        draughts: true,
        chess: app.engine.chess_available(),
    })
}

/// Refuses a chess game against the computer when the server has no Stockfish.
pub fn check_computer(app: &AppState, rules: Rules) -> Result<(), ApiError> {
    if rules == Rules::Chess && !app.engine.chess_available() {
        return Err(engine_error(EngineError::Unavailable));
    }
    Ok(())
}

/// Whether the computer, playing `computer` in a chess game from `start_fen` after `moves`,
/// accepts a draw: when Stockfish does not expect it to win. It declines when the server has
/// no Stockfish.
pub async fn computer_accepts_chess_draw(
    app: &AppState,
    start_fen: &str,
    moves: &[String],
    computer: Side,
) -> bool {
    let Some(path) = app.engine.stockfish.as_ref() else {
        return false;
    };
    let Ok(AnyPosition::Chess(start)) = AnyPosition::from_fen(Rules::Chess, start_fen) else {
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
pub async fn computer_chess_move(
    app: &AppState,
    start_fen: &str,
    moves: &[String],
    level: draughts::Level,
) -> Option<String> {
    let path = app.engine.stockfish.as_ref()?;
    let AnyPosition::Chess(start) = AnyPosition::from_fen(Rules::Chess, start_fen).ok()? else {
        return None;
    };
    let _process = app.engine.processes.acquire().await.ok()?;
    engine::stockfish::best_move(path, &start, moves, level).await
}
