//! Tag pairs `[Name "value"]`, setup commands `/Name "value"/`, and quoted values.

use super::bytes::{NAME_END, quoted_stop};
use super::{Kind, Lexer, More, Stop, Token};

/// A quoted value: start and end of the text, position after the closing quote, and whether
/// the text holds a backslash.
type Quoted = (usize, usize, usize, bool);

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

    /// `[Name "value"]`.
    pub(super) fn tag(&mut self) -> Result<Token, Stop> {
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
        if !self.quote_at(q)? {
            return Err(fail(
                self,
                q.min(s.len()),
                "tag value missing: expected a value in double quotes after the tag name",
            ));
        }
        let Some((a, b, after, backslash)) = self.quoted(q)? else {
            return Err(fail(
                self,
                q,
                "tag value not closed: the closing `\"` is missing on this line",
            ));
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
        Ok(t)
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
