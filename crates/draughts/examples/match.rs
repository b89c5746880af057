//! A match between two draughts engines: the benchmark of the engine's strength.
//!
//! ```text
//! cargo run --release -p draughts --example match -- \
//!     --a self --b "hub:/path/to/old/scoresheet hub" --time 0.1 --games 400 --jobs 2
//! ```
//!
//! Each player is `self` (this build's search, in this process), `self:OPTIONS` (the same
//! with comma-separated options: the evaluation `handmade`, `learned` or the weights file
//! EVAL, `threads=N` for a search on N threads, and `endgames=DIR` for the endgame tables
//! in DIR, probed as the site's strong level probes them) or `hub:COMMAND` (any Hub
//! engine: an older build's `scoresheet hub`, or Scan). The games start from a fixed set of
//! openings (the first `--plies` moves, picked by a seeded generator, each opening once, both
//! sides' material equal after it); each opening is played twice, colours swapped. Each move
//! gets `--time` seconds (or `--nodes N` positions: the same games whatever else the machine
//! does, for comparing two settings of the search on a busy machine). A game that passes `--max-plies` is a draw. The report: A's wins,
//! draws and losses, its score, the Elo difference with its 95 % interval, and the
//! likelihood of superiority.
//!
//! Options: `--variant NAME` (default international), `--games N` (even; default 400),
//! `--jobs N` games at once (default 1; give each engine its own core), `--seed N`,
//! `--plies N` (default 4), `--max-plies N` (default 300), `--quiet`; `--help` lists them.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Parser;

mod common;
use common::engine::Player;
use common::{at_least, splitmix};

use draughts::{Color, GameHistory, GameState, Move, Position, Variant, hub};

/// A match between two draughts engines: A's score, its Elo difference and the likelihood of
/// superiority.
#[derive(Clone, Debug, clap::Parser)]
#[command(args_override_self = true)]
struct Settings {
    /// Player A: `self`, `self:OPTIONS` (an evaluation, `threads=N`, `endgames=DIR`) or `hub:COMMAND`.
    #[arg(long, value_name = "PLAYER", default_value = "self")]
    a: String,
    /// Player B, as A.
    #[arg(long, value_name = "PLAYER", default_value = "self")]
    b: String,
    /// The variant played.
    #[arg(long, default_value = "international", value_parser = hub::variant_named)]
    variant: Variant,
    /// Seconds a move.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.1)]
    time: f64,
    /// Positions a move instead of a time (the same games on a loaded machine).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Games played (an odd number is made even: each opening is played twice).
    #[arg(long, value_name = "N", default_value_t = 400)]
    games: usize,
    /// Games at once (0 is taken as 1).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least(1usize))]
    jobs: usize,
    /// The seed of the openings.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Plies of each opening.
    #[arg(long, value_name = "N", default_value_t = 4)]
    plies: usize,
    /// Plies after which a game is a draw.
    #[arg(long, value_name = "N", default_value_t = 300)]
    max_plies: usize,
    /// Only the summary, not each game.
    #[arg(long)]
    quiet: bool,
}

/// A game's end, for player A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Win,
    Draw,
    Loss,
}

/// The openings: `count` different positions after `plies` moves from the start, each
/// picked by the seeded generator, with both sides' material equal.
fn openings(variant: Variant, count: usize, plies: usize, seed: u64) -> Vec<Vec<Move>> {
    let mut out: Vec<Vec<Move>> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut r = seed;
    let mut tries = 0;
    while out.len() < count && tries < count * 1000 {
        tries += 1;
        let mut game = GameHistory::new(Position::start(variant));
        let mut line = Vec::new();
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            r = splitmix(r);
            let m = moves[(r % moves.len() as u64) as usize].clone();
            game.push(&m).expect("a legal move");
            line.push(m);
        }
        let pos = game.position();
        let even = pos.pieces(Color::White).len() == pos.pieces(Color::Black).len();
        if line.len() == plies && even && !game.state().is_over() && seen.insert(pos.zobrist()) {
            out.push(line);
        }
    }
    out
}

/// Plays one game from `opening`, A with White when `a_white`.
fn play(
    s: &Settings,
    a: &mut Player,
    b: &mut Player,
    opening: &[Move],
    a_white: bool,
) -> Result<(Outcome, usize), String> {
    let mut game = GameHistory::new(Position::start(s.variant));
    for m in opening {
        game.push(m).map_err(|e| e.to_string())?;
    }
    a.new_game()?;
    b.new_game()?;
    let a_color = if a_white { Color::White } else { Color::Black };
    while game.state() == GameState::Ongoing && game.moves().len() < s.max_plies {
        let mover = if game.position().side_to_move() == a_color {
            &mut *a
        } else {
            &mut *b
        };
        let m = mover.play(&game, s.time, s.nodes)?;
        game.push(&m)
            .map_err(|e| format!("an illegal move {m:?}: {e}"))?;
    }
    let plies = game.moves().len();
    Ok(match game.state() {
        GameState::Win { winner } if winner == a_color => (Outcome::Win, plies),
        GameState::Win { .. } => (Outcome::Loss, plies),
        _ => (Outcome::Draw, plies),
    })
}

/// The Elo difference that a score (0 to 1) means.
fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The summary of a match from A's wins, draws and losses: its score, the Elo difference
/// and its 95 % interval (normal approximation of the mean score), and the likelihood that
/// A is the stronger.
#[derive(Debug, PartialEq)]
struct Summary {
    score: f64,
    elo: f64,
    low: f64,
    high: f64,
    los: f64,
}

fn summary(w: usize, d: usize, l: usize) -> Summary {
    let n = (w + d + l) as f64;
    let score = (w as f64 + d as f64 / 2.0) / n;
    let var = (w as f64 * (1.0 - score).powi(2)
        + d as f64 * (0.5 - score).powi(2)
        + l as f64 * score.powi(2))
        / n;
    let se = (var / n).sqrt();
    let los = if w + l == 0 {
        0.5
    } else {
        0.5 * (1.0 + erf((w as f64 - l as f64) / (2.0 * (w + l) as f64).sqrt()))
    };
    Summary {
        score,
        elo: elo(score),
        low: elo(score - 1.96 * se),
        high: elo(score + 1.96 * se),
        los,
    }
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    if x >= 0.0 { y } else { -y }
}

fn main() {
    let mut s = Settings::parse();
    // Each opening is played twice, colours swapped.
    if !s.games.is_multiple_of(2) {
        s.games += 1;
    }
    let lines = openings(s.variant, s.games / 2, s.plies, s.seed);
    if lines.len() < s.games / 2 {
        eprintln!(
            "match: only {} different openings of {} plies",
            lines.len(),
            s.plies
        );
    }
    let games = 2 * lines.len();
    let budget = match s.nodes {
        Some(n) => format!("{n} positions"),
        None => format!("{} s", s.time),
    };
    println!(
        "{} games of {} at {budget} a move: A = {}, B = {}",
        games, s.variant.name, s.a, s.b
    );
    let next = AtomicUsize::new(0);
    let results = Mutex::new((0usize, 0usize, 0usize));
    std::thread::scope(|scope| {
        for _ in 0..s.jobs.min(games.max(1)) {
            scope.spawn(|| {
                let (mut a, mut b) = match (Player::start(&s.a, &s.variant), Player::start(&s.b, &s.variant)) {
                    (Ok(a), Ok(b)) => (a, b),
                    (Err(e), _) | (_, Err(e)) => {
                        eprintln!("match: {e}");
                        std::process::exit(2);
                    }
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let a_white = i.is_multiple_of(2);
                    let (outcome, plies) = match play(&s, &mut a, &mut b, &lines[i / 2], a_white) {
                        Ok(r) => r,
                        Err(e) => {
                            eprintln!("match: game {}: {e}", i + 1);
                            std::process::exit(1);
                        }
                    };
                    let mut r = results.lock().unwrap();
                    match outcome {
                        Outcome::Win => r.0 += 1,
                        Outcome::Draw => r.1 += 1,
                        Outcome::Loss => r.2 += 1,
                    }
                    if !s.quiet {
                        let done = r.0 + r.1 + r.2;
                        println!(
                            "game {:>4} (opening {:>3}, A {}): {outcome:?} in {plies} plies; A {}-{}-{} after {done}",
                            i + 1,
                            i / 2 + 1,
                            if a_white { "White" } else { "Black" },
                            r.0,
                            r.1,
                            r.2
                        );
                    }
                }
            });
        }
    });
    let (w, d, l) = *results.lock().unwrap();
    let m = summary(w, d, l);
    println!(
        "A: {w} wins, {d} draws, {l} losses of {}: score {:.1} %, Elo {:+.0} (95 %: {:+.0} to {:+.0}), LOS {:.1} %",
        w + d + l,
        100.0 * m.score,
        m.elo,
        m.low,
        m.high,
        100.0 * m.los
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read() {
        let s = Settings::try_parse_from(["match"]).unwrap();
        assert_eq!((s.a.as_str(), s.b.as_str()), ("self", "self"));
        assert_eq!(
            (s.variant, s.time, s.nodes),
            (Variant::INTERNATIONAL, 0.1, None)
        );
        assert_eq!((s.games, s.jobs, s.seed), (400, 1, 1));
        assert_eq!((s.plies, s.max_plies, s.quiet), (4, 300, false));
        let s = Settings::try_parse_from([
            "match",
            "--a",
            "self:handmade,threads=2",
            "--b",
            "hub:scan hub",
            "--variant",
            "normal",
            "--jobs",
            "0",
            "--quiet",
        ])
        .unwrap();
        assert_eq!(
            (s.a.as_str(), s.b.as_str()),
            ("self:handmade,threads=2", "hub:scan hub")
        );
        assert_eq!(
            (s.variant, s.jobs, s.quiet),
            (Variant::INTERNATIONAL, 1, true)
        );
        assert!(Settings::try_parse_from(["match", "--games"]).is_err());
        assert!(Settings::try_parse_from(["match", "--games", "many"]).is_err());
        assert!(Settings::try_parse_from(["match", "--variant", "chess"]).is_err());
        assert!(Settings::try_parse_from(["match", "--fast"]).is_err());
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(elo(0.5).abs() < 1e-9);
        // 75 %: 400·log10(3) = 190.85 Elo.
        assert!((elo(0.75) - 190.848).abs() < 0.01);
        assert!((elo(0.25) + 190.848).abs() < 0.01);
        assert!((erf(1.0) - 0.842_700_79).abs() < 1e-6);
    }

    #[test]
    fn a_summary_as_the_usual_calculators_give_it() {
        // 1 win, 1 draw, 22 losses (the issue's first match): 6.25 %, about -470 Elo.
        let m = summary(1, 1, 22);
        assert!((m.score - 0.0625).abs() < 1e-9);
        assert!((m.elo + 470.4).abs() < 0.5, "{m:?}");
        assert!(m.low < m.elo && m.elo < m.high, "{m:?}");
        assert!(m.los < 0.001, "{m:?}");
        // Even: no difference, a symmetric interval, LOS one half.
        let even = summary(30, 40, 30);
        assert!(even.elo.abs() < 1e-9 && (even.low + even.high).abs() < 1e-6);
        assert!((even.los - 0.5).abs() < 1e-9);
    }

    #[test]
    fn openings_are_different_and_even() {
        let lines = openings(Variant::INTERNATIONAL, 50, 4, 7);
        assert_eq!(lines.len(), 50);
        let again = openings(Variant::INTERNATIONAL, 50, 4, 7);
        assert_eq!(lines, again, "the same seed, the same openings");
        let mut ends = std::collections::HashSet::new();
        for line in &lines {
            let mut pos = Position::start(Variant::INTERNATIONAL);
            for m in line {
                pos = pos.after(m);
            }
            assert_eq!(
                pos.pieces(Color::White).len(),
                pos.pieces(Color::Black).len()
            );
            assert!(ends.insert(pos.zobrist()));
        }
    }

    #[test]
    fn a_player_given_endgame_tables_plays_their_nearest_win() {
        use draughts::egdb::{Endgames, Wdl, generate};
        let variant = Variant::AMERICAN;
        let dir = std::env::temp_dir().join(format!("match-endgames-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let spec = format!("self:endgames={}", dir.display());
        // An empty directory holds no tables: refused, not played without them.
        let empty = Player::start(&spec, &variant).err().unwrap();
        assert!(empty.contains("no tables"), "{empty}");
        assert!(Player::start("self:endgames=/no/such/dir", &variant).is_err());
        generate(&variant, 3, |_, _| {}).save(&dir).unwrap();
        let tables = Endgames::load(&variant, &dir).unwrap();
        let mut player = Player::start(&spec, &variant).unwrap();
        let mut checked = 0;
        for (a, b, c) in
            (1..=32).flat_map(|a| (1..=32).map(move |b| (a, b, (a * 7 + b * 3) % 32 + 1)))
        {
            if a >= b || c == a || c == b {
                continue;
            }
            let fen = format!("W:WK{a},K{b}:BK{c}");
            let pos = Position::from_fen(&fen, variant).unwrap();
            if tables.probe(&pos) != Some(Wdl::Win)
                || pos.legal_moves().iter().any(Move::is_capture)
            {
                continue;
            }
            player.new_game().unwrap();
            let mv = player.play(&GameHistory::new(pos), 0.0, Some(300)).unwrap();
            // The tables' nearest conversion: the move whose position the opponent loses
            // soonest (a search without the tables keeps the win, but not the nearest).
            let nearest = pos
                .legal_moves()
                .iter()
                .filter_map(|m| match tables.probe_plies(&pos.after(m)) {
                    Some((Wdl::Loss, plies)) => Some(plies),
                    _ => None,
                })
                .min();
            let played = tables.probe_plies(&pos.after(&mv));
            assert_eq!(played, nearest.map(|p| (Wdl::Loss, p)), "{fen}: {mv:?}");
            checked += 1;
        }
        assert!(checked > 50, "{checked}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_short_match_between_this_build_and_itself_plays_out() {
        let s = Settings::try_parse_from(["match", "--games", "2", "--time", "0.01"]).unwrap();
        let lines = openings(s.variant, 1, s.plies, s.seed);
        let mut a = Player::start("self", &s.variant).unwrap();
        let mut b = Player::start("self", &s.variant).unwrap();
        for a_white in [true, false] {
            let (_, plies) = play(&s, &mut a, &mut b, &lines[0], a_white).unwrap();
            assert!(plies > s.plies);
        }
        assert!(Player::start("uci:stockfish", &s.variant).is_err());
        // By positions, a game is the same game whenever it is played.
        let s =
            Settings::try_parse_from(["match", "--nodes", "3000", "--max-plies", "60"]).unwrap();
        let mut games = Vec::new();
        for _ in 0..2 {
            let mut a = Player::start("self", &s.variant).unwrap();
            let mut b = Player::start("self", &s.variant).unwrap();
            games.push(play(&s, &mut a, &mut b, &lines[0], true).unwrap());
        }
        assert_eq!(games[0], games[1]);
    }
}
