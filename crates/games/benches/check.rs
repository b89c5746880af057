//! Reading and replaying whole files, side by side with the tools people use today, in one
//! run: `cargo bench -p games --bench check`.
//!
//! - Chess: scoresheet's reader (record + chess-notation, keeping comments, variations and
//!   every token) against pgn-reader with shakmaty's SAN validation (its `validate` example),
//!   on the two PGN files of ../shared/data/chess; and
//!   python-chess (PyPI `chess`, when installed) reading the same files with `read_game`.
//! - Draughts: scoresheet on american-tinsley.pdn repeated 100 times, and pydraughts (PyPI,
//!   when installed) reading and replaying the same games.
//!
//! Each figure is the fastest of several rounds; ratios compare rounds run alternately.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use games::{OnePass, ReadGame, ReadOptions, Rules};
use record::Reader;

#[path = "common/data.rs"]
mod data;
#[path = "common/pgn_validator.rs"]
mod pgn_validator;

use data::{report, shared};

/// scoresheet: every game read, replayed and kept as a tree; returns (games, ok).
fn scoresheet(bytes: &[u8], options: &ReadOptions) -> (u64, u64) {
    let mut reader = Reader::from_bytes(bytes);
    let mut one_pass = OnePass::new(*options);
    let (mut games, mut ok) = (0, 0);
    while let Some(read) = one_pass.next(&mut reader) {
        games += 1;
        ok += u64::from(matches!(read, Ok(ReadGame::Game(_))));
    }
    (games, ok)
}

/// Fastest time of `rounds` alternating rounds of `a` and `b`.
fn race(
    rounds: usize,
    mut a: impl FnMut() -> (u64, u64),
    mut b: impl FnMut() -> (u64, u64),
) -> ((u64, u64, f64), (u64, u64, f64)) {
    let (mut best_a, mut best_b) = (f64::MAX, f64::MAX);
    let (mut ra, mut rb) = ((0, 0), (0, 0));
    for _ in 0..rounds {
        let t = Instant::now();
        ra = a();
        best_a = best_a.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        rb = b();
        best_b = best_b.min(t.elapsed().as_secs_f64());
    }
    ((ra.0, ra.1, best_a), (rb.0, rb.1, best_b))
}

/// Runs a Python script that prints one number (games per second); `None` when Python or
/// the package it imports is missing.
fn python_rate(script: &str) -> Option<f64> {
    let out = Command::new("python3")
        .arg("-c")
        .arg(script)
        .output()
        .ok()?;
    String::from_utf8(out.stdout).ok()?.trim().parse().ok()
}

/// pydraughts (PyPI, when installed): its `PDNReader` reads the whole file, then the first
/// `games` games are replayed (replaying all would take minutes). Games per second, each game
/// charged its share of the reading and the mean time of a replay.
fn pydraughts(path: &Path, games: usize) -> Option<f64> {
    python_rate(&format!(
        "import time\nfrom draughts import Board, Move\nfrom draughts.PDN import PDNReader\n\
         t = time.perf_counter()\nr = PDNReader(filename={path:?})\nread = time.perf_counter() - t\n\
         t = time.perf_counter()\nn = 0\n\
         for g in r.games[:{games}]:\n    b = Board(variant='english')\n    for m in g.moves:\n        b.push(Move(b, pdn_move=m))\n    n += 1\n\
         replay = time.perf_counter() - t\n\
         print(1 / (read / len(r.games) + replay / n))\n",
        path = path.to_string_lossy()
    ))
}

/// python-chess (PyPI `chess`, when installed) reading every game of a file with
/// `chess.pgn.read_game`, which parses and checks each move; games per second.
fn python_chess(path: &Path) -> Option<f64> {
    python_rate(&format!(
        "import time, chess.pgn\nt = time.perf_counter()\nn = 0\n\
         with open({path:?}, encoding='utf-8-sig') as f:\n    \
         while chess.pgn.read_game(f) is not None:\n        n += 1\n\
         print(n / (time.perf_counter() - t))\n",
        path = path.to_string_lossy()
    ))
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    println!("chess: scoresheet check pipeline vs pgn-reader + shakmaty validation");
    for name in ["chess/lichess_db_1000k.pgn", "chess/twic1599_1000k.pgn"] {
        let bytes = std::fs::read(shared(name)).expect("shared data");
        let auto = ReadOptions {
            prefer_chess: true,
            ..ReadOptions::default()
        };
        let (ours, theirs) = race(
            30,
            || scoresheet(&bytes, &auto),
            || pgn_validator::validate(&bytes),
        );
        println!("{name}:");
        report("scoresheet (family detected)", bytes.len(), ours);
        report("pgn-reader validate", bytes.len(), theirs);
        println!(
            "  ratio scoresheet/pgn-reader speed: {:.2}",
            theirs.2 / ours.2
        );
        let chess = ReadOptions {
            rules: Some(Rules::Chess),
            ..ReadOptions::default()
        };
        let (ours, theirs) = race(
            30,
            || scoresheet(&bytes, &chess),
            || pgn_validator::validate(&bytes),
        );
        report("scoresheet --variant chess", bytes.len(), ours);
        println!(
            "  ratio scoresheet/pgn-reader speed: {:.2}",
            theirs.2 / ours.2
        );
        match python_chess(&shared(name)) {
            Some(rate) => println!(
                "  python-chess read_game: {rate:.0} games/s; ratio scoresheet/python-chess: {:.0}",
                ours.0 as f64 / ours.2 / rate
            ),
            None => println!("  python-chess not available (pip install chess)"),
        }
    }

    println!("draughts: scoresheet check pipeline on american-tinsley.pdn x100");
    let big = data::repeated("draughts/american-tinsley.pdn", 100);
    let auto = ReadOptions::default();
    let american = ReadOptions {
        rules: Some(Rules::Draughts(draughts::Variant::AMERICAN)),
        ..ReadOptions::default()
    };
    let (ours, selected) = race(
        5,
        || scoresheet(&big, &auto),
        || scoresheet(&big, &american),
    );
    report("scoresheet (variant inferred)", big.len(), ours);
    report("scoresheet --variant american", big.len(), selected);
    match pydraughts(&shared("draughts/american-tinsley.pdn"), 40) {
        Some(rate) => {
            println!(
                "  pydraughts: {rate:.1} games/s (its reading of the file shared out, replay timed on 40 games)"
            );
            println!(
                "  ratio scoresheet/pydraughts games/s: {:.0}",
                ours.0 as f64 / ours.2 / rate
            );
        }
        None => println!("  pydraughts not available (pip install pydraughts)"),
    }
}
