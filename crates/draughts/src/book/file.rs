//! The book's file: reading it (every move checked against the rules) and writing it.
//!
//! `SSBK`, the format version (u16, little-endian), the length of the variant's name (u8) and
//! the name, the number of positions (u32), then each position in the book's order:
//!
//! - a byte: bit 0 set when Black is to move, bit 1 when there are kings;
//! - White's squares, Black's squares and, when there are kings, the kings' squares, each a
//!   set of square indices in as many bytes as the board needs (7 on 10×10), little-endian;
//! - the number of moves (u8, at least 1), then each move: its start and end square indices
//!   (u8 each), the number of pieces it takes (u8) and their square indices, the games that
//!   played it and their half-points (unsigned LEB128 each), and its engine score (i16).

use std::path::Path;

use super::{Book, BookMove, Key};
use crate::color::Color;
use crate::square::Square;
use crate::square_set::SquareSet;
use crate::variant::Variant;

/// The version of the book file's format: a file of another version is refused.
pub const FORMAT_VERSION: u16 = 1;

/// The first bytes of a book file.
const MAGIC: &[u8; 4] = b"SSBK";

/// Why a book file was refused, or a move not added to a book.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// It does not start with the format's mark.
    #[error("not a scoresheet opening book (it does not start with SSBK)")]
    NotBook,
    /// It is of another version of the format.
    #[error("opening book format {found}, this build reads format {FORMAT_VERSION}")]
    Version {
        /// The file's version.
        found: u16,
    },
    /// Its variant is not known.
    #[error("opening book for an unknown variant {0:?}")]
    UnknownVariant(String),
    /// It is the book of another variant than the one asked for.
    #[error("opening book of {found} where one of {expected} is needed")]
    OtherVariant {
        /// The variant of the book (or of the position).
        found: &'static str,
        /// The variant needed.
        expected: &'static str,
    },
    /// It ends in the middle of its data.
    #[error("opening book cut short")]
    Truncated,
    /// Bytes follow its last position.
    #[error("opening book with {0} bytes after its last position")]
    Trailing(usize),
    /// A position that cannot be: pieces off the board or on one square, kings that are
    /// nobody's, no move, or the position twice.
    #[error("opening book position {index} is not a position of its variant, or has no move")]
    BadPosition {
        /// The position's place in the file, from 0.
        index: usize,
    },
    /// A move that is not legal in its position.
    #[error("opening book move {from}-{to} is not legal in {position}")]
    IllegalMove {
        /// The position, in FEN.
        position: String,
        /// The move's start square number.
        from: u32,
        /// The move's end square number.
        to: u32,
    },
}

/// A reader of the file's bytes, failing with [`BookError::Truncated`] at their end.
struct Bytes<'a> {
    rest: &'a [u8],
}

impl<'a> Bytes<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], BookError> {
        if self.rest.len() < n {
            return Err(BookError::Truncated);
        }
        let (head, rest) = self.rest.split_at(n);
        self.rest = rest;
        Ok(head)
    }

    fn u8(&mut self) -> Result<u8, BookError> {
        Ok(self.take(1)?[0])
    }

    fn set(&mut self, n: usize) -> Result<u128, BookError> {
        let mut wide = [0u8; 16];
        wide[..n].copy_from_slice(self.take(n)?);
        Ok(u128::from_le_bytes(wide))
    }

    /// An unsigned LEB128 number of at most 32 bits.
    fn varint(&mut self) -> Result<u32, BookError> {
        let mut value = 0u64;
        for shift in (0..35).step_by(7) {
            let b = self.u8()?;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return u32::try_from(value).map_err(|_| BookError::Truncated);
            }
        }
        Err(BookError::Truncated)
    }
}

fn put_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v & 0x7f) as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Bytes of a set of square indices on a board of `squares` squares.
fn set_bytes(squares: u8) -> usize {
    usize::from(squares).div_ceil(8)
}

impl Book {
    /// Reads a book file of any known variant, checking every move against the rules.
    ///
    /// ```
    /// use draughts::{Book, BookError, Variant};
    /// let book = Book::builtin(&Variant::INTERNATIONAL).unwrap();
    /// assert_eq!(Book::from_bytes(&book.to_bytes()).as_ref(), Ok(book));
    /// assert_eq!(Book::from_bytes(b"GIF89a"), Err(BookError::NotBook));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < 7 || &bytes[..4] != MAGIC {
            return Err(BookError::NotBook);
        }
        let found = u16::from_le_bytes([bytes[4], bytes[5]]);
        if found != FORMAT_VERSION {
            return Err(BookError::Version { found });
        }
        let mut r = Bytes { rest: &bytes[6..] };
        let name_len = usize::from(r.u8()?);
        let name = String::from_utf8_lossy(r.take(name_len)?).into_owned();
        let variant = Variant::ALL
            .into_iter()
            .find(|v| v.name == name)
            .ok_or(BookError::UnknownVariant(name))?;
        let mut book = Book::new(variant);
        let squares = variant.size.squares();
        let board = if squares == 128 {
            u128::MAX
        } else {
            (1u128 << squares) - 1
        };
        let n = set_bytes(squares);
        let count = u32::from_le_bytes(r.take(4)?.try_into().expect("4 bytes"));
        for index in 0..count as usize {
            let bad = BookError::BadPosition { index };
            let flags = r.u8()?;
            let side = if flags & 1 == 1 {
                Color::Black
            } else {
                Color::White
            };
            let (white, black) = (r.set(n)?, r.set(n)?);
            let kings = if flags & 2 == 2 { r.set(n)? } else { 0 };
            if flags & !3 != 0
                || white & black != 0
                || (white | black) & !board != 0
                || kings & !(white | black) != 0
            {
                return Err(bad);
            }
            let key = Key {
                side,
                white,
                black,
                kings,
            };
            let pos = key.position(variant);
            let legal = pos.legal_moves();
            let moves = usize::from(r.u8()?);
            if moves == 0 || book.positions.contains_key(&key) {
                return Err(bad);
            }
            let mut read = Vec::with_capacity(moves);
            for _ in 0..moves {
                let (from, to) = (r.u8()?, r.u8()?);
                let taken = usize::from(r.u8()?);
                let mut captured = SquareSet::EMPTY;
                for _ in 0..taken {
                    let i = r.u8()?;
                    captured.insert(Square::from_index(i, variant.size).ok_or(bad.clone())?);
                }
                let (games, points) = (r.varint()?, r.varint()?);
                let engine_score = i16::from_le_bytes([r.u8()?, r.u8()?]);
                let square = |i| Square::from_index(i, variant.size).ok_or(bad.clone());
                let (from, to) = (square(from)?, square(to)?);
                let Some(mv) = legal
                    .iter()
                    .find(|m| m.from() == from && m.to() == to && m.captured() == captured)
                else {
                    return Err(BookError::IllegalMove {
                        position: pos.to_fen(),
                        from: from.number(),
                        to: to.number(),
                    });
                };
                if read.iter().any(|m: &BookMove| m.mv == *mv) {
                    return Err(bad);
                }
                read.push(BookMove {
                    mv: mv.clone(),
                    games,
                    points,
                    engine_score,
                });
            }
            book.positions.insert(key, read);
        }
        if !r.rest.is_empty() {
            return Err(BookError::Trailing(r.rest.len()));
        }
        Ok(book)
    }

    /// Reads a book file, which must be of `variant` ([`BookError::OtherVariant`] if not).
    pub fn from_bytes_of(bytes: &[u8], variant: &Variant) -> Result<Book, BookError> {
        let book = Book::from_bytes(bytes)?;
        if book.variant != variant {
            return Err(BookError::OtherVariant {
                found: book.variant.name,
                expected: variant.interned().name,
            });
        }
        Ok(book)
    }

    /// The book file.
    ///
    /// # Panics
    /// When a position has more than 255 moves, or a move's start, end or captures are not
    /// squares of the board (neither can be in a book made by [`Book::insert`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let name = self.variant.name.as_bytes();
        let n = set_bytes(self.variant.size.squares());
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.push(u8::try_from(name.len()).expect("a short variant name"));
        out.extend_from_slice(name);
        let count = u32::try_from(self.positions.len()).expect("fewer than 2^32 positions");
        out.extend_from_slice(&count.to_le_bytes());
        for (key, moves) in &self.positions {
            let kings = key.kings != 0;
            out.push(u8::from(key.side == Color::Black) | u8::from(kings) << 1);
            out.extend_from_slice(&key.white.to_le_bytes()[..n]);
            out.extend_from_slice(&key.black.to_le_bytes()[..n]);
            if kings {
                out.extend_from_slice(&key.kings.to_le_bytes()[..n]);
            }
            out.push(u8::try_from(moves.len()).expect("at most 255 book moves"));
            for m in moves {
                out.push(m.mv.from().index());
                out.push(m.mv.to().index());
                let captured = m.mv.captured();
                out.push(captured.len() as u8);
                out.extend(captured.iter().map(Square::index));
                put_varint(&mut out, m.games);
                put_varint(&mut out, m.points);
                out.extend_from_slice(&m.engine_score.to_le_bytes());
            }
        }
        out
    }

    /// Writes the book file to `path`.
    pub fn save(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        std::fs::write(path, self.to_bytes())
    }
}
