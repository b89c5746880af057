//! Starting positions from FEN, with the castling mode the FEN implies; also read leniently,
//! as python-chess and lichess read a FEN tag, dropping castling rights and an en passant
//! square that cannot be.

use core::fmt;

use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{
    CastlingMode, Chess, EnPassantMode, FromSetup, Position, PositionError, PositionErrorKinds,
    Setup, Square, fen::Fen,
};

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
    let parsed = parse(fen)?;
    let mode = CastlingMode::detect(parsed.as_setup());
    parsed.into_position(mode).map_err(|e| fen_error(fen, &e))
}

/// What [`position_from_fen_repaired`] dropped from a FEN to make it a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenRepair {
    /// Castling rights whose king or rook is not on its square (as FEN writes them: `KQkq`,
    /// or the rook's file for another rook).
    Castling(String),
    /// An en passant square that no pawn can just have passed.
    EnPassant(Square),
}

impl fmt::Display for FenRepair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenRepair::Castling(rights) => write!(
                f,
                "castling rights `{rights}` dropped: the king or rook they need is not on its square"
            ),
            FenRepair::EnPassant(sq) => write!(
                f,
                "en passant square {sq} dropped: no pawn can just have passed it"
            ),
        }
    }
}

/// The position of a FEN as [`position_from_fen`] reads it (in Chess960 mode if `chess960`),
/// except that castling rights and an en passant square that cannot be are dropped, and said
/// (as python-chess and lichess read a FEN tag). Anything else wrong is an error.
///
/// ```
/// use chess_notation::{FenRepair, position_from_fen_repaired};
/// use shakmaty::Square;
///
/// // White has no rooks left; no black pawn has passed e6.
/// let fen = "r3k2r/8/8/8/8/8/8/4K3 w KQkq e6 0 1";
/// let (pos, repairs) = position_from_fen_repaired(fen, false)?;
/// assert_eq!(
///     repairs,
///     [FenRepair::Castling("KQ".into()), FenRepair::EnPassant(Square::E6)]
/// );
/// assert_eq!(shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string(),
///     "r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1");
/// assert!(chess_notation::position_from_fen(fen).is_err());
/// # Ok::<_, chess_notation::FenError>(())
/// ```
///
/// Rights written `KQkq` are read as standard chess's when some must go (a king that has
/// left e1 keeps no right to a rook on a1), unless the game is Chess960; rights that name
/// files (Shredder-FEN), and `KQkq` rights that all hold as Chess960's (X-FEN), are read as
/// [`position_from_fen`] reads them.
///
/// # Errors
///
/// [`FenError`] when the text is not FEN or the position is not a legal chess position
/// for another reason.
pub fn position_from_fen_repaired(
    fen: &str,
    chess960: bool,
) -> Result<(Chess, Vec<FenRepair>), FenError> {
    repaired(fen, chess960, Chess::from_setup)
}

/// [`position_from_fen_repaired`] in a variant's rules: the pockets of Crazyhouse
/// (`[QNrp]` or `/QNrp`) and the checks left of Three-check (`3+3` or `+2+1`) as FEN
/// writes them.
///
/// ```
/// use chess_notation::variant_position_from_fen_repaired;
/// use shakmaty::Position;
/// use shakmaty::variant::Variant;
///
/// let fen = "r1bqkbnr/ppp2ppp/2n5/4p3/4P3/5N2/PPP2PPP/RNBQKB1R/Pp w KQkq - 0 4";
/// let (pos, repairs) = variant_position_from_fen_repaired(fen, Variant::Crazyhouse, false)?;
/// assert!(repairs.is_empty());
/// assert_eq!(pos.pockets().unwrap().white.pawn, 1);
/// # Ok::<_, chess_notation::FenError>(())
/// ```
///
/// # Errors
///
/// As [`position_from_fen_repaired`].
pub fn variant_position_from_fen_repaired(
    fen: &str,
    variant: Variant,
    chess960: bool,
) -> Result<(VariantPosition, Vec<FenRepair>), FenError> {
    // shakmaty's own error, which carries the position for repair: large, and once per game.
    #[allow(clippy::result_large_err)]
    let make = |setup, mode| VariantPosition::from_setup(variant, setup, mode);
    repaired(fen, chess960, make)
}

/// The position of `fen` as `make` makes it of a setup, what must go dropped.
fn repaired<P: Position>(
    fen: &str,
    chess960: bool,
    make: impl Fn(Setup, CastlingMode) -> Result<P, PositionError<P>>,
) -> Result<(P, Vec<FenRepair>), FenError> {
    let parsed = parse(fen)?;
    let setup = parsed.into_setup();
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::detect(&setup)
    };
    let mode = match make(setup.clone(), mode) {
        Ok(pos) => return Ok((pos, Vec::new())),
        // Rights written `KQkq` in a game not said to be Chess960 are standard chess's: what
        // must go is dropped as standard chess reads them (as lichess does), not kept as
        // Chess960 rights to whatever rook stands outside the king.
        Err(_) if !chess960 && standard_letters(fen) => CastlingMode::Standard,
        Err(_) => mode,
    };
    let error = match make(setup.clone(), mode) {
        Ok(pos) => return Ok((pos, Vec::new())),
        Err(error) => error,
    };
    let kinds = error.kinds();
    let pos = error
        .ignore_invalid_castling_rights()
        .or_else(PositionError::ignore_invalid_ep_square)
        .map_err(|e| fen_error(fen, &e))?;
    let mut repairs = Vec::new();
    if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
        // The letters written that the position's own FEN no longer has.
        let kept = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        let kept = kept.split_whitespace().nth(2).unwrap_or("-");
        let written = fen.split_whitespace().nth(2).unwrap_or("-");
        let dropped: String = written
            .chars()
            .filter(|&c| c != '-' && !kept.contains(c))
            .collect();
        if !dropped.is_empty() {
            repairs.push(FenRepair::Castling(dropped));
        }
    }
    if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE)
        && let Some(sq) = setup.ep_square
    {
        repairs.push(FenRepair::EnPassant(sq));
    }
    Ok((pos, repairs))
}

/// Whether the castling field of `fen` uses only `K`, `Q`, `k`, `q` (or is `-`).
fn standard_letters(fen: &str) -> bool {
    fen.split_whitespace()
        .nth(2)
        .is_none_or(|field| field.bytes().all(|b| b"KQkq-".contains(&b)))
}

/// The FEN text taken apart.
fn parse(fen: &str) -> Result<Fen, FenError> {
    fen.trim().parse().map_err(|e| FenError {
        fen: fen.to_owned(),
        why: format!("{e}"),
    })
}

/// The error of a FEN whose position is not legal.
fn fen_error<P>(fen: &str, e: &PositionError<P>) -> FenError {
    FenError {
        fen: fen.to_owned(),
        why: e.to_string(),
    }
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
