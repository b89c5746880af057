//! Board sizes, the names of the playable (dark) squares, and the error of a name that names
//! none.
//!
//! Only dark squares are used. They are numbered from 1, starting on the top row of the
//! diagram (Black's back row, White at the bottom), left to right, row by row: on 8×8, 1 is
//! b8, 4 is h8, 5 is a7, 29 is a1 and 32 is g1; on 10×10, 1 is b10, 5 is j10, 46 is a1 and
//! 50 is i1; on 12×12, 1 is b12, 6 is l12, 67 is a1 and 72 is k1. The Italian and Spanish
//! board is turned: a1 is light, so 1 is a8, 4 is g8 and 32 is h1. The algebraic name gives
//! the file from White's left (`a`) and the rank from White's side (`1`).

use std::fmt;

/// The boards of the supported variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardSize {
    /// 8×8 with a dark square in White's left corner, 32 playable squares (American,
    /// Russian, Brazilian, Pool, Czech, Thai).
    Eight,
    /// 8×8 turned a quarter, a light square in White's left corner (Italian, Spanish).
    EightTurned,
    /// 10×10, 50 playable squares (International and its family, Frisian).
    Ten,
    /// 12×12, 72 playable squares (Canadian).
    Twelve,
}

impl BoardSize {
    /// Files (and ranks) on a side of the board: 8, 10 or 12.
    pub const fn side(self) -> u8 {
        match self {
            BoardSize::Eight | BoardSize::EightTurned => 8,
            BoardSize::Ten => 10,
            BoardSize::Twelve => 12,
        }
    }

    /// Number of playable squares: 32, 50 or 72.
    pub const fn squares(self) -> u8 {
        self.side() * self.side() / 2
    }

    /// Playable squares on one row: 4, 5 or 6.
    pub const fn per_row(self) -> u8 {
        self.side() / 2
    }

    /// Whether the board is turned (a1 light, square 1 in the top left corner).
    pub const fn turned(self) -> bool {
        matches!(self, BoardSize::EightTurned)
    }

    /// Every square of the board, in number order.
    pub fn all_squares(self) -> impl Iterator<Item = Square> {
        (0..self.squares()).map(Square)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.side();
        write!(f, "{n}×{n}")
    }
}

/// A playable square, stored as its 0-based index (number − 1).
///
/// A square does not know the size of its board; functions that need it take a
/// [`BoardSize`].
///
/// ```
/// use draughts::{BoardSize, Square};
/// let s = Square::from_number(29, BoardSize::Eight).unwrap();
/// assert_eq!(s.algebraic(BoardSize::Eight), "a1");
/// assert_eq!(Square::parse("b10", BoardSize::Ten).unwrap().number(), 1);
/// assert!(Square::parse("a2", BoardSize::Eight).is_err()); // a light square
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with the given 0-based index, if the board has it.
    pub fn from_index(index: u8, size: BoardSize) -> Option<Square> {
        (index < size.squares()).then_some(Square(index))
    }

    /// The square with the given number (1-based).
    pub fn from_number(number: u32, size: BoardSize) -> Result<Square, SquareError> {
        if number >= 1 && number <= u32::from(size.squares()) {
            Ok(Square((number - 1) as u8))
        } else {
            Err(SquareError::OutOfRange { number, size })
        }
    }

    /// The square at a file (0 = a) and rank (1-based, from White's side).
    pub fn from_coords(file: u8, rank: u8, size: BoardSize) -> Result<Square, SquareError> {
        let side = size.side();
        if file >= side || rank == 0 || rank > side {
            return Err(SquareError::OffBoard {
                name: coords_name(file, rank),
                size,
            });
        }
        if (file + rank).is_multiple_of(2) != size.turned() {
            return Err(SquareError::Light {
                name: coords_name(file, rank),
            });
        }
        let row = side - rank; // 0 = top row
        let index = row * size.per_row() + file / 2;
        Ok(Square(index))
    }

    /// A square from an index known to be on the board.
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// 0-based index (number − 1).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The square's number, from 1.
    pub const fn number(self) -> u32 {
        self.0 as u32 + 1
    }

    /// Row from the top of the diagram (0 = the row of square 1).
    pub fn row(self, size: BoardSize) -> u8 {
        self.0 / size.per_row()
    }

    /// File from White's left, 0 = `a`.
    pub fn file(self, size: BoardSize) -> u8 {
        let row = self.row(size);
        let k = self.0 % size.per_row();
        if row.is_multiple_of(2) != size.turned() {
            2 * k + 1
        } else {
            2 * k
        }
    }

    /// Rank from White's side, 1-based.
    pub fn rank(self, size: BoardSize) -> u8 {
        size.side() - self.row(size)
    }

    /// The algebraic name, such as `a1` or `j10`.
    pub fn algebraic(self, size: BoardSize) -> String {
        coords_name(self.file(size), self.rank(size))
    }

    /// Reads a square written as a number (`29`, `06`) or an algebraic name (`a1`, `J10`).
    pub fn parse(text: &str, size: BoardSize) -> Result<Square, SquareError> {
        let t = text.trim();
        let bytes = t.as_bytes();
        match bytes.first() {
            Some(b'0'..=b'9') => {
                if !bytes.iter().all(u8::is_ascii_digit) || bytes.len() > 4 {
                    return Err(SquareError::Syntax {
                        text: t.to_string(),
                    });
                }
                let n: u32 = t.parse().map_err(|_| SquareError::Syntax {
                    text: t.to_string(),
                })?;
                Square::from_number(n, size)
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let file = c.to_ascii_lowercase() - b'a';
                let digits = &bytes[1..];
                if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
                    return Err(SquareError::Syntax {
                        text: t.to_string(),
                    });
                }
                let rank: u8 = t[1..].parse().map_err(|_| SquareError::Syntax {
                    text: t.to_string(),
                })?;
                Square::from_coords(file, rank, size)
            }
            _ => Err(SquareError::Syntax {
                text: t.to_string(),
            }),
        }
    }
}

fn coords_name(file: u8, rank: u8) -> String {
    let letter = if file < 26 {
        (b'a' + file) as char
    } else {
        '?'
    };
    format!("{letter}{rank}")
}

/// A square name that does not name a playable square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// A number outside 1..=32 or 1..=50.
    #[error("square {number} is not on the {size} board (squares 1 to {max})", max = size.squares())]
    OutOfRange {
        /// The number given.
        number: u32,
        /// The board.
        size: BoardSize,
    },
    /// File or rank outside the board.
    #[error("{name} is off the {size} board")]
    OffBoard {
        /// The name given.
        name: String,
        /// The board.
        size: BoardSize,
    },
    /// A light square, which draughts never uses.
    #[error("{name} is a light square; only dark squares are played on")]
    Light {
        /// The name given.
        name: String,
    },
    /// Neither a number nor a letter and a number.
    #[error("`{text}` is not a square: write a number such as 22 or a name such as c3")]
    Syntax {
        /// The text given.
        text: String,
    },
}

/// How a variant writes its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareStyle {
    /// Numbers 1–32, 1–50 or 1–72.
    Numeric,
    /// File letter and rank number, `a1`–`h8` (or `j10`, `l12`).
    Algebraic,
}

impl SquareStyle {
    /// Writes a square in this style.
    pub fn name(self, square: Square, size: BoardSize) -> String {
        match self {
            SquareStyle::Numeric => square.number().to_string(),
            SquareStyle::Algebraic => square.algebraic(size),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each square number has this algebraic name on the board, and the name reads back.
    fn check_names(size: BoardSize, names: &[(u32, &str)]) {
        for &(n, name) in names {
            let sq = Square::from_number(n, size).unwrap();
            assert_eq!(sq.algebraic(size), name, "square {n} on {size:?}");
            assert_eq!(Square::parse(name, size).unwrap(), sq);
        }
    }

    #[test]
    fn eight_by_eight_names() {
        check_names(
            BoardSize::Eight,
            &[
                (1, "b8"),
                (4, "h8"),
                (5, "a7"),
                (8, "g7"),
                (29, "a1"),
                (32, "g1"),
                (22, "c3"),
                (13, "a5"),
                (26, "d2"),
                (23, "e3"),
                (19, "f4"),
                (31, "e1"),
            ],
        );
    }

    #[test]
    fn ten_by_ten_names() {
        check_names(
            BoardSize::Ten,
            &[
                (1, "b10"),
                (5, "j10"),
                (6, "a9"),
                (46, "a1"),
                (50, "i1"),
                (45, "j2"),
            ],
        );
    }

    #[test]
    fn turned_and_twelve_names() {
        check_names(
            BoardSize::EightTurned,
            &[
                (1, "a8"),
                (4, "g8"),
                (5, "b7"),
                (29, "b1"),
                (32, "h1"),
                (17, "a4"),
            ],
        );
        assert!(Square::parse("a1", BoardSize::EightTurned).is_err());
        check_names(
            BoardSize::Twelve,
            &[(1, "b12"), (6, "l12"), (7, "a11"), (67, "a1"), (72, "k1")],
        );
    }

    #[test]
    fn every_square_round_trips() {
        for size in [
            BoardSize::Eight,
            BoardSize::EightTurned,
            BoardSize::Ten,
            BoardSize::Twelve,
        ] {
            for sq in size.all_squares() {
                assert_eq!(Square::parse(&sq.algebraic(size), size), Ok(sq));
                assert_eq!(Square::parse(&sq.number().to_string(), size), Ok(sq));
            }
        }
    }

    #[test]
    fn bad_names_are_errors() {
        let s = BoardSize::Eight;
        assert!(matches!(
            Square::parse("a2", s),
            Err(SquareError::Light { .. })
        ));
        assert!(matches!(
            Square::parse("i1", s),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            Square::parse("a9", s),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            Square::parse("33", s),
            Err(SquareError::OutOfRange { .. })
        ));
        assert!(matches!(
            Square::parse("0", s),
            Err(SquareError::OutOfRange { .. })
        ));
        assert!(matches!(
            Square::parse("", s),
            Err(SquareError::Syntax { .. })
        ));
        assert!(matches!(
            Square::parse("x", s),
            Err(SquareError::Syntax { .. })
        ));
        assert!(matches!(
            Square::parse("é", s),
            Err(SquareError::Syntax { .. })
        ));
        assert!(Square::parse("06", s).is_ok());
        assert!(Square::parse("a10", BoardSize::Ten).is_err());
        assert_eq!(Square::parse("j10", BoardSize::Ten).unwrap().number(), 5);
        assert!(Square::parse("a99999999999", s).is_err());
    }
}
