//! What the lexer hands to the reader: tokens, errors and where a game ends.

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
