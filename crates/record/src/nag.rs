//! Numeric annotation glyphs (NAGs) and the marks that stand for them.

use std::fmt;

/// A numeric annotation glyph: `$0` to `$65535`; `$1` is "good move".
///
/// The PGN standard numbers glyphs up to 255, but PDN files use larger numbers too (`$902`).
///
/// The move-strength marks `!` `?` `!!` `??` `!?` `?!` are NAGs 1 to 6, and a few other marks
/// (`□` `=` `∞` `⩲` `⩱` `±` `∓` `+-` `-+` `N`) have standard numbers too; see [`GLYPHS`].
///
/// ```
/// use record::Nag;
///
/// assert_eq!(Nag::from_glyph("!?"), Some(Nag::SPECULATIVE_MOVE));
/// assert_eq!(Nag(5).glyph(), Some("!?"));
/// assert_eq!(Nag(16).to_string(), "$16");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u16);

/// Every mark the reader recognises as a NAG, with its number, in the order of the numbers.
///
/// Some numbers have two spellings (`+/=` and `⩲` are both 14); the first one listed for a
/// number is the one [`Nag::glyph`] returns.
pub const GLYPHS: &[(u16, &str)] = &[
    (1, "!"),
    (2, "?"),
    (3, "!!"),
    (4, "??"),
    (5, "!?"),
    (6, "?!"),
    (7, "□"),
    (10, "="),
    (13, "∞"),
    (14, "⩲"),
    (14, "+/="),
    (15, "⩱"),
    (15, "=/+"),
    (16, "±"),
    (16, "+/-"),
    (17, "∓"),
    (17, "-/+"),
    (18, "+-"),
    (19, "-+"),
    (146, "N"),
];

impl Nag {
    /// `!`, NAG 1.
    pub const GOOD_MOVE: Nag = Nag(1);
    /// `?`, NAG 2.
    pub const MISTAKE: Nag = Nag(2);
    /// `!!`, NAG 3.
    pub const BRILLIANT_MOVE: Nag = Nag(3);
    /// `??`, NAG 4.
    pub const BLUNDER: Nag = Nag(4);
    /// `!?`, NAG 5.
    pub const SPECULATIVE_MOVE: Nag = Nag(5);
    /// `?!`, NAG 6.
    pub const DUBIOUS_MOVE: Nag = Nag(6);

    /// The NAG a mark stands for, if it is one of [`GLYPHS`].
    pub fn from_glyph(glyph: &str) -> Option<Nag> {
        GLYPHS
            .iter()
            .find(|(_, g)| *g == glyph)
            .map(|&(n, _)| Nag(n))
    }

    /// The usual mark of this NAG, if it has one.
    pub fn glyph(self) -> Option<&'static str> {
        GLYPHS.iter().find(|(n, _)| *n == self.0).map(|&(_, g)| g)
    }

    /// Whether this is one of the move-strength marks `!` `?` `!!` `??` `!?` `?!` (NAGs 1–6),
    /// which are usually written glued to the move.
    pub fn is_move_strength(self) -> bool {
        (1..=6).contains(&self.0)
    }
}

impl fmt::Display for Nag {
    /// Writes the NAG as `$n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

impl From<u8> for Nag {
    fn from(n: u8) -> Nag {
        Nag(n.into())
    }
}

impl From<u16> for Nag {
    fn from(n: u16) -> Nag {
        Nag(n)
    }
}

/// The NAG of a pair of move-strength characters (`!!`, `??`, `!?`, `?!`).
pub(crate) fn strength_pair(a: u8, b: u8) -> u16 {
    match (a, b) {
        (b'!', b'!') => 3,
        (b'?', b'?') => 4,
        (b'!', b'?') => 5,
        _ => 6,
    }
}

/// The NAG of a single move-strength character (`!` or `?`).
pub(crate) fn strength_single(a: u8) -> u16 {
    if a == b'!' { 1 } else { 2 }
}

/// The NAG of a standalone glyph word given as bytes (UTF-8, or Latin-1 for `±`).
pub(crate) fn glyph_nag(word: &[u8]) -> Option<u16> {
    match word {
        b"=" => Some(10),
        b"N" => Some(146),
        b"+-" => Some(18),
        b"-+" => Some(19),
        b"+/=" => Some(14),
        b"=/+" => Some(15),
        b"+/-" => Some(16),
        b"-/+" => Some(17),
        [0xB1] => Some(16), // ± in Latin-1
        _ if word.len() > 1 && word[0] >= 0x80 => std::str::from_utf8(word)
            .ok()
            .and_then(Nag::from_glyph)
            .map(|n| n.0),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyph_table_round_trips() {
        for &(n, g) in GLYPHS {
            assert_eq!(Nag::from_glyph(g), Some(Nag(n)));
            assert!(Nag(n).glyph().is_some());
        }
        assert_eq!(Nag(14).glyph(), Some("⩲"));
        assert_eq!(Nag(0).glyph(), None);
        assert_eq!(Nag(200).glyph(), None);
        assert_eq!(Nag(902).glyph(), None);
        assert_eq!(Nag(902).to_string(), "$902");
    }

    #[test]
    fn glyph_words() {
        assert_eq!(glyph_nag("±".as_bytes()), Some(16));
        assert_eq!(glyph_nag(&[0xB1]), Some(16));
        assert_eq!(glyph_nag("□".as_bytes()), Some(7));
        assert_eq!(glyph_nag("∞".as_bytes()), Some(13));
        assert_eq!(glyph_nag(b"+/="), Some(14));
        assert_eq!(glyph_nag(b"e4"), None);
        assert_eq!(glyph_nag("♘f3".as_bytes()), None);
    }
}
