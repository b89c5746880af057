//! Quick perft timing: `cargo run --release --example perft_speed -p draughts -- VARIANT DEPTH`.
use draughts::{Position, Variant, perft};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v: Variant = args
        .get(1)
        .map_or("international", |s| s.as_str())
        .parse()
        .unwrap();
    let d: u32 = args.get(2).map_or(8, |s| s.parse().unwrap());
    let p = Position::start(v);
    let t = Instant::now();
    let n = perft(&p, d);
    let s = t.elapsed().as_secs_f64();
    println!(
        "{} depth {d}: {n} in {s:.2}s = {:.1} M/s",
        v.name,
        n as f64 / s / 1e6
    );
}
