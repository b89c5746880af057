//! Peak memory of `scoresheet check` and `scoresheet convert` on hostile files: each file is
//! made here, the real binary runs on it, and the peak resident memory of that process (its
//! `ru_maxrss`, from `wait4`) is printed next to the size of the file's largest game and the
//! ratio of the two. A game may take at most 16 MiB (`--max-game-mb`; a longer one is an
//! error, skipped without being held), so the ratio is taken to the smaller of the largest
//! game and that budget. The aim is a ratio of at most 10 whatever the file, `/dev/zero`
//! (read as a last row, on two threads) included.
//!
//! ```sh
//! cargo build --release -p scoresheet --bin scoresheet --example peak_memory
//! target/release/examples/peak_memory            # every file, at 9 and 24 MB
//! target/release/examples/peak_memory 9 nags     # one size, the files whose name holds `nags`
//! ```
//!
//! The binary is `target/release/scoresheet` beside this example (or `$SCORESHEET`). The files
//! are written to a folder of the system's temporary folder, by this example run again as a
//! process of its own (a child's peak counts its parent's memory at the start), and removed
//! afterwards.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A hostile file: its name, and a function that writes it at about `size` bytes and returns
/// the size of its largest game.
struct Case {
    name: &'static str,
    what: &'static str,
    make: fn(usize, &mut Vec<u8>) -> usize,
}

/// A chess knight dance that can go on for ever: 4 legal plies, back where it started.
const DANCE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

/// Writes chess plies with move numbers until `out` reaches `size`, calling `after` after
/// each ply.
fn dance(out: &mut Vec<u8>, size: usize, mut after: impl FnMut(&mut Vec<u8>, usize)) {
    let mut ply = 0usize;
    while out.len() < size {
        if ply.is_multiple_of(2) {
            write!(out, "{}. ", ply / 2 + 1).unwrap();
        }
        out.extend_from_slice(DANCE[ply % 4].as_bytes());
        out.push(b' ');
        after(out, ply);
        ply += 1;
        if ply.is_multiple_of(8) {
            out.push(b'\n');
        }
    }
}

/// Writes the plies of `dance` over and over, without move numbers, until `out` reaches
/// `size`.
fn bare_line(out: &mut Vec<u8>, size: usize, dance: &[&str]) {
    let mut ply = 0;
    while out.len() < size {
        out.extend_from_slice(dance[ply % dance.len()].as_bytes());
        out.push(b' ');
        ply += 1;
    }
}

fn one_game(out: &mut Vec<u8>, body: impl FnOnce(&mut Vec<u8>)) -> usize {
    let start = out.len();
    out.extend_from_slice(b"[Event \"hostile\"]\n[White \"a\"]\n[Black \"b\"]\n\n");
    body(out);
    out.extend_from_slice(b" *\n\n");
    out.len() - start
}

/// A small good game after the hostile one: the reader must still get to it.
fn tail(out: &mut Vec<u8>) {
    out.extend_from_slice(b"[Event \"after\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n");
}

const CASES: &[Case] = &[
    Case {
        name: "nags",
        what: "chess, 30 NAGs ($1 $14 !? ...) after every move",
        make: |size, out| {
            let n = one_game(out, |out| {
                dance(out, size, |out, _| {
                    for k in 0..10 {
                        write!(out, "$1 $14 {} ", ["!?", "$19", "+-"][k % 3]).unwrap();
                    }
                })
            });
            tail(out);
            n
        },
    },
    Case {
        name: "nags-one-move",
        what: "chess, all NAGs ($1 $2 ...) on the first move",
        make: |size, out| {
            let n = one_game(out, |out| {
                out.extend_from_slice(b"1. e4 ");
                let mut k = 0u32;
                while out.len() < size {
                    write!(out, "${} ", k % 200).unwrap();
                    k += 1;
                    if k.is_multiple_of(20) {
                        out.push(b'\n');
                    }
                }
                out.extend_from_slice(b"e5");
            });
            tail(out);
            n
        },
    },
    Case {
        name: "line-bad",
        what: "chess, one line of moves, illegal at ply 7",
        make: |size, out| {
            let n = one_game(out, |out| {
                out.extend_from_slice(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qxf7 ");
                bare_line(out, size, &DANCE);
            });
            tail(out);
            n
        },
    },
    Case {
        name: "line-good",
        what: "chess, one line of legal moves",
        make: |size, out| {
            let n = one_game(out, |out| bare_line(out, size, &DANCE));
            tail(out);
            n
        },
    },
    Case {
        name: "line-german",
        what: "chess, one line of legal moves in German (S for the knight)",
        make: |size, out| {
            let n = one_game(out, |out| {
                bare_line(out, size, &["Sf3", "Sf6", "Sg1", "Sg8"])
            });
            tail(out);
            n
        },
    },
    Case {
        name: "draughts-line-bad",
        what: "draughts, one line of moves, illegal at ply 7",
        make: |size, out| {
            let n = one_game(out, |out| {
                out.extend_from_slice(
                    b"[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 1-5 ",
                );
                while out.len() < size {
                    out.extend_from_slice(b"10-14 19-15 ");
                }
            });
            tail(out);
            n
        },
    },
    Case {
        name: "comments",
        what: "chess, a game of comments only",
        make: |size, out| {
            let n = one_game(out, |out| {
                while out.len() < size {
                    out.extend_from_slice(b"{a comment of some length} {} ");
                }
            });
            tail(out);
            n
        },
    },
    Case {
        name: "comment-huge",
        what: "chess, one comment as long as the file",
        make: |size, out| {
            let n = one_game(out, |out| {
                out.extend_from_slice(b"1. e4 {");
                while out.len() < size {
                    out.extend_from_slice(b"a long comment, ");
                }
                out.extend_from_slice(b"} e5");
            });
            tail(out);
            n
        },
    },
    Case {
        name: "variations",
        what: "chess, tiny side lines (1. d4) after every move",
        make: |size, out| {
            let n = one_game(out, |out| {
                out.extend_from_slice(b"1. e4 ");
                while out.len() < size {
                    out.extend_from_slice(b"(1. d4) (1. c4 c5) ");
                }
                out.extend_from_slice(b"e5");
            });
            tail(out);
            n
        },
    },
    Case {
        name: "lines-empty",
        what: "chess, empty side lines () and comments {} after the first move",
        make: |size, out| {
            let n = one_game(out, |out| {
                out.extend_from_slice(b"1. e4 ");
                while out.len() < size {
                    out.extend_from_slice(b"(){}");
                }
                out.extend_from_slice(b" e5");
            });
            tail(out);
            n
        },
    },
    Case {
        name: "tags",
        what: "a few tags with values as long as the file",
        make: |size, out| {
            let start = out.len();
            for name in ["Event", "Site", "White", "Black"] {
                write!(out, "[{name} \"").unwrap();
                let end = out.len() + size / 4;
                while out.len() < end {
                    out.extend_from_slice(b"a long tag value ");
                }
                out.extend_from_slice(b"\"]\n");
            }
            out.extend_from_slice(b"\n1. e4 e5 *\n\n");
            let n = out.len() - start;
            tail(out);
            n
        },
    },
    Case {
        name: "many-tags",
        what: "short tags, many of them",
        make: |size, out| {
            let start = out.len();
            let mut k = 0;
            while out.len() - start < size {
                writeln!(out, "[T{k} \"v\"]").unwrap();
                k += 1;
            }
            out.extend_from_slice(b"\n1. e4 e5 *\n\n");
            let n = out.len() - start;
            tail(out);
            n
        },
    },
    Case {
        name: "no-end",
        what: "chess, a comment that is never closed",
        make: |size, out| {
            let start = out.len();
            out.extend_from_slice(b"[Event \"open\"]\n\n1. e4 {");
            while out.len() - start < size {
                out.extend_from_slice(b"never closed ( [ ");
            }
            out.push(b'\n');
            let n = out.len() - start;
            tail(out);
            n
        },
    },
    Case {
        name: "deep",
        what: "chess, variations nested 100,000 deep and more",
        make: |size, out| {
            let n = one_game(out, |out| {
                out.extend_from_slice(b"1. e4 ");
                while out.len() < size / 2 {
                    out.extend_from_slice(b"( 1. d4 ");
                }
                while out.len() < size {
                    out.extend_from_slice(b") ");
                }
            });
            tail(out);
            n
        },
    },
    Case {
        name: "one-word",
        what: "one word as long as the file: no game boundary",
        make: |size, out| {
            out.resize(out.len() + size, b'a');
            size
        },
    },
    Case {
        name: "zeros",
        what: "binary: NUL bytes as long as the file, then a game",
        make: |size, out| {
            out.resize(out.len() + size, 0);
            out.extend_from_slice(b"\n[Event \"x\"]\n1. e4 *\n");
            size
        },
    },
    Case {
        name: "many-games",
        what: "chess, many small games",
        make: |size, out| {
            let mut largest = 0;
            while out.len() < size {
                let start = out.len();
                out.extend_from_slice(
                    b"[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Ruy Lopez} *\n\n",
                );
                largest = largest.max(out.len() - start);
            }
            largest
        },
    },
];

fn binary() -> PathBuf {
    if let Some(p) = std::env::var_os("SCORESHEET") {
        return p.into();
    }
    let exe = std::env::current_exe().expect("the example's path");
    let dir = exe.parent().and_then(Path::parent).expect("target/release");
    dir.join("scoresheet")
}

/// Runs the binary with `args` and returns its exit code and peak resident memory in bytes.
// The child is waited for with `wait4`, which gives its peak memory too.
#[allow(clippy::zombie_processes)]
fn peak(bin: &Path, args: &[&str]) -> (i32, u64) {
    let child = Command::new(bin)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start scoresheet");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: plain system call on our own child, with pointers to two local values.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid, "wait4");
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -libc::WTERMSIG(status)
    };
    // Linux gives kilobytes.
    (code, usage.ru_maxrss as u64 * 1024)
}

fn mb(n: u64) -> f64 {
    n as f64 / 1e6
}

/// Writes the file of the case named `name` at about `size` MB to `path`, and prints the size
/// of its largest game.
fn write_case(name: &str, size: usize, path: &str) {
    let case = CASES.iter().find(|c| c.name == name).expect("a case");
    let mut bytes = Vec::with_capacity(size << 20);
    let game = (case.make)(size << 20, &mut bytes);
    std::fs::write(path, &bytes).expect("write the file");
    println!("{game}");
}

/// Makes the file of a case in a process of its own, so that this one stays small: a child
/// counts the memory of its parent at the time it was started in its peak.
fn make_file(name: &str, size: usize, path: &Path) -> usize {
    let exe = std::env::current_exe().expect("the example's path");
    let out = Command::new(exe)
        .args([
            "--write",
            name,
            &size.to_string(),
            path.to_str().expect("UTF-8"),
        ])
        .output()
        .expect("run the example to write a file");
    assert!(out.status.success(), "writing {name}");
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .expect("the size of the largest game")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, name, size, path] = &args[..]
        && flag == "--write"
    {
        write_case(name, size.parse().expect("a size in MB"), path);
        return;
    }
    let mut sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    if sizes.is_empty() {
        sizes = vec![9, 24];
    }
    let filters: Vec<&String> = args
        .iter()
        .filter(|a| a.parse::<usize>().is_err())
        .collect();
    let bin = binary();
    assert!(
        bin.exists(),
        "{} not found: cargo build --release -p scoresheet --bin scoresheet (or set SCORESHEET)",
        bin.display()
    );
    let dir = std::env::temp_dir().join(format!("peak_memory.{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    println!(
        "{:<18} {:>5} {:>9} | {:>9} {:>6} {:>4} | {:>9} {:>6} {:>4}",
        "file", "MB", "game MB", "check MB", "ratio", "exit", "conv. MB", "ratio", "exit"
    );
    let mut worst: f64 = 0.0;
    for &size in &sizes {
        for case in CASES {
            if !filters.is_empty() && !filters.iter().any(|f| case.name.contains(f.as_str())) {
                continue;
            }
            let path = dir.join(format!("{}-{size}.pgn", case.name));
            let game = make_file(case.name, size, &path);
            let file = path.to_str().expect("UTF-8 path");
            let (check_code, check_rss) = peak(&bin, &["check", file]);
            let (convert_code, convert_rss) = peak(&bin, &["convert", file, "-o", "/dev/null"]);
            let held = game.min(record::DEFAULT_MAX_GAME) as f64;
            let (rc, rv) = (check_rss as f64 / held, convert_rss as f64 / held);
            // Below a megabyte, the program's own few megabytes swamp the ratio.
            if game >= 1 << 20 {
                worst = worst.max(rc).max(rv);
            }
            let size_mb = std::fs::metadata(&path).map_or(0, |m| m.len());
            let mut line = String::new();
            write!(
                line,
                "{:<18} {:>5.1} {:>9.1} | {:>9.1} {:>6.1} {:>4} | {:>9.1} {:>6.1} {:>4}",
                case.name,
                mb(size_mb),
                mb(game as u64),
                mb(check_rss),
                rc,
                check_code,
                mb(convert_rss),
                rv,
                convert_code
            )
            .unwrap();
            println!("{line}   {}", case.what);
            let _ = std::fs::remove_file(&path);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    if Path::new("/dev/zero").exists() && filters.is_empty() {
        // An endless input: the reading must stop by itself.
        let (code, rss) = peak(&bin, &["check", "/dev/zero", "-j", "2"]);
        let ratio = rss as f64 / record::DEFAULT_MAX_GAME as f64;
        worst = worst.max(ratio);
        println!(
            "{:<18} {:>5} {:>9.1} | {:>9.1} {:>6.1} {:>4} |   endless zeros, check -j 2",
            "/dev/zero",
            "inf",
            mb(record::DEFAULT_MAX_GAME as u64),
            mb(rss),
            ratio,
            code
        );
    }
    println!(
        "worst ratio of games of 1 MB or more (to the game, or to the 16 MiB a game may take): {worst:.1} (the aim: at most 10)"
    );
}
