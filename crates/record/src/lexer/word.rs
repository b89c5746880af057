//! Move words, move numbers, move-strength marks, glyphs, NAGs and results.

use crate::nag::{strength_pair, strength_single};
use crate::result::{is_one_score, is_result_bytes, is_zero_zero};

use super::bytes::{
    ENDS_JOIN, ENDS_MARK, MAY_RESULT, WORD, digits, glyph_word, is_mark, is_result_word,
    is_suffix_word, is_word_byte, joins_previous_word, parse_u32,
};
use super::{Kind, Lexer, More, Stop, Token};

/// What [`Lexer::word`] read.
pub(super) enum Word {
    /// A move word `a..b` alone, with nothing glued to it.
    Plain(usize, usize),
    /// A move number ending at the position given, its value (`u32::MAX` for none) and dots.
    Number(usize, u32, u32),
    /// Tokens in the item buffer.
    Many,
    /// A result ending at the position given, which ends the game.
    Result(usize),
}

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
    pub(super) fn nag(&mut self) -> Result<Token, Stop> {
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
        Ok(t)
    }

    /// A move number, a move word, marks, a glyph or a result. `after_word` tells whether the
    /// token before is a move word, which a descriptive suffix joins.
    #[inline(always)]
    pub(super) fn word(&mut self, item: &mut Vec<Token>, after_word: bool) -> Result<Word, Stop> {
        let s = self.s;
        let i = self.i;
        let (mut j, n) = digits(s, i);
        if s.get(j) == Some(&b'.') {
            return self.number(i, j, n);
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
        // The caller saw a word byte at `i`: `end > i`.
        let (first, last) = (s[i], s[end - 1]);
        if WORD[last as usize] & ENDS_MARK != 0 {
            while m > i && is_mark(s[m - 1]) {
                m -= 1;
            }
        }
        let first = WORD[first as usize];
        if m == i {
            // Marks standing alone: `!?`.
            item.clear();
            self.marks(item, i, end);
            self.i = end;
            self.paren_marks(item)?;
            return Ok(Word::Many);
        }
        let word = &s[i..m];
        if m == end
            && first & MAY_RESULT != 0
            && is_one_score(word)
            && let Some(result_end) = self.spaced_result(end)?
        {
            // A result written spaced: `1 - 0`, `1/2 - 1/2`.
            self.i = result_end;
            return Ok(Word::Result(result_end));
        }
        if m == end
            && is_result_word(first, word)
            && (!is_zero_zero(word) || self.tag_or_end_follows(end)?)
        {
            self.i = end;
            return Ok(Word::Result(end));
        }
        if m == end
            && let Some(n) = glyph_word(first, word)
        {
            let mut t = self.token(Kind::Nag, i, i, end);
            t.c = n as u32;
            self.i = end;
            item.clear();
            item.push(t);
            return Ok(Word::Many);
        }
        let suffix = after_word && is_suffix_word(first, word);
        self.i = end;
        let joins =
            m < end || s.get(end) == Some(&b'(') || WORD[s[m - 1] as usize] & ENDS_JOIN != 0;
        if !(joins || suffix) {
            return Ok(Word::Plain(i, m));
        }
        let mut t = self.token(Kind::Word, i, i, m);
        if suffix {
            t.kind = Kind::WordCont;
            t.flag = true;
        }
        item.clear();
        item.push(t);
        if joins {
            self.piece_end(item, i, m, end)?;
        }
        Ok(Word::Many)
    }

    /// A move number: digits `s[i..d]` (maybe none) whose value is `n` if they are few, and
    /// the dots after them.
    #[inline(always)]
    fn number(&mut self, i: usize, d: usize, n: u32) -> Result<Word, Stop> {
        let s = self.s;
        let mut e = d;
        while s.get(e) == Some(&b'.') {
            e += 1;
        }
        if e == s.len() && !self.eof {
            return Err(Stop::More);
        }
        let number = match d - i {
            0 => Some(u32::MAX),
            1..=9 => Some(n),
            _ => parse_u32(&s[i..d]).filter(|&n| n < u32::MAX),
        };
        self.i = e;
        let Some(number) = number else {
            return Err(self.number_too_large(i, d));
        };
        // What is glued to the number (`1.e4`) is read as the next token.
        Ok(Word::Number(e, number, (e - d) as u32))
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
        item: &mut Vec<Token>,
        mut i: usize,
        mut m: usize,
        mut end: usize,
    ) -> Result<(), Stop> {
        let s = self.s;
        let first = (i, m);
        let mut pieces = 1;
        loop {
            if m < end {
                self.marks(item, m, end);
            }
            self.i = end;
            let had_marks = m < end || (s.get(end) == Some(&b'(') && self.paren_marks(item)?);
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
            t.flag = joins_previous_word(&s[i..m]);
            item.push(t);
        }
    }

    /// Pushes a NAG for each mark in `s[from..to]`, split greedily into pairs.
    fn marks(&self, item: &mut Vec<Token>, from: usize, to: usize) {
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
            item.push(t);
            i += len;
        }
    }

    /// Marks in parentheses glued to the word just read: `19-23(!?)`.
    fn paren_marks(&mut self, item: &mut Vec<Token>) -> Result<bool, More> {
        let mut found = false;
        loop {
            match self.s.get(self.i) {
                Some(b'(') => {}
                // Another `(` may follow.
                None if !self.eof => return Err(More),
                _ => break,
            }
            match self.glued_paren(self.i)? {
                Paren::Marks(end) => {
                    self.marks(item, self.i + 1, end - 1);
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
