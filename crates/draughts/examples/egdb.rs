//! Builds and checks the endgame databases ([`draughts::egdb`]).
//!
//! ```text
//! cargo run --release -p draughts --example egdb -- --variant international --pieces 4 --out DIR
//! cargo run --release -p draughts --example egdb -- --variant international --verify DIR
//! ```
//!
//! `--out DIR` builds every slice of the variant up to `--pieces N` (default 3) pieces, smallest
//! first, writes each to DIR as soon as it is solved, and prints a line a slice: its
//! positions, wins, draws and losses for the side to move, the time its material took (both
//! sides to move together) and its bytes on disk. `--verify DIR` loads the variant's tables
//! from DIR and checks every position of every slice against its successors: a position is
//! won when some move leads to a position lost for the opponent, lost when every move leads to
//! one won for the opponent (or it has no move), drawn otherwise. It prints the counts of
//! each slice and the FEN of any position whose stored value breaks this, and exits with 1
//! then.

use std::path::PathBuf;
use std::time::Instant;

use draughts::Variant;
use draughts::egdb::{self, Endgames, Slice};

struct Settings {
    variant: Variant,
    pieces: u8,
    out: Option<PathBuf>,
    verify: Option<PathBuf>,
}

fn settings(args: &[String]) -> Result<Settings, String> {
    let mut s = Settings {
        variant: Variant::INTERNATIONAL,
        pieces: 3,
        out: None,
        verify: None,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--variant" => s.variant = value()?.parse()?,
            "--pieces" => {
                s.pieces = value()?.parse().map_err(|e| format!("--pieces: {e}"))?;
            }
            "--out" => s.out = Some(PathBuf::from(value()?)),
            "--verify" => s.verify = Some(PathBuf::from(value()?)),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if !egdb::supports(&s.variant) {
        return Err(format!("{} has no endgame tables", s.variant.name));
    }
    if s.pieces < 2 || s.pieces > egdb::MAX_SLICE_PIECES {
        return Err(format!("--pieces must be 2 to {}", egdb::MAX_SLICE_PIECES));
    }
    if s.out.is_none() && s.verify.is_none() {
        return Err("give --out DIR or --verify DIR".into());
    }
    Ok(s)
}

/// Builds the tables into `dir`; gives the bytes written.
fn build(variant: &Variant, pieces: u8, dir: &std::path::Path) -> Result<u64, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut total = 0;
    let mut error = None;
    let start = Instant::now();
    println!("slice          positions        wins       draws      losses    time s       bytes");
    egdb::generate(variant, pieces, |tables, st| {
        match tables.save_table(dir, st.slice) {
            Ok(bytes) => total += bytes,
            Err(e) => error = Some(format!("{}: {e}", dir.display())),
        }
        println!(
            "{:<12} {:>11} {:>11} {:>11} {:>11} {:>9.2} {:>11}",
            st.slice.name(),
            st.positions,
            st.wins,
            st.draws,
            st.losses,
            st.time.as_secs_f64(),
            st.bytes
        );
    });
    if let Some(e) = error {
        return Err(e);
    }
    println!(
        "{}: up to {pieces} pieces in {:.1} s, {total} bytes on disk",
        variant.name,
        start.elapsed().as_secs_f64()
    );
    Ok(total)
}

/// Checks every loaded table; gives the number of inconsistent positions.
fn check(tables: &Endgames) -> u64 {
    let mut slices: Vec<Slice> = tables.slices().collect();
    slices.sort_by_key(|s| (s.pieces(), s.men(), *s));
    let (mut positions, mut bad) = (0, 0);
    let start = Instant::now();
    println!("slice          positions        wins       draws      losses  inconsistent");
    for slice in slices {
        let v = egdb::verify(tables, slice).expect("a held slice");
        println!(
            "{:<12} {:>11} {:>11} {:>11} {:>11} {:>13}",
            slice.name(),
            v.positions,
            v.wins,
            v.draws,
            v.losses,
            v.inconsistent
        );
        for (fen, stored, expected) in &v.examples {
            println!("  inconsistent: {fen} stored {stored}, successors give {expected}");
        }
        positions += v.positions;
        bad += v.inconsistent;
    }
    println!(
        "{}: {positions} positions checked in {:.1} s, {bad} inconsistent",
        tables.variant().name,
        start.elapsed().as_secs_f64()
    );
    bad
}

fn run(args: &[String]) -> Result<u64, String> {
    let s = settings(args)?;
    if let Some(dir) = &s.out {
        build(&s.variant, s.pieces, dir)?;
    }
    let mut bad = 0;
    if let Some(dir) = &s.verify {
        let tables = Endgames::load(&s.variant, dir).map_err(|e| e.to_string())?;
        bad = check(&tables);
    }
    Ok(bad)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(0) => {}
        Ok(_) => std::process::exit(1),
        Err(e) => {
            eprintln!("egdb: {e}");
            std::process::exit(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_saves_loads_and_verifies() {
        let dir = std::env::temp_dir().join(format!("egdb-example-{}", std::process::id()));
        let args: Vec<String> = ["--variant", "american", "--pieces", "3"]
            .iter()
            .map(|s| s.to_string())
            .chain([
                "--out".to_string(),
                dir.display().to_string(),
                "--verify".to_string(),
                dir.display().to_string(),
            ])
            .collect();
        assert_eq!(run(&args), Ok(0));
        let tables = Endgames::load(&Variant::AMERICAN, &dir).unwrap();
        assert_eq!(tables.max_pieces(), 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn refuses_variants_without_tables() {
        let args = ["--variant", "antidraughts", "--out", "x"].map(String::from);
        assert!(run(&args).is_err());
    }
}
