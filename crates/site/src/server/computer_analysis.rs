//! Full-game computer analysis on the site (lichess's "Request a computer analysis"):
//! `POST /api/computer-analysis` with a game's start and moves starts it in the background
//! (or finds it done), `GET /api/computer-analysis/{key}` says how far it is and gives it
//! when done.
//!
//! An analysis is kept in the store under the **key** of what was analysed: the rules, the
//! start position, the moves, the search and the engine ([`key_of`]). Both players of a game, anyone who
//! pastes the same game on the analysis board, and the server after a restart find the same
//! analysis, computed once. The searches take the engine's analysis pool one position at a
//! time ([`crate::engine::Pool::cpu`]), so that the analysis board's engine keeps its turn;
//! at most [`MAX_RUNNING`] analyses run at once, the others wait their turn in a queue of
//! at most [`MAX_WAITING`] (as lichess queues its analyses).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use super::AppState;
use super::board_position::{line_of, position_of};
use super::error::ApiError;
use super::json::ApiJson;
use crate::engine::evaluation::Budget;
use crate::engine::game_analysis::{GameAnalysis, GameLine, Settings, evaluate_line};
use games::{AnyPosition, ChessVariant, Rules};

/// Full-game analyses running at once on a server.
pub const MAX_RUNNING: usize = 2;

/// Full-game analyses waiting for their turn, at most: beyond, a request is refused (`503`
/// `busy`).
pub const MAX_WAITING: usize = 32;

/// The search each position gets on the site: draughts to depth 10 (about 0.1 s a position
/// on one core), chess to Stockfish's depth 14.
pub fn site_budget(rules: Rules) -> Budget {
    match rules {
        Rules::Draughts(_) => Budget::Depth(10),
        Rules::Chess => Budget::Depth(14),
    }
}

/// The key an analysis of `line` within `budget` by `engine` is kept under: 32 hexadecimal
/// digits of the SHA-256 of the rules, the start's FEN, the moves' ids, the budget, the
/// engines' version ([`crate::engine::ANALYSIS_VERSION`]) and the endgame tables it probes,
/// so that another engine's analysis is made again, not shown.
pub fn key_of(line: &GameLine, budget: Budget, engine: &crate::engine::Engine) -> String {
    let mut hash = Sha256::new();
    hash.update(line.start.rules().name().as_bytes());
    hash.update(b"\n");
    hash.update(line.start.fen().as_bytes());
    let mut pos = line.start.clone();
    for m in &line.moves {
        hash.update(b" ");
        hash.update(pos.move_id(m).as_bytes());
        pos = pos.after(m);
    }
    hash.update(format!("\n{budget:?}").as_bytes());
    let rules = line.start.rules();
    hash.update(
        format!(
            "\nengine {} tables {}",
            crate::engine::ANALYSIS_VERSION,
            engine.table_pieces(rules)
        )
        .as_bytes(),
    );
    hash.finalize()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The analyses asked for on this server and not done: each one's progress, and the
/// permits to run.
pub struct Running {
    jobs: Mutex<HashMap<String, Job>>,
    turns: Arc<Semaphore>,
}

impl Default for Running {
    fn default() -> Self {
        Running {
            jobs: Mutex::default(),
            turns: Arc::new(Semaphore::new(MAX_RUNNING)),
        }
    }
}

/// An analysis asked for and not done.
#[derive(Clone)]
struct Job {
    /// Positions searched so far.
    done: Arc<AtomicUsize>,
    /// Positions in all.
    total: usize,
    /// Whether it runs (else it waits for its turn).
    started: Arc<AtomicBool>,
}

/// `POST /api/computer-analysis`'s body: a game's start and moves.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"rules": "international", "fen": "W:W31-50:B1-20", "moves": ["32-28", "18-23"]}))]
pub struct AnalysisRequest {
    #[serde(with = "crate::models::rules")]
    #[schema(value_type = crate::models::RulesName)]
    rules: Rules,
    /// Chess: the variant of `fen` (standard chess when left out); only standard chess and
    /// Chess960 are analysed.
    variant: Option<ChessVariant>,
    /// The position before the first move.
    fen: String,
    /// The moves of the main line by id (draughts `31x22x13`, chess UCI), at most 600.
    moves: Vec<String>,
}

/// Where an analysis stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AnalysisState {
    /// It waits for its turn: two others run.
    Queued,
    /// Its positions are being searched.
    Running,
    /// It is done: `analysis` holds it.
    Done,
}

/// What `POST` and `GET /api/computer-analysis` answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AnalysisStatus {
    /// The analysis' key (32 hexadecimal digits), for `GET /api/computer-analysis/{key}`.
    key: String,
    state: AnalysisState,
    /// Positions searched so far.
    done: usize,
    /// Positions in all (the moves and one).
    total: usize,
    /// The analysis, once done.
    analysis: Option<GameAnalysis>,
}

/// `POST /api/computer-analysis`: the analysis of the game, done (200) or started or
/// running (202).
pub async fn request(
    State(app): State<Arc<AppState>>,
    ApiJson(req): ApiJson<AnalysisRequest>,
) -> Result<(StatusCode, Json<AnalysisStatus>), ApiError> {
    let start = position_of(req.rules, req.variant, &req.fen)?;
    if let AnyPosition::Chess(p) = &start
        && !matches!(
            ChessVariant::of_position(p),
            ChessVariant::Standard | ChessVariant::Chess960
        )
    {
        return Err(not_analysed(format!(
            "no engine analyses {}: Stockfish plays standard chess and Chess960 only",
            ChessVariant::of_position(p)
        )));
    }
    let line = line_of(start, &req.moves, "a computer analysis")?;
    let budget = site_budget(req.rules);
    let key = key_of(&line, budget, &app.engine);
    if let Some(status) = known(&app, &key).await? {
        let code = match status.state {
            AnalysisState::Done => StatusCode::OK,
            AnalysisState::Queued | AnalysisState::Running => StatusCode::ACCEPTED,
        };
        return Ok((code, Json(status)));
    }
    if matches!(line.start, AnyPosition::Chess(_)) && !app.engine.chess_available() {
        return Err(crate::engine::EngineError::Unavailable.into());
    }
    let positions = line.positions();
    let job = Job {
        done: Arc::new(AtomicUsize::new(0)),
        total: positions.len(),
        started: Arc::new(AtomicBool::new(false)),
    };
    {
        let mut jobs = app.computer_analyses.jobs.lock().expect("not poisoned");
        if let Some(asked) = jobs.get(&key) {
            return Ok((StatusCode::ACCEPTED, Json(job_status(&key, asked))));
        }
        if jobs.len() >= MAX_RUNNING + MAX_WAITING {
            return Err(crate::engine::EngineError::Busy.into());
        }
        jobs.insert(key.clone(), job.clone());
    }
    let settings = Settings {
        budget,
        jobs: app.engine.pool.cpu.available_permits().max(1),
        stockfish: app.engine.stockfish.clone(),
        cpu: Some(app.engine.pool.cpu.clone()),
        endgames: app.engine.endgames.clone(),
    };
    let status = job_status(&key, &job);
    let work = {
        let (app, key) = (app.clone(), key.clone());
        async move {
            let turns = app.computer_analyses.turns.clone();
            let Ok(_turn) = turns.acquire_owned().await else {
                return;
            };
            job.started.store(true, Ordering::Relaxed);
            let found = evaluate_line(&line, &settings, job.done.clone()).await;
            let saved = match found {
                Ok(evals) => {
                    let analysis = GameAnalysis::judge(&line, &evals, budget, &Default::default());
                    match serde_json::to_string(&analysis) {
                        Ok(json) => app
                            .store
                            .save_computer_analysis(&key, line.start.rules(), &json)
                            .await
                            .map_err(|e| e.to_string()),
                        Err(e) => Err(e.to_string()),
                    }
                }
                Err(e) => Err(e.to_string()),
            };
            if let Err(e) = saved {
                eprintln!("scoresheet: computer analysis {key}: {e}");
            }
            app.computer_analyses
                .jobs
                .lock()
                .expect("not poisoned")
                .remove(&key);
        }
    };
    tokio::spawn(work);
    Ok((StatusCode::ACCEPTED, Json(status)))
}

/// `GET /api/computer-analysis/{key}`: how far the analysis is, and it when done; 404 for a
/// key neither kept nor running (never requested, or failed).
pub async fn status(
    State(app): State<Arc<AppState>>,
    Path(key): Path<String>,
) -> Result<Json<AnalysisStatus>, ApiError> {
    if key.len() != 32 || !key.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ApiError::not_found("no such computer analysis"));
    }
    known(&app, &key).await?.map(Json).ok_or_else(|| {
        ApiError::not_found("no such computer analysis: never asked for, or it failed")
    })
}

/// The site's analysis of `line` (at [`site_budget`]) when it is kept or running.
pub(crate) async fn status_of(
    app: &AppState,
    line: &GameLine,
) -> Result<Option<AnalysisStatus>, ApiError> {
    known(
        app,
        &key_of(line, site_budget(line.start.rules()), &app.engine),
    )
    .await
}

/// The site's analysis of `line` (at [`site_budget`]) when it is kept (done).
pub(crate) async fn kept(
    app: &AppState,
    line: &GameLine,
) -> Result<Option<GameAnalysis>, ApiError> {
    kept_under(
        app,
        &key_of(line, site_budget(line.start.rules()), &app.engine),
    )
    .await
}

async fn kept_under(app: &AppState, key: &str) -> Result<Option<GameAnalysis>, ApiError> {
    let Some(json) = app.store.computer_analysis(key).await? else {
        return Ok(None);
    };
    serde_json::from_str(&json).map(Some).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!("a kept analysis does not read: {e}"),
        )
    })
}

/// The analysis under `key` when it is kept or running.
async fn known(app: &AppState, key: &str) -> Result<Option<AnalysisStatus>, ApiError> {
    if let Some(job) = app
        .computer_analyses
        .jobs
        .lock()
        .expect("not poisoned")
        .get(key)
    {
        return Ok(Some(job_status(key, job)));
    }
    let Some(analysis) = kept_under(app, key).await? else {
        return Ok(None);
    };
    let total = analysis.positions.len();
    Ok(Some(AnalysisStatus {
        key: key.to_string(),
        state: AnalysisState::Done,
        done: total,
        total,
        analysis: Some(analysis),
    }))
}

fn job_status(key: &str, job: &Job) -> AnalysisStatus {
    AnalysisStatus {
        key: key.to_string(),
        state: if job.started.load(Ordering::Relaxed) {
            AnalysisState::Running
        } else {
            AnalysisState::Queued
        },
        done: job.done.load(Ordering::Relaxed).min(job.total),
        total: job.total,
        analysis: None,
    }
}

/// A chess variant no engine here plays: the request's fault, not the server's (422).
fn not_analysed(message: String) -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "variant-not-analysed",
        message,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use games::AnyPosition;

    /// An analysis is kept for the engine that made it: endgame tables of the game's variant
    /// change the key, other variants' tables do not.
    #[test]
    fn the_key_names_the_engine() {
        let library = draughts::egdb::Library::of([draughts::egdb::generate(
            &draughts::Variant::AMERICAN,
            2,
            |_, _| {},
        )]);
        let (plain, with_tables) = (Engine::new(None), Engine::new(None).with_endgames(library));
        let line = |variant| GameLine {
            start: AnyPosition::start(Rules::Draughts(variant)),
            moves: Vec::new(),
        };
        let budget = Budget::Depth(10);
        let american = line(draughts::Variant::AMERICAN);
        assert_eq!(
            key_of(&american, budget, &plain),
            key_of(&american, budget, &Engine::new(None))
        );
        assert_ne!(
            key_of(&american, budget, &plain),
            key_of(&american, budget, &with_tables)
        );
        let international = line(draughts::Variant::INTERNATIONAL);
        assert_eq!(
            key_of(&international, budget, &plain),
            key_of(&international, budget, &with_tables)
        );
    }
}
