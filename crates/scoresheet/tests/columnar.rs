//! `convert --to parquet|arrow`: the tables read back by DuckDB and Polars agree with
//! `check --json` game by game, the chess moves with python-chess's own reading of the PGN,
//! the positions table with the games table (tests/columnar/check_tables.py, run in the
//! venv that scripts/columnar-tools makes).
#![cfg(feature = "parquet")]

mod venv;

use std::path::PathBuf;
use std::process::Command;

use venv::{python, workspace};

fn scoresheet(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("scoresheet-columnar-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Checks the tables of `rel` (see the file's doc); returns what the checker printed.
fn tables_agree(rel: &str) -> String {
    let source = workspace().join("../shared/data").join(rel);
    let source = source.to_str().unwrap();
    let stem = rel.replace('/', "-");
    let games = temp(&format!("{stem}.parquet"));
    let arrow = temp(&format!("{stem}.arrow"));
    let positions = temp(&format!("{stem}-positions.parquet"));
    let check = temp(&format!("{stem}.jsonl"));
    let (code, json, _) = scoresheet(&["check", "--json", source]);
    std::fs::write(&check, json).unwrap();
    for (extra, out) in [
        (&["--to", "parquet"][..], &games),
        (&["--to", "arrow"][..], &arrow),
        (&["--to", "parquet", "--positions"][..], &positions),
    ] {
        let out = out.to_str().unwrap();
        let (written, _, err) = scoresheet(&[&["convert"], extra, &["-o", out, source]].concat());
        assert_eq!(
            written, code,
            "{rel} {extra:?}: the exit code of check ({code}): {err}"
        );
    }
    let run = Command::new(python())
        .arg(workspace().join("crates/scoresheet/tests/columnar/check_tables.py"))
        .args([&games, &arrow, &positions, &check])
        .arg(source)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    println!("{}", String::from_utf8_lossy(&run.stdout).trim());
    // The same file on one thread as on several.
    let one = temp(&format!("{stem}-one.parquet"));
    scoresheet(&[
        "convert",
        "--to",
        "parquet",
        "-j",
        "1",
        "-o",
        one.to_str().unwrap(),
        source,
    ]);
    assert!(
        std::fs::read(&one).unwrap() == std::fs::read(&games).unwrap(),
        "{rel}: -j 1 wrote another file"
    );
    String::from_utf8_lossy(&run.stdout).into_owned()
}

#[test]
fn lichess_games_read_back() {
    let said = tables_agree("chess/lichess_db_1000k.pgn");
    // lichess writes `[%clk]` after every move of its rated games, `[%eval]` after some.
    let commands: usize = said
        .trim()
        .split(", ")
        .find_map(|part| part.strip_suffix(" moves with a clock or an evaluation"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    assert!(commands > 10_000, "{said}");
}

#[test]
fn twic_games_read_back() {
    tables_agree("chess/twic1599_1000k.pgn");
}

#[test]
fn tinsley_games_read_back() {
    tables_agree("draughts/american-tinsley.pdn");
}

#[test]
fn ballots_games_read_back() {
    tables_agree("draughts/american-11man-ballots.pdn");
}

#[test]
fn positions_need_a_table() {
    let (code, _, err) = scoresheet(&["convert", "--positions", "-"]);
    assert_eq!(code, 2);
    assert!(err.contains("--positions goes with --to parquet"), "{err}");
}
