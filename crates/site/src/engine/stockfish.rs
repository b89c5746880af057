//! Chess analysis and the computer's chess moves by Stockfish, a separate program spoken to
//! over UCI (`uci`, `isready`, `position fen ...`, `go depth N`, `info ...`, `bestmove ...`).
//!
//! Each analysis and each computer move runs a process of its own, killed when it is done
//! or when its reader goes away; [`super::MAX_STOCKFISH`] bound how many run at once.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use shakmaty::uci::UciMove;
use shakmaty::variant::VariantPosition;
use shakmaty::{CastlingMode, Chess, Position as _};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::sync::{Semaphore, mpsc};

use super::evaluation::{Budget, Evaluation};
use super::judgement::Score;
use super::{Event, Held, Info, Limits, Stop, describe_line, for_white};
use games::{AnyMove, AnyPosition, NotationChoice};

/// The environment variable naming Stockfish's executable; `none` (or empty) turns chess
/// analysis off.
pub const ENV: &str = "SCORESHEET_STOCKFISH";

/// How long Stockfish may take to start and say it is ready.
const START_TIME: Duration = Duration::from_secs(10);

/// Where Stockfish is: `given` (a `--stockfish` option) when there is one, else the path in
/// [`ENV`] (`none` or empty: nowhere), else `stockfish` on the `PATH`, else Debian's
/// `/usr/games/stockfish` (the `stockfish` package puts it there, outside root's `PATH`).
pub fn find(given: Option<PathBuf>) -> Option<PathBuf> {
    if let Some(path) = given {
        return Some(path);
    }
    if let Some(value) = std::env::var_os(ENV) {
        let none = value.is_empty() || value == "none";
        return (!none).then(|| PathBuf::from(value));
    }
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|dir| dir.join("stockfish"));
    on_path
        .chain([PathBuf::from("/usr/games/stockfish")])
        .find(|p| is_executable(p))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// A score of an `info` line, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciScore {
    /// Centipawns.
    Cp(i32),
    /// Moves to checkmate: positive when the side to move mates, negative when it is mated.
    Mate(i32),
}

/// What an `info` line of a search says (lines without a score and a line are not read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciInfo {
    /// The depth searched, in plies.
    pub depth: u32,
    /// The score, for the side to move.
    pub score: UciScore,
    /// The score is only a bound (`lowerbound`, `upperbound`): the depth is not finished.
    pub bound: bool,
    /// Positions searched.
    pub nodes: u64,
    /// The line, as UCI moves.
    pub pv: Vec<String>,
}

/// Reads an `info` line: `None` for lines that are not a search's result (`info string`,
/// `info depth 5 currmove e2e4`, anything malformed).
pub fn parse_info(line: &str) -> Option<UciInfo> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let (mut depth, mut score, mut bound, mut nodes, mut pv) = (None, None, false, 0, None);
    while let Some(word) = words.next() {
        match word {
            "depth" => depth = Some(words.next()?.parse().ok()?),
            "nodes" => nodes = words.next()?.parse().ok()?,
            "score" => {
                let kind = words.next()?;
                let value: i32 = words.next()?.parse().ok()?;
                score = Some(match kind {
                    "cp" => UciScore::Cp(value),
                    "mate" => UciScore::Mate(value),
                    _ => return None,
                });
            }
            "lowerbound" | "upperbound" => bound = true,
            // `string` runs to the end of the line; `pv` is the last field Stockfish writes.
            "string" => return None,
            "pv" => {
                pv = Some(words.by_ref().map(str::to_string).collect::<Vec<_>>());
            }
            _ => {}
        }
    }
    let pv = pv.filter(|pv| !pv.is_empty())?;
    Some(UciInfo {
        depth: depth?,
        score: score?,
        bound,
        nodes,
        pv,
    })
}

/// Reads a `bestmove` line: `Some(Some(move))`, `Some(None)` for `bestmove (none)` (no legal
/// move), `None` for other lines.
pub fn parse_bestmove(line: &str) -> Option<Option<String>> {
    let mut words = line.split_whitespace();
    if words.next()? != "bestmove" {
        return None;
    }
    Some(words.next().filter(|m| *m != "(none)").map(str::to_string))
}

/// A running Stockfish, killed when dropped.
struct Uci {
    _child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
}

impl Uci {
    /// Starts Stockfish at `path` and waits until it is ready, with `options` set
    /// (`(name, value)`).
    async fn start(path: &Path, options: &[(&str, String)]) -> std::io::Result<Uci> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(std::io::Error::other("no pipes to Stockfish"));
        };
        let mut uci = Uci {
            _child: child,
            stdin,
            lines: BufReader::new(stdout).lines(),
        };
        let ready = async {
            uci.send("uci").await?;
            uci.wait_for("uciok").await?;
            for (name, value) in options {
                uci.send(&format!("setoption name {name} value {value}"))
                    .await?;
            }
            uci.send("isready").await?;
            uci.wait_for("readyok").await
        };
        match tokio::time::timeout(START_TIME, ready).await {
            Ok(Ok(())) => Ok(uci),
            Ok(Err(e)) => Err(e),
            Err(_) => Err(std::io::Error::other("Stockfish did not get ready")),
        }
    }

    async fn send(&mut self, command: &str) -> std::io::Result<()> {
        self.stdin.write_all(command.as_bytes()).await?;
        self.stdin.write_all(b"\n").await?;
        self.stdin.flush().await
    }

    /// The next line; an error when Stockfish has ended.
    async fn line(&mut self) -> std::io::Result<String> {
        self.lines
            .next_line()
            .await?
            .ok_or_else(|| std::io::Error::other("Stockfish ended"))
    }

    async fn wait_for(&mut self, word: &str) -> std::io::Result<()> {
        while self.line().await?.trim() != word {}
        Ok(())
    }

    /// Reads a search's lines up to its `bestmove`: its last finished `info` and its move.
    async fn result(&mut self) -> std::io::Result<(Option<UciInfo>, Option<String>)> {
        let mut last = None;
        loop {
            let line = self.line().await?;
            if let Some(best) = parse_bestmove(&line) {
                return Ok((last, best));
            }
            if let Some(info) = parse_info(&line).filter(|i| !i.bound) {
                last = Some(info);
            }
        }
    }
}

/// The FEN Stockfish is given, and the options for its castling rules.
fn setup(pos: &Chess) -> (String, Vec<(&'static str, String)>) {
    let fen = AnyPosition::Chess(VariantPosition::Chess(pos.clone())).fen();
    let chess960 = pos.castles().mode() == CastlingMode::Chess960;
    (fen, vec![("UCI_Chess960", chess960.to_string())])
}

/// UCI's `position fen FEN moves ...` (without `moves` when there are none).
fn position_command(fen: &str, moves: &[String]) -> String {
    let mut position = format!("position fen {fen}");
    if !moves.is_empty() {
        position.push_str(" moves ");
        position.push_str(&moves.join(" "));
    }
    position
}

/// The moves of a UCI line that are legal one after the other from `pos` (the line is cut
/// at the first that is not).
fn line_of(pos: &Chess, pv: &[String]) -> Vec<AnyMove> {
    let mut p = pos.clone();
    let mut line = Vec::with_capacity(pv.len());
    for text in pv {
        let Some(m) = text
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&p).ok())
        else {
            break;
        };
        p.play_unchecked(m);
        line.push(AnyMove::Chess(m));
    }
    line
}

/// An [`Info`] from Stockfish's `info` at the end of a search of `pos`; `None` when its line
/// has no legal first move.
pub fn info_of(
    pos: &Chess,
    uci: &UciInfo,
    nodes: u64,
    time: Duration,
    notation: &NotationChoice,
) -> Option<Info> {
    let line = line_of(pos, &uci.pv);
    if line.is_empty() {
        return None;
    }
    let (best, pv) = describe_line(
        &AnyPosition::Chess(VariantPosition::Chess(pos.clone())),
        &line,
        notation,
    );
    let white = pos.turn() == shakmaty::Color::White;
    let (score, mate) = match uci.score {
        UciScore::Cp(cp) => (Some(for_white(cp, white)), None),
        UciScore::Mate(n) => (None, Some(for_white(n, white))),
    };
    Some(Info {
        depth: uci.depth,
        score,
        mate,
        pv,
        best,
        nodes,
        time_ms: time.as_millis() as u64,
        database: None,
    })
}

/// Analyses the position after `moves` (each legal after the ones before) from `start` with
/// the Stockfish at `path`, which is given the moves too (`position fen START moves ...`), so
/// that it sees repetitions coming and the fifty-move count. One depth at a time (`go depth
/// N`, each from a clear hash: iterative deepening done again at each depth costs about
/// twice one search to the last depth), each depth under a permit of `cpu` so that chess and
/// draughts analyses take turns, sending each depth on `tx` and then why it ended. The
/// process is killed as soon as the receiver is dropped. `held` is kept until the end.
pub async fn analyse(
    path: PathBuf,
    start: Chess,
    moves: Vec<shakmaty::Move>,
    limits: Limits,
    cpu: Arc<Semaphore>,
    tx: mpsc::Sender<Event>,
    held: Held,
) {
    let _held = held;
    let stop = tokio::select! {
        stop = run(&path, &start, &moves, limits, &cpu, &tx) => stop,
        // Dropping `run` drops the process, which kills it.
        () = tx.closed() => return,
    };
    let _ = tx.send(Event::Done(stop)).await;
}

async fn run(
    path: &Path,
    start: &Chess,
    moves: &[shakmaty::Move],
    limits: Limits,
    cpu: &Arc<Semaphore>,
    tx: &mpsc::Sender<Event>,
) -> Stop {
    let mut position = start.clone();
    let mut played = Vec::with_capacity(moves.len());
    let mode = start.castles().mode();
    for m in moves {
        played.push(UciMove::from_move(*m, mode).to_string());
        position.play_unchecked(*m);
    }
    let pos = &position;
    if pos.legal_moves().is_empty() {
        return Stop::NoMoves;
    }
    let started = Instant::now();
    let deadline = tokio::time::Instant::now() + limits.time;
    let (fen, options) = setup(start);
    let Ok(mut uci) = Uci::start(path, &options).await else {
        return Stop::Failed;
    };
    if uci.send(&position_command(&fen, &played)).await.is_err() {
        return Stop::Failed;
    }
    let (mut nodes, mut reported) = (0, 0);
    for depth in 1..=limits.depth {
        let Ok(Ok(_permit)) = tokio::time::timeout_at(deadline, cpu.acquire()).await else {
            return Stop::Time;
        };
        // Each depth from a clear hash: searched on the last depth's hash, Stockfish answers
        // from it at once, with lines cut to one move and scores of another depth.
        let go = format!("setoption name Clear Hash\ngo depth {depth}");
        if uci.send(&go).await.is_err() {
            return Stop::Failed;
        }
        let (last, best) = match tokio::time::timeout_at(deadline, uci.result()).await {
            Ok(Ok(found)) => found,
            Ok(Err(_)) => return Stop::Failed,
            Err(_) => {
                // Out of time in the middle of a depth: stop it, and let the process go
                // (dropped, it is killed) whether or not it answers.
                let _ = uci.send("stop").await;
                let _ = tokio::time::timeout(Duration::from_millis(200), uci.result()).await;
                return Stop::Time;
            }
        };
        let Some(last) = last else {
            return if best.is_none() {
                Stop::NoMoves
            } else {
                Stop::Failed
            };
        };
        nodes += last.nodes;
        if last.depth > reported {
            reported = last.depth;
            let Some(info) = info_of(pos, &last, nodes, started.elapsed(), &limits.notation) else {
                return Stop::Failed;
            };
            if tx.send(Event::Info(info)).await.is_err() {
                return Stop::Failed;
            }
        }
        if let UciScore::Mate(n) = last.score {
            // Mate in n moves is 2n - 1 plies away (mated in n: 2n); once the search is
            // that deep, deeper finds the same.
            let plies = if n > 0 {
                n.saturating_mul(2) - 1
            } else {
                n.saturating_mul(-2)
            };
            if plies.unsigned_abs() <= last.depth {
                return Stop::Forced;
            }
        }
    }
    Stop::Depth
}

/// The longest a search of one position by a [`Session`] may take under a depth budget.
const SESSION_CAP: Duration = Duration::from_secs(120);

/// A Stockfish kept for a run of evaluations, one position after another (a full-game
/// analysis's worker): started once, killed when dropped.
pub struct Session {
    uci: Uci,
}

impl Session {
    /// Starts Stockfish at `path`, for Chess960's castling when `chess960`.
    pub async fn start(path: &Path, chess960: bool) -> std::io::Result<Session> {
        let options = [("UCI_Chess960", chess960.to_string())];
        Ok(Session {
            uci: Uci::start(path, &options).await?,
        })
    }

    /// The evaluation of `pos` by a search within `budget`, from a clear hash (so that the
    /// answer does not depend on the positions searched before). A position without moves
    /// is the game's end: checkmate or stalemate.
    pub async fn evaluate(&mut self, pos: &Chess, budget: Budget) -> std::io::Result<Evaluation> {
        if pos.legal_moves().is_empty() {
            let winner = pos
                .is_checkmate()
                .then(|| pos.turn() == shakmaty::Color::Black);
            return Ok(Evaluation {
                score: Score::Over(winner),
                line: Vec::new(),
                depth: 0,
                nodes: 0,
            });
        }
        let (fen, _) = setup(pos);
        let go = match budget {
            Budget::Depth(d) => format!("go depth {}", d.clamp(1, super::MAX_DEPTH)),
            Budget::TimeMs(ms) => format!("go movetime {ms}"),
        };
        let uci = &mut self.uci;
        let work = async {
            uci.send(&format!(
                "ucinewgame\nsetoption name Clear Hash\nposition fen {fen}\n{go}"
            ))
            .await?;
            uci.result().await
        };
        let (last, _) = tokio::time::timeout(budget.time(SESSION_CAP) + START_TIME, work)
            .await
            .map_err(|_| std::io::Error::other("Stockfish did not answer in time"))??;
        let last = last.ok_or_else(|| std::io::Error::other("Stockfish gave no line"))?;
        let line = line_of(pos, &last.pv);
        if line.is_empty() {
            return Err(std::io::Error::other("Stockfish's line is not legal"));
        }
        let white = pos.turn() == shakmaty::Color::White;
        let score = match last.score {
            UciScore::Cp(cp) => Score::Cp(for_white(cp, white)),
            UciScore::Mate(n) => Score::Mate(for_white(n, white)),
        };
        Ok(Evaluation {
            score,
            line,
            depth: last.depth,
            nodes: last.nodes,
        })
    }
}

/// How Stockfish plays at a computer level: its `Skill Level` (0–20) and its time per move.
pub fn level_settings(level: draughts::Level) -> (u32, Duration) {
    match level {
        draughts::Level::Beginner => (0, Duration::from_millis(100)),
        draughts::Level::Intermediate => (6, Duration::from_millis(300)),
        draughts::Level::Strong => (20, Duration::from_millis(1_000)),
    }
}

/// The computer's move at `level` in a chess game from `start` after `moves` (UCI ids), as
/// a UCI id; `None` when Stockfish cannot be run or gives no move.
pub async fn best_move(
    path: &Path,
    start: &Chess,
    moves: &[String],
    level: draughts::Level,
) -> Option<String> {
    let (skill, time) = level_settings(level);
    search(path, start, moves, Some(skill), time).await?.1
}

/// Stockfish's evaluation, for the side to move, of a chess game from `start` after `moves`
/// (UCI ids), searched for `time`; `None` when Stockfish cannot be run.
pub async fn evaluate(
    path: &Path,
    start: &Chess,
    moves: &[String],
    time: Duration,
) -> Option<UciScore> {
    Some(search(path, start, moves, None, time).await?.0?.score)
}

/// One search of `time` at `skill` (full strength when `None`): its last `info` and its move.
async fn search(
    path: &Path,
    start: &Chess,
    moves: &[String],
    skill: Option<u32>,
    time: Duration,
) -> Option<(Option<UciInfo>, Option<String>)> {
    let (fen, mut options) = setup(start);
    if let Some(skill) = skill {
        options.push(("Skill Level", skill.to_string()));
    }
    let work = async {
        let mut uci = Uci::start(path, &options).await.ok()?;
        uci.send(&position_command(&fen, moves)).await.ok()?;
        uci.send(&format!("go movetime {}", time.as_millis()))
            .await
            .ok()?;
        uci.result().await.ok()
    };
    tokio::time::timeout(time + START_TIME, work)
        .await
        .ok()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read() {
        let line = "info depth 10 seldepth 13 multipv 1 score cp 25 nodes 20978 nps 499476 \
                    hashfull 10 tbhits 0 time 42 pv e2e4 c7c5 g1f3";
        assert_eq!(
            parse_info(line),
            Some(UciInfo {
                depth: 10,
                score: UciScore::Cp(25),
                bound: false,
                nodes: 20978,
                pv: vec!["e2e4".into(), "c7c5".into(), "g1f3".into()],
            })
        );
        let mate = parse_info("info depth 3 score mate -2 nodes 50 pv h7h8 g8h8").unwrap();
        assert_eq!(mate.score, UciScore::Mate(-2));
        let bound = parse_info("info depth 7 score cp 30 lowerbound nodes 9 pv d2d4").unwrap();
        assert!(bound.bound);
    }

    #[test]
    fn other_lines_are_not_infos() {
        for line in [
            "",
            "info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
            "info depth 5 currmove e2e4 currmovenumber 1",
            "info depth 5 score cp 10 nodes 4",
            "info depth x score cp 10 pv e2e4",
            "info depth 5 score wdl 10 pv e2e4",
            "info depth 5 score cp",
            "bestmove e2e4",
            "id name Stockfish 15.1",
        ] {
            assert_eq!(parse_info(line), None, "{line}");
        }
    }

    #[test]
    fn bestmove_lines_are_read() {
        assert_eq!(
            parse_bestmove("bestmove e2e4 ponder c7c5"),
            Some(Some("e2e4".into()))
        );
        assert_eq!(parse_bestmove("bestmove (none)"), Some(None));
        assert_eq!(parse_bestmove("info depth 1"), None);
    }

    #[test]
    fn an_info_is_written_in_san_from_whites_side() {
        // Black to move, Stockfish says +80 for Black: -80 for White.
        let pos: Chess = chess_notation::position_from_fen(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        )
        .unwrap();
        let uci = parse_info("info depth 4 score cp 80 nodes 100 pv c7c5 g1f3 b8c6 zz9z").unwrap();
        let info = info_of(
            &pos,
            &uci,
            100,
            Duration::from_millis(5),
            &Default::default(),
        )
        .unwrap();
        assert_eq!(info.score, Some(-80));
        assert_eq!(info.mate, None);
        assert_eq!(info.best, "c7c5");
        assert_eq!(
            info.pv,
            ["c5", "Nf3", "Nc6"],
            "cut at the move that is not legal"
        );
        let mated = parse_info("info depth 4 score mate 2 nodes 100 pv d7d5").unwrap();
        assert_eq!(
            info_of(&pos, &mated, 1, Duration::ZERO, &Default::default())
                .unwrap()
                .mate,
            Some(-2)
        );
        let illegal = parse_info("info depth 4 score cp 1 nodes 1 pv e2e4").unwrap();
        assert_eq!(
            info_of(&pos, &illegal, 1, Duration::ZERO, &Default::default()),
            None
        );
    }
}
