//! What the lexer hands on: tokens, errors, where a game ends, and where it stands in a game
//! when the input runs out.

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
    /// A result token `a..b`; `flag` if written with a Unicode dash for the `-`.
    Result,
    /// Something read although the text breaks the format: `c` the code of the
    /// [`Leniency`](crate::Leniency), the text concerned `a..b`.
    Lenient,
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

impl Token {
    #[inline(always)]
    pub fn new(
        kind: Kind,
        line: u32,
        line_start: usize,
        start: usize,
        a: usize,
        b: usize,
    ) -> Token {
        Token {
            kind,
            flag: false,
            line,
            line_start: line_start as u32,
            start: start as u32,
            a: a as u32,
            b: b as u32,
            c: 0,
            d: 0,
        }
    }

    /// The end of the text the token refers to: its place and text lie before it.
    #[inline(always)]
    pub fn extent(&self) -> u32 {
        match self.kind {
            Kind::Tag | Kind::Setup => self.d,
            _ => self.b,
        }
    }

    /// Whether the token continues into a word that follows (`QxP ch`).
    #[inline(always)]
    pub fn is_word(&self) -> bool {
        matches!(self.kind, Kind::Word | Kind::WordCont)
    }
}

/// Receives the tokens of a game, in order and each once, as soon as the item they belong to
/// has been read whole: a token handed over is never taken back, even when the reader must
/// read more input before the game is complete.
///
/// Besides the general [`Sink::token`], the commonest tokens have their own methods, which
/// take the place (line, line start, start) and text range as they are.
pub(crate) trait Sink {
    fn token(&mut self, t: Token);

    /// A move word `a..b` alone in its item; `alone` if no suffix can join it (`QxP ch`).
    /// Stands for a [`Kind::Word`] token with start `a`.
    fn word(&mut self, line: u32, line_start: usize, a: usize, b: usize, alone: bool);

    /// A move number `start..end` (`number` is `u32::MAX` for none) with `dots` dots.
    /// Stands for a [`Kind::Number`] token with `c` the number and `d` the dots.
    fn number(
        &mut self,
        line: u32,
        line_start: usize,
        start: usize,
        end: usize,
        number: u32,
        dots: u32,
    );

    /// A comment opened at `start`, whose trimmed text is `a..b`.
    /// Stands for a [`Kind::Comment`] token.
    fn comment(&mut self, line: u32, line_start: usize, start: usize, a: usize, b: usize);
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
    /// The end is where the game ends whatever follows a tag line there: the game ended by
    /// its result, or in its movetext (at a tag, or at the end of the input), without error.
    /// A game of tags alone that the input's end cut off is not settled (tags after it
    /// would have been its own), nor is a game with a syntax error.
    pub settled: bool,
}

/// An open `(`, for the error when the game ends before it is closed.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Open {
    pub at: u32,
    pub line: u32,
    pub line_start: u32,
}

/// Where the lexer stands in the game being read, between two attempts: when the input runs
/// out, reading stops at the start of the item it was in, and goes on from there once the
/// reader has read more.
#[derive(Debug, Default)]
pub(crate) struct Resume {
    pub i: usize,
    pub line: u32,
    pub line_start: usize,
    pub depth: u32,
    pub movetext: bool,
    pub content: bool,
    /// The last token handed over is a move word, which a suffix such as `ch` may join.
    pub after_word: bool,
    /// The open variations, innermost last.
    pub opens: Vec<Open>,
    /// The tokens of an item of several tokens, handed over once it is complete.
    pub item: Vec<Token>,
}

impl Resume {
    /// Ready for a game that starts on line `line`.
    pub fn begin(&mut self, line: u32) {
        self.i = 0;
        self.line = line;
        self.line_start = 0;
        self.depth = 0;
        self.movetext = false;
        self.content = false;
        self.after_word = false;
        self.opens.clear();
        self.item.clear();
    }
}
