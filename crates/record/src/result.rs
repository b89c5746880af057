//! Game results: `1-0`, `0-1`, `1/2-1/2`, `2-0`, `1-1`, `*`, ...

use std::fmt;

use crate::Pos;
use crate::leniency::dash_len;

/// The result token that ends a game's movetext, kept as written.
///
/// A result is `*` (unknown or unfinished) or `A-B` where each side's score is `0`, `1`, `2`,
/// `½` or `1/2`: chess writes `1-0` `0-1` `1/2-1/2`, draughts often `2-0` `1-1` `0-2`. The
/// reader also takes a result written with a Unicode dash for the `-` (`1–0`), with a
/// warning ([`Leniency::ResultDash`](crate::Leniency::ResultDash)), and hands it on with `-`.
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

    /// Whether `text` is a result token.
    pub fn is_result(text: &str) -> bool {
        is_result_bytes(text.as_bytes())
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

fn half_points(s: &[u8]) -> Option<(u8, u8)> {
    let (a, n) = score(s)?;
    let rest = &s[n..];
    let rest = &rest[dash_len(rest)?..];
    let (b, m) = score(rest)?;
    (m == rest.len()).then_some((a, b))
}

/// Whether a result word is `0-0` (with any dash), which may be castling instead.
pub(crate) fn is_zero_zero(result: &[u8]) -> bool {
    result.first() == Some(&b'0') && result.last() == Some(&b'0')
}

/// The dash of a result written with another dash than `-` (`1–0`), if it is one.
pub(crate) fn odd_dash(s: &[u8]) -> Option<&[u8]> {
    let (_, n) = score(s)?;
    match dash_len(&s[n..])? {
        1 => None,
        len => Some(&s[n..n + len]),
    }
}

/// Whether the bytes are a result token (UTF-8, or Latin-1 for `½`).
pub(crate) fn is_result_bytes(s: &[u8]) -> bool {
    s == b"*" || half_points(s).is_some()
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
            "11-15", "1-", "-1", "1-0-0", "3-0", "0-0-0", "1/2", "1.0-0", "**", "",
        ] {
            assert!(!ResultToken::is_result(w), "{w}");
        }
        assert_eq!(ResultToken::new("0-1").half_points(), Some((0, 2)));
        assert_eq!(ResultToken::new("½-½").half_points(), Some((1, 1)));
        for dashed in ["1–0", "0—1", "½–½", "1/2‑1/2", "2−0"] {
            assert!(ResultToken::is_result(dashed), "{dashed}");
            assert!(odd_dash(dashed.as_bytes()).is_some(), "{dashed}");
        }
        assert_eq!(ResultToken::new("1/2–1/2").half_points(), Some((1, 1)));
        assert_eq!(odd_dash(b"1-0"), None);
        for w in ["1–", "–1", "1–0–0", "1…0"] {
            assert!(!ResultToken::is_result(w), "{w}");
        }
    }
}
