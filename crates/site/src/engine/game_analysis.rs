//! Full-game analysis: every position of a game's main line evaluated by a bounded search
//! (the draughts search for every draughts variant, Stockfish for chess), then each move
//! judged and each player's accuracy worked out as lichess does ([`super::judgement`]).
//!
//! [`evaluate_line`] runs the searches, several at once, counting the positions done
//! so that a caller can show progress; [`GameAnalysis::judge`] turns their evaluations into
//! the analysis kept with the game and shown on its page; [`super::annotate`] writes it into
//! the game's record as NAGs, `[%eval]` comments and the better lines.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use shakmaty::variant::VariantPosition;
use shakmaty::{CastlingMode, Position as _};
use tokio::sync::Semaphore;

use super::draughts_search;
use super::evaluation::{Budget, Evaluation};
use super::judgement::{Curve, Judgement, Score, move_accuracy};
use super::stockfish::Session;
use games::{AnyGame, AnyMove, AnyPosition, ChessMove, NotationChoice};

/// The moves of a side line shown for a judged move, at most.
pub const LINE_PLIES: usize = 10;

/// The plies of a game a full-game analysis takes, at most (a longer game is analysed up to
/// there).
pub const MAX_PLIES: usize = 600;

/// A game's main line: where it starts and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The position before the first move.
    pub start: AnyPosition,
    /// The moves, each legal after the ones before.
    pub moves: Vec<AnyMove>,
}

impl GameLine {
    /// The main line of a game read from a record, up to [`MAX_PLIES`] plies and up to a
    /// chess null move (`--`), which no engine searches past.
    pub fn of(game: &AnyGame) -> GameLine {
        match game {
            AnyGame::Draughts(g) => GameLine {
                start: AnyPosition::Draughts(g.start),
                moves: g
                    .game
                    .moves
                    .nodes
                    .iter()
                    .take(MAX_PLIES)
                    .map(|n| AnyMove::Draughts(n.mov.clone()))
                    .collect(),
            },
            AnyGame::Chess(g) => GameLine {
                start: AnyPosition::Chess(g.start.clone()),
                moves: g
                    .game
                    .moves
                    .nodes
                    .iter()
                    .take(MAX_PLIES)
                    .map_while(|n| match n.mov {
                        ChessMove::Move(m) => Some(AnyMove::Chess(m)),
                        ChessMove::Null => None,
                    })
                    .collect(),
            },
        }
    }

    /// Every position: the start, then the one after each move.
    pub fn positions(&self) -> Vec<AnyPosition> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        out.push(self.start.clone());
        for m in &self.moves {
            let next = out[out.len() - 1].after(m);
            out.push(next);
        }
        out
    }

    /// The curve its evaluations are judged on: the draughts engine's in draughts
    /// ([`Curve::of_draughts`]), lichess's in chess.
    pub fn curve(&self) -> Curve {
        match &self.start {
            AnyPosition::Draughts(p) => Curve::of_draughts(p.variant()),
            AnyPosition::Chess(_) => Curve::LICHESS,
        }
    }
}

/// How a full-game analysis runs.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The search each position gets.
    pub budget: Budget,
    /// Positions searched at once.
    pub jobs: usize,
    /// Stockfish's executable (chess needs it).
    pub stockfish: Option<PathBuf>,
    /// A pool whose permit each search takes (the server's analysis pool), if any.
    pub cpu: Option<Arc<Semaphore>>,
    /// The draughts endgame tables the searches probe (empty: none).
    pub endgames: draughts::egdb::Library,
}

/// Why a full-game analysis could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// No engine plays these rules here: chess without Stockfish, or a chess variant
    /// (Stockfish as Debian builds it plays standard chess and Chess960 only).
    #[error("no engine here analyses {0}")]
    Unavailable(String),
    /// The engine failed (Stockfish could not start, died or gave no line).
    #[error("the engine failed: {0}")]
    Failed(String),
}

/// Evaluates every position of `line` ([`GameLine::positions`]) within `settings`,
/// `settings.jobs` at a time, adding one to `done` as each is finished. The evaluations come
/// in the positions' order. A draughts position is searched with the game that led to it
/// (repetitions and the variant's draw rules); Stockfish gets each position alone.
///
/// # Errors
///
/// [`AnalysisError`]: no engine for the rules, or the engine failed.
pub async fn evaluate_line(
    line: &GameLine,
    settings: &Settings,
    done: Arc<AtomicUsize>,
) -> Result<Vec<Evaluation>, AnalysisError> {
    let positions: Arc<Vec<AnyPosition>> = Arc::new(line.positions());
    let chess960 = match positions.first() {
        Some(AnyPosition::Chess(VariantPosition::Chess(p))) => {
            settings.stockfish.as_ref().ok_or_else(|| {
                AnalysisError::Unavailable("chess: the server has no Stockfish".into())
            })?;
            p.castles().mode() == CastlingMode::Chess960
        }
        Some(AnyPosition::Chess(p)) => {
            return Err(AnalysisError::Unavailable(
                games::ChessVariant::of_position(p)
                    .report_name()
                    .to_string(),
            ));
        }
        _ => false,
    };
    let line = Arc::new(line.clone());
    let results: Arc<Mutex<Vec<Option<Evaluation>>>> =
        Arc::new(Mutex::new(vec![None; positions.len()]));
    let next = Arc::new(AtomicUsize::new(0));
    let mut workers = tokio::task::JoinSet::new();
    for _ in 0..settings.jobs.clamp(1, positions.len().max(1)) {
        let (line, positions, results, next, done) = (
            line.clone(),
            positions.clone(),
            results.clone(),
            next.clone(),
            done.clone(),
        );
        let settings = settings.clone();
        workers.spawn(async move {
            let mut session = None;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(pos) = positions.get(i) else {
                    return Ok(());
                };
                let _permit = match &settings.cpu {
                    Some(cpu) => Some(
                        cpu.clone()
                            .acquire_owned()
                            .await
                            .map_err(|e| AnalysisError::Failed(e.to_string()))?,
                    ),
                    None => None,
                };
                let found = match pos {
                    AnyPosition::Draughts(p) => {
                        let game = match line.start {
                            AnyPosition::Draughts(start) => {
                                super::draughts_game(start, &line.moves[..i])
                            }
                            AnyPosition::Chess(_) => draughts::GameHistory::new(*p),
                        };
                        let (budget, tables) =
                            (settings.budget, settings.endgames.for_variant(p.variant()));
                        tokio::task::spawn_blocking(move || {
                            draughts_search::evaluate(game, budget, tables)
                        })
                        .await
                        .map_err(|e| AnalysisError::Failed(e.to_string()))?
                    }
                    AnyPosition::Chess(VariantPosition::Chess(p)) => {
                        if session.is_none() {
                            let path = settings.stockfish.as_ref().ok_or_else(|| {
                                AnalysisError::Unavailable(
                                    "chess: the server has no Stockfish".into(),
                                )
                            })?;
                            session = Some(
                                Session::start(path, chess960)
                                    .await
                                    .map_err(|e| AnalysisError::Failed(e.to_string()))?,
                            );
                        }
                        let Some(s) = session.as_mut() else {
                            unreachable!("started above")
                        };
                        s.evaluate(p, settings.budget)
                            .await
                            .map_err(|e| AnalysisError::Failed(e.to_string()))?
                    }
                    AnyPosition::Chess(p) => {
                        return Err(AnalysisError::Unavailable(
                            games::ChessVariant::of_position(p)
                                .report_name()
                                .to_string(),
                        ));
                    }
                };
                results.lock().expect("not poisoned")[i] = Some(found);
                done.fetch_add(1, Ordering::Relaxed);
            }
        });
    }
    while let Some(joined) = workers.join_next().await {
        match joined {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(e),
            Err(e) => return Err(AnalysisError::Failed(e.to_string())),
        }
    }
    let results = std::mem::take(&mut *results.lock().expect("not poisoned"));
    results
        .into_iter()
        .map(|r| r.ok_or_else(|| AnalysisError::Failed("a position was not searched".into())))
        .collect()
}

/// One position of an analysed game, as its page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PositionEval {
    /// The evaluation, White's.
    pub score: Score,
    /// White's win percentage (0 to 100) on the game's [`Curve`]: the graph's height.
    pub win: f64,
    /// The depth searched, in plies.
    pub depth: u32,
    /// The best line's moves as ids (draughts `31x22x13`, chess UCI), at most
    /// [`LINE_PLIES`]; empty when the game is over here.
    pub best: Vec<String>,
    /// The same moves written in the site's default notation.
    pub line: Vec<String>,
}

/// One move of an analysed game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MoveEval {
    /// What the move lost, when it lost enough to be marked.
    pub judgement: Option<Judgement>,
    /// Its accuracy, 0 to 100.
    pub accuracy: f64,
    /// Whether the move was the engine's best (it lost nothing by definition).
    pub best: bool,
}

/// What a player did over an analysed game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PlayerSummary {
    /// Lichess's accuracy (0 to 100); none when the player made no move.
    pub accuracy: Option<f64>,
    /// Moves marked inaccuracy.
    pub inaccuracies: u32,
    /// Moves marked mistake.
    pub mistakes: u32,
    /// Moves marked blunder.
    pub blunders: u32,
}

/// A game analysed in full.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GameAnalysis {
    /// The search each position got.
    pub budget: Budget,
    /// Every position: the start, then after each move.
    pub positions: Vec<PositionEval>,
    /// Every move of the main line analysed.
    pub moves: Vec<MoveEval>,
    /// White's summary.
    pub white: PlayerSummary,
    /// Black's summary.
    pub black: PlayerSummary,
}

impl GameAnalysis {
    /// The analysis of `line` from the evaluations of its positions (one per position of
    /// [`GameLine::positions`], in order), the lines written in `notation`.
    pub fn judge(
        line: &GameLine,
        evals: &[Evaluation],
        budget: Budget,
        notation: &NotationChoice,
    ) -> GameAnalysis {
        let positions = line.positions();
        let scores: Vec<Score> = evals.iter().map(|e| e.score).collect();
        let white_first = line.start.white_to_move();
        let curve = line.curve();
        let (white_accuracy, black_accuracy) = curve.game_accuracy(&scores, white_first);
        let mut white = PlayerSummary {
            accuracy: white_accuracy,
            ..PlayerSummary::default()
        };
        let mut black = PlayerSummary {
            accuracy: black_accuracy,
            ..PlayerSummary::default()
        };
        let mut moves = Vec::with_capacity(line.moves.len());
        for (i, played) in line
            .moves
            .iter()
            .enumerate()
            .take(evals.len().saturating_sub(1))
        {
            let mover_white = positions[i].white_to_move();
            let (before, after) = (evals[i].score, evals[i + 1].score);
            let best = evals[i]
                .line
                .first()
                .is_some_and(|m| positions[i].move_id(m) == positions[i].move_id(played));
            let judgement = if best {
                None
            } else {
                curve.judge(before, after, mover_white)
            };
            let (wb, wa) = (curve.win_percent(before), curve.win_percent(after));
            let accuracy = if mover_white {
                move_accuracy(wb, wa)
            } else {
                move_accuracy(100.0 - wb, 100.0 - wa)
            };
            let summary = if mover_white { &mut white } else { &mut black };
            match judgement {
                Some(Judgement::Inaccuracy) => summary.inaccuracies += 1,
                Some(Judgement::Mistake) => summary.mistakes += 1,
                Some(Judgement::Blunder) => summary.blunders += 1,
                None => {}
            }
            moves.push(MoveEval {
                judgement,
                accuracy,
                best,
            });
        }
        let positions = positions
            .iter()
            .zip(evals)
            .map(|(pos, e)| {
                let shown = &e.line[..e.line.len().min(LINE_PLIES)];
                let (_, texts) = super::describe_line(pos, shown, notation);
                let mut p = pos.clone();
                let ids = shown
                    .iter()
                    .map(|m| {
                        let id = p.move_id(m);
                        p = p.after(m);
                        id
                    })
                    .collect();
                PositionEval {
                    score: e.score,
                    win: curve.win_percent(e.score),
                    depth: e.depth,
                    best: ids,
                    line: texts,
                }
            })
            .collect();
        GameAnalysis {
            budget,
            positions,
            moves,
            white,
            black,
        }
    }
}
