//! The import corpus (crates/games/tests/import) and the shared chess files read side by side
//! with python-chess 1.11 (tests/import/python_chess_read.py, in the venv that
//! scripts/columnar-tools makes): every game python-chess reads without an error, scoresheet
//! reads with the same main line (or a longer one that starts with it, where python-chess
//! stopped without saying so); the games scoresheet reads that python-chess does not, or reads
//! further, are listed (`cargo test --test import_vs_python_chess -- --nocapture`).

mod venv;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use venv::{python, workspace};

use games::{AnyGame, ChessMove, ChessVariant, OnePass, ReadGame, ReadOptions};
use record::Reader;
use shakmaty::CastlingMode;

/// The files compared: the corpus's PGN files and the shared chess files.
fn files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [
        workspace().join("crates/games/tests/import"),
        workspace().join("../shared/data/chess"),
    ] {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// What python-chess read of each file: per game, its main line in UCI and its errors.
#[derive(serde::Deserialize)]
struct Theirs {
    version: String,
    files: BTreeMap<String, Vec<TheirGame>>,
}

#[derive(serde::Deserialize)]
struct TheirGame {
    uci: Vec<String>,
    errors: Vec<String>,
    /// No move and only default tags: what python-chess makes of a stray line.
    empty: bool,
}

/// scoresheet's reading of each game of a file: its main line in UCI, or its error.
fn ours(path: &Path) -> Vec<Result<Vec<String>, String>> {
    let bytes = std::fs::read(path).unwrap();
    let mut reader = Reader::from_bytes(&bytes);
    let mut one_pass = OnePass::new(ReadOptions {
        prefer_chess: true,
        ..ReadOptions::default()
    });
    let mut out = Vec::new();
    while let Some(read) = one_pass.next(&mut reader) {
        out.push(match read {
            Ok(ReadGame::Game(game)) => match *game {
                AnyGame::Chess(g) => {
                    let mode = match g.variant {
                        ChessVariant::Chess960 => CastlingMode::Chess960,
                        _ => CastlingMode::Standard,
                    };
                    Ok(g.game
                        .moves
                        .nodes
                        .iter()
                        .map(|n| match &n.mov {
                            ChessMove::Move(m) => m.to_uci(mode).to_string(),
                            ChessMove::Null => "0000".to_owned(),
                        })
                        .collect())
                }
                AnyGame::Draughts(_) => Err("read as draughts".to_owned()),
            },
            Ok(ReadGame::Bad(e)) => Err(format!("{}:{}: {e}", e.at.line, e.at.column)),
            Err(e) => Err(e.to_string()),
        });
    }
    out
}

/// A move in UCI with castling from e1/e8 written as the king's two-square step: one reader
/// may write Chess960's king-takes-rook where the other writes the standard form for the same
/// move (python-chess reads a FEN's `KQkq` of a castled king as Chess960 rights; the moves
/// are the same).
fn same_castling(uci: &str) -> &str {
    match uci {
        "e1h1" => "e1g1",
        "e1a1" => "e1c1",
        "e8h8" => "e8g8",
        "e8a8" => "e8c8",
        other => other,
    }
}

#[test]
fn scoresheet_reads_every_game_python_chess_reads_with_the_same_main_line() {
    let files = files();
    let mut args: Vec<String> = vec![
        workspace()
            .join("crates/scoresheet/tests/import/python_chess_read.py")
            .display()
            .to_string(),
    ];
    args.extend(files.iter().map(|p| p.display().to_string()));
    let out = Command::new(python()).args(&args).output().unwrap();
    assert!(
        out.status.success(),
        "python-chess: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let theirs: Theirs = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        theirs.version.starts_with("1.11"),
        "python-chess {}",
        theirs.version
    );
    let (mut both, mut only_ours, mut only_theirs) = (0, Vec::new(), Vec::new());
    let mut strays = 0;
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut their_games: Vec<&TheirGame> =
            theirs.files[&path.display().to_string()].iter().collect();
        let our_games = ours(path);
        if our_games.len() != their_games.len() {
            // python-chess makes a game of nothing of a line it cannot place (a closing code
            // fence after a result); those are no games.
            let before = their_games.len();
            their_games.retain(|g| !g.empty);
            strays += before - their_games.len();
        }
        assert_eq!(
            our_games.len(),
            their_games.len(),
            "{name}: scoresheet reads {} games, python-chess {}",
            our_games.len(),
            their_games.len()
        );
        for (i, (ours, theirs)) in our_games.iter().zip(their_games).enumerate() {
            let game = format!("{name} game {}", i + 1);
            match (ours, theirs.errors.is_empty()) {
                (Ok(moves), true) => {
                    let ours: Vec<&str> = moves.iter().map(|m| same_castling(m)).collect();
                    let theirs: Vec<&str> = theirs.uci.iter().map(|m| same_castling(m)).collect();
                    if ours.len() > theirs.len() && ours.starts_with(&theirs) {
                        // python-chess stopped without an error (a game on one line inside
                        // forum markup, which it skips as a malformed tag line).
                        only_ours.push(format!(
                            "{game}: python-chess reads {} of its {} plies, with no error",
                            theirs.len(),
                            ours.len()
                        ));
                        continue;
                    }
                    assert_eq!(ours, theirs, "{game}: the main lines differ");
                    both += 1;
                }
                (Ok(_), false) => {
                    only_ours.push(format!("{game}: python-chess: {:?}", theirs.errors))
                }
                (Err(e), true) => only_theirs.push(format!("{game}: {e}")),
                (Err(_), false) => {}
            }
        }
    }
    println!("read by both, same main line: {both}");
    println!("games of nothing that python-chess makes of a stray line: {strays}");
    println!(
        "read by scoresheet, not by python-chess: {}",
        only_ours.len()
    );
    for g in &only_ours {
        println!("  {g}");
    }
    assert!(
        only_theirs.is_empty(),
        "read by python-chess, not by scoresheet:\n{}",
        only_theirs.join("\n")
    );
    assert!(both > 1000, "too few games compared: {both}");
}
