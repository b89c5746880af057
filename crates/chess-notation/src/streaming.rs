//! Reading algebraic words one at a time in one language (English most often), as a game
//! record streams past, for callers that replay moves while they read and fall back to
//! [`read_line`](crate::read_line) when this reader gives up.

use shakmaty::{Chess, Move};

use crate::detect::{self, ShapeTally};
use crate::language::LetterSet;
use crate::san_read;
use crate::{Language, LanguageSet, Notation};

/// Reads the words of a game in English algebraic notation (SAN, long or UCI), one at a
/// time, and says at the end whether English is the only way to read them.
///
/// It gives exactly the moves [`read_line`](crate::read_line) gives for the same words when
/// [`EnglishReader::finish`] answers `Some`; when a word is not English or not legal, or when
/// another language could read the same letters, the caller must read the game with
/// `read_line` instead (which also explains what is wrong).
///
/// ```
/// use chess_notation::{EnglishReader, Notation};
/// use shakmaty::{Chess, Position};
///
/// let mut reader = EnglishReader::new();
/// let mut pos = Chess::default();
/// for word in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
///     let m = reader.read(&pos, word).unwrap();
///     pos.play_unchecked(m);
/// }
/// assert_eq!(reader.finish().map(|(notation, _)| notation), Some(Notation::San));
///
/// // Only K and R: Esperanto (R king, K bishop) might read these words too.
/// let mut reader = EnglishReader::new();
/// let pos = shakmaty::fen::Fen::from_ascii(b"4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap()
///     .into_position::<Chess>(shakmaty::CastlingMode::Standard).unwrap();
/// assert!(reader.read(&pos, "Ra8").is_some());
/// assert!(reader.finish().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct SanReader {
    language: Language,
    used: LetterSet,
    shapes: ShapeTally,
    failed: bool,
    /// The last word read marked a capture (`x`, `:`).
    capture_marked: bool,
}

/// The reader of English words, which most games are written in: a [`SanReader`] made with
/// [`SanReader::new`].
pub type EnglishReader = SanReader;

impl Default for SanReader {
    fn default() -> Self {
        SanReader::in_language(Language::English)
    }
}

impl SanReader {
    /// A reader of English words that has read nothing.
    pub fn new() -> SanReader {
        SanReader::default()
    }

    /// A reader of words in `language` that has read nothing: it reads as
    /// [`read_line`](crate::read_line) reads a game whose letters leave `language` (and the
    /// languages that read them the same way) as the only reading, and gives up on a letter
    /// `language` does not have.
    ///
    /// ```
    /// use chess_notation::{Language, SanReader};
    /// use shakmaty::{Chess, Position};
    ///
    /// let mut reader = SanReader::in_language(Language::German);
    /// let mut pos = Chess::default();
    /// for word in ["e4", "e5", "Sf3", "Sc6", "Lb5"] {
    ///     let m = reader.read(&pos, word).unwrap();
    ///     pos.play_unchecked(m);
    /// }
    /// let (_, languages) = reader.finish().unwrap();
    /// assert!(languages.contains(Language::German));
    /// assert!(reader.read(&pos, "Nf6").is_none());
    /// ```
    pub fn in_language(language: Language) -> SanReader {
        SanReader {
            language,
            used: LetterSet::EMPTY,
            shapes: ShapeTally::default(),
            failed: false,
            capture_marked: false,
        }
    }

    /// The language the words are read in.
    pub fn language(&self) -> Language {
        self.language
    }

    /// The legal move of `pos` that `word` names in English algebraic notation, or `None`
    /// (and the reader's [`finish`](Self::finish) answers `None` from then on).
    pub fn read(&mut self, pos: &Chess, word: &str) -> Option<Move> {
        let found = self.try_read(pos, word, true);
        self.failed |= found.is_none();
        found
    }

    /// Like [`read`](Self::read), for a word of a side line (a variation): the same move,
    /// or `None` (and [`finish`](Self::finish) answers `None` from then on), but the word's
    /// letters and form do not count toward the notation and languages `finish` reports.
    /// Those come from the main line alone, as when the main line is read with
    /// [`read_line`](crate::read_line) and its side lines with
    /// [`read_line_as`](crate::read_line_as) in what that found.
    ///
    /// ```
    /// use chess_notation::{EnglishReader, Notation};
    /// use shakmaty::{Chess, Position};
    ///
    /// let mut reader = EnglishReader::new();
    /// let mut pos = Chess::default();
    /// for word in ["e2e4", "e7e5"] {
    ///     let m = reader.read(&pos, word).unwrap();
    ///     pos.play_unchecked(m);
    /// }
    /// // A side line in SAN, from the position after 1. e4 e5.
    /// let mut side = pos.clone();
    /// for word in ["Nf3", "Nc6", "Bb5"] {
    ///     let m = reader.read_side_line(&side, word).unwrap();
    ///     side.play_unchecked(m);
    /// }
    /// let m = reader.read(&pos, "g1f3").unwrap();
    /// pos.play_unchecked(m);
    /// assert_eq!(reader.finish().map(|(notation, _)| notation), Some(Notation::Uci));
    ///
    /// // A side line word that names no legal move still fails the reading.
    /// assert!(reader.read_side_line(&pos, "Nf3").is_none());
    /// assert!(reader.finish().is_none());
    /// ```
    pub fn read_side_line(&mut self, pos: &Chess, word: &str) -> Option<Move> {
        let found = self.try_read(pos, word, false);
        self.failed |= found.is_none();
        found
    }

    /// Reads `word`, counting its letters and form toward [`finish`](Self::finish) when it
    /// is on the `main_line`.
    fn try_read(&mut self, pos: &Chess, word: &str, main_line: bool) -> Option<Move> {
        let parsed = san_read::parse(word).ok()?;
        self.capture_marked = matches!(parsed, san_read::Parsed::Normal { capture: true, .. });
        let letters = parsed.letters();
        if !letters.is_subset(self.language.letter_set()) {
            return None;
        }
        if main_line {
            self.used = LetterSet(self.used.0 | letters.0);
            self.shapes.add(parsed.shape());
        }
        match san_read::resolve_quick(pos, &parsed, self.language) {
            Some(m) => Some(m),
            None => san_read::resolve(pos, &parsed, self.language, word).ok(),
        }
    }

    /// Whether the last word read marked a capture (`exd5`, `e4:d5`), which a reader may
    /// hold against the move when it takes nothing (the move is read all the same).
    ///
    /// ```
    /// use chess_notation::EnglishReader;
    /// use shakmaty::Chess;
    ///
    /// let mut reader = EnglishReader::new();
    /// let m = reader.read(&Chess::default(), "Nxf3").unwrap();
    /// assert!(reader.marked_capture() && !m.is_capture());
    /// ```
    pub fn marked_capture(&self) -> bool {
        self.capture_marked
    }

    /// After every word: the notation of the words and the languages that read them the
    /// same way, when the reader's language is the only reading; `None` when a word failed or
    /// another language could read the letters used differently.
    pub fn finish(&self) -> Option<(Notation, LanguageSet)> {
        self.finish_hinted(false)
    }

    /// [`finish`](Self::finish), where `hinted` says the caller was told the game's
    /// language: then other languages that could read the letters differently are no
    /// reason to give up.
    pub(crate) fn finish_hinted(&self, hinted: bool) -> Option<(Notation, LanguageSet)> {
        if self.failed {
            return None;
        }
        // Only K and R (or no letter) leave room for other languages.
        let groups = detect::language_groups(self.used);
        let own = groups.iter().find(|g| g.contains(self.language))?;
        (hinted || groups.len() == 1).then_some((self.shapes.notation(), *own))
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Position;

    use super::*;

    fn play(reader: &mut EnglishReader, pos: &mut Chess, words: &[&str], main_line: bool) {
        for word in words {
            let m = if main_line {
                reader.read(pos, word)
            } else {
                reader.read_side_line(pos, word)
            };
            pos.play_unchecked(m.unwrap_or_else(|| panic!("{word}")));
        }
    }

    #[test]
    fn side_lines_do_not_decide_the_notation_or_language() {
        // A UCI main line with a SAN side line is still UCI.
        let mut reader = EnglishReader::new();
        let mut pos = Chess::default();
        play(&mut reader, &mut pos, &["e2e4", "e7e5"], true);
        play(&mut reader, &mut pos.clone(), &["Nf3", "Nc6", "Bb5"], false);
        play(&mut reader, &mut pos, &["g1f3", "b8c6"], true);
        assert_eq!(
            reader.finish().map(|(notation, _)| notation),
            Some(Notation::Uci)
        );

        // Read as the main line, the same SAN words would make it SAN.
        let mut main = EnglishReader::new();
        let mut pos = Chess::default();
        play(&mut main, &mut pos, &["e2e4", "e7e5"], true);
        play(&mut main, &mut pos, &["Nf3", "Nc6", "Bb5"], true);
        assert_eq!(
            main.finish().map(|(notation, _)| notation),
            Some(Notation::San)
        );

        // Letters only a side line uses leave the languages to the main line: on the main
        // line, N would rule out Esperanto (R king, K bishop); in a side line it does not.
        let start: Chess = shakmaty::fen::Fen::from_ascii(b"4k3/8/8/8/8/8/8/RN2K3 w - - 0 1")
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let mut reader = EnglishReader::new();
        play(&mut reader, &mut start.clone(), &["Nc3"], false);
        play(&mut reader, &mut start.clone(), &["Ra2"], true);
        assert!(reader.finish().is_none());
        let mut reader = EnglishReader::new();
        play(&mut reader, &mut start.clone(), &["Nc3"], true);
        assert!(reader.finish().is_some());
    }

    #[test]
    fn side_lines_still_fail_the_reading() {
        let start = Chess::default();
        // No legal move.
        let mut reader = EnglishReader::new();
        assert!(reader.read_side_line(&start, "Nf6").is_none());
        assert!(reader.finish().is_none());
        // Letters English does not have (German S for the knight).
        let mut reader = EnglishReader::new();
        assert!(reader.read_side_line(&start, "Sf3").is_none());
        assert!(reader.finish().is_none());
    }
}
