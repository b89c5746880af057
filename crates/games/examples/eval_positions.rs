//! The positions of real games, labelled by their result, for fitting the learned evaluation
//! (`draughts/examples/fit_eval.rs` reads them beside the engine's own games).
//!
//! ```text
//! find ../shared/data -name '*.pdn' -print0 |
//!     xargs -0 cargo run --release -p games --example eval_positions -- \
//!     --variant international > /tmp/real.txt
//! ```
//!
//! (The shared data has file names with spaces, hence `-print0`.) Every game of the files
//! whose rules (by its tags, or its squares) are `--variant` (default international) and
//! whose result is a win or a draw gives each position of its main line in which the side to move
//! has no capture: one a line, the Hub position (`W` or `B`, then a letter a square) and the
//! result for White (`2` a win, `1` a draw, `0` a loss), as `selfplay` writes them. Games
//! that do not read, or have another result, are counted on standard error and left out.

use std::io::{BufWriter, Write};

use draughts::{Color, Variant, hub};
use games::{AnyGame, OnePass, Outcome, ReadGame, ReadOptions};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut variant = Variant::INTERNATIONAL;
    if let Some(i) = args.iter().position(|a| a == "--variant") {
        let name = args.get(i + 1).cloned().unwrap_or_default();
        variant = name.parse().unwrap_or_else(|e| {
            eprintln!("eval_positions: {e}");
            std::process::exit(2);
        });
        args.drain(i..i + 2);
    }
    let out = std::io::stdout();
    let mut out = BufWriter::new(out.lock());
    let (mut used, mut skipped, mut positions) = (0, 0, 0);
    for path in &args {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("eval_positions: {path}: {e}");
                continue;
            }
        };
        // The rules as each game's tags (or squares) say: games of other rules are left out.
        let mut reader = record::Reader::from_bytes(&bytes);
        let mut one_pass = OnePass::new(ReadOptions::default());
        while let Some(read) = one_pass.next(&mut reader) {
            let Ok(ReadGame::Game(game)) = read else {
                skipped += 1;
                continue;
            };
            let AnyGame::Draughts(game) = *game else {
                skipped += 1;
                continue;
            };
            let result = match game.outcome() {
                Some(Outcome::Win(Color::White)) => 2,
                Some(Outcome::Win(Color::Black)) => 0,
                Some(Outcome::Draw) => 1,
                _ => {
                    skipped += 1;
                    continue;
                }
            };
            if game.variant != variant {
                skipped += 1;
                continue;
            }
            used += 1;
            let mut pos = game.start;
            for node in &game.game.moves.nodes {
                if !pos.legal_moves().first().is_some_and(|m| m.is_capture()) {
                    writeln!(out, "{} {result}", hub::position_text(&pos)).expect("stdout");
                    positions += 1;
                }
                pos = pos.after(&node.mov);
            }
        }
    }
    out.flush().expect("stdout");
    eprintln!("{used} games, {positions} positions; {skipped} games left out");
}
