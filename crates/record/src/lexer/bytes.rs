//! Classes of bytes and small tests on words, shared by the parts of the lexer.

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

/// The bytes a quoted value scan stops at.
pub(super) static QUOTED_SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'\n' as usize] = true;
    t[b'\r' as usize] = true;
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
    t[b'"' as usize] = true;
    t[b']' as usize] = true;
    t[b'[' as usize] = true;
    t[b'{' as usize] = true;
    t[b'}' as usize] = true;
    t[0xE2] = true;
    t
};

/// The bytes a comment scan stops at.
pub(super) static COMMENT_SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    t[b'{' as usize] = true;
    t[b'}' as usize] = true;
    t[b'\n' as usize] = true;
    t[b'\r' as usize] = true;
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

#[inline]
pub(super) fn is_mark(b: u8) -> bool {
    b == b'!' || b == b'?'
}

pub(super) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Words that, standing alone after a move, belong to it (English descriptive notation).
pub(super) const SUFFIXES: &[&[u8]] = &[
    b"ch", b"dis", b"dbl", b"mate", b"e.p.", b"ep", b"dis.ch", b"dbl.ch",
];

/// Whether a word standing alone right after a move word is joined to it when read.
pub(crate) fn joins_previous_word(word: &[u8]) -> bool {
    SUFFIXES.contains(&word)
}

/// Whether a word may be a result: a cheap test before the real one.
#[inline]
pub(super) fn maybe_result(w: &[u8]) -> bool {
    match w.len() {
        1 => w[0] == b'*',
        3..=7 => matches!(w[1], b'-' | b'/') || w[0] >= 0x80,
        _ => false,
    }
}

/// Whether a word may be a glyph: a cheap test before the real one.
#[inline]
pub(super) fn maybe_glyph(w: &[u8]) -> bool {
    match w[0] {
        b'N' => w.len() == 1,
        b'=' | b'+' | b'-' => w.len() <= 3,
        b => b >= 0x80 && w.len() <= 3,
    }
}

/// Whether a word may be a descriptive suffix: a cheap test before the real one.
#[inline]
pub(super) fn maybe_suffix(w: &[u8]) -> bool {
    w.len() <= 6 && matches!(w[0], b'c' | b'd' | b'm' | b'e')
}

/// Trims ASCII white space from `s[a..b]`.
pub(super) fn trim(s: &[u8], mut a: usize, mut b: usize) -> (usize, usize) {
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
