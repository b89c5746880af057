//! Phase one of reading: cut the text of one game into tokens and find where the game ends.
//!
//! The lexer works on bytes and knows nothing of encodings beyond the few non-ASCII marks it
//! must recognise (`½`, curly quotes, glyphs); all its delimiters are ASCII, so every range it
//! records starts and ends on a character boundary. It checks the whole syntax of the game, so
//! that the reader can refuse a broken game before a visitor sees any of it.
//!
//! When the bytes run out before the game is complete and more input may follow, every
//! function returns [`More`]: the reader then reads more and starts the game again.

mod bytes;
mod comment;
mod tag;
mod token;
mod word;

use memchr::{memchr, memchr2};

use crate::result::is_result_bytes;
pub(crate) use bytes::joins_previous_word;
use bytes::{BOM, SPACE, is_word_byte, trim};
use comment::Close;
pub(crate) use token::{Kind, LexError, Scanned, Token};

/// The deepest nesting of variations the reader accepts.
pub const MAX_VARIATION_DEPTH: u32 = 256;

/// More input is needed to finish the game.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct More;

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
