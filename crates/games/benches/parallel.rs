//! Checking big inputs on every core, side by side in one run with one thread and with
//! pgn-reader's validator (one thread: it has no parallel mode):
//! `cargo bench -p games --bench parallel`.
//!
//! - lichess_db_1000k.pgn repeated 30 times: pgn-reader + shakmaty validation, scoresheet's
//!   checker on one thread, and on 2 threads;
//! - american-tinsley.pdn repeated 100 times: scoresheet's checker on one thread and on 2.
//!
//! The checkers are what `scoresheet check -j 1` and `-j 2` run ([`FileGames`]: the
//! reading, replaying and checking of every game, handed out in order, the games that several
//! variants replay waiting for the end of the file). Each figure is the fastest of several
//! rounds run alternately; the ratios compare them.

use std::time::Instant;

use games::{Checked, Checker, DraughtsGame, FileGames, GameWork, Made, ReadOptions, Step, Turn};

#[path = "common/data.rs"]
mod data;
#[path = "common/pgn_validator.rs"]
mod pgn_validator;

use data::{repeated, report};

/// A check that says whether each game is good.
struct Good {
    options: ReadOptions,
}

impl GameWork for Good {
    type State = Checker;
    type Said = ();
    type Done = bool;
    type Aside = ();

    fn state(&self) -> Checker {
        Checker::new(self.options)
    }

    fn next<R: std::io::Read>(
        &self,
        checker: &mut Checker,
        input: &mut record::Reader<R>,
    ) -> Option<std::io::Result<Made<Self>>> {
        let (rules, turn) = match checker.next(input)? {
            Ok(Checked::Good { game, .. }) => (
                games::FileVariants::rules_of(&game),
                Turn::of(game, (), |_| true),
            ),
            Ok(Checked::Bad(_)) | Err(record::ReadError::Syntax { .. }) => {
                (None, Turn::Done(false))
            }
            Err(record::ReadError::Io(e)) => return Some(Err(e)),
        };
        Some(Ok(Made {
            rules,
            said: (),
            turn,
        }))
    }

    fn settled(&self, _: u64, _: DraughtsGame, _: ()) -> bool {
        true
    }
}

/// `check -j N`: (games, good games).
fn check(bytes: &[u8], options: ReadOptions, jobs: usize) -> (u64, u64) {
    let (mut games, mut ok) = (0, 0);
    for step in FileGames::new(bytes, Good { options }, jobs) {
        if let Step::Out(_, good) = step.expect("in memory") {
            games += 1;
            ok += u64::from(good);
        }
    }
    (games, ok)
}

/// The fastest of `rounds` rounds of each of `runs`, run alternately: (games, ok, seconds).
fn race(rounds: usize, runs: &mut [&mut dyn FnMut() -> (u64, u64)]) -> Vec<(u64, u64, f64)> {
    let mut best = vec![(0, 0, f64::MAX); runs.len()];
    for _ in 0..rounds {
        for (run, best) in runs.iter_mut().zip(&mut best) {
            let t = Instant::now();
            let (games, ok) = run();
            *best = (games, ok, best.2.min(t.elapsed().as_secs_f64()));
        }
    }
    best
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let cores = games::every_core();
    println!("{cores} cores");

    let lichess = repeated("chess/lichess_db_1000k.pgn", 30);
    let options = ReadOptions {
        prefer_chess: true,
        ..ReadOptions::default()
    };
    let times = race(
        5,
        &mut [
            &mut || pgn_validator::validate(&lichess),
            &mut || check(&lichess, options, 1),
            &mut || check(&lichess, options, 2),
        ],
    );
    println!("chess/lichess_db_1000k.pgn x30:");
    report("pgn-reader validate (1 thread)", lichess.len(), times[0]);
    report("scoresheet check -j 1", lichess.len(), times[1]);
    report("scoresheet check -j 2", lichess.len(), times[2]);
    println!(
        "  ratio -j 1 / pgn-reader speed: {:.2}",
        times[0].2 / times[1].2
    );
    println!(
        "  ratio -j 2 / pgn-reader speed: {:.2}",
        times[0].2 / times[2].2
    );
    println!("  speed-up -j 2 / -j 1: {:.2}", times[1].2 / times[2].2);

    let tinsley = repeated("draughts/american-tinsley.pdn", 100);
    let options = ReadOptions::default();
    let times = race(
        5,
        &mut [&mut || check(&tinsley, options, 1), &mut || {
            check(&tinsley, options, 2)
        }],
    );
    println!("draughts/american-tinsley.pdn x100 (rules inferred):");
    report("scoresheet check -j 1", tinsley.len(), times[0]);
    report("scoresheet check -j 2", tinsley.len(), times[1]);
    println!("  speed-up -j 2 / -j 1: {:.2}", times[0].2 / times[1].2);
}
