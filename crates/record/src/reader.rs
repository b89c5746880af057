//! The streaming reader: finds each game in the input and hands it to a visitor.

use std::io::Read;

use crate::buffer::Buffer;
use crate::emit::{EmitState, Emitter};
use crate::lexer::{More, Resume, scan_game};
use crate::{Collect, Game, Pos, ReadError, Visitor};

/// How much the reader asks of its input at least, each time it needs more.
const DEFAULT_CHUNK: usize = 256 * 1024;

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
        }
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
        // Token offsets are 32-bit: a game may not grow beyond 4 GiB.
        let kept = self.filled - self.start;
        let more = self.chunk.max(kept).min(u32::MAX as usize - kept);
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
