//! Draughts analysis: iterative deepening with the draughts crate's search, one
//! [`Searcher`] kept from depth to depth (its transposition table makes each new depth cost
//! little more than its last iteration), for every variant the crate knows.
//!
//! Each analysis is of a game's last position, with the game that led there
//! ([`GameHistory`]): repetitions and the variants' draw rules (International's 25 king
//! moves, the 16 moves of a few pieces against a lone king, ...) are seen inside the search.
//! With endgame tables ([`Endgames`]), the search probes them, and a position they hold, or
//! a line that reaches a table win, is said so ([`Info::database`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use draughts::egdb::Endgames;
use draughts::{Color, GameHistory, GameState, Level, Move, Position, SearchOptions, Searcher};
use tokio::sync::{OwnedSemaphorePermit, mpsc};

use super::evaluation::{Budget, Evaluation};
use super::judgement::Score;
use super::{
    Event, Held, Info, Limits, MAX_DEPTH, Pool, Stop, TIME_CAP, TableResult, describe_line,
    for_white,
};
use games::{AnyMove, AnyPosition};

/// The size of an analysis's transposition table, in MiB.
pub const TABLE_MB: usize = 8;

/// Moves played at once before searching when each is the only legal one (a capture that
/// must be made): the search itself would give them no depth.
const MAX_FORCED: usize = 64;

/// A draughts analysis in progress.
pub struct Analysis {
    /// The position analysed.
    start: Position,
    /// The only legal moves from `start`, one after the other, played before searching.
    forced: Vec<Move>,
    /// The game after `forced`: what is searched.
    game: GameHistory,
    searcher: Searcher,
    /// The tables' value of the searched position, when they hold it.
    held: Option<TableResult>,
    stop: Arc<AtomicBool>,
    started: Instant,
    limits: Limits,
    nodes: u64,
    /// The deepest depth reported.
    reported: u32,
}

/// What one step of an analysis gives: maybe a deeper [`Info`], maybe the end.
#[derive(Debug, PartialEq, Eq)]
pub struct Step {
    /// A depth deeper than any said before, when the step found one.
    pub info: Option<Info>,
    /// The moves of that depth's line (of `info`'s), from the analysed position.
    pub line: Vec<AnyMove>,
    /// Why the analysis ends with this step, when it does.
    pub stop: Option<Stop>,
}

impl Analysis {
    /// An analysis of the last position of `game` within `limits`, probing `endgames` when
    /// given.
    pub fn new(mut game: GameHistory, limits: Limits, endgames: Option<Arc<Endgames>>) -> Analysis {
        let start = *game.position();
        let mut forced = Vec::new();
        while forced.len() < MAX_FORCED && !game.state().is_over() {
            let mut moves = game.position().legal_moves();
            if moves.len() != 1 {
                break;
            }
            let only = moves.remove(0);
            if game.push(&only).is_err() {
                break;
            }
            forced.push(only);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let pos = *game.position();
        let held = endgames
            .as_ref()
            .and_then(|t| t.probe(&pos))
            .map(|wdl| TableResult::of(wdl, pos.side_to_move() == Color::White));
        let mut searcher = Searcher::with_table_size(TABLE_MB).with_stop(stop.clone());
        if let Some(tables) = endgames {
            searcher = searcher.with_endgames(tables);
        }
        Analysis {
            start,
            forced,
            game,
            searcher,
            held,
            stop,
            started: Instant::now(),
            limits,
            nodes: 0,
            reported: 0,
        }
    }

    /// The next steps search on `threads` threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.searcher.set_threads(threads);
    }

    /// A flag that, set from another thread, ends the step in progress.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Searches to `depth` plies (counted from the analysed position) and says what was
    /// found. A step that ends the analysis says why in [`Step::stop`].
    pub fn step(&mut self, depth: u32) -> Step {
        let state = self.game.state();
        if state.is_over() {
            return self.over(state);
        }
        let left = self.limits.time.saturating_sub(self.started.elapsed());
        if left.is_zero() || self.stop.load(Ordering::Relaxed) {
            return Step {
                info: None,
                line: Vec::new(),
                stop: Some(Stop::Time),
            };
        }
        let plies_before = self.forced.len() as u32;
        let wanted = depth.saturating_sub(plies_before).max(1);
        let options = SearchOptions::new(Level::Strong)
            .with_depth(wanted)
            .with_time(left);
        let Some(found) = self.searcher.search(&self.game, &options) else {
            return Step {
                info: None,
                line: Vec::new(),
                stop: Some(Stop::NoMoves),
            };
        };
        self.nodes += found.nodes;
        let searched = plies_before + found.depth;
        let white = self.game.position().side_to_move() == Color::White;
        let forced_in = found.forced_result_in();
        let mate = forced_in.map(|plies| {
            let moves = (plies_before as i32 + plies.abs() + 1) / 2;
            for_white(moves * plies.signum(), white)
        });
        let mut line: Vec<AnyMove> = self.forced.iter().cloned().map(AnyMove::Draughts).collect();
        let pv = if found.pv.is_empty() {
            vec![found.mv.clone()]
        } else {
            found.pv.clone()
        };
        line.extend(pv.into_iter().map(AnyMove::Draughts));
        let (best, texts) = describe_line(
            &AnyPosition::Draughts(self.start),
            &line,
            &self.limits.notation,
        );
        let info = (searched > self.reported || self.reported == 0).then(|| Info {
            depth: searched.max(1),
            score: mate.is_none().then(|| for_white(found.score, white)),
            mate,
            pv: texts,
            best,
            nodes: self.nodes,
            time_ms: self.started.elapsed().as_millis() as u64,
            database: self.held.or_else(|| {
                found
                    .database_result()
                    .map(|wdl| TableResult::of(wdl, white))
            }),
        });
        self.reported = self.reported.max(searched);
        let stop = if forced_in.is_some_and(|p| p.unsigned_abs() <= found.depth) {
            // The forced result is seen in full: deeper would find the same.
            Some(Stop::Forced)
        } else if found.depth < wanted {
            // The search ran out of time (or was stopped) before the depth asked for.
            Some(Stop::Time)
        } else if searched >= self.limits.depth {
            Some(Stop::Depth)
        } else {
            None
        };
        let line = if info.is_some() { line } else { Vec::new() };
        Step { info, line, stop }
    }

    /// The step of an analysis whose game ends before any search: after the forced moves, or
    /// at once.
    fn over(&self, state: GameState) -> Step {
        if self.forced.is_empty() {
            return Step {
                info: None,
                line: Vec::new(),
                stop: Some(Stop::NoMoves),
            };
        }
        let line: Vec<AnyMove> = self.forced.iter().cloned().map(AnyMove::Draughts).collect();
        let (best, pv) = describe_line(
            &AnyPosition::Draughts(self.start),
            &line,
            &self.limits.notation,
        );
        let plies = self.forced.len() as i32;
        let (score, mate) = match state {
            GameState::Win { winner } => {
                let moves = (plies + 1) / 2;
                (
                    None,
                    Some(if winner == Color::White {
                        moves
                    } else {
                        -moves
                    }),
                )
            }
            _ => (Some(0), None),
        };
        Step {
            info: Some(Info {
                depth: plies as u32,
                score,
                mate,
                pv,
                best,
                nodes: 0,
                time_ms: self.started.elapsed().as_millis() as u64,
                database: None,
            }),
            line,
            stop: Some(Stop::Forced),
        }
    }
}

/// Analyses the last position of `game` within `limits` (probing `endgames` when given),
/// one depth at a time, each under a permit of `pool` on a blocking thread (and on as many
/// threads as it found permits free, up to the pool's `threads`), sending each depth on `tx`
/// and then why it ended. Stops as soon as the receiver is dropped (the search in
/// progress is stopped too). `held` is kept until the end.
pub async fn analyse(
    game: GameHistory,
    limits: Limits,
    endgames: Option<Arc<Endgames>>,
    pool: Pool,
    tx: mpsc::Sender<Event>,
    held: Held,
) {
    let _held = held;
    let mut analysis = Analysis::new(game, limits, endgames);
    let deadline = tokio::time::Instant::now() + limits.time;
    let flag = analysis.stop_flag();
    let mut depth = 1;
    let stop = loop {
        let permit = tokio::select! {
            permit = tokio::time::timeout_at(deadline, pool.cpu.clone().acquire_owned()) => permit,
            () = tx.closed() => return,
        };
        let Ok(Ok(mut permit)) = permit else {
            break Stop::Time;
        };
        analysis.set_threads(more_permits(&pool, &mut permit));
        let mut work = tokio::task::spawn_blocking(move || {
            let step = analysis.step(depth);
            (analysis, step)
        });
        let done = tokio::select! {
            done = &mut work => done,
            () = tx.closed() => {
                flag.store(true, Ordering::Relaxed);
                let _ = work.await;
                return;
            }
        };
        drop(permit);
        let Ok((back, step)) = done else {
            break Stop::Failed;
        };
        analysis = back;
        if let Some(info) = step.info {
            depth = depth.max(info.depth);
            if tx.send(Event::Info(info)).await.is_err() {
                return;
            }
        }
        if let Some(stop) = step.stop {
            break stop;
        }
        depth += 1;
    };
    let _ = tx.send(Event::Done(stop)).await;
}

/// Adds to `permit` (one of `pool.cpu`'s) the permits free at once, up to `pool.threads` in
/// all: how many it holds now.
fn more_permits(pool: &Pool, permit: &mut OwnedSemaphorePermit) -> usize {
    while permit.num_permits() < pool.threads {
        match pool.cpu.clone().try_acquire_owned() {
            Ok(more) => permit.merge(more),
            Err(_) => break,
        }
    }
    permit.num_permits()
}

/// The analysis of the last position of `game` (probing `endgames` when given) run to its
/// end on this thread, one step per depth: for tests and tools.
pub fn run_to_end(
    game: GameHistory,
    limits: Limits,
    endgames: Option<Arc<Endgames>>,
) -> (Vec<Info>, Stop) {
    let mut infos = Vec::new();
    let stop = deepen(game, limits, endgames, |info, _| infos.push(info));
    (infos, stop)
}

/// Runs the analysis of the last position of `game` to its end on this thread, telling
/// `found` each depth with its line's moves.
fn deepen(
    game: GameHistory,
    limits: Limits,
    endgames: Option<Arc<Endgames>>,
    mut found: impl FnMut(Info, Vec<AnyMove>),
) -> Stop {
    let mut analysis = Analysis::new(game, limits, endgames);
    let mut depth = 1;
    loop {
        let step = analysis.step(depth);
        if let Some(info) = step.info {
            depth = depth.max(info.depth);
            found(info, step.line);
        }
        if let Some(stop) = step.stop {
            return stop;
        }
        depth += 1;
    }
}

/// The evaluation of the last position of `game` by a search within `budget` (the deepest
/// depth it finished, probing `endgames` when given), on this thread: the unit of a
/// full-game analysis. A game that is over there (no moves, or drawn by a rule of the
/// variant) is scored by its result.
pub fn evaluate(game: GameHistory, budget: Budget, endgames: Option<Arc<Endgames>>) -> Evaluation {
    let start = *game.position();
    let over = match game.state() {
        GameState::Ongoing => None,
        GameState::Win { winner } => Some(Some(winner == Color::White)),
        GameState::Draw { .. } => Some(None),
    };
    if let Some(result) = over {
        return Evaluation {
            score: Score::Over(result),
            line: Vec::new(),
            depth: 0,
            nodes: 0,
        };
    }
    let limits = Limits {
        time: budget.time(TIME_CAP),
        depth: budget.depth(MAX_DEPTH),
        notation: Default::default(),
    };
    let mut last = None;
    deepen(game, limits, endgames, |info, line| {
        last = Some((info, line))
    });
    let Some((info, line)) = last else {
        // Out of time before depth 1: the first legal move, unjudged.
        return Evaluation {
            score: Score::Cp(0),
            line: AnyPosition::Draughts(start)
                .moves()
                .into_iter()
                .take(1)
                .collect(),
            depth: 0,
            nodes: 0,
        };
    };
    let score = match (info.score, info.mate, info.database) {
        (_, Some(mate), _) => Score::Mate(mate),
        (_, None, Some(table)) => Score::Table(table),
        (Some(cp), None, None) => Score::Cp(cp),
        (None, None, None) => Score::Cp(0),
    };
    Evaluation {
        score,
        line,
        depth: info.depth,
        nodes: info.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts::Variant;

    fn limits(depth: u32) -> Limits {
        Limits {
            time: std::time::Duration::from_secs(3600),
            depth,
            notation: Default::default(),
        }
    }

    /// Each depth of an analysis, one after the other, names a legal best move whose text
    /// starts the line.
    fn check_analysis(fen: &str, variant: Variant, depth: u32) -> Vec<Info> {
        let start = Position::from_fen(fen, variant).unwrap();
        let (infos, stop) = run_to_end(GameHistory::new(start), limits(depth), None);
        assert_eq!(stop, Stop::Depth, "{fen}: {infos:?}");
        assert_eq!(
            infos.first().map(|i| i.depth),
            Some(1),
            "the first info is depth 1"
        );
        assert!(
            infos.windows(2).all(|w| w[0].depth < w[1].depth),
            "depths increase: {infos:?}"
        );
        assert_eq!(infos.last().map(|i| i.depth), Some(depth));
        let pos = AnyPosition::Draughts(start);
        let legal = pos.legal_moves(&Default::default());
        for info in &infos {
            let mv = legal
                .iter()
                .find(|m| m.id == info.best)
                .unwrap_or_else(|| panic!("{} is not legal in {fen}", info.best));
            assert_eq!(info.pv.first(), Some(&mv.text), "the line starts with it");
            assert!(info.pv.len() <= info.depth as usize);
            assert!(info.score.is_some() != info.mate.is_some());
        }
        infos
    }

    /// A step takes the permits free at once, up to the pool's threads, and never waits
    /// for more.
    #[test]
    fn a_step_takes_the_free_permits_up_to_the_pools_threads() {
        let cpu = Arc::new(tokio::sync::Semaphore::new(3));
        for (threads, held, left) in [(1, 1, 2), (2, 2, 1), (3, 3, 0), (8, 3, 0)] {
            let pool = Pool {
                cpu: cpu.clone(),
                threads,
            };
            let mut permit = cpu.clone().try_acquire_owned().unwrap();
            assert_eq!(more_permits(&pool, &mut permit), held, "{threads} threads");
            assert_eq!(cpu.available_permits(), left);
            drop(permit);
            assert_eq!(cpu.available_permits(), 3);
        }
        // Two permits held elsewhere: one more is all there is.
        let others = cpu.clone().try_acquire_many_owned(2).unwrap();
        let pool = Pool {
            cpu: cpu.clone(),
            threads: 3,
        };
        let mut permit = cpu.clone().try_acquire_owned().unwrap();
        assert_eq!(more_permits(&pool, &mut permit), 1);
        drop((permit, others));
    }

    /// An analysis on two threads gives every depth with a legal line, as on one.
    #[test]
    fn an_analysis_on_two_threads_deepens_with_legal_moves() {
        let start = Position::start(Variant::INTERNATIONAL);
        let mut analysis = Analysis::new(GameHistory::new(start), limits(8), None);
        analysis.set_threads(2);
        let legal = AnyPosition::Draughts(start).legal_moves(&Default::default());
        for depth in 1..=8 {
            let step = analysis.step(depth);
            let info = step.info.expect("each step a new depth");
            assert_eq!(info.depth, depth);
            assert!(legal.iter().any(|m| m.id == info.best), "{info:?}");
            assert_eq!(step.stop, (depth == 8).then_some(Stop::Depth));
        }
    }

    #[test]
    fn an_analysis_deepens_from_depth_one_with_legal_moves() {
        check_analysis(
            &Position::start(Variant::INTERNATIONAL).to_fen(),
            Variant::INTERNATIONAL,
            6,
        );
        check_analysis(
            &Position::start(Variant::AMERICAN).to_fen(),
            Variant::AMERICAN,
            8,
        );
        check_analysis(
            &Position::start(Variant::RUSSIAN).to_fen(),
            Variant::RUSSIAN,
            6,
        );
        check_analysis(
            &Position::start(Variant::FRISIAN).to_fen(),
            Variant::FRISIAN,
            5,
        );
    }

    #[test]
    fn scores_are_from_whites_side() {
        // Black to move with six men against one, and the same position turned round with
        // White to move: the evaluation is the side to move's, so White's scores are
        // opposite, and Black's position is the better (by more than a man; the learned
        // evaluation's values shrink as the board empties, where the hand-made one's do not).
        // Opposite exactly, at every depth: the search orders and prunes the moves of the two
        // colours alike (see draughts' `a_position_and_its_mirror_are_searched_alike`).
        let black = check_analysis("B:W46:B1,2,3,4,5,6", Variant::INTERNATIONAL, 3);
        let white = check_analysis("W:W45,46,47,48,49,50:B5", Variant::INTERNATIONAL, 3);
        assert_eq!(black.len(), white.len());
        for (b, w) in black.iter().zip(&white) {
            assert_eq!(
                (b.score.map(|s| -s), b.mate.map(|m| -m)),
                (w.score, w.mate),
                "{b:?} against {w:?}"
            );
            assert!(
                b.score.map_or_else(|| b.mate.unwrap() < 0, |s| s < -100),
                "{b:?}"
            );
        }
    }

    #[test]
    fn forced_moves_are_played_and_a_won_game_is_a_forced_result() {
        // American: Black (to move) must take 14x23 and White has nothing left.
        let start = Position::from_fen("B:W18:B14,1", Variant::AMERICAN).unwrap();
        let (infos, stop) = run_to_end(GameHistory::new(start), limits(10), None);
        assert_eq!(stop, Stop::Forced);
        assert_eq!(infos.len(), 1, "{infos:?}");
        assert_eq!(infos[0].best, "14x23");
        assert_eq!(infos[0].mate, Some(-1), "Black wins with its one move");
        assert_eq!(infos[0].score, None);
    }

    #[test]
    fn a_position_without_moves_gives_no_info() {
        let start = Position::from_fen("W:W32:B23,24,27,28", Variant::AMERICAN).unwrap();
        assert!(!start.has_legal_move());
        assert_eq!(
            run_to_end(GameHistory::new(start), limits(10), None),
            (Vec::new(), Stop::NoMoves)
        );
    }

    #[test]
    fn a_win_found_by_the_search_ends_the_analysis() {
        // International: 32-27 leaves Black's last man one move, 17-21, into 27x16.
        let start = Position::from_fen("W:W28,32:B17", Variant::INTERNATIONAL).unwrap();
        assert!(start.legal_moves().len() > 1, "searched, not forced");
        let (infos, stop) = run_to_end(GameHistory::new(start), limits(20), None);
        assert_eq!(stop, Stop::Forced, "{infos:?}");
        let last = infos.last().unwrap();
        assert_eq!(
            last.mate,
            Some(2),
            "White wins with its second move: {last:?}"
        );
        assert_eq!(last.pv, ["32-27", "17-21", "27x16"]);
        assert!(last.depth < 20, "it stops once the win is seen in full");
    }

    #[test]
    fn the_game_that_led_to_the_position_is_seen() {
        // Kings and men (on the edges, out of reach) on both sides; the kings go to and fro
        // until the position stands for the third time: with its game it is a draw, alone it is searched.
        let start = Position::from_fen("W:WK48,35:BK3,16", Variant::INTERNATIONAL).unwrap();
        let mut game = GameHistory::new(start);
        let mut reader = draughts::MoveReader::new();
        for _ in 0..2 {
            for text in ["48-43", "3-9", "43-48", "9-3"] {
                let mv = reader.read(game.position(), text).unwrap();
                game.push(&mv).unwrap();
            }
        }
        assert_eq!(*game.position(), start);
        assert!(game.state().is_over(), "{:?}", game.state());
        let budget = Budget::Depth(4);
        assert_eq!(
            evaluate(game.clone(), budget, None).score,
            Score::Over(None)
        );
        assert!(matches!(
            evaluate(GameHistory::new(start), budget, None).score,
            Score::Cp(_)
        ));
    }

    /// The analysis says what the endgame tables know: of the position itself when they
    /// hold it, and of a line that reaches them; from White's side whoever moves; nothing
    /// without tables.
    #[test]
    fn the_tables_are_said() {
        let tables = Some(Arc::new(draughts::egdb::generate(
            &Variant::AMERICAN,
            3,
            |_, _| {},
        )));
        let database = |fen: &str, tables: Option<Arc<Endgames>>| {
            let start = Position::from_fen(fen, Variant::AMERICAN).unwrap();
            let (infos, _) = run_to_end(GameHistory::new(start), limits(4), tables);
            infos.iter().map(|i| i.database).collect::<Vec<_>>()
        };
        let white_wins = Some(TableResult::WhiteWins);
        // Two kings against one in the double corner: held by the tables, a long win.
        assert_eq!(database("W:WK14,K18:BK1", tables.clone()), [white_wins; 4]);
        // Four pieces: White's capture (one of two) reaches a won ending of three.
        let reached = database("W:WK2,K10:BK1,7", tables.clone());
        assert_eq!(reached.last(), Some(&white_wins), "{reached:?}");
        // The same turned round, Black to move: Black wins.
        let turned = database("B:W26,K32:BK23,K31", tables.clone());
        assert_eq!(
            turned.last(),
            Some(&Some(TableResult::BlackWins)),
            "{turned:?}"
        );
        assert_eq!(database("W:WK2,K10:BK1,7", None), [None; 4]);
        // A draw the tables hold: one king against one, neither trapped.
        let start = Position::from_fen("W:WK13:BK20", Variant::AMERICAN).unwrap();
        let (infos, _) = run_to_end(GameHistory::new(start), limits(4), tables);
        assert!(
            infos
                .iter()
                .all(|i| i.database == Some(TableResult::Draw) && i.score == Some(0)),
            "{infos:?}"
        );
    }
}
