//! The streaming reader: finds each game in the input and hands it to a visitor.

use std::io::{self, Read};

use crate::lexer::{Kind, More, Token, scan_game};
use crate::tag::unescape_into;
use crate::{Collect, CommentKind, Flow, Game, Nag, Pos, ReadError, Visitor};

/// How much the reader asks of its input at least, each time it needs more.
const DEFAULT_CHUNK: usize = 256 * 1024;

/// Reads games one by one from any [`Read`], in memory bounded by the largest game.
///
/// Each call to [`read_game`](Reader::read_game) reads one game and hands it to a
/// [`Visitor`]. Reading a game happens in two steps: first the reader finds the whole game and
/// checks its syntax, then it calls the visitor. A game with a syntax error is returned as
/// [`ReadError::Syntax`] with its place, and no visitor method is called for it; the next call
/// goes on with the next game.
///
/// Text may be UTF-8 (with or without a byte order mark) or, game by game, Latin-1: a game
/// whose bytes are not valid UTF-8 is decoded as Latin-1. Lines may end with LF, CRLF or CR.
///
/// ```
/// use record::{Collect, Reader};
///
/// let pdn = "[Event \"A\"]\n1. 32-28 19-23 2-0\n\n[Event \"B\"]\n1. 33-29 )) *\n\n1. 31-27 *\n";
/// let mut reader = Reader::from_str(pdn);
/// let mut collect = Collect::default();
///
/// let a = reader.read_game(&mut collect).unwrap().unwrap();
/// assert_eq!(a.moves.nodes.len(), 2);
///
/// let err = reader.read_game(&mut collect).unwrap_err();
/// assert_eq!(err.to_string(), "5:10: `)` without an open variation (game 2)");
/// assert!(reader.last_game_raw().starts_with(b"[Event \"B\"]"));
///
/// let c = reader.read_game(&mut collect).unwrap().unwrap();
/// assert_eq!(c.moves.nodes[0].mov, "31-27");
/// assert!(reader.read_game(&mut collect).unwrap().is_none());
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    inner: R,
    buf: Vec<u8>,
    /// Start of the current game in `buf`.
    start: usize,
    /// End of the bytes read into `buf`.
    filled: usize,
    eof: bool,
    /// An input error ended the reading.
    failed: bool,
    started: bool,
    /// File offset of `buf[0]`.
    base: u64,
    /// Line number at `start`.
    line: u32,
    /// Characters between the start of that line and `start`.
    col_base: u32,
    games: u64,
    chunk: usize,
    tokens: Vec<Token>,
    last: (usize, usize),
    scratch: [String; 3],
}

/// How the bytes of one game are decoded.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Encoding {
    Ascii,
    Utf8,
    Latin1,
}

/// [`Encoding`] as constant parameters of the emitting loop.
const ASCII: u8 = 0;
const UTF8: u8 = 1;
const LATIN1: u8 = 2;

impl<'a> Reader<&'a [u8]> {
    /// A reader of games in memory.
    pub fn from_bytes(bytes: &'a [u8]) -> Self {
        Reader::new(bytes)
    }

    /// A reader of games in a string.
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(text: &'a str) -> Self {
        Reader::new(text.as_bytes())
    }
}

impl<R: Read> Reader<R> {
    /// A reader of games from `inner`. It does its own buffering: there is no need to wrap
    /// `inner` in a `BufReader`.
    pub fn new(inner: R) -> Self {
        Reader::with_chunk_size(inner, DEFAULT_CHUNK)
    }

    /// A reader of games from `inner` that asks for at least `chunk` bytes (at least 1) each
    /// time it needs more input (256 KiB for [`Reader::new`]).
    pub fn with_chunk_size(inner: R, chunk: usize) -> Self {
        Reader {
            chunk: chunk.max(1),
            inner,
            buf: Vec::new(),
            start: 0,
            filled: 0,
            eof: false,
            failed: false,
            started: false,
            base: 0,
            line: 1,
            col_base: 0,
            games: 0,
            tokens: Vec::new(),
            last: (0, 0),
            scratch: Default::default(),
        }
    }

    /// Reads the next game and hands it to `visitor`.
    ///
    /// Returns `Ok(None)` at the end of the input, and `Err(ReadError::Syntax { .. })` for a
    /// game that cannot be read (the next call reads the next game). After an input error,
    /// further calls return `Ok(None)`.
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Result<Option<V::Output>, ReadError> {
        self.last = (self.start, self.start);
        if self.failed {
            return Ok(None);
        }
        if !self.started {
            self.started = true;
            while self.filled < 3 && !self.eof {
                self.fill()?;
            }
            if self.buf[..self.filled].starts_with(b"\xEF\xBB\xBF") {
                self.start = 3;
            }
        }
        let scanned = loop {
            let s = &self.buf[self.start..self.filled];
            match scan_game(s, self.eof, self.line, self.col_base > 0, &mut self.tokens) {
                Ok(scanned) => break scanned,
                Err(More) => {
                    if self.filled - self.start >= u32::MAX as usize {
                        self.failed = true;
                        return Err(ReadError::Syntax {
                            at: Pos {
                                line: self.line,
                                column: self.col_base + 1,
                                offset: self.base + self.start as u64,
                            },
                            message: "game longer than 4 GiB".into(),
                            game_number: self.games + 1,
                        });
                    }
                    self.fill()?;
                }
            }
        };
        let Some(scanned) = scanned else {
            self.start = self.filled;
            return Ok(None);
        };

        self.games += 1;
        let (g0, g1) = (self.start, self.start + scanned.end);
        let game = &self.buf[g0..g1];
        let (text, encoding) = if game.is_ascii() {
            (std::str::from_utf8(game).ok(), Encoding::Ascii)
        } else {
            match std::str::from_utf8(game) {
                Ok(t) => (Some(t), Encoding::Utf8),
                Err(_) => (None, Encoding::Latin1),
            }
        };
        let mut ctx = Ctx {
            game,
            text,
            encoding,
            offset: self.base + g0 as u64,
            first_line: self.line,
            col_base: self.col_base,
            cache: (usize::MAX, 0, 0),
        };
        self.last = raw_range(game, g0);

        let outcome = match &scanned.error {
            Some(err) => Err(ReadError::Syntax {
                at: ctx.pos(err.line, err.line_start, err.at),
                message: err.message.clone(),
                game_number: self.games,
            }),
            // One copy of the emitting loop per encoding, so that the loop over tokens does
            // not ask again and again how to count columns.
            None => Ok(Some(match encoding {
                Encoding::Ascii => {
                    emit::<V, ASCII>(&self.tokens, &mut ctx, &mut self.scratch, visitor)
                }
                Encoding::Utf8 => {
                    emit::<V, UTF8>(&self.tokens, &mut ctx, &mut self.scratch, visitor)
                }
                Encoding::Latin1 => {
                    emit::<V, LATIN1>(&self.tokens, &mut ctx, &mut self.scratch, visitor)
                }
            })),
        };

        // Where the next game starts.
        let tail = ctx.chars(scanned.line_start, scanned.end);
        self.col_base = if scanned.line == self.line {
            self.col_base + tail
        } else {
            tail
        };
        self.line = scanned.line;
        self.start = g1;
        outcome
    }

    /// An iterator over the remaining games, each collected as a [`Game<String>`].
    ///
    /// ```
    /// use record::Reader;
    ///
    /// let mut reader = Reader::from_str("1. e4 e5 1-0\n1. d4 $99999 *\n1. c4 *");
    /// let results: Vec<_> = reader.games().map(|g| g.is_ok()).collect();
    /// assert_eq!(results, [true, false, true]);
    /// ```
    pub fn games(&mut self) -> Games<'_, R> {
        Games {
            reader: self,
            collect: Collect::default(),
        }
    }

    /// The text of the game last read (including a game with a syntax error), from its first
    /// to its last non-blank byte, exactly as in the input. Empty before the first game and
    /// at the end of the input.
    pub fn last_game_raw(&self) -> &[u8] {
        &self.buf[self.last.0..self.last.1]
    }

    /// How many games were read so far, bad ones included.
    pub fn game_count(&self) -> u64 {
        self.games
    }

    /// The underlying input.
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Reads more input: at least as much as is buffered for the current game, so that a game
    /// that spans many reads is scanned a bounded number of times.
    fn fill(&mut self) -> Result<(), ReadError> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.filled, 0);
            self.base += self.start as u64;
            self.filled -= self.start;
            self.start = 0;
            self.last = (0, 0);
        }
        // Token offsets are 32-bit: a game may not grow beyond 4 GiB.
        let target = (self.filled + self.chunk.max(self.filled)).min(u32::MAX as usize);
        if self.buf.len() < target {
            self.buf.resize(target, 0);
        }
        while self.filled < target {
            match self.inner.read(&mut self.buf[self.filled..target]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => self.filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.failed = true;
                    return Err(ReadError::Io(e));
                }
            }
        }
        Ok(())
    }
}

/// Iterator over the games of a [`Reader`], from [`Reader::games`].
#[derive(Debug)]
pub struct Games<'r, R> {
    reader: &'r mut Reader<R>,
    collect: Collect,
}

impl<R: Read> Iterator for Games<'_, R> {
    type Item = Result<Game<String>, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.reader.read_game(&mut self.collect).transpose()
    }
}

/// Reads every game of a text, collected as [`Game<String>`]: a convenience for small inputs.
///
/// ```
/// let games = record::read_games("1. 11-15 23-19 *\n\n[Event \"x\"]\n1. 9-14 22-17 1-0");
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].as_ref().unwrap().tags.get("Event"), Some("x"));
/// ```
pub fn read_games(text: &str) -> Vec<Result<Game<String>, ReadError>> {
    Reader::from_str(text).games().collect()
}

/// The range of `game` (at `g0` in the buffer) without blank bytes at either end.
fn raw_range(game: &[u8], g0: usize) -> (usize, usize) {
    let blank = |b: &u8| b.is_ascii_whitespace() || matches!(b, b',' | 0x0b);
    let mut a = game.iter().position(|b| !blank(b)).unwrap_or(game.len());
    while game[a..].starts_with(b"\xEF\xBB\xBF") {
        a += 3;
        a += game[a..]
            .iter()
            .position(|b| !blank(b))
            .unwrap_or(game.len() - a);
    }
    let b = game
        .iter()
        .rposition(|b| !blank(b))
        .map_or(a, |i| i + 1)
        .max(a);
    (g0 + a, g0 + b)
}

/// What phase two needs to know about the game: its bytes, encoding and place.
struct Ctx<'a> {
    game: &'a [u8],
    text: Option<&'a str>,
    encoding: Encoding,
    offset: u64,
    first_line: u32,
    col_base: u32,
    /// Column cache: line start, position, characters from the line start to the position.
    cache: (usize, usize, u32),
}

impl<'a> Ctx<'a> {
    /// The characters in `game[from..to]`.
    fn chars(&mut self, from: usize, to: usize) -> u32 {
        match self.encoding {
            Encoding::Ascii | Encoding::Latin1 => to.saturating_sub(from) as u32,
            Encoding::Utf8 => {
                let (ls, upto, n) = self.cache;
                let (base, count) = if ls == from && upto <= to {
                    (upto, n)
                } else {
                    (from, 0)
                };
                let more = (self.game.get(base..to).unwrap_or_default())
                    .iter()
                    .filter(|&&b| (b as i8) >= -0x40)
                    .count() as u32;
                self.cache = (from, to, count + more);
                count + more
            }
        }
    }

    /// The place of `at`, for a game of encoding `E`.
    #[inline(always)]
    fn pos_in<const E: u8>(&mut self, line: u32, line_start: usize, at: usize) -> Pos {
        let chars = if E == UTF8 {
            self.chars(line_start, at)
        } else {
            at.saturating_sub(line_start) as u32
        };
        let column = if line == self.first_line {
            self.col_base + chars
        } else {
            chars
        } + 1;
        Pos {
            line,
            column,
            offset: self.offset + at as u64,
        }
    }

    #[inline(always)]
    fn token_pos_in<const E: u8>(&mut self, t: &Token) -> Pos {
        self.pos_in::<E>(t.line, t.line_start as usize, t.start as usize)
    }

    /// The text of `game[a..b]` for a game of encoding `E`.
    #[inline(always)]
    fn text_in<'s, const E: u8>(&self, a: u32, b: u32, scratch: &'s mut String) -> &'s str
    where
        'a: 's,
    {
        if E == LATIN1 {
            return self.decode(a as usize, b as usize, scratch);
        }
        self.text(a, b, scratch)
    }

    /// Appends the text of `game[a..b]` to `out`, for a game of encoding `E`.
    fn push_text_in<const E: u8>(&self, a: u32, b: u32, out: &mut String) {
        if E == LATIN1 {
            let bytes = self.game.get(a as usize..b as usize).unwrap_or_default();
            out.extend(bytes.iter().map(|&c| c as char));
        } else {
            self.push_text(a, b, out);
        }
    }

    #[inline(always)]
    fn pos(&mut self, line: u32, line_start: usize, at: usize) -> Pos {
        let chars = self.chars(line_start, at);
        let column = if line == self.first_line {
            self.col_base + chars
        } else {
            chars
        } + 1;
        Pos {
            line,
            column,
            offset: self.offset + at as u64,
        }
    }

    /// The text of `game[a..b]`, decoded into `scratch` if the game is Latin-1.
    #[inline(always)]
    fn text<'s>(&self, a: u32, b: u32, scratch: &'s mut String) -> &'s str
    where
        'a: 's,
    {
        let (a, b) = (a as usize, b as usize);
        if let Some(text) = self.text
            && let Some(t) = text.get(a..b)
        {
            return t;
        }
        self.decode(a, b, scratch)
    }

    /// The Latin-1 text of `game[a..b]`, in `scratch`.
    #[cold]
    #[inline(never)]
    fn decode<'s>(&self, a: usize, b: usize, scratch: &'s mut String) -> &'s str {
        scratch.clear();
        let bytes = self.game.get(a..b).unwrap_or_default();
        scratch.extend(bytes.iter().map(|&c| c as char));
        scratch
    }

    /// Appends the text of `game[a..b]` to `out`.
    fn push_text(&self, a: u32, b: u32, out: &mut String) {
        let (a, b) = (a as usize, b as usize);
        match self.text.and_then(|t| t.get(a..b)) {
            Some(t) => out.push_str(t),
            None => out.extend(
                (self.game.get(a..b).unwrap_or_default())
                    .iter()
                    .map(|&c| c as char),
            ),
        }
    }
}

/// Phase two: hands the checked tokens of one game to the visitor.
fn emit<V: Visitor, const E: u8>(
    toks: &[Token],
    ctx: &mut Ctx<'_>,
    scratch: &mut [String; 3],
    visitor: &mut V,
) -> V::Output {
    let [s0, s1, s2] = scratch;
    let start = toks
        .first()
        .map_or(Pos::START, |t| ctx.token_pos_in::<E>(t));
    visitor.begin_game(start);
    // Tags come before the movetext, maybe among comments and escape lines.
    let prelude = toks.iter().take_while(|t| {
        matches!(
            t.kind,
            Kind::Tag | Kind::Comment | Kind::LineComment | Kind::Escape
        )
    });
    for t in prelude.filter(|t| t.kind == Kind::Tag) {
        let at = ctx.token_pos_in::<E>(t);
        let name = ctx.text_in::<E>(t.a, t.b, s0);
        let value = unescaped::<E>(ctx, t, s1, s2);
        visitor.tag(name, value, at);
    }
    if visitor.begin_movetext() != Flow::Continue {
        return visitor.end_game();
    }
    let mut depth = 0u32;
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        i += 1;
        let at = ctx.token_pos_in::<E>(t);
        match t.kind {
            Kind::Tag => {}
            Kind::Word | Kind::WordCont => {
                let mut j = i;
                while j < toks.len() && toks[j].kind == Kind::WordCont {
                    j += 1;
                }
                let text = if j == i {
                    ctx.text_in::<E>(t.a, t.b, s0)
                } else {
                    s0.clear();
                    ctx.push_text_in::<E>(t.a, t.b, s0);
                    for c in &toks[i..j] {
                        if c.flag {
                            s0.push(' ');
                        }
                        ctx.push_text_in::<E>(c.a, c.b, s0);
                    }
                    s0.as_str()
                };
                i = j;
                match visitor.move_word(text, at) {
                    Flow::Continue => {}
                    Flow::SkipVariation if depth > 0 => {
                        let (close, next) = skip_variation(toks, i);
                        i = next;
                        depth -= 1;
                        if let Some(close) = close {
                            let at = ctx.token_pos_in::<E>(&toks[close]);
                            visitor.end_variation(at);
                        }
                    }
                    _ => break,
                }
            }
            Kind::Nag => visitor.nag(Nag(t.c as u16), at),
            Kind::Number => {
                let number = (t.c != u32::MAX).then_some(t.c);
                visitor.move_number(number, t.d, at);
            }
            Kind::Comment => {
                visitor.comment(ctx.text_in::<E>(t.a, t.b, s0), CommentKind::Brace, at)
            }
            Kind::LineComment => {
                visitor.comment(ctx.text_in::<E>(t.a, t.b, s0), CommentKind::Line, at)
            }
            Kind::Escape => visitor.escape(ctx.text_in::<E>(t.a, t.b, s0), at),
            Kind::Open => match visitor.begin_variation(at) {
                Flow::Continue => depth += 1,
                Flow::SkipVariation => i = skip_variation(toks, i).1,
                Flow::SkipGame => break,
            },
            Kind::Close => {
                depth = depth.saturating_sub(1);
                visitor.end_variation(at);
            }
            Kind::Setup => {
                let name = ctx.text_in::<E>(t.a, t.b, s0);
                let value = unescaped::<E>(ctx, t, s1, s2);
                visitor.setup(name, value, at);
            }
            Kind::Result => visitor.result(ctx.text_in::<E>(t.a, t.b, s0), at),
        }
    }
    visitor.end_game()
}

/// The value of a tag or setup token, escapes undone.
fn unescaped<'s, const E: u8>(
    ctx: &Ctx<'s>,
    t: &Token,
    raw: &'s mut String,
    out: &'s mut String,
) -> &'s str {
    let value = ctx.text_in::<E>(t.c, t.d, raw);
    if !t.flag {
        return value;
    }
    out.clear();
    unescape_into(value, out);
    out
}

/// Skips to the end of the variation the token at `from` is in: returns the index of its
/// closing token (if any) and the index after it.
fn skip_variation(toks: &[Token], from: usize) -> (Option<usize>, usize) {
    let mut depth = 0u32;
    for (k, t) in toks.iter().enumerate().skip(from) {
        match t.kind {
            Kind::Open => depth += 1,
            Kind::Close if depth == 0 => return (Some(k), k + 1),
            Kind::Close => depth -= 1,
            _ => {}
        }
    }
    (None, toks.len())
}
