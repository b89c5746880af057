//! The notations we know and the options for writing and reading them.

use core::fmt;

use crate::Language;

/// The two descriptive systems we read and write.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DescriptiveSystem {
    /// Spanish: `P4R`, `C3AR`, `A5CD`, `CxP`, `C(AR)xP`, `P8R:D`; files
    /// `TD CD AD D R AR CR TR`; the rank comes before the file.
    Spanish,
    /// English: `P-K4`, `N-KB3`, `QxP ch`, `N(Q2)-B3`, `P-K8=Q`; files
    /// `QR QN QB Q K KB KN KR`; the file comes before the rank.
    English,
}

impl DescriptiveSystem {
    /// The language whose piece letters the system uses.
    pub const fn language(self) -> Language {
        match self {
            DescriptiveSystem::Spanish => Language::Spanish,
            DescriptiveSystem::English => Language::English,
        }
    }
}

/// A way to write chess moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Notation {
    /// Standard (short) algebraic notation: `Nf3`, `exd5`, `e8=Q`, `O-O`.
    #[default]
    San,
    /// Long algebraic notation: the origin square is always written, with
    /// `-` before the destination of a quiet move and `x` before that of a
    /// capture: `Ng1-f3`, `e4xd5`, `e7-e8=Q`, `O-O`.
    Long,
    /// The notation of the Universal Chess Interface: `e2e4`, `e7e8q`; in
    /// Chess960 castling is written as the king taking its own rook
    /// (`e1h1`), elsewhere as the king's two-square step (`e1g1`).
    Uci,
    /// The old descriptive notation.
    Descriptive(DescriptiveSystem),
}

impl Notation {
    /// Whether this is one of the algebraic notations (SAN, long, UCI),
    /// which the same tolerant reader reads.
    pub const fn is_algebraic(self) -> bool {
        !matches!(self, Notation::Descriptive(_))
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Notation::San => "algebraic",
            Notation::Long => "long algebraic",
            Notation::Uci => "UCI",
            Notation::Descriptive(DescriptiveSystem::Spanish) => "Spanish descriptive",
            Notation::Descriptive(DescriptiveSystem::English) => "English descriptive",
        })
    }
}

/// How [`write_move`](crate::write_move) writes a move.
///
/// ```
/// use chess_notation::{Language, Notation, WriteOptions};
///
/// let options = WriteOptions::new(Notation::San, Language::Spanish).with_figurines(true);
/// assert!(options.figurines);
/// assert_eq!(options.language, Language::Spanish);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct WriteOptions {
    /// The notation. Default: SAN.
    pub notation: Notation,
    /// The language of the piece letters in SAN and long algebraic notation
    /// (descriptive notation takes its letters from its system; UCI has
    /// none). Default: English.
    pub language: Language,
    /// Write figurines of the moving side's colour instead of letters (SAN
    /// and long algebraic only).
    pub figurines: bool,
    /// Write mate as `++` rather than `#` (algebraic only; Spanish
    /// descriptive always writes `++`, English descriptive `mate`).
    pub mate_sign_double: bool,
    /// Write castling with zeros, `0-0` and `0-0-0` (Spanish descriptive
    /// always does).
    pub castling_zeros: bool,
    /// Leave out the check and mate signs.
    pub no_check_signs: bool,
}

impl WriteOptions {
    /// Options for a notation and language, everything else by default.
    pub const fn new(notation: Notation, language: Language) -> WriteOptions {
        WriteOptions {
            notation,
            language,
            figurines: false,
            mate_sign_double: false,
            castling_zeros: false,
            no_check_signs: false,
        }
    }

    /// Sets [`figurines`](Self::figurines).
    #[must_use]
    pub const fn with_figurines(mut self, figurines: bool) -> WriteOptions {
        self.figurines = figurines;
        self
    }

    /// Sets [`mate_sign_double`](Self::mate_sign_double).
    #[must_use]
    pub const fn with_mate_sign_double(mut self, double: bool) -> WriteOptions {
        self.mate_sign_double = double;
        self
    }

    /// Sets [`castling_zeros`](Self::castling_zeros).
    #[must_use]
    pub const fn with_castling_zeros(mut self, zeros: bool) -> WriteOptions {
        self.castling_zeros = zeros;
        self
    }

    /// Sets [`no_check_signs`](Self::no_check_signs).
    #[must_use]
    pub const fn with_no_check_signs(mut self, no_signs: bool) -> WriteOptions {
        self.no_check_signs = no_signs;
        self
    }
}

/// What the caller knows about the notation of a game before reading it.
///
/// Both fields are hints: a game that does not replay under them is tried
/// under the others. They decide when two readings replay legally but read
/// different moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ReadHint {
    /// The notation, if known. SAN, long and UCI all mean "algebraic".
    pub notation: Option<Notation>,
    /// The language of the piece letters, if known.
    pub language: Option<Language>,
}

impl ReadHint {
    /// No hint: detect everything.
    pub const NONE: ReadHint = ReadHint {
        notation: None,
        language: None,
    };

    /// A hint naming the language only.
    pub const fn language(language: Language) -> ReadHint {
        ReadHint {
            notation: None,
            language: Some(language),
        }
    }
}
