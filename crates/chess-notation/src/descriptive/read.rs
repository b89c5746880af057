//! Reading a descriptive word in the system asked for: the pattern it stands for, the legal
//! moves that fit it ([`descriptive_candidates`]), and the errors when it is no move of the
//! system or no legal move fits.

use shakmaty::{CastlingSide, Move, Position};

use super::fitting::fitting;
use super::pattern::Pattern;
use crate::error::{MoveError, illegal};
use crate::language::role_name;
use crate::san_read::{self, Parsed, drop_role};
use crate::{DescriptiveSystem, Language, Notation};

/// Parses a word of the given system.
pub(crate) fn parse(word: &str, system: DescriptiveSystem) -> Option<Pattern> {
    let pattern = match system {
        DescriptiveSystem::Spanish => super::spanish::parse(word),
        DescriptiveSystem::English => super::english::parse(word),
    };
    pattern.or_else(|| drop_pattern(word, system))
}

/// A drop, written as algebraic notation writes it (`N@e3`, Spanish `C@e3`): descriptive
/// notation has none of its own.
fn drop_pattern(word: &str, system: DescriptiveSystem) -> Option<Pattern> {
    if !word.contains('@') {
        return None;
    }
    let Ok(Parsed::Drop { piece, to }) = san_read::parse(word) else {
        return None;
    };
    let language = match system {
        DescriptiveSystem::Spanish => Language::Spanish,
        DescriptiveSystem::English => Language::English,
    };
    let role = drop_role(piece, language, word).ok()?;
    Some(Pattern::Drop(role, to))
}

/// Every legal move a descriptive word can be in `pos`. There may be several:
/// `PxP` with two pawn captures possible, or `B-B4` with a bishop able to
/// reach both bishop-four squares. A line reader settles these with the
/// moves that follow (see [`read_line`](crate::read_line)).
///
/// ```
/// use chess_notation::{DescriptiveSystem, descriptive_candidates};
/// use shakmaty::{Chess, Square};
///
/// let pos = Chess::default();
/// let moves = descriptive_candidates(&pos, "P-K4", DescriptiveSystem::English)?;
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves[0].to(), Square::E4);
///
/// // Knight to a bishop-three square: c3 or f3.
/// let moves = descriptive_candidates(&pos, "C3A", DescriptiveSystem::Spanish)?;
/// assert_eq!(moves.len(), 2);
/// # Ok::<_, chess_notation::MoveError>(())
/// ```
///
/// # Errors
///
/// [`MoveError::Syntax`] if the word is not a move of the system,
/// [`MoveError::Illegal`] if no legal move fits it.
pub fn descriptive_candidates<P: Position>(
    pos: &P,
    word: &str,
    system: DescriptiveSystem,
) -> Result<Vec<Move>, MoveError> {
    let pattern = parse(word, system).ok_or_else(|| syntax(word, system))?;
    let moves = fitting(&pos.legal_moves(), pos.turn(), &pattern);
    if moves.is_empty() {
        Err(no_fit(word, &pattern))
    } else {
        Ok(moves.to_vec())
    }
}

pub(crate) fn syntax(word: &str, system: DescriptiveSystem) -> MoveError {
    MoveError::Syntax {
        word: word.to_owned(),
        notation: Notation::Descriptive(system),
    }
}

pub(crate) fn no_fit(word: &str, pattern: &Pattern) -> MoveError {
    let why = match pattern {
        Pattern::Castle(CastlingSide::KingSide) => "short castling is not possible here".to_owned(),
        Pattern::Castle(CastlingSide::QueenSide) => "long castling is not possible here".to_owned(),
        Pattern::EitherCastle => "castling is not possible here".to_owned(),
        Pattern::Move(p) if p.capture => match p.captured {
            Some(c) => format!("no {} can take a {} so", role_name(p.role), role_name(c)),
            None => format!("no {} can capture there", role_name(p.role)),
        },
        Pattern::Move(p) => format!("no {} can go there", role_name(p.role)),
        Pattern::Drop(role, to) => format!("no {} can be dropped on {to}", role_name(*role)),
    };
    illegal(word, why)
}
