//! `scoresheet-fuzz-seed DATA OUT`: makes the seed corpora of the fuzz targets from the game
//! files and perft tables under each DATA (the project's `../shared/data`, and the repository's
//! own chess variant perft tables and import corpus), one folder per target
//! under OUT:
//!
//! - `record_games`: single games cut out of every file, and whole small files;
//! - `draughts_fen`, `chess_fen`: the FEN tags of the games and the positions of the perft
//!   tables;
//! - `draughts_moves`, `chess_moves`: a game's FEN (or an empty line) and its main line's
//!   move words;
//! - `samples`: small single games for the API target's `/api/load`.
//!
//! At most [`PER_FILE`] games are taken from one file, spread over it, so the corpora stay
//! small and the same for the same data.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use record::{Collect, Reader};

/// Games taken from one file at most.
const PER_FILE: usize = 24;
/// Whole files up to this size are seeds too.
const WHOLE_FILE: u64 = 32 * 1024;

/// The corpora being made: one set of seeds per target.
#[derive(Default)]
struct Corpora {
    games: BTreeSet<Vec<u8>>,
    draughts_fens: BTreeSet<String>,
    chess_fens: BTreeSet<String>,
    draughts_moves: BTreeSet<String>,
    chess_moves: BTreeSet<String>,
    samples: BTreeSet<Vec<u8>>,
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Whether a game is chess: a FEN with ranks, or a path under a `chess` folder.
fn is_chess(path: &Path, fen: Option<&str>) -> bool {
    fen.map_or_else(
        || path.components().any(|c| c.as_os_str() == "chess"),
        |f| f.contains('/'),
    )
}

fn game_file(path: &Path, c: &mut Corpora) {
    let Ok(bytes) = fs::read(path) else { return };
    if bytes.len() as u64 <= WHOLE_FILE {
        c.games.insert(bytes.clone());
    }
    // Count the games, then take PER_FILE of them spread over the file.
    let mut reader = Reader::from_bytes(&bytes[..]);
    let mut count = 0usize;
    while let Ok(Some(_)) | Err(_) = reader.read_game(&mut Collect::default()) {
        count += 1;
        if reader.last_game_raw().is_empty() {
            break;
        }
    }
    let step = count.div_ceil(PER_FILE).max(1);
    let mut reader = Reader::from_bytes(&bytes[..]);
    let mut index = 0usize;
    loop {
        let read = reader.read_game(&mut Collect::default());
        let raw = reader.last_game_raw().to_vec();
        let game = match read {
            Ok(None) => break,
            Ok(Some(game)) => Some(game),
            Err(_) if raw.is_empty() => break,
            Err(_) => None,
        };
        index += 1;
        if (index - 1) % step != 0 {
            continue;
        }
        if raw.len() <= 8 * 1024 && c.samples.len() < 64 {
            c.samples.insert(raw.clone());
        }
        c.games.insert(raw);
        let Some(game) = game else { continue };
        let fen = game.tags.get("FEN").map(str::to_string);
        let chess = is_chess(path, fen.as_deref());
        let words: Vec<&str> = game.moves.nodes.iter().map(|n| n.mov.as_str()).collect();
        let moves = format!("{}\n{}\n", fen.as_deref().unwrap_or(""), words.join(" "));
        if chess {
            c.chess_moves.insert(moves);
            c.chess_fens.extend(fen);
        } else {
            c.draughts_moves.insert(moves);
            c.draughts_fens.extend(fen);
        }
    }
}

/// The positions of a perft table: the column that holds a FEN, or (the chess variants'
/// tables, shakmaty's `.perft` format) the `epd` lines.
fn perft_file(path: &Path, c: &mut Corpora) {
    let Ok(text) = fs::read_to_string(path) else {
        return;
    };
    if path.extension().is_some_and(|e| e == "perft") {
        for fen in text.lines().filter_map(|l| l.strip_prefix("epd ")) {
            c.chess_fens.insert(fen.trim().to_string());
        }
        return;
    }
    let chess = path.file_name().is_some_and(|n| n == "chess.txt");
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        if chess {
            c.chess_fens.insert(fields[0].to_string());
        } else if let Some(fen) = fields.get(1).filter(|f| f.contains(':')) {
            c.draughts_fens.insert(fen.to_string());
        }
    }
}

fn write_all<T: AsRef<[u8]>>(out: &Path, name: &str, seeds: &BTreeSet<T>) -> std::io::Result<()> {
    let dir = out.join(name);
    fs::create_dir_all(&dir)?;
    for (i, seed) in seeds.iter().enumerate() {
        fs::write(dir.join(format!("seed-{i:04}")), seed)?;
    }
    println!("{:>5} seeds in {}", seeds.len(), dir.display());
    Ok(())
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let [_, data @ .., out] = &args[..] else {
        eprintln!("usage: scoresheet-fuzz-seed DATA... OUT");
        std::process::exit(2);
    };
    let mut paths = Vec::new();
    for dir in data {
        files(Path::new(dir), &mut paths);
    }
    paths.sort();
    let mut c = Corpora::default();
    for path in &paths {
        let is_perft = path.components().any(|p| p.as_os_str() == "perft")
            || path.extension().is_some_and(|e| e == "perft");
        if is_perft {
            perft_file(path, &mut c);
        } else {
            game_file(path, &mut c);
        }
    }
    let out = Path::new(out);
    write_all(out, "record_games", &c.games)?;
    write_all(out, "draughts_fen", &c.draughts_fens)?;
    write_all(out, "chess_fen", &c.chess_fens)?;
    write_all(out, "draughts_moves", &c.draughts_moves)?;
    write_all(out, "chess_moves", &c.chess_moves)?;
    write_all(out, "samples", &c.samples)?;
    Ok(())
}
