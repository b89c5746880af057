//! The Hub protocol: the text protocol of Scan, the strongest open draughts engine, which
//! lidraughts and pydraughts use to drive it. [`serve`] makes our search a Hub engine (the
//! `scoresheet hub` command), so any program that drives Scan drives it too, and a match
//! program can play two builds of the engine against each other.
//!
//! The protocol, as Scan 3 and pydraughts's `HubEngine` speak it, one command a line:
//!
//! | the program sends | the engine answers |
//! |---|---|
//! | `hub` | `id name=… version=…`, `param name=variant …`, then `wait` |
//! | `init` | `ready` |
//! | `ping` | `pong` |
//! | `set-param name=variant value=normal` | nothing |
//! | `set-param name=threads value=2` | nothing (the search runs on 2 threads) |
//! | `new-game` | nothing (the engine forgets what it learnt) |
//! | `pos pos=Wbbbb…e moves="32-28 19-23"` | nothing |
//! | `level move-time=0.5` (all of it each move), `level depth=12`, `level nodes=N`, `level time=60 inc=1` (a share of the clock each move) | nothing |
//! | `go think` (or `go analyze`) | `info depth=… score=… nodes=… time=… pv="…"`, then `done move=32-28` |
//! | `quit` | the engine ends |
//!
//! A position is the side to move (`W` or `B`) and a letter for each square in number
//! order: `w` and `b` for men, `W` and `B` for kings, `e` for an empty square. A move is its
//! squares: `32-28`, or a capture as its start, its end and the squares it takes
//! (`28x19x23`; the order of the taken squares does not matter).
//!
//! ```
//! use draughts::{Position, Variant, hub};
//! let start = Position::start(Variant::INTERNATIONAL);
//! let text = hub::position_text(&start);
//! assert_eq!(&text[..3], "Wbb");
//! assert_eq!(hub::read_position(&text, Variant::INTERNATIONAL).unwrap(), start);
//! let m = hub::read_move(&start, "32-28").unwrap();
//! assert_eq!(hub::move_text(&m), "32-28");
//! ```

use std::io::{self, BufRead, Write};
use std::time::Duration;

use crate::color::Color;
use crate::egdb::Library;
use crate::history::GameHistory;
use crate::moves::Move;
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::search::{Level, SearchOptions, Searcher};
use crate::square::Square;
use crate::variant::Variant;

/// Why a Hub text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HubError {
    /// A position that is not the side and a letter for each square.
    #[error("not a Hub position: {0}")]
    Position(String),
    /// A move that is not a legal move of the position.
    #[error("not a legal move: {0}")]
    Move(String),
    /// A variant the engine does not know.
    #[error("unknown variant: {0}")]
    Variant(String),
}

/// The Hub names of the variants Scan plays, and ours for the rest (`russian`, ...).
const HUB_NAMES: [(&str, Variant); 5] = [
    ("normal", Variant::INTERNATIONAL),
    ("killer", Variant::KILLER),
    ("bt", Variant::BREAKTHROUGH),
    ("frisian", Variant::FRISIAN),
    ("losing", Variant::ANTIDRAUGHTS),
];

/// The variant a Hub `variant` parameter names: Scan's names (`normal`, `killer`, `bt`,
/// `frisian`, `losing`) or any name [`Variant`]'s `FromStr` reads.
///
/// # Errors
///
/// [`HubError::Variant`] for a name neither knows.
pub fn variant_named(name: &str) -> Result<Variant, HubError> {
    HUB_NAMES
        .iter()
        .find(|(hub, _)| *hub == name)
        .map(|(_, v)| *v)
        .or_else(|| name.parse().ok())
        .ok_or_else(|| HubError::Variant(name.to_string()))
}

/// The name a Hub engine knows `variant` by: Scan's where Scan plays it (`normal` for
/// International), ours otherwise.
pub fn hub_name(variant: &Variant) -> &'static str {
    HUB_NAMES
        .iter()
        .find(|(_, v)| v.name == variant.name)
        .map_or(variant.name, |(n, _)| *n)
}

/// `pos` as a Hub position: the side to move, then a letter for each square.
pub fn position_text(pos: &Position) -> String {
    let mut out = String::with_capacity(1 + usize::from(pos.size().squares()));
    out.push(match pos.side_to_move() {
        Color::White => 'W',
        Color::Black => 'B',
    });
    for sq in pos.size().all_squares() {
        out.push(match pos.piece_at(sq) {
            None => 'e',
            Some(Piece {
                color: Color::White,
                role: Role::Man,
            }) => 'w',
            Some(Piece {
                color: Color::White,
                role: Role::King,
            }) => 'W',
            Some(Piece {
                color: Color::Black,
                role: Role::Man,
            }) => 'b',
            Some(Piece {
                color: Color::Black,
                role: Role::King,
            }) => 'B',
        });
    }
    out
}

/// The position a Hub position names, in `variant`.
///
/// # Errors
///
/// [`HubError::Position`] when the text is not the side and one letter for each square.
pub fn read_position(text: &str, variant: Variant) -> Result<Position, HubError> {
    let bad = || HubError::Position(text.to_string());
    let mut chars = text.chars();
    let side = match chars.next() {
        Some('W') => Color::White,
        Some('B') => Color::Black,
        _ => return Err(bad()),
    };
    let mut pos = Position::empty(variant, side);
    let mut squares = variant.size.all_squares();
    for c in chars {
        let sq = squares.next().ok_or_else(bad)?;
        let piece = match c {
            'e' => continue,
            'w' => Piece::man(Color::White),
            'W' => Piece::king(Color::White),
            'b' => Piece::man(Color::Black),
            'B' => Piece::king(Color::Black),
            _ => return Err(bad()),
        };
        pos.put(sq, piece);
    }
    if squares.next().is_some() {
        return Err(bad());
    }
    Ok(pos)
}

/// `mv` as Hub writes it: `32-28`, or `28x19x23` (start, end, the squares taken in
/// ascending order).
pub fn move_text(mv: &Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from().number(), mv.to().number());
    }
    let mut parts = vec![mv.from().number(), mv.to().number()];
    let mut taken: Vec<u32> = mv.captured().iter().map(Square::number).collect();
    taken.sort_unstable();
    parts.extend(taken);
    parts
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("x")
}

/// The legal move of `pos` that a Hub move names (the squares taken in any order).
///
/// # Errors
///
/// [`HubError::Move`] when no legal move, or more than one, has these squares.
pub fn read_move(pos: &Position, text: &str) -> Result<Move, HubError> {
    let bad = || HubError::Move(text.to_string());
    let capture = text.contains('x');
    let numbers: Vec<u32> = text
        .split(['-', 'x'])
        .map(|n| n.parse::<u32>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    if numbers.len() < 2 || (!capture && numbers.len() != 2) {
        return Err(bad());
    }
    let mut taken = numbers[2..].to_vec();
    taken.sort_unstable();
    let mut found = pos.legal_moves().into_iter().filter(|m| {
        let mut theirs: Vec<u32> = m.captured().iter().map(Square::number).collect();
        theirs.sort_unstable();
        m.from().number() == numbers[0]
            && m.to().number() == numbers[1]
            && m.is_capture() == capture
            && theirs == taken
    });
    let first = found.next().ok_or_else(bad)?;
    if found.next().is_some() {
        return Err(bad());
    }
    Ok(first)
}

/// What the next `go` searches within.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Limit {
    /// Seconds for the move.
    MoveTime(f64),
    /// A depth in plies.
    Depth(u32),
    /// Positions visited.
    Nodes(u64),
    /// The time left for the game, and the increment, in seconds.
    Clock {
        time: f64,
        inc: f64,
        moves: Option<u32>,
    },
}

/// The engine's state between commands.
struct Engine {
    variant: Variant,
    game: GameHistory,
    limit: Limit,
    searcher: Searcher,
}

/// The value of `key=value` in a command's arguments (a value may be quoted).
fn arg<'a>(args: &'a str, key: &str) -> Option<&'a str> {
    let mut rest = args;
    while let Some(at) = rest.find(&format!("{key}=")) {
        let before_ok = at == 0 || rest.as_bytes()[at - 1] == b' ';
        let value = &rest[at + key.len() + 1..];
        if before_ok {
            if let Some(quoted) = value.strip_prefix('"') {
                return Some(quoted.split('"').next().unwrap_or(""));
            }
            return Some(value.split(' ').next().unwrap_or(""));
        }
        rest = value;
    }
    None
}

impl Engine {
    fn position(&mut self, args: &str) -> Result<(), HubError> {
        let start = match arg(args, "pos") {
            Some(text) => read_position(text, self.variant)?,
            None => Position::start(self.variant),
        };
        let mut game = GameHistory::new(start);
        for word in arg(args, "moves").unwrap_or("").split_whitespace() {
            let m = read_move(game.position(), word)?;
            game.push(&m)
                .map_err(|_| HubError::Move(word.to_string()))?;
        }
        self.game = game;
        Ok(())
    }

    fn level(&mut self, args: &str) {
        let num = |key| arg(args, key).and_then(|v| v.parse::<f64>().ok());
        if let Some(t) = num("move-time") {
            self.limit = Limit::MoveTime(t);
        } else if let Some(d) = num("depth") {
            self.limit = Limit::Depth(d as u32);
        } else if let Some(n) = num("nodes") {
            self.limit = Limit::Nodes(n as u64);
        } else if let Some(time) = num("time") {
            self.limit = Limit::Clock {
                time,
                inc: num("inc").unwrap_or(0.0),
                moves: num("moves").map(|m| m as u32),
            };
        }
    }

    /// The search's options for the next move under the limit.
    fn options(&self) -> SearchOptions {
        let strong = SearchOptions::new(Level::Strong);
        match self.limit {
            Limit::MoveTime(t) => strong.with_move_time(Duration::from_secs_f64(t.max(0.001))),
            Limit::Depth(d) => strong.with_depth(d).with_time(Duration::from_secs(3600)),
            Limit::Nodes(n) => strong.with_nodes(n).with_time(Duration::from_secs(3600)),
            Limit::Clock { time, inc, moves } => {
                // Our own share of the clock (not taken from Scan): the time left over the
                // moves to go (30 when not given), plus the increment, at most half of what
                // is left.
                let left = time + inc;
                let share = left / f64::from(moves.unwrap_or(30).max(1)) + inc;
                strong.with_time(Duration::from_secs_f64(share.min(left / 2.0).max(0.001)))
            }
        }
    }

    fn think(&mut self, out: &mut impl Write) -> io::Result<()> {
        let options = self.options();
        let Some(found) = self.searcher.search(&self.game, &options) else {
            // No legal move: the game is over; Hub engines answer an empty move.
            return writeln!(out, "done");
        };
        let pv: Vec<String> = found.pv.iter().map(move_text).collect();
        writeln!(
            out,
            "info depth={} score={:.2} nodes={} time={:.3} pv=\"{}\"",
            found.depth,
            f64::from(found.score) / 100.0,
            found.nodes,
            found.elapsed.as_secs_f64(),
            pv.join(" ")
        )?;
        match pv.get(1) {
            Some(ponder) => writeln!(out, "done move={} ponder={ponder}", move_text(&found.mv)),
            None => writeln!(out, "done move={}", move_text(&found.mv)),
        }
    }
}

/// The most threads a Hub engine's search runs on (its `threads` parameter).
pub const MAX_THREADS: usize = 64;

/// Runs a Hub engine on `input` and `output` until `quit` or the end of the input. A
/// command it cannot follow is answered `error <why>` and the engine goes on. The search
/// probes `endgames`' tables of the variant played (see [`Searcher::with_endgames`]).
///
/// ```
/// use draughts::{egdb::Library, hub};
/// let commands = "hub\ninit\nlevel depth=2\ngo think\nquit\n";
/// let mut out = Vec::new();
/// hub::serve(commands.as_bytes(), &mut out, &Library::default()).unwrap();
/// let out = String::from_utf8(out).unwrap();
/// assert!(out.contains("\nwait\n") && out.contains("\nready\n"), "{out}");
/// assert!(out.lines().last().unwrap().starts_with("done move="), "{out}");
/// ```
///
/// # Errors
///
/// Reading or writing failed.
pub fn serve(input: impl BufRead, mut output: impl Write, endgames: &Library) -> io::Result<()> {
    // A variant's searcher, on the threads set so far.
    let searcher = |variant: &Variant, threads: usize| {
        let searcher = Searcher::new().with_threads(threads);
        match endgames.for_variant(variant) {
            Some(tables) => searcher.with_endgames(tables),
            None => searcher,
        }
    };
    let variant = Variant::INTERNATIONAL;
    let mut engine = Engine {
        variant,
        game: GameHistory::new(Position::start(variant)),
        limit: Limit::MoveTime(1.0),
        searcher: searcher(&variant, 1),
    };
    for line in input.lines() {
        let line = line?;
        let (command, args) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        let out = &mut output;
        match command {
            "hub" => {
                writeln!(
                    out,
                    "id name=scoresheet version={}",
                    env!("CARGO_PKG_VERSION")
                )?;
                let names: Vec<&str> = Variant::ALL.iter().map(hub_name).collect();
                writeln!(
                    out,
                    "param name=variant value=normal type=enum values=\"{}\"",
                    names.join(" ")
                )?;
                writeln!(
                    out,
                    "param name=threads value={} type=int min=1 max={MAX_THREADS}",
                    engine.searcher.threads()
                )?;
                writeln!(out, "wait")?;
            }
            "init" => writeln!(out, "ready")?,
            "ping" => writeln!(out, "pong")?,
            "new-game" => engine.searcher.clear(),
            "set-param" => match arg(args, "name") {
                Some("variant") => match variant_named(arg(args, "value").unwrap_or("")) {
                    Ok(v) => {
                        engine.variant = v;
                        engine.game = GameHistory::new(Position::start(v));
                        engine.searcher = searcher(&v, engine.searcher.threads());
                    }
                    Err(e) => writeln!(out, "error {e}")?,
                },
                Some("threads") => match arg(args, "value").unwrap_or("").parse::<usize>() {
                    Ok(n) if (1..=MAX_THREADS).contains(&n) => engine.searcher.set_threads(n),
                    _ => writeln!(
                        out,
                        "error threads is a whole number from 1 to {MAX_THREADS}"
                    )?,
                },
                _ => {}
            },
            "pos" => {
                if let Err(e) = engine.position(args) {
                    writeln!(out, "error {e}")?;
                }
            }
            "level" => engine.level(args),
            "go" => engine.think(out)?,
            // A search here ends before the next command is read: nothing to stop or hit.
            "stop" | "ponder-hit" | "" => {}
            "quit" => break,
            other => writeln!(out, "error unknown command {other}")?,
        }
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_back_in_every_variant() {
        for v in Variant::ALL {
            let start = Position::start(v);
            let text = position_text(&start);
            assert_eq!(text.len(), 1 + usize::from(v.size.squares()));
            assert_eq!(read_position(&text, v).unwrap(), start, "{}", v.name);
        }
        assert!(read_position("Wbb", Variant::INTERNATIONAL).is_err());
        assert!(read_position(&format!("X{}", "e".repeat(50)), Variant::INTERNATIONAL).is_err());
        assert!(read_position(&format!("W{}", "e".repeat(51)), Variant::INTERNATIONAL).is_err());
    }

    #[test]
    fn a_capture_reads_with_its_taken_squares_in_any_order() {
        // The captures of an opening, each written in Hub's form and read back.
        let mut reader = crate::MoveReader::new();
        let mut pos = Position::start(Variant::INTERNATIONAL);
        for m in [
            "32-28", "19-23", "28x19", "14x23", "33-28", "23x32", "37x28",
        ] {
            let mv = reader.read(&pos, m).unwrap();
            let hub = move_text(&mv);
            assert_eq!(read_move(&pos, &hub).unwrap(), mv, "{m} as {hub}");
            pos = pos.after(&mv);
        }
        // A man on 37 takes 32 and 22, landing on 17; both orders of the taken squares name it.
        let mut two = Position::empty(Variant::INTERNATIONAL, Color::White);
        for (n, color) in [
            (37, Color::White),
            (32, Color::Black),
            (22, Color::Black),
            (5, Color::Black),
        ] {
            two.put(
                Square::from_number(n, two.size()).unwrap(),
                Piece::man(color),
            );
        }
        let mv = read_move(&two, "37x17x22x32").unwrap();
        assert_eq!(read_move(&two, "37x17x32x22").unwrap(), mv);
        assert_eq!(move_text(&mv), "37x17x22x32");
        assert!(read_move(&two, "37-32").is_err());
        assert!(read_move(&two, "37x17x22").is_err());
        assert!(read_move(&two, "xx").is_err());
    }

    #[test]
    fn a_session_plays_moves_from_a_position_and_refuses_what_is_not_legal() {
        let commands = "hub\ninit\nset-param name=variant value=normal\n\
            pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"\n\
            level depth=3\ngo think\npos moves=\"32-23\"\nset-param name=variant value=checkers9\n\
            frobnicate\nping\nquit\nlevel depth=1\n";
        let mut out = Vec::new();
        serve(commands.as_bytes(), &mut out, &Library::default()).unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        let done = lines.iter().find(|l| l.starts_with("done")).unwrap();
        // 32-28 19-23: White must take, 28x19.
        assert!(done.starts_with("done move=28x19x23"), "{out}");
        assert!(out.contains("error not a legal move: 32-23"), "{out}");
        assert!(out.contains("error unknown variant: checkers9"), "{out}");
        assert!(out.contains("error unknown command frobnicate"), "{out}");
        assert_eq!(lines.last(), Some(&"pong"), "quit ends the session: {out}");
    }

    /// `threads` is announced and set, kept when the variant changes, and a value out of
    /// range is refused; the search on two threads answers with a legal move at its depth.
    #[test]
    fn a_session_sets_the_threads_of_its_search() {
        let commands = "hub
init
set-param name=threads value=2
set-param name=threads value=0
            set-param name=threads value=many
set-param name=variant value=normal
            level depth=7
go think
quit
";
        let mut out = Vec::new();
        serve(commands.as_bytes(), &mut out, &Library::default()).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.contains(&format!(
                "param name=threads value=1 type=int min=1 max={MAX_THREADS}\n"
            )),
            "{out}"
        );
        let refused = format!("error threads is a whole number from 1 to {MAX_THREADS}");
        assert_eq!(out.matches(&refused).count(), 2, "{out}");
        let info = out.lines().rfind(|l| l.starts_with("info")).unwrap();
        assert_eq!(arg(info, "depth"), Some("7"), "{out}");
        let done = out.lines().find(|l| l.starts_with("done")).unwrap();
        let mv = arg(done, "move").unwrap();
        read_move(&Position::start(Variant::INTERNATIONAL), mv).unwrap();
        // The threads set are kept across a change of variant.
        let mut engine_out = Vec::new();
        serve(
            "set-param name=threads value=3
set-param name=variant value=russian
hub
"
            .as_bytes(),
            &mut engine_out,
            &Library::default(),
        )
        .unwrap();
        let engine_out = String::from_utf8(engine_out).unwrap();
        assert!(
            engine_out.contains("param name=threads value=3 "),
            "{engine_out}"
        );
    }

    /// The score a session prints for `pos` of `variant` at `depth` with `endgames`.
    fn score(variant: &Variant, pos: &str, depth: u32, endgames: &Library) -> f64 {
        let commands = format!(
            "hub\ninit\nset-param name=variant value={}\npos pos={}\nlevel depth={depth}\ngo think\nquit\n",
            hub_name(variant),
            position_text(&Position::from_fen(pos, *variant).unwrap())
        );
        let mut out = Vec::new();
        serve(commands.as_bytes(), &mut out, endgames).unwrap();
        let out = String::from_utf8(out).unwrap();
        let info = out.lines().find(|l| l.starts_with("info")).unwrap();
        arg(info, "score").unwrap().parse().unwrap()
    }

    /// With the tables of the variant played, the engine knows two kings against one in the
    /// double corner are won (a win too long for a depth-4 search to see on its own); the
    /// tables of the variant set are the ones probed.
    #[test]
    fn a_session_probes_the_tables_of_its_variant() {
        let tables = Library::of([crate::egdb::generate(&Variant::AMERICAN, 3, |_, _| {})]);
        let won = "W:WK14,K18:BK1";
        let db_win = f64::from(crate::score::DB_WIN) / 100.0;
        let bound = f64::from(crate::score::DB_WIN_BOUND) / 100.0;
        let with = score(&Variant::AMERICAN, won, 4, &tables);
        assert!(with >= bound && with <= db_win, "{with}");
        let without = score(&Variant::AMERICAN, won, 4, &Library::default());
        assert!(without < bound, "{without}");
    }

    #[test]
    fn scans_variant_names_and_ours() {
        assert_eq!(variant_named("bt").unwrap(), Variant::BREAKTHROUGH);
        assert_eq!(variant_named("losing").unwrap(), Variant::ANTIDRAUGHTS);
        assert_eq!(variant_named("russian").unwrap(), Variant::RUSSIAN);
        for v in Variant::ALL {
            assert_eq!(variant_named(hub_name(&v)).unwrap(), v);
        }
        assert_eq!(hub_name(&Variant::INTERNATIONAL), "normal");
        assert!(variant_named("chess").is_err());
    }
}
