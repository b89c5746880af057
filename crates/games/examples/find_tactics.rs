//! Finds tactical positions (shots) in real games, or constructs them, for the draughts
//! engine's tactical test suite (`crates/draughts/data/tactics/international.txt`, read by
//! `draughts/examples/tactics.rs` and `draughts/tests/tactics.rs`; the file says how each of
//! its parts was made).
//!
//! ```text
//! find /work/shared/data/draughts -name '*.pdn' -print0 | LC_ALL=C sort -z |
//!     xargs -0 cargo run --release -p games --no-default-features --example find_tactics -- \
//!     --depth 12 --shallow 2 --window 30 > /tmp/shots.txt
//! cargo run --release -p games --no-default-features --example find_tactics -- \
//!     --construct 60 --seed 1 --depth 12 --shallow 2 > /tmp/made.txt
//! cargo run --release -p games --no-default-features --example find_tactics -- \
//!     --check crates/draughts/data/tactics/international.txt --shallow 2
//! ```
//!
//! (The shared data has file names with spaces, hence `-print0`.) From games: each position
//! of the main line of each game of `--variant` (default international) in which the game
//! gained the side to move at least `--gain` (default 200) hundredths of material (men 100,
//! kings 300) within `--window` plies (default 12; `--all`: every position). A position is
//! a tactic when, by this build's search (the default evaluation, from an empty table,
//! bounded by depth only, so the same positions come out on any machine):
//!
//! 1. the side to move has no capture and at least two moves;
//! 2. at `--depth` plies (default 12) the best move's line gains `--gain` of material (its
//!    captures played out) with a score worth an expected result of `--win` (default 0.6, by
//!    the learned evaluation's scale), or wins by force;
//! 3. at `--shallow` plies (default 3) the search plays another move;
//! 4. searched at `--depth` − 1 plies after each move, the best stays the best, still
//!    decisive, and every other move wins nothing by force and scores below an expected
//!    result of `--rest` (default 0.55) or `--margin` (default 75) below the best.
//!
//! Each tactic is printed as a line of the suite's format (`id | FEN | solution | source`),
//! its source the file, the game's number in it, its event and players and the ply;
//! `sacrifice` marks a solution that leaves the opponent a capture; the ids are `--prefix`
//! (default `game`), a dash and the number. A position already
//! printed is not printed again. `--construct N` makes N positions instead: seeded random
//! endings (`--seed`, default 1; see `random_position`) that are tactics with a sacrifice for
//! a solution. `--check FILE` searches the positions of a suite's file and says of each
//! whether it passes and its solution is the move found. Counts go to standard error (and,
//! with the environment variable `FIND_TACTICS_DEBUG`, what the searches said of each
//! constructed candidate).

use std::collections::HashSet;
use std::io::{BufWriter, Write};
use std::str::FromStr;

use clap::Parser;

use draughts::learn::EvalWeights;
use draughts::{
    Color, GameHistory, Level, Move, MoveStyle, Piece, Position, SearchOptions, Searcher, Square,
    Variant, WIN_BOUND,
};
mod common;
use common::at_least;

/// Finds tactical positions (shots) in real games, or constructs them, for the draughts
/// engine's tactical test suite.
#[derive(clap::Parser)]
#[command(args_override_self = true, allow_negative_numbers = true)]
struct Settings {
    /// The rules of the games and positions.
    #[arg(long, default_value = "international", value_parser = Variant::from_str)]
    variant: Variant,
    /// Plies of the full search (less is taken as 2).
    #[arg(long, value_name = "N", default_value_t = 12, value_parser = at_least(2u32))]
    depth: u32,
    /// Plies of the shallow search, which must play another move (less is taken as 1).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = at_least(1u32))]
    shallow: u32,
    /// Hundredths of material (men 100, kings 300) the best move's line must gain, and the
    /// game must have gained.
    #[arg(long, value_name = "N", default_value_t = 200)]
    gain: i32,
    /// The expected result from which a move wins (by the learned evaluation's scale).
    #[arg(long = "win", value_name = "P", default_value_t = 0.6)]
    win_result: f64,
    /// The expected result every other move must stay below, or else `--margin` below the
    /// best.
    #[arg(long = "rest", value_name = "P", default_value_t = 0.55)]
    rest_result: f64,
    /// The score from which a move wins: the learned evaluation's for an expected result of
    /// `--win`.
    #[arg(skip)]
    win: i32,
    /// The score that no other move may reach: for an expected result of `--rest`.
    #[arg(skip)]
    rest: i32,
    /// How far below the best move's score another move must stay when it reaches `--rest`
    /// (75: about one and a half men by the learned evaluation).
    #[arg(long, value_name = "N", default_value_t = 75)]
    margin: i32,
    /// The record files (PDN) searched.
    #[arg(value_name = "FILES")]
    files: Vec<String>,
    /// A suite's file to check instead of games to search.
    #[arg(long, value_name = "FILE")]
    check: Option<String>,
    /// The ids' prefix.
    #[arg(long, default_value = "game")]
    prefix: String,
    /// How many positions to construct instead of searching games.
    #[arg(long, value_name = "N")]
    construct: Option<usize>,
    /// The seed of the constructed positions.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Search every position, not only those the game's next plies gained material in.
    #[arg(long)]
    all: bool,
    /// How many plies ahead the game must gain material, without `--all` (less is taken as
    /// 2).
    #[arg(long, value_name = "N", default_value_t = 12, value_parser = at_least(2usize))]
    window: usize,
}

impl Settings {
    /// The settings, the expected results of `--win` and `--rest` made the scores they are
    /// for the variant.
    fn with_scores(mut self) -> Settings {
        self.win = score_for(&self.variant, self.win_result);
        self.rest = score_for(&self.variant, self.rest_result);
        self
    }
}

/// The score of the default (learned) evaluation worth an expected result of `p` (a win 1,
/// a draw a half): `scale · ln(p / (1 − p))`, the scale being the evaluation's own (100
/// for a variant without learned values).
fn score_for(variant: &Variant, p: f64) -> i32 {
    let scale = EvalWeights::builtin(variant).map_or(100.0, |w| w.scale());
    let p = p.clamp(0.5, 0.999);
    (scale * (p / (1.0 - p)).ln()).round() as i32
}

/// The material of the side to move less the opponent's: men 100, kings 300.
fn material(pos: &Position) -> i32 {
    let me = pos.side_to_move();
    let count = |c: Color| pos.men(c).len() as i32 * 100 + pos.kings(c).len() as i32 * 300;
    count(me) - count(!me)
}

/// What a search finds for the side to move: its move, its score, and the material
/// gained by the end of the expected line.
struct Found {
    mv: Move,
    score: i32,
    /// The material of the searched position's side to move at the end of the expected
    /// line (its captures played out), less that at its start.
    gain: i32,
}

/// Searches `pos` at `depth` plies from an empty table.
fn search(searcher: &mut Searcher, pos: &Position, depth: u32) -> Option<Found> {
    searcher.clear();
    let options = SearchOptions::new(Level::Strong)
        .with_depth(depth)
        .with_time(std::time::Duration::from_secs(3600));
    let found = searcher.search(&GameHistory::new(*pos), &options)?;
    let mut end = *pos;
    for m in &found.pv {
        if end.play(m).is_err() {
            break;
        }
    }
    // A line that stops in the middle of an exchange: its captures played out, each side
    // taking the most.
    for _ in 0..16 {
        let moves = end.legal_moves();
        let Some(take) = moves
            .iter()
            .filter(|m| m.is_capture())
            .max_by_key(|m| m.captured().len())
        else {
            break;
        };
        end = end.after(take);
    }
    let sign = if end.side_to_move() == pos.side_to_move() {
        1
    } else {
        -1
    };
    Some(Found {
        mv: found.mv,
        score: found.score,
        gain: sign * material(&end) - material(pos),
    })
}

/// What the searches say of a position.
struct Analysis {
    /// The best move at full depth.
    best: Move,
    /// The best move of the shallow search.
    shallow: Move,
    /// Each move, its score searched after it (at one ply less), and the material its line
    /// gains, best score first.
    values: Vec<(Move, i32, i32)>,
}

impl Analysis {
    /// Whether the position is a tactic by the settings' measures: the best move is the best
    /// of every measure, gains `gain` or wins by force, every other move gains at least
    /// `margin` less and wins nothing by force, and the shallow search plays another move.
    fn is_tactic(&self, s: &Settings) -> bool {
        let (top_move, top, top_gain) = &self.values[0];
        let decisive = *top >= WIN_BOUND || (*top >= s.win && *top_gain >= s.gain);
        let unique = self.values[1..]
            .iter()
            .all(|(_, v, _)| *v < WIN_BOUND && (*v < s.rest || *v <= top - s.margin));
        *top_move == self.best && self.shallow != self.best && decisive && unique
    }
}

/// Searches `pos` by the settings; `None` when it has fewer than two moves, or a capture,
/// or when `quick` and the full-depth search or the shallow one already rule it out.
fn analyse(s: &Settings, searcher: &mut Searcher, pos: &Position, quick: bool) -> Option<Analysis> {
    let moves = pos.legal_moves();
    if moves.len() < 2 || moves[0].is_capture() {
        return None;
    }
    let deep = search(searcher, pos, s.depth)?;
    if quick && deep.score < WIN_BOUND && (deep.gain < s.gain || deep.score < s.win) {
        return None;
    }
    let shallow = search(searcher, pos, s.shallow)?.mv;
    if quick && shallow == deep.mv {
        return None;
    }
    let mut values = Vec::with_capacity(moves.len());
    for m in moves {
        let after = pos.after(&m);
        let (value, gain) = if after.has_legal_move() {
            let f = search(searcher, &after, s.depth - 1)?;
            (-f.score, -f.gain - material(&after) - material(pos))
        } else {
            (WIN, 0)
        };
        values.push((m, value, gain));
    }
    values.sort_by_key(|(_, v, _)| std::cmp::Reverse(*v));
    Some(Analysis {
        best: deep.mv,
        shallow,
        values,
    })
}

/// Checks the positions of a suite's file (`--check FILE`): for each, whether it passes the
/// measures and its solution is the move found, with what the searches say.
fn check(s: &Settings, path: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("find_tactics: {path}: {e}");
        std::process::exit(2);
    });
    let style = MoveStyle::of(&s.variant);
    let mut searcher = Searcher::new();
    let (mut good, mut all) = (0, 0);
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        if fields.len() != 4 {
            println!("?? {line}: not 4 fields");
            continue;
        }
        all += 1;
        let pos = match Position::from_fen(fields[1], s.variant) {
            Ok(p) => p,
            Err(e) => {
                println!("?? {}: {e}", fields[0]);
                continue;
            }
        };
        let Some(a) = analyse(s, &mut searcher, &pos, false) else {
            println!("?? {}: a capture or fewer than two moves", fields[0]);
            continue;
        };
        let solution = fields[2]
            .split_whitespace()
            .filter_map(|m| pos.parse_move(m).ok())
            .collect::<Vec<_>>();
        let ok = a.is_tactic(s) && solution.contains(&a.best);
        good += usize::from(ok);
        let values: Vec<String> = a
            .values
            .iter()
            .take(3)
            .map(|(m, v, g)| format!("{} {v} ({g:+})", pos.write_move(m, &style)))
            .collect();
        println!(
            "{} {}: best {}, shallow {}, moves {}",
            if ok { "ok" } else { "NO" },
            fields[0],
            pos.write_move(&a.best, &style),
            pos.write_move(&a.shallow, &style),
            values.join(", ")
        );
    }
    println!(
        "{good} of {all} pass (a win from {}, the other moves below {})",
        s.win, s.rest
    );
}

const WIN: i32 = draughts::WIN;

/// The next number of a seeded generator (splitmix64).
fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A random position of the settings' variant: White to move, 2 to 6 men a side, the
/// same number each, White's on squares 16 to 40, Black's on 11 to 35 (rows 4 to 8 and 3
/// to 7 of ten: an ending where the men meet), neither side able to capture.
fn random_position(s: &Settings, r: &mut u64) -> Option<Position> {
    let squares = s.variant.size.squares() as u64;
    let mut next = |n: u64| {
        *r = splitmix(*r);
        *r % n
    };
    let men = 2 + next(5) as usize;
    let mut pos = Position::empty(s.variant, Color::White);
    for (color, low, high) in [
        (Color::White, 16, squares - 10),
        (Color::Black, 11, squares - 15),
    ] {
        let mut placed = 0;
        while placed < men {
            let number = low + next(high - low + 1);
            let sq = Square::from_number(number as u32, s.variant.size).ok()?;
            if pos.piece_at(sq).is_none() {
                pos.put(sq, Piece::man(color));
                placed += 1;
            }
        }
    }
    let mut other = pos;
    other.set_side_to_move(Color::Black);
    (!pos.has_capture() && !other.has_capture()).then_some(pos)
}

/// Constructs `count` positions (`--construct N`): random positions (see
/// [`random_position`]) whose solution passes the measures and is a sacrifice.
fn construct(s: &Settings, count: usize) {
    let style = MoveStyle::of(&s.variant);
    let mut searcher = Searcher::new();
    let mut r = s.seed;
    let (mut found, mut tries, mut quiet, mut searched) = (0, 0u64, 0, 0);
    while found < count && tries < count as u64 * 100_000 {
        tries += 1;
        if tries % 1000 == 0 {
            eprintln!(
                "{tries} random positions ({quiet} quiet, {searched} searched), {found} tactics"
            );
        }
        let Some(pos) = random_position(s, &mut r) else {
            continue;
        };
        quiet += 1;
        let Some(a) = analyse(s, &mut searcher, &pos, true) else {
            continue;
        };
        searched += 1;
        if std::env::var_os("FIND_TACTICS_DEBUG").is_some() {
            let v: Vec<String> = a
                .values
                .iter()
                .take(3)
                .map(|(m, v, g)| format!("{} {v} {g:+}", pos.write_move(m, &style)))
                .collect();
            eprintln!(
                "{} best {} shallow {} sac {}: {}",
                pos.to_fen(),
                pos.write_move(&a.best, &style),
                pos.write_move(&a.shallow, &style),
                pos.after(&a.best).has_capture(),
                v.join(", ")
            );
        }
        if !a.is_tactic(s) || !pos.after(&a.best).has_capture() {
            continue;
        }
        found += 1;
        println!(
            "made-{found:03} | {} | {} | constructed by find_tactics --construct (seed {}, try {tries}), sacrifice",
            pos.to_fen(),
            pos.write_move(&a.best, &style),
            s.seed
        );
    }
    eprintln!("{tries} random positions, {found} tactics");
}

fn main() {
    let s = Settings::parse().with_scores();
    if let Some(path) = &s.check {
        check(&s, path);
        return;
    }
    if let Some(count) = s.construct {
        construct(&s, count);
        return;
    }
    let out = std::io::stdout();
    let mut out = BufWriter::new(out.lock());
    let style = MoveStyle::of(&s.variant);
    let mut searcher = Searcher::new();
    let mut seen = HashSet::new();
    let (mut games, mut positions, mut found) = (0, 0, 0);
    common::draughts_games::each_game("find_tactics", &s.files, s.variant, |found_game| {
        let (name, number, game) = (found_game.file, found_game.number, found_game.game);
        games += 1;
        let tag = |t: &str| game.game.tags.get(t).unwrap_or("?").trim().to_string();
        let about = format!(
            "{name}, game {number} ({}, {} - {})",
            tag("Event"),
            tag("White"),
            tag("Black")
        );
        let line: Vec<Position> = std::iter::once(game.start)
            .chain(game.game.moves.nodes.iter().scan(game.start, |p, node| {
                *p = p.after(&node.mov);
                Some(*p)
            }))
            .collect();
        for (ply, pos) in line.iter().enumerate().take(line.len() - 1) {
            positions += 1;
            // Without `--all`, only where the game gained the mover material soon after.
            let played = s.all
                || (2..=s.window)
                    .step_by(2)
                    .filter_map(|k| line.get(ply + k))
                    .any(|later| material(later) - material(pos) >= s.gain);
            if played
                && seen.insert(pos.zobrist())
                && let Some(a) = analyse(&s, &mut searcher, pos, true)
                && a.is_tactic(&s)
            {
                let mv = a.best;
                found += 1;
                let text = pos.write_move(&mv, &style);
                let sacrifice = if pos.after(&mv).has_capture() {
                    ", sacrifice"
                } else {
                    ""
                };
                let text = format!(
                    "{}-{found:03} | {} | {text} | {about}, ply {ply}{sacrifice}",
                    s.prefix,
                    pos.to_fen()
                );
                writeln!(out, "{text}").expect("stdout");
                out.flush().expect("stdout");
                eprintln!("{text}");
            }
        }
    });
    eprintln!("{games} games, {positions} positions, {found} tactics");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read() {
        let s = Settings::try_parse_from(["find_tactics"])
            .unwrap()
            .with_scores();
        assert_eq!(
            (s.variant, s.depth, s.shallow),
            (Variant::INTERNATIONAL, 12, 3)
        );
        assert_eq!((s.gain, s.margin, s.window, s.seed), (200, 75, 12, 1));
        let learned = |p| score_for(&Variant::INTERNATIONAL, p);
        assert_eq!((s.win, s.rest), (learned(0.6), learned(0.55)));
        assert!(s.win > s.rest && s.rest > 0);
        assert_eq!((s.check, s.construct, s.all), (None, None, false));
        assert_eq!((s.prefix.as_str(), s.files.len()), ("game", 0));
        let s = Settings::try_parse_from([
            "find_tactics",
            "a.pdn",
            "--depth",
            "0",
            "--shallow",
            "0",
            "--window",
            "1",
            "--gain",
            "-50",
            "--all",
            "b.pdn",
            "--win",
            "0.7",
        ])
        .unwrap()
        .with_scores();
        assert_eq!((s.depth, s.shallow, s.window, s.gain), (2, 1, 2, -50));
        assert_eq!(
            (s.all, s.files),
            (true, vec!["a.pdn".into(), "b.pdn".into()])
        );
        assert_eq!(s.win, score_for(&Variant::INTERNATIONAL, 0.7));
        assert!(Settings::try_parse_from(["find_tactics", "--depth"]).is_err());
        assert!(Settings::try_parse_from(["find_tactics", "--variant", "chess"]).is_err());
        assert!(Settings::try_parse_from(["find_tactics", "--deep", "3"]).is_err());
    }
}
