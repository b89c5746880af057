//! The server's memory under the worst requests it accepts: starts `scoresheet serve` (the
//! binary given, or target/release/scoresheet) on a fresh database, sends `CLIENTS`
//! concurrent worst-case requests of about 1 MB (default 48) for a few rounds, and prints
//! the server's resident memory at start, its peak (VmHWM) and where it settles after. Every
//! other client waits 3 s before reading each answer, as a slow reader would.
//!
//! ```sh
//! cargo build --release && cargo run --release -p site --example server_memory -- [BINARY] [CLIENTS] [ROUNDS]
//! ```
//!
//! The requests: a 1 MB game text of 20,000 commented moves with side lines (the most the
//! analysis board loads), a 1 MB text of annotation glyphs, the export of a 20,000-move
//! tree with comments, 1 MB of one-move side lines (about 130,000 moves), and 1 MB texts the
//! reader refuses (side lines nested too deep, one long line of garbage).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

fn status_kb(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// Sends one request and reads its answer; a slow client waits `pause` before reading it (the
/// answer meanwhile fills the kernel's buffers and then waits in the server).
fn post(addr: SocketAddr, path: &str, body: &str, pause: Duration) -> u16 {
    let Ok(mut s) = TcpStream::connect(addr) else {
        return 0;
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(120)));
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    if s.write_all(head.as_bytes()).is_err() || s.write_all(body.as_bytes()).is_err() {
        return 0;
    }
    std::thread::sleep(pause);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    std::str::from_utf8(raw.get(9..12).unwrap_or(b"000"))
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// A chess game of `moves` plies shuffling knights, each move with a comment, every tenth
/// with a side line, as PGN text of about `bytes`.
fn commented_game(moves: usize, bytes: usize) -> String {
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let per_move = bytes / moves;
    let comment = "x".repeat(per_move.saturating_sub(16).max(1));
    let mut text = String::new();
    let mut count = 0;
    let mut ply = 0;
    while count < moves {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(cycle[ply % 4]);
        text.push_str(&format!(" {{{comment}}} "));
        count += 1;
        if ply % 10 == 0 && count < moves {
            let alt = if ply % 2 == 0 { "Nc3" } else { "Nc6" };
            let number = if ply % 2 == 0 {
                format!("{}. ", ply / 2 + 1)
            } else {
                format!("{}... ", ply / 2 + 1)
            };
            text.push_str(&format!("({number}{alt}) "));
            count += 1;
        }
        ply += 1;
    }
    text.push('*');
    text
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let binary = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "target/release/scoresheet".into());
    let clients: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(48);
    let rounds: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(3);
    let database =
        std::env::temp_dir().join(format!("scoresheet-mem-{}.sqlite3", std::process::id()));
    let mut child = Command::new(&binary)
        .args(["serve", "--addr", "127.0.0.1:0", "--database"])
        .arg(&database)
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("start {binary}: {e}"));
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    std::io::BufRead::read_line(&mut stderr, &mut line).unwrap();
    let addr: SocketAddr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no address in: {line}"));
    let pid = child.id();

    let mb = 1 << 20;
    let game = commented_game(19_000, mb - 4096);
    let nags = format!("1. e4 {} e5 *", "$1 $14 !? ".repeat((mb - 64) / 10));
    let deep = format!("1. e4 {} *", "(1. d4 ".repeat((mb - 64) / 7));
    let garbage = "x".repeat(mb - 64);
    // Side lines, each one move: about 130,000 moves in 1 MB.
    let alternatives = ["(1. d4)", "(1. c4)", "(1. Nf3)", "(1. b3)"];
    let mut sides = String::from("1. e4 ");
    while sides.len() < mb - 64 {
        sides.push_str(alternatives[sides.len() % 4]);
        sides.push(' ');
    }
    sides.push('*');
    let export_nodes: Vec<serde_json::Value> = {
        let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        (0..20_000u32)
            .map(|i| {
                serde_json::json!({"id": i + 1, "parent": i, "move": cycle[i as usize % 4],
                    "comment": "c".repeat(40), "nags": [1, 14]})
            })
            .collect()
    };
    let load = |rules: &str, text: &str| {
        serde_json::json!({"rules": rules, "start": "pdn", "text": text}).to_string()
    };
    let bodies: Vec<(&str, &str, String)> = vec![
        ("/api/load", "commented game", load("chess", &game)),
        ("/api/load", "NAGs", load("chess", &nags)),
        ("/api/load", "nested too deep", load("chess", &deep)),
        ("/api/load", "one-move side lines", load("chess", &sides)),
        (
            "/api/load",
            "one long word",
            load("international", &garbage),
        ),
        (
            "/api/export",
            "20,000 moves",
            serde_json::json!({"rules": "chess",
                "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "nodes": export_nodes})
            .to_string(),
        ),
    ];
    let bodies = Arc::new(bodies);
    std::thread::sleep(Duration::from_millis(300));
    let start_kb = status_kb(pid, "VmRSS:");

    let done = Arc::new(AtomicBool::new(false));
    let peak_rss = Arc::new(AtomicU64::new(0));
    let sampler = {
        let done = done.clone();
        let peak = peak_rss.clone();
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                peak.fetch_max(status_kb(pid, "VmRSS:"), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(5));
            }
        })
    };
    let t = Instant::now();
    let workers: Vec<_> = (0..clients)
        .map(|c| {
            let bodies = bodies.clone();
            std::thread::spawn(move || {
                let mut statuses = Vec::new();
                for r in 0..rounds {
                    let (path, what, body) = &bodies[(c + r) % bodies.len()];
                    // Every other client reads its answers slowly.
                    let pause = Duration::from_secs(if c % 2 == 1 { 3 } else { 0 });
                    statuses.push((*path, *what, post(addr, path, body, pause)));
                }
                statuses
            })
        })
        .collect();
    let mut by_status = std::collections::BTreeMap::new();
    for w in workers {
        for (path, what, status) in w.join().unwrap() {
            *by_status.entry((path, what, status)).or_insert(0) += 1;
        }
    }
    let elapsed = t.elapsed();
    // Blocking threads idle for 10 s end (tokio's default); their memory goes back then.
    std::thread::sleep(Duration::from_secs(12));
    done.store(true, Ordering::Relaxed);
    sampler.join().unwrap();
    let after_kb = status_kb(pid, "VmRSS:");
    let hwm_kb = status_kb(pid, "VmHWM:");
    let _ = child.kill();
    let _ = child.wait();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", database.display()));
    }
    println!(
        "{clients} concurrent clients x {rounds} rounds of ~1 MB worst-case requests in {:.1} s",
        elapsed.as_secs_f64()
    );
    for ((path, what, status), n) in by_status {
        println!("  {path} ({what}) -> {status}: {n}");
    }
    println!(
        "server resident memory: start {:.1} MB, peak {:.1} MB (VmHWM; sampled {:.1} MB), 12 s after {:.1} MB",
        start_kb as f64 / 1024.0,
        hwm_kb as f64 / 1024.0,
        peak_rss.load(Ordering::Relaxed) as f64 / 1024.0,
        after_kb as f64 / 1024.0
    );
}
