//! A position as the move generator sees it: the pieces and the side to move, as bit masks in
//! the layout of the board's geometry.

use crate::color::Color;
use crate::mask::Mask;

/// Pieces and the side to move, in the bit layout of a [`Geometry`](crate::geometry::Geometry).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Bits<B> {
    pub white: B,
    pub black: B,
    pub kings: B,
    pub side: Color,
}

impl<B: Mask> Bits<B> {
    /// The pieces of `color`.
    #[inline(always)]
    pub(crate) fn of(&self, color: Color) -> B {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The pieces of the side to move.
    #[inline(always)]
    pub(crate) fn own(&self) -> B {
        self.of(self.side)
    }

    /// The pieces of the side not to move.
    #[inline(always)]
    pub(crate) fn opp(&self) -> B {
        self.of(!self.side)
    }

    /// The same position in another mask width (the caller knows the pieces fit).
    #[inline(always)]
    pub(crate) fn cast<C: Mask>(&self) -> Bits<C> {
        Bits {
            white: C::narrow(self.white.wide()),
            black: C::narrow(self.black.wide()),
            kings: C::narrow(self.kings.wide()),
            side: self.side,
        }
    }
}
