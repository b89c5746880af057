//! Games of the engine against itself, written as positions labelled by the game's result:
//! the data `fit_eval` fits the learned evaluation to.
//!
//! ```text
//! cargo run --release -p draughts --example selfplay -- \
//!     --games 20000 --nodes 4000 --jobs 2 --out /tmp/selfplay.txt
//! ```
//!
//! Each game starts with 2 to `--random-plies` (default 10) random moves (a seeded
//! generator: game `i` of seed `s` is always the same), then both sides play the search's
//! move within `--nodes` positions (default 4,000). Past `--max-plies` (default 300) it is a
//! draw. Every position after the random moves in which the side to move has no capture (the
//! positions the search evaluates) is written, one a line: the Hub position (`W` or `B`,
//! then a letter a square), the result for White (`2` a win, `1` a draw, `0` a loss) and the
//! search's score of the position for its side to move, in hundredths of a man (left out
//! when the side had one move, played without a search). `fit_eval --lambda` mixes the
//! score into the result it fits to.
//!
//! Options: `--out FILE` (needed), `--games N` (default 1,000), `--variant NAME` (default
//! international), `--seed N`, `--eval handmade|learned|FILE` (the evaluation that plays;
//! default: the search's own), `--jobs N`; `--help` lists them.

use std::io::{BufWriter, Write};
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;

use draughts::{
    Color, Evaluation, GameHistory, GameState, Level, Position, SearchOptions, Searcher, Variant,
    hub,
};

mod common;
use common::{at_least, evaluation, splitmix};

/// Games of the engine against itself, written as positions labelled by the game's result.
#[derive(clap::Parser)]
#[command(args_override_self = true)]
struct Settings {
    /// The variant played.
    #[arg(long, default_value = "international", value_parser = Variant::from_str)]
    variant: Variant,
    /// Games played.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    games: usize,
    /// Positions the search looks at a move.
    #[arg(long, value_name = "N", default_value_t = 4000)]
    nodes: u64,
    /// Games at once (0 is taken as 1).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least(1usize))]
    jobs: usize,
    /// The seed of the random moves: game i of a seed is always the same.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Each game starts with 2 to this many random moves (less is taken as 2).
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = at_least(2usize))]
    random_plies: usize,
    /// Plies after which a game is a draw.
    #[arg(long, value_name = "N", default_value_t = 300)]
    max_plies: usize,
    /// The file the positions are written to (needed).
    #[arg(long, value_name = "FILE", default_value_t, hide_default_value = true)]
    out: String,
    /// The evaluation that plays: `handmade`, `learned` or a weights file (default: the
    /// search's own).
    #[arg(long = "eval", value_name = "EVAL", value_parser = evaluation)]
    evaluation: Option<Evaluation>,
}

/// A quiet position of a game, as a Hub position, and the search's score of it for its side
/// to move (none when it had one move).
type Scored = (String, Option<i32>);

/// Plays game `index`; its quiet positions and the result for White (2, 1, 0).
fn play(s: &Settings, searcher: &mut Searcher, index: usize) -> (Vec<Scored>, u8) {
    let mut r = splitmix(s.seed ^ (index as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut game = GameHistory::new(Position::start(s.variant));
    let random = 2 + (r % (s.random_plies as u64 - 1)) as usize;
    searcher.clear();
    let options = SearchOptions::new(Level::Strong)
        .with_nodes(s.nodes)
        .with_time(Duration::from_secs(3600));
    let mut positions = Vec::new();
    while game.state() == GameState::Ongoing && game.moves().len() < s.max_plies {
        let pos = *game.position();
        let moves = pos.legal_moves();
        let m = if game.moves().len() < random {
            r = splitmix(r);
            moves[(r % moves.len() as u64) as usize].clone()
        } else {
            let Some(found) = searcher.search(&game, &options) else {
                break;
            };
            if !moves[0].is_capture() {
                let score = (found.depth > 0).then_some(found.score);
                positions.push((hub::position_text(&pos), score));
            }
            found.mv
        };
        game.push(&m).expect("a legal move");
    }
    let result = match game.state() {
        GameState::Win {
            winner: Color::White,
        } => 2,
        GameState::Win { .. } => 0,
        _ => 1,
    };
    (positions, result)
}

fn main() {
    let s = Settings::parse();
    if s.out.is_empty() {
        eprintln!("selfplay: --out FILE is needed");
        std::process::exit(2);
    }
    let file = std::fs::File::create(&s.out).unwrap_or_else(|e| {
        eprintln!("selfplay: {}: {e}", s.out);
        std::process::exit(1);
    });
    let out = Mutex::new(BufWriter::new(file));
    let next = AtomicUsize::new(0);
    let written = AtomicUsize::new(0);
    let results = Mutex::new([0usize; 3]);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..s.jobs {
            scope.spawn(|| {
                let mut searcher = Searcher::with_table_size(16);
                if let Some(e) = s.evaluation {
                    searcher = searcher.with_evaluation(e);
                }
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= s.games {
                        break;
                    }
                    let (positions, result) = play(&s, &mut searcher, i);
                    let mut out = out.lock().expect("the writer");
                    for (p, score) in &positions {
                        match score {
                            Some(score) => writeln!(out, "{p} {result} {score}"),
                            None => writeln!(out, "{p} {result}"),
                        }
                        .expect("the positions are written");
                    }
                    let n = written.fetch_add(positions.len(), Ordering::Relaxed);
                    let mut r = results.lock().expect("the results");
                    r[usize::from(result)] += 1;
                    if (i + 1).is_multiple_of(500) {
                        eprintln!(
                            "{} games, {} positions, White {}-{}-{} (W-D-L), {:.0} s",
                            i + 1,
                            n + positions.len(),
                            r[2],
                            r[1],
                            r[0],
                            start.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    out.into_inner()
        .expect("the writer")
        .flush()
        .expect("the positions are written");
    let r = results.into_inner().expect("the results");
    eprintln!(
        "{} games, {} positions, White {}-{}-{} (W-D-L), {:.0} s",
        s.games,
        written.into_inner(),
        r[2],
        r[1],
        r[0],
        start.elapsed().as_secs_f64()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_gives_its_quiet_positions_and_the_same_game_again() {
        let s =
            Settings::try_parse_from(["selfplay", "--nodes", "300", "--out", "unused"]).unwrap();
        let mut searcher = Searcher::with_table_size(1);
        let (positions, result) = play(&s, &mut searcher, 3);
        assert!(positions.len() > 20, "{}", positions.len());
        assert!(result <= 2);
        assert!(
            positions
                .iter()
                .filter(|(_, score)| score.is_some())
                .count()
                > 20
        );
        for (text, _) in &positions {
            let pos = hub::read_position(text, s.variant).unwrap();
            assert!(!pos.legal_moves()[0].is_capture(), "{text}");
        }
        assert_eq!(play(&s, &mut searcher, 3), (positions, result));
        assert_ne!(play(&s, &mut searcher, 4).0, play(&s, &mut searcher, 3).0);
    }
}
