//! Starting positions from FEN, with the castling mode the FEN implies.

use core::fmt;

use shakmaty::{CastlingMode, Chess, fen::Fen};

/// Why a FEN could not give a chess position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    fen: String,
    why: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad FEN {:?}: {}", self.fen, self.why)
    }
}

impl std::error::Error for FenError {}

/// The position of a FEN, X-FEN or Shredder-FEN. Castling follows Chess960
/// rules (castling moves written as the king taking its rook in UCI) when
/// the castling rights name a rook that standard chess would not have, as
/// X-FEN and Shredder-FEN do for Chess960 games.
///
/// ```
/// use chess_notation::position_from_fen;
/// use shakmaty::{CastlingMode, Position};
///
/// let standard = position_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")?;
/// assert_eq!(standard.castles().mode(), CastlingMode::Standard);
/// let shredder = position_from_fen("nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1")?;
/// assert_eq!(shredder.castles().mode(), CastlingMode::Chess960);
/// # Ok::<_, chess_notation::FenError>(())
/// ```
///
/// # Errors
///
/// [`FenError`] when the text is not FEN or the position is not a legal
/// chess position.
pub fn position_from_fen(fen: &str) -> Result<Chess, FenError> {
    let error = |why: String| FenError {
        fen: fen.to_owned(),
        why,
    };
    let parsed: Fen = fen.trim().parse().map_err(|e| error(format!("{e}")))?;
    let mode = CastlingMode::detect(parsed.as_setup());
    parsed
        .into_position(mode)
        .map_err(|e| error(format!("{e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_fens_are_errors() {
        let err = position_from_fen("not a fen").unwrap_err();
        assert!(err.to_string().starts_with("bad FEN"));
        assert!(position_from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
    }
}
