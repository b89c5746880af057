//! `check` and `convert` on several threads (`-j N`) say and write exactly what they say and
//! write on one: on every data file, and on a file of several chunks made of the kinds of
//! game that test the ordering (bad games, syntax errors, games several variants replay
//! that wait for the end of the file, comments with results and tag lines inside, tags
//! without a game).

use std::path::{Path, PathBuf};
use std::process::Command;

fn run(args: &[&str]) -> (i32, Vec<u8>, Vec<u8>) {
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), out.stdout, out.stderr)
}

fn data_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    let mut out = Vec::new();
    for dir in [
        "chess",
        "draughts",
        "chess/edge",
        "draughts/pdn-spec-games/succeed",
    ] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                out.push(path);
            }
        }
    }
    out.sort();
    assert!(out.len() > 20);
    out
}

/// A file of about 2.5 MB (ten chunks) of awkward games.
fn awkward_file(name: &str) -> PathBuf {
    let pieces = [
        "[Event \"chess\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n",
        "[Event \"comment\"]\n1. d4 { a comment with a result\n1-0\n[Event \"not a tag\"]\n} d5 *\n\n",
        "[Event \"Russian or Brazilian\"]\n1. c3-d4 f6-g5 2. d4-c5 b6xd4 *\n\n",
        "[Event \"illegal\"]\n[GameType \"21\"]\n1. 11-15 24-20 2. 15-19 20-24 *\n\n",
        "[Event \"syntax\"]\n1. e4 ) e5 *\n\n",
        "[Event \"tags alone\"]\n\n",
        "[Event \"American\"]\n[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 1/2-1/2\n\n",
        "[Event \"Dutch score\"]\n[GameType \"20\"]\n[Result \"2-0\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n",
    ];
    let mut text = String::new();
    let mut i = 0usize;
    while text.len() < 2_500_000 {
        // Pieces in an order that changes, so that each chunk ends differently.
        text.push_str(pieces[(i * 7 + i / 5) % pieces.len()]);
        i += 1;
    }
    let path = std::env::temp_dir().join(format!("scoresheet-{name}-{}.pdn", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

fn same(args: &[&str], file: &Path) {
    let file = file.to_str().unwrap();
    let one = run(&[args, &["-j", "1", file]].concat());
    let three = run(&[args, &["-j", "3", file]].concat());
    assert!(
        !one.1.is_empty() || !one.2.is_empty(),
        "{args:?} {file}: no output"
    );
    assert_eq!(one.0, three.0, "{args:?} {file}: exit code");
    assert!(one.1 == three.1, "{args:?} {file}: standard output differs");
    assert!(one.2 == three.2, "{args:?} {file}: standard error differs");
}

#[test]
fn check_on_threads_reports_as_on_one() {
    let awkward = awkward_file("check");
    for file in data_files().iter().chain([&awkward]) {
        same(&["check"], file);
        same(&["check", "--json"], file);
    }
    // The awkward file has every kind of report, several variants' games settled by the file.
    let (code, out, _) = run(&["check", "-j", "2", awkward.to_str().unwrap()]);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(code, 1);
    for part in [
        "`)` without an open variation",
        "is not a legal move",
        "games,",
        "failed",
    ] {
        assert!(
            out.contains(part),
            "{part}: {}",
            &out[out.len().saturating_sub(2000)..]
        );
    }
    std::fs::remove_file(awkward).unwrap();
}

#[test]
fn convert_on_threads_writes_as_on_one() {
    let awkward = awkward_file("convert");
    for file in data_files().iter().chain([&awkward]) {
        same(&["convert"], file);
        same(
            &[
                "convert",
                "--notation",
                "uci",
                "--squares",
                "algebraic",
                "--skip-bad",
            ],
            file,
        );
    }
    std::fs::remove_file(awkward).unwrap();
}

/// A bad game passes through byte for byte, bytes that are not UTF-8 too, also when it
/// waits behind a game that several variants replay (which once wrote it through a lossy
/// conversion to text).
#[test]
fn a_bad_game_behind_a_waiting_one_passes_through_unchanged() {
    let bad: &[u8] = b"[GameType \"21\"]\n1. 11-15 24-20 {caf\xe9} 2. 15-19 20-24 *";
    let mut text = b"1. c3-d4 f6-g5 2. d4-c5 b6xd4 *\n\n".to_vec();
    text.extend_from_slice(bad);
    text.extend_from_slice(b"\n\n[GameType \"25\"]\n1. c3-d4 f6-g5 *\n\n");
    let path = std::env::temp_dir().join(format!("scoresheet-latin1-{}.pdn", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    for jobs in ["1", "2"] {
        let (code, out, _) = run(&["convert", "-j", jobs, path.to_str().unwrap()]);
        assert_eq!(code, 1);
        assert!(
            out.windows(bad.len()).any(|w| w == bad),
            "-j {jobs}: {}",
            String::from_utf8_lossy(&out)
        );
    }
    std::fs::remove_file(path).unwrap();
}
