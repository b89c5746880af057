//! Pieces: men and kings of either colour.

use crate::color::Color;

/// A man or a king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// An uncrowned piece.
    Man,
    /// A crowned piece.
    King,
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

impl Piece {
    /// A man of `color`.
    pub const fn man(color: Color) -> Piece {
        Piece {
            color,
            role: Role::Man,
        }
    }

    /// A king of `color`.
    pub const fn king(color: Color) -> Piece {
        Piece {
            color,
            role: Role::King,
        }
    }

    /// Whether this is a king.
    pub fn is_king(self) -> bool {
        self.role == Role::King
    }
}
