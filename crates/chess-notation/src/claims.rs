//! What the text of a chess move claims beside the move: a check (`+`), a mate (`#`), a
//! capture (`x`, `:`), an en passant capture (`e.p.`); and a Unicode dash written for `-`
//! (`O‑O`, `e2–e4`), told the same way. Readers take the move without the
//! claim, as python-chess and pgn-extract do; a claim the move does not make is a warning
//! with its place (an error when the reader is strict), since it shows a slip in the record.

use shakmaty::Move;

use crate::ChessRules;

use crate::castling::odd_dash;
use crate::check::is_won;

/// Whether `text` ends otherwise than with a square, a piece or a rank: a sign (`+`, `#`,
/// `†`, `e.p.`) follows.
#[inline]
pub(crate) fn ends_with_sign(text: &str) -> bool {
    !text
        .as_bytes()
        .last()
        .is_some_and(u8::is_ascii_alphanumeric)
}

/// What `text`, read as the move `m`, claims that `m` does not do; `None` when every claim
/// holds. Only algebraic texts (SAN, long, UCI, in any language) are looked at:
/// descriptive words name captures and checks by their own words, which the reader matches.
///
/// `after` is the position after the move.
#[inline]
pub(crate) fn false_claim<R: ChessRules>(text: &str, m: Move, after: &R) -> Option<String> {
    // Most words end with a square or a piece letter (no sign) and claim a capture only if
    // they make one: nothing to look at further. Signs stand at the end (`+`, `#`, `†`,
    // `e.p.`); `x`, `:` or `×` inside.
    let b = text.as_bytes();
    let plain_end = !ends_with_sign(text);
    let marks = |c: &u8| matches!(c, b'x' | b':') || !c.is_ascii();
    if plain_end && (m.is_capture() || !b.iter().any(marks)) {
        return None;
    }
    claim_of_signs(text, m, after)
}

/// [`false_claim`] for a word with a sign or a capture mark (a reader that knows whether
/// the word marked a capture calls it only then, or when the word ends with a sign: see
/// [`ends_with_sign`]).
#[cold]
pub(crate) fn claim_of_signs<R: ChessRules>(text: &str, m: Move, after: &R) -> Option<String> {
    // The usual sign: one `+` after the square or piece, on a capture or a word that marks
    // none.
    if let [.., last, b'+'] = *text.as_bytes()
        && last.is_ascii_alphanumeric()
        && (m.is_capture() || !text.contains(['x', ':']))
    {
        return (!after.is_check())
            .then(|| format!("`{}` claims check, but the move gives none", text.trim()));
    }
    let (mut check, mut mate, mut takes, mut other) = (false, false, false, false);
    for b in text.bytes() {
        match b {
            b'+' => check = true,
            b'#' => mate = true,
            b'x' | b':' => takes = true,
            // `.` of `e.p.`, and the first byte of `×` and `†`.
            b'.' | 0xC3 | 0xE2 => other = true,
            _ => {}
        }
    }
    if !(check || mate || other || takes && !m.is_capture()) {
        return None;
    }
    let word = text.trim();
    if other {
        check |= word.contains('†');
        takes |= word.contains('×');
        if word.contains("e.p") && !m.is_en_passant() {
            return Some(format!(
                "`{word}` is marked en passant, but it is {}",
                if m.is_capture() {
                    "an ordinary capture"
                } else {
                    "no capture"
                }
            ));
        }
    }
    if mate && !is_won(after) {
        return Some(if after.is_check() {
            format!("`{word}` claims mate, but the move only gives check")
        } else {
            format!("`{word}` claims mate, but the move gives no check")
        });
    }
    if check && !mate && !after.is_check() {
        return Some(format!("`{word}` claims check, but the move gives none"));
    }
    // `x` and `:` stand only for captures in algebraic words (files are a..h, pieces
    // upper case); `×` is the typographic sign.
    if takes && !m.is_capture() {
        return Some(format!(
            "`{word}` is written as a capture, but the move takes nothing"
        ));
    }
    match odd_dash(word) {
        Some(dash) if other => Some(format!(
            "`{word}` is written with `{dash}` (U+{:04X}) for `-`",
            u32::from(dash)
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;
    use shakmaty::{Chess, Position};

    /// The claim of `text`, written for the move `san` after `moves`.
    fn claim(moves: &[&str], san: &str, text: &str) -> Option<String> {
        let mut pos = Chess::default();
        for m in moves {
            let mv = m.parse::<San>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(mv);
        }
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(mv);
        false_claim(text, mv, &pos)
    }

    #[test]
    fn claims() {
        assert_eq!(claim(&[], "e4", "e4"), None);
        assert!(claim(&[], "e4", "e4+").unwrap().contains("claims check"));
        assert!(
            claim(&[], "Nf3", "Nf3#")
                .unwrap()
                .contains("gives no check")
        );
        let fools = ["f3", "e5", "g4"];
        assert_eq!(claim(&fools, "Qh4", "Qh4#"), None);
        assert_eq!(claim(&fools, "Qh4", "Qh4+"), None, "a mate is a check");
        let f5 = ["e4", "f5"];
        assert!(
            claim(&f5, "Qh5", "Qh5#")
                .unwrap()
                .contains("only gives check")
        );
        assert_eq!(claim(&["e4", "d5"], "exd5", "exd5"), None);
        assert_eq!(claim(&["e4", "d5"], "exd5", "e4:d5"), None);
        assert!(claim(&[], "Nf3", "Nxf3").unwrap().contains("takes nothing"));
        let d5 = ["e4", "d5"];
        assert!(
            claim(&d5, "exd5", "exd5 e.p.")
                .unwrap()
                .contains("ordinary capture")
        );
        let ep = ["e4", "a6", "e5", "d5"];
        assert_eq!(claim(&ep, "exd6", "exd6 e.p."), None);
        assert_eq!(
            claim(&ep, "exd6", "e5xd6e.p.+"),
            Some("`e5xd6e.p.+` claims check, but the move gives none".into())
        );
    }
}
