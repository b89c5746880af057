//! Runs one perft from a variant's start position, for profilers such as callgrind:
//! `cargo run --release -p draughts --example perft_one -- VARIANT DEPTH` (VARIANT any name
//! `Variant` reads: international, american, italian, frisian, ...).

use draughts::{Position, Variant, perft};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "international".to_string());
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(6);
    let variant: Variant = match name.parse() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("perft_one: {e}");
            std::process::exit(2);
        }
    };
    println!(
        "{} depth {depth}: {}",
        variant.name,
        perft(&Position::start(variant), depth)
    );
}
