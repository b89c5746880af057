//! Castling words, the same in every notation and language: `O-O` and `O-O-O`, read also
//! with zeros or small o's (`0-0-0`, `o-o`), written with capital O's or zeros.

use shakmaty::CastlingSide;

/// The side of a castling word (`O-O`, `0-0-0`, `o-o`), or `None` when `s` is no castling.
pub(crate) fn parse_castle(s: &str) -> Option<CastlingSide> {
    let mut os = 0;
    let mut expect_o = true;
    for b in s.bytes() {
        match b {
            b'O' | b'0' | b'o' if expect_o || os > 0 => {
                os += 1;
                expect_o = false;
            }
            b'-' if !expect_o => expect_o = true,
            _ => return None,
        }
    }
    match (os, expect_o) {
        (2, false) => Some(CastlingSide::KingSide),
        (3, false) => Some(CastlingSide::QueenSide),
        _ => None,
    }
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
