//! `scoresheet egdb`: builds and checks the draughts endgame tables ([`draughts::egdb`]) that
//! `serve`, `analyse` and `hub` load with `--endgames DIR`.
//!
//! `build --variant V --pieces N DIR` builds every slice of the variant up to N pieces,
//! smallest first, writes each to DIR as soon as it is solved, and prints a line a slice: its
//! positions, wins, draws and losses for the side to move, the time its material took (both
//! sides to move together) and its bytes on disk. `verify --variant V DIR` loads the
//! variant's tables from DIR and checks every position of every slice against its
//! successors: a position is won when some move leads to a position lost for the opponent,
//! lost when every move leads to one won for the opponent (or it has no move), drawn
//! otherwise. It prints the counts of each slice and the FEN of any position whose stored
//! value breaks this, and exits with 1 then.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use draughts::Variant;
use draughts::egdb::{self, Endgames, Slice};

/// Arguments of `scoresheet egdb`.
#[derive(Debug, Args)]
pub struct EgdbArgs {
    #[command(subcommand)]
    command: EgdbCommand,
}

#[derive(Debug, Subcommand)]
enum EgdbCommand {
    /// Build every table of a variant up to a number of pieces into a directory.
    Build {
        /// The draughts variant (international, russian, american, ...).
        #[arg(long, default_value = "international")]
        variant: Variant,
        /// The most pieces of a position, both sides together (2 up to the most a slice
        /// holds, 9; each piece more multiplies the time and the size by tens).
        #[arg(long, default_value_t = 4)]
        pieces: u8,
        /// Where the tables go (made if missing).
        dir: PathBuf,
    },
    /// Check every position of a variant's tables in a directory against its successors.
    Verify {
        /// The draughts variant.
        #[arg(long, default_value = "international")]
        variant: Variant,
        /// Where the tables are.
        dir: PathBuf,
    },
}

/// Runs `scoresheet egdb`: exit 0, or 1 when `verify` found inconsistent positions.
pub fn run(args: EgdbArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        EgdbCommand::Build {
            variant,
            pieces,
            dir,
        } => {
            supported(&variant)?;
            if !(2..=egdb::MAX_SLICE_PIECES).contains(&pieces) {
                bail!("--pieces must be 2 to {}", egdb::MAX_SLICE_PIECES);
            }
            build(&variant, pieces, &dir)?;
            Ok(ExitCode::SUCCESS)
        }
        EgdbCommand::Verify { variant, dir } => {
            supported(&variant)?;
            let tables = Endgames::load(&variant, &dir)
                .with_context(|| format!("loading {}", dir.display()))?;
            if tables.slices().next().is_none() {
                bail!("{}: no table of {}", dir.display(), variant.name);
            }
            Ok(if check(&tables) == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
    }
}

fn supported(variant: &Variant) -> anyhow::Result<()> {
    if !egdb::supports(variant) {
        bail!(
            "{} has no endgame tables (its goal is not the usual one, or its runs of king moves are part of a position)",
            variant.name
        );
    }
    Ok(())
}

/// Builds the tables into `dir`; gives the bytes written.
fn build(variant: &Variant, pieces: u8, dir: &Path) -> anyhow::Result<u64> {
    std::fs::create_dir_all(dir).with_context(|| format!("making {}", dir.display()))?;
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
        bail!(e);
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
        let Some(v) = egdb::verify(tables, slice) else {
            continue;
        };
        println!(
            "{:<12} {:>11} {:>11} {:>11} {:>11} {:>13}",
            slice.name(),
            v.positions,
            v.wins,
            v.draws,
            v.losses,
            v.inconsistent
        );
        for m in &v.examples {
            let ((stored, plies), (expected, expected_plies)) = (m.stored, m.expected);
            let fen = &m.fen;
            println!(
                "  inconsistent: {fen} stored {stored} in {plies} plies, successors give {expected} in {expected_plies}"
            );
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
