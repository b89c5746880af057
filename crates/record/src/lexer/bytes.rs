//! Classes of bytes and small tests on words, shared by the parts of the lexer.

use crate::nag::glyph_nag;
use crate::result::is_result_bytes;

/// Classes of bytes: white space (including the comma separator) and delimiters.
const WS: u8 = 1;
const DELIM: u8 = 2;

/// White space for `Lexer::skip_ws`: 1 plain, 2 line ends and the first byte of a BOM.
pub(super) static SPACE: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b' ' as usize] = 1;
    t[b'\t' as usize] = 1;
    t[b',' as usize] = 1;
    t[0x0b] = 1;
    t[0x0c] = 1;
    t[b'\n' as usize] = 2;
    t[b'\r' as usize] = 2;
    t[0xEF] = 2;
    t
};

/// The bytes that end a tag name (with white space and `“`).
pub(super) static NAME_END: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = CLASS[b] == WS;
        b += 1;
    }
    // Control bytes: a name holds none (a writer could not write it back as it was).
    let mut c = 0;
    while c < 0x20 {
        t[c] = true;
        c += 1;
    }
    t[0x7F] = true;
    t[b'"' as usize] = true;
    t[b']' as usize] = true;
    t[b'[' as usize] = true;
    t[b'{' as usize] = true;
    t[b'}' as usize] = true;
    t[0xE2] = true;
    t
};

pub(super) static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b' ' as usize] = WS;
    t[b'\t' as usize] = WS;
    t[b'\n' as usize] = WS;
    t[b'\r' as usize] = WS;
    t[0x0b] = WS;
    t[0x0c] = WS;
    t[b',' as usize] = WS;
    t[b'{' as usize] = DELIM;
    t[b'}' as usize] = DELIM;
    t[b'(' as usize] = DELIM;
    t[b')' as usize] = DELIM;
    t[b'[' as usize] = DELIM;
    t[b']' as usize] = DELIM;
    t[b';' as usize] = DELIM;
    t[b'$' as usize] = DELIM;
    t
};

#[inline]
pub(super) fn is_word_byte(b: u8) -> bool {
    CLASS[b as usize] == 0
}

/// What the first or last byte of a word tells of it, as bits of [`WORD`]: whether it may be
/// a result, a glyph or a descriptive suffix (first byte), and whether it ends with a mark or
/// with a separator that a piece after a blank continues (last byte).
pub(super) const MAY_RESULT: u8 = 1;
pub(super) const MAY_GLYPH: u8 = 2;
pub(super) const MAY_SUFFIX: u8 = 4;
pub(super) const ENDS_MARK: u8 = 8;
pub(super) const ENDS_JOIN: u8 = 16;

pub(super) static WORD: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0x80;
    while b < 256 {
        t[b] = MAY_GLYPH;
        b += 1;
    }
    t[b'0' as usize] = MAY_RESULT;
    t[b'1' as usize] = MAY_RESULT;
    t[b'2' as usize] = MAY_RESULT;
    t[b'*' as usize] = MAY_RESULT;
    t[0xC2] = MAY_RESULT | MAY_GLYPH;
    t[0xBD] = MAY_RESULT | MAY_GLYPH;
    t[b'N' as usize] = MAY_GLYPH;
    t[b'=' as usize] = MAY_GLYPH;
    t[b'+' as usize] = MAY_GLYPH;
    t[b'-' as usize] = MAY_GLYPH | ENDS_JOIN;
    t[b'x' as usize] = ENDS_JOIN;
    t[b':' as usize] = ENDS_JOIN;
    t[b'c' as usize] = MAY_SUFFIX;
    t[b'd' as usize] = MAY_SUFFIX;
    t[b'm' as usize] = MAY_SUFFIX;
    t[b'e' as usize] = MAY_SUFFIX;
    t[b'!' as usize] = ENDS_MARK;
    t[b'?' as usize] = ENDS_MARK;
    t
};

#[inline]
pub(super) fn is_mark(b: u8) -> bool {
    b == b'!' || b == b'?'
}

pub(super) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Words that, standing alone after a move, belong to it (English descriptive notation).
const SUFFIXES: &[&[u8]] = &[
    b"ch", b"dis", b"dbl", b"mate", b"e.p.", b"ep", b"dis.ch", b"dbl.ch",
];

/// Whether a word standing alone right after a move word is joined to it when read.
#[inline]
pub(crate) fn joins_previous_word(word: &[u8]) -> bool {
    SUFFIXES.contains(&word)
}

/// Whether a word may be a result: a cheap test before the real one.
#[inline]
fn maybe_result(w: &[u8]) -> bool {
    match w.len() {
        1 => w[0] == b'*',
        // Up to `1/2-1/2`, or `1/2–1/2` with a three-byte dash.
        3..=9 => matches!(w[1], b'-' | b'/' | b':' | 0xE2) || w[0] >= 0x80,
        _ => false,
    }
}

/// Whether a word may be a glyph: a cheap test before the real one.
#[inline]
fn maybe_glyph(w: &[u8]) -> bool {
    match w[0] {
        b'N' => w.len() == 1,
        b'=' | b'+' | b'-' => w.len() <= 3,
        b => b >= 0x80 && w.len() <= 3,
    }
}

/// Whether a word may be a descriptive suffix: a cheap test before the real one.
#[inline]
fn maybe_suffix(w: &[u8]) -> bool {
    w.len() <= 6 && matches!(w[0], b'c' | b'd' | b'm' | b'e')
}

/// Whether the word `w`, whose first byte has the bits `first` of [`WORD`], is a result
/// (`0-0` included, which may yet be castling).
#[inline(always)]
pub(super) fn is_result_word(first: u8, w: &[u8]) -> bool {
    first & MAY_RESULT != 0 && maybe_result(w) && is_result_bytes(w)
}

/// The NAG of the word `w` if it is a glyph (`+-`, `±`); `first` as for [`is_result_word`].
#[inline(always)]
pub(super) fn glyph_word(first: u8, w: &[u8]) -> Option<u16> {
    if first & MAY_GLYPH != 0 && maybe_glyph(w) {
        glyph_nag(w)
    } else {
        None
    }
}

/// Whether the word `w` is a descriptive suffix (`ch`), which joins a move word just before
/// it; `first` as for [`is_result_word`].
#[inline(always)]
pub(super) fn is_suffix_word(first: u8, w: &[u8]) -> bool {
    first & MAY_SUFFIX != 0 && maybe_suffix(w) && joins_previous_word(w)
}

/// Trims ASCII white space from `s[a..b]`.
#[inline(always)]
pub(super) fn trim(s: &[u8], mut a: usize, mut b: usize) -> (usize, usize) {
    // The usual comment: one blank at each end.
    if a + 2 < b
        && s[a] == b' '
        && s[b - 1] == b' '
        && !s[a + 1].is_ascii_whitespace()
        && !s[b - 2].is_ascii_whitespace()
    {
        return (a + 1, b - 1);
    }
    while a < b && s[a].is_ascii_whitespace() {
        a += 1;
    }
    while b > a && s[b - 1].is_ascii_whitespace() {
        b -= 1;
    }
    (a, b)
}

pub(super) fn parse_u32(digits: &[u8]) -> Option<u32> {
    let mut n: u32 = 0;
    for &d in digits {
        n = n.checked_mul(10)?.checked_add((d - b'0') as u32)?;
    }
    Some(n)
}

/// The end of the run of ASCII digits that starts at `j`, and their value, which is exact for
/// up to nine digits (beyond, it wraps: the caller parses long runs again).
#[inline]
pub(super) fn digits(s: &[u8], mut j: usize) -> (usize, u32) {
    let mut n: u32 = 0;
    while let Some(&c) = s.get(j) {
        if !c.is_ascii_digit() {
            break;
        }
        n = n.wrapping_mul(10).wrapping_add((c - b'0') as u32);
        j += 1;
    }
    (j, n)
}

/// Eight bytes at a time: a byte with value 1 in each lane, and the top bit of each lane.
const LANES: u64 = 0x0101_0101_0101_0101;
const TOPS: u64 = 0x8080_8080_8080_8080;

/// The top bit of a lane is set where `x` holds a byte below `n` (`n` at most 128). Only the
/// lowest marked lane is sure: a borrow may mark lanes above it.
#[inline(always)]
fn below(x: u64, n: u8) -> u64 {
    x.wrapping_sub(LANES * n as u64) & !x & TOPS
}

/// The top bit of a lane is set where `x` holds `b`; as for [`below`], only the lowest marked
/// lane is sure.
#[inline(always)]
fn equal(x: u64, b: u8) -> u64 {
    let v = x ^ (LANES * b as u64);
    v.wrapping_sub(LANES) & !v & TOPS
}

/// The first position from `i` on where `s` holds a byte that `marks` marks (eight bytes at a
/// time), or where `stop` is true (for the last few bytes), or the end of `s`.
#[inline(always)]
fn find(s: &[u8], mut i: usize, marks: impl Fn(u64) -> u64, stop: impl Fn(u8) -> bool) -> usize {
    while let Some(&w) = s.get(i..i.wrapping_add(8)).and_then(|r| r.as_array::<8>()) {
        let m = marks(u64::from_le_bytes(w));
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while let Some(&b) = s.get(i) {
        if stop(b) {
            break;
        }
        i += 1;
    }
    i
}

/// Where the run of plain text of a comment that starts at `i` may end: at a brace, a line
/// end, or another control character (the caller looks at the byte found).
#[inline(always)]
pub(super) fn comment_stop(s: &[u8], i: usize) -> usize {
    find(
        s,
        i,
        |x| below(x, 0x0E) | equal(x, b'{') | equal(x, b'}'),
        |b| b < 0x0E || b == b'{' || b == b'}',
    )
}

/// Where the run of plain text of a quoted value that starts at `i` may end: at a quote, a
/// backslash, a line end, or another control character (the caller looks at the byte found).
#[inline(always)]
pub(super) fn quoted_stop(s: &[u8], i: usize) -> usize {
    find(
        s,
        i,
        |x| below(x, 0x0E) | equal(x, b'"') | equal(x, b'\\'),
        |b| b < 0x0E || b == b'"' || b == b'\\',
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_find_the_first_special_byte() {
        for text in [
            "",
            "}",
            "abc",
            "abcdefgh}",
            "abcdefghijklmnop",
            "a\tb}",
            "0123456{}",
            "é}\n",
            "\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f}",
            "abcdefg\r\n",
        ] {
            let s = text.as_bytes();
            for i in 0..=s.len() {
                let slow = (i..s.len())
                    .find(|&k| s[k] < 0x0E || s[k] == b'{' || s[k] == b'}')
                    .unwrap_or(s.len());
                assert_eq!(comment_stop(s, i), slow, "{text:?} from {i}");
            }
            let quoted = text.replace('}', "\"");
            let s = quoted.as_bytes();
            for i in 0..=s.len() {
                let slow = (i..s.len())
                    .find(|&k| s[k] < 0x0E || s[k] == b'"' || s[k] == b'\\')
                    .unwrap_or(s.len());
                assert_eq!(quoted_stop(s, i), slow, "{quoted:?} from {i}");
            }
        }
    }
}
