//! The forms in which the writer puts texts that PDN and PGN hold only in some forms, so that
//! a reader reads the same game back: a comment in braces or after `;` by what it holds, tag
//! and setup names without the bytes that end a name, values and escape lines on one line.
//! Where no form holds a text as it is, the text is changed visibly and [`changes`] says so.

use std::borrow::Cow;
use std::fmt;

use crate::tree::{CommentKind, Extra, Game, Line};

/// What stands for `}` in a comment that also holds a line break (neither `{...}`, which the
/// `}` would close, nor `;`, which the line break would end, holds it): the full-width
/// right curly bracket, U+FF5D.
pub const BRACE_STAND_IN: char = '\u{FF5D}';

/// What stands for a byte that would end a name (white space, `,`, quotes, brackets,
/// braces, control characters) in a tag or setup name.
pub const NAME_STAND_IN: char = '_';

/// The form a comment with `text`, read as `kind`, is written in, and its text as written:
/// the kind it was read as when that form holds the text; else the other form (a `}` that
/// would close a brace comment early: after `;`; a line break in a `;` comment: in braces);
/// else, in braces, with each `}` written as [`BRACE_STAND_IN`]. Braces hold a `}` that
/// balances a `{` before it on the same line, as the reader nests them.
///
/// ```
/// use record::{CommentKind, comment_form};
///
/// assert_eq!(comment_form("good", CommentKind::Brace), (CommentKind::Brace, "good".into()));
/// assert_eq!(comment_form("a } b", CommentKind::Brace), (CommentKind::Line, "a } b".into()));
/// assert_eq!(comment_form("two\nlines", CommentKind::Line), (CommentKind::Brace, "two\nlines".into()));
/// assert_eq!(comment_form("a }\nb", CommentKind::Line), (CommentKind::Brace, "a \u{FF5D}\nb".into()));
/// assert_eq!(comment_form("a {b} c", CommentKind::Brace), (CommentKind::Brace, "a {b} c".into()));
/// ```
pub fn comment_form(text: &str, kind: CommentKind) -> (CommentKind, Cow<'_, str>) {
    // The form it was read in is asked first: most comments need no other look.
    let holds = |k: CommentKind| match k {
        CommentKind::Brace => braces_hold(text),
        CommentKind::Line => !has_line_break(text),
    };
    let other = match kind {
        CommentKind::Brace => CommentKind::Line,
        CommentKind::Line => CommentKind::Brace,
    };
    if holds(kind) {
        (kind, Cow::Borrowed(text))
    } else if holds(other) {
        (other, Cow::Borrowed(text))
    } else {
        let changed = text.replace('}', &BRACE_STAND_IN.to_string());
        (CommentKind::Brace, Cow::Owned(changed))
    }
}

/// A tag name as written: each character at which the reader ends a name (ASCII white space
/// and control characters, `,`, `"`, `“`, brackets, braces) written as [`NAME_STAND_IN`]; an
/// empty name as that character alone. Every other character is written as it is, so that
/// every name the reader reads is written back as the same name.
///
/// ```
/// assert_eq!(record::name_form("WhiteElo"), "WhiteElo");
/// assert_eq!(record::name_form("White Elo]"), "White_Elo_");
/// ```
pub fn name_form(name: &str) -> Cow<'_, str> {
    let ends = |c: char| {
        matches!(
            c,
            '\0'..=' ' | '\u{7f}' | ',' | '"' | '“' | '[' | ']' | '{' | '}'
        )
    };
    if name.is_empty() {
        return Cow::Owned(NAME_STAND_IN.to_string());
    }
    // The usual name, printable ASCII without those bytes, in one pass over its bytes.
    let plain =
        |b: u8| matches!(b, b'!'..=b'~') && !matches!(b, b',' | b'"' | b'[' | b']' | b'{' | b'}');
    if name.bytes().all(plain) || !name.contains(ends) {
        return Cow::Borrowed(name);
    }
    Cow::Owned(
        name.chars()
            .map(|c| if ends(c) { NAME_STAND_IN } else { c })
            .collect(),
    )
}

/// A setup command's name as written (the reader takes a letter, then letters, digits and
/// `_`): each other character written as [`NAME_STAND_IN`], and `Setup` put before a name
/// that does not start with a letter.
///
/// ```
/// assert_eq!(record::setup_name_form("FEN"), "FEN");
/// assert_eq!(record::setup_name_form("1 a"), "Setup1_a");
/// ```
pub fn setup_name_form(name: &str) -> Cow<'_, str> {
    let keeps = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let starts = name.starts_with(|c: char| c.is_ascii_alphabetic());
    if starts && name.chars().all(keeps) {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 5);
    if !starts {
        out.push_str("Setup");
    }
    out.extend(
        name.chars()
            .map(|c| if keeps(c) { c } else { NAME_STAND_IN }),
    );
    Cow::Owned(out)
}

/// A tag or setup value, or an escape line, as written: on one line, each line break (`\r\n`,
/// `\n` or `\r`) written as a space.
///
/// ```
/// assert_eq!(record::one_line_form("Wijk aan Zee"), "Wijk aan Zee");
/// assert_eq!(record::one_line_form("a\r\nb\nc"), "a b c");
/// ```
pub fn one_line_form(value: &str) -> Cow<'_, str> {
    if !has_line_break(value) {
        return Cow::Borrowed(value);
    }
    Cow::Owned(value.replace("\r\n", " ").replace(['\n', '\r'], " "))
}

/// Whether `{text}` reads back as `text`: when the text holds no `}`, or when it holds `{`
/// before its first `}` and the braces after it balance on that line, as the reader nests
/// them (see the lexer's `comment_close`), with the last `}` written closing the comment.
fn braces_hold(text: &str) -> bool {
    let b = text.as_bytes();
    let Some(first) = b.iter().position(|&c| c == b'}') else {
        return true;
    };
    let mut depth = b[..first].iter().filter(|&&c| c == b'{').count();
    if depth == 0 {
        return false;
    }
    for &c in &b[first + 1..] {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return false;
                }
            }
            b'\n' | b'\r' => return false,
            _ => {}
        }
    }
    // The `}` written after the text closes the comment.
    depth == 1
}

fn has_line_break(text: &str) -> bool {
    text.bytes().any(|b| b == b'\n' || b == b'\r')
}

/// What a text changes into when written, as [`changes`] reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// Which text.
    pub what: Changed,
    /// The text as it is in the game.
    pub was: String,
    /// The text as written.
    pub written: String,
}

/// The kinds of texts that [`changes`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Changed {
    /// A tag's name.
    TagName,
    /// The value of the tag named (as it is in the game).
    TagValue(String),
    /// A comment that holds both `}` and a line break.
    Comment,
    /// A setup command's name.
    SetupName,
    /// The value of the setup command named.
    SetupValue(String),
    /// An escape line that holds a line break.
    Escape,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (was, written) = (self.was.escape_debug(), self.written.escape_debug());
        match &self.what {
            Changed::TagName => write!(
                f,
                "the tag name \"{was}\" is written \"{written}\": a name holds no white space, `,`, quotes, brackets or braces"
            ),
            Changed::TagValue(name) => write!(
                f,
                "the value of the tag {name} is written on one line: \"{written}\""
            ),
            Changed::Comment => write!(
                f,
                "a comment holds both `}}` and a line break, which no comment form holds: its `}}` is written `{BRACE_STAND_IN}` (\"{written}\")"
            ),
            Changed::SetupName => write!(
                f,
                "the setup command name \"{was}\" is written \"{written}\""
            ),
            Changed::SetupValue(name) => write!(
                f,
                "the value of the setup command {name} is written on one line: \"{written}\""
            ),
            Changed::Escape => write!(f, "an escape line is written on one line: \"{written}\""),
        }
    }
}

/// What the writer changes of `game` so that it reads back (see [`comment_form`],
/// [`name_form`], [`one_line_form`]), in the order written; empty for a game read from text,
/// which holds nothing else.
///
/// ```
/// use record::{CommentKind, Extra, Game, changes};
///
/// let mut game: Game<String> = Game::new();
/// game.tags.set("Annotator", "two\nlines");
/// game.moves.before.push(Extra::Comment { text: "a }\nb".into(), kind: CommentKind::Brace });
/// let said: Vec<String> = changes(&game).iter().map(|c| c.to_string()).collect();
/// assert_eq!(said.len(), 2);
/// assert!(said[0].starts_with("the value of the tag Annotator"), "{}", said[0]);
/// ```
pub fn changes<M>(game: &Game<M>) -> Vec<Change> {
    let mut out = Vec::new();
    for tag in game.tags.iter() {
        let name = name_form(&tag.name);
        if name != tag.name.as_str() {
            out.push(Change {
                what: Changed::TagName,
                was: tag.name.to_string(),
                written: name.into_owned(),
            });
        }
        let value = one_line_form(&tag.value);
        if value != tag.value.as_str() {
            out.push(Change {
                what: Changed::TagValue(tag.name.to_string()),
                was: tag.value.to_string(),
                written: value.into_owned(),
            });
        }
    }
    line_changes(&game.moves, &mut out);
    out
}

fn line_changes<M>(line: &Line<M>, out: &mut Vec<Change>) {
    let extras = line
        .before
        .iter()
        .chain(line.nodes.iter().flat_map(|n| n.after.iter()));
    for extra in extras {
        match extra {
            Extra::Comment { text, kind } => {
                if let (_, Cow::Owned(written)) = comment_form(text, *kind) {
                    out.push(Change {
                        what: Changed::Comment,
                        was: text.to_string(),
                        written,
                    });
                }
            }
            Extra::Variation(line) => line_changes(line, out),
            Extra::Setup(setup) => {
                if let Cow::Owned(written) = setup_name_form(&setup.name) {
                    out.push(Change {
                        what: Changed::SetupName,
                        was: setup.name.clone(),
                        written,
                    });
                }
                if let Cow::Owned(written) = one_line_form(&setup.value) {
                    out.push(Change {
                        what: Changed::SetupValue(setup.name.clone()),
                        was: setup.value.clone(),
                        written,
                    });
                }
            }
            Extra::Escape(text) => {
                if let Cow::Owned(written) = one_line_form(text) {
                    out.push(Change {
                        what: Changed::Escape,
                        was: text.clone(),
                        written,
                    });
                }
            }
            Extra::Nags(_) => {}
        }
    }
}
