//! `scoresheet hub`: the draughts engine speaks Scan's Hub protocol, so the programs written
//! for Scan drive it. The client here is pydraughts' `HubEngine` (PyPI, the library
//! lidraughts' bots use), from the venv `scripts/pydraughts-reference` makes, driving our
//! engine through International and Frisian games against random moves.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn pydraughts_drives_the_engine_through_whole_games() {
    let python = root().join("target/pydraughts-venv/bin/python");
    assert!(
        python.exists(),
        "{} is missing: run scripts/pydraughts-reference (scripts/test does)",
        python.display()
    );
    let out = Command::new(&python)
        .arg(root().join("scripts/pydraughts-hub.py"))
        .arg(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["6", "160", "7"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("game ")).count(),
        6,
        "{stdout}"
    );
    assert!(
        stdout.contains("(frisian)") && stdout.ends_with("ok\n"),
        "{stdout}"
    );
}

#[test]
fn a_bad_command_is_answered_and_the_engine_goes_on() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .arg("hub")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"hub\ninit\npos pos=Wxyz\nlevel depth=4\ngo think\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("error not a Hub position: Wxyz"), "{text}");
    // The start position stays: the engine's move is one of White's first moves.
    let done = text.lines().last().unwrap();
    assert!(done.starts_with("done move=3"), "{text}");
}
