//! The computer opponent: alpha-beta search with three levels of play.
//!
//! See [`Searcher`] for how it works and [`Level`] for the three levels.

use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::bits::Bits;
use crate::color::Color;
use crate::draw::{Counters, DrawCheck};
use crate::egdb::{Endgames, Wdl};
use crate::eval::{EvalTables, Weights, evaluate};
use crate::eval_cache::EvalCache;
use crate::geometry::{Geometry, with_geometry};
use crate::history::GameHistory;
use crate::king_run::KingRun;
use crate::learn::EvalWeights;
use crate::mask::Mask;
use crate::move_buf::{Buffered, MoveBuf, MoveBufs, Raw};
use crate::movegen::{self, Rules};
use crate::moves::Move;
use crate::position::Position;
use crate::score::{DB_WIN_BOUND, WIN, WIN_BOUND, db_win};
use crate::tt::{Bound, Table, TtMove};
use crate::variant::{Goal, Variant};
use crate::zobrist::{self, splitmix};

const INF: i32 = 32_000;
const MAX_PLY: usize = 128;

/// How well the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Looks two plies ahead, a move by each side (plus captures to the end), and picks at
    /// random among the moves within about half a man of the best, with noise in its
    /// judgement: it takes what is offered and avoids losing a piece at once, but falls for
    /// any shot.
    Beginner,
    /// Up to six plies ahead, choosing among moves within a tenth of a man of the best.
    Intermediate,
    /// As deep as the time allows, always the best move found.
    Strong,
}

impl Level {
    /// The three levels, weakest first.
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Intermediate, Level::Strong];

    /// The level's name in lower case: `beginner`, `intermediate`, `strong`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Intermediate => "intermediate",
            Level::Strong => "strong",
        }
    }

    /// A thinking time that suits the level for play against people: 0.1 s, 0.4 s, 1.5 s.
    pub fn default_time(self) -> Duration {
        Duration::from_millis(match self {
            Level::Beginner => 100,
            Level::Intermediate => 400,
            Level::Strong => 1_500,
        })
    }

    /// The deepest iteration, in plies.
    pub fn max_depth(self) -> u32 {
        match self {
            Level::Beginner => 2,
            Level::Intermediate => 6,
            Level::Strong => MAX_PLY as u32 - 8,
        }
    }

    /// Moves scoring within this much of the best may be chosen.
    fn margin(self) -> i32 {
        match self {
            Level::Beginner => 50,
            Level::Intermediate => 10,
            Level::Strong => 0,
        }
    }

    /// Largest error added to each evaluation.
    fn noise(self) -> i32 {
        match self {
            Level::Beginner => 30,
            Level::Intermediate => 5,
            Level::Strong => 0,
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    /// Reads a level name, case-insensitive, or its number: 1, 2 or 3.
    ///
    /// ```
    /// use draughts::Level;
    /// assert_eq!("Strong".parse::<Level>(), Ok(Level::Strong));
    /// assert_eq!("1".parse::<Level>(), Ok(Level::Beginner));
    /// assert!("grandmaster".parse::<Level>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Level, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "beginner" | "1" => Ok(Level::Beginner),
            "intermediate" | "2" => Ok(Level::Intermediate),
            "strong" | "3" => Ok(Level::Strong),
            _ => Err(format!(
                "unknown level `{s}`: use beginner, intermediate or strong"
            )),
        }
    }
}

/// How a search spends its [`SearchOptions::time`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TimeUse {
    /// A share of a clock, the rest saved for later moves: once 40 % of the time is gone the
    /// search starts no new iteration (the next one, which takes longer than all before it,
    /// would seldom finish). The default, and the computer opponent's.
    #[default]
    Budget,
    /// A fixed time a move, nothing to save (a Hub engine's `move-time`, a match's `--time`):
    /// the search deepens until the time runs out, and a stopped iteration still counts when
    /// the first move it searched (the last iteration's best) was searched in full.
    Whole,
}

/// What to search and for how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// The level of play.
    pub level: Level,
    /// The time to think. The search stops when it runs out, returning the best move of the
    /// deepest finished iteration; how much of it is used, [`SearchOptions::time_use`] says.
    pub time: Duration,
    /// Whether the time is a share of a clock or all the move's.
    pub time_use: TimeUse,
    /// A depth limit in plies, below the level's own.
    pub max_depth: Option<u32>,
    /// A node limit, for searches that must give the same result on any machine.
    pub max_nodes: Option<u64>,
    /// Seed of the random choices of the weaker levels: the same seed, position and limits
    /// give the same move when the search is bounded by depth or nodes.
    pub seed: u64,
}

impl SearchOptions {
    /// The level's default time, no other limit, seed 0.
    pub fn new(level: Level) -> SearchOptions {
        SearchOptions {
            level,
            time: level.default_time(),
            time_use: TimeUse::Budget,
            max_depth: None,
            max_nodes: None,
            seed: 0,
        }
    }

    /// With this thinking time.
    pub fn with_time(self, time: Duration) -> SearchOptions {
        SearchOptions { time, ..self }
    }

    /// With this thinking time, all of it the move's ([`TimeUse::Whole`]).
    ///
    /// ```
    /// use std::time::Duration;
    /// use draughts::{Level, SearchOptions, TimeUse};
    /// let options = SearchOptions::new(Level::Strong).with_move_time(Duration::from_millis(500));
    /// assert_eq!((options.time.as_millis(), options.time_use), (500, TimeUse::Whole));
    /// ```
    pub fn with_move_time(self, time: Duration) -> SearchOptions {
        SearchOptions {
            time,
            time_use: TimeUse::Whole,
            ..self
        }
    }

    /// With a depth limit.
    pub fn with_depth(self, depth: u32) -> SearchOptions {
        SearchOptions {
            max_depth: Some(depth),
            ..self
        }
    }

    /// With a node limit.
    pub fn with_nodes(self, nodes: u64) -> SearchOptions {
        SearchOptions {
            max_nodes: Some(nodes),
            ..self
        }
    }

    /// With this seed.
    pub fn with_seed(self, seed: u64) -> SearchOptions {
        SearchOptions { seed, ..self }
    }
}

/// The move chosen and what the search knows of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play, legal in the searched position, with its capture path.
    pub mv: Move,
    /// Its score for the side to move (see [`WIN`]).
    pub score: i32,
    /// The depth of the deepest finished iteration, in plies (0 when there was one legal
    /// move, played at once).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The expected line, starting with [`SearchResult::mv`].
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// Plies to a forced win (positive) or loss (negative) when the score says one was
    /// found.
    pub fn forced_result_in(&self) -> Option<i32> {
        if self.score >= WIN_BOUND {
            Some(WIN - self.score)
        } else if self.score <= -WIN_BOUND {
            Some(-(WIN + self.score))
        } else {
            None
        }
    }

    /// The value the endgame tables give the position for the side to move when the score
    /// comes from them (see [`Searcher::with_endgames`]): a win or loss the tables know of
    /// but the search has not played out. `None` for any other score (a draw from the tables
    /// scores 0 like any other draw).
    pub fn database_result(&self) -> Option<Wdl> {
        if (DB_WIN_BOUND..WIN_BOUND).contains(&self.score) {
            Some(Wdl::Win)
        } else if (DB_WIN_BOUND..WIN_BOUND).contains(&-self.score) {
            Some(Wdl::Loss)
        } else {
            None
        }
    }
}

/// Picks a move for the side to move of `game`, thinking for at most `time`.
///
/// `None` when the side to move has no legal move. A game already drawn by a rule still gets
/// a move: ask [`GameHistory::state`] first. Equivalent to
/// `Searcher::for_level(level).search(game, &SearchOptions::new(level).with_time(time).with_seed(seed))`.
///
/// ```
/// use std::time::Duration;
/// use draughts::{GameHistory, Level, Position, Variant, best_move};
/// // Black (to move in American checkers' FEN `B:`) can only take.
/// let pos = Position::from_fen("B:W18:B14,1", Variant::AMERICAN).unwrap();
/// let found = best_move(&GameHistory::new(pos), Level::Strong, Duration::from_millis(100), 1).unwrap();
/// assert_eq!(found.mv.captured().len(), 1);
/// ```
pub fn best_move(
    game: &GameHistory,
    level: Level,
    time: Duration,
    seed: u64,
) -> Option<SearchResult> {
    let options = SearchOptions::new(level).with_time(time).with_seed(seed);
    Searcher::for_level(level).search(game, &options)
}

/// A search with its memory (transposition table, history of good moves), reusable from
/// move to move of a game.
///
/// [`best_move`] (or a reusable [`Searcher`]) picks a move for the side to move in a
/// [`GameHistory`]'s current position. The search is a principal-variation negamax with
/// iterative deepening under a deadline, each iteration in an aspiration window around the
/// last one's score, a transposition table keyed by Zobrist hashes,
/// captures and crowning moves searched to the end (captures are compulsory, so a side with a
/// capture pending is never scored by the evaluation: it must take), a one-ply extension
/// where there is a single legal move, late-move reductions for quiet moves, reverse futility
/// and late-move pruning near the leaves, and move ordering by the table's move, captures,
/// two killer moves per ply and a history table (a refuting quiet move gains, the quiet moves
/// searched before it lose half as much). Draws are seen inside the
/// search: a position repeated on the path or in the game, and every draw rule of the
/// variant's [`DrawRules`](crate::DrawRules), whose counts are carried from node to node.
///
/// Scores are in hundredths of a man from the side to move's point of view; a forced win is
/// scored [`WIN`] minus the plies to it, a forced loss the negative.
///
/// The evaluation scores a position in hundredths of a man. By default
/// ([`Evaluation::Learned`]) it is the learned evaluation where the variant has values built
/// in (International draughts: patterns of men, material, tempo, fitted to game results; see
/// [`crate::learn`]), and elsewhere the hand-made one ([`Evaluation::Handmade`]):
///
/// - **material**: a man is 100; a king is 300 where kings fly (a flying king is worth about
///   three men) and 165 where they step (American checkers: about 1.5–2 men);
/// - **advancement** of men, row by row towards the crowning row, worth little while the
///   board is full and more as men come off (in the ending, a man that runs is what counts);
/// - **promotion threats**: a man on the row before the crowning row, more when a square in
///   front of it is free;
/// - **back-rank guard**: men still on their own first row, which keep the opponent from
///   crowning, worth most early and nothing once the board has emptied;
/// - **centre**: men and kings in the middle of the board;
/// - **mobility**: the number of non-capturing moves of each side;
/// - **main road**: a flying king on the long diagonal;
/// - **trades when ahead**: the side with more material gains a little for every piece that
///   has left the board, so it exchanges;
/// - **drawn endings**: where kings fly, a lone king against two pieces (three on 10×10, or
///   three when the lone king holds the main road on 8×8) is scored near zero, as it is a
///   known draw.
///
/// A game against the computer: the person's move, then the computer's, until the game ends.
///
/// ```
/// use draughts::{GameHistory, GameState, Level, Position, SearchOptions, Searcher, Variant};
/// let mut game = GameHistory::new(Position::start(Variant::RUSSIAN));
/// let mut computer = Searcher::new();
/// // Depth-limited here so the example runs fast; a real game uses the level's time.
/// let options = SearchOptions::new(Level::Intermediate).with_depth(3);
/// for _ in 0..3 {
///     let person = game.position().legal_moves()[0].clone();
///     game.push(&person).unwrap();
///     if game.state().is_over() {
///         break;
///     }
///     let reply = computer.search(&game, &options).expect("the game goes on");
///     assert!(reply.depth >= 1);
///     game.push(&reply.mv).unwrap();
/// }
/// assert_eq!(game.moves().len(), 6);
/// assert_eq!(game.state(), GameState::Ongoing);
/// ```
#[derive(Clone, Debug)]
pub struct Searcher {
    tt: Table,
    history: Vec<i32>,
    params: Params,
    /// Threads a search runs on (1: this one alone; see [`Searcher::with_threads`]).
    threads: usize,
    /// What the helper threads keep from search to search, one per thread beyond the first.
    helpers: Vec<Helper>,
    /// Set from another thread, stops the search in progress (see [`Searcher::with_stop`]).
    stop: Option<Arc<AtomicBool>>,
    /// Endgame tables probed in the search (see [`Searcher::with_endgames`]).
    endgames: Option<Arc<Endgames>>,
    /// The evaluation's scores of positions met before, for the variant and settings that
    /// made them.
    eval_cache: EvalCache<(&'static str, Params)>,
}

/// What a helper thread of the search keeps from one search to the next: its own history of
/// good moves and its own evaluation cache (the transposition table is shared).
#[derive(Clone, Debug)]
struct Helper {
    history: Vec<i32>,
    eval_cache: EvalCache<(&'static str, Params)>,
}

impl Helper {
    fn new() -> Helper {
        Helper {
            history: vec![0; HISTORY],
            eval_cache: EvalCache::new(),
        }
    }
}

/// Whether helper thread `helper` (from 1) leaves out iteration `depth`, so that the helpers
/// run ahead of the main thread at staggered depths instead of all searching the same tree
/// in the same order (Stockfish's lazy SMP pattern).
fn skips(helper: usize, depth: u32) -> bool {
    const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let i = (helper - 1) % 20;
    ((depth + PHASE[i]) / SIZE[i]) % 2 == 1
}

/// The plies a late quiet move (the `index`th searched at a node of `depth`, from 0) is
/// reduced by: none for the first two moves or below depth 3, else ln(depth)·ln(index)/1.6,
/// at least 1 and leaving at least one ply. At 60,000 nodes a move this scored +20 Elo
/// (−6 to +46, 400 games: +33 and +7 on two sets of openings) against the one ply for
/// every move from the fourth it replaced; on the first set ln·ln/1.2 from the fourth scored
/// +23 and ln·ln/1.0 from the third +28, and one ply less in principal-variation nodes +3.
fn reduction(depth: i32, index: usize) -> i32 {
    static TABLE: std::sync::LazyLock<[[u8; 64]; 64]> = std::sync::LazyLock::new(|| {
        let mut t = [[0; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(3) {
            for (i, r) in row.iter_mut().enumerate().skip(2) {
                let x = (d as f64).ln() * (i as f64).ln() / 1.6;
                *r = (x as usize).clamp(1, d - 2) as u8;
            }
        }
        t
    });
    i32::from(TABLE[depth.clamp(0, 63) as usize][index.min(63)])
}

/// The aspiration window: from depth [`ASPIRATION_DEPTH`], an iteration is searched first
/// with alpha and beta this far (hundredths of a man) from the last iteration's score. A score
/// outside is searched again with that side of the window moved past it by this much, then
/// twice as much each time, and to the end of the range once that passes 16 times this.
/// A narrow window cuts more of the tree; the score reported is still exact. (A quarter of a
/// man missed a shot of the tactics file at its depth, 14: at 13 the narrower window had put
/// another move first, level with the best, and the shot is found only when searched first.)
const ASPIRATION: i32 = 50;

/// The first iteration searched in an aspiration window.
const ASPIRATION_DEPTH: i32 = 5;

/// Reverse futility pruning's margin, in hundredths of a man a ply of depth left: a node
/// away from the principal variation, at most [`RFP_DEPTH`] plies from the leaves, whose
/// static evaluation is above beta by more is not searched.
const RFP_MARGIN: i32 = 60;

/// The depth up to which reverse futility prunes.
const RFP_DEPTH: i32 = 3;

/// The quiet moves searched at a node of `depth` 1 or 2 away from the principal variation
/// before the rest (neither killers nor crowning moves) are pruned; `None` deeper.
fn late_moves(depth: i32) -> Option<usize> {
    (depth <= 2).then(|| 3 + (depth * depth) as usize)
}

/// Settings of the search and the evaluation, fixed for play; changed only by the tuning
/// matches of the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Params {
    /// Reduce late quiet moves (see [`reduction`]).
    pub lmr: bool,
    /// Search each iteration from [`ASPIRATION_DEPTH`] in a window this far on each side of
    /// the last one's score ([`ASPIRATION`] in play); `None`: in the whole range.
    pub aspiration: Option<i32>,
    /// Prune near the leaves: reverse futility and late quiet moves (see [`RFP_MARGIN`] and
    /// [`late_moves`]).
    pub prune: bool,
    /// Evaluation weights.
    pub weights: Weights,
    /// Which evaluation.
    pub evaluation: Evaluation,
}

/// Which evaluation the search uses.
///
/// The learned one is the default: at equal nodes it beats the hand-made one by about 130 Elo
/// in International draughts (see [`crate::learn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Evaluation {
    /// The learned evaluation where the variant has values built in ([`EvalWeights::builtin`]),
    /// the hand-made one elsewhere.
    #[default]
    Learned,
    /// The hand-made evaluation (material, advancement, centre, mobility, ...) everywhere.
    Handmade,
    /// These learned values, for their variant (the hand-made evaluation for others).
    Weights(&'static EvalWeights),
}

impl Evaluation {
    /// The learned values for `variant`, if any.
    fn weights(self, variant: &Variant) -> Option<&'static EvalWeights> {
        match self {
            Evaluation::Learned => EvalWeights::builtin(variant),
            Evaluation::Handmade => None,
            Evaluation::Weights(w) => (w.variant() == variant).then_some(w),
        }
    }
}

impl Default for Params {
    fn default() -> Params {
        Params {
            lmr: true,
            aspiration: Some(ASPIRATION),
            prune: true,
            weights: Weights::default(),
            evaluation: Evaluation::default(),
        }
    }
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new()
    }
}

impl Searcher {
    /// A searcher with a 32 MiB transposition table.
    pub fn new() -> Searcher {
        Searcher::with_table_size(32)
    }

    /// A searcher whose transposition table takes about `megabytes` MiB.
    pub fn with_table_size(megabytes: usize) -> Searcher {
        Searcher {
            tt: Table::new(megabytes),
            history: vec![0; HISTORY],
            params: Params::default(),
            threads: 1,
            helpers: Vec::new(),
            stop: None,
            endgames: None,
            eval_cache: EvalCache::new(),
        }
    }

    /// This searcher, scoring positions with `evaluation` (by default the learned one).
    pub fn with_evaluation(mut self, evaluation: Evaluation) -> Searcher {
        self.params.evaluation = evaluation;
        self
    }

    /// This searcher, stopped as soon as `stop` is set (from any thread): a search in
    /// progress then ends as it does when its time runs out, with the best move of its
    /// deepest finished iteration. An analysis whose reader went away uses it to free its
    /// core at once.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// use draughts::{GameHistory, Level, Position, SearchOptions, Searcher, Variant};
    /// use std::time::Duration;
    /// let stop = Arc::new(AtomicBool::new(true));
    /// let mut searcher = Searcher::with_table_size(1).with_stop(stop);
    /// let game = GameHistory::new(Position::start(Variant::INTERNATIONAL));
    /// // An hour to think, but stopped before it began: it ends within its first thousand
    /// // positions (the flag is looked at every 1,024), with a move of the shallowest
    /// // iterations.
    /// let options = SearchOptions::new(Level::Strong).with_time(Duration::from_secs(3600));
    /// let found = searcher.search(&game, &options).unwrap();
    /// assert!(found.nodes <= 1024, "{found:?}");
    /// ```
    pub fn with_stop(self, stop: Arc<AtomicBool>) -> Searcher {
        Searcher {
            stop: Some(stop),
            ..self
        }
    }

    /// This searcher, searching on `threads` threads (at least one) at once: the helper
    /// threads search the same position at staggered depths and share the transposition
    /// table with the first (lazy SMP), so the first reaches each depth sooner; the move of
    /// the deepest iteration any thread finished is played. With more than one thread a
    /// search is no longer reproducible (the threads race); a node limit counts the first
    /// thread's nodes. The weaker levels, which score every root move exactly, search on one
    /// thread.
    ///
    /// ```
    /// use draughts::{GameHistory, Level, Position, SearchOptions, Searcher, Variant};
    /// let mut searcher = Searcher::with_table_size(4).with_threads(2);
    /// let game = GameHistory::new(Position::start(Variant::INTERNATIONAL));
    /// let found = searcher.search(&game, &SearchOptions::new(Level::Strong).with_depth(6)).unwrap();
    /// assert_eq!(found.depth, 6);
    /// assert!(game.position().legal_moves().contains(&found.mv));
    /// ```
    pub fn with_threads(mut self, threads: usize) -> Searcher {
        self.set_threads(threads);
        self
    }

    /// Searches from now on run on `threads` threads (see [`Searcher::with_threads`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
        self.helpers.resize_with(self.threads - 1, Helper::new);
    }

    /// The threads a search runs on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// A searcher whose transposition table is sized to `level`'s search (1 MiB for
    /// beginners, 4 for intermediate, 32 for strong).
    pub fn for_level(level: Level) -> Searcher {
        Searcher::with_table_size(match level {
            Level::Beginner => 1,
            Level::Intermediate => 4,
            Level::Strong => 32,
        })
    }

    /// This searcher, probing `endgames` in the search: a position of the tables' variant
    /// (other than the root) whose slice they hold is not searched further but scored by
    /// them: a win [`db_win`] of its material and of the plies to it plus its distance to
    /// conversion (below the forced wins the search finds itself, above every evaluation), a
    /// loss the negative, a draw 0. So a won table position is played towards less material
    /// and by the shortest way to its next capture or crowning
    /// ([`crate::egdb::Table::plies`]), and the loser holds out longest: the win is
    /// converted, not kept, before the variant's draws by move counts end the game. The
    /// tables ignore those draws, which the search still applies on the path.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use draughts::egdb::{Wdl, generate};
    /// use draughts::{GameHistory, Level, Position, SearchOptions, Searcher, Variant};
    /// let tables = Arc::new(generate(&Variant::AMERICAN, 3, |_, _| {}));
    /// let mut searcher = Searcher::with_table_size(1).with_endgames(tables);
    /// // Two kings against one in the double corner: a long win, known from the tables.
    /// let game = GameHistory::new(Position::from_fen("W:WK14,K18:BK1", Variant::AMERICAN).unwrap());
    /// let found = searcher.search(&game, &SearchOptions::new(Level::Strong).with_depth(4)).unwrap();
    /// assert_eq!(found.database_result(), Some(Wdl::Win));
    /// ```
    pub fn with_endgames(self, endgames: Arc<Endgames>) -> Searcher {
        Searcher {
            endgames: Some(endgames),
            ..self
        }
    }

    /// Forgets what earlier searches learnt.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.fill(0);
        for helper in &mut self.helpers {
            helper.history.fill(0);
        }
    }

    /// Searches the current position of `game` under `options`. `None` when the side to
    /// move has no legal move.
    pub fn search(&mut self, game: &GameHistory, options: &SearchOptions) -> Option<SearchResult> {
        let start = Instant::now();
        let pos = *game.position();
        let mut result = with_geometry!(pos.size(), G => self.run::<G>(game, options, start))?;
        result.pv = principal_variation(&pos, &self.tt, &result.mv, result.depth.max(1));
        result.elapsed = start.elapsed();
        Some(result)
    }

    fn run<G: Geometry>(
        &mut self,
        game: &GameHistory,
        options: &SearchOptions,
        start: Instant,
    ) -> Option<SearchResult> {
        let pos = game.position();
        let variant = pos.variant();
        let root = pos.bits_in::<G>();
        let rules = Rules::of(variant);
        let mut root_bufs = MoveBufs::default();
        let moves = pos.legal_moves_into(&mut root_bufs);
        let root_buf = std::mem::take(G::B::pick(&mut root_bufs));
        if moves.is_empty() {
            return None;
        }
        let eval = EvalTables::new::<G>(
            variant,
            self.params.weights,
            self.params.evaluation.weights(variant),
        );
        if moves.len() == 1 {
            return Some(SearchResult {
                mv: moves[0].clone(),
                score: evaluate::<G>(&eval, &root),
                depth: 0,
                nodes: 0,
                elapsed: start.elapsed(),
                pv: Vec::new(),
            });
        }
        self.tt.new_search();
        self.eval_cache.serve((variant.name, self.params));
        for h in &mut self.history {
            *h /= 8;
        }
        let level = options.level;
        let exact_all = level.margin() > 0;
        let helpers: &mut [Helper] = if exact_all {
            &mut []
        } else {
            &mut self.helpers
        };
        for helper in helpers.iter_mut() {
            helper.eval_cache.serve((variant.name, self.params));
            for h in &mut helper.history {
                *h /= 8;
            }
        }
        let max_depth = options
            .max_depth
            .unwrap_or(u32::MAX)
            .min(level.max_depth())
            .max(1);
        let entries = game.entries();
        let last = entries.last().expect("a history has a position");
        let done = AtomicBool::new(false);
        let mut worker = Worker::<G> {
            tt: &self.tt,
            history: &mut self.history,
            eval_cache: &mut self.eval_cache,
            rules,
            check: *game.check(),
            eval,
            keys: {
                let mut keys = Vec::with_capacity(entries.len() + MAX_PLY + 1);
                keys.extend(entries.iter().map(|e| e.hash));
                keys
            },
            bufs: (0..MAX_PLY).map(|_| MoveBuf::default()).collect(),
            scores: (0..MAX_PLY).map(|_| Vec::new()).collect(),
            killers: [[TtMove::NONE; 2]; MAX_PLY],
            nodes: 0,
            deadline: start + options.time,
            max_nodes: options.max_nodes.unwrap_or(u64::MAX),
            stop: self.stop.as_deref(),
            // A helper that finishes the deepest iteration asked for ends the search.
            done: Some(&done),
            stopped: false,
            first_done: false,
            noise: level.noise(),
            lmr: self.params.lmr,
            aspiration: self.params.aspiration,
            prune: self.params.prune,
            seed: splitmix(options.seed ^ 0xD1CE_5EED),
            anti: variant.goal == Goal::Anti,
            first_king: variant.goal == Goal::FirstKing,
            king_limit: variant.king_move_limit,
            endgames: self
                .endgames
                .as_deref()
                .filter(|e| e.variant() == variant && e.max_pieces() > 0),
            variant,
            _g: PhantomData,
        };
        // Root moves with their latest scores, best first.
        let mut order = first_order::<G>(&root, &root_buf.moves);
        let mut best: Option<(usize, i32, u32)> = None;
        // The root moves as the last finished iteration scored them.
        let mut completed: Vec<(usize, i32)> = Vec::new();
        let carried = Carried {
            counters: last.counters,
            run: pos.run(),
        };
        let helper_workers: Vec<Worker<G>> = helpers
            .iter_mut()
            .map(|h| worker.helper(&mut h.history, &mut h.eval_cache, &done))
            .collect();
        let root_moves = &root_buf.moves[..];
        std::thread::scope(|scope| {
            let running: Vec<_> = helper_workers
                .into_iter()
                .enumerate()
                .map(|(i, mut w)| {
                    scope.spawn(move || w.deepen(&root, carried, root_moves, max_depth, i + 1))
                })
                .collect();
            for depth in 1..=max_depth {
                let finished = worker.aspire(
                    &root,
                    carried,
                    root_moves,
                    &mut order,
                    depth as i32,
                    exact_all,
                );
                match finished {
                    Some(()) => {
                        best = Some((order[0].0, order[0].1, depth));
                        completed.clone_from(&order);
                    }
                    None => {
                        // A stopped iteration still counts when its first move, the best of the
                        // previous one, was searched in full: any move that beat it did too.
                        if let Some(&(i, s)) = order.first().filter(|_| worker.first_done) {
                            best = Some((i, s, depth - 1));
                        }
                        break;
                    }
                }
                let score = order[0].1;
                if score.abs() >= WIN_BOUND && (WIN - score.abs()) <= depth as i32 {
                    break;
                }
                if options.time_use == TimeUse::Budget && start.elapsed() * 5 >= options.time * 2 {
                    break;
                }
            }
            done.store(true, Ordering::Relaxed);
            for thread in running {
                let (found, nodes) = thread.join().expect("a helper thread of the search");
                worker.nodes += nodes;
                // A deeper iteration finished by a helper beats the first thread's.
                if let Some(found) = found.filter(|f| best.is_none_or(|b| f.2 > b.2)) {
                    best = Some(found);
                }
            }
        });
        // Not even the first iteration finished: the first move, judged as it stands.
        let fallback = (order[0].0, worker.evaluate(&root, 0), 0);
        let (mut index, mut score, depth) = best.unwrap_or(fallback);
        if exact_all && !completed.is_empty() {
            let top = completed[0].1;
            let near: Vec<(usize, i32)> = completed
                .iter()
                .copied()
                .filter(|&(_, s)| s >= top - level.margin())
                .collect();
            let pick = near[(splitmix(options.seed) % near.len() as u64) as usize];
            index = pick.0;
            score = pick.1;
        }
        Some(SearchResult {
            mv: moves[index].clone(),
            score,
            depth,
            nodes: worker.nodes,
            elapsed: start.elapsed(),
            pv: Vec::new(),
        })
    }
}

/// The line the table expects after `first`, at most `depth` moves.
fn principal_variation(pos: &Position, tt: &Table, first: &Move, depth: u32) -> Vec<Move> {
    let mut line = vec![first.clone()];
    let mut p = pos.after(first);
    let mut seen = vec![zobrist::hash(pos.bits())];
    while line.len() < depth as usize {
        let key = zobrist::hash(p.bits());
        if seen.contains(&key) {
            break;
        }
        seen.push(key);
        let Some(hit) = tt.probe(key, 0) else { break };
        let found = p.legal_moves().into_iter().find(|m| {
            let r = p.raw(m);
            TtMove::of(r.from, r.to, r.captured) == hit.mv
        });
        let Some(m) = found else { break };
        p.play_unchecked(&m);
        line.push(m);
    }
    line
}

/// A move's place among moves the search otherwise orders alike, higher first: by its start,
/// then its end, the squares counted from the mover's side (from square 1 for White, from the
/// last square for Black), so the moves of the pieces furthest back come first; then by the
/// squares it takes. A position and the same position turned round with the colours swapped
/// then order their moves alike and search the same tree, where the generator's order (by
/// bit, the same for both colours) would not. Furthest back first kept the searched trees at
/// about the generator's size; furthest forward first made them larger.
#[inline(always)]
fn tie<G: Geometry>(side: Color, m: &Raw<G::B>) -> u32 {
    let last = u32::from(G::SIZE.squares()) - 1;
    let own = |bit: u32| {
        let index = u32::from(G::index(bit));
        match side {
            Color::White => index,
            Color::Black => last - index,
        }
    };
    let taken: u32 = if m.captured.any() {
        crate::mask::bits(m.captured).map(own).sum()
    } else {
        0
    };
    // Start and end below 128 each, the taken squares' sum below 4096 (at most 72 squares).
    (own(u32::from(m.from)) << 19) | (own(u32::from(m.to)) << 12) | (4095 - taken)
}

/// The root moves' first order (each with score 0): by [`tie`].
fn first_order<G: Geometry>(b: &Bits<G::B>, moves: &[Raw<G::B>]) -> Vec<(usize, i32)> {
    let mut order: Vec<(usize, i32)> = (0..moves.len()).map(|i| (i, 0)).collect();
    order.sort_unstable_by_key(|&(i, _)| std::cmp::Reverse(tie::<G>(b.side, &moves[i])));
    order
}

/// Size of the history table: side × start bit × end bit (bits below 128).
const HISTORY: usize = 2 * 128 * 128;

/// The most a move's history reaches, up or down.
const HISTORY_LIMIT: i32 = 1 << 20;

/// The scores an iteration at the root is searched for.
#[derive(Clone, Copy, Debug)]
enum RootWindow {
    /// Every move's exact score (for the levels that pick among the moves near the best).
    EveryMove,
    /// The best move's score, exact when it falls between these two (alpha and beta), a
    /// bound otherwise.
    Best(i32, i32),
}

/// What a node carries from the moves that led to it: the draw rules' counts and, in a
/// variant that limits them, the runs of moves with one king.
#[derive(Clone, Copy, Debug)]
struct Carried {
    counters: Counters,
    run: KingRun,
}

struct Worker<'a, G: Geometry> {
    tt: &'a Table,
    history: &'a mut [i32],
    eval_cache: &'a mut EvalCache<(&'static str, Params)>,
    rules: Rules,
    check: DrawCheck,
    eval: EvalTables<G::B>,
    /// Hashes of the game's positions, then of the positions on the search path.
    keys: Vec<u64>,
    bufs: Vec<MoveBuf<G::B>>,
    scores: Vec<Vec<i64>>,
    killers: [[TtMove; 2]; MAX_PLY],
    nodes: u64,
    deadline: Instant,
    max_nodes: u64,
    /// Stops the search when set by another thread.
    stop: Option<&'a AtomicBool>,
    /// Set when one of the search's threads has finished: the first, or a helper that
    /// finished the deepest iteration asked for.
    done: Option<&'a AtomicBool>,
    stopped: bool,
    /// The root's first move was searched in full in the current iteration.
    first_done: bool,
    noise: i32,
    lmr: bool,
    aspiration: Option<i32>,
    prune: bool,
    seed: u64,
    /// A side that cannot move has won (Antidraughts).
    anti: bool,
    /// The first king wins (Breakthrough).
    first_king: bool,
    /// The variant's limit on one king's moves in a row (Frisian).
    king_limit: Option<u8>,
    /// Endgame tables of the variant, when the searcher has some.
    endgames: Option<&'a Endgames>,
    variant: &'static Variant,
    _g: PhantomData<fn() -> G>,
}

impl<'a, G: Geometry> Worker<'a, G> {
    /// A worker for a helper thread: this one's search, with its own history, evaluation
    /// cache and buffers, stopped when `done` is set.
    fn helper(
        &self,
        history: &'a mut [i32],
        eval_cache: &'a mut EvalCache<(&'static str, Params)>,
        done: &'a AtomicBool,
    ) -> Worker<'a, G> {
        Worker {
            tt: self.tt,
            history,
            eval_cache,
            rules: self.rules,
            check: self.check,
            eval: self.eval.clone(),
            keys: self.keys.clone(),
            bufs: (0..MAX_PLY).map(|_| MoveBuf::default()).collect(),
            scores: (0..MAX_PLY).map(|_| Vec::new()).collect(),
            killers: [[TtMove::NONE; 2]; MAX_PLY],
            nodes: 0,
            deadline: self.deadline,
            max_nodes: u64::MAX,
            stop: self.stop,
            done: Some(done),
            stopped: false,
            first_done: false,
            noise: self.noise,
            lmr: self.lmr,
            aspiration: self.aspiration,
            prune: self.prune,
            seed: self.seed,
            anti: self.anti,
            first_king: self.first_king,
            king_limit: self.king_limit,
            endgames: self.endgames,
            variant: self.variant,
            _g: PhantomData,
        }
    }

    /// A helper thread's iterative deepening (helper `index`, from 1), until `max_depth` or
    /// until stopped: the deepest iteration it finished (best move's index, score, depth),
    /// and the nodes it visited.
    fn deepen(
        &mut self,
        b: &Bits<G::B>,
        c: Carried,
        moves: &[Raw<G::B>],
        max_depth: u32,
        index: usize,
    ) -> (Option<(usize, i32, u32)>, u64) {
        let mut order = first_order::<G>(b, moves);
        let mut best = None;
        for depth in 1..=max_depth {
            if depth > 1 && depth < max_depth && skips(index, depth) {
                continue;
            }
            if self
                .aspire(b, c, moves, &mut order, depth as i32, false)
                .is_none()
            {
                break;
            }
            best = Some((order[0].0, order[0].1, depth));
            let score = order[0].1;
            if score.abs() >= WIN_BOUND && (WIN - score.abs()) <= depth as i32 {
                break;
            }
        }
        // The last depth asked for is finished: the other threads need not finish it too.
        if best.is_some_and(|b| b.2 == max_depth)
            && let Some(done) = self.done
        {
            done.store(true, Ordering::Relaxed);
        }
        (best, self.nodes)
    }

    /// What the node after `m`, played in `b` and giving `nb`, carries.
    #[inline(always)]
    fn next(&self, c: Carried, b: &Bits<G::B>, m: &Raw<G::B>, nb: &Bits<G::B>) -> Carried {
        Carried {
            counters: c.counters.next(&self.check, b, m, nb),
            run: if self.king_limit.is_some() {
                c.run.after_move(b, m)
            } else {
                c.run
            },
        }
    }

    /// The king of the side to move that may not move again without capturing.
    #[inline(always)]
    fn frozen(&self, b: &Bits<G::B>, c: &Carried) -> Option<u8> {
        c.run.frozen(b, self.king_limit?)
    }

    /// The score of the side to move when it has no move: a loss, or in Antidraughts a win.
    #[inline(always)]
    fn no_move(&self, ply: usize) -> i32 {
        if self.anti {
            WIN - ply as i32
        } else {
            -(WIN - ply as i32)
        }
    }

    /// The score the endgame tables give the position, when they hold it.
    #[inline]
    fn probe(&self, b: &Bits<G::B>, ply: usize) -> Option<i32> {
        let tables = self.endgames?;
        if (b.white | b.black).count() > u32::from(tables.max_pieces()) {
            return None;
        }
        let pos = Position::from_bits(self.variant, b.cast());
        let (value, plies) = tables.probe_plies(&pos)?;
        let all = b.white | b.black;
        let win = || {
            db_win(
                all.count(),
                (all & !b.kings).count(),
                ply as u32 + u32::from(plies),
            )
        };
        Some(match value {
            Wdl::Win => win(),
            Wdl::Draw => 0,
            Wdl::Loss => -win(),
        })
    }

    /// Counts a node; whether the search must stop.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0
            && (self.nodes >= self.max_nodes
                || Instant::now() >= self.deadline
                || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
                || self.done.is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The evaluation of `b` (whose hash is `key`), from the cache when it was met before,
    /// with the level's noise.
    #[inline(always)]
    fn evaluate(&mut self, b: &Bits<G::B>, key: u64) -> i32 {
        let mut s = match self.eval_cache.get(key) {
            Some(cached) => {
                debug_assert_eq!(cached, evaluate::<G>(&self.eval, b), "cached score");
                cached
            }
            None => {
                let s = evaluate::<G>(&self.eval, b);
                self.eval_cache.put(key, s);
                s
            }
        };
        if self.noise > 0 {
            let r = splitmix(key ^ self.seed);
            s += (r % (2 * self.noise as u64 + 1)) as i32 - self.noise;
        }
        s
    }

    /// Whether the position at the end of the path occurred before, since the last
    /// irreversible move (`quiet` plies back).
    #[inline]
    fn repeated(&self, quiet: u32) -> bool {
        let n = self.keys.len() - 1;
        let key = self.keys[n];
        let window = (quiet as usize).min(n);
        let mut back = 4;
        while back <= window {
            if self.keys[n - back] == key {
                return true;
            }
            back += 2;
        }
        false
    }

    /// The history of a quiet move `m` that refuted a node of `depth`, after `tried` (the
    /// moves searched before it, which did not): `m` gains depth², each quiet move of `tried`
    /// loses half as much, all within ±[`HISTORY_LIMIT`]. (Losing as much put sacrifices,
    /// which mostly fail, so far back that shots were found a ply later: one of the tactics
    /// file's at its depth, and the Meijer–Meurs blunder at the analysis's depth 10.)
    fn reward<'m>(
        &mut self,
        side: Color,
        m: &Raw<G::B>,
        tried: impl Iterator<Item = &'m Raw<G::B>>,
        depth: i32,
    ) where
        G::B: 'm,
    {
        let bonus = depth * depth;
        let h = &mut self.history[Self::history_index(side, m)];
        *h = (*h + bonus).min(HISTORY_LIMIT);
        for e in tried.filter(|e| e.captured.none() && !e.crown) {
            let h = &mut self.history[Self::history_index(side, e)];
            *h = (*h - bonus / 2).max(-HISTORY_LIMIT);
        }
    }

    #[inline(always)]
    fn history_index(side: Color, m: &Raw<G::B>) -> usize {
        (match side {
            Color::White => 0,
            Color::Black => HISTORY / 2,
        }) + m.from as usize * 128
            + m.to as usize
    }

    /// One iteration at the root. `order` holds (move index, score), best first on return.
    /// The best move's score (a bound when outside the window, and then not stored in the
    /// table), or `None` when the search was stopped.
    fn root(
        &mut self,
        b: &Bits<G::B>,
        c: Carried,
        moves: &[Raw<G::B>],
        order: &mut [(usize, i32)],
        depth: i32,
        window: RootWindow,
    ) -> Option<i32> {
        let key = *self.keys.last().expect("the root's key");
        let (exact_all, (mut alpha, beta)) = match window {
            RootWindow::EveryMove => (true, (-INF, INF)),
            RootWindow::Best(low, high) => (false, (low, high)),
        };
        let alpha0 = alpha;
        self.first_done = false;
        let mut results: Vec<(usize, i32)> = Vec::with_capacity(order.len());
        for (n, &(i, _)) in order.iter().enumerate() {
            let m = moves[i];
            let mut nb = *b;
            movegen::play(&mut nb, &m);
            let nc = self.next(c, b, &m, &nb);
            self.keys.push(zobrist::after(key, b, &m));
            let score = if exact_all {
                -self.node(&nb, nc, depth - 1, -INF, INF, 1, true)
            } else if n == 0 {
                -self.node(&nb, nc, depth - 1, -beta, -alpha, 1, true)
            } else {
                let s = -self.node(&nb, nc, depth - 1, -alpha - 1, -alpha, 1, false);
                if s > alpha && !self.stopped {
                    -self.node(&nb, nc, depth - 1, -beta, -alpha, 1, true)
                } else {
                    s
                }
            };
            self.keys.pop();
            if self.stopped {
                break;
            }
            if n == 0 {
                self.first_done = true;
            }
            // A later move that did not beat alpha has only a bound from its null window:
            // it keeps its place behind the first (a window that failed low then searches
            // the last iteration's best first again, not the move with the highest bound).
            let ranked = if exact_all || n == 0 || score > alpha {
                score
            } else {
                -INF
            };
            results.push((i, ranked));
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        // Best first; moves not searched (stopped) keep their old place after those searched.
        results.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let searched: Vec<usize> = results.iter().map(|r| r.0).collect();
        let rest: Vec<(usize, i32)> = order
            .iter()
            .copied()
            .filter(|(i, _)| !searched.contains(i))
            .map(|(i, _)| (i, -INF))
            .collect();
        for (slot, r) in order.iter_mut().zip(results.into_iter().chain(rest)) {
            *slot = r;
        }
        if self.stopped {
            None
        } else if !exact_all && (order[0].1 <= alpha0 || order[0].1 >= beta) {
            Some(order[0].1)
        } else {
            self.tt.store(
                key,
                TtMove::of(
                    moves[order[0].0].from,
                    moves[order[0].0].to,
                    moves[order[0].0].captured,
                ),
                order[0].1,
                depth,
                Bound::Exact,
                0,
            );
            Some(order[0].1)
        }
    }

    /// One iteration at the root in a window around the last iteration's score, widened
    /// until the score falls inside it. `None` when the search was stopped.
    fn aspire(
        &mut self,
        b: &Bits<G::B>,
        c: Carried,
        moves: &[Raw<G::B>],
        order: &mut [(usize, i32)],
        depth: i32,
        exact_all: bool,
    ) -> Option<()> {
        if exact_all {
            return self
                .root(b, c, moves, order, depth, RootWindow::EveryMove)
                .map(|_| ());
        }
        let last = order[0].1;
        let (mut window, mut delta, widest) = match self.aspiration {
            Some(delta) if depth >= ASPIRATION_DEPTH && last.abs() < WIN_BOUND => {
                ((last - delta, last + delta), delta, 16 * delta)
            }
            _ => ((-INF, INF), 0, 0),
        };
        loop {
            let searched = RootWindow::Best(window.0, window.1);
            let score = self.root(b, c, moves, order, depth, searched)?;
            if score <= window.0 && window.0 > -INF {
                window.0 = if delta > widest {
                    -INF
                } else {
                    (score - delta).max(-INF)
                };
            } else if score >= window.1 && window.1 < INF {
                window.1 = if delta > widest {
                    INF
                } else {
                    (score + delta).min(INF)
                };
            } else {
                return Some(());
            }
            delta *= 2;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        b: &Bits<G::B>,
        c: Carried,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv: bool,
    ) -> i32 {
        if self.first_king && (b.opp() & b.kings).any() {
            return -(WIN - ply as i32);
        }
        if self.repeated(c.counters.quiet) {
            return 0;
        }
        let frozen = self.frozen(b, &c);
        if c.counters.draw(&self.check, b).is_some() {
            let mut scratch = std::mem::take(&mut self.bufs[ply]);
            let n = match frozen {
                None => movegen::count::<G>(b, &self.rules, &mut scratch),
                Some(bit) => {
                    movegen::generate::<G, false>(b, &self.rules, &mut scratch);
                    KingRun::restrict(&mut scratch, bit);
                    scratch.moves.len() as u64
                }
            };
            self.bufs[ply] = scratch;
            return if n == 0 { self.no_move(ply) } else { 0 };
        }
        if let Some(score) = self.probe(b, ply) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiesce(b, alpha, beta, ply);
        }
        if self.tick() {
            return 0;
        }
        let key = *self.keys.last().expect("a key per node");
        let mut tt_move = TtMove::NONE;
        if let Some(hit) = self.tt.probe(key, ply as i32) {
            tt_move = hit.mv;
            if !pv && hit.depth >= depth {
                match hit.bound {
                    Bound::Exact => return hit.score,
                    Bound::Lower if hit.score >= beta => return hit.score,
                    Bound::Upper if hit.score <= alpha => return hit.score,
                    _ => {}
                }
            }
        }
        // Reverse futility: away from the principal variation, near the leaves, a node whose
        // static evaluation is far above beta is not searched. Only where the side to move
        // has no capture (a capture is forced: the evaluation is then no score to stand on)
        // and beta is no win or loss.
        if self.prune
            && !pv
            && depth <= RFP_DEPTH
            && beta.abs() < WIN_BOUND
            && !movegen::has_capture::<G>(b, &self.rules)
        {
            let standing = self.evaluate(b, key);
            if standing - RFP_MARGIN * depth >= beta {
                return standing;
            }
        }
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        movegen::generate::<G, false>(b, &self.rules, &mut buf);
        if let Some(bit) = frozen {
            KingRun::restrict(&mut buf, bit);
        }
        let n = buf.moves.len();
        if n == 0 {
            self.bufs[ply] = buf;
            return self.no_move(ply);
        }
        let depth = if n == 1 { depth + 1 } else { depth };

        // Order: table move, captures (more and kings first), killers, history; equals by
        // their squares counted from the mover's side (`tie`).
        let mut scores = std::mem::take(&mut self.scores[ply]);
        scores.clear();
        let killers = self.killers[ply];
        for m in &buf.moves {
            let id = TtMove::of(m.from, m.to, m.captured);
            let s: i32 = if id == tt_move {
                1 << 30
            } else if m.captured.any() {
                (1 << 24)
                    + (m.captured.count() as i32) * 1000
                    + (m.captured & b.kings).count() as i32 * 100
            } else if id == killers[0] {
                1 << 22
            } else if id == killers[1] {
                (1 << 22) - 1
            } else {
                self.history[Self::history_index(b.side, m)].min((1 << 21) - 1)
                    + i32::from(m.crown) * (1 << 21)
            };
            scores.push((i64::from(s) << 32) | i64::from(tie::<G>(b.side, m)));
        }

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = TtMove::NONE;
        let late = late_moves(depth).filter(|_| self.prune && !pv);
        // The moves left out by late-move pruning (bit i: the i-th in order; none past 64).
        let mut pruned = 0u64;
        for i in 0..n {
            // Selection: bring the best remaining move to i.
            let mut j = i;
            for k in i + 1..n {
                if scores[k] > scores[j] {
                    j = k;
                }
            }
            scores.swap(i, j);
            buf.moves.swap(i, j);
            let m = buf.moves[i];
            let id = TtMove::of(m.from, m.to, m.captured);
            let quiet = m.captured.none() && !m.crown;
            // Late-move pruning: once a move was searched and scored no loss, the late quiet
            // moves of a node near the leaves are not.
            if late.is_some_and(|late| i >= late)
                && quiet
                && best > -WIN_BOUND
                && id != killers[0]
                && id != killers[1]
            {
                pruned |= 1u64.checked_shl(i as u32).unwrap_or(0);
                continue;
            }
            let child = zobrist::after(key, b, &m);
            if depth > 1 {
                // The child will most likely probe the table (unless it ends on a repetition,
                // a draw rule or the endgame tables): its entry is on its way meanwhile.
                self.tt.prefetch(child);
            }
            let mut nb = *b;
            movegen::play(&mut nb, &m);
            let nc = self.next(c, b, &m, &nb);
            self.keys.push(child);
            let score = if i == 0 {
                -self.node(&nb, nc, depth - 1, -beta, -alpha, ply + 1, pv)
            } else {
                let reduce = if self.lmr && quiet && id != killers[0] && id != killers[1] {
                    reduction(depth, i)
                } else {
                    0
                };
                let mut s = -self.node(
                    &nb,
                    nc,
                    depth - 1 - reduce,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                );
                if s > alpha && reduce > 0 && !self.stopped {
                    s = -self.node(&nb, nc, depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if s > alpha && s < beta && pv && !self.stopped {
                    s = -self.node(&nb, nc, depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = id;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if m.captured.none() {
                            if killers[0] != id {
                                self.killers[ply] = [id, killers[0]];
                            }
                            let tried = buf.moves[..i]
                                .iter()
                                .enumerate()
                                .filter(|&(j, _)| j < 64 && pruned >> j & 1 == 0)
                                .map(|(_, e)| e);
                            self.reward(b.side, &m, tried, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.bufs[ply] = buf;
        self.scores[ply] = scores;
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, best, depth, bound, ply as i32);
        best
    }

    /// Captures to the end: a side with a capture must take; a side without one is judged
    /// by the evaluation (or has lost when it cannot move at all), or by its crowning moves
    /// when they do better (see [`Worker::crowning`]).
    fn quiesce(&mut self, b: &Bits<G::B>, alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.tick() {
            return 0;
        }
        if self.first_king && (b.opp() & b.kings).any() {
            return -(WIN - ply as i32);
        }
        let key = *self.keys.last().expect("a key per node");
        if !movegen::has_capture::<G>(b, &self.rules) {
            if !movegen::has_quiet_move::<G>(b) {
                return self.no_move(ply);
            }
            let standing = self.evaluate(b, key);
            if standing >= beta || ply >= MAX_PLY - 1 || !movegen::men_near_crown::<G>(b) {
                return standing;
            }
            return self.crowning(b, alpha, beta, ply, standing);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(b, key);
        }
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        buf.clear();
        movegen::captures::<G, false>(b, &self.rules, &mut buf);
        // Bigger captures first, equals by `tie`.
        buf.moves.sort_unstable_by_key(|m| {
            let size = m.captured.count() * 4 + (m.captured & b.kings).count();
            std::cmp::Reverse((u64::from(size) << 32) | u64::from(tie::<G>(b.side, m)))
        });
        let best = self.best_of(&buf.moves, b, alpha, beta, ply, -INF);
        self.bufs[ply] = buf;
        if best == -INF {
            // No capture was searched: the search stopped at the first one (the score is
            // then thrown away), or the generator found none after all, which it cannot do
            // when has_capture holds. Either way, judge the position as it is.
            return self.evaluate(b, key);
        }
        best
    }

    /// The quiescence of a position without captures whose side to move has a man a step
    /// from crowning: the best of standing on the evaluation (`standing`, below beta) and
    /// each crowning move, searched to the end of its captures.
    fn crowning(
        &mut self,
        b: &Bits<G::B>,
        alpha: i32,
        beta: i32,
        ply: usize,
        standing: i32,
    ) -> i32 {
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        movegen::crowning_moves::<G>(b, &mut buf);
        buf.moves
            .sort_unstable_by_key(|m| std::cmp::Reverse(tie::<G>(b.side, m)));
        let best = self.best_of(&buf.moves, b, alpha, beta, ply, standing);
        self.bufs[ply] = buf;
        best
    }

    /// The quiescence's score of `b` from `moves` (each searched to the end of its
    /// captures, in order, until one reaches beta) and `best`, the score already in hand.
    fn best_of(
        &mut self,
        moves: &[Raw<G::B>],
        b: &Bits<G::B>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        mut best: i32,
    ) -> i32 {
        let key = *self.keys.last().expect("a key per node");
        alpha = alpha.max(best);
        for m in moves {
            let mut nb = *b;
            movegen::play(&mut nb, m);
            self.keys.push(zobrist::after(key, b, m));
            let score = -self.quiesce(&nb, -beta, -alpha, ply + 1);
            self.keys.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tuning {
    //! Matches between settings, to choose them: `TUNE=name cargo test --release -p draughts
    //! --lib tuning -- --ignored --nocapture`, with `TUNE_NODES` (default 20 000 a move) and
    //! `TUNE_GAMES` (default 12 openings a variant, each played with both colours).
    //!
    //! At 20 000 nodes a move, 10–12 openings: without late-move reductions the search scored
    //! 45% against the default; without mobility 38%; advancement weight 4 41%; back rank 20
    //! (then 10) 58%; mobility 2 (then 1) 54%; both 57%, and were adopted (the first settings
    //! then scored 43% against them). Against the adopted settings: promotion-threat weights
    //! 30 scored 50.5%, no centre term 50%, no trade term 55%: within the noise of 192
    //! games, so left as they are.

    use super::*;
    use crate::variant::Variant;

    fn candidate(name: &str) -> Params {
        let mut p = Params::default();
        let w = &mut p.weights;
        match name {
            "no-lmr" => p.lmr = false,
            "no-aspiration" => p.aspiration = None,
            "no-prune" => p.prune = false,
            // The settings before the first tuning matches (back rank 10, mobility 1).
            "first" => {
                w.back_rank = 10;
                w.mobility = 1;
            }
            "mobility1" => w.mobility = 1,
            "mobility3" => w.mobility = 3,
            "advance1" => w.advance = 1,
            "advance4" => w.advance = 4,
            "centre0" => {
                w.centre_man = 0;
                w.centre_king = 0;
            }
            "centre10" => w.centre_man = 10,
            "back10" => w.back_rank = 10,
            "back30" => w.back_rank = 30,
            "trade0" => w.trade = 0,
            "ending3" => w.advance_ending = 3,
            "ending12" => w.advance_ending = 12,
            "near30" => {
                w.near_crowning = 30;
                w.near_crowning_free = 30;
            }
            _ => panic!("unknown candidate {name}"),
        }
        p
    }

    fn material(b: &Bits<u128>, flying: bool) -> i32 {
        let k = if flying { 3 } else { 2 };
        let m = |own: u128| {
            (own & !b.kings).count_ones() as i32 + k * (own & b.kings).count_ones() as i32
        };
        m(b.white) - m(b.black)
    }

    /// Points of `a` (2 a win, 1 a draw) in one game, `a` playing White when `a_white`.
    fn game(v: Variant, opening: &[usize], a: Params, b: Params, a_white: bool, nodes: u64) -> u32 {
        let mut g = GameHistory::new(Position::start(v));
        for &k in opening {
            let moves = g.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            g.push(&moves[k % moves.len()]).unwrap();
        }
        let mut sa = Searcher::with_table_size(4);
        sa.params = a;
        let mut sb = Searcher::with_table_size(4);
        sb.params = b;
        let options = SearchOptions::new(Level::Strong)
            .with_nodes(nodes)
            .with_time(Duration::from_secs(60));
        for _ in 0..240 {
            if g.state().is_over() {
                break;
            }
            let white = g.position().side_to_move() == Color::White;
            let s = if white == a_white { &mut sa } else { &mut sb };
            let r = s.search(&g, &options).unwrap();
            g.push(&r.mv).unwrap();
        }
        let a_color = if a_white { Color::White } else { Color::Black };
        match g.state() {
            crate::GameState::Win { winner } => 2 * u32::from(winner == a_color),
            crate::GameState::Draw { .. } => 1,
            crate::GameState::Ongoing => {
                let m = material(g.position().bits(), v.flying_kings);
                let m = if a_white { m } else { -m };
                if m > 0 {
                    2
                } else if m == 0 {
                    1
                } else {
                    0
                }
            }
        }
    }

    #[test]
    #[ignore = "a tuning match: minutes"]
    fn tune() {
        let name = std::env::var("TUNE").unwrap_or_else(|_| "no-lmr".into());
        let nodes: u64 = std::env::var("TUNE_NODES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(20_000);
        let games: u64 = std::env::var("TUNE_GAMES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(12);
        let cand = candidate(&name);
        let base = Params::default();
        let mut total = (0, 0);
        for v in Variant::ALL {
            let mut pts = 0;
            for i in 0..games {
                let mut r = splitmix(i + 1000 * u64::from(v.game_type));
                let opening: Vec<usize> = (0..4)
                    .map(|_| {
                        r = splitmix(r);
                        r as usize
                    })
                    .collect();
                pts += game(v, &opening, cand, base, true, nodes);
                pts += game(v, &opening, cand, base, false, nodes);
            }
            println!("{name} vs default, {}: {pts} of {}", v.name, 4 * games);
            total.0 += pts;
            total.1 += 4 * games;
        }
        println!(
            "{name} vs default, all: {} of {} ({:.1}%)",
            total.0,
            total.1,
            100.0 * total.0 as f64 / total.1 as f64
        );
    }
}

#[cfg(test)]
mod aspiration {
    //! Alpha-beta's score at a fixed depth does not depend on the window it is searched in,
    //! once pruning and reductions (which look at the window) are off: a search in
    //! aspiration windows that took a bound for a score would report another score.
    //!
    //! One thing still can: the table answers a node from an entry searched deeper (a
    //! position met again where the path to it had a single-reply extension, or a capture
    //! of two pieces in one move rather than two), and which entries are there depends on
    //! the order of the search. With a window of 5 this made 4 of 149 positions differ
    //! (by 1 to 16); with the window below, none of these 251.

    use super::*;
    use crate::random_games::positions;

    #[test]
    fn aspiration_windows_report_the_scores_of_the_whole_range() {
        let whole = Params {
            lmr: false,
            prune: false,
            aspiration: None,
            ..Params::default()
        };
        // A narrower window than play's, so that more positions widen it.
        let narrow = ASPIRATION / 2;
        let aspired = Params {
            aspiration: Some(narrow),
            ..whole
        };
        let options = |depth| {
            SearchOptions::new(Level::Strong)
                .with_depth(depth)
                .with_time(Duration::from_secs(600))
        };
        let score = |game: &GameHistory, params: Params, depth: u32| {
            let mut searcher = Searcher::with_table_size(16);
            searcher.params = params;
            searcher
                .search(game, &options(depth))
                .expect("a move")
                .score
        };
        let mut checked = 0;
        let mut widened = 0;
        // Positions without kings: without them no position repeats, so the score of a
        // node is its own, not its path's.
        let all = positions(Variant::INTERNATIONAL, 12);
        for pos in all.iter().step_by(3).filter(|p| {
            p.kings(Color::White).is_empty()
                && p.kings(Color::Black).is_empty()
                && p.legal_moves().len() > 1
        }) {
            let game = GameHistory::new(*pos);
            let exact = score(&game, whole, 7);
            assert_eq!(score(&game, aspired, 7), exact, "{}", pos.to_fen());
            // The window of each depth from 5 is set around the last depth's score: when the
            // two are far apart, the window was widened.
            let scores: Vec<i32> = (4..7)
                .map(|d| score(&game, whole, d))
                .chain([exact])
                .collect();
            widened += usize::from(scores.windows(2).any(|w| (w[1] - w[0]).abs() > narrow));
            checked += 1;
        }
        assert!(checked >= 40, "{checked} positions");
        assert!(
            widened >= 10,
            "{widened} of {checked} positions widened the window"
        );
    }
}
