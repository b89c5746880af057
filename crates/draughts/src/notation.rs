//! Move notation: writing a move the way a variant's move lists do, and reading moves
//! written in any of the ways real files use.
//!
//! Writing (the defaults of [`MoveStyle::of`]):
//! - American: numbers, `-` for a move, `x` between every landing square (`31x22x13`).
//! - International: numbers, start and end only (`38x20`).
//! - Brazilian: algebraic, start and end (`e1xa5`); Russian: the same with `:` (`e1:a5`).
//!
//! When two legal captures share start and end but take different pieces, start–end names
//! neither, so the landing squares are written as well (`47x38x24x13x36`), with the nearest
//! landing square where a flying king could stop on several between two captures in line.
//!
//! Reading accepts numbers or algebraic names in any variant; `-`, `x`, `:` or nothing between
//! squares (`a3b4`, `3228` when only one split names legal squares); zero padding (`06-11`);
//! captures with every landing square, some of them, or none; Hub-style captures that list
//! the start, the end and then the captured squares; and a move without capture written
//! with `x`. A text is matched against the legal moves: it must name exactly one.

use crate::moves::Move;
use crate::position::Position;
use crate::square::{BoardSize, Square, SquareError, SquareStyle};
use crate::variant::Variant;

/// How moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveStyle {
    /// Numbers or algebraic names.
    pub squares: SquareStyle,
    /// Between the two squares of a move without capture.
    pub move_separator: char,
    /// Between the squares of a capture.
    pub capture_separator: char,
    /// Write every landing square of a capture, not only start and end.
    pub full_path: bool,
}

impl MoveStyle {
    /// The variant's own style.
    pub fn of(variant: &Variant) -> MoveStyle {
        MoveStyle {
            squares: variant.squares,
            move_separator: '-',
            capture_separator: variant.capture_separator,
            full_path: variant.full_capture_path,
        }
    }

    /// This style with every landing square written.
    pub fn with_full_path(self) -> MoveStyle {
        MoveStyle {
            full_path: true,
            ..self
        }
    }
}

/// A move text that does not name exactly one legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// The text is not made of squares and separators.
    #[error("`{text}` is not a move: {reason}")]
    Syntax {
        /// The move text.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// No legal move fits the text.
    #[error("{text} is not a legal move here")]
    Illegal {
        /// The move text.
        text: String,
    },
    /// Several legal moves fit the text.
    #[error("{text} is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The move text.
        text: String,
        /// The moves it could be, written with every landing square.
        candidates: Vec<String>,
    },
}

/// Writes `mv`, one of `legal` (the legal moves of its position), in `style`.
pub fn write_move_among(legal: &[Move], mv: &Move, style: &MoveStyle, size: BoardSize) -> String {
    let name = |s: Square| style.squares.name(s, size);
    let mut out = name(mv.from());
    if !mv.is_capture() {
        out.push(style.move_separator);
        out.push_str(&name(mv.to()));
        return out;
    }
    let twin = legal
        .iter()
        .any(|m| m.from() == mv.from() && m.to() == mv.to() && m.captured() != mv.captured());
    if style.full_path || twin {
        for &s in mv.path() {
            out.push(style.capture_separator);
            out.push_str(&name(s));
        }
    } else {
        out.push(style.capture_separator);
        out.push_str(&name(mv.to()));
    }
    out
}

impl Position {
    /// Writes a legal move of this position in `style`.
    ///
    /// ```
    /// use draughts::{MoveStyle, Position, Variant};
    /// let pos = Position::from_fen("B:W23,28,31:B17,19,20", Variant::RUSSIAN).unwrap();
    /// let mv = &pos.legal_moves()[0];
    /// assert_eq!(pos.write_move(mv, &MoveStyle::of(&Variant::RUSSIAN)), "f4:d2");
    /// ```
    pub fn write_move(&self, mv: &Move, style: &MoveStyle) -> String {
        write_move_among(&self.legal_moves(), mv, style, self.size())
    }

    /// Reads a move text and finds the legal move it names.
    ///
    /// ```
    /// use draughts::{Position, Variant};
    /// let pos = Position::from_fen("W:W28,31:B17,20,26", Variant::AMERICAN).unwrap();
    /// for text in ["31x22x13", "31x13", "e1xa5", "e1:a5", "3113"] {
    ///     let mv = pos.parse_move(text).unwrap();
    ///     assert_eq!(mv.to().number(), 13, "{text}");
    /// }
    /// assert!(pos.parse_move("31-27").is_err());
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        MoveReader::new().read(self, text)
    }
}

/// Reads move texts against positions, reusing its buffers: replaying a game with one
/// reader allocates nothing for the common moves (`11-15`, `24x15`, `31x22x13`, `e1:a5`).
///
/// It gives the same answers as [`parse_move_among`]: texts that are simple squares and
/// separators naming one move are matched directly, anything else goes through the full
/// reader.
#[derive(Debug, Default)]
pub struct MoveReader {
    buf: crate::move_buf::MoveBufs,
}

impl MoveReader {
    /// A reader with empty buffers.
    pub fn new() -> MoveReader {
        MoveReader::default()
    }

    /// The legal move of `pos` that `text` names.
    pub fn read(&mut self, pos: &Position, text: &str) -> Result<Move, MoveTextError> {
        if let Some(squares) = simple_squares(text, pos.size())
            && let Some(m) = pos.find_written(&mut self.buf, &squares)
        {
            return Ok(m);
        }
        parse_move_among(pos, &pos.legal_moves(), text)
    }

    /// Every legal move of `pos` that `text` names as well as any other does: one move when
    /// the text is clear, several when it is ambiguous (a capture written by its start and
    /// end that more than one route fits), so that a caller can let the rest of the game
    /// decide. An error when no legal move fits or the text is no move.
    ///
    /// ```
    /// use draughts::{MoveReader, Position, Variant};
    /// // PDN 3.0's example: the king on 47 reaches 36 by two routes taking different men.
    /// let pos = Position::from_fen("W:WK47:B14,19,29,31,42", Variant::INTERNATIONAL).unwrap();
    /// let mut reader = MoveReader::new();
    /// assert_eq!(reader.read_all(&pos, "47x36").unwrap().len(), 2);
    /// assert_eq!(reader.read_all(&pos, "47x24x36").unwrap().len(), 1);
    /// assert!(reader.read_all(&pos, "47-41").is_err());
    /// ```
    pub fn read_all(&mut self, pos: &Position, text: &str) -> Result<Vec<Move>, MoveTextError> {
        if let Some(squares) = simple_squares(text, pos.size())
            && let Some(m) = pos.find_written(&mut self.buf, &squares)
        {
            return Ok(vec![m]);
        }
        let legal = pos.legal_moves();
        Ok(fitting(pos, &legal, text)?.into_iter().cloned().collect())
    }
}

/// The squares of a text made only of single squares (one or two digits, or a lower-case
/// letter and one or two digits) between the separators `-`, `x`, `X` and `:`; `None` for
/// anything else, which the full reader handles.
fn simple_squares(text: &str, size: BoardSize) -> Option<smallvec::SmallVec<[Square; 12]>> {
    let mut out = smallvec::SmallVec::new();
    let b = text.as_bytes();
    let mut i = 0;
    loop {
        let file = match b.get(i) {
            Some(&c @ b'a'..=b'j') => {
                i += 1;
                Some(c - b'a')
            }
            _ => None,
        };
        let start = i;
        let mut n: u32 = 0;
        while let Some(&c @ b'0'..=b'9') = b.get(i) {
            // Saturating: a run of more than two digits is no square (below), however long.
            n = n.saturating_mul(10).saturating_add(u32::from(c - b'0'));
            i += 1;
        }
        let sq = match (i - start, file) {
            (1 | 2, None) => Square::from_number(n, size).ok()?,
            (1 | 2, Some(f)) => Square::from_coords(f, n as u8, size).ok()?,
            _ => return None,
        };
        out.push(sq);
        match b.get(i) {
            None => break,
            Some(b'-' | b'x' | b'X' | b':') => i += 1,
            Some(_) => return None,
        }
    }
    (out.len() >= 2).then_some(out)
}

/// Reads a move text against `legal`, the legal moves of `pos`.
pub fn parse_move_among(pos: &Position, legal: &[Move], text: &str) -> Result<Move, MoveTextError> {
    let found = fitting(pos, legal, text)?;
    match found.len() {
        1 => Ok(found[0].clone()),
        _ => {
            let style = MoveStyle::of(pos.variant()).with_full_path();
            Err(MoveTextError::Ambiguous {
                text: text.to_string(),
                candidates: found
                    .iter()
                    .map(|m| write_move_among(legal, m, &style, pos.size()))
                    .collect(),
            })
        }
    }
}

/// The moves of `legal` that `text` fits best (at least one), or why none does.
fn fitting<'a>(
    pos: &Position,
    legal: &'a [Move],
    text: &str,
) -> Result<Vec<&'a Move>, MoveTextError> {
    let size = pos.size();
    let sequences = square_sequences(text, size)?;
    // Keep the moves the text fits best: a text that lists every landing square of one move
    // names that move even when it also lists some landing squares of a longer one.
    let mut found: Vec<&Move> = Vec::new();
    let mut best = Fit::No;
    for seq in &sequences {
        for m in legal {
            let fit = fits(pos, m, seq);
            if fit == Fit::No || fit < best || found.contains(&m) {
                continue;
            }
            if fit > best {
                best = fit;
                found.clear();
            }
            found.push(m);
        }
    }
    if found.is_empty() {
        return Err(MoveTextError::Illegal {
            text: text.to_string(),
        });
    }
    Ok(found)
}

/// How well a written square sequence fits a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Fit {
    No,
    /// Start and end, with some landing squares or the captured squares (Hub style).
    Partly,
    /// Start and every landing square of one of the move's paths.
    Fully,
}

/// How well the squares `seq` written for a move fit `m`.
fn fits(pos: &Position, m: &Move, seq: &[Square]) -> Fit {
    let (first, last) = (seq[0], seq[seq.len() - 1]);
    if first != m.from() {
        return Fit::No;
    }
    // Start, landing squares in order (possibly only some of them), end.
    if last == m.to() {
        let landings = &seq[1..];
        if landings == m.path() {
            return Fit::Fully;
        }
        let between = &seq[1..seq.len() - 1];
        if between.is_empty() {
            return Fit::Partly;
        }
        if m.is_capture() {
            let paths = pos.capture_paths(m, 4096);
            if paths.iter().any(|p| p == landings) {
                return Fit::Fully;
            }
            if paths.iter().any(|p| is_subsequence(between, p)) {
                return Fit::Partly;
            }
        }
    }
    // Hub style: start, end, then every captured square.
    if seq.len() >= 3
        && seq[1] == m.to()
        && m.captured().len() == seq.len() - 2
        && seq[2..].iter().all(|&s| m.captured().contains(s))
    {
        return Fit::Partly;
    }
    Fit::No
}

fn is_subsequence(needle: &[Square], hay: &[Square]) -> bool {
    let mut it = hay.iter();
    needle.iter().all(|n| it.any(|h| h == n))
}

const SEPARATORS: &[char] = &['-', 'x', 'X', ':', '×', '–'];
const MAX_SEQUENCES: usize = 64;
/// More squares than any move has: a move's text names at most its start, its landing
/// squares (one per piece taken, and there are fewer pieces than squares) and its end, or
/// (Hub style) its start, end and captured squares. A longer reading fits no move, and is
/// not kept (copying ever longer readings made a long text take quadratic time).
const MAX_SQUARES: usize = 66;

/// The square sequences a move text can mean (more than one only when squares are written
/// without separators and can be split in several ways).
fn square_sequences(text: &str, size: BoardSize) -> Result<Vec<Vec<Square>>, MoveTextError> {
    let syntax = |reason: String| MoveTextError::Syntax {
        text: text.to_string(),
        reason,
    };
    let t = text.trim();
    if t.is_empty() {
        return Err(syntax("it is empty".into()));
    }
    if let Some(c) = t
        .chars()
        .find(|c| !c.is_ascii_alphanumeric() && !SEPARATORS.contains(c))
    {
        return Err(syntax(format!("`{c}` cannot appear in a draughts move")));
    }
    let mut sequences: Vec<Vec<Square>> = vec![Vec::new()];
    let mut first_error: Option<SquareError> = None;
    // Whether readings were dropped for naming more squares than a move can have.
    let mut too_long = false;
    for chunk in t.split(SEPARATORS) {
        if chunk.is_empty() {
            return Err(syntax("two separators in a row, or one at an end".into()));
        }
        let options = split_chunk(chunk, size, &mut first_error);
        if options.is_empty() {
            return Err(match first_error {
                Some(e) => syntax(e.to_string()),
                None => syntax(format!("`{chunk}` is not a square")),
            });
        }
        let mut next = Vec::new();
        for prefix in &sequences {
            for option in &options {
                if prefix.len() + option.len() > MAX_SQUARES {
                    too_long = true;
                } else if next.len() < MAX_SEQUENCES {
                    let mut s = prefix.clone();
                    s.extend_from_slice(option);
                    next.push(s);
                }
            }
        }
        sequences = next;
    }
    sequences.retain(|s| s.len() >= 2);
    if sequences.is_empty() && too_long {
        // Well written, but longer than any move: the other chunks were still read, for
        // their syntax errors.
        return Err(MoveTextError::Illegal {
            text: text.to_string(),
        });
    }
    if sequences.is_empty() {
        return Err(syntax(
            "a move needs at least a start and an end square".into(),
        ));
    }
    Ok(sequences)
}

/// Ways to read one chunk (text between separators) as one or more squares.
fn split_chunk(
    chunk: &str,
    size: BoardSize,
    first_error: &mut Option<SquareError>,
) -> Vec<Vec<Square>> {
    let mut out = Vec::new();
    if chunk.len() <= 2 && chunk.bytes().all(|b| b.is_ascii_digit()) {
        // One or two digits are one square: `11` is square 11, never 1 and 1.
        match Square::parse(chunk, size) {
            Ok(sq) => out.push(vec![sq]),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
        return out;
    }
    let mut current = Vec::new();
    let mut dead = std::collections::HashSet::new();
    let mut split = Split {
        size,
        algebraic: chunk.as_bytes()[0].is_ascii_alphabetic(),
        out: &mut out,
        first_error,
        dead: &mut dead,
    };
    split.rest(chunk.as_bytes(), &mut current);
    out
}

/// The search for the ways to split a run of squares written without separators.
struct Split<'a> {
    size: BoardSize,
    /// Whether the run is written in algebraic squares: every square of one run is written
    /// alike, so on the 12x12 board `c11` is one square, never `c1` and square 1.
    algebraic: bool,
    out: &'a mut Vec<Vec<Square>>,
    first_error: &'a mut Option<SquareError>,
    /// States (bytes left, squares so far) already searched that added no way: searching
    /// them again would add none either (`out` only grows, and the first error is kept), so
    /// a long run of digits is searched in time linear in its length, not exponential.
    dead: &'a mut std::collections::HashSet<(usize, usize)>,
}

impl Split<'_> {
    fn rest(&mut self, rest: &[u8], current: &mut Vec<Square>) {
        if rest.is_empty() {
            if self.out.len() < MAX_SEQUENCES {
                self.out.push(current.clone());
            }
            return;
        }
        if current.len() > 64 {
            return;
        }
        let state = (rest.len(), current.len());
        if self.dead.contains(&state) {
            return;
        }
        let found = self.out.len();
        self.squares(rest, current);
        if self.out.len() == found {
            self.dead.insert(state);
        }
    }

    fn squares(&mut self, rest: &[u8], current: &mut Vec<Square>) {
        let size = self.size;
        // A square is a number of one or two digits (a longer run is several squares), or a
        // letter followed by one or two digits.
        let letter = usize::from(rest[0].is_ascii_alphabetic());
        if (letter == 1) != self.algebraic {
            return;
        }
        for digits in 1..=2 {
            let len = letter + digits;
            if len > rest.len() || !rest[letter..len].iter().all(u8::is_ascii_digit) {
                break;
            }
            let word = std::str::from_utf8(&rest[..len]).unwrap_or("");
            match Square::parse(word, size) {
                Ok(sq) => {
                    current.push(sq);
                    self.rest(&rest[len..], current);
                    current.pop();
                }
                Err(e) => {
                    self.first_error.get_or_insert(e);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;

    /// The move of `legal` from `from` to `to` when exactly one goes so.
    fn only_move(legal: &[Move], from: Square, to: Square) -> Option<&Move> {
        let mut them = legal.iter().filter(|m| m.from() == from && m.to() == to);
        let first = them.next()?;
        them.next().is_none().then_some(first)
    }

    /// A start and an end square name the one legal move between them, or nothing: the
    /// quick answer for steps without capture (no move list) and the generator's for
    /// captures agree with the list of legal moves for every pair of squares, along random
    /// games of every variant long enough for kings, flying kings and Frisian's frozen kings,
    /// and in positions where kings meet men.
    #[test]
    fn two_squares_name_the_one_move_between_them() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut random = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut bufs = crate::move_buf::MoveBufs::default();
        let (mut steps, mut captures, mut frozen) = (0, 0, 0);
        let mut check = |p: &Position, steps: &mut usize, captures: &mut usize| {
            let legal = p.legal_moves();
            let size = p.size();
            for from in size.all_squares() {
                for to in size.all_squares() {
                    let expected = only_move(&legal, from, to);
                    let found = p.find_written(&mut bufs, &[from, to]);
                    // Moves compare by start, end and captured squares: the crowning
                    // and the landing squares are compared too.
                    let whole = |m: &Move| (m.clone(), m.crowns(), m.path().to_vec());
                    assert_eq!(
                        found.as_ref().map(whole),
                        expected.map(whole),
                        "{} {from:?}-{to:?}",
                        p.to_fen()
                    );
                    match expected {
                        Some(m) if m.is_capture() => *captures += 1,
                        Some(_) => *steps += 1,
                        None => {}
                    }
                }
            }
        };
        for v in Variant::ALL {
            // Kings among men, for flying kings and Frisian's limit on a king's moves.
            let kings = Position::from_fen("W:WK46,K50,36,37:B1,K5,14,15", v)
                .ok()
                .filter(|p| p.size() == BoardSize::Ten);
            let starts = [Position::start(v); 3]
                .into_iter()
                .chain(std::iter::repeat_n(kings, 8).flatten());
            for start in starts {
                let mut p = start;
                let mut last = [None, None];
                for _ in 0..160 {
                    if p.frozen_king().is_some() {
                        frozen += 1;
                    }
                    check(&p, &mut steps, &mut captures);
                    let legal = p.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    // Kings move more often than chance would have it, and the same king
                    // again when it can, to reach Frisian's limit.
                    let kings: Vec<&Move> = legal
                        .iter()
                        .filter(|m| p.piece_at(m.from()).is_some_and(|pc| pc.is_king()))
                        .collect();
                    let again: Vec<&Move> = kings
                        .iter()
                        .copied()
                        .filter(|m| Some(m.from()) == last[p.side_to_move() as usize])
                        .collect();
                    let m = if !again.is_empty() && random(4) != 0 {
                        again[random(again.len())].clone()
                    } else if !kings.is_empty() && random(2) == 0 {
                        kings[random(kings.len())].clone()
                    } else {
                        legal[random(legal.len())].clone()
                    };
                    last[p.side_to_move() as usize] = Some(m.to());
                    p.play_unchecked(&m);
                }
            }
        }
        assert!(
            steps > 10_000 && captures > 1_000,
            "{steps} steps, {captures} captures"
        );
        assert!(frozen > 10, "{frozen} positions with a frozen king");
    }

    fn pos(fen: &str, v: Variant) -> Position {
        Position::from_fen(fen, v).unwrap()
    }

    fn play(p: &mut Position, text: &str) -> String {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let written = p.write_move(&mv, &MoveStyle::of(p.variant()));
        p.play_unchecked(&mv);
        written
    }

    /// The seeds' example: the same three moves in American, Brazilian and Russian notation.
    #[test]
    fn seed_example_in_three_variants() {
        let start = "W:W26,28,31:B17,19,20";
        let mut a = pos(start, Variant::AMERICAN);
        assert_eq!(play(&mut a, "26-23"), "26-23");
        assert_eq!(play(&mut a, "19x26"), "19x26");
        assert_eq!(play(&mut a, "31x22x13"), "31x22x13");
        let mut b = pos(start, Variant::BRAZILIAN);
        assert_eq!(play(&mut b, "d2-e3"), "d2-e3");
        assert_eq!(play(&mut b, "f4xd2"), "f4xd2");
        assert_eq!(play(&mut b, "e1xa5"), "e1xa5");
        let mut r = pos(start, Variant::RUSSIAN);
        assert_eq!(play(&mut r, "26-23"), "d2-e3");
        assert_eq!(play(&mut r, "f4:d2"), "f4:d2");
        assert_eq!(play(&mut r, "e1:a5"), "e1:a5");
        assert_eq!(a.to_fen(), b.to_fen());
        assert_eq!(b.to_fen(), r.to_fen());
        // The American reading of the Brazilian text gives the American notation back.
        let mut a = pos(start, Variant::AMERICAN);
        assert_eq!(play(&mut a, "d2-e3"), "26-23");
        assert_eq!(play(&mut a, "f4xd2"), "19x26");
        assert_eq!(play(&mut a, "e1xa5"), "31x22x13");
    }

    #[test]
    fn international_seed_example() {
        let mut p = Position::start(Variant::INTERNATIONAL);
        for (text, want) in [
            ("32-28", "32-28"),
            ("19-23", "19-23"),
            ("28x19", "28x19"),
            ("14x23", "14x23"),
        ] {
            assert_eq!(play(&mut p, text), want);
        }
        // 33-28 gives a man, 22x33 takes it, 38x20 takes two with nothing written between.
        let mut p = pos("W:W33,38,42:B22,24", Variant::INTERNATIONAL);
        assert_eq!(play(&mut p, "33-28"), "33-28");
        assert_eq!(play(&mut p, "22x33"), "22x33");
        let w = play(&mut p, "38x20");
        assert_eq!(w, "38x20");
        assert_eq!(p.side_to_move(), Color::Black);
    }

    /// PDN 3.0's example of two captures with the same start and end taking different pieces.
    #[test]
    fn ambiguous_captures_write_their_landing_squares() {
        let p = pos("W:WK47:B14,19,29,31,42", Variant::INTERNATIONAL);
        let moves = p.legal_moves();
        let style = MoveStyle::of(&Variant::INTERNATIONAL);
        let mut written: Vec<String> = moves.iter().map(|m| p.write_move(m, &style)).collect();
        written.sort();
        assert_eq!(written, ["47x38x20x9x36", "47x38x24x13x36"]);
        let e = p.parse_move("47x36").unwrap_err();
        assert!(
            matches!(e, MoveTextError::Ambiguous { ref candidates, .. } if candidates.len() == 2),
            "{e}"
        );
        assert_eq!(p.parse_move("47x24x36").unwrap().captured().len(), 4);
        assert!(
            p.parse_move("47x24x36")
                .unwrap()
                .captured()
                .contains(Square::from_number(19, BoardSize::Ten).unwrap())
        );
        assert!(
            p.parse_move("47x33x20x36").is_ok(),
            "another landing square on the same line"
        );
        // Hub style: start, end, captured squares.
        let m = p.parse_move("47x36x42x29x14x31").unwrap();
        assert!(
            m.captured()
                .contains(Square::from_number(14, BoardSize::Ten).unwrap())
        );
    }

    #[test]
    fn tolerant_reading() {
        let p = pos("B:W21-32:B1-12", Variant::AMERICAN);
        assert_eq!(p.parse_move("11-15").unwrap().to().number(), 15);
        assert_eq!(p.parse_move("11x15").unwrap().to().number(), 15);
        assert_eq!(p.parse_move("1115").unwrap().to().number(), 15);
        assert_eq!(p.parse_move("09-13").unwrap().to().number(), 13);
        assert_eq!(p.parse_move("d6-c5").unwrap().from().number(), 10);
        assert!(matches!(
            p.parse_move("11-18"),
            Err(MoveTextError::Illegal { .. })
        ));
        assert!(matches!(
            p.parse_move("11/15"),
            Err(MoveTextError::Syntax { .. })
        ));
        assert!(matches!(
            p.parse_move("11-"),
            Err(MoveTextError::Syntax { .. })
        ));
        assert!(matches!(
            p.parse_move("a2-b3"),
            Err(MoveTextError::Syntax { .. })
        ));
        assert!(matches!(
            p.parse_move("11"),
            Err(MoveTextError::Syntax { .. })
        ));
        assert!(matches!(
            p.parse_move(""),
            Err(MoveTextError::Syntax { .. })
        ));
        let i = Position::start(Variant::INTERNATIONAL);
        assert_eq!(i.parse_move("3228").unwrap().to().number(), 28);
        assert_eq!(i.parse_move("b4c5").unwrap().to().number(), 27);
        let b = Position::start(Variant::BRAZILIAN);
        assert_eq!(
            b.parse_move("a3b4")
                .unwrap()
                .to()
                .algebraic(BoardSize::Eight),
            "b4"
        );
        assert_eq!(i.parse_move("j4-i5").unwrap().from().number(), 35);
    }

    /// On the 12x12 board a two-digit algebraic square (`c11`) is one square: it was also
    /// read as `c1` followed by square 1, and a move passing c1 and ending on 1 made the
    /// text ambiguous (found by the fuzzer).
    #[test]
    fn algebraic_runs_are_not_mixed_with_numbers() {
        let p = pos("W:WK24,K20,K22,K18:BK33,K62,K61,21", Variant::CANADIAN);
        let legal = p.legal_moves();
        let algebraic = MoveStyle {
            squares: SquareStyle::Algebraic,
            ..MoveStyle::of(p.variant())
        };
        let mut checked = 0;
        for m in legal.iter() {
            let text = write_move_among(&legal, m, &algebraic, p.size());
            assert_eq!(
                parse_move_among(&p, &legal, &text).as_ref(),
                Ok(m),
                "{text}"
            );
            checked += 1;
        }
        assert_eq!(checked, 6);
        assert!(
            legal
                .iter()
                .any(|m| write_move_among(&legal, m, &algebraic, p.size()) == "g9xc11")
        );
    }
}
