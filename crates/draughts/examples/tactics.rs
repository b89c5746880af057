//! The tactical test suite: the share of shots an engine finds in a given time.
//!
//! ```text
//! cargo run --release -p draughts --example tactics -- --engine self --time 1
//! cargo run --release -p draughts --example tactics -- \
//!     --engine "hub:/path/to/old/scoresheet hub" --time 1
//! ```
//!
//! Each position of the file (`--file`, default `crates/draughts/data/tactics/international.txt`;
//! its format in `examples/common/suite.rs`) is given to the engine, as the start of a new
//! game, for `--time` seconds (default 1.0; or `--nodes N` positions); a position is solved
//! when the engine's move is one of its solutions. The engine (`--engine`, default `self`) is
//! `self` (this build's search, the default evaluation), `self:OPTIONS` (comma-separated:
//! the evaluation `handmade`, `learned` or the weights file EVAL, `threads=N` and
//! `endgames=DIR`) or
//! `hub:COMMAND` (any Hub engine: an older build's `scoresheet hub`, or Scan). The report:
//! the share solved, and with `--verbose` each position's id, the move played and whether
//! it solves it.
//!
//! Options: `--variant NAME` (default international), `--jobs N` positions at once
//! (default 1; each job runs its own engine: give each its own core), `--verbose`; `--help`
//! lists them.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Parser;

mod common;
use common::at_least;
use common::engine::Player;
use common::suite::{self, Tactic};

use draughts::{GameHistory, MoveStyle, Variant, hub};

/// The tactical test suite: the share of shots an engine finds in a given time.
#[derive(Clone, Debug, clap::Parser)]
#[command(args_override_self = true)]
struct Settings {
    /// The engine: `self`, `self:OPTIONS` (an evaluation, `threads=N`, `endgames=DIR`) or `hub:COMMAND`.
    #[arg(long, default_value = "self")]
    engine: String,
    /// The suite's file.
    #[arg(
        long,
        default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/data/tactics/international.txt")
    )]
    file: String,
    /// The variant of the positions.
    #[arg(long, default_value = "international", value_parser = hub::variant_named)]
    variant: Variant,
    /// Seconds a position.
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0)]
    time: f64,
    /// Positions searched a position instead of a time.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Positions at once, each job with its own engine (0 is taken as 1).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least(1usize))]
    jobs: usize,
    /// Each position's id, the move played and whether it solves it.
    #[arg(long)]
    verbose: bool,
}

/// The engine's move in `tactic` (a new game), written, and whether it solves it.
fn try_one(s: &Settings, engine: &mut Player, tactic: &Tactic) -> Result<(String, bool), String> {
    engine.new_game()?;
    let game = GameHistory::new(tactic.position);
    let mv = engine.play(&game, s.time, s.nodes)?;
    let text = tactic
        .position
        .write_move(&mv, &MoveStyle::of(tactic.position.variant()));
    Ok((text, tactic.solved_by(&mv)))
}

/// Runs every position, `s.jobs` at once: for each, the move played and whether it solves
/// it, in the file's order.
fn run(s: &Settings, tactics: &[Tactic]) -> Result<Vec<(String, bool)>, String> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; tactics.len()]);
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..s.jobs.min(tactics.len().max(1)) {
            scope.spawn(|| {
                let mut engine = match Player::start(&s.engine, &s.variant) {
                    Ok(e) => e,
                    Err(e) => {
                        *failure.lock().unwrap() = Some(e);
                        return;
                    }
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= tactics.len() || failure.lock().unwrap().is_some() {
                        break;
                    }
                    match try_one(s, &mut engine, &tactics[i]) {
                        Ok((text, solved)) => {
                            if s.verbose {
                                let t = &tactics[i];
                                println!(
                                    "{:<10} {:<8} {:<6} {}",
                                    t.id,
                                    text,
                                    if solved { "solved" } else { "missed" },
                                    t.source
                                );
                            }
                            results.lock().unwrap()[i] = Some((text, solved));
                        }
                        Err(e) => {
                            *failure.lock().unwrap() = Some(format!("{}: {e}", tactics[i].id));
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(e);
    }
    Ok(results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every position run"))
        .collect())
}

fn main() {
    let s = Settings::parse();
    let text = std::fs::read_to_string(&s.file).unwrap_or_else(|e| {
        eprintln!("tactics: {}: {e}", s.file);
        std::process::exit(2);
    });
    let tactics = suite::read(&text, s.variant).unwrap_or_else(|e| {
        eprintln!("tactics: {}: {e}", s.file);
        std::process::exit(2);
    });
    let budget = match s.nodes {
        Some(n) => format!("{n} positions"),
        None => format!("{} s", s.time),
    };
    println!(
        "{} positions of {} at {budget} each: {}",
        tactics.len(),
        s.variant.name,
        s.engine
    );
    let results = run(&s, &tactics).unwrap_or_else(|e| {
        eprintln!("tactics: {e}");
        std::process::exit(1);
    });
    let solved = results.iter().filter(|(_, ok)| *ok).count();
    println!(
        "solved {solved} of {} ({:.1} %)",
        tactics.len(),
        100.0 * solved as f64 / tactics.len().max(1) as f64
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suite_runs_with_this_build() {
        let text = "# two shots\n\
            a | W:W27,28,32,37,38:B12,13,17,18,19 | 27-22 | constructed\n\
            b | W:W33:B28 | 33x22 | constructed\n";
        let tactics = suite::read(text, Variant::INTERNATIONAL).unwrap();
        let s = Settings::try_parse_from(["tactics", "--nodes", "2000"]).unwrap();
        let results = run(&s, &tactics).unwrap();
        assert_eq!(results.len(), 2);
        assert_eq!(results[1], ("33x22".to_string(), true));
        assert!(Settings::try_parse_from(["tactics", "--jobs"]).is_err());
        assert!(Player::start("uci:stockfish", &s.variant).is_err());
    }
}
