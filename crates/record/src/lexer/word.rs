//! Move words, move numbers, move-strength marks, glyphs, NAGs and results.

use crate::nag::{glyph_nag, strength_pair, strength_single};
use crate::result::is_result_bytes;

use super::bytes::{
    SUFFIXES, is_mark, is_word_byte, maybe_glyph, maybe_result, maybe_suffix, parse_u32,
};
use super::{Kind, Lexer, More, Stop, Token};

/// How a parenthesis glued to a word is read.
enum Paren {
    /// Part of the word (`e8(Q)`, `C(AR)xP`); the word goes on at the position given.
    Part(usize),
    /// Move-strength marks (`(!?)`), ending at the position given.
    Marks(usize),
    /// An ordinary parenthesis: a variation opens.
    Open,
}

impl Lexer<'_> {
    /// `$n`.
    pub(super) fn nag(&mut self, toks: &mut Vec<Token>) -> Result<(), Stop> {
        let s = self.s;
        let start = self.i;
        let mut i = start + 1;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        if i == s.len() && !self.eof {
            return Err(Stop::More);
        }
        self.i = i;
        let digits = &s[start + 1..i];
        if digits.is_empty() {
            let msg = "`$` must be followed by a number, as in `$1`".to_owned();
            let err = self.error(start, self.line, self.line_start, msg);
            return Err(Stop::Error(err, true));
        }
        let n = parse_u32(digits).filter(|&n| n <= u32::from(u16::MAX));
        let Some(n) = n else {
            let text = String::from_utf8_lossy(&s[start..i]);
            let msg = format!("NAG {text} out of range 0–65535");
            let err = self.error(start, self.line, self.line_start, msg);
            return Err(Stop::Error(err, true));
        };
        let mut t = self.token(Kind::Nag, start, start, i);
        t.c = n;
        toks.push(t);
        Ok(())
    }

    /// A move number, a move word, marks, a glyph or a result. Returns `true` when a result
    /// ends the game.
    pub(super) fn word(&mut self, toks: &mut Vec<Token>, depth: u32) -> Result<bool, Stop> {
        let s = self.s;
        let i = self.i;
        let mut j = i;
        while j < s.len() && s[j].is_ascii_digit() {
            j += 1;
        }
        if j < s.len() && s[j] == b'.' {
            return self.number(toks, i, j);
        }
        while j < s.len() && is_word_byte(s[j]) {
            j += 1;
        }
        if j == s.len() {
            if !self.eof {
                return Err(Stop::More);
            }
        } else if s[j] == b'(' {
            j = self.word_end(i)?;
        }
        let end = j;
        let mut m = end;
        while m > i && is_mark(s[m - 1]) {
            m -= 1;
        }
        if m == i {
            // Marks standing alone: `!?`.
            self.marks(toks, i, end);
            self.i = end;
            self.paren_marks(toks)?;
            return Ok(false);
        }
        let word = &s[i..m];
        if m == end
            && maybe_result(word)
            && is_result_bytes(word)
            && (word != b"0-0" || self.tag_or_end_follows(end)?)
        {
            self.i = end;
            if depth > 0 {
                return Err(self.unclosed_variation(toks, end));
            }
            toks.push(self.token(Kind::Result, i, i, end));
            return Ok(true);
        }
        if m == end
            && maybe_glyph(word)
            && let Some(n) = glyph_nag(word)
        {
            let mut t = self.token(Kind::Nag, i, i, end);
            t.c = n as u32;
            toks.push(t);
            self.i = end;
            return Ok(false);
        }
        let mut t = self.token(Kind::Word, i, i, m);
        if maybe_suffix(word)
            && toks
                .last()
                .is_some_and(|t| matches!(t.kind, Kind::Word | Kind::WordCont))
            && SUFFIXES.contains(&word)
        {
            t.kind = Kind::WordCont;
            t.flag = true;
        }
        toks.push(t);
        self.i = end;
        if m < end || s.get(end) == Some(&b'(') || matches!(s[m - 1], b'-' | b'x' | b':') {
            self.piece_end(toks, i, m, end)?;
        }
        Ok(false)
    }

    /// A move number: digits `s[i..d]` (maybe none) and the dots after them.
    fn number(&mut self, toks: &mut Vec<Token>, i: usize, d: usize) -> Result<bool, Stop> {
        let s = self.s;
        let mut e = d;
        while e < s.len() && s[e] == b'.' {
            e += 1;
        }
        if e == s.len() && !self.eof {
            return Err(Stop::More);
        }
        let number = if d == i {
            Some(u32::MAX)
        } else {
            parse_u32(&s[i..d]).filter(|&n| n < u32::MAX)
        };
        self.i = e;
        let Some(number) = number else {
            return Err(self.number_too_large(i, d));
        };
        let mut t = self.token(Kind::Number, i, i, e);
        t.c = number;
        t.d = (e - d) as u32;
        toks.push(t);
        // What is glued to the number (`1.e4`) is read as the next token.
        Ok(false)
    }

    #[cold]
    fn number_too_large(&self, i: usize, d: usize) -> Stop {
        let text = String::from_utf8_lossy(&self.s[i..d]);
        let msg = format!("move number {text} is too large");
        Stop::Error(self.error(i, self.line, self.line_start, msg), true)
    }

    /// After the word piece `s[i..m]` (with marks up to `end`): the marks, and a piece that
    /// continues the word (`35x 4`).
    fn piece_end(
        &mut self,
        toks: &mut Vec<Token>,
        mut i: usize,
        mut m: usize,
        mut end: usize,
    ) -> Result<(), Stop> {
        let s = self.s;
        let first = (i, m);
        let mut pieces = 1;
        loop {
            if m < end {
                self.marks(toks, m, end);
            }
            self.i = end;
            let had_marks = m < end || (s.get(end) == Some(&b'(') && self.paren_marks(toks)?);
            if had_marks
                || !matches!(s[m - 1], b'-' | b'x' | b':')
                || !s[i..m - 1].iter().any(u8::is_ascii_alphanumeric)
            {
                return Ok(());
            }
            let k = self.skip_blanks(end)?;
            if k == end || k == s.len() || !s[k].is_ascii_alphanumeric() {
                return Ok(());
            }
            i = k;
            end = self.word_end(k)?;
            m = end;
            while m > i && is_mark(s[m - 1]) {
                m -= 1;
            }
            // `1- 0` is no result: leave the pieces apart.
            if pieces == 1 && first.1 - first.0 + m - k <= 8 {
                let mut joined = [0u8; 8];
                let a = first.1 - first.0;
                joined[..a].copy_from_slice(&s[first.0..first.1]);
                joined[a..a + m - k].copy_from_slice(&s[k..m]);
                if m == end && is_result_bytes(&joined[..a + m - k]) {
                    return Ok(());
                }
            }
            pieces += 1;
            let mut t = self.token(Kind::WordCont, i, i, m);
            // `35x ch` keeps its space, as after any move.
            t.flag = SUFFIXES.contains(&&s[i..m]);
            toks.push(t);
        }
    }

    /// Pushes a NAG for each mark in `s[from..to]`, split greedily into pairs.
    fn marks(&self, toks: &mut Vec<Token>, from: usize, to: usize) {
        let s = self.s;
        let mut i = from;
        while i < to {
            let (n, len) = if i + 1 < to {
                (strength_pair(s[i], s[i + 1]), 2)
            } else {
                (strength_single(s[i]), 1)
            };
            let mut t = self.token(Kind::Nag, i, i, i + len);
            t.c = n as u32;
            toks.push(t);
            i += len;
        }
    }

    /// Marks in parentheses glued to the word just read: `19-23(!?)`.
    fn paren_marks(&mut self, toks: &mut Vec<Token>) -> Result<bool, More> {
        let mut found = false;
        while self.s.get(self.i) == Some(&b'(') {
            match self.glued_paren(self.i)? {
                Paren::Marks(end) => {
                    self.marks(toks, self.i + 1, end - 1);
                    self.i = end;
                    found = true;
                }
                _ => break,
            }
        }
        Ok(found)
    }

    /// The end of the word starting at `i`, with glued parentheses such as `e8(Q)`.
    #[inline(always)]
    pub(super) fn word_end(&self, i: usize) -> Result<usize, More> {
        let s = self.s;
        let mut j = i;
        loop {
            while j < s.len() && is_word_byte(s[j]) {
                j += 1;
            }
            if j == s.len() {
                return if self.eof { Ok(j) } else { Err(More) };
            }
            if s[j] == b'('
                && j > i
                && !is_mark(s[j - 1])
                && let Paren::Part(end) = self.glued_paren(j)?
            {
                j = end;
                continue;
            }
            return Ok(j);
        }
    }

    /// How to read the `(` at `j`, glued to a word.
    ///
    /// The content may hold ASCII characters and chess figurines (`e8(♕)`): other non-ASCII
    /// bytes would count differently in UTF-8 and Latin-1 text, so they open a variation.
    fn glued_paren(&self, j: usize) -> Result<Paren, More> {
        let s = self.s;
        let mut k = j + 1;
        let mut chars = 0;
        let mut all_marks = true;
        loop {
            let Some(&b) = s.get(k) else {
                return if self.eof { Ok(Paren::Open) } else { Err(More) };
            };
            if b == b')' {
                break;
            }
            if !is_word_byte(b) || b == b'(' {
                return Ok(Paren::Open);
            }
            if b >= 0x80 {
                if s.len() < k + 3 && !self.eof {
                    return Err(More);
                }
                match s[k..] {
                    [0xE2, 0x99, 0x94..=0x9F, ..] => k += 2,
                    _ => return Ok(Paren::Open),
                }
            }
            chars += 1;
            all_marks &= is_mark(b);
            if (chars > 4 && !all_marks) || chars > 64 {
                return Ok(Paren::Open);
            }
            k += 1;
        }
        Ok(match chars {
            0 => Paren::Open,
            _ if all_marks => Paren::Marks(k + 1),
            _ => Paren::Part(k + 1),
        })
    }
}
