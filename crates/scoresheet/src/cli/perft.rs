//! `scoresheet perft`: leaf counts, optionally divided by root move, for every draughts
//! variant (our move generator) and the chess variants (shakmaty's).

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use chess_notation::{WriteOptions, variant_position_from_fen_repaired, write_move};
use clap::Args;
use draughts::{MoveStyle, Position, perft, perft_divide};
use games::ChessVariant;
use shakmaty::Position as _;
use shakmaty::variant::VariantPosition;

use super::variant_arg::PerftRules;

#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Rules: a draughts variant (american, international, russian, brazilian, italian, spanish, pool, czech, thai, frisian, frysk, antidraughts, breakthrough, killer, canadian) or a chess variant (chess, chess960, crazyhouse, atomic, antichess, kingofthehill, threecheck, horde, racingkings).
    #[arg(long, short)]
    variant: PerftRules,
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
    let variant = match args.variant {
        PerftRules::Draughts(variant) => variant,
        PerftRules::Chess(variant) => return run_chess(variant, &args),
    };
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
    let divide = args.divide && args.depth > 0;
    counted(variant.name, args.depth, |out| {
        if !divide {
            return Ok(perft(&pos, args.depth));
        }
        let style = MoveStyle::of(&variant);
        let mut total = 0;
        for (mv, n) in perft_divide(&pos, args.depth) {
            writeln!(out, "{} {n}", pos.write_move(&mv, &style))?;
            total += n;
        }
        Ok(total)
    })
}

/// Runs `count` (which prints the root moves' counts of `--divide` on the output it is
/// given), then prints the total on stdout and the time it took on stderr.
fn counted(
    name: &str,
    depth: u32,
    count: impl FnOnce(&mut dyn Write) -> std::io::Result<u64>,
) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let started = Instant::now();
    let total = count(&mut out)?;
    let secs = started.elapsed().as_secs_f64();
    writeln!(out, "{total}")?;
    eprintln!(
        "{name} depth {depth}: {total} leaves in {secs:.3} s ({:.1} M leaves/s)",
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(ExitCode::SUCCESS)
}

/// Perft in a chess variant, by shakmaty's move generator: the counts the variants' published
/// tables give (tests/chess_perft).
fn run_chess(variant: ChessVariant, args: &PerftArgs) -> anyhow::Result<ExitCode> {
    let chess960 = variant == ChessVariant::Chess960;
    let pos = match &args.fen {
        Some(text) => match variant_position_from_fen_repaired(text, variant.rules(), chess960) {
            Ok((pos, repairs)) => {
                for repair in repairs {
                    eprintln!("scoresheet: FEN: {repair}");
                }
                pos
            }
            Err(e) => {
                eprintln!("scoresheet: {e}");
                return Ok(ExitCode::from(1));
            }
        },
        None => VariantPosition::new(variant.rules()),
    };
    let divide = args.divide && args.depth > 0;
    counted(&variant.to_string(), args.depth, |out| {
        if !divide {
            return Ok(shakmaty::perft(&pos, args.depth));
        }
        let mut total = 0;
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let n = shakmaty::perft(&after, args.depth - 1);
            let word = write_move(&pos, &m, &WriteOptions::default());
            writeln!(out, "{word} {n}")?;
            total += n;
        }
        Ok(total)
    })
}
