//! Plays won endings out: positions the endgame tables call a win for the side to move, each
//! played to its end by the engine on both sides with the tables loaded, under the variant's
//! draw rules (International's 16- and 5-move rules, the kings-only count, repetition). It
//! reports how many the winning side converted: a table's "win" tells the search which moves
//! keep the win, not how to make progress, and a win not converted before a draw rule ends
//! the game is a draw.
//!
//! ```text
//! cargo run --release -- egdb build --variant international --pieces 4 /tmp/egdb
//! cargo run --release -p draughts --example convert -- --endgames /tmp/egdb \
//!     --positions 200 --pieces 4 --time 0.1
//! ```
//!
//! The positions are drawn by a seeded generator (`--seed`): `--pieces` pieces (at least one
//! a side), each a man or a king, on random squares (men never on the row where they would
//! crown; `--kings`: all kings), kept when the tables hold the position and call it a win for the side to move, and
//! the side to move has no capture (a quiet start). Each move is searched for `--time`
//! seconds or `--nodes` positions.

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;

use draughts::egdb::{Endgames, Wdl};
use draughts::{
    Color, GameHistory, GameState, Level, Position, SearchOptions, Searcher, Variant, hub,
};

mod common;
use common::{at_least, splitmix};

/// Plays won endings out and counts the wins converted.
#[derive(clap::Parser)]
#[command(args_override_self = true)]
struct Settings {
    /// The variant played.
    #[arg(long, default_value = "international", value_parser = Variant::from_str)]
    variant: Variant,
    /// The directory of the endgame tables (`scoresheet egdb build`).
    #[arg(long, value_name = "DIR")]
    endgames: PathBuf,
    /// Won positions played out.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = at_least(1usize))]
    positions: usize,
    /// Pieces on the board.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = at_least(2usize))]
    pieces: usize,
    /// Seconds a move.
    #[arg(long, value_name = "S", default_value_t = 0.1)]
    time: f64,
    /// Positions searched a move, instead of a time.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// The seed of the positions drawn.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Plies after which a game still going is counted a draw.
    #[arg(long, value_name = "N", default_value_t = 400)]
    max_plies: usize,
    /// Every piece a king (the long endings, under the 16- and 5-move rules).
    #[arg(long)]
    kings: bool,
    /// Print every position and its end.
    #[arg(long)]
    verbose: bool,
}

/// A random position of `pieces` pieces that the tables call a quiet win for the side to
/// move, drawn from `r`.
fn won_position(s: &Settings, tables: &Endgames, r: &mut u64) -> Position {
    let size = s.variant.size;
    let squares = size.squares();
    let per_row = squares / size.side();
    let mut next = |n: u64| {
        *r = splitmix(*r);
        *r % n
    };
    loop {
        let mut used = Vec::new();
        let (mut white, mut black) = (Vec::new(), Vec::new());
        for k in 0..s.pieces {
            let colour = match k {
                0 => Color::White,
                1 => Color::Black,
                _ if next(2) == 0 => Color::White,
                _ => Color::Black,
            };
            let king = s.kings || next(2) == 0;
            let square = loop {
                let sq = next(u64::from(squares)) as u8 + 1;
                // A man never stands on the row where it would crown.
                let crowning = match colour {
                    Color::White => sq <= per_row,
                    Color::Black => sq > squares - per_row,
                };
                if !used.contains(&sq) && (king || !crowning) {
                    break sq;
                }
            };
            used.push(square);
            let text = if king {
                format!("K{square}")
            } else {
                square.to_string()
            };
            match colour {
                Color::White => white.push(text),
                Color::Black => black.push(text),
            }
        }
        let side = if next(2) == 0 { 'W' } else { 'B' };
        let fen = format!("{side}:W{}:B{}", white.join(","), black.join(","));
        let Ok(pos) = Position::from_fen(&fen, s.variant) else {
            continue;
        };
        let moves = pos.legal_moves();
        if moves.is_empty() || moves[0].is_capture() {
            continue;
        }
        if tables.probe(&pos) == Some(Wdl::Win) {
            return pos;
        }
    }
}

fn main() {
    let s = Settings::parse();
    let tables = Endgames::load(&s.variant, &s.endgames).unwrap_or_else(|e| {
        eprintln!("convert: {}: {e}", s.endgames.display());
        std::process::exit(1);
    });
    if usize::from(tables.max_pieces()) < s.pieces {
        eprintln!(
            "convert: the tables hold at most {} pieces, not {}",
            tables.max_pieces(),
            s.pieces
        );
        std::process::exit(2);
    }
    let tables = Arc::new(tables);
    let mut searcher = Searcher::with_table_size(16).with_endgames(Arc::clone(&tables));
    let options = SearchOptions::new(Level::Strong);
    let options = match s.nodes {
        Some(n) => options.with_nodes(n).with_time(Duration::from_secs(3600)),
        None => options.with_move_time(Duration::from_secs_f64(s.time)),
    };
    let mut r = splitmix(s.seed);
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    let mut plies_won = 0;
    for i in 0..s.positions {
        let start = won_position(&s, &tables, &mut r);
        let winner = start.side_to_move();
        let mut game = GameHistory::new(start);
        searcher.clear();
        while game.state() == GameState::Ongoing && game.moves().len() < s.max_plies {
            let Some(found) = searcher.search(&game, &options) else {
                break;
            };
            game.push(&found.mv).expect("a legal move");
        }
        let end = game.state();
        let plies = game.moves().len();
        let verdict = match end {
            GameState::Win { winner: w } if w == winner => {
                won += 1;
                plies_won += plies;
                "won"
            }
            GameState::Win { .. } => {
                lost += 1;
                "LOST"
            }
            _ => {
                drawn += 1;
                "drawn"
            }
        };
        if s.verbose {
            println!(
                "{i}: {} {} {verdict} after {plies} plies ({end:?})",
                start.to_fen(),
                hub::position_text(&start)
            );
        }
    }
    println!(
        "{} won positions of {} pieces: {won} converted, {drawn} drawn, {lost} lost; {:.1} plies a win",
        s.positions,
        s.pieces,
        plies_won as f64 / f64::from(won.max(1))
    );
}
