//! Places in a text: line, column and byte offset.

use std::fmt;

/// A place in the text of a file.
///
/// `line` and `column` are 1-based; the column counts characters (not bytes) from the start of
/// the line, so that it matches what a person sees in an editor. `offset` is the 0-based byte
/// offset from the start of the input, which a program can use to seek back to the place.
///
/// The default value (`0:0`, offset 0) means "no place", for items built by a program rather
/// than read from a text.
///
/// ```
/// use record::Pos;
///
/// let at = Pos { line: 3, column: 14, offset: 52 };
/// assert_eq!(at.to_string(), "3:14");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Line number, starting at 1.
    pub line: u32,
    /// Column number in characters, starting at 1.
    pub column: u32,
    /// Byte offset from the start of the input, starting at 0.
    pub offset: u64,
}

impl Pos {
    /// The place of the first character of an input.
    pub const START: Pos = Pos {
        line: 1,
        column: 1,
        offset: 0,
    };

    /// Whether this is the default "no place" value of items that were not read from a text.
    pub fn is_unknown(&self) -> bool {
        self.line == 0
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}
