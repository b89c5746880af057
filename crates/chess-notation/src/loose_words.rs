//! Words that stand alone between the moves of a printed game but are no
//! move of their own: check and mate signs written apart from their move
//! (`C5D ++`, `D5T jaque`, `QxP ch`, `R-K1 dis ch`), the side after
//! `castles` (`castles QR`), and move numbers without dots (`8 P3D P3D`).
//!
//! A record reader cuts a game into words at blanks; these words must be
//! joined to the move before them (or, for numbers, dropped) before the
//! moves are read. [`loose_word`] tells which words they are; it is strict,
//! so that no move is ever taken for one: a sign word is one of a fixed
//! list, and a number is a move number only where it equals the number of
//! the move about to be played.

/// Check and mate words of Spanish descriptive notation, written after the
/// move and a space.
pub(crate) const SPANISH_SIGN_WORDS: [&str; 5] = ["jaque", "mate", "jaquemate", "a.p.", "e.p."];

/// Check, mate and en passant words of English descriptive notation,
/// written after the move and a space.
pub(crate) const ENGLISH_SIGN_WORDS: [&str; 22] = [
    "ch", "ch.", "check", "dis", "dis.", "dbl", "dbl.", "db", "db.", "double", "dis.ch", "dbl.ch",
    "db.ch", "disch", "dblch", "dbch", "mate", "e.p.", "ep", "e.p", "dis.ch.", "dbl.ch.",
];

/// Whether `part` is only check or mate signs (`+`, `++`, `#`), maybe with
/// move marks (`!`, `?`).
pub(crate) fn is_sign_only(part: &str) -> bool {
    !part.is_empty()
        && part.bytes().all(|b| matches!(b, b'+' | b'#' | b'!' | b'?'))
        && part.bytes().any(|b| matches!(b, b'+' | b'#'))
}

/// Whether `part` is a sign word of either descriptive system (or only
/// signs).
pub(crate) fn is_sign_word(part: &str) -> bool {
    let part = part.trim_end_matches(['+', '#', '!', '?']);
    part.is_empty() || SPANISH_SIGN_WORDS.contains(&part) || ENGLISH_SIGN_WORDS.contains(&part)
}

/// The names of a castling side written after `castles` (`castles QR`).
pub(crate) const CASTLING_SIDES: [&str; 6] = ["K", "KR", "KS", "Q", "QR", "QS"];

/// Whether `word` is the word `castles` (`Castles`, `castles.`).
pub(crate) fn is_castles(word: &str) -> bool {
    matches!(
        word.trim_end_matches(['.', '+', '#', '!', '?']),
        "castles" | "Castles" | "CASTLES" | "castle" | "Castle"
    )
}

/// What a word that is no move of its own is (see [`loose_word`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LooseWord {
    /// A sign or word that belongs to the move before it: check or mate
    /// (`+`, `++`, `#`, `ch`, `dis ch`, `db ch`, `jaque`, `mate`,
    /// `jaque mate`), en passant (`e.p.`), or the side after `castles`
    /// (`QR`). `glued` says to join it without a space (`+`, `++`, `#`:
    /// `C5D++`), else it follows the move after one space (`QxP ch`).
    Suffix {
        /// Joined without a space.
        glued: bool,
    },
    /// A move number written without dots, equal to the number of the move
    /// about to be played: skipped.
    Number(u32),
}

/// Whether `word` may be a loose word at all: [`loose_word`]'s quick answer for the words
/// of most games (a move with a square, castling), which are not.
#[inline]
pub(crate) fn may_be_loose(word: &str) -> bool {
    match word.as_bytes().first() {
        None => false,
        Some(b'0'..=b'9' | b'+' | b'#' | b'!' | b'?') => true,
        Some(b'c' | b'd' | b'e' | b'a' | b'j' | b'm' | b'K' | b'Q') => {
            // A move's word mostly ends with its square's rank.
            !word.as_bytes().last().is_some_and(u8::is_ascii_digit)
                && !word.bytes().any(|b| b.is_ascii_digit())
        }
        Some(_) => false,
    }
}

/// Tells whether `word`, standing alone after the word `previous` (none at
/// the start of a line), is no move of its own, and what it is.
/// `next_number` is the number of the move about to be played (the full
/// move number of the position before it): a number without dots is a move
/// number only when it equals it, and is otherwise left as a (bad) move
/// word for the reader to refuse.
///
/// ```
/// use chess_notation::{LooseWord, loose_word};
///
/// assert_eq!(loose_word(Some("C5D"), "++", 9), Some(LooseWord::Suffix { glued: true }));
/// assert_eq!(loose_word(Some("D5T"), "jaque", 9), Some(LooseWord::Suffix { glued: false }));
/// assert_eq!(loose_word(Some("castles"), "QR", 9), Some(LooseWord::Suffix { glued: false }));
/// assert_eq!(loose_word(Some("P3D"), "8", 8), Some(LooseWord::Number(8)));
/// // Not the number of the next move: left for the reader to refuse.
/// assert_eq!(loose_word(Some("P3D"), "7", 8), None);
/// // A sign with no move before it, and a move, are no loose words.
/// assert_eq!(loose_word(None, "++", 1), None);
/// assert_eq!(loose_word(Some("e4"), "e5", 1), None);
/// ```
pub fn loose_word(previous: Option<&str>, word: &str, next_number: u32) -> Option<LooseWord> {
    let bytes = word.as_bytes();
    let &first = bytes.first()?;
    if first.is_ascii_digit() {
        if bytes.len() > 9 || !bytes.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let n: u32 = word.parse().ok()?;
        return (n == next_number).then_some(LooseWord::Number(n));
    }
    // Everything else belongs to a move before it.
    let previous = previous?;
    if is_sign_only(word) {
        return Some(LooseWord::Suffix { glued: true });
    }
    // Quick refusal of moves: no sign word or side has a digit (`e4`, `exd5`).
    if !matches!(first, b'c' | b'd' | b'e' | b'a' | b'j' | b'm' | b'K' | b'Q')
        || bytes.iter().any(u8::is_ascii_digit)
    {
        return None;
    }
    if word.split_whitespace().all(is_sign_word) {
        return Some(LooseWord::Suffix { glued: false });
    }
    if is_castles(previous) && CASTLING_SIDES.contains(&word.trim_end_matches(['+', '#'])) {
        return Some(LooseWord::Suffix { glued: false });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_no_loose_words() {
        for word in [
            "e4", "exd5", "d4", "c4", "a3", "Kf1", "Qd1", "K", "Q", "P4R", "mat", "chess", "dxe",
        ] {
            assert_eq!(loose_word(Some("e4"), word, 1), None, "{word}");
        }
        assert_eq!(loose_word(Some("P4R"), "K", 1), None);
    }

    #[test]
    fn signs_and_words_join() {
        for (word, glued) in [
            ("+", true),
            ("++", true),
            ("#", true),
            ("+!", true),
            ("ch", false),
            ("dis ch", false),
            ("db ch", false),
            ("dbl.ch", false),
            ("mate", false),
            ("jaque", false),
            ("jaque mate", false),
            ("e.p.", false),
        ] {
            assert_eq!(
                loose_word(Some("P4R"), word, 1),
                Some(LooseWord::Suffix { glued }),
                "{word}"
            );
        }
    }

    #[test]
    fn numbers_only_where_expected() {
        assert_eq!(loose_word(None, "1", 1), Some(LooseWord::Number(1)));
        assert_eq!(loose_word(None, "2", 1), None);
        assert_eq!(loose_word(None, "99999999999", 1), None);
        assert_eq!(loose_word(None, "1a", 1), None);
    }
}
