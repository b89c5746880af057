//! Engine analysis of a position: the draughts crate's search for every draughts variant,
//! Stockfish (over UCI) for chess when it is installed.
//!
//! An analysis is a stream of [`Info`], one per finished depth, deeper and deeper until a
//! time cap, a depth cap, a forced result or the reader going away (dropping the receiver
//! stops it: the draughts search after its current depth, Stockfish at once, its process
//! killed). The same layer chooses the computer's chess moves in games against it
//! ([`stockfish::best_move`]).
//!
//! # CPU
//!
//! Analysis runs on the server, in a pool of its own ([`Pool::cpu`]): half the cores (at
//! least one) may run an analysis step at a time. It does not share the permits of the heavy
//! requests and of the computer's moves ([`crate::server::AppState::heavy`]), so that
//! however many boards are analysed, moves and pasted games never wait behind an analysis;
//! and since a permit is taken for one depth at a time, not for a whole analysis, several
//! boards analysed at once take turns depth by depth instead of queueing for seconds. The
//! number of analyses open at once is bounded too ([`MAX_ANALYSES`], [`MAX_STOCKFISH`]):
//! each holds a transposition table (or a Stockfish process).
//!
//! A draughts analysis step that finds more permits of the pool free than the one it waited
//! for takes them too, up to [`Pool::threads`], and searches on that many threads (lazy
//! SMP, see [`draughts::Searcher::with_threads`]): a board analysed alone on a server with
//! cores to spare goes deeper, and one analysed among many takes its turn on one core.

pub mod annotate;
pub mod draughts_search;
pub mod evaluation;
pub mod game_analysis;
pub mod judgement;
pub mod stockfish;
pub mod tables;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc};

pub use tables::TableResult;

use draughts::egdb::Library;
use games::{AnyMove, AnyPosition, NotationChoice};
use shakmaty::variant::VariantPosition;

/// How long one analysis searches at most.
pub const TIME_CAP: Duration = Duration::from_secs(8);

/// The deepest depth an analysis goes to, in plies.
pub const MAX_DEPTH: u32 = 40;

/// Analyses open at once, all families together (each holds a transposition table of
/// [`draughts_search::TABLE_MB`] MiB or a Stockfish process).
pub const MAX_ANALYSES: usize = 16;

/// Stockfish processes at once (analyses and the computer's chess moves together).
pub const MAX_STOCKFISH: usize = 4;

/// The version of the engines' judgements: part of the key a full-game analysis is kept
/// under (`server::computer_analysis::key_of`), so that an analysis an older engine made is
/// made again, not shown as this one's. Raise it whenever the draughts search or evaluation
/// changes what it finds (2: the learned evaluation, its curve and the game's history).
pub const ANALYSIS_VERSION: u32 = 2;

/// One finished depth of an analysis.
///
/// Scores are from **White's** point of view (positive: White is better), whoever is to
/// move, so that a page can draw its evaluation bar from them directly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Info {
    /// The depth searched, in plies.
    pub depth: u32,
    /// The evaluation from White's point of view: centipawns in chess, hundredths of a man
    /// in draughts. Null when a forced result is found (see `mate`).
    pub score: Option<i32>,
    /// A forced result: the moves (of the winning side) to checkmate in chess, or to the win
    /// in draughts; positive when White wins, negative when Black does.
    pub mate: Option<i32>,
    /// The expected line, in the site's notation (draughts `11-15`, `11x18`, or the
    /// variant's own; chess SAN).
    pub pv: Vec<String>,
    /// The id of the best move, as the analysis board's `/api/play` takes it (draughts
    /// `31x22x13`, chess UCI `e2e4`).
    pub best: String,
    /// Positions searched so far.
    pub nodes: u64,
    /// Milliseconds since the analysis started.
    pub time_ms: u64,
    /// What the endgame tables say of the position, when the search reached them (draughts,
    /// on a server with tables: `scoresheet serve --endgames DIR`). A table win keeps a
    /// `score` above 170 men ([`draughts::db_win`]: 27,000 hundredths less the material's
    /// rank and the plies to the next conversion), so that a bar or a judgement reading
    /// only the score still sees a win; a page shows "database win" instead. Null
    /// otherwise.
    pub database: Option<TableResult>,
}

/// Why an analysis ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Stop {
    /// [`MAX_DEPTH`] was reached.
    Depth,
    /// [`TIME_CAP`] ran out.
    Time,
    /// A forced result was found: deeper search would not change it.
    Forced,
    /// The position has no legal move: the game is over.
    NoMoves,
    /// The engine failed (a Stockfish process that died or did not answer).
    Failed,
}

/// What an analysis sends: finished depths, then why it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A finished depth.
    Info(Info),
    /// The end: nothing follows.
    Done(Stop),
}

/// Why an analysis could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// Chess analysis needs Stockfish, and the server has none.
    #[error("chess analysis needs Stockfish, which this server does not have")]
    Unavailable,
    /// Too many analyses are open at once.
    #[error("too many analyses at once; try again in a moment")]
    Busy,
}

/// The engines of a server and the bounds on their use.
pub struct Engine {
    /// Stockfish's executable, when the server has one.
    pub stockfish: Option<PathBuf>,
    /// The draughts endgame tables the searches probe (none unless loaded:
    /// [`Engine::with_endgames`]).
    pub endgames: Library,
    /// Permits to run an analysis step, and how many one draughts step may take (see the
    /// module's doc).
    pub pool: Pool,
    /// Permits to hold an analysis open.
    analyses: Arc<Semaphore>,
    /// Permits to run a Stockfish process.
    pub processes: Arc<Semaphore>,
}

/// The permits an analysis holds while it is open.
pub struct Held {
    _analysis: OwnedSemaphorePermit,
    _process: Option<OwnedSemaphorePermit>,
}

impl Engine {
    /// Engines with Stockfish at `stockfish` (none: chess analysis unavailable), and a pool
    /// of half the machine's cores, all of which one draughts analysis step may take when
    /// they are free.
    pub fn new(stockfish: Option<PathBuf>) -> Engine {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let pool = (cores / 2).max(1);
        Engine {
            stockfish,
            endgames: Library::default(),
            pool: Pool {
                cpu: Arc::new(Semaphore::new(pool)),
                threads: pool,
            },
            analyses: Arc::new(Semaphore::new(MAX_ANALYSES)),
            processes: Arc::new(Semaphore::new(MAX_STOCKFISH)),
        }
    }

    /// Engines with the Stockfish that [`stockfish::find`] finds.
    pub fn discover() -> Engine {
        Engine::new(stockfish::find(None))
    }

    /// These engines, a draughts analysis step taking at most `threads` of the pool's
    /// permits (at least one).
    pub fn with_analysis_threads(mut self, threads: usize) -> Engine {
        self.pool.threads = threads.max(1);
        self
    }

    /// These engines, the draughts searches probing `endgames` (the analysis board, the
    /// full-game analysis, the computer's strong moves).
    pub fn with_endgames(self, endgames: Library) -> Engine {
        Engine { endgames, ..self }
    }

    /// The most pieces of the positions the endgame tables of `rules` hold (0: none, or
    /// chess).
    pub fn table_pieces(&self, rules: games::Rules) -> u8 {
        match rules {
            games::Rules::Draughts(v) => {
                self.endgames.for_variant(&v).map_or(0, |t| t.max_pieces())
            }
            games::Rules::Chess => 0,
        }
    }

    /// Whether chess can be analysed (and played against the computer).
    pub fn chess_available(&self) -> bool {
        self.stockfish.is_some()
    }

    /// Starts analysing the position after `moves` (each legal after the ones before) from
    /// `start`, to `depth` plies at most ([`MAX_DEPTH`] when `None` or deeper), its lines
    /// written in `notation`: its events arrive on the receiver. Dropping the receiver stops
    /// the analysis.
    ///
    /// Both engines know the moves that led there (repetitions, the draw rules); the
    /// draughts search probes the endgame tables too.
    pub fn analyse(
        &self,
        start: AnyPosition,
        moves: &[AnyMove],
        depth: Option<u32>,
        notation: NotationChoice,
    ) -> Result<mpsc::Receiver<Event>, EngineError> {
        let chess = matches!(start, AnyPosition::Chess(_));
        if chess && self.stockfish.is_none() {
            return Err(EngineError::Unavailable);
        }
        let analysis = self
            .analyses
            .clone()
            .try_acquire_owned()
            .map_err(|_| EngineError::Busy)?;
        let process = if chess {
            Some(
                self.processes
                    .clone()
                    .try_acquire_owned()
                    .map_err(|_| EngineError::Busy)?,
            )
        } else {
            None
        };
        let held = Held {
            _analysis: analysis,
            _process: process,
        };
        let (tx, rx) = mpsc::channel(8);
        let limits = Limits {
            time: TIME_CAP,
            depth: depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
            notation,
        };
        match (start, &self.stockfish) {
            (AnyPosition::Draughts(start), _) => {
                tokio::spawn(draughts_search::analyse(
                    draughts_game(start, moves),
                    limits,
                    self.endgames.for_variant(start.variant()),
                    self.pool.clone(),
                    tx,
                    held,
                ));
            }
            // Stockfish plays standard chess and Chess960; Debian has no build for the
            // other variants.
            (AnyPosition::Chess(VariantPosition::Chess(start)), Some(path)) => {
                let moves = moves
                    .iter()
                    .filter_map(|m| match m {
                        AnyMove::Chess(m) => Some(*m),
                        AnyMove::Draughts(_) => None,
                    })
                    .collect();
                tokio::spawn(stockfish::analyse(
                    path.clone(),
                    start,
                    moves,
                    limits,
                    self.pool.cpu.clone(),
                    tx,
                    held,
                ));
            }
            (AnyPosition::Chess(_), _) => return Err(EngineError::Unavailable),
        }
        Ok(rx)
    }
}

/// The engines' analysis pool: its steps take one permit of `cpu`, waiting for it, and a
/// draughts step as many more as are free, up to `threads` in all.
#[derive(Clone, Debug)]
pub struct Pool {
    /// Permits to run an analysis step.
    pub cpu: Arc<Semaphore>,
    /// The most permits (threads) one draughts analysis step takes.
    pub threads: usize,
}

/// The draughts game of `moves` from `start`: the moves legal one after the other (a chess
/// move or an illegal one ends it there).
pub fn draughts_game(start: draughts::Position, moves: &[AnyMove]) -> draughts::GameHistory {
    let mut game = draughts::GameHistory::new(start);
    for m in moves {
        let AnyMove::Draughts(m) = m else { break };
        if game.push(m).is_err() {
            break;
        }
    }
    game
}

/// How far an analysis goes, and how it writes its lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Its whole time.
    pub time: Duration,
    /// Its deepest depth.
    pub depth: u32,
    /// How its lines are written.
    pub notation: NotationChoice,
}

/// The id and the texts of a line of moves from `pos`, in `notation`.
pub fn describe_line(
    pos: &AnyPosition,
    line: &[AnyMove],
    notation: &NotationChoice,
) -> (String, Vec<String>) {
    let mut p = pos.clone();
    let mut texts = Vec::with_capacity(line.len());
    let mut best = String::new();
    for (i, m) in line.iter().enumerate() {
        let (id, text) = p.describe(m, notation);
        if i == 0 {
            best = id;
        }
        texts.push(text);
        p = p.after(m);
    }
    (best, texts)
}

/// A score for the side to move as White's.
pub fn for_white(score: i32, white_to_move: bool) -> i32 {
    if white_to_move { score } else { -score }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::Rules;

    fn international() -> AnyPosition {
        AnyPosition::start(Rules::Draughts(draughts::Variant::INTERNATIONAL))
    }

    #[tokio::test]
    async fn an_analysis_streams_depths_then_says_why_it_ended() {
        let engine = Engine::new(None);
        let mut events = engine
            .analyse(international(), &[], Some(4), NotationChoice::default())
            .unwrap();
        let mut depths = Vec::new();
        let stop = loop {
            match events.recv().await.expect("a done event ends the stream") {
                Event::Info(info) => depths.push(info.depth),
                Event::Done(stop) => break stop,
            }
        };
        assert_eq!(depths, [1, 2, 3, 4]);
        assert_eq!(stop, Stop::Depth);
        assert!(events.recv().await.is_none(), "nothing after done");
    }

    /// With a pool of two permits free, a draughts analysis searches on two threads: it
    /// still gives every depth, and gives both permits back when it ends.
    #[tokio::test]
    async fn an_analysis_on_two_threads_streams_every_depth_and_frees_its_permits() {
        let mut engine = Engine::new(None).with_analysis_threads(2);
        engine.pool.cpu = Arc::new(Semaphore::new(2));
        let mut events = engine
            .analyse(international(), &[], Some(9), NotationChoice::default())
            .unwrap();
        let mut depths = Vec::new();
        let mut busy = false;
        let stop = loop {
            busy |= engine.pool.cpu.available_permits() == 0;
            match events.recv().await.expect("a done event ends the stream") {
                Event::Info(info) => depths.push(info.depth),
                Event::Done(stop) => break stop,
            }
        };
        assert_eq!(depths, (1..=9).collect::<Vec<u32>>());
        assert_eq!(stop, Stop::Depth);
        assert!(busy, "the steps held both permits");
        assert_eq!(engine.pool.cpu.available_permits(), 2);
    }

    #[tokio::test]
    async fn a_reader_that_goes_away_stops_the_analysis() {
        let engine = Engine::new(None);
        let mut events = engine
            .analyse(international(), &[], None, NotationChoice::default())
            .unwrap();
        assert!(matches!(events.recv().await, Some(Event::Info(_))));
        assert!(engine.analyses.available_permits() < MAX_ANALYSES);
        drop(events);
        // The search in progress is stopped at once and the analysis lets go of its place,
        // well before its time cap would have ended it (milliseconds against 8 s).
        let freed = async {
            while engine.analyses.available_permits() < MAX_ANALYSES {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        };
        tokio::time::timeout(TIME_CAP / 2, freed)
            .await
            .expect("the analysis stops when its reader goes away");
    }

    #[tokio::test]
    async fn chess_without_stockfish_and_too_many_analyses_are_refused() {
        let engine = Engine::new(None);
        assert_eq!(
            engine
                .analyse(
                    AnyPosition::start(Rules::Chess),
                    &[],
                    None,
                    NotationChoice::default()
                )
                .err(),
            Some(EngineError::Unavailable)
        );
        let open: Vec<_> = (0..MAX_ANALYSES)
            .map(|_| {
                engine
                    .analyse(international(), &[], None, NotationChoice::default())
                    .unwrap()
            })
            .collect();
        assert_eq!(
            engine
                .analyse(international(), &[], None, NotationChoice::default())
                .err(),
            Some(EngineError::Busy)
        );
        drop(open);
    }
}
