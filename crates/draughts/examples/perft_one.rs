//! Runs one perft, for profiling: `cargo run --release -p draughts --example perft_one --
//! VARIANT DEPTH` (VARIANT one of international, american, russian, brazilian).

use draughts::{Position, Variant, perft};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "international".to_string());
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(6);
    let variant = match name.as_str() {
        "american" => Variant::AMERICAN,
        "russian" => Variant::RUSSIAN,
        "brazilian" => Variant::BRAZILIAN,
        _ => Variant::INTERNATIONAL,
    };
    println!(
        "{name} depth {depth}: {}",
        perft(&Position::start(variant), depth)
    );
}
