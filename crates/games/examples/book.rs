//! Builds the opening book of a variant (`draughts::Book`) from the first moves of real
//! games and from the engine's own choices, every move checked by a search.
//!
//! ```text
//! find ../shared/data -name '*.pdn' -print0 |
//!     xargs -0 cargo run --release -p games --example book -- \
//!     --out crates/draughts/data/international.book
//! ```
//!
//! (The shared data has file names with spaces, hence `-print0`; `xargs` must call the
//! builder once, so the files' names must fit in one command line, as they do.)
//!
//! 1. **The games**: every game of the files whose rules are `--variant` (default
//!    international), that starts from the variant's start and has a result (a win or a
//!    draw), gives its first `--plies` plies (default 16): for each position, the moves played
//!    there, the games that played each and the half-points they gave its side.
//! 2. **The tree**, ply by ply from the start. A position is expanded when it is reached
//!    within `--engine-plies` plies (default 6), or when `--min-games` games (default 2)
//!    reached it within `--plies`. In an expanded position the candidates are the moves the
//!    games played there and the engine's best move; within `--engine-plies` every legal
//!    move is.
//! 3. **The check**: each candidate is scored by a search of the position after it, at a
//!    fixed budget of `--nodes` positions (default 100,000; nodes, not time, so that the book
//!    is the same on any machine), from a cleared table. Candidates scoring more than
//!    `--margin` hundredths (default 30) below the best are dropped: the book holds no
//!    blunder, whatever the games played. Within `--engine-plies` the engine's moves are kept
//!    to the `--width` best (default 3); the games' moves are kept when `--min-games` games
//!    played them, or when they score within `--confirm` (default 10) of the best.
//! 4. The positions the kept moves lead to are expanded in turn, up to the larger of the two
//!    depths.
//!
//! The searches run on `--threads` threads (default 2); each search starts from a cleared
//! table, so the book does not depend on their number or order. The book is written to
//! `--out` (default `international.book`), read back to check it, and its figures printed.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::{Parser, value_parser};

use draughts::{
    Book, BookMove, GameHistory, Level, Move, MoveStyle, Position, SearchOptions, Searcher,
    Variant, WIN,
};
use games::Outcome;

mod common;
use common::at_least;

/// Builds the opening book of a variant from the first moves of real games and from the
/// engine's own choices, every move checked by a search.
#[derive(clap::Parser)]
#[command(args_override_self = true)]
struct Settings {
    /// The rules of the games and of the book.
    #[arg(long, default_value = "international", value_parser = Variant::from_str)]
    variant: Variant,
    /// Plies of each game read.
    #[arg(long, value_name = "N", default_value_t = 16)]
    plies: usize,
    /// Plies within which every position is expanded and every legal move a candidate.
    #[arg(long, value_name = "N", default_value_t = 6)]
    engine_plies: usize,
    /// Games that make a position expanded, or a move kept, whatever its score.
    #[arg(long, value_name = "N", default_value_t = 2)]
    min_games: u32,
    /// Positions of each search.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    nodes: u64,
    /// Hundredths below the best from which a candidate is dropped.
    #[arg(long, value_name = "N", default_value_t = 30, value_parser = value_parser!(i32).range(0..))]
    margin: i32,
    /// Hundredths below the best within which a move the games played is kept.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = value_parser!(i32).range(0..))]
    confirm: i32,
    /// The engine's moves kept within `--engine-plies`.
    #[arg(long, value_name = "N", default_value_t = 3)]
    width: usize,
    /// Threads of the searches (0 is taken as 1).
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = at_least(1usize))]
    threads: usize,
    /// The book file written.
    #[arg(long, value_name = "FILE", default_value = "international.book")]
    out: String,
    /// The record files (PDN) read.
    #[arg(value_name = "FILES")]
    files: Vec<String>,
}

fn fail(message: &str) -> ! {
    eprintln!("book: {message}");
    std::process::exit(2);
}

/// What the games did with one move in one position.
#[derive(Clone, Copy, Default)]
struct Played {
    games: u32,
    points: u32,
}

/// What the games did in one position: the games that reached it and each move's record.
#[derive(Default)]
struct Seen {
    games: u32,
    moves: HashMap<Move, Played>,
}

/// The first `plies` plies of every usable game of the files.
fn read_games(s: &Settings) -> HashMap<Position, Seen> {
    let start = Position::start(s.variant);
    let mut seen: HashMap<Position, Seen> = HashMap::new();
    let (mut used, mut unfinished, mut other_start) = (0, 0, 0);
    let skipped = common::draughts_games::each_game("book", &s.files, s.variant, |found| {
        let game = found.game;
        let winner = match game.outcome() {
            Some(Outcome::Win(c)) => Some(c),
            Some(Outcome::Draw) => None,
            _ => {
                unfinished += 1;
                return;
            }
        };
        if game.start != start {
            other_start += 1;
            return;
        }
        used += 1;
        let mut pos = game.start;
        for node in game.game.moves.nodes.iter().take(s.plies) {
            let side = pos.side_to_move();
            let points = match winner {
                Some(c) if c == side => 2,
                Some(_) => 0,
                None => 1,
            };
            let here = seen.entry(pos).or_default();
            here.games += 1;
            let played = here.moves.entry(node.mov.clone()).or_default();
            played.games += 1;
            played.points += points;
            pos = pos.after(&node.mov);
        }
    });
    let skipped = skipped + unfinished;
    eprintln!("{used} games read; {other_start} from another position left out, {skipped} others");
    seen
}

/// Searches run on the builder's threads, each from a cleared table.
struct Engine {
    options: SearchOptions,
    threads: usize,
    nodes: AtomicUsize,
}

impl Engine {
    /// The results of `search` for every job, in the jobs' order.
    fn run<J: Sync, R: Send>(
        &self,
        jobs: &[J],
        search: impl Fn(&mut Searcher, &J) -> R + Sync,
    ) -> Vec<R> {
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<Option<R>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|| {
                    let mut searcher = Searcher::with_table_size(4);
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else { break };
                        searcher.clear();
                        let r = search(&mut searcher, job);
                        results.lock().expect("results")[i] = Some(r);
                    }
                });
            }
        });
        let results = results.into_inner().expect("results");
        results
            .into_iter()
            .map(|r| r.expect("every job done"))
            .collect()
    }

    /// The engine's best move in `pos`.
    fn best(&self, searcher: &mut Searcher, pos: &Position) -> Option<Move> {
        let found = searcher.search(&GameHistory::new(*pos), &self.options)?;
        self.nodes
            .fetch_add(found.nodes as usize, Ordering::Relaxed);
        Some(found.mv)
    }

    /// The score of `mv` for the side that plays it in `pos`.
    fn score(&self, searcher: &mut Searcher, pos: &Position, mv: &Move) -> i32 {
        let after = pos.after(mv);
        match searcher.search(&GameHistory::new(after), &self.options) {
            Some(found) => {
                self.nodes
                    .fetch_add(found.nodes as usize, Ordering::Relaxed);
                -found.score
            }
            // The other side has no move: it has lost (or won, in the variants where that
            // wins).
            None => match after.winner() {
                Some(c) if c == after.side_to_move() => -WIN,
                _ => WIN,
            },
        }
    }
}

/// One position to expand and its ply.
struct Node {
    pos: Position,
    ply: usize,
}

fn main() {
    let s = Settings::parse();
    let began = Instant::now();
    let seen = read_games(&s);
    let engine = Engine {
        options: SearchOptions::new(Level::Strong)
            .with_time(Duration::from_secs(3600))
            .with_nodes(s.nodes),
        threads: s.threads,
        nodes: AtomicUsize::new(0),
    };
    let mut book = Book::new(s.variant);
    let depth = s.plies.max(s.engine_plies);
    let mut level = vec![Node {
        pos: Position::start(s.variant),
        ply: 0,
    }];
    let mut searches = 0;
    let mut expanded: HashSet<Position> = HashSet::new();
    while !level.is_empty() {
        // The engine's best move where the games alone give the candidates.
        let outside: Vec<&Node> = level.iter().filter(|n| n.ply >= s.engine_plies).collect();
        let bests = engine.run(&outside, |searcher, n| engine.best(searcher, &n.pos));
        searches += outside.len();
        let mut best_of: HashMap<Position, Move> = HashMap::new();
        for (n, b) in outside.iter().zip(bests) {
            if let Some(b) = b {
                best_of.insert(n.pos, b);
            }
        }
        // Every candidate of every position of the level, scored.
        let mut jobs: Vec<(Position, Move)> = Vec::new();
        for n in &level {
            let candidates: Vec<Move> = if n.ply < s.engine_plies {
                n.pos.legal_moves()
            } else {
                let mut c: Vec<Move> = seen
                    .get(&n.pos)
                    .map(|h| h.moves.keys().cloned().collect())
                    .unwrap_or_default();
                if let Some(b) = best_of.get(&n.pos)
                    && !c.contains(b)
                {
                    c.push(b.clone());
                }
                c
            };
            jobs.extend(candidates.into_iter().map(|m| (n.pos, m)));
        }
        jobs.sort_by_key(|(p, m)| (p.to_fen(), m.from(), m.to(), m.captured()));
        let scores = engine.run(&jobs, |searcher, (p, m)| engine.score(searcher, p, m));
        searches += jobs.len();
        let mut scored: BTreeMap<String, Vec<(Move, i32)>> = BTreeMap::new();
        for ((p, m), score) in jobs.into_iter().zip(scores) {
            scored.entry(p.to_fen()).or_default().push((m, score));
        }
        let mut next: Vec<Node> = Vec::new();
        for n in &level {
            let Some(moves) = scored.get_mut(&n.pos.to_fen()) else {
                continue;
            };
            moves.sort_by_key(|(m, score)| (-score, m.from(), m.to(), m.captured()));
            let best = moves[0].1;
            let games = seen.get(&n.pos);
            let played = |m: &Move| {
                games
                    .and_then(|h| h.moves.get(m).copied())
                    .unwrap_or_default()
            };
            let mut engine_kept = 0;
            for (m, score) in moves.iter() {
                if *score < best - s.margin {
                    continue;
                }
                let p = played(m);
                let engine_move = (n.ply < s.engine_plies && engine_kept < s.width)
                    || (n.ply >= s.engine_plies && best_of.get(&n.pos) == Some(m));
                let games_move =
                    p.games >= s.min_games || (p.games > 0 && *score >= best - s.confirm);
                if !engine_move && !games_move {
                    continue;
                }
                if engine_move {
                    engine_kept += 1;
                }
                let entry = BookMove {
                    mv: m.clone(),
                    games: p.games,
                    points: p.points,
                    engine_score: (*score).clamp(i16::MIN.into(), i16::MAX.into()) as i16,
                };
                book.insert(&n.pos, entry).expect("a legal move");
                let child = n.pos.after(m);
                let ply = n.ply + 1;
                let reached = seen.get(&child).map_or(0, |h| h.games);
                if ply < depth
                    && (ply < s.engine_plies || (ply < s.plies && reached >= s.min_games))
                    && expanded.insert(child)
                {
                    next.push(Node { pos: child, ply });
                }
            }
        }
        eprintln!(
            "ply {}: {} positions expanded, book {} positions, {} moves, {:.0} s",
            level[0].ply,
            level.len(),
            book.len(),
            book.move_count(),
            began.elapsed().as_secs_f64()
        );
        level = next;
    }
    let bytes = book.to_bytes();
    let back = Book::from_bytes(&bytes).expect("the book reads back");
    assert_eq!(back, book, "the book reads back the same");
    std::fs::write(&s.out, &bytes).unwrap_or_else(|e| fail(&format!("{}: {e}", s.out)));
    let start = Position::start(s.variant);
    let first: Vec<String> = book
        .moves(&start)
        .iter()
        .map(|m| {
            format!(
                "{} ({} games, {:+})",
                start.write_move(&m.mv, &MoveStyle::of(&s.variant)),
                m.games,
                m.engine_score
            )
        })
        .collect();
    println!(
        "{}: {} positions, {} moves, {} bytes; {} searches of {} nodes ({} in all) in {:.0} s",
        s.out,
        book.len(),
        book.move_count(),
        bytes.len(),
        searches,
        s.nodes,
        engine.nodes.load(Ordering::Relaxed),
        began.elapsed().as_secs_f64()
    );
    println!("at the start: {}", first.join(", "));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read() {
        let s = Settings::try_parse_from(["book"]).unwrap();
        assert_eq!(
            (s.variant, s.plies, s.engine_plies),
            (Variant::INTERNATIONAL, 16, 6)
        );
        assert_eq!(
            (s.min_games, s.nodes, s.margin, s.confirm),
            (2, 100_000, 30, 10)
        );
        assert_eq!(
            (s.width, s.threads, s.out.as_str()),
            (3, 2, "international.book")
        );
        assert!(s.files.is_empty());
        let s = Settings::try_parse_from([
            "book",
            "a.pdn",
            "--threads",
            "0",
            "--variant",
            "frisian",
            "--out",
            "f.book",
            "b.pdn",
        ])
        .unwrap();
        assert_eq!(
            (s.threads, s.variant, s.out.as_str()),
            (1, Variant::FRISIAN, "f.book")
        );
        assert_eq!(s.files, ["a.pdn", "b.pdn"]);
        assert!(Settings::try_parse_from(["book", "--margin=-5"]).is_err());
        assert!(Settings::try_parse_from(["book", "--nodes", "many"]).is_err());
        assert!(Settings::try_parse_from(["book", "--out"]).is_err());
        assert!(Settings::try_parse_from(["book", "--fast", "1"]).is_err());
    }
}
