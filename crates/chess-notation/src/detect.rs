//! Telling, from the words of a game, its notation (algebraic, and then SAN, long or UCI, or
//! which descriptive system) and which languages may read its letters.
//!
//! Everything here is cheap: one look at each word, and set operations on
//! the letters the game uses. Replaying is left to `line.rs`, which replays
//! more than one candidate only when their meanings differ.

use crate::language::LetterSet;
use crate::san_read::Shape;
use crate::{DescriptiveSystem, Language, LanguageSet, Notation};

/// The family of notations a word belongs to, as far as the word alone tells.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum WordKind {
    /// Has a square such as `e4`, or a figurine: algebraic.
    Algebraic,
    /// Descriptive, of this system.
    Descriptive(DescriptiveSystem),
    /// Descriptive, either system (`PxP`, `RxP`).
    DescriptiveEither,
    /// Could be anything (castling, empty).
    Neutral,
}

fn has_square(bytes: &[u8]) -> bool {
    bytes
        .windows(2)
        .any(|w| matches!(w[0], b'a'..=b'h') && matches!(w[1], b'1'..=b'8'))
}

pub(crate) fn word_kind(word: &str) -> WordKind {
    let word = word.trim();
    let bytes = word.as_bytes();
    // Castling, and a drop (`N@e3`), are written alike in every notation.
    if bytes.is_empty()
        || crate::castling::parse_castle(word.trim_end_matches(['+', '#'])).is_some()
        || word.contains('@')
    {
        return WordKind::Neutral;
    }
    if has_square(bytes) || word.chars().next().and_then(crate::figurine_role).is_some() {
        return WordKind::Algebraic;
    }
    if crate::loose_words::is_castles(word.split(' ').next().unwrap_or(word)) {
        return WordKind::Neutral;
    }
    if !bytes[0].is_ascii_uppercase() {
        return WordKind::Neutral;
    }
    // Words after the move: Spanish `jaque`, English `ch`; signs and `mate`
    // tell nothing.
    if let Some((first, signs)) = word.split_once(' ') {
        for sign in signs.split_whitespace() {
            let sign = sign.trim_end_matches(['+', '#', '!', '?']);
            if matches!(sign, "jaque" | "jaquemate" | "a.p.") {
                return WordKind::Descriptive(DescriptiveSystem::Spanish);
            }
            if !matches!(sign, "" | "mate" | "e.p.") {
                return WordKind::Descriptive(DescriptiveSystem::English);
            }
        }
        return word_kind(first);
    }
    if word.contains('-') || word.contains("Kt") {
        return WordKind::Descriptive(DescriptiveSystem::English);
    }
    // A rank followed by a file name is Spanish (`P4R`, `T(TR)1R`,
    // `CxP(5R)`); a file name followed by a rank is English (`PxP(Q4)`),
    // but only in a capture: a quiet English move has a `-`, so `PCR4` (the
    // pawn of that file to its fourth rank) is Spanish.
    if let Some(i) = bytes.iter().position(u8::is_ascii_digit) {
        if !word.contains(['x', '(', '/']) {
            return WordKind::Descriptive(DescriptiveSystem::Spanish);
        }
        return match bytes.get(i + 1) {
            Some(b) if b.is_ascii_uppercase() => WordKind::Descriptive(DescriptiveSystem::Spanish),
            _ if i > 0 && bytes[i - 1].is_ascii_uppercase() => {
                WordKind::Descriptive(DescriptiveSystem::English)
            }
            _ => WordKind::Neutral,
        };
    }
    // A capture naming pieces only: the letters tell.
    let letters = word.bytes().filter(u8::is_ascii_uppercase);
    let mut kind = WordKind::DescriptiveEither;
    for b in letters {
        match b {
            b'C' | b'A' | b'T' | b'D' => return WordKind::Descriptive(DescriptiveSystem::Spanish),
            b'N' | b'B' | b'Q' | b'K' => return WordKind::Descriptive(DescriptiveSystem::English),
            b'P' | b'R' => {}
            _ => kind = WordKind::Neutral,
        }
    }
    kind
}

/// What the words say about the game's notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    Algebraic,
    /// Descriptive; the system if a word told it.
    Descriptive(Option<DescriptiveSystem>),
}

/// The first word that tells decides.
pub(crate) fn family<S: AsRef<str>>(words: &[S]) -> Family {
    let mut descriptive = false;
    for word in words {
        match word_kind(word.as_ref()) {
            WordKind::Algebraic => return Family::Algebraic,
            WordKind::Descriptive(system) => return Family::Descriptive(Some(system)),
            WordKind::DescriptiveEither => descriptive = true,
            WordKind::Neutral => {}
        }
    }
    if descriptive {
        Family::Descriptive(None)
    } else {
        Family::Algebraic
    }
}

/// The languages that know every letter of `used`, when they all read it as `language` does
/// (the one group of [`language_groups`], when it holds `language`); `None` when another
/// language reads a letter otherwise, or `language` does not know one.
pub(crate) fn alone_with(language: Language, used: LetterSet) -> Option<LanguageSet> {
    let mut set = LanguageSet::EMPTY;
    for other in Language::ALL {
        if !used.is_subset(other.letter_set()) {
            continue;
        }
        if !language.reads_alike(other, used) {
            return None;
        }
        set.insert(other);
    }
    set.contains(language).then_some(set)
}

/// The languages that know every letter of `used`, grouped by meaning: the
/// languages of one group read the game identically, so only one per group
/// needs replaying. Groups come in the order of [`Language::ALL`].
pub(crate) fn language_groups(used: LetterSet) -> Vec<LanguageSet> {
    let mut groups: Vec<(Language, LanguageSet)> = Vec::new();
    for language in Language::ALL {
        if !used.is_subset(language.letter_set()) {
            continue;
        }
        match groups
            .iter_mut()
            .find(|(rep, _)| rep.reads_alike(language, used))
        {
            Some((_, set)) => set.insert(language),
            None => groups.push((language, [language].into_iter().collect())),
        }
    }
    groups.into_iter().map(|(_, set)| set).collect()
}

/// The outward forms seen in a line, to report SAN, long or UCI.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ShapeTally {
    first: Option<Shape>,
    mixed: bool,
}

impl ShapeTally {
    pub(crate) fn add(&mut self, shape: Shape) {
        if shape == Shape::Castle {
            return;
        }
        match self.first {
            None => self.first = Some(shape),
            Some(first) => self.mixed |= first != shape,
        }
    }

    pub(crate) fn notation(&self) -> Notation {
        match (self.first, self.mixed) {
            (Some(Shape::Uci), false) => Notation::Uci,
            (Some(Shape::Long), false) => Notation::Long,
            _ => Notation::San,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `alone_with` says what the groups say, and two languages read letters alike when
    /// each letter means the same piece in both, for every set of the languages' letters.
    #[test]
    fn alone_with_is_the_one_group() {
        let mut all = LetterSet::EMPTY;
        for language in Language::ALL {
            all = LetterSet(all.0 | language.letter_set().0);
        }
        let bits: Vec<u32> = (0..27).filter(|b| all.0 & (1 << b) != 0).collect();
        for mask in 0u32..(1 << bits.len()) {
            let used = LetterSet(
                bits.iter()
                    .enumerate()
                    .filter(|(k, _)| mask & (1 << k) != 0)
                    .fold(0, |set, (_, b)| set | (1 << b)),
            );
            let groups = language_groups(used);
            for language in Language::ALL {
                let expected = match groups.as_slice() {
                    [one] if one.contains(language) => Some(*one),
                    _ => None,
                };
                assert_eq!(
                    alone_with(language, used),
                    expected,
                    "{used:?} {language:?}"
                );
                for other in Language::ALL {
                    let alike = used.letters().all(|c| language.role(c) == other.role(c));
                    assert_eq!(language.reads_alike(other, used), alike);
                }
            }
        }
    }

    fn used(letters: &str) -> LetterSet {
        letters.chars().fold(LetterSet::EMPTY, LetterSet::with)
    }

    #[test]
    fn words_tell_their_notation() {
        assert_eq!(word_kind("e4"), WordKind::Algebraic);
        assert_eq!(word_kind("Cf3"), WordKind::Algebraic);
        assert_eq!(word_kind("♘f3"), WordKind::Algebraic);
        assert_eq!(word_kind("O-O"), WordKind::Neutral);
        assert_eq!(
            word_kind("P4R"),
            WordKind::Descriptive(DescriptiveSystem::Spanish)
        );
        assert_eq!(
            word_kind("T(TR)1R"),
            WordKind::Descriptive(DescriptiveSystem::Spanish)
        );
        assert_eq!(
            word_kind("CxP"),
            WordKind::Descriptive(DescriptiveSystem::Spanish)
        );
        assert_eq!(
            word_kind("P-K4"),
            WordKind::Descriptive(DescriptiveSystem::English)
        );
        assert_eq!(
            word_kind("QxP ch"),
            WordKind::Descriptive(DescriptiveSystem::English)
        );
        assert_eq!(
            word_kind("PxP(Q4)"),
            WordKind::Descriptive(DescriptiveSystem::English)
        );
        for spanish in [
            "CD4R",
            "CR3A",
            "PCR4",
            "PDxP",
            "AxPC",
            "C5D ++",
            "D5T jaque",
            "PxP a.p.",
        ] {
            assert_eq!(
                word_kind(spanish),
                WordKind::Descriptive(DescriptiveSystem::Spanish),
                "{spanish}"
            );
        }
        for english in [
            "B-B5dblch",
            "QxBP db ch",
            "RxP dis ch",
            "KtxP",
            "QxPch",
            "R1xP",
        ] {
            assert_eq!(
                word_kind(english),
                WordKind::Descriptive(DescriptiveSystem::English),
                "{english}"
            );
        }
        for neutral in ["castles", "Castles QR", "castles K"] {
            assert_eq!(word_kind(neutral), WordKind::Neutral, "{neutral}");
        }
        assert_eq!(word_kind("PxP"), WordKind::DescriptiveEither);
        assert_eq!(word_kind("RxP"), WordKind::DescriptiveEither);
        assert_eq!(
            family(&["O-O", "PxP", "P4R"]),
            Family::Descriptive(Some(DescriptiveSystem::Spanish))
        );
        assert_eq!(family(&["PxP"]), Family::Descriptive(None));
        assert_eq!(family::<&str>(&[]), Family::Algebraic);
    }

    #[test]
    fn english_letters_leave_english_alone() {
        let groups = language_groups(used("KQRBN"));
        assert_eq!(groups, [[Language::English].into_iter().collect()]);
        assert_eq!(language_groups(used("N")).len(), 1);
    }

    #[test]
    fn spanish_and_italian_always_agree() {
        let groups = language_groups(used("RDTAC"));
        assert_eq!(groups.len(), 1);
        assert!(groups[0].contains(Language::Spanish) && groups[0].contains(Language::Italian));
    }

    #[test]
    fn rook_queen_king_letters_agree_in_five_languages() {
        let groups = language_groups(used("RDT"));
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].len(), 5);
        for l in [
            Language::Spanish,
            Language::French,
            Language::Italian,
            Language::Esperanto,
            Language::Portuguese,
        ] {
            assert!(groups[0].contains(l));
        }
        // The bishop `B` with the knight `C`: Portuguese alone.
        let groups = language_groups(used("RDTBC"));
        assert_eq!(groups, [[Language::Portuguese].into_iter().collect()]);
    }

    #[test]
    fn king_letter_differs_between_english_and_esperanto() {
        let groups = language_groups(used("KR"));
        assert!(groups.len() >= 2);
        assert!(groups[0].contains(Language::English));
        assert!(groups.iter().any(|g| g.contains(Language::Esperanto)));
    }

    #[test]
    fn no_letters_every_language_agrees() {
        assert_eq!(language_groups(LetterSet::EMPTY), [LanguageSet::ALL]);
    }
}
