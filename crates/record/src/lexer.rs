//! Reading the text of one game: cutting it into tokens, checking its syntax and finding
//! where it ends, while handing each token on to a [`Sink`] as soon as the item it belongs to
//! is read.
//!
//! The lexer works on bytes and knows nothing of encodings beyond the few non-ASCII marks it
//! must recognise (`½`, curly quotes, glyphs); all its delimiters are ASCII, so every range it
//! records starts and ends on a character boundary.
//!
//! When the bytes run out before the game is complete and more input may follow, it returns
//! [`More`] and leaves in [`Resume`] the start of the item it was reading: the reader reads
//! more and calls it again, and it goes on from there, so that no token is handed on twice.

mod bytes;
mod comment;
mod tag;
mod token;
mod usual;
mod word;

use memchr::{memchr, memchr2};

use crate::Leniency;
use crate::result::{OddResult, dash_len, is_result_bytes, is_zero_zero, odd_result, score_len};
pub(crate) use bytes::joins_previous_word;
use bytes::{BOM, SPACE, is_word_byte, trim};
use comment::Close;
use tag::Tagged;
pub(crate) use tag::is_closing_markup;
pub(crate) use token::{Kind, LexError, Open, Resume, Scanned, Sink, Token};
use word::Word;

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
    Error(Box<LexError>, bool),
    /// A syntax error that ends the game at `end` without recovery.
    ErrorAt(Box<LexError>, usize),
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

/// Reads one game from the start of `s`, or goes on with it from where `at` says, handing its
/// tokens to `sink`.
///
/// Returns `Ok(None)` when nothing but white space and escape lines is left before the end of
/// the input, and `Err(More)` when the input ran out before the game's end: `at` then tells
/// where to go on once there is more.
pub(crate) fn scan_game<S: Sink>(
    s: &[u8],
    eof: bool,
    mid_line: bool,
    at: &mut Resume,
    sink: &mut S,
) -> Result<Option<Scanned>, More> {
    let mut game = Game {
        lx: Lexer {
            s,
            eof,
            i: at.i,
            line: at.line,
            line_start: at.line_start,
            mid_line,
        },
        depth: at.depth,
        movetext: at.movetext,
        by_result: false,
        content: at.content,
        after_word: at.after_word,
        mark: (at.i, at.line, at.line_start),
        opens: &mut at.opens,
        item: &mut at.item,
        sink,
    };
    let outcome = game.run();
    let mut lx = game.lx;
    let stop = match outcome {
        Ok(None) => return Ok(None),
        Ok(Some(end)) => {
            let settled = game.movetext || game.by_result;
            return Ok(Some(Scanned {
                settled,
                ..lx.scanned(end, None)
            }));
        }
        Err(Stop::ErrorAt(err, end)) => {
            lx.i = end;
            return Ok(Some(lx.scanned(end, Some(*err))));
        }
        Err(Stop::Error(err, movetext)) => match lx.recover(movetext) {
            Ok(end) => return Ok(Some(lx.scanned(end, Some(*err)))),
            Err(More) => More,
        },
        Err(Stop::More) => More,
    };
    // Go on at the start of the item that could not be finished.
    (at.i, at.line, at.line_start) = game.mark;
    at.depth = game.depth;
    at.movetext = game.movetext;
    at.content = game.content;
    at.after_word = game.after_word;
    Err(stop)
}

/// The reading of one game: the lexer, and what it knows of the game so far.
struct Game<'a, 'r, S> {
    lx: Lexer<'a>,
    depth: u32,
    movetext: bool,
    /// The game ended at its result.
    by_result: bool,
    content: bool,
    after_word: bool,
    /// Where the item being read starts (position, line, line start).
    mark: (usize, u32, usize),
    opens: &'r mut Vec<Open>,
    item: &'r mut Vec<Token>,
    sink: &'r mut S,
}

impl<S: Sink> Game<'_, '_, S> {
    /// Hands on a token that is an item of its own.
    #[inline(always)]
    fn one(&mut self, t: Token) {
        self.after_word = t.is_word();
        self.sink.token(t);
    }

    /// Hands on the tokens of the item just read.
    fn many(&mut self) {
        for &t in self.item.iter() {
            self.sink.token(t);
        }
        self.after_word = self.item.last().is_some_and(Token::is_word);
        self.item.clear();
    }

    /// The main loop: returns where the game ends, or `None` if there is no game. The state
    /// (depth, flags, open variations) changes only once an item has been read whole.
    #[inline(always)]
    fn run(&mut self) -> Result<Option<usize>, Stop> {
        let s = self.lx.s;
        loop {
            self.usual();
            let i = self.lx.i;
            let (line, line_start) = (self.lx.line, self.lx.line_start);
            let Some(&b) = s.get(i) else {
                if !self.lx.eof {
                    self.mark = (i, line, line_start);
                    return Err(Stop::More);
                }
                if !self.content {
                    return Ok(None);
                }
                if self.depth > 0 {
                    return Err(self.unclosed_variation(i));
                }
                return Ok(Some(i));
            };
            // White space, then the items.
            match b {
                _ if SPACE[b as usize] == 1 => {
                    self.lx.i = i + 1;
                    continue;
                }
                b'\n' => {
                    self.lx.i = i + 1;
                    self.lx.line += 1;
                    self.lx.line_start = i + 1;
                    continue;
                }
                b'\r' | 0xEF => match self.lx.skip_special_space(i) {
                    Err(More) => {
                        self.mark = (i, line, line_start);
                        return Err(Stop::More);
                    }
                    Ok(usize::MAX) => {} // 0xEF starts a word
                    Ok(next) => {
                        self.lx.i = next;
                        continue;
                    }
                },
                _ => {}
            }
            self.mark = (i, line, line_start);
            match b {
                b'[' => {
                    if self.movetext {
                        let markup = self.lx.closing_markup(i)?;
                        if self.depth > 0 {
                            return Err(self.unclosed_variation(i));
                        }
                        return Ok(Some(match markup {
                            Some((start, end)) => self.end_markup(start, end),
                            None => i,
                        }));
                    }
                    match self.lx.tag()? {
                        Tagged::Tag(t) => self.one(t),
                        Tagged::Unclosed(warning, t) => {
                            self.one(t);
                            self.one(warning);
                        }
                        Tagged::Markup(t) => {
                            self.one(t);
                            continue; // markup alone is no game
                        }
                    }
                }
                b'{' => match self.lx.comment(i)? {
                    Close::At(end) => {
                        let (a, b) = trim(s, i + 1, end);
                        self.lx.i = end + 1;
                        self.after_word = false;
                        self.sink.comment(line, line_start, i, a, b);
                    }
                    Close::Unterminated => {
                        let err = self.lx.error(
                            i,
                            line,
                            line_start,
                            "comment not closed: this `{` has no matching `}`".into(),
                        );
                        let next = self.lx.next_tag_line(i);
                        self.lx.count_lines(i, next);
                        self.lx.i = next;
                        return Err(Stop::Error(err, true));
                    }
                },
                b';' => {
                    let eol = self.lx.eol(i + 1)?;
                    let (a, b) = trim(s, i + 1, eol);
                    let t = self.lx.token(Kind::LineComment, i, a, b);
                    self.lx.i = eol;
                    self.one(t);
                }
                b'%' if self.lx.at_line_start(i) => {
                    let eol = self.lx.eol(i + 1)?;
                    let t = self.lx.token(Kind::Escape, i, i + 1, eol);
                    self.lx.i = eol;
                    self.one(t);
                    continue; // escape lines alone are no game
                }
                b'(' => {
                    self.lx.i = i + 1;
                    if self.depth >= MAX_VARIATION_DEPTH {
                        let msg = format!("variations nested more than {MAX_VARIATION_DEPTH} deep");
                        return Err(Stop::Error(self.lx.error(i, line, line_start, msg), true));
                    }
                    self.depth += 1;
                    self.opens.push(Open {
                        at: i as u32,
                        line,
                        line_start: line_start as u32,
                    });
                    let t = self.lx.token(Kind::Open, i, i, i + 1);
                    self.one(t);
                    self.movetext = true;
                }
                b')' => {
                    self.lx.i = i + 1;
                    if self.depth == 0 {
                        let msg = "`)` without an open variation".to_owned();
                        return Err(Stop::Error(self.lx.error(i, line, line_start, msg), true));
                    }
                    self.depth -= 1;
                    self.opens.pop();
                    let t = self.lx.token(Kind::Close, i, i, i + 1);
                    self.one(t);
                }
                b'$' => {
                    let t = self.lx.nag()?;
                    self.one(t);
                    self.movetext = true;
                }
                b'}' => {
                    self.lx.i = i + 1;
                    let msg = "`}` without an open comment".to_owned();
                    return Err(Stop::Error(self.lx.error(i, line, line_start, msg), true));
                }
                b']' => {
                    self.lx.i = i + 1;
                    let msg = "`]` without a tag to close".to_owned();
                    return Err(Stop::Error(self.lx.error(i, line, line_start, msg), true));
                }
                b'/' if s.get(i + 1).is_some_and(|b| b.is_ascii_alphabetic()) => {
                    let t = self.lx.setup()?;
                    self.one(t);
                    self.movetext = true;
                }
                _ => {
                    if b == b'`'
                        && self.lx.at_line_start(i)
                        && let Some(end) = self.lx.fence(i)?
                    {
                        // A Markdown code fence around a game: markup alone is no game.
                        let t = self.lx.markup_token(i, end);
                        self.one(t);
                        self.lx.i = end;
                        continue;
                    }
                    match self.lx.word(self.item, self.after_word)? {
                        Word::Plain(a, b) => {
                            let alone = usual::no_suffix_at(s, self.lx.i);
                            self.after_word = true;
                            self.sink.word(line, line_start, a, b, alone);
                        }
                        Word::Number(end, n, dots) => {
                            self.after_word = false;
                            self.sink.number(line, line_start, i, end, n, dots);
                        }
                        Word::Many => self.many(),
                        Word::Result(end) => {
                            if self.depth > 0 {
                                return Err(self.unclosed_variation(end));
                            }
                            // Forum markup closing the game after its result is the game's.
                            let markup = self.lx.markup_after_result(end)?;
                            let mut t = Token::new(Kind::Result, line, line_start, i, i, end);
                            if let Some(odd) = odd_result(&s[i..end]) {
                                let (a, b, what) = match odd {
                                    OddResult::Dash(dash) => {
                                        let a =
                                            i + (dash.as_ptr() as usize - s[i..].as_ptr() as usize);
                                        (a, a + dash.len(), Leniency::ResultDash)
                                    }
                                    OddResult::Form => (i, end, Leniency::ResultForm),
                                };
                                let mut warning =
                                    Token::new(Kind::Lenient, line, line_start, a, a, b);
                                warning.c = what.code();
                                self.one(warning);
                                t.flag = true;
                            }
                            self.one(t);
                            self.by_result = true;
                            return Ok(Some(match markup {
                                Some((la, start, end)) => {
                                    (self.lx.line, self.lx.line_start) = (la.line, la.line_start);
                                    self.end_markup(start, end)
                                }
                                None => end,
                            }));
                        }
                    }
                    self.movetext = true;
                }
            }
            self.content = true;
        }
    }

    /// Hands on closing forum markup `start..end` that ends the game, and returns its end.
    fn end_markup(&mut self, start: usize, end: usize) -> usize {
        let t = self.lx.markup_token(start, end);
        self.one(t);
        self.lx.i = end;
        end
    }

    /// The error for a variation still open where the game ends (at `end`).
    fn unclosed_variation(&self, end: usize) -> Stop {
        let open = self.opens.last().copied().unwrap_or(Open {
            at: end as u32,
            line: self.lx.line,
            line_start: self.lx.line_start as u32,
        });
        let message = "variation not closed: this `(` has no matching `)` before the game ends";
        Stop::ErrorAt(
            self.lx.error(
                open.at as usize,
                open.line,
                open.line_start as usize,
                message.into(),
            ),
            end,
        )
    }
}

impl<'a> Lexer<'a> {
    fn scanned(&self, end: usize, error: Option<LexError>) -> Scanned {
        Scanned {
            end,
            line: self.line,
            line_start: self.line_start,
            error,
            settled: false,
        }
    }

    #[cold]
    fn error(&self, at: usize, line: u32, line_start: usize, message: String) -> Box<LexError> {
        Box::new(LexError {
            at,
            line,
            line_start,
            message,
        })
    }

    #[inline(always)]
    fn token(&self, kind: Kind, start: usize, a: usize, b: usize) -> Token {
        Token::new(kind, self.line, self.line_start, start, a, b)
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

    /// The end of ` - 0` (blanks, a dash, which may be a Unicode one, blanks, one side's
    /// score) after a word that is one side's score and ends at `from`, on the same line: a
    /// result written spaced (`1 - 0`, `1/2 - 1/2`). Without blanks on both sides of the dash
    /// the pieces are left apart, as before: `0 -2` may be the pieces of a move.
    pub(super) fn spaced_result(&self, from: usize) -> Result<Option<usize>, More> {
        let s = self.s;
        let k = self.skip_blanks(from)?;
        if k == from {
            return Ok(None);
        }
        if s.len() < k + 3 && !self.eof {
            return Err(More);
        }
        let Some(dash) = dash_len(&s[k..]) else {
            return Ok(None);
        };
        // Blanks on both sides of the dash: `0 -2` may be pieces of a move.
        let after_dash = k + dash;
        let k = self.skip_blanks(after_dash)?;
        if k == after_dash {
            return Ok(None);
        }
        if s.len() < k + 4 && !self.eof {
            return Err(More);
        }
        let Some(len) = score_len(&s[k..]) else {
            return Ok(None);
        };
        let ends = s.get(k + len).is_none_or(|&b| !is_word_byte(b));
        Ok(ends.then_some(k + len))
    }

    /// Closing forum markup (`[/pgn]`, or a Markdown code fence on a line of its own) after a
    /// result that ends at `from`, past white space and line ends: the lexer at the markup's
    /// line, and where the markup starts and ends.
    fn markup_after_result(&self, from: usize) -> Result<Option<(Lexer<'a>, usize, usize)>, More> {
        let mut la = Lexer { i: from, ..*self };
        la.skip_ws()?;
        let at = la.i;
        if la.s.get(at) == Some(&b'`') && la.at_line_start(at) {
            return Ok(la.fence(at)?.map(|end| (la, at, end)));
        }
        Ok(la.closing_markup(at)?.map(|(start, end)| (la, start, end)))
    }

    /// A Markdown code fence at `i`, the start of a line: three backticks and perhaps a
    /// language (```` ```pgn ````), alone on the line; returns the end of its text.
    fn fence(&self, i: usize) -> Result<Option<usize>, More> {
        let s = self.s;
        let eol = self.eol(i)?;
        let line = &s[i..eol];
        let text_end = i + line
            .iter()
            .rposition(|&b| !matches!(b, b' ' | b'\t'))
            .map_or(0, |k| k + 1);
        let fenced = line.starts_with(b"```")
            && line[3..]
                .iter()
                .take_while(|&&b| !matches!(b, b' ' | b'\t'))
                .all(u8::is_ascii_alphanumeric)
            && line[3..]
                .iter()
                .skip_while(|&&b| b.is_ascii_alphanumeric())
                .all(|&b| matches!(b, b' ' | b'\t'));
        Ok(fenced.then_some(text_end))
    }

    /// Whether nothing but white space, comments and escape lines comes between `from` and the
    /// next tag or the end of the input (which makes `0-0` a result rather than castling).
    fn tag_or_end_follows(&self, from: usize) -> Result<bool, More> {
        let mut la = Lexer { i: from, ..*self };
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
                    if is_result_bytes(word)
                        && (!is_zero_zero(word) || self.tag_or_end_follows(end)?)
                    {
                        return Ok(end);
                    }
                }
            }
        }
    }
}
