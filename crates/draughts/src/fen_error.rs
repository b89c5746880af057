//! Errors of FEN lines: what is wrong, and at which character.

use crate::color::Color;
use crate::square::SquareError;

/// What is wrong with a FEN line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenErrorKind {
    /// Nothing but spaces.
    #[error("the FEN is empty")]
    Empty,
    /// The first letter is not W, B or ?.
    #[error("expected the side to move (W, B or ?), found `{0}`")]
    BadSideToMove(char),
    /// A colon was expected.
    #[error("expected `:` before the next list of pieces, found `{0}`")]
    ExpectedColon(char),
    /// A list must start with W or B.
    #[error("expected W or B to start a list of pieces, found `{0}`")]
    ExpectedColor(char),
    /// The same colour has two lists.
    #[error("the {0} pieces are listed twice")]
    ColorTwice(Color),
    /// A bad square.
    #[error("{0}")]
    Square(SquareError),
    /// A square was expected.
    #[error("expected a square, found `{0}`")]
    ExpectedSquare(String),
    /// A range whose end is below its start.
    #[error("the range {0}-{1} runs backwards")]
    BackwardRange(u32, u32),
    /// Two pieces on one square.
    #[error("square {0} is given twice")]
    SquareTwice(u32),
    /// A man on the row where it would have been crowned.
    #[error("a {color} man cannot stand on square {square}: it would have been crowned there", color = .color.name())]
    ManOnCrowningRow {
        /// The man's side.
        color: Color,
        /// The square's number.
        square: u32,
    },
    /// Text after the end.
    #[error("unexpected `{0}` after the end of the FEN")]
    Trailing(char),
    /// The side to move was given as `?` where one is needed.
    #[error("the side to move is `?`: say who moves")]
    UnknownSideToMove,
}

/// A FEN line that could not be read: what is wrong and at which character (1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("FEN, character {column}: {kind}")]
pub struct FenError {
    /// 1-based character position in the FEN text.
    pub column: usize,
    /// What is wrong.
    pub kind: FenErrorKind,
}
