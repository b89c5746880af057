//! `scoresheet fen`: canonical FEN and a text diagram.

use std::process::ExitCode;

use clap::Args;
use draughts::{Color, Fen, diagram};

use super::VariantArg;

#[derive(Debug, Args)]
pub struct FenArgs {
    /// Rules: american, international, russian or brazilian.
    #[arg(long, short)]
    variant: VariantArg,
    /// The side to move when the FEN gives `?`: white or black.
    #[arg(long, value_parser = parse_side)]
    side: Option<Color>,
    /// The position, such as W:W26,28,31:B17,19,20.
    fen: String,
}

fn parse_side(s: &str) -> Result<Color, String> {
    match s.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(format!("`{s}` is not a side: use white or black")),
    }
}

pub fn run(args: FenArgs) -> anyhow::Result<ExitCode> {
    let fen = match Fen::parse(&args.fen, args.variant.0) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("scoresheet: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let mut pos = fen.position;
    match (fen.side, args.side) {
        (None, None) => {
            eprintln!(
                "scoresheet: the FEN gives `?` as the side to move: say who moves with --side white or --side black"
            );
            return Ok(ExitCode::from(1));
        }
        (_, Some(side)) => pos.set_side_to_move(side),
        (Some(_), None) => {}
    }
    println!("{}", pos.to_fen());
    print!("{}", diagram(&pos));
    Ok(ExitCode::SUCCESS)
}
