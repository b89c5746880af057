//! A position named on the command line: a variant, a FEN and moves played from it.

use clap::Args;
use games::{AnyPosition, AnyVariant, ChessVariant};

#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The position's FEN (default: the variant's start).
    #[arg(long)]
    fen: Option<String>,
    /// Moves played from the FEN or the start, separated by spaces, in any notation the
    /// readers take (`e4 e5 Nf3`, `e2e4`, `32-28 18-23`).
    #[arg(long)]
    moves: Option<String>,
}

impl PositionArgs {
    /// Whether a position is given at all.
    pub fn given(&self) -> bool {
        self.fen.is_some() || self.moves.is_some()
    }

    /// The position, under `variant` (standard chess when none is named and the FEN reads as
    /// chess).
    pub fn position(&self, variant: Option<AnyVariant>) -> anyhow::Result<AnyPosition> {
        let variant = variant.unwrap_or(AnyVariant::Chess(ChessVariant::Standard));
        let mut pos = match &self.fen {
            Some(fen) => variant.position_from_fen(fen).map_err(|e| {
                anyhow::anyhow!("--fen: {e} (name the variant with --variant when it is not chess)")
            })?,
            None => variant.start(),
        };
        for (i, word) in self
            .moves
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .filter(|w| !w.ends_with('.') && w.parse::<u32>().is_err())
            .enumerate()
        {
            let m = pos
                .find_move(word)
                .map_err(|e| anyhow::anyhow!("--moves: move {} `{word}`: {e}", i + 1))?;
            pos = pos.after(&m);
        }
        Ok(pos)
    }
}
