//! `scoresheet fen`: canonical FEN and a diagram (text, or SVG with `--svg`).

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use draughts::{Color, Fen, diagram};
use games::render::{BoardView, SvgOptions, board_svg};
use games::{AnyPosition, Rules};

use super::RulesArg;

#[derive(Debug, Args)]
pub struct FenArgs {
    /// Rules: a draughts variant (american, international, russian, brazilian, italian, spanish, pool, czech, thai, frisian, frysk, antidraughts, breakthrough, killer, canadian) or chess.
    #[arg(long, short)]
    variant: RulesArg,
    /// Draughts: the side to move when the FEN gives `?`: white or black.
    #[arg(long, value_parser = parse_side)]
    side: Option<Color>,
    /// Print the board as SVG instead of the FEN and a text diagram.
    #[arg(long)]
    svg: bool,
    /// With --svg: draw the board from Black's side.
    #[arg(long)]
    flipped: bool,
    /// With --svg: leave out the square names.
    #[arg(long)]
    no_coordinates: bool,
    /// With --svg: write the square names in a strip around the board, not on its squares.
    #[arg(long)]
    coordinates_outside: bool,
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
    let pos = match args.variant.0 {
        Rules::Draughts(variant) => {
            let fen = match Fen::parse(&args.fen, variant) {
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
            AnyPosition::Draughts(pos)
        }
        Rules::Chess => match AnyPosition::from_fen(Rules::Chess, &args.fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("scoresheet: {e}");
                return Ok(ExitCode::from(1));
            }
        },
    };
    let mut out = std::io::stdout().lock();
    if args.svg {
        let options = SvgOptions {
            coordinates: !args.no_coordinates,
            outside: args.coordinates_outside,
            flipped: args.flipped,
        };
        writeln!(out, "{}", board_svg(&pos.board_view(), &options))?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "{}", pos.fen())?;
    match &pos {
        AnyPosition::Draughts(p) => write!(out, "{}", diagram(p))?,
        AnyPosition::Chess(_) => write!(
            out,
            "{}",
            chess_diagram(&pos.board_view(), pos.white_to_move())
        )?,
    }
    Ok(ExitCode::SUCCESS)
}

/// A chess board as text: upper case for White, lower case for Black, `.` for empty squares.
fn chess_diagram(view: &BoardView, white_to_move: bool) -> String {
    use games::render::PieceView;
    let mut out = String::new();
    for rank in (1..=8u8).rev() {
        out.push_str(&format!("{rank} "));
        for file in 0..8u8 {
            let cell = view.cells.iter().find(|c| c.rank == rank && c.file == file);
            let c = match cell.and_then(|c| c.piece) {
                Some(PieceView::Chess { white, letter }) => {
                    if white {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    }
                }
                _ => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out.push_str(if white_to_move {
        "White to move\n"
    } else {
        "Black to move\n"
    });
    out
}
