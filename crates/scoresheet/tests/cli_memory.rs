//! Issue 26, finding 10: `check` read a 30 MB file that is one word with a peak of 615 MB,
//! and `check /dev/zero -j 2` aborted on a 2 GB allocation. A game may now take at most
//! `--max-game-mb` (16 by default): a longer one is an error at its start, the reading goes
//! on after it without holding it, and binary input stops the reading. Each run here is the
//! real binary, its peak memory read from `wait4`.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a run gave: its exit code, what it wrote (its report and its errors), its peak
/// resident memory in bytes.
struct Run {
    code: i32,
    output: String,
    peak: u64,
}

/// Runs `scoresheet args`, killed after a minute, which counts as a failure (an endless
/// input must end the reading by itself).
// The child is waited for with `wait4`, which gives its peak memory too.
#[allow(clippy::zombie_processes)]
fn run(args: &[&str]) -> Run {
    let output_path = std::env::temp_dir().join(format!(
        "scoresheet-memory-{}-{}.err",
        std::process::id(),
        args.join("_").replace('/', "")
    ));
    let output = std::fs::File::create(&output_path).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(output.try_clone().unwrap())
        .stderr(output)
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let started = Instant::now();
    let mut status = 0;
    // SAFETY: plain system calls on our own child, with pointers to two local values.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        if started.elapsed() > Duration::from_secs(60) {
            unsafe { libc::kill(pid, libc::SIGKILL) };
            unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            panic!("scoresheet {args:?} still ran after a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -libc::WTERMSIG(status)
    };
    let output = std::fs::read_to_string(&output_path).unwrap_or_default();
    let _ = std::fs::remove_file(&output_path);
    Run {
        code,
        output,
        // Linux gives kilobytes.
        peak: usage.ru_maxrss as u64 * 1024,
    }
}

fn temp(name: &str, bytes: &[u8]) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("scoresheet-memory-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path
}

/// The default budget of one game, and the bound on a reading's peak: ten times it.
const MAX_GAME: u64 = 16 << 20;

#[test]
fn a_file_that_is_one_word_is_an_error_in_bounded_memory() {
    // 30 MB with no game boundary, then a game: the word's game is an error at its start,
    // the game after it is read.
    let mut bytes = b"[Event \"word\"]\n1. ".to_vec();
    bytes.resize(30 << 20, b'a');
    bytes.extend_from_slice(b"\n[Event \"after\"]\n1. e4 e5 *\n");
    let path = temp("word.pgn", &bytes);
    let file = path.to_str().unwrap();
    for jobs in ["1", "2"] {
        let r = run(&["check", file, "-j", jobs]);
        assert_eq!(r.code, 1, "{}", r.output);
        assert!(
            r.output
                .contains(&format!("{file}:1:1: game 1: a game longer than 16 MiB")),
            "{}",
            r.output
        );
        assert!(r.output.contains("2 games, 1 ok, 1 failed"), "{}", r.output);
        assert!(
            r.peak < 10 * MAX_GAME,
            "-j {jobs}: peak {} MB",
            r.peak >> 20
        );
    }
    // The same through convert, which writes the game after it.
    let r = run(&["convert", file, "-o", "/dev/null"]);
    assert_eq!(r.code, 1, "{}", r.output);
    assert!(r.peak < 10 * MAX_GAME, "peak {} MB", r.peak >> 20);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn an_endless_input_of_zeros_ends_with_an_error() {
    for jobs in ["1", "2"] {
        let r = run(&["check", "/dev/zero", "-j", jobs]);
        assert_eq!(r.code, 1, "{}", r.output);
        assert!(
            r.output.contains("/dev/zero:1:1: game 1: a game longer than 16 MiB, of binary data (a NUL byte at line 1): the rest of the input is not read"),
            "{}",
            r.output
        );
        assert!(
            r.peak < 10 * MAX_GAME,
            "-j {jobs}: peak {} MB",
            r.peak >> 20
        );
    }
}

#[test]
fn an_endless_comment_or_tag_is_skipped_and_the_budget_is_an_option() {
    // A comment that never closes, then a tag whose value never ends, each 3 MB, then a
    // game: with games of at most 1 MB, both are errors and the last game is read.
    let mut bytes = b"[Event \"comment\"]\n1. e4 {".to_vec();
    while bytes.len() < 3 << 20 {
        bytes.extend_from_slice(b"never closed ( [ ");
    }
    bytes.extend_from_slice(b"\n[Event \"");
    while bytes.len() < 6 << 20 {
        bytes.extend_from_slice(b"a long tag value ");
    }
    bytes.extend_from_slice(b"\n\n[Event \"last\"]\n1. d4 d5 *\n");
    let path = temp("endless.pgn", &bytes);
    let file = path.to_str().unwrap();
    for jobs in ["1", "2"] {
        let r = run(&["check", file, "-j", jobs, "--max-game-mb", "1"]);
        assert_eq!(r.code, 1, "{}", r.output);
        assert!(
            r.output.contains(&format!("{file}:1:1: game 1: a game longer than 1 MiB: skipped up to the next line that starts with `[` (line 3)")),
            "{}",
            r.output
        );
        assert!(
            r.output
                .contains(&format!("{file}:3:1: game 2: a game longer than 1 MiB")),
            "{}",
            r.output
        );
        assert!(r.output.contains("3 games, 1 ok, 2 failed"), "{}", r.output);
        assert!(
            r.peak < 10 * MAX_GAME,
            "-j {jobs}: peak {} MB",
            r.peak >> 20
        );
    }
    // With the default budget of 16 MB, nothing in the file is too long.
    let r = run(&["check", file, "-j", "1"]);
    assert!(!r.output.contains("longer than"), "{}", r.output);
    let _ = std::fs::remove_file(&path);
}
