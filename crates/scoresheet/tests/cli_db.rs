//! `scoresheet db` run as a user runs it: import (bad games at their places, kept with
//! `--keep-bad`, a second import adding nothing), explore, search and export, in text and
//! JSON, against what the files hold.

mod common;
#[cfg(feature = "parquet")]
mod venv;

use std::path::Path;

use common::{scoresheet as run, temp_database};

fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("scoresheet-cli-db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

const GAMES: &str = "[Event \"Club\"]\n[Date \"2001.03.04\"]\n[White \"Anna Smith\"]\n[Black \"Bob Jones\"]\n[WhiteElo \"2100\"]\n[BlackElo \"2000\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n\
[Event \"Club\"]\n[Date \"2002.05.06\"]\n[White \"Bob Jones\"]\n[Black \"Anna Smith\"]\n[Result \"1/2-1/2\"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bc4 1/2-1/2\n\n\
[Event \"Club\"]\n[White \"Carl\"]\n[Black \"Dora\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 Qh4 3. Kxe5 0-1\n\n\
[Event \"Open\"]\n[White \"Dora\"]\n[Black \"Anna Smith\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n";

#[test]
fn import_explore_search_export() {
    let db = temp_database("cli_db");
    let db = db.to_str().unwrap();
    let file = temp_file("club.pgn", GAMES);
    let (code, out, _) = run(&["db", "import", "--database", db, &file, "-j", "2"]);
    // The third game's 2. Ke3 is no move (the king steps one square): reported at its
    // place, and the exit code says a game failed.
    assert_eq!(code, 1, "{out}");
    let bad: Vec<&str> = out.lines().filter(|l| l.contains("game 3")).collect();
    assert_eq!(bad.len(), 1, "{out}");
    assert!(bad[0].starts_with(&format!("{file}:24:")), "{}", bad[0]);
    assert!(
        out.contains("4 games read, 3 added, 0 already there, 1 bad"),
        "{out}"
    );

    // Again: nothing added; with --keep-bad the bad game is kept as text.
    let (_, out, _) = run(&["db", "import", "--database", db, &file]);
    assert!(
        out.contains("4 games read, 0 added, 3 already there, 1 bad"),
        "{out}"
    );
    let (_, out, _) = run(&["db", "import", "--database", db, "--keep-bad", &file]);
    assert!(out.contains("1 added") && out.contains("(1 kept)"), "{out}");

    // 1. e4 e5 2. Nf3 Nc6 and 1. Nf3 Nc6 2. e4 e5 meet.
    let (code, out, _) = run(&[
        "db",
        "explore",
        "--database",
        db,
        "--moves",
        "e4 e5 Nf3 Nc6",
        "--json",
    ]);
    assert_eq!(code, 0);
    let answer: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(answer["games"], 2, "{out}");
    assert_eq!(
        (answer["white"].as_u64(), answer["draws"].as_u64()),
        (Some(1), Some(1))
    );
    let moves: Vec<(&str, u64)> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["san"].as_str().unwrap(), m["games"].as_u64().unwrap()))
        .collect();
    assert_eq!(moves, [("Bb5", 1), ("Bc4", 1)]);
    let (_, start, _) = run(&["db", "explore", "--database", db]);
    // The bad game kept has no positions: three games reach the start, one move each.
    assert!(start.contains("3 games"), "{start}");
    for m in ["e4", "d4", "Nf3"] {
        assert!(
            start.lines().any(
                |l| l.starts_with(&format!("{m} ")) && l.split_whitespace().nth(1) == Some("1")
            ),
            "{start}"
        );
    }

    // Search: a player by a word of the name, with a colour; a date range; an opening.
    let count = |args: &[&str]| -> u64 {
        let mut all = vec!["db", "search", "--database", db, "--json"];
        all.extend_from_slice(args);
        let (code, out, err) = run(&all);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()["total"]
            .as_u64()
            .unwrap()
    };
    assert_eq!(count(&["--player", "smith"]), 3);
    assert_eq!(count(&["--player", "anna smith", "--color", "black"]), 2);
    assert_eq!(count(&["--since", "2002", "--until", "2002.12"]), 1);
    assert_eq!(count(&["--opening", "e4 e5"]), 1);
    assert_eq!(count(&["--moves", "e4 e5 Nf3 Nc6"]), 2);
    assert_eq!(count(&["--event", "club"]), 3, "the bad game kept counts");
    let (_, text, _) = run(&["db", "search", "--database", db, "--player", "dora"]);
    assert!(
        text.contains("Dora - Anna Smith") && text.ends_with("2 games (showing 1 to 2)\n"),
        "{text}"
    );

    // Export: the games as written, the bad one too.
    let out_file = temp_file("export.pgn", "");
    let (code, _, err) = run(&[
        "db",
        "export",
        "--database",
        db,
        "--event",
        "club",
        "-o",
        &out_file,
    ]);
    assert_eq!(code, 0, "{err}");
    let exported = std::fs::read_to_string(&out_file).unwrap();
    assert_eq!(exported.matches("[Event \"Club\"]").count(), 3);
    assert!(exported.contains("3. Kxe5 0-1"));
    let (code, out, _) = run(&["check", &out_file]);
    assert_eq!(code, 1);
    assert!(out.contains("3 games, 2 ok, 1 failed"), "{out}");
    exported_tables(db);
}

/// `db export --to parquet` (games and positions) read back by Polars: one row per game the
/// search finds, keyed by its id, the bad game kept with its error, one position row per
/// position of each good game's main line.
#[cfg(feature = "parquet")]
fn exported_tables(db: &str) {
    let games = temp_file("export.parquet", "");
    let positions = temp_file("export-positions.parquet", "");
    for (out, extra) in [(&games, None), (&positions, Some("--positions"))] {
        let mut args = vec!["db", "export", "--database", db, "--event", "club"];
        args.extend(["--to", "parquet", "-o", out]);
        args.extend(extra);
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{err}");
    }
    let (_, ids, _) = run(&[
        "db",
        "search",
        "--database",
        db,
        "--event",
        "club",
        "--json",
    ]);
    let ids: serde_json::Value = serde_json::from_str(&ids).unwrap();
    let ids: Vec<u64> = ids["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_u64().unwrap())
        .collect();
    let script = format!(
        "import polars as pl\n\
         g = pl.read_parquet({games:?})\n\
         p = pl.read_parquet({positions:?})\n\
         print(g['game'].to_list())\n\
         print(sorted(zip(g['white'].fill_null('').to_list(), g['ok'].to_list(), g['plies'].to_list())))\n\
         print(g.filter(~pl.col('ok'))['error'].to_list())\n\
         print(sorted(p.group_by('game').len().rows()))\n"
    );
    let out = std::process::Command::new(venv::python())
        .args(["-c", &script])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("{ids:?}"));
    assert_eq!(
        lines[1],
        "[('', False, 0), ('Anna Smith', True, 6), ('Bob Jones', True, 5)]"
    );
    assert!(lines[2].contains("Ke3"), "{}", lines[2]);
    // 7 and 6 positions for the games of 6 and 5 plies; none for the bad game.
    let good: Vec<u64> = ids
        .iter()
        .copied()
        .filter(|id| lines[3].contains(&format!("({id}, ")))
        .collect();
    assert_eq!(good.len(), 2, "{}", lines[3]);
    assert!(
        lines[3].contains(", 7)") && lines[3].contains(", 6)"),
        "{}",
        lines[3]
    );
}

#[cfg(not(feature = "parquet"))]
fn exported_tables(_db: &str) {}

#[test]
fn a_draughts_collection() {
    let db = temp_database("cli_db_draughts");
    let db = db.to_str().unwrap();
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/draughts/pdn-spec-games/succeed/wk2003.pdn");
    let (code, out, _) = run(&["db", "import", "--database", db, file.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    let (_, out, _) = run(&[
        "db",
        "explore",
        "--database",
        db,
        "--variant",
        "international",
        "--json",
    ]);
    let answer: serde_json::Value = serde_json::from_str(&out).unwrap();
    let games = answer["games"].as_u64().unwrap();
    let moves: u64 = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["games"].as_u64().unwrap())
        .sum();
    assert!(games > 10 && moves == games, "{out}");
    assert!(answer["moves"][0]["uci"].as_str().unwrap().contains('-'));
}
