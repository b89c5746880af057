//! A descriptive word read without the position: squares as sets of files and of ranks
//! counted from the moving side, wings, and the move [`Pattern`] that the legal moves of a
//! position are matched against.

use shakmaty::{CastlingSide, Color, Move, Role, Square};

/// A wing named with a piece (`KR`, `QN`, Spanish `TR`, `CD`): the piece that
/// started on that side, or the one furthest toward it (see
/// [`fitting_in`](super::fitting::fitting_in)).
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
    /// A drop (Crazyhouse), which descriptive notation writes as algebraic does (`N@e3`).
    Drop(Role, Square),
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

    pub(crate) fn matches(&self, m: Move, turn: Color) -> bool {
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
