//! What the two descriptive systems share: squares named from the moving
//! side's point of view, move patterns that several legal moves may fit, and
//! the writer that looks for the shortest text naming exactly one move.
//!
//! A file is named after the piece that starts on it (the same name for
//! both sides); a rank is counted from the moving side's first rank. A
//! descriptive word is read into a [`Pattern`], which the legal moves of the
//! position are matched against; the words of a line are then resolved with
//! lookahead (see `line.rs`).

use shakmaty::{CastlingSide, Color, Move, MoveList, Position, Role, Square};

use crate::error::{MoveError, illegal};
use crate::language::role_name;
use crate::origins::Origins;
use crate::{DescriptiveSystem, Notation};

/// A wing named with a piece (`KR`, `QN`, Spanish `TR`, `CD`): the piece that
/// started on that side, or the one furthest toward it (see [`fitting_in`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Wing {
    King,
    Queen,
}

/// Squares as sets of files (bit 0 = a-file) and ranks counted from the
/// moving side (bit 0 = its first rank).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spec {
    pub(crate) files: u8,
    pub(crate) ranks: u8,
}

impl Spec {
    pub(crate) const ANY: Spec = Spec {
        files: 0xff,
        ranks: 0xff,
    };

    pub(crate) fn contains(self, square: Square, turn: Color) -> bool {
        let ranks = match turn {
            Color::White => self.ranks,
            Color::Black => self.ranks.reverse_bits(),
        };
        self.files & (1 << square.file() as u8) != 0 && ranks & (1 << square.rank() as u8) != 0
    }
}

/// The rank of `square` counted from `turn`'s side, 1 to 8.
pub(crate) fn relative_rank(square: Square, turn: Color) -> u8 {
    match turn {
        Color::White => square.rank() as u8 + 1,
        Color::Black => 8 - square.rank() as u8,
    }
}

/// A move word of descriptive notation, read without the position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pattern {
    Castle(CastlingSide),
    /// `castles` without its side: either castling.
    EitherCastle,
    Move(MovePattern),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct MovePattern {
    pub(crate) role: Role,
    pub(crate) wing: Option<Wing>,
    pub(crate) from: Spec,
    pub(crate) capture: bool,
    /// The destination of a quiet move; for a capture, where the taken piece
    /// stands (or, tolerated, where the capturing piece lands).
    pub(crate) to: Spec,
    /// The piece taken, when the capture names one.
    pub(crate) captured: Option<Role>,
    pub(crate) captured_wing: Option<Wing>,
    pub(crate) promotion: Option<Role>,
    /// Marked as en passant (`e.p.`): only an en passant capture fits.
    pub(crate) en_passant: bool,
}

impl MovePattern {
    pub(crate) const fn new(role: Role) -> MovePattern {
        MovePattern {
            role,
            wing: None,
            from: Spec::ANY,
            capture: false,
            to: Spec::ANY,
            captured: None,
            captured_wing: None,
            promotion: None,
            en_passant: false,
        }
    }

    fn matches(&self, m: Move, turn: Color) -> bool {
        let (from, to) = match m {
            Move::Normal { from, to, .. } | Move::EnPassant { from, to } => (from, to),
            Move::Castle { .. } | Move::Put { .. } => return false,
        };
        if m.role() != self.role || !self.from.contains(from, turn) {
            return false;
        }
        if self.promotion.is_some() && m.promotion() != self.promotion {
            return false;
        }
        if self.en_passant && !m.is_en_passant() {
            return false;
        }
        if self.capture {
            let taken_at = match m {
                Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
                _ => to,
            };
            m.is_capture()
                && self.captured.is_none_or(|c| m.capture() == Some(c))
                && (self.to.contains(taken_at, turn) || self.to.contains(to, turn))
        } else {
            !m.is_capture() && self.to.contains(to, turn)
        }
    }
}

fn keep_wing(moves: &mut MoveList, wing: Option<Wing>, square: impl Fn(&Move) -> Square) {
    let Some(wing) = wing else { return };
    let files = moves.iter().map(|m| square(m).file());
    let target = match wing {
        Wing::King => files.max(),
        Wing::Queen => files.min(),
    };
    if let Some(target) = target {
        moves.retain(|m| square(m).file() == target);
    }
}

/// The legal moves of `pos` that fit `pattern`, from a precomputed list of
/// legal moves. A wing names the piece furthest toward it (nothing is known of
/// where pieces started: see [`fitting_in`]).
pub(crate) fn fitting(legal: &MoveList, turn: Color, pattern: &Pattern) -> MoveList {
    match pattern {
        Pattern::Move(p) => {
            let mut moves = matching(legal, turn, p);
            keep_by_position(&mut moves, p);
            moves
        }
        _ => castling(legal, pattern),
    }
}

/// Keeps, of several moves, those whose piece (and taken piece) stand furthest toward the
/// wings the pattern names.
fn keep_by_position(moves: &mut MoveList, p: &MovePattern) {
    if moves.len() > 1 {
        keep_wing(moves, p.wing, |m| m.from().unwrap_or(m.to()));
    }
    if moves.len() > 1 {
        keep_wing(moves, p.captured_wing, |m| m.to());
    }
}

/// [`fitting`] in a line read from a known start, where `origins` tells where pieces
/// started: a wing names first the piece that started on it (what books mean by the king's
/// knight), then, when that is not the one furthest toward the wing, that one too (what
/// other books mean). The moves come in that order; the number returned is how many come
/// first by where the pieces started (all of them when that decides nothing).
pub(crate) fn fitting_in(
    legal: &MoveList,
    turn: Color,
    pattern: &Pattern,
    origins: &Origins,
) -> (MoveList, usize) {
    let p = match pattern {
        Pattern::Move(p) if p.wing.is_some() || p.captured_wing.is_some() => p,
        _ => {
            let moves = fitting(legal, turn, pattern);
            let n = moves.len();
            return (moves, n);
        }
    };
    let moves = matching(legal, turn, p);
    if moves.len() < 2 {
        let n = moves.len();
        return (moves, n);
    }
    let started =
        |wing: Option<Wing>, square: Square| wing.is_none_or(|w| origins.wing(square) == Some(w));
    let mut out = moves.clone();
    out.retain(|m| {
        started(p.wing, m.from().unwrap_or(m.to())) && started(p.captured_wing, taken_square(*m))
    });
    let by_origin = out.len();
    let mut by_position = moves;
    keep_by_position(&mut by_position, p);
    if by_origin == 0 {
        let n = by_position.len();
        return (by_position, n);
    }
    for m in by_position {
        if !out.contains(&m) {
            out.push(m);
        }
    }
    (out, by_origin)
}

fn castling(legal: &MoveList, pattern: &Pattern) -> MoveList {
    let mut moves = legal.clone();
    match pattern {
        Pattern::Castle(side) => moves.retain(|m| m.castling_side() == Some(*side)),
        _ => moves.retain(|m| m.is_castle()),
    }
    moves
}

/// The legal moves that fit a move pattern, wings aside.
fn matching(legal: &MoveList, turn: Color, p: &MovePattern) -> MoveList {
    let mut moves = legal.clone();
    moves.retain(|m| p.matches(*m, turn));
    if p.capture
        && !p.en_passant
        && moves.iter().any(|m| m.is_en_passant())
        && moves.iter().any(|m| !m.is_en_passant())
    {
        // An unmarked capture that may be an ordinary capture or en passant of the same
        // pawn is the ordinary one.
        moves.retain(|m| !m.is_en_passant());
    }
    moves
}

/// Parses a word of the given system.
pub(crate) fn parse(word: &str, system: DescriptiveSystem) -> Option<Pattern> {
    match system {
        DescriptiveSystem::Spanish => crate::descriptive_spanish::parse(word),
        DescriptiveSystem::English => crate::descriptive_english::parse(word),
    }
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
    };
    illegal(word, why)
}

/// Picks the first of `forms` (texts in order of preference) that names
/// exactly the move `m` among `legal`; falls back to the last one.
pub(crate) fn first_unique(
    forms: impl IntoIterator<Item = String>,
    system: DescriptiveSystem,
    legal: &MoveList,
    turn: Color,
    m: Move,
) -> String {
    let mut last = String::new();
    for form in forms {
        if let Some(pattern) = parse(&form, system) {
            let fit = fitting(legal, turn, &pattern);
            if fit.len() == 1 && fit[0] == m {
                return form;
            }
        }
        last = form;
    }
    last
}

/// The role taken by a capture, counting en passant.
pub(crate) fn taken(m: Move) -> Option<Role> {
    m.capture()
}

/// The square of the piece a capture takes (not the landing square for en
/// passant).
pub(crate) fn taken_square(m: Move) -> Square {
    match m {
        Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
        _ => m.to(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_ranks() {
        assert_eq!(relative_rank(Square::E4, Color::White), 4);
        assert_eq!(relative_rank(Square::E5, Color::Black), 4);
        let fourth = Spec {
            files: 1 << 4,
            ranks: 1 << 3,
        };
        assert!(fourth.contains(Square::E4, Color::White));
        assert!(fourth.contains(Square::E5, Color::Black));
        assert!(!fourth.contains(Square::E4, Color::Black));
    }
}
