//! The streaming reader: finds each game in the input and hands it to a visitor.

use std::io::Read;

use crate::buffer::Buffer;
use crate::emit::{EmitState, Emitter};
use crate::lexer::{More, Resume, scan_game};
use crate::skip::Skip;
use crate::{Collect, Game, Pos, ReadError, Visitor};

/// How much the reader asks of its input at least, each time it needs more.
const DEFAULT_CHUNK: usize = 256 * 1024;

/// The most bytes one game may take by default ([`Reader::with_max_game`]): 16 MiB.
pub const DEFAULT_MAX_GAME: usize = 16 << 20;

/// Reads games one by one from any [`Read`], in memory bounded by the largest game.
///
/// Each call to [`read_game`](Reader::read_game) reads one game and hands it to a
/// [`Visitor`], token by token as it reads. A game with a syntax error is returned as
/// [`ReadError::Syntax`] with its place; the next call goes on with the next game. The visitor
/// sees nothing of a game whose tag section is broken, but may have seen the beginning of the
/// movetext of a game that then turns out to be broken: it then gets no `end_game`, and the
/// next game starts with `begin_game` as always (see [`Visitor`]).
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
    buf: Buffer,
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
    /// Where the lexer stands in the current game.
    resume: Resume,
    /// What the emitter keeps of the current game.
    emit: EmitState,
    last: (usize, usize),
    /// Where the game last read ends, in the input.
    end: GameEnd,
    /// The number of the game whose reading first found the end of the input.
    end_found_in: Option<u64>,
    /// The buffer holds the whole input ([`Reader::from_vec`]): there is nothing more to
    /// read, and none of it is dropped.
    holds_all: bool,
    /// The most bytes one game may take (see [`Reader::with_max_game`]).
    max_game: usize,
}

/// Where a game ends in the input, from [`Reader::last_game_end`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameEnd {
    /// The byte offset in the input where the game's text ends and the next game's starts.
    pub offset: u64,
    /// Whether the game would end there whatever followed, as long as a tag line (`[` at
    /// the start of a line) follows: it ended by its result, or in its movetext, without
    /// a syntax error. A game of tags alone cut off by the end of the input is not settled
    /// (the tags that followed would have been its own), nor is a game with an error (its
    /// recovery might have gone further).
    pub settled: bool,
}

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

    /// A reader of the games in `text` that keeps `text` as its buffer instead of copying
    /// it; [`Reader::into_vec`] gives it back. This is how the games of a [`crate::Chunk`]
    /// are read on several threads without copying each chunk once more.
    ///
    /// ```
    /// use record::{Collect, Reader};
    ///
    /// let text = b"1. e4 e5 1-0\n\n1. d4 d5 0-1\n".to_vec();
    /// let mut reader = Reader::from_vec(text.clone());
    /// let mut collect = Collect::default();
    /// assert_eq!(reader.read_game(&mut collect).unwrap().unwrap().moves.nodes[0].mov, "e4");
    /// assert_eq!(reader.read_game(&mut collect).unwrap().unwrap().moves.nodes[0].mov, "d4");
    /// assert!(reader.read_game(&mut collect).unwrap().is_none());
    /// assert_eq!(reader.into_vec(), text);
    /// ```
    pub fn from_vec(text: Vec<u8>) -> Self {
        let mut reader = Reader::with_chunk_size(&[][..], text.len().max(1));
        reader.filled = text.len();
        reader.buf = Buffer::from_vec(text);
        // The end is found as a reader of a longer input finds it, by asking for more (the
        // game that does is `end_found_in`).
        reader.holds_all = true;
        reader
    }

    /// The text of a reader made by [`Reader::from_vec`], given back whole: such a reader
    /// has all its input from the start, so it never reads more and drops none of it.
    pub fn into_vec(self) -> Vec<u8> {
        self.buf.into_vec()
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
            buf: Buffer::default(),
            start: 0,
            filled: 0,
            eof: false,
            failed: false,
            started: false,
            base: 0,
            line: 1,
            col_base: 0,
            games: 0,
            resume: Resume::default(),
            emit: EmitState::default(),
            last: (0, 0),
            end: GameEnd::default(),
            end_found_in: None,
            holds_all: false,
            max_game: DEFAULT_MAX_GAME,
        }
    }

    /// Makes `bytes` (at least 1, less than 4 GiB) the most one game may take
    /// ([`DEFAULT_MAX_GAME`] otherwise), so that the reader's memory stays bounded whatever
    /// the input: a game that runs on longer (an input with no game boundary, a comment that
    /// never closes) is an error at its start, and the reading goes on from the next line
    /// that starts with `[` after its first `bytes` bytes, without holding what it skips.
    /// Should the skipped text hold a NUL byte, which no text of games holds, the input is
    /// binary and its reading stops (the error says so).
    ///
    /// ```
    /// use std::io::Read;
    /// use record::{Collect, Reader};
    ///
    /// let text = format!("[Event \"a\"]\n1. e4 {{{}}} e5 *\n\n[Event \"b\"]\n1. d4 *\n", "x".repeat(5000));
    /// let mut reader = Reader::with_chunk_size(text.as_bytes(), 512).with_max_game(1024);
    /// let mut collect = Collect::default();
    /// let err = reader.read_game(&mut collect).unwrap_err();
    /// assert!(err.to_string().starts_with("1:1: a game longer than 1 KiB"), "{err}");
    /// let b = reader.read_game(&mut collect).unwrap().unwrap();
    /// assert_eq!((b.at.line, b.moves.nodes[0].mov.as_str()), (4, "d4"));
    /// assert_eq!(reader.game_count(), 2);
    ///
    /// let zeros = std::io::repeat(0).take(1 << 30);
    /// let mut reader = Reader::new(zeros).with_max_game(1 << 20);
    /// let err = reader.read_game(&mut collect).unwrap_err();
    /// assert!(err.to_string().contains("a NUL byte"), "{err}");
    /// assert!(reader.read_game(&mut collect).unwrap().is_none());
    /// ```
    pub fn with_max_game(mut self, bytes: usize) -> Self {
        self.max_game = bytes.clamp(1, u32::MAX as usize - 1);
        self
    }

    /// Makes this reader read a text taken from a larger one at `at` (the raw text of one
    /// game, say): the places it gives are places in the larger text, and when `at` is not at
    /// the start of a line, the text's first line goes on with that line (so that a `%`
    /// there starts no escape line, as in the larger text).
    ///
    /// ```
    /// use record::{Collect, Pos, Reader};
    ///
    /// let file = "1. e4 e5 *\t%x 1. d4 d5 *";
    /// let mut reader = Reader::from_str(file);
    /// let mut collect = Collect::default();
    /// reader.read_game(&mut collect).unwrap();
    /// let second = reader.read_game(&mut collect).unwrap().unwrap();
    /// let raw = reader.last_game_raw().to_vec();
    ///
    /// let mut again = Reader::from_bytes(&raw).starting_at(second.at);
    /// let game = again.read_game(&mut collect).unwrap().unwrap();
    /// assert_eq!(game, second);
    /// assert_eq!(game.moves.nodes[0].mov, "%x");
    /// ```
    pub fn starting_at(mut self, at: Pos) -> Self {
        if at.is_unknown() || at == Pos::START {
            return self;
        }
        self.started = true;
        self.line = at.line;
        self.col_base = at.column.saturating_sub(1);
        self.base = at.offset;
        self
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
            if self.buf.bytes().starts_with(b"\xEF\xBB\xBF") {
                self.start = 3;
            }
        }
        self.resume.begin(self.line);
        self.emit
            .begin(self.line, self.col_base, self.base + self.start as u64);
        loop {
            let ascii = self.buf.ascii_end(self.start) - self.start;
            let s = &self.buf.bytes()[self.start..self.filled];
            let text = self.buf.text().and_then(|t| t.get(self.start..self.filled));
            let mut em = Emitter::new(s, text, ascii, self.eof, &mut self.emit, visitor);
            let mid_line = self.col_base > 0;
            let scanned = match scan_game(s, self.eof, mid_line, &mut self.resume, &mut em) {
                Ok(scanned) => scanned,
                Err(More) => {
                    if self.filled - self.start > self.max_game {
                        return Err(self.skip_too_long());
                    }
                    self.fill()?;
                    if self.eof && self.end_found_in.is_none() {
                        self.end_found_in = Some(self.games + 1);
                    }
                    continue;
                }
            };
            let Some(scanned) = scanned else {
                self.start = self.filled;
                return Ok(None);
            };

            self.games += 1;
            em.decide(scanned.end);
            let outcome = match scanned.error {
                Some(err) => Err(ReadError::Syntax {
                    at: em.pos(err.line, err.line_start, err.at),
                    message: err.message,
                    game_number: self.games,
                }),
                None => Ok(Some(em.finish(scanned.end))),
            };
            // Where the next game starts.
            let tail = em.chars(scanned.line_start, scanned.end);
            em.end(scanned.end);
            let (g0, g1) = (self.start, self.start + scanned.end);
            self.last = raw_range(&self.buf.bytes()[g0..g1], g0);
            self.end = GameEnd {
                offset: self.base + g1 as u64,
                settled: scanned.settled,
            };
            self.col_base = if scanned.line == self.line {
                self.col_base + tail
            } else {
                tail
            };
            self.line = scanned.line;
            self.start = g1;
            return outcome;
        }
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
        self.buf
            .bytes()
            .get(self.last.0..self.last.1)
            .unwrap_or_default()
    }

    /// The text of the game last read as [`Reader::last_game_raw`] gives it, followed by the
    /// rest of its last line as far as the reader holds it. Read again on its own, this text
    /// reads as the same first game: the end of a line can decide how the line's start reads
    /// (three backticks alone on a line are a Markdown fence, no game; before a tag on the
    /// same line they are a word of the game).
    ///
    /// ```
    /// use record::{Collect, Reader};
    ///
    /// let mut reader = Reader::from_str("```[Event \"B\"]\n*\n");
    /// reader.read_game(&mut Collect::default()).unwrap();
    /// assert_eq!(reader.last_game_raw(), b"```");
    /// assert_eq!(reader.last_game_raw_line(), b"```[Event \"B\"]");
    /// ```
    pub fn last_game_raw_line(&self) -> &[u8] {
        let bytes = &self.buf.bytes()[..self.filled];
        let Some(raw) = bytes.get(self.last.0..self.last.1) else {
            return &[];
        };
        if raw.is_empty() {
            return raw;
        }
        let rest = &bytes[self.last.1..];
        let line_end = rest
            .iter()
            .position(|&b| matches!(b, b'\n' | b'\r'))
            .unwrap_or(rest.len());
        &bytes[self.last.0..self.last.1 + line_end]
    }

    /// Where the game last read ends in the input, and whether that end is settled (see
    /// [`GameEnd`]): what a reader of part of a file needs to know to tell whether the part
    /// ended where the whole file's reading would have ended a game.
    ///
    /// ```
    /// use record::{Collect, Reader};
    ///
    /// let mut reader = Reader::from_str("1. e4 e5 1-0\n[Event \"only tags\"]\n");
    /// let mut collect = Collect::default();
    /// reader.read_game(&mut collect).unwrap();
    /// assert_eq!(reader.last_game_end().offset, 12);
    /// assert!(reader.last_game_end().settled);
    /// reader.read_game(&mut collect).unwrap();
    /// assert!(!reader.last_game_end().settled, "the next tags would have been its own");
    /// ```
    pub fn last_game_end(&self) -> GameEnd {
        self.end
    }

    /// The number of the game (counted as [`Reader::game_count`] counts, the game being read
    /// when the reading after the last game found nothing) during whose reading the reader
    /// first found the end of its input, if it has: from that game on, what was read may
    /// depend on where the input ends.
    pub fn end_found_in(&self) -> Option<u64> {
        self.end_found_in
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
        if self.holds_all {
            self.eof = true;
            return Ok(());
        }
        // A game holds at most `max_game` bytes (and token offsets are 32-bit): one byte
        // more is read to see it run on.
        let kept = self.filled - self.start;
        let more = self
            .chunk
            .max(kept)
            .min(self.max_game + 1 - kept.min(self.max_game));
        let read = self.buf.refill(self.start, &mut self.inner, more);
        self.base += self.start as u64;
        self.start = 0;
        self.last = (0, 0);
        self.filled = self.buf.bytes().len();
        match read {
            Ok(n) => {
                self.eof |= n < more;
                Ok(())
            }
            Err(e) => {
                self.failed = true;
                Err(ReadError::Io(e))
            }
        }
    }
}

impl<R: Read> Reader<R> {
    /// The error for the game being read, which runs on past `max_game` bytes: it counts as
    /// a game, and the reading goes on at the next line that starts with `[` after its first
    /// `max_game` bytes (see [`Reader::with_max_game`]), or stops at a NUL byte before it.
    fn skip_too_long(&mut self) -> ReadError {
        self.games += 1;
        let bytes = self.buf.bytes();
        let limit = self.start + self.max_game;
        let at = first_word(&bytes[self.start..limit], self.line, self.col_base);
        let at = Pos {
            offset: self.base + self.start as u64 + at.offset,
            ..at
        };
        let mut skip = Skip::after(if self.start > 0 {
            bytes[self.start - 1]
        } else {
            b'\n'
        });
        skip.pass(&bytes[self.start..limit]);
        let mut from = limit;
        let next = loop {
            if let Some(i) = skip.scan(&self.buf.bytes()[from..self.filled]) {
                break Some(from + i);
            }
            if skip.nul.is_some() || self.eof || self.holds_all {
                break None;
            }
            // Nothing kept of what was skipped: the next read replaces it.
            self.start = self.filled;
            if let Err(e) = self.fill() {
                return e;
            }
            from = 0;
        };
        let size = size_text(self.max_game);
        self.last = (0, 0);
        let message = match (next, skip.nul) {
            (Some(next), _) => {
                self.line = self.line.saturating_add(skip.lines);
                self.col_base = 0;
                self.start = next;
                format!(
                    "a game longer than {size}: skipped up to the next line that starts with `[` (line {})",
                    self.line
                )
            }
            (None, nul) => {
                self.start = self.filled;
                self.eof = true;
                self.failed = nul.is_some();
                self.end_found_in.get_or_insert(self.games);
                match nul {
                    Some(lines) => format!(
                        "a game longer than {size}, of binary data (a NUL byte at line {}): the rest of the input is not read",
                        self.line.saturating_add(lines)
                    ),
                    None => format!("a game longer than {size}: skipped to the end of the input"),
                }
            }
        };
        self.end = GameEnd {
            offset: self.base + self.start as u64,
            settled: true,
        };
        ReadError::Syntax {
            at,
            message,
            game_number: self.games,
        }
    }
}

/// Where the first byte of `game` that is not blank is (its offset within `game`), the
/// game starting at `line` after `column` characters of it.
fn first_word(game: &[u8], mut line: u32, mut column: u32) -> Pos {
    let mut prev = 0u8;
    for (i, &b) in game.iter().enumerate() {
        match b {
            b'\r' => (line, column) = (line.saturating_add(1), 0),
            b'\n' if prev != b'\r' => (line, column) = (line.saturating_add(1), 0),
            b'\n' => {}
            b' ' | b'\t' | b',' | 0x0b | 0x0c => column = column.saturating_add(1),
            _ => {
                return Pos {
                    line,
                    column: column + 1,
                    offset: i as u64,
                };
            }
        }
        prev = b;
    }
    Pos {
        line,
        column: column + 1,
        offset: game.len() as u64,
    }
}

/// `bytes` as a person reads a size: `16 MiB`, `512 KiB`, `100 bytes`.
fn size_text(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
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
    let mut b = game
        .iter()
        .rposition(|b| !blank(b))
        .map_or(a, |i| i + 1)
        .max(a);
    // A `;` comment or a `%` escape line runs to the end of its line, and the commas and
    // blanks there are its text: a last line that may hold one is kept to its end (were they
    // blanks between items after all, they read the same). Most games end at a line break.
    if b < game.len() && !matches!(game[b], b'\n' | b'\r') {
        let line_start = memchr::memrchr2(b'\n', b'\r', &game[..b]).map_or(0, |i| i + 1);
        let last_line = &game[line_start.max(a)..b];
        if memchr::memchr(b';', last_line).is_some() || game.get(line_start) == Some(&b'%') {
            b = memchr::memchr2(b'\n', b'\r', &game[b..]).map_or(game.len(), |k| b + k);
        }
    }
    (g0 + a, g0 + b)
}
