//! What the reader read although the text breaks the format, in a way whose meaning is
//! plain: each is handed to the visitor as a warning with its place, never read silently.

use crate::Pos;

/// A departure from PGN/PDN that the reader reads anyway, because only one reading makes
/// sense, and tells the visitor of through [`Visitor::lenient`](crate::Visitor::lenient).
///
/// Sites, forums and hand-typed texts write these. Where two readings would differ the reader
/// does not guess: those stay syntax errors.
///
/// ```
/// use record::{Leniency, Pos, Reader, Visitor};
///
/// /// Collects the warnings of a game.
/// #[derive(Default)]
/// struct Warnings(Vec<String>);
///
/// impl Visitor for Warnings {
///     type Output = Vec<String>;
///     fn lenient(&mut self, what: Leniency, text: &str, at: Pos) {
///         self.0.push(format!("{at}: {}", what.describe(text)));
///     }
///     fn end_game(&mut self) -> Vec<String> { std::mem::take(&mut self.0) }
/// }
///
/// let text = "[pgn][Annotator \"Krush, I]\n1. e4 e5 1–0[/pgn]";
/// let warnings = Reader::from_str(text).read_game(&mut Warnings::default()).unwrap().unwrap();
/// assert_eq!(warnings.len(), 4, "{warnings:?}");
/// assert!(warnings[0].starts_with("1:1: forum markup `[pgn]`"));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Leniency {
    /// A tag value whose closing quote is missing, `[Annotator "Krush, I]`: the value runs to
    /// the `]` that ends the line, or else to the line's end (as python-chess, which skips
    /// such a line, reads the game on). `text` is the value read.
    UnclosedTagValue,
    /// A tag value in single quotes or in none, `[Event 'Club']`, `[Round 3]`: the value runs
    /// to the `]` that ends the line (as python-chess, which skips such a line, reads the game
    /// on). `text` is the value read.
    UnquotedTagValue,
    /// A result written with `:` (`1:0`, `½:½`, as German and Russian texts write it), or
    /// `1/2` alone or `1/2 - 1/2` spaced for a draw: read as the result PGN writes. `text` is
    /// the result as written.
    ResultForm,
    /// Forum markup around a game, `[pgn]`, `[/pgn]`, `[pdn]`, `[/pdn]` (any case), or a
    /// Markdown code fence on a line of its own (```` ```pgn ````): skipped. `text` is the
    /// markup.
    ForumMarkup,
    /// A result written with another dash than `-` (`1–0`, `½—½`): read as the result with
    /// `-`. `text` is the dash.
    ResultDash,
}

impl Leniency {
    /// Every leniency, in the order of their codes.
    pub const ALL: [Leniency; 5] = [
        Leniency::UnclosedTagValue,
        Leniency::UnquotedTagValue,
        Leniency::ResultForm,
        Leniency::ForumMarkup,
        Leniency::ResultDash,
    ];

    /// What was read, in words a player understands; `text` is the text the visitor got with
    /// it.
    ///
    /// ```
    /// use record::Leniency;
    /// assert_eq!(
    ///     Leniency::ResultDash.describe("–"),
    ///     "result written with `–` (U+2013) for `-`: read as if with `-`"
    /// );
    /// ```
    pub fn describe(self, text: &str) -> String {
        match self {
            Leniency::UnclosedTagValue => format!(
                "tag value not closed: the closing `\"` is missing, so the value is read to the \
                 end of its line (`{text}`)"
            ),
            Leniency::UnquotedTagValue => {
                format!("tag value not in double quotes: read as `{text}`")
            }
            Leniency::ResultForm => format!("result written `{text}`: read as {}", {
                let joined: Vec<u8> = text.bytes().filter(|&b| b != b' ' && b != b'\t').collect();
                match crate::result::half_points(&joined) {
                    Some((1, 1)) => "a draw",
                    Some((a, b)) if a > b => "a win of the first side",
                    Some(_) => "a win of the second side",
                    None => "the result",
                }
            }),
            Leniency::ForumMarkup if text.contains('`') => {
                format!("Markdown code fence \"{text}\" skipped")
            }
            Leniency::ForumMarkup => format!("forum markup `{text}` skipped"),
            Leniency::ResultDash => {
                let code = text.chars().next().map_or(0, u32::from);
                format!("result written with `{text}` (U+{code:04X}) for `-`: read as if with `-`")
            }
        }
    }

    /// The leniency's number in a token.
    pub(crate) fn code(self) -> u32 {
        self as u32
    }

    /// The leniency of a token's number.
    pub(crate) fn of_code(code: u32) -> Leniency {
        Leniency::ALL[code as usize]
    }
}

/// What the reader read leniently in a game, as a [`Game`](crate::Game) keeps it: so that a
/// game read into a tree and handed on ([`visit_game`](crate::visit_game)) tells its visitor
/// what the text's reading did.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lenient {
    /// What was read.
    pub what: Leniency,
    /// The text concerned (see [`Visitor::lenient`](crate::Visitor::lenient)).
    pub text: String,
    /// Where.
    pub at: Pos,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for what in Leniency::ALL {
            assert_eq!(Leniency::of_code(what.code()), what);
        }
    }
}
