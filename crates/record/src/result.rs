//! Game results: `1-0`, `0-1`, `1/2-1/2`, `2-0`, `1-1`, `*`, ...

use std::fmt;

use crate::Pos;

/// The result token that ends a game's movetext, kept as written.
///
/// A result is `*` (unknown or unfinished) or `A-B` where each side's score is `0`, `1`, `2`,
/// `½` or `1/2`: chess writes `1-0` `0-1` `1/2-1/2`, draughts often `2-0` `1-1` `0-2`. The
/// reader also takes a result written with a Unicode dash for the `-` (`1–0`), with `:`
/// (`1:0`) or `1/2` alone, with a warning ([`Leniency::ResultDash`](crate::Leniency::ResultDash),
/// [`Leniency::ResultForm`](crate::Leniency::ResultForm)), and hands it on as PGN writes it.
///
/// ```
/// use record::ResultToken;
///
/// let draw = ResultToken::new("1/2-1/2");
/// assert_eq!(draw.half_points(), Some((1, 1)));
/// assert_eq!(ResultToken::new("2-0").half_points(), Some((4, 0)));
/// assert_eq!(ResultToken::new("*").half_points(), None);
/// assert!(ResultToken::is_result("½-½"));
/// assert!(!ResultToken::is_result("11-15"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ResultToken {
    /// The token as written.
    pub text: String,
    /// Where it was written (unknown for results set by a program).
    pub at: Pos,
}

impl ResultToken {
    /// A result token with no place.
    pub fn new(text: impl Into<String>) -> ResultToken {
        ResultToken {
            text: text.into(),
            at: Pos::default(),
        }
    }

    /// Whether `text` is a result as PGN and PDN write it (`1-0`, `1/2-1/2`, `2-0`, `*`, ...).
    /// The reader also takes `1–0`, `1:0` or `1/2` alone as a result token, with a warning,
    /// and hands it on in this form; a tag's value written so is no result.
    pub fn is_result(text: &str) -> bool {
        let b = text.as_bytes();
        is_result_bytes(b) && odd_result(b).is_none()
    }

    /// The score of each side in half points (first side, second side), or `None` for `*`
    /// and for text that is not a result.
    pub fn half_points(&self) -> Option<(u8, u8)> {
        half_points(self.text.as_bytes())
    }

    /// [`ResultToken::half_points`] of `text`, without making a token of it.
    ///
    /// ```
    /// use record::ResultToken;
    /// assert_eq!(ResultToken::half_points_of("1/2-1/2"), Some((1, 1)));
    /// assert_eq!(ResultToken::half_points_of("*"), None);
    /// ```
    pub fn half_points_of(text: &str) -> Option<(u8, u8)> {
        half_points(text.as_bytes())
    }
}

impl fmt::Display for ResultToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The length of one side's score at the start of `s` (`0`, `1`, `2`, `½`, `1/2`).
pub(crate) fn score_len(s: &[u8]) -> Option<usize> {
    score(s).map(|(_, len)| len)
}

/// Whether `s` is one side's score and nothing else.
pub(crate) fn is_one_score(s: &[u8]) -> bool {
    score_len(s) == Some(s.len())
}

/// Reads one side's score at the start of `s`: returns the half points and the bytes used.
fn score(s: &[u8]) -> Option<(u8, usize)> {
    match s {
        [b'1', b'/', b'2', ..] => Some((1, 3)),
        [0xC2, 0xBD, ..] => Some((1, 2)), // ½ in UTF-8
        [0xBD, ..] => Some((1, 1)),       // ½ in Latin-1
        [b'0', ..] => Some((0, 1)),
        [b'1', ..] => Some((2, 1)),
        [b'2', ..] => Some((4, 1)),
        _ => None,
    }
}

/// The half points of a result token's bytes; `None` for `*` and for what is no result.
pub(crate) fn half_points(s: &[u8]) -> Option<(u8, u8)> {
    if s == b"1/2" {
        return Some((1, 1));
    }
    let (a, n) = score(s)?;
    let rest = &s[n..];
    let rest = &rest[separator_len(rest)?..];
    let (b, m) = score(rest)?;
    (m == rest.len()).then_some((a, b))
}

/// The length of the separator between two scores at the start of `s`: a dash (see
/// [`dash_len`]) or `:`.
fn separator_len(s: &[u8]) -> Option<usize> {
    match s.first() {
        Some(b':') => Some(1),
        _ => dash_len(s),
    }
}

/// Whether a result word is `0-0` (with any dash), which may be castling instead.
pub(crate) fn is_zero_zero(result: &[u8]) -> bool {
    result.first() == Some(&b'0') && result.last() == Some(&b'0')
}

/// Whether a result token is `1/2` alone or written spaced (`1 - 0`: the lexer joins those;
/// no other result holds a blank).
fn is_half_alone(s: &[u8]) -> bool {
    s == b"1/2" || s.iter().any(|&b| b == b' ' || b == b'\t')
}

/// How a result token was written, when not as PGN writes it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum OddResult<'a> {
    /// With a Unicode dash for the `-`: the dash.
    Dash(&'a [u8]),
    /// With `:` for the `-` (`1:0`), or `1/2` alone for a draw.
    Form,
}

/// How the result token `s` departs from PGN's forms, if it does.
pub(crate) fn odd_result(s: &[u8]) -> Option<OddResult<'_>> {
    if is_half_alone(s) {
        return Some(OddResult::Form);
    }
    let (_, n) = score(s)?;
    if s.get(n) == Some(&b':') {
        return Some(OddResult::Form);
    }
    match dash_len(&s[n..])? {
        1 => None,
        len => Some(OddResult::Dash(&s[n..n + len])),
    }
}

/// The result token `raw` (an [`odd_result`]) as PGN writes it, in `out`: `-` for its
/// separator, `1/2-1/2` for `1/2` alone (a result holds only digits, `/`, `½` in UTF-8 or
/// Latin-1, and its separator).
pub(crate) fn plain_result<'o>(raw: &[u8], out: &'o mut String) -> &'o str {
    out.clear();
    if raw == b"1/2" {
        out.push_str("1/2-1/2");
        return out;
    }
    let mut i = 0;
    while i < raw.len() {
        let (c, len) = match raw[i..] {
            [b' ' | b'\t', ..] => {
                i += 1;
                continue;
            }
            [0xC2, 0xBD, ..] => ('½', 2),
            [0xBD, ..] => ('½', 1),
            [b':', ..] => ('-', 1),
            _ => match dash_len(&raw[i..]) {
                Some(len) => ('-', len),
                None => (char::from(raw[i]), 1),
            },
        };
        out.push(c);
        i += len;
    }
    out
}

/// Whether the bytes are a result token (UTF-8, or Latin-1 for `½`).
pub(crate) fn is_result_bytes(s: &[u8]) -> bool {
    s == b"*" || half_points(s).is_some()
}

/// The length of the dash at the start of `s`: `-` (1), or a Unicode hyphen or dash that
/// people and word processors write for it (3): U+2010 to U+2015 and the minus sign U+2212.
pub(crate) fn dash_len(s: &[u8]) -> Option<usize> {
    match s {
        [b'-', ..] => Some(1),
        [0xE2, 0x80, 0x90..=0x95, ..] | [0xE2, 0x88, 0x92, ..] => Some(3),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results() {
        for r in [
            "1-0", "0-1", "1/2-1/2", "½-½", "2-0", "0-2", "1-1", "0-0", "*", "1/2-0", "2-½",
        ] {
            assert!(ResultToken::is_result(r), "{r}");
        }
        assert!(is_result_bytes(&[0xBD, b'-', 0xBD]));
        for w in [
            "11-15", "1-", "-1", "1-0-0", "3-0", "0-0-0", "1/3", "1.0-0", "**", "",
        ] {
            assert!(!ResultToken::is_result(w), "{w}");
        }
        assert_eq!(ResultToken::new("0-1").half_points(), Some((0, 2)));
        assert_eq!(ResultToken::new("½-½").half_points(), Some((1, 1)));
        for dashed in ["1–0", "0—1", "½–½", "1/2‑1/2", "2−0"] {
            assert!(is_result_bytes(dashed.as_bytes()), "{dashed}");
            assert!(!ResultToken::is_result(dashed), "{dashed}");
            assert!(matches!(
                odd_result(dashed.as_bytes()),
                Some(OddResult::Dash(_))
            ));
        }
        for form in ["1:0", "0:1", "½:½", "1/2:1/2", "1/2", "2:0"] {
            assert!(is_result_bytes(form.as_bytes()), "{form}");
            assert!(!ResultToken::is_result(form), "{form}");
            assert_eq!(odd_result(form.as_bytes()), Some(OddResult::Form), "{form}");
        }
        let mut out = String::new();
        assert_eq!(plain_result("1/2".as_bytes(), &mut out), "1/2-1/2");
        assert_eq!(plain_result("½:½".as_bytes(), &mut out), "½-½");
        assert_eq!(plain_result("1–0".as_bytes(), &mut out), "1-0");
        assert_eq!(ResultToken::new("1/2–1/2").half_points(), Some((1, 1)));
        assert_eq!(odd_result(b"1-0"), None);
        for w in ["1–", "–1", "1–0–0", "1…0"] {
            assert!(!ResultToken::is_result(w), "{w}");
        }
    }

    #[test]
    fn dashes() {
        for dash in ["‐", "‑", "‒", "–", "—", "―", "−"] {
            assert_eq!(dash_len(dash.as_bytes()), Some(3), "{dash}");
        }
        assert_eq!(dash_len(b"-0"), Some(1));
        for other in ["…", "•", "'", "x", ""] {
            assert_eq!(dash_len(other.as_bytes()), None, "{other}");
        }
    }
}
