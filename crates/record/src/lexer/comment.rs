//! Comments: `{...}`, with the rules for braces inside them, and counting their lines.

use memchr::{memchr, memchr2};

use super::bytes::comment_stop;
use super::{Lexer, More};

/// Where a comment ends.
pub(super) enum Close {
    /// The comment's text ends at `end` (the position of its `}`).
    At(usize),
    /// No `}` closes it.
    Unterminated,
}

impl Lexer<'_> {
    /// Counts the line ends in `s[from..to]`.
    pub(super) fn count_lines(&mut self, from: usize, to: usize) {
        let s = self.s;
        let mut i = from;
        while let Some(k) = memchr2(b'\n', b'\r', &s[i..to]) {
            let p = i + k;
            if s[p] == b'\r' && s.get(p + 1) == Some(&b'\n') {
                i = p + 1;
                continue;
            }
            self.line += 1;
            i = p + 1;
            self.line_start = i;
        }
    }

    /// The first position after `from` where a line starts with `[`, or the end of input.
    pub(super) fn next_tag_line(&self, from: usize) -> usize {
        let s = self.s;
        let mut i = from;
        while let Some(k) = memchr(b'[', &s[i..]) {
            let p = i + k;
            if p > 0 && matches!(s[p - 1], b'\n' | b'\r') {
                return p;
            }
            i = p + 1;
        }
        s.len()
    }

    /// Finds the `}` that closes the comment opened at `open`, and counts its lines: one pass
    /// over the usual comment, [`Lexer::comment_close`] for the rest.
    #[inline(always)]
    pub(super) fn comment(&mut self, open: usize) -> Result<Close, More> {
        let s = self.s;
        let mut i = open + 1;
        let (mut line, mut line_start) = (self.line, self.line_start);
        loop {
            i = comment_stop(s, i);
            let Some(&b) = s.get(i) else { break };
            match b {
                b'}' => {
                    self.line = line;
                    self.line_start = line_start;
                    return Ok(Close::At(i));
                }
                b'\n' => {
                    line += 1;
                    i += 1;
                    line_start = i;
                }
                b'\r' => match s.get(i + 1) {
                    Some(b'\n') => i += 1,
                    None if !self.eof => return Err(More),
                    _ => {
                        line += 1;
                        i += 1;
                        line_start = i;
                    }
                },
                b'{' => {
                    // `{` inside: the rules of nesting.
                    let close = self.comment_close(open)?;
                    if let Close::At(end) = close {
                        self.count_lines(open, end);
                    }
                    return Ok(close);
                }
                // Another control character: plain text.
                _ => i += 1,
            }
        }
        if self.eof {
            Ok(Close::Unterminated)
        } else {
            Err(More)
        }
    }

    /// Finds the `}` that closes the comment opened at `open`.
    ///
    /// A comment ends at its first `}`, unless it holds `{` (which the standard forbids):
    /// then braces nest (`{ a { b } c }` is one comment), provided the `}` that balances them
    /// is on the same line as the first `}`. Otherwise the first `}` ends the comment after
    /// all, so that a stray `{` cannot swallow the rest of the file.
    pub(super) fn comment_close(&self, open: usize) -> Result<Close, More> {
        let s = self.s;
        let body = open + 1;
        let first = match memchr2(b'{', b'}', &s[body..]) {
            Some(k) if s[body + k] == b'}' => return Ok(Close::At(body + k)),
            Some(_) => match memchr(b'}', &s[body..]) {
                Some(k) => body + k,
                None if self.eof => return Ok(Close::Unterminated),
                None => return Err(More),
            },
            None if self.eof => return Ok(Close::Unterminated),
            None => return Err(More),
        };
        // Open braces left after the first `}`.
        let mut depth = memchr::memchr_iter(b'{', &s[body..first]).count();
        for (p, &b) in s.iter().enumerate().skip(first + 1) {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(Close::At(p));
                    }
                }
                b'\n' | b'\r' => return Ok(Close::At(first)),
                _ => {}
            }
        }
        if self.eof {
            Ok(Close::At(first))
        } else {
            Err(More)
        }
    }
}
