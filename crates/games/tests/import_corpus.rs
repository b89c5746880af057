//! The import corpus (tests/import): one file per kind of text that people paste or sites
//! export (lichess, chess.com, ChessBase, TCEC, Android apps, forums, word processors, hand
//! typing, lidraughts). Each file says what it is and what reading it must give in its first
//! lines, escape lines that every PGN reader skips:
//!
//! - `% expect: read`: every game reads;
//! - `% expect: read N`: N games read (the others fail);
//! - `% expect: warning "TEXT"`: a game has a warning containing TEXT;
//! - `% expect: error "TEXT"`: a game fails with an error containing TEXT.
//!
//! The same files are read side by side with python-chess in
//! crates/scoresheet/tests/import_vs_python_chess.rs.

use std::path::{Path, PathBuf};

use games::{OnePass, ReadGame, ReadOptions};
use record::Reader;

/// What a file expects.
#[derive(Debug, PartialEq)]
enum Expect {
    Read(Option<usize>),
    Warning(String),
    Error(String),
}

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/import");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn" || e == "pdn"))
        .collect();
    files.sort();
    files
}

fn expectations(text: &str) -> Vec<Expect> {
    let quoted = |s: &str| s.trim().trim_matches('"').to_owned();
    text.lines()
        .filter_map(|l| l.trim_start_matches('\u{feff}').strip_prefix("% expect: "))
        .map(|e| match e.split_once(' ') {
            None if e == "read" => Expect::Read(None),
            Some(("read", n)) => Expect::Read(Some(n.trim().parse().unwrap())),
            Some(("warning", w)) => Expect::Warning(quoted(w)),
            Some(("error", w)) => Expect::Error(quoted(w)),
            _ => panic!("unknown expectation {e:?}"),
        })
        .collect()
}

/// Every game of the file: its warnings, or its error.
fn read(path: &Path) -> Vec<Result<Vec<String>, String>> {
    let bytes = std::fs::read(path).unwrap();
    let mut reader = Reader::from_bytes(&bytes);
    let mut one_pass = OnePass::new(ReadOptions {
        prefer_chess: path.extension().is_some_and(|e| e == "pgn"),
        ..ReadOptions::default()
    });
    let mut out = Vec::new();
    while let Some(read) = one_pass.next(&mut reader) {
        out.push(match read {
            Ok(ReadGame::Game(g)) => Ok(g.warnings().iter().map(|w| w.to_string()).collect()),
            Ok(ReadGame::Bad(e)) => Err(format!("{}:{}: {e}", e.at.line, e.at.column)),
            Err(e) => Err(e.to_string()),
        });
    }
    out
}

#[test]
fn every_case_reads_as_it_says() {
    let files = corpus();
    assert!(files.len() >= 25, "the corpus is missing: {files:?}");
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let expect = expectations(&text);
        assert!(!expect.is_empty(), "{name}: no `% expect:` line");
        let games = read(&path);
        assert!(!games.is_empty(), "{name}: no game");
        let good = games.iter().filter(|g| g.is_ok()).count();
        let warnings: Vec<&String> = games.iter().flatten().flatten().collect();
        let errors: Vec<&String> = games.iter().filter_map(|g| g.as_ref().err()).collect();
        for e in &expect {
            match e {
                Expect::Read(None) => assert!(errors.is_empty(), "{name}: {errors:?}"),
                Expect::Read(Some(n)) => assert_eq!(good, *n, "{name}: {games:?}"),
                Expect::Warning(w) => assert!(
                    warnings.iter().any(|x| x.contains(w.as_str())),
                    "{name}: no warning {w:?} among {warnings:?}"
                ),
                Expect::Error(w) => assert!(
                    errors.iter().any(|x| x.contains(w.as_str())),
                    "{name}: no error {w:?} among {errors:?}"
                ),
            }
        }
        // Nothing is read silently: a file that expects no warning of a kind has none that
        // says a text was changed.
        if !expect.iter().any(|e| matches!(e, Expect::Warning(_))) {
            assert!(
                warnings.is_empty() || name.contains("engine") || name.contains("marked"),
                "{name}: unexpected warnings {warnings:?}"
            );
        }
    }
}
