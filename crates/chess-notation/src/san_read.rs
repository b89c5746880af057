//! Reading algebraic notation (SAN, long algebraic, UCI) tolerantly, in any
//! of our languages.
//!
//! Reading happens in two steps. [`parse`] looks at the word alone and finds
//! its parts without knowing the language (so a game's words are parsed once
//! even when several languages are tried); [`resolve`] gives the letters their
//! meaning in a language and finds the one legal move that fits.

use shakmaty::{Bitboard, CastlingSide, File, Move, Position, Rank, Role, Square};

use crate::quick::{self, Quick};

use crate::castling::parse_castle;
use crate::error::{MoveError, illegal, no_piece_can_reach};
use crate::language::{LetterSet, figurine_role, role_name};
use crate::{ChessRules, Language, Notation, WriteOptions, write_move};

/// A piece named in a move word.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// A capital letter (or `Ĉ`) whose meaning depends on the language.
    Letter(char),
    /// A figurine, the same in every language.
    Figurine(Role),
    /// A lowercase UCI promotion letter (`q r b n`), always English.
    Uci(Role),
}

/// The outward form of a word, used to tell SAN, long algebraic and UCI
/// apart when reporting a game's notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Castling or a drop (`N@e3`), which every algebraic notation writes alike.
    Castle,
    /// Short algebraic.
    San,
    /// Origin and destination with a separator: `e2-e4`, `Ng1-f3`, `e4xd5`.
    Long,
    /// Origin and destination glued, no piece letter: `e2e4`, `e7e8q`.
    Uci,
}

/// A move word taken apart, before any language gives its letters meaning.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Parsed {
    Castle(CastlingSide),
    /// A piece from the hand put on `to` (Crazyhouse): `N@e3`, `@e3` or `P@e3` for a pawn.
    Drop {
        piece: Option<Mark>,
        to: Square,
    },
    Normal {
        piece: Option<Mark>,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Mark>,
        shape: Shape,
    },
}

impl Parsed {
    pub(crate) fn shape(&self) -> Shape {
        match self {
            Parsed::Castle(_) | Parsed::Drop { .. } => Shape::Castle,
            Parsed::Normal { shape, .. } => *shape,
        }
    }

    /// The letters the word uses (not figurines).
    #[inline(always)]
    pub(crate) fn letters(&self) -> LetterSet {
        let letter = |mark: &Option<Mark>| match mark {
            Some(Mark::Letter(c)) => LetterSet::EMPTY.with(*c),
            _ => LetterSet::EMPTY,
        };
        match self {
            Parsed::Normal {
                piece, promotion, ..
            } => LetterSet(letter(piece).0 | letter(promotion).0),
            // `P@` is a pawn's drop in a language that has no `P` (see `drop_role`).
            Parsed::Drop {
                piece: Some(Mark::Letter('P')),
                ..
            }
            | Parsed::Castle(_) => LetterSet::EMPTY,
            Parsed::Drop { piece, .. } => letter(piece),
        }
    }
}

/// Why a word could not be parsed at all.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ParseFail {
    Syntax,
    Null,
}

impl ParseFail {
    pub(crate) fn into_error(self, word: &str) -> MoveError {
        let word = word.to_owned();
        match self {
            ParseFail::Syntax => MoveError::Syntax {
                word,
                notation: Notation::San,
            },
            ParseFail::Null => MoveError::NullMove { word },
        }
    }
}

const fn file_of(b: u8) -> Option<File> {
    if b >= b'a' && b <= b'h' {
        Some(File::new((b - b'a') as u32))
    } else {
        None
    }
}

const fn rank_of(b: u8) -> Option<Rank> {
    if b >= b'1' && b <= b'8' {
        Some(Rank::new((b - b'1') as u32))
    } else {
        None
    }
}

/// Removes what may follow a move: check and mate signs, move-strength
/// marks, and an en passant mark.
fn strip_suffixes(mut s: &str) -> &str {
    loop {
        let before = s.len();
        s = s.trim_end_matches([' ', '+', '#', '!', '?', '‡', '†']);
        for mark in ["e.p.", "e.p", "ep", "a.p.", "a.p"] {
            if let Some(rest) = s.strip_suffix(mark)
                && rest
                    .as_bytes()
                    .last()
                    .is_some_and(|b| b.is_ascii_digit() || *b == b' ')
            {
                s = rest;
                break;
            }
        }
        if s.len() == before {
            return s;
        }
    }
}

/// Reads a piece mark at the start of `s`: a figurine, a capital letter, or
/// `Ĉ` (also written `C` followed by a combining circumflex).
fn take_mark(s: &str) -> Option<(Mark, &str)> {
    let mut chars = s.chars();
    let c = chars.next()?;
    let rest = chars.as_str();
    if let Some(role) = figurine_role(c) {
        return Some((Mark::Figurine(role), rest));
    }
    match c {
        'C' => match rest.strip_prefix('\u{302}') {
            Some(rest) => Some((Mark::Letter('Ĉ'), rest)),
            None => Some((Mark::Letter('C'), rest)),
        },
        'A'..='Z' | 'Ĉ' => Some((Mark::Letter(c), rest)),
        _ => None,
    }
}

fn parse_promotion(s: &str, shape: Shape) -> Result<Option<Mark>, ParseFail> {
    if s.is_empty() {
        return Ok(None);
    }
    let inner = if let Some(inner) = s.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        inner
    } else if let Some(inner) = s.strip_prefix(['=', '/']) {
        inner
    } else {
        s
    };
    if let Some((mark, "")) = take_mark(inner) {
        return Ok(Some(mark));
    }
    let mut chars = inner.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ ('q' | 'r' | 'b' | 'n' | 'k')), None) => Ok(Some(if shape == Shape::Uci {
            Mark::Uci(Role::from_char(c).unwrap_or(Role::Queen))
        } else {
            Mark::Letter(c.to_ascii_uppercase())
        })),
        _ => Err(ParseFail::Syntax),
    }
}

/// Takes a word of algebraic notation apart.
pub(crate) fn parse(word: &str) -> Result<Parsed, ParseFail> {
    parse_move_word(word).map_err(|fail| {
        // Null moves are no moves; told apart only on failure, to keep the common path short.
        let s = strip_suffixes(word.trim());
        if matches!(s, "--" | "Z0" | "0000" | "@@@@" | "null") {
            ParseFail::Null
        } else {
            fail
        }
    })
}

/// A drop (`N@e3`, `@e3`, `P@e3`, `♘@e3`), its signs stripped: the piece (none for a pawn
/// written without its letter) and the square.
fn parse_drop(s: &str) -> Option<Parsed> {
    let (before, square) = s.split_once('@')?;
    let piece = match take_mark(before) {
        Some((mark, "")) => Some(mark),
        None if before.is_empty() => None,
        _ => return None,
    };
    let &[f, r] = square.as_bytes() else {
        return None;
    };
    Some(Parsed::Drop {
        piece,
        to: Square::from_coords(file_of(f)?, rank_of(r)?),
    })
}

/// The words of nearly every game, `[piece][file][rank][x|:|-]square[+|#]`, all ASCII, taken
/// apart in one pass; `None` for anything else (which [`parse_move_word`] reads, giving the
/// same answer for these words).
#[inline]
pub(crate) fn parse_plain(word: &[u8]) -> Option<Parsed> {
    let mut end = word.len();
    while end > 0 && matches!(word[end - 1], b'+' | b'#') {
        end -= 1;
    }
    let (rest, [f, r]) = word[..end].split_last_chunk::<2>()?;
    let to = Square::from_coords(file_of(*f)?, rank_of(*r)?);
    let (piece, rest) = match rest {
        [p @ b'A'..=b'Z', rest @ ..] => (Some(Mark::Letter(char::from(*p))), rest),
        _ => (None, rest),
    };
    let (file, rest) = match rest {
        [b, rest @ ..] if file_of(*b).is_some() => (file_of(*b), rest),
        _ => (None, rest),
    };
    let (rank, rest) = match rest {
        [b, rest @ ..] if rank_of(*b).is_some() => (rank_of(*b), rest),
        _ => (None, rest),
    };
    let separator = match rest {
        [] => None,
        [s @ (b'x' | b':' | b'-')] => Some(*s),
        _ => return None,
    };
    let shape = match (file.is_some() && rank.is_some(), piece, separator) {
        (true, None, None) => Shape::Uci,
        (true, _, Some(_)) => Shape::Long,
        _ => Shape::San,
    };
    Some(Parsed::Normal {
        piece,
        file,
        rank,
        capture: matches!(separator, Some(b'x' | b':')),
        to,
        promotion: None,
        shape,
    })
}

fn parse_move_word(word: &str) -> Result<Parsed, ParseFail> {
    match parse_plain(word.as_bytes()) {
        Some(parsed) => Ok(parsed),
        None => parse_general(word),
    }
}

fn parse_general(word: &str) -> Result<Parsed, ParseFail> {
    let s = match word.as_bytes() {
        [first, .., last] if !first.is_ascii_whitespace() && !last.is_ascii_whitespace() => word,
        _ => word.trim(),
    };
    // Most words end in a rank or a piece letter, perhaps with a check
    // sign: strip that byte by byte; anything else the slow way.
    let mut end = s.len();
    while end > 0 && matches!(s.as_bytes()[end - 1], b'+' | b'#') {
        end -= 1;
    }
    let s = match s.as_bytes()[..end].last() {
        Some(b'1'..=b'8' | b'A'..=b'Z') => &s[..end],
        _ => strip_suffixes(s),
    };
    let Some(&first) = s.as_bytes().first() else {
        return Err(ParseFail::Syntax);
    };
    if s.contains('@') {
        return parse_drop(s).ok_or(ParseFail::Syntax);
    }
    if matches!(first, b'O' | b'0' | b'o')
        && let Some(side) = parse_castle(s)
    {
        return Ok(Parsed::Castle(side));
    }
    let (piece, rest) = match first {
        b'a'..=b'h' => (None, s),
        b'A'..=b'Z' if s.as_bytes().get(1) != Some(&0xcc) => {
            (Some(Mark::Letter(char::from(first))), &s[1..])
        }
        _ => match take_mark(s) {
            Some((Mark::Figurine(Role::Pawn), rest)) => (None, rest),
            Some((mark, rest)) => (Some(mark), rest),
            None => (None, s),
        },
    };
    // The destination is the last square of the word; what follows it is
    // the promotion, what comes before is the origin and separator.
    let bytes = rest.as_bytes();
    let at = match bytes {
        // Usually the word ends with the square.
        [.., f @ b'a'..=b'h', r @ b'1'..=b'8']
            if file_of(*f).is_some() && rank_of(*r).is_some() =>
        {
            bytes.len() - 2
        }
        _ => (0..bytes.len().saturating_sub(1))
            .rev()
            .find(|&i| file_of(bytes[i]).is_some() && rank_of(bytes[i + 1]).is_some())
            .ok_or(ParseFail::Syntax)?,
    };
    let to = Square::from_coords(
        file_of(bytes[at]).ok_or(ParseFail::Syntax)?,
        rank_of(bytes[at + 1]).ok_or(ParseFail::Syntax)?,
    );
    let middle = &bytes[..at];
    let mut i = 0;
    let file = middle.first().and_then(|&b| file_of(b));
    i += usize::from(file.is_some());
    let rank = middle.get(i).and_then(|&b| rank_of(b));
    i += usize::from(rank.is_some());
    let separator = middle
        .get(i)
        .copied()
        .filter(|b| matches!(b, b'x' | b':' | b'-'));
    i += usize::from(separator.is_some());
    if i != middle.len() {
        return Err(ParseFail::Syntax);
    }
    let shape = match (file.is_some() && rank.is_some(), piece, separator) {
        (true, None, None) => Shape::Uci,
        (true, _, Some(_)) => Shape::Long,
        _ => Shape::San,
    };
    // `rest` is ASCII up to the destination (we only matched ASCII bytes),
    // so `at + 2` is a char boundary.
    let promotion = if at + 2 == rest.len() {
        None
    } else {
        parse_promotion(&rest[at + 2..], shape)?
    };
    Ok(Parsed::Normal {
        piece,
        file,
        rank,
        capture: matches!(separator, Some(b'x' | b':')),
        to,
        promotion,
        shape,
    })
}

fn mark_role(mark: Mark, language: Language, word: &str) -> Result<Role, MoveError> {
    match mark {
        Mark::Figurine(role) | Mark::Uci(role) => Ok(role),
        Mark::Letter(letter) => {
            language
                .role(letter)
                .ok_or_else(|| MoveError::UnknownPieceLetter {
                    word: word.to_owned(),
                    letter,
                    language,
                })
        }
    }
}

/// The piece a drop word puts on the board: a pawn when none is named, or `P` in a
/// language where `P` names no piece (English `P@e6`, as lichess writes it).
pub(crate) fn drop_role(
    piece: Option<Mark>,
    language: Language,
    word: &str,
) -> Result<Role, MoveError> {
    match piece {
        None => Ok(Role::Pawn),
        Some(Mark::Letter('P')) if language.role('P').is_none() => Ok(Role::Pawn),
        Some(mark) => mark_role(mark, language, word),
    }
}

/// The drop of a `role` from the hand on `to`, if legal; else why not.
fn put<P: Position>(pos: &P, role: Role, to: Square, word: &str) -> Result<Move, Box<Failure>> {
    let m = Move::Put { role, to };
    if pos.is_legal(m) {
        return Ok(m);
    }
    let Some(pockets) = pos.pockets() else {
        return Err(MoveError::Drop {
            word: word.to_owned(),
        }
        .into());
    };
    let why = if *pockets.get(pos.turn()).get(role) == 0 {
        let side = match pos.turn() {
            shakmaty::Color::White => "White",
            shakmaty::Color::Black => "Black",
        };
        format!("{side} has no {} in hand", role_name(role))
    } else if pos.board().piece_at(to).is_some() {
        format!("{to} is not empty")
    } else if role == Role::Pawn && matches!(to.rank(), Rank::First | Rank::Eighth) {
        "a pawn cannot be dropped on the first or last rank".to_owned()
    } else {
        format!(
            "a {} on {to} would leave the king in check",
            role_name(role)
        )
    };
    Err(fail(word, why + in_check_note(pos)))
}

fn in_check_note<P: Position>(pos: &P) -> &'static str {
    match (pos.is_check(), pos.turn()) {
        (false, _) => "",
        (true, shakmaty::Color::White) => " (White is in check)",
        (true, shakmaty::Color::Black) => " (Black is in check)",
    }
}

/// The common case of [`resolve`], kept small for speed: a SAN word that
/// names exactly one legal move. `None` means "ask `resolve`", which gives
/// the same move or explains why there is none.
#[inline]
pub(crate) fn resolve_quick<R: ChessRules>(
    pos: &R,
    parsed: &Parsed,
    language: Language,
) -> Option<Move> {
    let (piece, file, rank, to) = match *parsed {
        Parsed::Normal {
            piece,
            file,
            rank,
            to,
            promotion: None,
            shape: Shape::San,
            ..
        } => (piece, file, rank, to),
        Parsed::Castle(side) => return pos.castling_moves(side).first().copied(),
        Parsed::Normal { .. } | Parsed::Drop { .. } => return None,
    };
    let role = match piece {
        None => Role::Pawn,
        Some(Mark::Letter(c)) => language.role(c)?,
        Some(Mark::Figurine(role)) => role,
        Some(Mark::Uci(_)) => return None,
    };
    let origins = file.map_or(Bitboard::FULL, Bitboard::from_file)
        & rank.map_or(Bitboard::FULL, Bitboard::from_rank);
    // The quick look knows standard chess's rules only.
    match quick::candidates(pos.as_chess()?, role, to, origins) {
        Quick::One(m) => Some(m),
        // None or several; or a case the quick look does not cover (en passant, a pawn
        // reaching the last rank with no promotion named), which `resolve` settles from the
        // move list.
        Quick::NotOne | Quick::Ask => None,
    }
}

/// Finds the legal move a parsed word names, in `language`.
#[inline(never)]
pub(crate) fn resolve<P: Position + Clone>(
    pos: &P,
    parsed: &Parsed,
    language: Language,
    word: &str,
) -> Result<Move, Box<Failure>> {
    let (piece, file, rank, capture, to, promotion) = match *parsed {
        Parsed::Castle(side) => {
            return pos.castling_moves(side).first().copied().ok_or_else(|| {
                let name = if side == CastlingSide::KingSide {
                    "short"
                } else {
                    "long"
                };
                fail(word, format!("{name} castling is not possible here"))
            });
        }
        Parsed::Drop { piece, to } => {
            return put(pos, drop_role(piece, language, word)?, to, word);
        }
        Parsed::Normal {
            piece,
            file,
            rank,
            capture,
            to,
            promotion,
            ..
        } => (piece, file, rank, capture, to, promotion),
    };
    let named = piece.map(|m| mark_role(m, language, word)).transpose()?;
    let promotion = promotion
        .map(|m| mark_role(m, language, word))
        .transpose()?;

    // The candidates stay in one place: a move list is large to copy.
    let from_square = match (file, rank) {
        (Some(file), Some(rank)) => Some(Square::from_coords(file, rank)),
        _ => None,
    };
    let role = match from_square {
        Some(from) => role_on(pos, from, named, word)?,
        None => named.unwrap_or(Role::Pawn),
    };
    let mut candidates = pos.san_candidates(role, to);
    // A word with a piece and a square moves that piece: a drop is written with `@`.
    candidates.retain(|m| !m.is_put());
    if let Some(from) = from_square {
        candidates.retain(|m| m.from() == Some(from));
        if candidates.is_empty() && role == Role::King {
            // Castling written as the king's step (`e1g1`) or as the king
            // taking its own rook (`e1h1`, Chess960).
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                for m in pos.castling_moves(side) {
                    if let Move::Castle { king, rook } = m
                        && king == from
                        && (rook == to || side.king_to(pos.turn()) == to)
                    {
                        candidates.push(m);
                    }
                }
            }
        }
        if candidates.is_empty() {
            return Err(fail(
                word,
                format!(
                    "the {} on {from} cannot go to {to}{}",
                    role_name(role),
                    in_check_note(pos)
                ),
            ));
        }
    } else {
        if candidates.is_empty() {
            let why = no_piece_can_reach(role, to);
            return Err(fail(word, why + in_check_note(pos)));
        }
        if file.is_some() || rank.is_some() {
            candidates.retain(|m| {
                let from = m.from().unwrap_or(to);
                file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
            });
            if candidates.is_empty() {
                let place = match (file, rank) {
                    (Some(f), _) => format!("on the {}-file", f.char()),
                    (_, Some(r)) => format!("on rank {}", r.char()),
                    _ => String::new(),
                };
                return Err(fail(
                    word,
                    format!("no {} {place} can reach {to}", role_name(role)),
                ));
            }
        }
    }

    match promotion {
        Some(p) => {
            candidates.retain(|m| m.promotion() == Some(p));
            if candidates.is_empty() {
                let why = if matches!(p, Role::King | Role::Pawn) {
                    format!("a pawn cannot promote to a {}", role_name(p))
                } else {
                    "only a pawn that reaches the last rank promotes".to_owned()
                };
                return Err(fail(word, why));
            }
        }
        None if !matches!(to.rank(), Rank::First | Rank::Eighth) => {}
        None => {
            let before = candidates.len();
            candidates.retain(|m| m.promotion().is_none());
            if candidates.is_empty() && before > 0 {
                return Err(fail(
                    word,
                    "a pawn reaching the last rank must promote: name the new piece".to_owned(),
                ));
            }
        }
    }

    if candidates.len() > 1 {
        // A capture sign, present or missing, is tolerated; it only decides
        // between candidates when they differ in it.
        let matching = candidates
            .iter()
            .filter(|m| m.is_capture() == capture)
            .count();
        if matching > 0 {
            candidates.retain(|m| m.is_capture() == capture);
        }
    }

    match candidates.as_slice() {
        [m] => Ok(*m),
        _ => Err(Box::new(Failure {
            error: ambiguous(pos, word, &candidates, language),
            candidates: candidates.to_vec(),
        })),
    }
}

#[cold]
fn fail(word: &str, why: String) -> Box<Failure> {
    Box::new(Failure::from(illegal(word, why)))
}

/// A move that could not be read, with the legal moves it could be when it
/// was ambiguous.
#[derive(Clone, Debug)]
pub(crate) struct Failure {
    pub(crate) error: MoveError,
    pub(crate) candidates: Vec<Move>,
}

impl From<MoveError> for Box<Failure> {
    #[cold]
    fn from(error: MoveError) -> Self {
        Box::new(Failure::from(error))
    }
}

impl From<MoveError> for Failure {
    fn from(error: MoveError) -> Self {
        Failure {
            error,
            candidates: Vec::new(),
        }
    }
}

/// The role of the piece on `from`, checked against the word's letter.
fn role_on<P: Position>(
    pos: &P,
    from: Square,
    named: Option<Role>,
    word: &str,
) -> Result<Role, MoveError> {
    let Some(piece) = pos.board().piece_at(from) else {
        return Err(illegal(word, format!("there is no piece on {from}")));
    };
    if piece.color != pos.turn() {
        return Err(illegal(
            word,
            format!("the {} on {from} is not yours", role_name(piece.role)),
        ));
    }
    if let Some(named) = named
        && named != piece.role
    {
        return Err(illegal(
            word,
            format!(
                "the piece on {from} is a {}, not a {}",
                role_name(piece.role),
                role_name(named)
            ),
        ));
    }
    Ok(piece.role)
}

pub(crate) fn ambiguous<P: Position + Clone>(
    pos: &P,
    word: &str,
    candidates: &[Move],
    language: Language,
) -> MoveError {
    let options = WriteOptions::new(Notation::San, language).with_no_check_signs(true);
    MoveError::Ambiguous {
        word: word.to_owned(),
        candidates: candidates
            .iter()
            .map(|m| write_move(pos, m, &options))
            .collect(),
    }
}

/// Reads one move of algebraic notation (SAN, long algebraic or UCI) in the
/// given language, tolerantly: castling with `O`, `0` or `o`; any check or
/// mate sign (even a wrong one); `e8Q`, `e8=Q`, `e8(Q)`, `e8/Q`; an `e.p.`
/// mark; a missing or needless `x`; more origin than needed (`Ng1f3`);
/// `e2-e4`, `Ng1-f3`, `e2xe4`, `e2e4`, `e7e8q`; figurines of either colour.
///
/// A capital letter that is not a piece letter of `language` is an error,
/// never read as a pawn move.
///
/// ```
/// use chess_notation::{Language, MoveError, parse_move};
/// use shakmaty::{Chess, Square};
///
/// let pos = Chess::default();
/// let m = parse_move(&pos, "Sf3", Language::German)?;
/// assert_eq!(m.to(), Square::F3);
/// assert_eq!(parse_move(&pos, "♞f3", Language::English)?, m);
/// assert_eq!(parse_move(&pos, "g1f3", Language::English)?, m);
///
/// let err = parse_move(&pos, "Sf3", Language::English).unwrap_err();
/// assert!(matches!(err, MoveError::UnknownPieceLetter { letter: 'S', .. }));
/// # Ok::<_, MoveError>(())
/// ```
///
/// # Errors
///
/// [`MoveError`] when the word is not a move, uses an unknown letter, or
/// names no legal move or several.
pub fn parse_move<P: Position + Clone>(
    pos: &P,
    text: &str,
    language: Language,
) -> Result<Move, MoveError> {
    let parsed = parse(text).map_err(|e| e.into_error(text))?;
    resolve(pos, &parsed, language, text).map_err(|f| f.error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Chess;

    #[test]
    fn the_plain_path_reads_as_the_general_one() {
        // Every word up to five bytes over the letters that matter, plus check signs.
        let alphabet = b"NKQRBOCa1bcdh78x:-=+#e(Q) ";
        let mut words: Vec<Vec<u8>> = vec![Vec::new()];
        let mut plain = 0;
        for _ in 0..5 {
            let longer: Vec<Vec<u8>> = words
                .iter()
                .flat_map(|w| {
                    alphabet.iter().map(move |&b| {
                        let mut w = w.clone();
                        w.push(b);
                        w
                    })
                })
                .collect();
            for w in &longer {
                let text = std::str::from_utf8(w).unwrap();
                if let Some(p) = parse_plain(w) {
                    plain += 1;
                    assert_eq!(Ok(p), parse_general(text), "{text}");
                }
            }
            words = longer;
        }
        assert!(plain > 10_000, "{plain}");
    }

    #[test]
    fn parses_the_tolerated_forms() {
        let san = |s: &str| parse(s).unwrap();
        assert_eq!(san("O-O"), Parsed::Castle(CastlingSide::KingSide));
        assert_eq!(san("0-0-0+"), Parsed::Castle(CastlingSide::QueenSide));
        assert_eq!(san("o-o"), Parsed::Castle(CastlingSide::KingSide));
        assert_eq!(san("e4").shape(), Shape::San);
        assert_eq!(san("e2e4").shape(), Shape::Uci);
        assert_eq!(san("e2-e4").shape(), Shape::Long);
        assert_eq!(san("Ng1-f3").shape(), Shape::Long);
        for promo in ["e8Q", "e8=Q", "e8(Q)", "e8/Q", "e8=Q+", "e8=Q#"] {
            let Parsed::Normal { promotion, .. } = san(promo) else {
                panic!("{promo}")
            };
            assert_eq!(promotion, Some(Mark::Letter('Q')), "{promo}");
        }
        let Parsed::Normal { promotion, .. } = san("e7e8q") else {
            panic!()
        };
        assert_eq!(promotion, Some(Mark::Uci(Role::Queen)));
        let Parsed::Normal { piece, .. } = san("C\u{302}f3") else {
            panic!()
        };
        assert_eq!(piece, Some(Mark::Letter('Ĉ')));
        let f7 = Square::F7;
        let queen = Some(Mark::Letter('Q'));
        assert_eq!(
            parse("Q@f7+"),
            Ok(Parsed::Drop {
                piece: queen,
                to: f7
            })
        );
        assert_eq!(
            parse("@f7"),
            Ok(Parsed::Drop {
                piece: None,
                to: f7
            })
        );
        let figurine = Some(Mark::Figurine(Role::Knight));
        assert_eq!(
            parse("♘@f7"),
            Ok(Parsed::Drop {
                piece: figurine,
                to: f7
            })
        );
        for bad in ["Q@", "Q@f", "Qf7@", "QR@f7", "Q@f7f", "q@f7"] {
            assert_eq!(parse(bad), Err(ParseFail::Syntax), "{bad}");
        }
        assert_eq!(parse("--"), Err(ParseFail::Null));
        for bad in ["", "x", "Nf", "e9", "O-O-O-O", "Nf3=", "e4e", "N-"] {
            assert_eq!(parse(bad), Err(ParseFail::Syntax), "{bad}");
        }
    }

    #[test]
    fn quick_then_resolve_reads_as_resolve_alone() {
        // En passant, promotions with and without their piece, pins and ambiguity: the
        // quick path, falling back to `resolve`, finds what `resolve` finds.
        let fens = [
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1",
            "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
            "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/p7/1R2K3 b - - 0 1",
            "4k3/8/8/8/1b6/8/3N4/4K2r w - - 0 1",
            "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1",
        ];
        let words = [
            "exd6", "cxd6", "ed6", "d6", "e6", "Pexd6", "Pe5d6", "a8", "axb8", "b8", "a1", "axb1",
            "b1", "a8Q", "axb8=N", "Nf3", "Nb3", "Bc3", "Ra3", "R1a3", "Rxa3", "Kd1",
        ];
        for fen in fens {
            let pos: Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
                .unwrap()
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap();
            for word in words {
                let parsed = parse(word).unwrap();
                let general = resolve(&pos, &parsed, Language::English, word).ok();
                let quick = resolve_quick(&pos, &parsed, Language::English).map_or_else(
                    || resolve(&pos, &parsed, Language::English, word).ok(),
                    Some,
                );
                assert_eq!(quick, general, "{word} in {fen}");
            }
        }
    }

    #[test]
    fn strips_suffixes() {
        assert_eq!(strip_suffixes("exd6e.p.+"), "exd6");
        assert_eq!(strip_suffixes("exd6 e.p."), "exd6");
        assert_eq!(strip_suffixes("exd6ep"), "exd6");
        assert_eq!(strip_suffixes("Qxf7#!!"), "Qxf7");
        assert_eq!(strip_suffixes("Rep"), "Rep");
    }
}
