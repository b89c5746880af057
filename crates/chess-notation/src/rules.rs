//! The positions whose moves this crate reads and writes: standard chess and Chess960
//! ([`Chess`]), and the variants of the big sites ([`VariantPosition`]: Crazyhouse, Atomic,
//! Antichess, King of the Hill, Three-check, Horde, Racing Kings).

use std::fmt::Debug;

use shakmaty::variant::VariantPosition;
use shakmaty::{Chess, Position};

/// A chess position of any rules shakmaty knows. The notations are the same for all; the
/// quick ways to read standard chess apply only where [`ChessRules::as_chess`] says the rules
/// are standard.
///
/// ```
/// use chess_notation::ChessRules;
/// use shakmaty::variant::{Variant, VariantPosition};
///
/// assert!(shakmaty::Chess::default().as_chess().is_some());
/// assert!(VariantPosition::new(Variant::Crazyhouse).as_chess().is_none());
/// ```
pub trait ChessRules: Position + Clone + Debug {
    /// The position as standard chess, where its rules are standard chess's.
    fn as_chess(&self) -> Option<&Chess>;

    /// The position with the other side to move and nothing moved (a null move), unless
    /// that is no position (the side to move is in check).
    fn pass(self) -> Option<Self>;
}

impl ChessRules for Chess {
    #[inline(always)]
    fn as_chess(&self) -> Option<&Chess> {
        Some(self)
    }

    #[inline]
    fn pass(self) -> Option<Self> {
        self.swap_turn().ok()
    }
}

impl ChessRules for VariantPosition {
    #[inline]
    fn as_chess(&self) -> Option<&Chess> {
        match self {
            VariantPosition::Chess(pos) => Some(pos),
            _ => None,
        }
    }

    fn pass(self) -> Option<Self> {
        self.swap_turn().ok()
    }
}
