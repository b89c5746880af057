//! The usual items, read by a lean loop. Most of a real file is blanks, line ends, move
//! numbers, plain move words, one-line comments and plain tags: this loop reads those with its
//! place in local variables, and stops at anything else, which the general lexer then reads.
//! Each item it reads, it reads exactly as the general lexer would; when it is unsure (at the
//! end of the buffer, say), it leaves the item to the general lexer.

use super::bytes::{
    ENDS_JOIN, ENDS_MARK, MAY_GLYPH, MAY_RESULT, MAY_SUFFIX, NAME_END, SPACE, WORD, comment_stop,
    digits, glyph_word, is_result_word, is_suffix_word, is_word_byte, quoted_stop, trim,
};
use super::{Game, Kind, Sink, Token};
use crate::result::is_one_score;

impl<S: Sink> Game<'_, '_, S> {
    /// Reads usual items from where the lexer stands, and returns with the lexer at the first
    /// thing it leaves to the general lexer (or at the end of the buffer).
    #[inline(never)]
    pub(super) fn usual(&mut self) {
        let s = self.lx.s;
        let (mut i, mut line, mut ls) = (self.lx.i, self.lx.line, self.lx.line_start);
        let mut movetext = self.movetext;
        let mut content = self.content;
        let mut after_word = self.after_word;
        let sink = &mut *self.sink;
        while let Some(&b) = s.get(i) {
            match b {
                b' ' => i += 1,
                b'\n' => {
                    i += 1;
                    line += 1;
                    ls = i;
                }
                b'{' => {
                    let close = comment_stop(s, i + 1);
                    if s.get(close) != Some(&b'}') {
                        break;
                    }
                    let (a, e) = trim(s, i + 1, close);
                    sink.comment(line, ls, i, a, e);
                    i = blank_after(s, close + 1);
                    content = true;
                    after_word = false;
                }
                b'[' if !movetext => {
                    let Some((t, next)) = plain_tag(s, i, line, ls) else {
                        break;
                    };
                    sink.token(t);
                    i = next;
                    content = true;
                    after_word = false;
                }
                b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' => {
                    let (mut j, n) = if b.is_ascii_digit() {
                        digits(s, i)
                    } else {
                        (i, 0)
                    };
                    if s.get(j) == Some(&b'.') {
                        // A move number of at most nine digits (`b` is not a dot).
                        let d = j;
                        while s.get(j) == Some(&b'.') {
                            j += 1;
                        }
                        if j == s.len() || d - i > 9 {
                            break;
                        }
                        sink.number(line, ls, i, j, n, (j - d) as u32);
                        i = blank_after(s, j);
                        content = true;
                        movetext = true;
                        after_word = false;
                        continue;
                    }
                    while s.get(j).is_some_and(|&c| is_word_byte(c)) {
                        j += 1;
                    }
                    // A plain word: followed by a delimiter other than `(`, not ending with a
                    // mark or a separator, and neither a result, a glyph nor a suffix.
                    match s.get(j) {
                        None | Some(b'(') => break,
                        Some(_) => {}
                    }
                    let (first, last) = (WORD[b as usize], WORD[s[j - 1] as usize]);
                    if last & (ENDS_MARK | ENDS_JOIN) != 0 {
                        break;
                    }
                    let w = &s[i..j];
                    if first & (MAY_RESULT | MAY_GLYPH | MAY_SUFFIX) != 0
                        && (is_result_word(first, w)
                            || (first & MAY_RESULT != 0 && is_one_score(w))
                            || glyph_word(first, w).is_some()
                            || (after_word && is_suffix_word(first, w)))
                    {
                        break;
                    }
                    sink.word(line, ls, i, j, no_suffix_at(s, j));
                    i = blank_after(s, j);
                    content = true;
                    movetext = true;
                    after_word = true;
                }
                _ => break,
            }
        }
        (self.lx.i, self.lx.line, self.lx.line_start) = (i, line, ls);
        self.movetext = movetext;
        self.content = content;
        self.after_word = after_word;
    }
}

/// `k`, or the position after it if it holds the usual blank between two items.
#[inline(always)]
fn blank_after(s: &[u8], k: usize) -> usize {
    k + (s.get(k) == Some(&b' ')) as usize
}

/// Whether no descriptive suffix (`ch`, `e.p.`, ...) can start the item after a word that
/// ends at `k`: then the word is complete. Unsure at a line end or the end of the buffer.
#[inline(always)]
pub(super) fn no_suffix_at(s: &[u8], mut k: usize) -> bool {
    // The usual case: one blank, then a byte that starts no suffix.
    if let (Some(b' '), Some(&b)) = (s.get(k), s.get(k + 1))
        && WORD[b as usize] & MAY_SUFFIX == 0
        && SPACE[b as usize] == 0
    {
        return true;
    }
    while s
        .get(k)
        .is_some_and(|&b| SPACE[b as usize] == 1 || b == b'\n' || b == b'\r')
    {
        k += 1;
    }
    match (s.get(k), s.get(k + 1)) {
        (Some(b'c'), Some(b'h'))
        | (Some(b'd'), Some(b'i' | b'b'))
        | (Some(b'm'), Some(b'a'))
        | (Some(b'e'), Some(b'.' | b'p')) => false,
        // A byte order mark is white space, and another word may follow it.
        (Some(&b), Some(_)) => b != 0xEF,
        _ => false,
    }
}

/// A tag written `[Name "value"]`, with one blank and no backslash or curly quote, at `i`:
/// its token and the position after it.
#[inline(always)]
fn plain_tag(s: &[u8], i: usize, line: u32, line_start: usize) -> Option<(Token, usize)> {
    let mut j = i + 1;
    while s.get(j).is_some_and(|&c| !NAME_END[c as usize]) {
        j += 1;
    }
    if j == i + 1 || s.get(j) != Some(&b' ') || s.get(j + 1) != Some(&b'"') {
        return None;
    }
    let body = j + 2;
    let close = quoted_stop(s, body);
    if s.get(close) != Some(&b'"') || s.get(close + 1) != Some(&b']') {
        return None;
    }
    let mut t = Token::new(Kind::Tag, line, line_start, i, i + 1, j);
    t.c = body as u32;
    t.d = close as u32;
    Some((t, close + 2))
}
