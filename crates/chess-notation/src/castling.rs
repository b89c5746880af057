//! Castling words, the same in every notation and language: `O-O` and `O-O-O`, read also
//! with zeros or small o's (`0-0-0`, `o-o`), written with capital O's or zeros.

use shakmaty::CastlingSide;

/// The side of a castling word (`O-O`, `0-0-0`, `o-o`), or `None` when `s` is no castling.
/// The dashes may be Unicode hyphens or dashes (`O‑O`, see [`odd_dash`]): the reader warns of
/// them.
pub(crate) fn parse_castle(s: &str) -> Option<CastlingSide> {
    let mut os = 0;
    let mut expect_o = true;
    for c in s.chars() {
        match c {
            'O' | '0' | 'o' if expect_o || os > 0 => {
                os += 1;
                expect_o = false;
            }
            _ if !expect_o && (c == '-' || is_odd_dash(c)) => expect_o = true,
            _ => return None,
        }
    }
    match (os, expect_o) {
        (2, false) => Some(CastlingSide::KingSide),
        (3, false) => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

/// Whether `c` is a hyphen or dash that people and word processors write for `-`: U+2010 to
/// U+2015 and the minus sign U+2212.
fn is_odd_dash(c: char) -> bool {
    matches!(c, '\u{2010}'..='\u{2015}' | '\u{2212}')
}

/// The first Unicode hyphen or dash (not `-`) of a word, if it has one.
pub(crate) fn odd_dash(word: &str) -> Option<char> {
    word.chars().find(|&c| is_odd_dash(c))
}

/// Writes castling on `side`: `O-O`, `O-O-O`, or with zeros (`0-0`) when `zeros`.
pub(crate) fn push_castle(side: CastlingSide, zeros: bool, out: &mut String) {
    let o = if zeros { "0" } else { "O" };
    out.push_str(o);
    out.push('-');
    out.push_str(o);
    if side == CastlingSide::QueenSide {
        out.push('-');
        out.push_str(o);
    }
}
