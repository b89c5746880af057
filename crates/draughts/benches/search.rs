//! Search speed: `cargo bench -p draughts --bench search`.
//!
//! For two middlegame positions of each variant (reached by a fixed, depth-limited self-play
//! from the start, so every run measures the same positions), prints the nodes per second
//! and the depth reached in 1 s and in 2 s, then the time the Strong level takes per move
//! over a few moves of a game. Run it on an otherwise idle machine: the figures are wall
//! clock.

use std::time::Duration;

use draughts::{GameHistory, Level, Position, SearchOptions, Searcher, Variant};

/// A middlegame: `plies` moves of a quick self-play from the start, then on to the first
/// position without a capture pending and with more than one move.
fn middlegame(v: Variant, plies: usize, seed: u64) -> GameHistory {
    let mut game = GameHistory::new(Position::start(v));
    let mut searcher = Searcher::with_table_size(4);
    for i in 0..plies {
        let options = SearchOptions::new(Level::Intermediate)
            .with_depth(4)
            .with_seed(seed + i as u64)
            .with_time(Duration::from_secs(60));
        let Some(found) = searcher.search(&game, &options) else {
            break;
        };
        game.push(&found.mv)
            .expect("the search returns legal moves");
    }
    // Go on to a position with a real choice: no capture pending, several moves.
    while game.position().has_capture() || game.position().legal_moves().len() < 2 {
        let options = SearchOptions::new(Level::Intermediate).with_depth(4);
        let Some(found) = searcher.search(&game, &options) else {
            break;
        };
        game.push(&found.mv)
            .expect("the search returns legal moves");
    }
    game
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` runs this quickly with --test.
    let quick = std::env::args().any(|a| a == "--test");
    let budgets: &[u64] = if quick { &[50] } else { &[1000, 2000] };
    println!(
        "{:<14} {:>4} {:>12} {:>10} {:>6}  fen",
        "variant", "pos", "time", "nodes/s", "depth"
    );
    for v in Variant::ALL {
        for (n, plies) in [(1, 16), (2, 30)] {
            let game = middlegame(v, plies, n);
            for &ms in budgets {
                let mut searcher = Searcher::new();
                let options =
                    SearchOptions::new(Level::Strong).with_time(Duration::from_millis(ms));
                let Some(r) = searcher.search(&game, &options) else {
                    continue;
                };
                let nps = r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-9);
                println!(
                    "{:<14} {:>4} {:>10}ms {:>10.0} {:>6}  {}",
                    v.name,
                    n,
                    ms,
                    nps,
                    r.depth,
                    game.position().to_fen()
                );
            }
        }
    }
    println!();
    println!("Strong level, default time per move, 6 moves from each middlegame:");
    for v in Variant::ALL {
        let mut game = middlegame(v, 16, 7);
        let mut searcher = Searcher::new();
        let mut times = Vec::new();
        let moves = if quick { 1 } else { 6 };
        for _ in 0..moves {
            let options = if quick {
                SearchOptions::new(Level::Strong).with_time(Duration::from_millis(50))
            } else {
                SearchOptions::new(Level::Strong)
            };
            let Some(r) = searcher.search(&game, &options) else {
                break;
            };
            times.push(r.elapsed.as_secs_f64());
            game.push(&r.mv).expect("legal");
        }
        let max = times.iter().copied().fold(0.0, f64::max);
        let avg = times.iter().sum::<f64>() / times.len().max(1) as f64;
        println!(
            "{:<14} mean {avg:.3} s, max {max:.3} s over {} moves",
            v.name,
            times.len()
        );
    }
}
