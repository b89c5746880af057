//! Builds `web/practice.json`, the positions of the forced-captures practice page.
//!
//! It reads real PDN files (the American Tinsley games, the problem collections and the
//! International games of the PDN standard's test collection), replays each game under a
//! variant's rules, and keeps positions where the side to move must capture and where that is
//! worth a thought: a choice between captures, or a capture of several pieces. For Russian and
//! Brazilian draughts it keeps the 8×8 games whose moves all replay under those rules (mostly
//! problem positions given by a FEN tag).
//!
//! ```text
//! cargo run --example make_practice [DATA_DIR [OUT_FILE]]
//! ```
//!
//! The defaults are `../shared/data/draughts` beside the workspace and
//! `crates/site/web/practice.json`. The output is deterministic: the same files give
//! the same JSON.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use draughts::{Move, MoveStyle, Position, Variant};
use games::variant_from_game_type;
use record::Game;

/// Positions per variant.
const PER_VARIANT: usize = 12;
/// Positions taken from one game at most.
const PER_GAME: usize = 2;

/// A practice position found in a game.
struct Candidate {
    fen: String,
    source: String,
    answer: String,
    text: String,
    /// Legal moves (all captures).
    choices: usize,
    /// Pieces taken by the move played.
    taken: usize,
    /// Whether the position came from a problem (a FEN tag) rather than a game from the start.
    problem: bool,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root");
    let data = args
        .get(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/data/draughts"));
    let out = args
        .get(2)
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("crates/site/web/practice.json"));

    let succeed = data.join("pdn-spec-games/succeed");
    let mut eight_by_eight = vec![data.join("american-tinsley.pdn")];
    let mut international = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&succeed)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", succeed.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pdn"))
        .collect();
    names.sort();
    for path in names {
        let text = read_text(&path);
        if text.contains("[GameType \"20") {
            international.push(path);
        } else if !text.contains("[GameType") || text.contains("[GameType \"21") {
            eight_by_eight.push(path);
        }
    }

    let mut entries = Vec::new();
    // Russian and Brazilian read the same 8×8 files: show different positions where there
    // are enough.
    let mut used = BTreeSet::new();
    for (variant, files) in [
        (Variant::AMERICAN, &eight_by_eight),
        (Variant::INTERNATIONAL, &international),
        (Variant::RUSSIAN, &eight_by_eight),
        (Variant::BRAZILIAN, &eight_by_eight),
    ] {
        let mut found = Vec::new();
        for path in files {
            found.extend(candidates_in_file(path, variant));
        }
        let fresh = found.iter().filter(|c| !used.contains(&c.fen)).count();
        if fresh >= PER_VARIANT {
            found.retain(|c| !used.contains(&c.fen));
        }
        let chosen = choose(found, PER_VARIANT);
        used.extend(chosen.iter().map(|c| c.fen.clone()));
        eprintln!("{}: {} positions", variant.name, chosen.len());
        for c in chosen {
            entries.push(serde_json::json!({
                "rules": variant.name,
                "fen": c.fen,
                "source": c.source,
                "answer": c.answer,
                "text": c.text,
            }));
        }
    }
    let json = serde_json::to_string_pretty(&entries).expect("JSON");
    std::fs::write(&out, json + "\n")
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
    eprintln!("wrote {} positions to {}", entries.len(), out.display());
}

fn read_text(path: &Path) -> String {
    let bytes =
        std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Every interesting position of every game of `path` that replays under `variant`.
fn candidates_in_file(path: &Path, variant: Variant) -> Vec<Candidate> {
    let file = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut out = Vec::new();
    for (index, game) in record::read_games(&read_text(path)).into_iter().enumerate() {
        let Ok(game) = game else { continue };
        if let Some(tag) = game.tags.get("GameType") {
            match variant_from_game_type(tag) {
                // A GameType names the rules of the game; Russian and Brazilian take the
                // 8×8 games (written for American rules) that happen to replay under theirs.
                Ok(v) if v.size == variant.size => {}
                _ => continue,
            }
        }
        let label = game_label(&game, index + 1);
        let source = format!("{file}, {label}");
        out.extend(candidates_in_game(&game, variant, &source));
    }
    out
}

fn game_label(game: &Game<String>, number: usize) -> String {
    let tag = |n: &str| {
        game.tags
            .get(n)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
    };
    match (tag("White"), tag("Black"), tag("Event")) {
        (Some(w), Some(b), _) if w != "White" || b != "Black" => {
            format!("game {number} ({w} – {b})")
        }
        (_, _, Some(event)) => format!("game {number} ({event})"),
        _ => format!("game {number}"),
    }
}

/// Replays the main line; if every move is legal under `variant`, returns the positions
/// where a capture is compulsory and there is a choice or a multi-capture.
fn candidates_in_game(game: &Game<String>, variant: Variant, source: &str) -> Vec<Candidate> {
    let problem = game.tags.get("FEN").is_some();
    let mut pos = match game.tags.get("FEN") {
        Some(fen) => match Position::from_fen(fen, variant) {
            Ok(p) => p,
            Err(_) => return Vec::new(),
        },
        None => Position::start(variant),
    };
    let style = MoveStyle::of(&variant);
    let mut found = Vec::new();
    for node in &game.moves.nodes {
        let Ok(mv) = pos.parse_move(&node.mov) else {
            return Vec::new();
        };
        let legal = pos.legal_moves();
        if mv.is_capture() {
            let taken = mv.captured().iter().count();
            let distinct: BTreeSet<(u32, u32)> = legal
                .iter()
                .map(|m| (m.from().number(), m.to().number()))
                .collect();
            if distinct.len() > 1 || taken > 1 {
                found.push(Candidate {
                    fen: pos.to_fen(),
                    source: source.to_string(),
                    answer: move_id(&mv),
                    text: pos.write_move(&mv, &style),
                    choices: legal.len(),
                    taken,
                    problem,
                });
            }
        }
        if pos.play(&mv).is_err() {
            return Vec::new();
        }
    }
    // A few from each game, the richest first.
    found.sort_by_key(|c| std::cmp::Reverse(score(c)));
    found.truncate(PER_GAME);
    found
}

/// The API's move id: the start, then every landing square, `x` between them for a capture.
fn move_id(mv: &Move) -> String {
    let mut id = mv.from().number().to_string();
    let sep = if mv.is_capture() { 'x' } else { '-' };
    for s in mv.path() {
        id.push(sep);
        id.push_str(&s.number().to_string());
    }
    id
}

fn score(c: &Candidate) -> usize {
    c.choices.min(4) * 2 + c.taken.min(4) * 3 + usize::from(c.problem)
}

/// Picks `n` varied positions: alternating between single captures with a choice and
/// multi-captures, problems and games, never the same position twice.
fn choose(mut found: Vec<Candidate>, n: usize) -> Vec<Candidate> {
    let mut seen = BTreeSet::new();
    found.retain(|c| seen.insert(c.fen.clone()));
    // Spread over the files: a stable order by score, then round-robin over kinds.
    found.sort_by(|a, b| {
        score(b)
            .cmp(&score(a))
            .then_with(|| a.source.cmp(&b.source))
    });
    let kinds: [fn(&Candidate) -> bool; 4] = [
        |c| c.taken > 1 && c.problem,
        |c| c.taken == 1 && c.choices > 1,
        |c| c.taken > 1 && !c.problem,
        |c| c.taken == 1 && c.choices > 1 && c.problem,
    ];
    let mut chosen: Vec<Candidate> = Vec::new();
    let mut files = BTreeSet::new();
    let mut round = 0;
    while chosen.len() < n && !found.is_empty() && round < 64 {
        let kind = kinds[round % kinds.len()];
        // Prefer a file not used yet.
        let file_of = |c: &Candidate| c.source.split(',').next().unwrap_or("").to_string();
        let pick = found
            .iter()
            .position(|c| kind(c) && !files.contains(&file_of(c)))
            .or_else(|| found.iter().position(kind));
        if let Some(i) = pick {
            let c = found.remove(i);
            files.insert(file_of(&c));
            chosen.push(c);
        }
        round += 1;
    }
    // Not enough of the wanted kinds: fill with the best left.
    while chosen.len() < n && !found.is_empty() {
        chosen.push(found.remove(0));
    }
    chosen
}
