//! The real game files of `../shared/data`, for the tests that read them all.

use std::path::{Path, PathBuf};

/// Every `.pdn` and `.pgn` file under `../shared/data`, sorted.
pub fn all_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pdn" || e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The read options a test tries on the file at `path`: the defaults of `check` and
/// `convert` (chess preferred for `.pgn`), then American checkers selected for a `.pdn` file
/// or chess selected for a `.pgn` one.
pub fn read_choices(path: &Path) -> Vec<games::ReadOptions> {
    use games::{ReadOptions, Rules};
    let pgn = path.extension().is_some_and(|e| e == "pgn");
    let selected = if pgn {
        Rules::Chess
    } else {
        Rules::Draughts(draughts::Variant::AMERICAN)
    };
    vec![
        ReadOptions {
            prefer_chess: pgn,
            ..ReadOptions::default()
        },
        ReadOptions {
            rules: Some(selected),
            ..ReadOptions::default()
        },
    ]
}
