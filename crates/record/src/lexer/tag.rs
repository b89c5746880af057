//! Tag pairs `[Name "value"]`, setup commands `/Name "value"/`, and quoted values.

use memchr::memchr;

use super::bytes::{NAME_END, quoted_stop};
use super::{Kind, Lexer, More, Stop, Token};
use crate::Leniency;

/// A quoted value: start and end of the text, position after the closing quote, and whether
/// the text holds a backslash.
type Quoted = (usize, usize, usize, bool);

/// What a `[` in the tag section turned out to be.
pub(super) enum Tagged {
    /// A tag.
    Tag(Token),
    /// A tag whose value is not closed or not in double quotes: the warning, then the tag.
    Unclosed(Token, Token),
    /// Forum markup, `[pgn]` and the like: the warning.
    Markup(Token),
}

/// Whether a tag name is the name of forum markup: `pgn`, `pdn`, `/pgn`, `/pdn`, any case.
fn is_markup_name(name: &[u8]) -> bool {
    let name = name.strip_prefix(b"/").unwrap_or(name);
    name.eq_ignore_ascii_case(b"pgn") || name.eq_ignore_ascii_case(b"pdn")
}

/// Whether `s` starts with closing forum markup: `[/pgn]` or `[/pdn]`, any case.
pub(crate) fn is_closing_markup(s: &[u8]) -> bool {
    match s.get(..6) {
        Some([b'[', b'/', a, b, c, b']']) => is_markup_name(&[*a, *b, *c]),
        _ => false,
    }
}

/// `b`, moved back over the blanks that end `s[a..b]`.
fn trim_blanks_end(s: &[u8], a: usize, mut b: usize) -> usize {
    while b > a && matches!(s[b - 1], b' ' | b'\t' | b'\r') {
        b -= 1;
    }
    b
}

impl Lexer<'_> {
    /// Reads a quoted value starting at the quote at `q`; returns the end of the value, the
    /// position after the closing quote, and whether the value has a backslash.
    fn quoted(&self, q: usize) -> Result<Option<Quoted>, More> {
        let s = self.s;
        // The opening quote decides the closing one.
        let (body, close): (usize, &[u8]) = if s[q] == b'"' {
            (q + 1, b"\"")
        } else if s[q] == 0x93 {
            (q + 1, b"\x94")
        } else {
            (q + 3, "”".as_bytes())
        };
        let mut i = body;
        // The usual case: straight quotes, no backslash, on one line.
        if s[q] == b'"' {
            loop {
                i = quoted_stop(s, i);
                match s.get(i) {
                    Some(b'"') => return Ok(Some((body, i, i + 1, false))),
                    Some(b'\\' | b'\n' | b'\r') | None => break,
                    Some(_) => i += 1,
                }
            }
        }
        let mut backslash = false;
        loop {
            let Some(&b) = s.get(i) else {
                return if self.eof { Ok(None) } else { Err(More) };
            };
            match b {
                b'\\' => {
                    backslash = true;
                    i += if matches!(s.get(i + 1), Some(b'"' | b'\\')) {
                        2
                    } else {
                        1
                    };
                }
                b'\n' | b'\r' => return Ok(None),
                b'"' => return Ok(Some((body, i, i + 1, backslash))),
                _ if s[i..].starts_with(close) => {
                    return Ok(Some((body, i, i + close.len(), backslash)));
                }
                _ if close.len() > 1 && !self.eof && s.len() - i < close.len() => {
                    return Err(More);
                }
                _ => i += 1,
            }
        }
    }

    /// Whether an opening quote starts at `i`: `"`, `“`, or Windows-1252's 0x93.
    fn quote_at(&self, i: usize) -> Result<bool, More> {
        let s = self.s;
        match s.get(i) {
            Some(b'"') | Some(0x93) => Ok(true),
            Some(0xE2) => {
                if s.len() < i + 3 && !self.eof {
                    return Err(More);
                }
                Ok(s[i..].starts_with("“".as_bytes()))
            }
            Some(_) => Ok(false),
            None if self.eof => Ok(false),
            None => Err(More),
        }
    }

    pub(super) fn skip_blanks(&self, mut i: usize) -> Result<usize, More> {
        let s = self.s;
        while i < s.len() && matches!(s[i], b' ' | b'\t') {
            i += 1;
        }
        if i == s.len() && !self.eof {
            return Err(More);
        }
        Ok(i)
    }

    /// `[Name "value"]`; also a value whose closing quote is missing and forum markup
    /// (`[pgn]`), read with a warning.
    pub(super) fn tag(&mut self) -> Result<Tagged, Stop> {
        let s = self.s;
        let start = self.i;
        let (line, line_start) = (self.line, self.line_start);
        let fail = |lx: &mut Lexer, at: usize, msg: &str| -> Stop {
            let err = lx.error(at, line, line_start, msg.to_owned());
            match lx.eol(at) {
                Ok(eol) => {
                    lx.i = eol;
                    Stop::Error(err, false)
                }
                Err(More) => Stop::More,
            }
        };
        let name_start = self.skip_blanks(start + 1)?;
        let mut i = name_start;
        while i < s.len() {
            if NAME_END[s[i] as usize] {
                if s[i] != 0xE2 {
                    break;
                }
                if s.len() - i < 3 && !self.eof {
                    return Err(Stop::More);
                }
                if s[i..].starts_with("“".as_bytes()) {
                    break;
                }
            }
            i += 1;
        }
        if (i == s.len() || s[i] == 0xE2 && s.len() - i < 3) && !self.eof {
            return Err(Stop::More);
        }
        let name_end = i;
        if name_end == name_start {
            return Err(fail(self, start, "tag name missing after `[`"));
        }
        let q = self.skip_blanks(name_end)?;
        if s.get(q) == Some(&b']') && is_markup_name(&s[name_start..name_end]) {
            self.i = q + 1;
            return Ok(Tagged::Markup(self.markup_token(start, q + 1)));
        }
        if !self.quote_at(q)? {
            if let Some(unquoted) = self.unquoted(start, name_start, name_end, q)? {
                return Ok(unquoted);
            }
            return Err(fail(
                self,
                q.min(s.len()),
                "tag value missing: expected a value in double quotes after the tag name",
            ));
        }
        let Some((a, b, after, backslash)) = self.quoted(q)? else {
            // The value runs to the `]` that ends the line, or else to the line's end.
            let eol = self.eol(q)?;
            let body = q + if s[q] == 0xE2 { 3 } else { 1 };
            let end = trim_blanks_end(s, body, eol);
            let (a, b, next) = if end > body && s[end - 1] == b']' {
                (body, trim_blanks_end(s, body, end - 1), end)
            } else {
                (body, end, eol)
            };
            self.i = next;
            let name = (start, name_start, name_end);
            return Ok(self.lenient_tag(Leniency::UnclosedTagValue, name, q, (a, b)));
        };
        let close = self.skip_blanks(after)?;
        if s.get(close) != Some(&b']') {
            return Err(fail(
                self,
                close.min(s.len()),
                "expected `]` to close the tag",
            ));
        }
        let mut t = self.token(Kind::Tag, start, name_start, name_end);
        t.c = a as u32;
        t.d = b as u32;
        t.flag = backslash;
        self.i = close + 1;
        Ok(Tagged::Tag(t))
    }

    /// A value at `q` without double quotes that runs to the `]` ending the line:
    /// `[Event 'Club']` (single quotes, taken off) or `[Event Club]`, when it holds no bracket
    /// or double quote. The tag starts at `start`, its name is `name_start..name_end`.
    fn unquoted(
        &mut self,
        start: usize,
        name_start: usize,
        name_end: usize,
        q: usize,
    ) -> Result<Option<Tagged>, More> {
        let s = self.s;
        let eol = self.eol(q)?;
        let end = trim_blanks_end(s, q, eol);
        if end <= q + 1 || s[end - 1] != b']' {
            return Ok(None);
        }
        let (mut a, mut b) = (q, trim_blanks_end(s, q, end - 1));
        if b > a + 1 && s[a] == b'\'' && s[b - 1] == b'\'' {
            (a, b) = (a + 1, b - 1);
        }
        if a == b || s[a..b].iter().any(|c| matches!(c, b'[' | b']' | b'"')) {
            return Ok(None);
        }
        self.i = end;
        let name = (start, name_start, name_end);
        Ok(Some(self.lenient_tag(
            Leniency::UnquotedTagValue,
            name,
            q,
            (a, b),
        )))
    }

    /// A tag read leniently: the tag (starting at `start`, its name `name_start..name_end`,
    /// its value `a..b`) and the warning `what` at `at`.
    fn lenient_tag(
        &self,
        what: Leniency,
        (start, name_start, name_end): (usize, usize, usize),
        at: usize,
        (a, b): (usize, usize),
    ) -> Tagged {
        let mut warning = self.token(Kind::Lenient, at, a, b);
        warning.c = what.code();
        let mut t = self.token(Kind::Tag, start, name_start, name_end);
        t.c = a as u32;
        t.d = b as u32;
        t.flag = memchr(b'\\', &self.s[a..b]).is_some();
        Tagged::Unclosed(warning, t)
    }

    /// Closing forum markup (`[/pgn]`, `[/pdn]`) at `i`: where it starts and ends.
    pub(super) fn closing_markup(&self, i: usize) -> Result<Option<(usize, usize)>, More> {
        let s = self.s;
        if s.get(i) != Some(&b'[') {
            return Ok(None);
        }
        if s.len() < i + 6 && !self.eof {
            return Err(More);
        }
        Ok(is_closing_markup(&s[i..]).then_some((i, i + 6)))
    }

    /// The warning token for forum markup `start..end`.
    pub(super) fn markup_token(&self, start: usize, end: usize) -> Token {
        let mut t = self.token(Kind::Lenient, start, start, end);
        t.c = Leniency::ForumMarkup.code();
        t
    }

    /// `/Name "value"/`.
    pub(super) fn setup(&mut self) -> Result<Token, Stop> {
        let s = self.s;
        let start = self.i;
        let (line, line_start) = (self.line, self.line_start);
        let fail = |lx: &mut Lexer| -> Stop {
            let msg = "setup command not closed: expected `/NAME \"value\"/`".to_owned();
            let err = lx.error(start, line, line_start, msg);
            match lx.eol(start) {
                Ok(eol) => {
                    lx.i = eol;
                    Stop::Error(err, true)
                }
                Err(More) => Stop::More,
            }
        };
        let mut i = start + 1;
        while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == b'_') {
            i += 1;
        }
        let name_end = i;
        let q = self.skip_blanks(name_end)?;
        if !self.quote_at(q)? {
            return Err(fail(self));
        }
        let Some((a, b, after, backslash)) = self.quoted(q)? else {
            return Err(fail(self));
        };
        let close = self.skip_blanks(after)?;
        if s.get(close) != Some(&b'/') {
            return Err(fail(self));
        }
        let mut t = self.token(Kind::Setup, start, start + 1, name_end);
        t.c = a as u32;
        t.d = b as u32;
        t.flag = backslash;
        self.i = close + 1;
        Ok(t)
    }
}
