//! The search on several threads: time to a fixed depth on one thread and on `--threads N`.
//!
//! ```text
//! cargo run --release -p draughts --example threads -- --threads 2 --depth 14 --positions 12
//! ```
//!
//! The positions are middlegames of International draughts (`--variant NAME` for another)
//! reached by a seeded, depth-limited self-play from the start (`--seed N`): the same
//! positions on every run. Each is searched to `--depth` plies from a fresh searcher, once
//! on one thread and once on N threads, in turns (which goes first alternates, so a machine
//! that slows down during the run hurts both alike). The report: each position's times and
//! nodes, the total time of each, and the speed-up (the geometric mean of the per-position
//! ratios). The one-thread node counts are those of a plain search: a change that should
//! leave the search's trees as they were must leave them equal.
//!
//! Lazy SMP mostly gains strength by what the helpers put in the shared table, which a time
//! to depth measures only in part: the match program (`--a self:threads=2 --b self`) is the
//! benchmark of strength.

use std::time::{Duration, Instant};

use clap::Parser;

use draughts::{GameHistory, Level, Position, SearchOptions, Searcher, Variant, hub};

mod common;
use common::{at_least, splitmix};

/// The search on several threads: time to a fixed depth on one thread and on `--threads N`.
#[derive(clap::Parser)]
#[command(args_override_self = true)]
struct Settings {
    /// The variant of the positions.
    #[arg(long, default_value = "international", value_parser = hub::variant_named)]
    variant: Variant,
    /// Threads of the search timed against one (0 is taken as 1).
    #[arg(long, default_value_t = 2, value_parser = at_least(1usize))]
    threads: usize,
    /// Plies each position is searched to.
    #[arg(long, default_value_t = 14)]
    depth: u32,
    /// How many positions are searched.
    #[arg(long, default_value_t = 12)]
    positions: usize,
    /// The seed of the self-play that reaches the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// A middlegame: 12 to 40 plies of a quick, seeded self-play, then on to the first position
/// without a capture pending and with more than one move.
fn middlegame(variant: Variant, seed: u64) -> Option<GameHistory> {
    let mut game = GameHistory::new(Position::start(variant));
    let mut searcher = Searcher::with_table_size(1);
    let plies = 12 + splitmix(seed) % 29;
    let mut ply = 0;
    while ply < plies || game.position().has_capture() || game.position().legal_moves().len() < 2 {
        let options = SearchOptions::new(Level::Intermediate)
            .with_depth(4)
            .with_seed(splitmix(seed ^ ply))
            .with_time(Duration::from_secs(60));
        let found = searcher.search(&game, &options)?;
        game.push(&found.mv).ok()?;
        if game.state().is_over() {
            return None;
        }
        ply += 1;
    }
    Some(game)
}

/// Searches `game` to `depth` on `threads` threads from a fresh searcher: time and nodes.
fn time_to_depth(game: &GameHistory, depth: u32, threads: usize) -> (Duration, u64) {
    let mut searcher = Searcher::with_table_size(32).with_threads(threads);
    let options = SearchOptions::new(Level::Strong)
        .with_depth(depth)
        .with_time(Duration::from_secs(3600));
    let start = Instant::now();
    let found = searcher
        .search(game, &options)
        .expect("a middlegame has moves");
    (start.elapsed(), found.nodes)
}

fn main() {
    let s = Settings::parse();
    let mut games = Vec::new();
    let mut seed = s.seed;
    while games.len() < s.positions {
        if let Some(game) = middlegame(s.variant, seed) {
            games.push(game);
        }
        seed += 1;
    }
    println!(
        "{} positions of {}, depth {}, 1 thread against {}",
        games.len(),
        s.variant.name,
        s.depth,
        s.threads
    );
    println!(
        "{:>3} {:>10} {:>12} {:>10} {:>12} {:>6}  fen",
        "pos", "1 thread", "nodes", "threads", "nodes", "ratio"
    );
    let (mut one_total, mut many_total, mut log_sum, mut one_nodes) =
        (Duration::ZERO, Duration::ZERO, 0.0, 0u64);
    for (i, game) in games.iter().enumerate() {
        let (one, many) = if i % 2 == 0 {
            let one = time_to_depth(game, s.depth, 1);
            (one, time_to_depth(game, s.depth, s.threads))
        } else {
            let many = time_to_depth(game, s.depth, s.threads);
            (time_to_depth(game, s.depth, 1), many)
        };
        let ratio = one.0.as_secs_f64() / many.0.as_secs_f64().max(1e-9);
        println!(
            "{:>3} {:>9.3}s {:>12} {:>9.3}s {:>12} {:>6.2}  {}",
            i + 1,
            one.0.as_secs_f64(),
            one.1,
            many.0.as_secs_f64(),
            many.1,
            ratio,
            game.position().to_fen()
        );
        one_total += one.0;
        many_total += many.0;
        one_nodes += one.1;
        log_sum += ratio.ln();
    }
    println!(
        "total: 1 thread {:.2} s ({} nodes), {} threads {:.2} s; speed-up to depth: {:.2} (total), {:.2} (geometric mean)",
        one_total.as_secs_f64(),
        one_nodes,
        s.threads,
        many_total.as_secs_f64(),
        one_total.as_secs_f64() / many_total.as_secs_f64().max(1e-9),
        (log_sum / games.len() as f64).exp()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read() {
        let args = [
            "threads",
            "--threads",
            "3",
            "--depth",
            "9",
            "--variant",
            "russian",
        ];
        let s = Settings::try_parse_from(args).unwrap();
        assert_eq!((s.threads, s.depth, s.variant), (3, 9, Variant::RUSSIAN));
        assert!(Settings::try_parse_from(["threads", "--depth"]).is_err());
        assert!(Settings::try_parse_from(["threads", "--fast"]).is_err());
        let s = Settings::try_parse_from(["threads", "--threads", "0"]).unwrap();
        assert_eq!(
            (s.variant, s.threads, s.depth, s.positions, s.seed),
            (Variant::INTERNATIONAL, 1, 14, 12, 1)
        );
    }

    #[test]
    fn both_searches_reach_the_depth() {
        let game = middlegame(Variant::INTERNATIONAL, 1).expect("a middlegame");
        assert!(!game.position().has_capture());
        let (_, one) = time_to_depth(&game, 5, 1);
        let (_, two) = time_to_depth(&game, 5, 2);
        assert!(one > 0 && two > 0);
    }
}
