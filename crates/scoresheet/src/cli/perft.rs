//! `scoresheet perft`: leaf counts, optionally divided by root move.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use draughts::{MoveStyle, Position, perft, perft_divide};

use super::VariantArg;

#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Rules: a draughts variant (american, international, russian, brazilian, italian, spanish, pool, czech, thai, frisian, frysk, antidraughts, breakthrough, killer, canadian).
    #[arg(long, short)]
    variant: VariantArg,
    /// Start from this position instead of the initial one.
    #[arg(long)]
    fen: Option<String>,
    /// Number of plies.
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,
    /// First print each root move (in the variant's notation) with its count.
    #[arg(long)]
    divide: bool,
}

pub fn run(args: PerftArgs) -> anyhow::Result<ExitCode> {
    let variant = args.variant.0;
    let pos = match &args.fen {
        Some(text) => match Position::from_fen(text, variant) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("scoresheet: {e}");
                return Ok(ExitCode::from(1));
            }
        },
        None => Position::start(variant),
    };
    let mut out = std::io::stdout().lock();
    let started = Instant::now();
    let total = if args.divide && args.depth > 0 {
        let style = MoveStyle::of(&variant);
        let mut total = 0;
        for (mv, n) in perft_divide(&pos, args.depth) {
            writeln!(out, "{} {n}", pos.write_move(&mv, &style))?;
            total += n;
        }
        total
    } else {
        perft(&pos, args.depth)
    };
    let secs = started.elapsed().as_secs_f64();
    writeln!(out, "{total}")?;
    eprintln!(
        "{} depth {}: {total} leaves in {secs:.3} s ({:.1} M leaves/s)",
        variant.name,
        args.depth,
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(ExitCode::SUCCESS)
}
