//! FEN: a position on one line, as PDN 3.0 writes it (`W:W31-50:B1-20`).
//!
//! Read tolerantly: upper or lower case, spaces anywhere between items, a trailing dot,
//! ranges (`31-50`), kings marked `K`, squares as numbers or algebraic names, the two lists
//! in either order or missing, and `?` for an unknown side to move. Written canonically:
//! numbers, no spaces, no ranges, kings with `K`, squares ascending, White's list first.

use crate::color::Color;
use crate::fen_error::{FenError, FenErrorKind};
use crate::position::Position;
use crate::square::{BoardSize, Square};
use crate::variant::Variant;

/// A FEN line read under a variant: the pieces, and the side to move if the line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fen {
    /// `None` when the line gives `?`.
    pub side: Option<Color>,
    /// The pieces; its side to move is [`Fen::side`], or the variant's first mover for `?`.
    pub position: Position,
}

impl Fen {
    /// Reads a FEN line under `variant`'s board.
    ///
    /// ```
    /// use draughts::{Color, Fen, Variant};
    /// let fen = Fen::parse("w:w 26,28, 31 : b17,19,k20.", Variant::AMERICAN).unwrap();
    /// assert_eq!(fen.side, Some(Color::White));
    /// assert_eq!(fen.position.to_fen(), "W:W26,28,31:B17,19,K20");
    /// assert!(Fen::parse("W:W26,26", Variant::AMERICAN).is_err());
    /// ```
    pub fn parse(text: &str, variant: Variant) -> Result<Fen, FenError> {
        Parser {
            chars: Chars { text, at: 0 },
            text,
            size: variant.size,
            pieces: [0; 2],
            kings: 0,
        }
        .fen(variant)
    }
}

impl Position {
    /// Reads a FEN line; a `?` side to move is an error (see [`Fen::parse`] to accept it).
    pub fn from_fen(text: &str, variant: Variant) -> Result<Position, FenError> {
        let fen = Fen::parse(text, variant)?;
        match fen.side {
            Some(_) => Ok(fen.position),
            None => Err(FenError {
                column: text.find('?').map_or(1, |i| text[..i].chars().count() + 1),
                kind: FenErrorKind::UnknownSideToMove,
            }),
        }
    }

    /// The canonical FEN of this position: `W:W26,28,31:B17,19,K20`.
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(160);
        s.push(self.side_to_move().letter());
        for color in [Color::White, Color::Black] {
            s.push(':');
            s.push(color.letter());
            let kings = self.kings(color);
            for (i, sq) in self.pieces(color).iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                if kings.contains(sq) {
                    s.push('K');
                }
                s.push_str(&sq.number().to_string());
            }
        }
        s
    }
}

/// The characters of a FEN line with their byte offsets, as `char_indices().peekable()` gives
/// them, read a byte at a time while they are ASCII (as FEN lines are).
struct Chars<'a> {
    text: &'a str,
    /// The byte offset of the next character.
    at: usize,
}

impl Chars<'_> {
    #[inline]
    fn peek(&self) -> Option<(usize, char)> {
        let b = *self.text.as_bytes().get(self.at)?;
        if b.is_ascii() {
            Some((self.at, char::from(b)))
        } else {
            self.text[self.at..].chars().next().map(|c| (self.at, c))
        }
    }

    #[inline]
    fn next(&mut self) -> Option<(usize, char)> {
        let (i, c) = self.peek()?;
        self.at += c.len_utf8();
        Some((i, c))
    }

    #[inline]
    fn next_if(&mut self, f: impl FnOnce(&(usize, char)) -> bool) -> Option<(usize, char)> {
        let next = self.peek()?;
        if f(&next) {
            self.at += next.1.len_utf8();
            Some(next)
        } else {
            None
        }
    }
}

struct Parser<'a> {
    chars: Chars<'a>,
    text: &'a str,
    size: BoardSize,
    /// The squares of each colour's pieces read so far, by [`Color`] as an index: bit `i`
    /// for the square of index `i` (the position is made from them once, at the end).
    pieces: [u128; 2],
    /// The squares of the kings read so far, the same way.
    kings: u128,
}

impl Parser<'_> {
    /// 1-based character column of byte offset `at`.
    fn column(&self, at: usize) -> usize {
        self.text[..at].chars().count() + 1
    }

    fn err(&self, at: usize, kind: FenErrorKind) -> FenError {
        FenError {
            column: self.column(at),
            kind,
        }
    }

    fn here(&mut self) -> usize {
        self.chars.at
    }

    #[inline(always)]
    fn skip_spaces(&mut self) {
        while let Some(&b) = self.text.as_bytes().get(self.chars.at) {
            if b.is_ascii() {
                // The ASCII characters that `char::is_whitespace` takes.
                if !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C) {
                    return;
                }
                self.chars.at += 1;
            } else if self.chars.next_if(|&(_, c)| c.is_whitespace()).is_none() {
                return;
            }
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|(_, c)| c)
    }

    fn fen(mut self, variant: Variant) -> Result<Fen, FenError> {
        self.skip_spaces();
        let (at, c) = match self.chars.next() {
            Some(x) => x,
            None => return Err(self.err(0, FenErrorKind::Empty)),
        };
        let side = match c.to_ascii_uppercase() {
            'W' => Some(Color::White),
            'B' => Some(Color::Black),
            '?' => None,
            _ => return Err(self.err(at, FenErrorKind::BadSideToMove(c))),
        };
        let mut seen = [false; 2];
        loop {
            self.skip_spaces();
            let at = self.here();
            match self.chars.next() {
                None => break,
                Some((_, '.')) => {
                    self.skip_spaces();
                    if let Some((i, c)) = self.chars.next() {
                        return Err(self.err(i, FenErrorKind::Trailing(c)));
                    }
                    break;
                }
                Some((_, ':')) => {}
                Some((_, c)) => return Err(self.err(at, FenErrorKind::ExpectedColon(c))),
            }
            self.skip_spaces();
            let at = self.here();
            let color = match self.peek().map(|c| c.to_ascii_uppercase()) {
                // An empty field, as in `W::.`: nothing to read.
                None | Some(':') | Some('.') => continue,
                Some('W') => Color::White,
                Some('B') => Color::Black,
                Some(c) => return Err(self.err(at, FenErrorKind::ExpectedColor(c))),
            };
            self.chars.next();
            let slot = color as usize;
            if seen[slot] {
                return Err(self.err(at, FenErrorKind::ColorTwice(color)));
            }
            seen[slot] = true;
            self.list(color)?;
        }
        let [white, black] = self.pieces;
        let position = Position::from_index_sets(
            variant,
            side.unwrap_or(variant.first),
            white,
            black,
            self.kings,
        );
        Ok(Fen { side, position })
    }

    /// Reads `K18,20-23,...` up to the next `:`, `.` or the end.
    fn list(&mut self, color: Color) -> Result<(), FenError> {
        let per_row = u32::from(self.size.per_row());
        let row = (1u128 << per_row) - 1;
        // The row where `color`'s men would already have crowned.
        let crowning = match color {
            Color::White => row,
            Color::Black => row << (u32::from(self.size.squares()) - per_row),
        };
        loop {
            if self.plain_items(color, crowning)? {
                return Ok(());
            }
            self.skip_spaces();
            match self.peek() {
                None | Some(':') | Some('.') => return Ok(()),
                Some(',') => {
                    self.chars.next();
                    continue;
                }
                _ => {}
            }
            let (king, first, first_at) = self.item()?;
            self.skip_spaces();
            let mut last = first;
            if self.peek() == Some('-') {
                self.chars.next();
                self.skip_spaces();
                let (_, end, _) = self.item()?;
                if end < first {
                    return Err(self.err(
                        first_at,
                        FenErrorKind::BackwardRange(first.number(), end.number()),
                    ));
                }
                last = end;
            }
            for index in first.index()..=last.index() {
                self.place(index, king, color, crowning, first_at)?;
            }
            self.skip_spaces();
            match self.peek() {
                Some(',') => {
                    self.chars.next();
                }
                None | Some(':') | Some('.') => return Ok(()),
                Some(c) => {
                    let at = self.here();
                    return Err(self.err(at, FenErrorKind::ExpectedColon(c)));
                }
            }
        }
    }

    /// Reads the items of a list written the usual way at once, a byte at a time: a square
    /// number, `K` before it for a king, and `,` after it. Stops before anything else (a
    /// space, a range, a name), which [`Parser::list`] reads the general way; `true` when the
    /// list ended (at `:`, `.` or the end of the line).
    #[inline]
    fn plain_items(&mut self, color: Color, crowning: u128) -> Result<bool, FenError> {
        let bytes = self.text.as_bytes();
        let squares = u32::from(self.size.squares());
        loop {
            let start = self.chars.at;
            let king = bytes.get(start) == Some(&b'K');
            let digits = start + usize::from(king);
            let mut at = digits;
            let mut number = 0u32;
            while let Some(&b) = bytes.get(at)
                && b.is_ascii_digit()
                && at - digits < 4
            {
                number = number * 10 + u32::from(b - b'0');
                at += 1;
            }
            let next = bytes.get(at).copied();
            if at == digits
                || number == 0
                || number > squares
                || !matches!(next, None | Some(b',' | b':' | b'.'))
            {
                return Ok(false);
            }
            self.place((number - 1) as u8, king, color, crowning, start)?;
            self.chars.at = at;
            if next != Some(b',') {
                return Ok(true);
            }
            self.chars.at += 1;
        }
    }

    /// Puts a piece of `color` (a king if `king`) on the square of `index`, from the item
    /// at byte `at`: an error if the square is taken, or if a man stands where it would
    /// have crowned (`crowning`, the squares of that row, by index).
    #[inline(always)]
    fn place(
        &mut self,
        index: u8,
        king: bool,
        color: Color,
        crowning: u128,
        at: usize,
    ) -> Result<(), FenError> {
        let bit = 1u128 << index;
        let taken = (self.pieces[0] | self.pieces[1]) & bit != 0;
        if taken || (!king && crowning & bit != 0) {
            return Err(self.misplaced(index, taken, color, at));
        }
        if king {
            self.kings |= bit;
        }
        self.pieces[color as usize] |= bit;
        Ok(())
    }

    /// The error of [`Parser::place`]: the square of `index` `taken`, or else a man of
    /// `color` on its crowning row.
    #[cold]
    #[inline(never)]
    fn misplaced(&self, index: u8, taken: bool, color: Color, at: usize) -> FenError {
        let square = u32::from(index) + 1;
        self.err(
            at,
            if taken {
                FenErrorKind::SquareTwice(square)
            } else {
                FenErrorKind::ManOnCrowningRow { color, square }
            },
        )
    }

    /// Reads an optional `K` and a square. A lowercase `k` marks a king too, except on
    /// boards with a k-file (12×12), where `k` and digits are the square's algebraic name.
    fn item(&mut self) -> Result<(bool, Square, usize), FenError> {
        let start = self.here();
        // Most items are a man's square number: read at once.
        let bytes = self.text.as_bytes();
        let digits = bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if (1..=4).contains(&digits) {
            let number = bytes[start..start + digits]
                .iter()
                .fold(0u32, |n, b| n * 10 + u32::from(b - b'0'));
            if let Ok(sq) = Square::from_number(number, self.size) {
                self.chars.at = start + digits;
                return Ok((false, sq, start));
            }
        }
        let k_file = self.size.side() > 10
            && self.text[start..]
                .strip_prefix('k')
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
        let king = self
            .chars
            .next_if(|&(_, c)| c == 'K' || (c == 'k' && !k_file))
            .is_some();
        self.skip_spaces();
        let at = self.here();
        let mut end = at;
        // A number, or a letter followed by digits.
        if let Some((_, c)) = self.chars.next_if(|&(_, c)| c.is_ascii_alphabetic()) {
            end += c.len_utf8();
        }
        while let Some((i, c)) = self.chars.next_if(|&(_, c)| c.is_ascii_digit()) {
            end = i + c.len_utf8();
        }
        let word = &self.text[at..end];
        if word.is_empty() {
            let found = self
                .peek()
                .map_or_else(|| "the end".to_string(), |c| c.to_string());
            return Err(self.err(at, FenErrorKind::ExpectedSquare(found)));
        }
        match Square::parse(word, self.size) {
            Ok(sq) => Ok((king, sq, start)),
            Err(e) => Err(self.err(at, FenErrorKind::Square(e))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k_is_a_file_on_twelve_by_twelve_and_a_king_elsewhere() {
        let canadian = Position::from_fen("W:Wa1,k1,Kl2:Bb12,l12", Variant::CANADIAN).unwrap();
        assert_eq!(canadian.to_fen(), "W:WK66,67,72:B1,6");
        let international = Position::from_fen("W:Wk1:B45", Variant::INTERNATIONAL).unwrap();
        assert_eq!(international.to_fen(), "W:WK1:B45");
    }
    use crate::square::SquareError;

    fn err(text: &str, v: Variant) -> FenError {
        Fen::parse(text, v).unwrap_err()
    }

    #[test]
    fn canonical_output() {
        let v = Variant::AMERICAN;
        for (input, want) in [
            ("W:W26,28,31:B17,19,20", "W:W26,28,31:B17,19,20"),
            ("W:WK18:B1", "W:WK18:B1"),
            ("B:W:B1", "B:W:B1"),
            ("B:B1", "B:W:B1"),
            ("B:B20,19,17:W31,28,26.", "B:W26,28,31:B17,19,20"),
            (" w : w 26 , 28 ,31 : b 17,19, 20 ", "W:W26,28,31:B17,19,20"),
            ("W:Wd2,e3:Bb4", "W:W23,26:B17"),
            ("B:W21-24,K25:B1-3", "B:W21,22,23,24,K25:B1,2,3"),
            ("W::.", "W:W:B"),
            ("W:WK 18:BK1", "W:WK18:BK1"),
        ] {
            let fen = Fen::parse(input, v).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(fen.position.to_fen(), want, "{input}");
        }
        let start = Position::from_fen("W:W31-50:B1-20", Variant::INTERNATIONAL).unwrap();
        assert_eq!(start, Position::start(Variant::INTERNATIONAL));
        let start = Position::from_fen("B:W21-32:B1-12", Variant::AMERICAN).unwrap();
        assert_eq!(start, Position::start(Variant::AMERICAN));
    }

    #[test]
    fn unknown_side() {
        let fen = Fen::parse("?:W29,13,11:B22,4,2", Variant::AMERICAN).unwrap();
        assert_eq!(fen.side, None);
        let e = Position::from_fen("?:W29:B2", Variant::AMERICAN).unwrap_err();
        assert_eq!(e.kind, FenErrorKind::UnknownSideToMove);
    }

    #[test]
    fn errors_say_what_and_where() {
        let v = Variant::AMERICAN;
        assert_eq!(err("", v).kind, FenErrorKind::Empty);
        assert_eq!(
            err("X:W1", v),
            FenError {
                column: 1,
                kind: FenErrorKind::BadSideToMove('X')
            }
        );
        let e = err("W:W26,26:B1", v);
        assert_eq!((e.column, e.kind), (7, FenErrorKind::SquareTwice(26)));
        let e = err("W:W26:B26", v);
        assert_eq!((e.column, e.kind), (8, FenErrorKind::SquareTwice(26)));
        let e = err("W:W33:B1", v);
        assert_eq!(e.column, 4);
        assert!(matches!(
            e.kind,
            FenErrorKind::Square(SquareError::OutOfRange { number: 33, .. })
        ));
        let e = err("W:W2:B1", v);
        assert_eq!(
            e.kind,
            FenErrorKind::ManOnCrowningRow {
                color: Color::White,
                square: 2
            }
        );
        let e = err("W:W20:B30", v);
        assert_eq!(
            e.kind,
            FenErrorKind::ManOnCrowningRow {
                color: Color::Black,
                square: 30
            }
        );
        assert!(Fen::parse("W:WK2:BK30", v).is_ok());
        assert_eq!(
            err("W:W20:W21", v).kind,
            FenErrorKind::ColorTwice(Color::White)
        );
        assert_eq!(err("W:W20-10", v).kind, FenErrorKind::BackwardRange(20, 10));
        assert_eq!(err("W:X20", v).kind, FenErrorKind::ExpectedColor('X'));
        assert_eq!(err("W:W20;B1", v).kind, FenErrorKind::ExpectedColon(';'));
        assert_eq!(err("W:W20. x", v).kind, FenErrorKind::Trailing('x'));
        assert!(matches!(
            err("W:W,K", v).kind,
            FenErrorKind::ExpectedSquare(_)
        ));
        assert!(matches!(
            err("W:Wa2", v).kind,
            FenErrorKind::Square(SquareError::Light { .. })
        ));
        assert!(
            err("W:W1-32:B1", Variant::RUSSIAN)
                .kind
                .to_string()
                .contains("crowned")
        );
        assert_eq!(
            err("W:W5-32:B5", Variant::RUSSIAN).kind,
            FenErrorKind::SquareTwice(5)
        );
    }

    proptest::proptest! {
        /// Any placement of pieces, written square by square in any order, with or without spaces,
        /// reads back as the position that [`Position::put`] makes of it, on every board;
        /// a man on the row where it crowns, or a square given twice, is refused.
        #[test]
        fn reads_what_put_makes(
            variant in proptest::sample::select(Variant::ALL.to_vec()),
            cells in proptest::collection::vec((0u8..72, 0u8..4), 0..40),
            black_first in proptest::bool::ANY,
            spaced in proptest::bool::ANY,
        ) {
            use crate::piece::{Piece, Role};
            let size = variant.size;
            let mut expected = Position::empty(variant, Color::Black);
            let mut lists = [String::new(), String::new()];
            let mut problem = false;
            for (index, kind) in cells {
                let Some(sq) = Square::from_index(index % size.squares(), size) else { continue };
                let color = if kind % 2 == 0 { Color::White } else { Color::Black };
                let role = if kind < 2 { Role::Man } else { Role::King };
                let crowning = match color {
                    Color::White => sq.row(size) == 0,
                    Color::Black => sq.row(size) == size.side() - 1,
                };
                problem |= expected.piece_at(sq).is_some() || (role == Role::Man && crowning);
                expected.put(sq, Piece { color, role });
                let list = &mut lists[color as usize];
                // With spaces, the items are read the general way, not at once.
                list.push_str(match (list.is_empty(), spaced) {
                    (true, _) => ":",
                    (false, false) => ",",
                    (false, true) => ", ",
                });
                list.push_str(if role == Role::King { "K" } else { "" });
                list.push_str(&sq.number().to_string());
            }
            let [white, black] = &lists;
            let [white, black] = [format!("W{}", &white.get(1..).unwrap_or("")), format!("B{}", &black.get(1..).unwrap_or(""))];
            let text = if black_first { format!("B:{black}:{white}") } else { format!("B:{white}:{black}") };
            match Fen::parse(&text, variant) {
                Ok(fen) => {
                    proptest::prop_assert!(!problem, "{} read", text);
                    proptest::prop_assert_eq!(fen.position, expected);
                }
                Err(e) => {
                    proptest::prop_assert!(problem, "{}: {}", text, e);
                    let expected_kind = matches!(
                        e.kind,
                        FenErrorKind::SquareTwice(_) | FenErrorKind::ManOnCrowningRow { .. }
                    );
                    proptest::prop_assert!(expected_kind, "{}: {}", text, e);
                }
            }
        }
    }
}
