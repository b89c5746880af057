//! Phase one of reading: cut the text of one game into tokens and find where the game ends.
//!
//! The lexer works on bytes and knows nothing of encodings beyond the few non-ASCII marks it
//! must recognise (`½`, curly quotes, glyphs); all its delimiters are ASCII, so every range it
//! records starts and ends on a character boundary. It checks the whole syntax of the game, so
//! that the reader can refuse a broken game before a visitor sees any of it.
//!
//! When the bytes run out before the game is complete and more input may follow, every
//! function returns [`More`]: the reader then reads more and starts the game again.

use memchr::{memchr, memchr2};

use crate::nag::{glyph_nag, strength_pair, strength_single};
use crate::result::is_result_bytes;

/// The deepest nesting of variations the reader accepts.
pub const MAX_VARIATION_DEPTH: u32 = 256;

/// More input is needed to finish the game.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct More;

/// What a token is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `[Name "value"]`: name `a..b`, raw value `c..d`, `flag` if the value has a backslash.
    Tag,
    /// `{text}`: text `a..b`, trimmed.
    Comment,
    /// `; text`: text `a..b`, trimmed.
    LineComment,
    /// `%text`: text `a..b`.
    Escape,
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// A NAG whose number is `c`.
    Nag,
    /// A move number: `c` the number or `u32::MAX` for none, `d` the count of dots.
    Number,
    /// A move word `a..b`.
    Word,
    /// A piece `a..b` that continues the previous word; `flag` if joined with a space.
    WordCont,
    /// `/Name "value"/`: like [`Kind::Tag`].
    Setup,
    /// A result token `a..b`.
    Result,
}

/// One token: what it is, where it starts, and the ranges of its text (game-relative bytes).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Token {
    pub kind: Kind,
    pub flag: bool,
    pub line: u32,
    pub line_start: u32,
    pub start: u32,
    pub a: u32,
    pub b: u32,
    pub c: u32,
    pub d: u32,
}

/// A syntax error: where and why.
#[derive(Debug, Clone)]
pub(crate) struct LexError {
    pub at: usize,
    pub line: u32,
    pub line_start: usize,
    pub message: String,
}

/// The outcome of scanning one game.
#[derive(Debug)]
pub(crate) struct Scanned {
    /// Where the game's text ends (the next game starts here).
    pub end: usize,
    /// The line number and line start at `end`.
    pub line: u32,
    pub line_start: usize,
    /// The syntax error that ended the game, if any.
    pub error: Option<LexError>,
}

/// Classes of bytes: white space (including the comma separator) and delimiters.
const WS: u8 = 1;
const DELIM: u8 = 2;

/// White space for [`Lexer::skip_ws`]: 1 plain, 2 line ends and the first byte of a BOM.
static SPACE: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b' ' as usize] = 1;
    t[b'\t' as usize] = 1;
    t[b',' as usize] = 1;
    t[0x0b] = 1;
    t[0x0c] = 1;
    t[b'\n' as usize] = 2;
    t[b'\r' as usize] = 2;
    t[0xEF] = 2;
    t
};

/// The bytes a quoted value scan stops at.
static QUOTED_SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'\n' as usize] = true;
    t[b'\r' as usize] = true;
    t
};

/// The bytes that end a tag name (with white space and `“`).
static NAME_END: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = CLASS[b] == WS;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b']' as usize] = true;
    t[b'[' as usize] = true;
    t[b'{' as usize] = true;
    t[b'}' as usize] = true;
    t[0xE2] = true;
    t
};

/// The bytes a comment scan stops at.
static COMMENT_SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    t[b'{' as usize] = true;
    t[b'}' as usize] = true;
    t[b'\n' as usize] = true;
    t[b'\r' as usize] = true;
    t
};

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b' ' as usize] = WS;
    t[b'\t' as usize] = WS;
    t[b'\n' as usize] = WS;
    t[b'\r' as usize] = WS;
    t[0x0b] = WS;
    t[0x0c] = WS;
    t[b',' as usize] = WS;
    t[b'{' as usize] = DELIM;
    t[b'}' as usize] = DELIM;
    t[b'(' as usize] = DELIM;
    t[b')' as usize] = DELIM;
    t[b'[' as usize] = DELIM;
    t[b']' as usize] = DELIM;
    t[b';' as usize] = DELIM;
    t[b'$' as usize] = DELIM;
    t
};

#[inline]
fn is_word_byte(b: u8) -> bool {
    CLASS[b as usize] == 0
}

#[inline]
fn is_mark(b: u8) -> bool {
    b == b'!' || b == b'?'
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Words that, standing alone after a move, belong to it (English descriptive notation).
const SUFFIXES: &[&[u8]] = &[
    b"ch", b"dis", b"dbl", b"mate", b"e.p.", b"ep", b"dis.ch", b"dbl.ch",
];

/// Whether a word standing alone right after a move word is joined to it when read.
pub(crate) fn joins_previous_word(word: &[u8]) -> bool {
    SUFFIXES.contains(&word)
}

/// A quoted value: start and end of the text, position after the closing quote, and whether
/// the text holds a backslash.
type Quoted = (usize, usize, usize, bool);

/// Why a step of the lexer stopped.
enum Stop {
    More,
    /// A syntax error; the lexer is left where recovery should start, and `movetext` tells
    /// whether recovery may stop at the next tag.
    Error(LexError, bool),
    /// A syntax error that ends the game at `end` without recovery.
    ErrorAt(LexError, usize),
}

impl From<More> for Stop {
    fn from(_: More) -> Stop {
        Stop::More
    }
}

/// How a parenthesis glued to a word is read.
enum Paren {
    /// Part of the word (`e8(Q)`, `C(AR)xP`); the word goes on at the position given.
    Part(usize),
    /// Move-strength marks (`(!?)`), ending at the position given.
    Marks(usize),
    /// An ordinary parenthesis: a variation opens.
    Open,
}

enum Close {
    /// The comment's text ends at `end` (the position of its `}`).
    At(usize),
    /// No `}` closes it.
    Unterminated,
}

struct Lexer<'a> {
    s: &'a [u8],
    eof: bool,
    i: usize,
    line: u32,
    line_start: usize,
    /// The slice starts in the middle of a line.
    mid_line: bool,
}

/// Scans one game from the start of `s`, pushing its tokens into `toks`.
///
/// Returns `Ok(None)` when nothing but white space and escape lines is left before the end of
/// the input.
pub(crate) fn scan_game(
    s: &[u8],
    eof: bool,
    line: u32,
    mid_line: bool,
    toks: &mut Vec<Token>,
) -> Result<Option<Scanned>, More> {
    toks.clear();
    let mut lx = Lexer {
        s,
        eof,
        i: 0,
        line,
        line_start: 0,
        mid_line,
    };
    match lx.game(toks) {
        Ok(None) => Ok(None),
        Ok(Some(end)) => Ok(Some(lx.scanned(end, None))),
        Err(Stop::More) => Err(More),
        Err(Stop::ErrorAt(err, end)) => {
            lx.i = end;
            Ok(Some(lx.scanned(end, Some(err))))
        }
        Err(Stop::Error(err, movetext)) => {
            let end = lx.recover(movetext)?;
            Ok(Some(lx.scanned(end, Some(err))))
        }
    }
}

impl<'a> Lexer<'a> {
    fn scanned(&self, end: usize, error: Option<LexError>) -> Scanned {
        Scanned {
            end,
            line: self.line,
            line_start: self.line_start,
            error,
        }
    }

    fn error(&self, at: usize, line: u32, line_start: usize, message: String) -> LexError {
        LexError {
            at,
            line,
            line_start,
            message,
        }
    }

    #[inline(always)]
    fn token(&self, kind: Kind, start: usize, a: usize, b: usize) -> Token {
        Token {
            kind,
            flag: false,
            line: self.line,
            line_start: self.line_start as u32,
            start: start as u32,
            a: a as u32,
            b: b as u32,
            c: 0,
            d: 0,
        }
    }

    /// The main loop: returns where the game ends, or `None` if there is no game.
    fn game(&mut self, toks: &mut Vec<Token>) -> Result<Option<usize>, Stop> {
        let s = self.s;
        let mut depth: u32 = 0;
        let mut movetext = false;
        let mut content = false;
        loop {
            self.skip_ws()?;
            let i = self.i;
            if i == s.len() {
                if !content {
                    return Ok(None);
                }
                if depth > 0 {
                    return Err(self.unclosed_variation(toks, i));
                }
                return Ok(Some(i));
            }
            let (line, line_start) = (self.line, self.line_start);
            match s[i] {
                b'[' => {
                    if movetext {
                        if depth > 0 {
                            return Err(self.unclosed_variation(toks, i));
                        }
                        return Ok(Some(i));
                    }
                    self.tag(toks)?;
                }
                b'{' => match self.comment(i)? {
                    Close::At(end) => {
                        let (a, b) = trim(s, i + 1, end);
                        toks.push(Token {
                            line,
                            line_start: line_start as u32,
                            ..self.token(Kind::Comment, i, a, b)
                        });
                        self.i = end + 1;
                    }
                    Close::Unterminated => {
                        let err = self.error(
                            i,
                            line,
                            line_start,
                            "comment not closed: this `{` has no matching `}`".into(),
                        );
                        let next = self.next_tag_line(i);
                        self.count_lines(i, next);
                        self.i = next;
                        return Err(Stop::Error(err, true));
                    }
                },
                b';' => {
                    let eol = self.eol(i + 1)?;
                    let (a, b) = trim(s, i + 1, eol);
                    toks.push(self.token(Kind::LineComment, i, a, b));
                    self.i = eol;
                }
                b'%' if self.at_line_start(i) => {
                    let eol = self.eol(i + 1)?;
                    toks.push(self.token(Kind::Escape, i, i + 1, eol));
                    self.i = eol;
                    continue; // escape lines alone are no game
                }
                b'(' => {
                    depth += 1;
                    if depth > MAX_VARIATION_DEPTH {
                        self.i = i + 1;
                        let msg = format!("variations nested more than {MAX_VARIATION_DEPTH} deep");
                        return Err(Stop::Error(self.error(i, line, line_start, msg), true));
                    }
                    toks.push(self.token(Kind::Open, i, i, i + 1));
                    self.i = i + 1;
                    movetext = true;
                }
                b')' => {
                    self.i = i + 1;
                    if depth == 0 {
                        let msg = "`)` without an open variation".to_owned();
                        return Err(Stop::Error(self.error(i, line, line_start, msg), true));
                    }
                    depth -= 1;
                    toks.push(self.token(Kind::Close, i, i, i + 1));
                }
                b'$' => {
                    self.nag(toks)?;
                    movetext = true;
                }
                b'}' => {
                    self.i = i + 1;
                    let msg = "`}` without an open comment".to_owned();
                    return Err(Stop::Error(self.error(i, line, line_start, msg), true));
                }
                b']' => {
                    self.i = i + 1;
                    let msg = "`]` without a tag to close".to_owned();
                    return Err(Stop::Error(self.error(i, line, line_start, msg), true));
                }
                b'/' if s.get(i + 1).is_some_and(|b| b.is_ascii_alphabetic()) => {
                    self.setup(toks)?;
                    movetext = true;
                }
                _ => {
                    movetext = true;
                    if self.word(toks, depth)? {
                        return Ok(Some(self.i));
                    }
                }
            }
            content = true;
        }
    }

    /// The error for a variation still open where the game ends (at `end`).
    fn unclosed_variation(&self, toks: &[Token], end: usize) -> Stop {
        let mut depth = 0u32;
        let open = toks.iter().rev().find(|t| match t.kind {
            Kind::Close => {
                depth += 1;
                false
            }
            Kind::Open if depth == 0 => true,
            Kind::Open => {
                depth -= 1;
                false
            }
            _ => false,
        });
        let t = open
            .copied()
            .unwrap_or_else(|| self.token(Kind::Open, end, end, end));
        Stop::ErrorAt(
            LexError {
                at: t.start as usize,
                line: t.line,
                line_start: t.line_start as usize,
                message: "variation not closed: this `(` has no matching `)` before the game ends"
                    .into(),
            },
            end,
        )
    }

    /// Skips white space, counting lines.
    #[inline(always)]
    fn skip_ws(&mut self) -> Result<(), More> {
        let s = self.s;
        let mut i = self.i;
        while let Some(&b) = s.get(i) {
            match SPACE[b as usize] {
                0 => break,
                1 => i += 1,
                _ => match self.skip_special_space(i)? {
                    usize::MAX => break,
                    next => i = next,
                },
            }
        }
        self.i = i;
        if i == s.len() && !self.eof {
            return Err(More);
        }
        Ok(())
    }

    /// Skips a line end or a byte order mark at `i`; returns where the next byte is.
    #[inline(never)]
    fn skip_special_space(&mut self, mut i: usize) -> Result<usize, More> {
        let s = self.s;
        match s[i] {
            b'\n' => i += 1,
            b'\r' => {
                if i + 1 < s.len() {
                    i += if s[i + 1] == b'\n' { 2 } else { 1 };
                } else if self.eof {
                    i += 1;
                } else {
                    self.i = i;
                    return Err(More);
                }
            }
            _ if s[i..].starts_with(BOM) => return Ok(i + 3),
            _ if s.len() - i < 3 && !self.eof => {
                self.i = i;
                return Err(More);
            }
            // 0xEF starting a word.
            _ => {
                self.i = i;
                return Ok(usize::MAX);
            }
        }
        self.line += 1;
        self.line_start = i;
        Ok(i)
    }

    /// Counts the line ends in `s[from..to]`.
    fn count_lines(&mut self, from: usize, to: usize) {
        let s = self.s;
        let mut i = from;
        while let Some(k) = memchr2(b'\n', b'\r', &s[i..to]) {
            let p = i + k;
            if s[p] == b'\r' && s.get(p + 1) == Some(&b'\n') {
                i = p + 1;
                continue;
            }
            self.line += 1;
            i = p + 1;
            self.line_start = i;
        }
    }

    /// The end of the line that `from` is on (the position of its `\n` or `\r`).
    fn eol(&self, from: usize) -> Result<usize, More> {
        match memchr2(b'\n', b'\r', &self.s[from..]) {
            Some(k) => Ok(from + k),
            None if self.eof => Ok(self.s.len()),
            None => Err(More),
        }
    }

    /// Whether `i` is the first column of a line.
    fn at_line_start(&self, i: usize) -> bool {
        i == self.line_start && !(i == 0 && self.mid_line)
    }

    /// The first position after `from` where a line starts with `[`, or the end of input.
    fn next_tag_line(&self, from: usize) -> usize {
        let s = self.s;
        let mut i = from;
        while let Some(k) = memchr(b'[', &s[i..]) {
            let p = i + k;
            if p > 0 && matches!(s[p - 1], b'\n' | b'\r') {
                return p;
            }
            i = p + 1;
        }
        s.len()
    }

    /// Finds the `}` that closes the comment opened at `open`, and counts its lines: one pass
    /// over the usual comment, [`Lexer::comment_close`] for the rest.
    #[inline(always)]
    fn comment(&mut self, open: usize) -> Result<Close, More> {
        let s = self.s;
        let mut i = open + 1;
        let (mut line, mut line_start) = (self.line, self.line_start);
        while let Some(&b) = s.get(i) {
            if !COMMENT_SPECIAL[b as usize] {
                i += 1;
                continue;
            }
            match b {
                b'}' => {
                    self.line = line;
                    self.line_start = line_start;
                    return Ok(Close::At(i));
                }
                b'\n' => {
                    line += 1;
                    i += 1;
                    line_start = i;
                }
                b'\r' => match s.get(i + 1) {
                    Some(b'\n') => i += 1,
                    None if !self.eof => return Err(More),
                    _ => {
                        line += 1;
                        i += 1;
                        line_start = i;
                    }
                },
                _ => {
                    // `{` inside: the rules of nesting.
                    let close = self.comment_close(open)?;
                    if let Close::At(end) = close {
                        self.count_lines(open, end);
                    }
                    return Ok(close);
                }
            }
        }
        if self.eof {
            Ok(Close::Unterminated)
        } else {
            Err(More)
        }
    }

    /// Finds the `}` that closes the comment opened at `open`.
    ///
    /// A comment ends at its first `}`, unless it holds `{` (which the standard forbids):
    /// then braces nest (`{ a { b } c }` is one comment), provided the `}` that balances them
    /// is on the same line as the first `}`. Otherwise the first `}` ends the comment after
    /// all, so that a stray `{` cannot swallow the rest of the file.
    fn comment_close(&self, open: usize) -> Result<Close, More> {
        let s = self.s;
        let body = open + 1;
        let first = match memchr2(b'{', b'}', &s[body..]) {
            Some(k) if s[body + k] == b'}' => return Ok(Close::At(body + k)),
            Some(_) => match memchr(b'}', &s[body..]) {
                Some(k) => body + k,
                None if self.eof => return Ok(Close::Unterminated),
                None => return Err(More),
            },
            None if self.eof => return Ok(Close::Unterminated),
            None => return Err(More),
        };
        // Open braces left after the first `}`.
        let mut depth = memchr::memchr_iter(b'{', &s[body..first]).count();
        for (p, &b) in s.iter().enumerate().skip(first + 1) {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(Close::At(p));
                    }
                }
                b'\n' | b'\r' => return Ok(Close::At(first)),
                _ => {}
            }
        }
        if self.eof {
            Ok(Close::At(first))
        } else {
            Err(More)
        }
    }

    /// Reads a quoted value starting at the quote at `q`; returns the end of the value, the
    /// position after the closing quote, and whether the value has a backslash.
    fn quoted(&self, q: usize) -> Result<Option<Quoted>, More> {
        let s = self.s;
        // The opening quote decides the closing one.
        let (body, close): (usize, &[u8]) = if s[q] == b'"' {
            (q + 1, b"\"")
        } else if s[q] == 0x93 {
            (q + 1, b"\x94")
        } else {
            (q + 3, "”".as_bytes())
        };
        let mut i = body;
        // The usual case: straight quotes, no backslash, on one line.
        if s[q] == b'"' {
            while let Some(&b) = s.get(i) {
                if QUOTED_SPECIAL[b as usize] {
                    if b == b'"' {
                        return Ok(Some((body, i, i + 1, false)));
                    }
                    break;
                }
                i += 1;
            }
        }
        let mut backslash = false;
        loop {
            let Some(&b) = s.get(i) else {
                return if self.eof { Ok(None) } else { Err(More) };
            };
            match b {
                b'\\' => {
                    backslash = true;
                    i += if matches!(s.get(i + 1), Some(b'"' | b'\\')) {
                        2
                    } else {
                        1
                    };
                }
                b'\n' | b'\r' => return Ok(None),
                b'"' => return Ok(Some((body, i, i + 1, backslash))),
                _ if s[i..].starts_with(close) => {
                    return Ok(Some((body, i, i + close.len(), backslash)));
                }
                _ if close.len() > 1 && !self.eof && s.len() - i < close.len() => {
                    return Err(More);
                }
                _ => i += 1,
            }
        }
    }

    /// Whether an opening quote starts at `i`: `"`, `“`, or Windows-1252's 0x93.
    fn quote_at(&self, i: usize) -> Result<bool, More> {
        let s = self.s;
        match s.get(i) {
            Some(b'"') | Some(0x93) => Ok(true),
            Some(0xE2) => {
                if s.len() < i + 3 && !self.eof {
                    return Err(More);
                }
                Ok(s[i..].starts_with("“".as_bytes()))
            }
            Some(_) => Ok(false),
            None if self.eof => Ok(false),
            None => Err(More),
        }
    }

    fn skip_blanks(&self, mut i: usize) -> Result<usize, More> {
        let s = self.s;
        while i < s.len() && matches!(s[i], b' ' | b'\t') {
            i += 1;
        }
        if i == s.len() && !self.eof {
            return Err(More);
        }
        Ok(i)
    }

    /// `[Name "value"]`.
    fn tag(&mut self, toks: &mut Vec<Token>) -> Result<(), Stop> {
        let s = self.s;
        let start = self.i;
        let (line, line_start) = (self.line, self.line_start);
        let fail = |lx: &mut Lexer, at: usize, msg: &str| -> Stop {
            let err = lx.error(at, line, line_start, msg.to_owned());
            match lx.eol(at) {
                Ok(eol) => {
                    lx.i = eol;
                    Stop::Error(err, false)
                }
                Err(More) => Stop::More,
            }
        };
        let name_start = self.skip_blanks(start + 1)?;
        let mut i = name_start;
        while i < s.len() {
            if NAME_END[s[i] as usize] {
                if s[i] != 0xE2 {
                    break;
                }
                if s.len() - i < 3 && !self.eof {
                    return Err(Stop::More);
                }
                if s[i..].starts_with("“".as_bytes()) {
                    break;
                }
            }
            i += 1;
        }
        if (i == s.len() || s[i] == 0xE2 && s.len() - i < 3) && !self.eof {
            return Err(Stop::More);
        }
        let name_end = i;
        if name_end == name_start {
            return Err(fail(self, start, "tag name missing after `[`"));
        }
        let q = self.skip_blanks(name_end)?;
        if !self.quote_at(q)? {
            return Err(fail(
                self,
                q.min(s.len()),
                "tag value missing: expected a value in double quotes after the tag name",
            ));
        }
        let Some((a, b, after, backslash)) = self.quoted(q)? else {
            return Err(fail(
                self,
                q,
                "tag value not closed: the closing `\"` is missing on this line",
            ));
        };
        let close = self.skip_blanks(after)?;
        if s.get(close) != Some(&b']') {
            return Err(fail(
                self,
                close.min(s.len()),
                "expected `]` to close the tag",
            ));
        }
        let mut t = self.token(Kind::Tag, start, name_start, name_end);
        t.c = a as u32;
        t.d = b as u32;
        t.flag = backslash;
        toks.push(t);
        self.i = close + 1;
        Ok(())
    }

    /// `/Name "value"/`.
    fn setup(&mut self, toks: &mut Vec<Token>) -> Result<(), Stop> {
        let s = self.s;
        let start = self.i;
        let (line, line_start) = (self.line, self.line_start);
        let fail = |lx: &mut Lexer| -> Stop {
            let msg = "setup command not closed: expected `/NAME \"value\"/`".to_owned();
            let err = lx.error(start, line, line_start, msg);
            match lx.eol(start) {
                Ok(eol) => {
                    lx.i = eol;
                    Stop::Error(err, true)
                }
                Err(More) => Stop::More,
            }
        };
        let mut i = start + 1;
        while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == b'_') {
            i += 1;
        }
        let name_end = i;
        let q = self.skip_blanks(name_end)?;
        if !self.quote_at(q)? {
            return Err(fail(self));
        }
        let Some((a, b, after, backslash)) = self.quoted(q)? else {
            return Err(fail(self));
        };
        let close = self.skip_blanks(after)?;
        if s.get(close) != Some(&b'/') {
            return Err(fail(self));
        }
        let mut t = self.token(Kind::Setup, start, start + 1, name_end);
        t.c = a as u32;
        t.d = b as u32;
        t.flag = backslash;
        toks.push(t);
        self.i = close + 1;
        Ok(())
    }

    /// `$n`.
    fn nag(&mut self, toks: &mut Vec<Token>) -> Result<(), Stop> {
        let s = self.s;
        let start = self.i;
        let mut i = start + 1;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        if i == s.len() && !self.eof {
            return Err(Stop::More);
        }
        self.i = i;
        let digits = &s[start + 1..i];
        if digits.is_empty() {
            let msg = "`$` must be followed by a number, as in `$1`".to_owned();
            let err = self.error(start, self.line, self.line_start, msg);
            return Err(Stop::Error(err, true));
        }
        let n = parse_u32(digits).filter(|&n| n <= 255);
        let Some(n) = n else {
            let text = String::from_utf8_lossy(&s[start..i]);
            let msg = format!("NAG {text} out of range 0–255");
            let err = self.error(start, self.line, self.line_start, msg);
            return Err(Stop::Error(err, true));
        };
        let mut t = self.token(Kind::Nag, start, start, i);
        t.c = n;
        toks.push(t);
        Ok(())
    }

    /// A move number, a move word, marks, a glyph or a result. Returns `true` when a result
    /// ends the game.
    fn word(&mut self, toks: &mut Vec<Token>, depth: u32) -> Result<bool, Stop> {
        let s = self.s;
        let i = self.i;
        let mut j = i;
        while j < s.len() && s[j].is_ascii_digit() {
            j += 1;
        }
        if j < s.len() && s[j] == b'.' {
            return self.number(toks, i, j);
        }
        while j < s.len() && is_word_byte(s[j]) {
            j += 1;
        }
        if j == s.len() {
            if !self.eof {
                return Err(Stop::More);
            }
        } else if s[j] == b'(' {
            j = self.word_end(i)?;
        }
        let end = j;
        let mut m = end;
        while m > i && is_mark(s[m - 1]) {
            m -= 1;
        }
        if m == i {
            // Marks standing alone: `!?`.
            self.marks(toks, i, end);
            self.i = end;
            self.paren_marks(toks)?;
            return Ok(false);
        }
        let word = &s[i..m];
        if m == end
            && maybe_result(word)
            && is_result_bytes(word)
            && (word != b"0-0" || self.tag_or_end_follows(end)?)
        {
            self.i = end;
            if depth > 0 {
                return Err(self.unclosed_variation(toks, end));
            }
            toks.push(self.token(Kind::Result, i, i, end));
            return Ok(true);
        }
        if m == end
            && maybe_glyph(word)
            && let Some(n) = glyph_nag(word)
        {
            let mut t = self.token(Kind::Nag, i, i, end);
            t.c = n as u32;
            toks.push(t);
            self.i = end;
            return Ok(false);
        }
        let mut t = self.token(Kind::Word, i, i, m);
        if maybe_suffix(word)
            && toks
                .last()
                .is_some_and(|t| matches!(t.kind, Kind::Word | Kind::WordCont))
            && SUFFIXES.contains(&word)
        {
            t.kind = Kind::WordCont;
            t.flag = true;
        }
        toks.push(t);
        self.i = end;
        if m < end || s.get(end) == Some(&b'(') || matches!(s[m - 1], b'-' | b'x' | b':') {
            self.piece_end(toks, i, m, end)?;
        }
        Ok(false)
    }

    /// A move number: digits `s[i..d]` (maybe none) and the dots after them.
    fn number(&mut self, toks: &mut Vec<Token>, i: usize, d: usize) -> Result<bool, Stop> {
        let s = self.s;
        let mut e = d;
        while e < s.len() && s[e] == b'.' {
            e += 1;
        }
        if e == s.len() && !self.eof {
            return Err(Stop::More);
        }
        let number = if d == i {
            Some(u32::MAX)
        } else {
            parse_u32(&s[i..d]).filter(|&n| n < u32::MAX)
        };
        self.i = e;
        let Some(number) = number else {
            return Err(self.number_too_large(i, d));
        };
        let mut t = self.token(Kind::Number, i, i, e);
        t.c = number;
        t.d = (e - d) as u32;
        toks.push(t);
        // What is glued to the number (`1.e4`) is read as the next token.
        Ok(false)
    }

    #[cold]
    fn number_too_large(&self, i: usize, d: usize) -> Stop {
        let text = String::from_utf8_lossy(&self.s[i..d]);
        let msg = format!("move number {text} is too large");
        Stop::Error(self.error(i, self.line, self.line_start, msg), true)
    }

    /// After the word piece `s[i..m]` (with marks up to `end`): the marks, and a piece that
    /// continues the word (`35x 4`).
    fn piece_end(
        &mut self,
        toks: &mut Vec<Token>,
        mut i: usize,
        mut m: usize,
        mut end: usize,
    ) -> Result<(), Stop> {
        let s = self.s;
        let first = (i, m);
        let mut pieces = 1;
        loop {
            if m < end {
                self.marks(toks, m, end);
            }
            self.i = end;
            let had_marks = m < end || (s.get(end) == Some(&b'(') && self.paren_marks(toks)?);
            if had_marks
                || !matches!(s[m - 1], b'-' | b'x' | b':')
                || !s[i..m - 1].iter().any(u8::is_ascii_alphanumeric)
            {
                return Ok(());
            }
            let k = self.skip_blanks(end)?;
            if k == end || k == s.len() || !s[k].is_ascii_alphanumeric() {
                return Ok(());
            }
            i = k;
            end = self.word_end(k)?;
            m = end;
            while m > i && is_mark(s[m - 1]) {
                m -= 1;
            }
            // `1- 0` is no result: leave the pieces apart.
            if pieces == 1 && first.1 - first.0 + m - k <= 8 {
                let mut joined = [0u8; 8];
                let a = first.1 - first.0;
                joined[..a].copy_from_slice(&s[first.0..first.1]);
                joined[a..a + m - k].copy_from_slice(&s[k..m]);
                if m == end && is_result_bytes(&joined[..a + m - k]) {
                    return Ok(());
                }
            }
            pieces += 1;
            let mut t = self.token(Kind::WordCont, i, i, m);
            // `35x ch` keeps its space, as after any move.
            t.flag = SUFFIXES.contains(&&s[i..m]);
            toks.push(t);
        }
    }

    /// Pushes a NAG for each mark in `s[from..to]`, split greedily into pairs.
    fn marks(&self, toks: &mut Vec<Token>, from: usize, to: usize) {
        let s = self.s;
        let mut i = from;
        while i < to {
            let (n, len) = if i + 1 < to {
                (strength_pair(s[i], s[i + 1]), 2)
            } else {
                (strength_single(s[i]), 1)
            };
            let mut t = self.token(Kind::Nag, i, i, i + len);
            t.c = n as u32;
            toks.push(t);
            i += len;
        }
    }

    /// Marks in parentheses glued to the word just read: `19-23(!?)`.
    fn paren_marks(&mut self, toks: &mut Vec<Token>) -> Result<bool, More> {
        let mut found = false;
        while self.s.get(self.i) == Some(&b'(') {
            match self.glued_paren(self.i)? {
                Paren::Marks(end) => {
                    self.marks(toks, self.i + 1, end - 1);
                    self.i = end;
                    found = true;
                }
                _ => break,
            }
        }
        Ok(found)
    }

    /// The end of the word starting at `i`, with glued parentheses such as `e8(Q)`.
    #[inline(always)]
    fn word_end(&self, i: usize) -> Result<usize, More> {
        let s = self.s;
        let mut j = i;
        loop {
            while j < s.len() && is_word_byte(s[j]) {
                j += 1;
            }
            if j == s.len() {
                return if self.eof { Ok(j) } else { Err(More) };
            }
            if s[j] == b'('
                && j > i
                && !is_mark(s[j - 1])
                && let Paren::Part(end) = self.glued_paren(j)?
            {
                j = end;
                continue;
            }
            return Ok(j);
        }
    }

    /// How to read the `(` at `j`, glued to a word.
    ///
    /// The content may hold ASCII characters and chess figurines (`e8(♕)`): other non-ASCII
    /// bytes would count differently in UTF-8 and Latin-1 text, so they open a variation.
    fn glued_paren(&self, j: usize) -> Result<Paren, More> {
        let s = self.s;
        let mut k = j + 1;
        let mut chars = 0;
        let mut all_marks = true;
        loop {
            let Some(&b) = s.get(k) else {
                return if self.eof { Ok(Paren::Open) } else { Err(More) };
            };
            if b == b')' {
                break;
            }
            if !is_word_byte(b) || b == b'(' {
                return Ok(Paren::Open);
            }
            if b >= 0x80 {
                if s.len() < k + 3 && !self.eof {
                    return Err(More);
                }
                match s[k..] {
                    [0xE2, 0x99, 0x94..=0x9F, ..] => k += 2,
                    _ => return Ok(Paren::Open),
                }
            }
            chars += 1;
            all_marks &= is_mark(b);
            if (chars > 4 && !all_marks) || chars > 64 {
                return Ok(Paren::Open);
            }
            k += 1;
        }
        Ok(match chars {
            0 => Paren::Open,
            _ if all_marks => Paren::Marks(k + 1),
            _ => Paren::Part(k + 1),
        })
    }

    /// Whether nothing but white space, comments and escape lines comes between `from` and the
    /// next tag or the end of the input (which makes `0-0` a result rather than castling).
    fn tag_or_end_follows(&self, from: usize) -> Result<bool, More> {
        let mut la = Lexer {
            s: self.s,
            eof: self.eof,
            i: from,
            line: self.line,
            line_start: self.line_start,
            mid_line: self.mid_line,
        };
        loop {
            la.skip_ws()?;
            let i = la.i;
            let Some(&b) = la.s.get(i) else {
                return Ok(true);
            };
            match b {
                b'[' => return Ok(true),
                b'{' => match la.comment_close(i)? {
                    Close::At(end) => la.i = end + 1,
                    Close::Unterminated => return Ok(false),
                },
                b';' => la.i = la.eol(i)?,
                b'%' if la.at_line_start(i) => la.i = la.eol(i)?,
                _ => return Ok(false),
            }
        }
    }

    /// After a syntax error: skips to the next tag section (if `movetext`, or once movetext
    /// has been seen) or past the next result, and returns where the broken game ends.
    fn recover(&mut self, mut movetext: bool) -> Result<usize, More> {
        let s = self.s;
        loop {
            self.skip_ws()?;
            let i = self.i;
            if i == s.len() {
                return Ok(i);
            }
            match s[i] {
                b'[' if movetext => return Ok(i),
                b'[' => {
                    let eol = self.eol(i)?;
                    self.i = memchr(b']', &s[i..eol]).map_or(eol, |k| i + k + 1);
                }
                b'{' => match self.comment_close(i)? {
                    Close::At(end) => {
                        self.count_lines(i, end);
                        self.i = end + 1;
                    }
                    Close::Unterminated => {
                        let next = self.next_tag_line(i);
                        self.count_lines(i, next);
                        self.i = next;
                        movetext = true;
                    }
                },
                b';' => self.i = self.eol(i)?,
                b'%' if self.at_line_start(i) => self.i = self.eol(i)?,
                b if !is_word_byte(b) => {
                    self.i = i + 1;
                    movetext = true;
                }
                _ => {
                    let end = self.word_end(i)?;
                    self.i = end;
                    movetext = true;
                    let word = &s[i..end];
                    if is_result_bytes(word) && (word != b"0-0" || self.tag_or_end_follows(end)?) {
                        return Ok(end);
                    }
                }
            }
        }
    }
}

/// Whether a word may be a result: a cheap test before the real one.
#[inline]
fn maybe_result(w: &[u8]) -> bool {
    match w.len() {
        1 => w[0] == b'*',
        3..=7 => matches!(w[1], b'-' | b'/') || w[0] >= 0x80,
        _ => false,
    }
}

/// Whether a word may be a glyph: a cheap test before the real one.
#[inline]
fn maybe_glyph(w: &[u8]) -> bool {
    match w[0] {
        b'N' => w.len() == 1,
        b'=' | b'+' | b'-' => w.len() <= 3,
        b => b >= 0x80 && w.len() <= 3,
    }
}

/// Whether a word may be a descriptive suffix: a cheap test before the real one.
#[inline]
fn maybe_suffix(w: &[u8]) -> bool {
    w.len() <= 6 && matches!(w[0], b'c' | b'd' | b'm' | b'e')
}

/// Trims ASCII white space from `s[a..b]`.
fn trim(s: &[u8], mut a: usize, mut b: usize) -> (usize, usize) {
    while a < b && s[a].is_ascii_whitespace() {
        a += 1;
    }
    while b > a && s[b - 1].is_ascii_whitespace() {
        b -= 1;
    }
    (a, b)
}

fn parse_u32(digits: &[u8]) -> Option<u32> {
    let mut n: u32 = 0;
    for &d in digits {
        n = n.checked_mul(10)?.checked_add((d - b'0') as u32)?;
    }
    Some(n)
}
