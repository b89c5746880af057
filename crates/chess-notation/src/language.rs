//! Piece letters of the languages we read and write, and the figurines.

use core::fmt;
use core::str::FromStr;

use shakmaty::{Color, Role};

/// A language whose piece letters algebraic notation can use.
///
/// The letters are those of the king, queen, rook, bishop and knight; pawns
/// have no letter in algebraic notation.
///
/// | language  | code | K | Q | R | B | N |
/// |-----------|------|---|---|---|---|---|
/// | English   | `en` | K | Q | R | B | N |
/// | Spanish   | `es` | R | D | T | A | C |
/// | Esperanto | `eo` | R | D | T | K | Ĉ |
/// | French    | `fr` | R | D | T | F | C |
/// | German    | `de` | K | D | T | L | S |
/// | Italian   | `it` | R | D | T | A | C |
/// | Polish    | `pl` | K | H | W | G | S |
/// | Dutch     | `nl` | K | D | T | L | P |
/// | Portuguese| `pt` | R | D | T | B | C |
///
/// ```
/// use chess_notation::Language;
/// use shakmaty::Role;
///
/// let german: Language = "de".parse()?;
/// assert_eq!(german.letter(Role::Knight), 'S');
/// assert_eq!(german.role('L'), Some(Role::Bishop));
/// assert_eq!(german.to_string(), "de");
/// assert_eq!(german.name(), "German");
/// # Ok::<_, chess_notation::ParseLanguageError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Language {
    /// English: K Q R B N (the default).
    #[default]
    English,
    /// Spanish: R D T A C.
    Spanish,
    /// Esperanto: R D T K Ĉ.
    Esperanto,
    /// French: R D T F C.
    French,
    /// German: K D T L S.
    German,
    /// Italian: R D T A C.
    Italian,
    /// Polish: K H W G S.
    Polish,
    /// Dutch: K D T L P.
    Dutch,
    /// Portuguese: R D T B C.
    Portuguese,
}

/// How many languages there are.
const LANGUAGES: usize = 9;

/// Letters indexed by `role as usize - 2` (knight, bishop, rook, queen, king).
const fn letters(language: Language) -> [char; 5] {
    match language {
        Language::English => ['N', 'B', 'R', 'Q', 'K'],
        Language::Spanish | Language::Italian => ['C', 'A', 'T', 'D', 'R'],
        Language::Esperanto => ['Ĉ', 'K', 'T', 'D', 'R'],
        Language::French => ['C', 'F', 'T', 'D', 'R'],
        Language::German => ['S', 'L', 'T', 'D', 'K'],
        Language::Polish => ['S', 'G', 'W', 'H', 'K'],
        Language::Dutch => ['P', 'L', 'T', 'D', 'K'],
        Language::Portuguese => ['C', 'B', 'T', 'D', 'R'],
    }
}

const PIECE_ROLES: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Where a piece letter (`A`..`Z`, `Ĉ`) stands in [`ROLES`].
const fn letter_index(letter: char) -> Option<usize> {
    match letter {
        'A'..='Z' => Some(letter as usize - 'A' as usize),
        'Ĉ' => Some(26),
        _ => None,
    }
}

/// The piece of each letter (see [`letter_index`]) in each language (by `language as
/// usize`), worked out once from [`letters`]: reading a word looks its letter up.
const ROLES: [[Option<Role>; 27]; LANGUAGES] = {
    let mut roles = [[None; 27]; LANGUAGES];
    let mut l = 0;
    while l < LANGUAGES {
        let language = Language::ALL[l];
        assert!(language as usize == l);
        let table = letters(language);
        let mut i = 0;
        while i < 5 {
            match letter_index(table[i]) {
                Some(at) => roles[l][at] = Some(PIECE_ROLES[i]),
                None => panic!("a piece letter without a place"),
            }
            i += 1;
        }
        l += 1;
    }
    roles
};

/// The letters of each language (by `language as usize`) as a set.
const LETTER_SETS: [LetterSet; LANGUAGES] = {
    let mut sets = [LetterSet::EMPTY; LANGUAGES];
    let mut l = 0;
    while l < LANGUAGES {
        let table = letters(Language::ALL[l]);
        let mut i = 0;
        while i < 5 {
            sets[l] = sets[l].with(table[i]);
            i += 1;
        }
        l += 1;
    }
    sets
};

impl Language {
    /// Every language, in the order used when several fit equally well.
    pub const ALL: [Language; LANGUAGES] = [
        Language::English,
        Language::Spanish,
        Language::Esperanto,
        Language::French,
        Language::German,
        Language::Italian,
        Language::Polish,
        Language::Dutch,
        Language::Portuguese,
    ];

    /// The ISO 639-1 code: `en`, `es`, `eo`, `fr`, `de`, `it`, `pl`, `nl`, `pt`.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Spanish => "es",
            Language::Esperanto => "eo",
            Language::French => "fr",
            Language::German => "de",
            Language::Italian => "it",
            Language::Polish => "pl",
            Language::Dutch => "nl",
            Language::Portuguese => "pt",
        }
    }

    /// The English name of the language, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Spanish => "Spanish",
            Language::Esperanto => "Esperanto",
            Language::French => "French",
            Language::German => "German",
            Language::Italian => "Italian",
            Language::Polish => "Polish",
            Language::Dutch => "Dutch",
            Language::Portuguese => "Portuguese",
        }
    }

    /// The letter of a piece. Pawns have none in algebraic notation; this
    /// returns `'P'` for them, which is only used by descriptive notation.
    pub const fn letter(self, role: Role) -> char {
        match role {
            Role::Pawn => 'P',
            _ => letters(self)[role as usize - 2],
        }
    }

    /// The piece a letter stands for in this language, if any. Only the
    /// capital letters (and `Ĉ` in Esperanto) are piece letters.
    pub const fn role(self, letter: char) -> Option<Role> {
        match letter_index(letter) {
            Some(i) => ROLES[self as usize][i],
            None => None,
        }
    }

    /// Whether this language and `other` give every letter of `used` the same meaning (a
    /// piece, or none).
    pub(crate) fn reads_alike(self, other: Language, used: LetterSet) -> bool {
        let (a, b) = (&ROLES[self as usize], &ROLES[other as usize]);
        let mut bits = used.0;
        while bits != 0 {
            // The bits of a letter set are the letters' places in `ROLES` (`letter_index`).
            let i = bits.trailing_zeros() as usize;
            if a.get(i) != b.get(i) {
                return false;
            }
            bits &= bits - 1;
        }
        true
    }

    /// The set of letters this language uses for pieces, as a [`LetterSet`].
    pub(crate) const fn letter_set(self) -> LetterSet {
        LETTER_SETS[self as usize]
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The error returned when a language code is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLanguageError {
    text: String,
}

impl fmt::Display for ParseLanguageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown notation language {:?} (expected one of en, es, eo, fr, de, it, pl, nl, pt)",
            self.text
        )
    }
}

impl std::error::Error for ParseLanguageError {}

impl FromStr for Language {
    type Err = ParseLanguageError;

    /// Reads an ISO 639-1 code (`de`) or an English name (`German`), in any
    /// case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        Language::ALL
            .into_iter()
            .find(|l| l.code() == lower || l.name().eq_ignore_ascii_case(&lower))
            .ok_or_else(|| ParseLanguageError { text: s.to_owned() })
    }
}

/// A set of languages, small and `Copy`.
///
/// ```
/// use chess_notation::{Language, LanguageSet};
///
/// let set: LanguageSet = [Language::Spanish, Language::Italian].into_iter().collect();
/// assert!(set.contains(Language::Italian));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.to_string(), "Spanish, Italian");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LanguageSet(u16);

impl LanguageSet {
    /// No language.
    pub const EMPTY: LanguageSet = LanguageSet(0);
    /// Every language.
    pub const ALL: LanguageSet = LanguageSet((1 << LANGUAGES) - 1);

    /// Whether the set holds `language`.
    pub const fn contains(self, language: Language) -> bool {
        self.0 & (1 << language as u16) != 0
    }

    /// Adds a language.
    pub const fn insert(&mut self, language: Language) {
        self.0 |= 1 << language as u16;
    }

    /// The number of languages in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The languages of the set, in the order of [`Language::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Language> {
        Language::ALL.into_iter().filter(move |l| self.contains(*l))
    }

    /// The first language of the set in the order of [`Language::ALL`].
    pub fn first(self) -> Option<Language> {
        self.iter().next()
    }
}

impl FromIterator<Language> for LanguageSet {
    fn from_iter<T: IntoIterator<Item = Language>>(iter: T) -> Self {
        let mut set = LanguageSet::EMPTY;
        for l in iter {
            set.insert(l);
        }
        set
    }
}

impl fmt::Display for LanguageSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, l) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(l.name())?;
        }
        Ok(())
    }
}

/// A set of piece letters: bits 0–25 are `A`–`Z`, bit 26 is `Ĉ`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LetterSet(pub(crate) u32);

impl LetterSet {
    pub(crate) const EMPTY: LetterSet = LetterSet(0);

    pub(crate) const fn bit(letter: char) -> u32 {
        match letter {
            'A'..='Z' => 1 << (letter as u32 - 'A' as u32),
            'Ĉ' => 1 << 26,
            _ => 0,
        }
    }

    pub(crate) const fn with(self, letter: char) -> LetterSet {
        LetterSet(self.0 | LetterSet::bit(letter))
    }

    pub(crate) const fn is_subset(self, other: LetterSet) -> bool {
        self.0 & !other.0 == 0
    }

    #[cfg(test)]
    pub(crate) fn letters(self) -> impl Iterator<Item = char> {
        ('A'..='Z')
            .chain(core::iter::once('Ĉ'))
            .filter(move |c| self.0 & LetterSet::bit(*c) != 0)
    }
}

/// The figurine of a piece: the white set ♔♕♖♗♘♙ or the black set ♚♛♜♝♞♟.
///
/// ```
/// use chess_notation::figurine;
/// use shakmaty::{Color, Role};
///
/// assert_eq!(figurine(Role::Knight, Color::White), '♘');
/// assert_eq!(figurine(Role::Knight, Color::Black), '♞');
/// ```
pub const fn figurine(role: Role, color: Color) -> char {
    match (color, role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}

/// The piece a figurine of either colour shows.
///
/// ```
/// use chess_notation::figurine_role;
/// use shakmaty::Role;
///
/// assert_eq!(figurine_role('♞'), Some(Role::Knight));
/// assert_eq!(figurine_role('♘'), Some(Role::Knight));
/// assert_eq!(figurine_role('N'), None);
/// ```
pub const fn figurine_role(c: char) -> Option<Role> {
    match c {
        '♔' | '♚' => Some(Role::King),
        '♕' | '♛' => Some(Role::Queen),
        '♖' | '♜' => Some(Role::Rook),
        '♗' | '♝' => Some(Role::Bishop),
        '♘' | '♞' => Some(Role::Knight),
        '♙' | '♟' => Some(Role::Pawn),
        _ => None,
    }
}

/// English names of the pieces, for messages.
pub(crate) const fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_in_every_language() {
        for language in Language::ALL {
            for role in PIECE_ROLES {
                assert_eq!(language.role(language.letter(role)), Some(role));
            }
            assert_eq!(language.role('x'), None);
            assert_eq!(language.code().parse::<Language>(), Ok(language));
            assert_eq!(language.letter_set().letters().count(), 5);
        }
    }

    #[test]
    fn overlapping_letters_mean_different_pieces() {
        assert_eq!(Language::English.role('R'), Some(Role::Rook));
        assert_eq!(Language::Spanish.role('R'), Some(Role::King));
        assert_eq!(Language::English.role('K'), Some(Role::King));
        assert_eq!(Language::Esperanto.role('K'), Some(Role::Bishop));
        assert_eq!(Language::Esperanto.role('Ĉ'), Some(Role::Knight));
        assert_eq!(Language::Dutch.role('P'), Some(Role::Knight));
        assert_eq!(Language::Polish.role('H'), Some(Role::Queen));
    }

    #[test]
    fn unknown_language_code() {
        let err = "xx".parse::<Language>().unwrap_err();
        assert!(err.to_string().contains("xx"));
        assert_eq!("German".parse::<Language>(), Ok(Language::German));
    }

    #[test]
    fn figurines_both_colours() {
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ] {
            for color in Color::ALL {
                assert_eq!(figurine_role(figurine(role, color)), Some(role));
            }
        }
    }
}
