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
use std::str::FromStr;

use clap::Parser;
use draughts::{Color, Variant, hub};
use games::Outcome;

mod common;

/// The positions of real games, labelled by their result, for fitting the learned evaluation.
#[derive(clap::Parser)]
#[command(args_override_self = true)]
struct Settings {
    /// The rules of the games used.
    #[arg(long, default_value = "international", value_parser = Variant::from_str)]
    variant: Variant,
    /// The record files (PDN) read.
    #[arg(value_name = "FILES")]
    files: Vec<String>,
}

fn main() {
    let Settings { variant, files } = Settings::parse();
    let out = std::io::stdout();
    let mut out = BufWriter::new(out.lock());
    let (mut used, mut unfinished, mut positions) = (0, 0, 0);
    let skipped = common::draughts_games::each_game("eval_positions", &files, variant, |found| {
        let game = found.game;
        let result = match game.outcome() {
            Some(Outcome::Win(Color::White)) => 2,
            Some(Outcome::Win(Color::Black)) => 0,
            Some(Outcome::Draw) => 1,
            _ => {
                unfinished += 1;
                return;
            }
        };
        used += 1;
        let mut pos = game.start;
        for node in &game.game.moves.nodes {
            if !pos.legal_moves().first().is_some_and(|m| m.is_capture()) {
                writeln!(out, "{} {result}", hub::position_text(&pos)).expect("stdout");
                positions += 1;
            }
            pos = pos.after(&node.mov);
        }
    });
    let skipped = skipped + unfinished;
    out.flush().expect("stdout");
    eprintln!("{used} games, {positions} positions; {skipped} games left out");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read() {
        let s = Settings::try_parse_from(["eval_positions", "a.pdn"]).unwrap();
        assert_eq!(
            (s.variant, s.files),
            (Variant::INTERNATIONAL, vec!["a.pdn".into()])
        );
        let s =
            Settings::try_parse_from(["eval_positions", "a.pdn", "--variant", "russian", "b.pdn"])
                .unwrap();
        assert_eq!((s.variant, s.files.len()), (Variant::RUSSIAN, 2));
        assert!(Settings::try_parse_from(["eval_positions", "--variant"]).is_err());
        assert!(Settings::try_parse_from(["eval_positions", "--variant", "chess"]).is_err());
    }
}
