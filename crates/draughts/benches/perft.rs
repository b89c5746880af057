//! perft speed, side by side with dame-rs (a Rust International draughts engine on PyPI) in
//! one run: `cargo bench -p draughts --bench perft`.
//!
//! Each figure is the best of three runs, in leaf nodes per second, last ply counted in bulk.
//! dame-rs is measured when `python3 -c "import dame"` works (`pip install dame-rs`).

use std::process::Command;
use std::time::Instant;

use draughts::{Position, Variant, perft};

fn best_of_three(f: impl Fn() -> u64) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut n = 0;
    for _ in 0..3 {
        let t = Instant::now();
        n = f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (n, best)
}

fn dame_rs(depth: u32) -> Option<(u64, f64)> {
    let script = format!(
        "import dame, time\nb = dame.Board()\nbest = 1e9\nfor _ in range(3):\n    t = time.perf_counter()\n    n = dame.perft(b, {depth})\n    best = min(best, time.perf_counter() - t)\nprint(n, best)\n"
    );
    let out = Command::new("python3")
        .arg("-c")
        .arg(script)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    let mut f = text.split_whitespace();
    Some((f.next()?.parse().ok()?, f.next()?.parse().ok()?))
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let cases = [
        (Variant::INTERNATIONAL, 9),
        (Variant::AMERICAN, 11),
        (Variant::RUSSIAN, 11),
        (Variant::BRAZILIAN, 11),
        (Variant::ITALIAN, 11),
        (Variant::SPANISH, 11),
        (Variant::POOL, 11),
        (Variant::CZECH, 11),
        (Variant::THAI, 9),
        (Variant::FRISIAN, 8),
        (Variant::KILLER, 9),
        (Variant::CANADIAN, 7),
    ];
    let mut ours_international = None;
    for (v, depth) in cases {
        let pos = Position::start(v);
        let (n, secs) = best_of_three(|| perft(&pos, depth));
        let rate = n as f64 / secs / 1e6;
        println!(
            "scoresheet {:<13} depth {depth:>2}: {n:>12} leaves {secs:>7.3} s {rate:>7.1} M/s",
            v.name
        );
        if v == Variant::INTERNATIONAL {
            ours_international = Some(rate);
        }
    }
    match (dame_rs(9), ours_international) {
        (Some((n, secs)), Some(ours)) => {
            let rate = n as f64 / secs / 1e6;
            println!(
                "dame-rs    international depth  9: {n:>12} leaves {secs:>7.3} s {rate:>7.1} M/s"
            );
            println!(
                "ratio scoresheet / dame-rs (International, depth 9): {:.2}x",
                ours / rate
            );
        }
        _ => println!("dame-rs not available (pip install dame-rs) - no side-by-side figure"),
    }
}
