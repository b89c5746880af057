//! The notations we know and the options for writing and reading them.

use core::fmt;

use crate::Language;

/// The two descriptive systems we read and write.
///
/// In both, a file is named after the piece that starts on it (the same
/// name for White and Black) and a rank is counted from the moving side's
/// first rank. A word may fit several legal moves (`PxP`); reading a line
/// settles it with the following moves (see [`read_line`](crate::read_line)).
/// Writing gives the shortest text that names exactly one legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DescriptiveSystem {
    /// Spanish, the system of the Spanish article this crate follows.
    ///
    /// Pieces `P C A T D R`; files `TD CD AD D R AR CR TR`, short `T C A`;
    /// a square is rank then file (`4R`, `3AR`). A move is the piece and
    /// its destination (`P4R`, `A4AD`, `C3AR`); a capture names the piece
    /// taken (`CxP`). When needed, the moving piece's file, rank or square
    /// follows it in parentheses (`T(TR)1R`, `C(AR)xP`) and the taken
    /// piece's square follows it (`CxP(5R)`). Castling `0-0`, `0-0-0`;
    /// promotion `P8R:D`; check `+`, mate `++`; `a.p.`/`e.p.` read.
    ///
    /// Read also as books print it: a knight, bishop or rook named by its
    /// wing glued to it (`CD4R`, `TDxD`: of the pieces that fit, the one
    /// furthest toward that wing), a pawn by its file (`PDxP`, `PAxP`, and
    /// `PCR4`, the pawn of that file to its fourth rank), the taken piece by
    /// its file or wing (`AxPC`, `DxPR`, `TxCD`, `DxAT`, `AxP(C)`), and check
    /// or mate as a word after the move (`C5D ++`, `D5T jaque`, `jaque
    /// mate`).
    ///
    /// Written with one extra rule taken from the article's example game:
    /// a destination file gets its short name (`C3A`) only when the other
    /// square of that name (same rank, mirrored file) is no legal
    /// destination for any piece, so the square itself is clear; thus the
    /// article's `A4AD` (a pawn could go to the king's bishop four square)
    /// and `C3A` (the other bishop-three square holds our own knight).
    Spanish,
    /// English, as British and American books printed it.
    ///
    /// Pieces `K Q R B N P` (`Kt` read too); files `QR QN QB Q K KB KN KR`,
    /// short `R N B` (`QKt KKt Kt` read); a square is file then rank
    /// (`K4`, `KB3`). Quiet moves `P-K4`, `N-KB3`; captures `PxP`, `BxN`;
    /// castling `O-O`, `O-O-O`; promotion `P-K8=Q`; signs after a space:
    /// `ch`, `dis ch`, `dbl ch`, `mate`, `e.p.`.
    ///
    /// Read also: signs glued to the move (`QxPch`, `B-B5dblch`,
    /// `R-K1dis.ch`, `Q-R5mate`, `PxPe.p.`) or apart (`db ch`, `++`),
    /// `castles` (`castles QR`, `Castles K`), promotion `P-K8Q`.
    ///
    /// Read: a wing before the piece (`KR-Q1`: the one further toward that
    /// side), a file before a pawn (`QPxP`, `KBPxP`), the mover's rank
    /// (`R1-K2`) or square (`N(Q2)-B3`, `N/Q2-B3`), the taken piece's square
    /// or file (`PxP(Q4)`, `BxN(B6)`, `PxQBP`), promotion also `P-K8(Q)`,
    /// `P-K8/Q`, and `+`, `#`.
    ///
    /// Written in one style: short file names first (`B-B4`, which the
    /// books wrote even when a pawn could reach the other bishop-four
    /// square); a pawn told apart by its file (`BPxP`, then `QBPxP`), any
    /// other piece by its square in parentheses (`N(Q2)-B3`, `R(KR1)-K1`),
    /// the taken piece by its square in parentheses (`PxP(Q5)`); `e.p.`
    /// after an en passant capture; `ch`, `dis ch` (the moving piece does
    /// not give the check), `dbl ch`, `mate`. An unmarked capture that may
    /// be an ordinary capture or en passant of the same pawn is the ordinary
    /// one.
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

    /// The notation named `name` for writing in `language`: every name [`FromStr`] reads,
    /// and `descriptive` (or `desc`), the Spanish system for Spanish piece letters and the
    /// English one otherwise (what `scoresheet convert --notation` and the Python package
    /// read).
    ///
    /// [`FromStr`]: core::str::FromStr
    ///
    /// ```
    /// use chess_notation::{DescriptiveSystem, Language, Notation};
    /// let spanish = Notation::named("descriptive", Language::Spanish);
    /// assert_eq!(spanish, Ok(Notation::Descriptive(DescriptiveSystem::Spanish)));
    /// let english = Notation::named("desc", Language::German);
    /// assert_eq!(english, Ok(Notation::Descriptive(DescriptiveSystem::English)));
    /// assert_eq!(Notation::named("uci", Language::Spanish), Ok(Notation::Uci));
    /// let unknown = Notation::named("fen", Language::English).unwrap_err();
    /// assert!(unknown.to_string().contains("descriptive,"));
    /// ```
    pub fn named(name: &str, language: Language) -> Result<Notation, ParseNotationError> {
        match name.parse::<ReadNotation>()? {
            ReadNotation::Exactly(notation) => Ok(notation),
            ReadNotation::AnyDescriptive if language == Language::Spanish => {
                Ok(Notation::Descriptive(DescriptiveSystem::Spanish))
            }
            ReadNotation::AnyDescriptive => Ok(Notation::Descriptive(DescriptiveSystem::English)),
        }
    }
}

/// The error returned when a notation name is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNotationError {
    text: String,
    /// Whether `descriptive` (either system) was among the names expected.
    any_descriptive: bool,
}

impl fmt::Display for ParseNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let descriptive = if self.any_descriptive {
            "descriptive, "
        } else {
            ""
        };
        write!(
            f,
            "unknown notation {:?} (expected san, long, uci, {descriptive}descriptive-es or descriptive-en)",
            self.text
        )
    }
}

impl std::error::Error for ParseNotationError {}

impl core::str::FromStr for Notation {
    type Err = ParseNotationError;

    /// Reads `san`, `long`, `uci`, `descriptive-es` (or `desc-es`) and
    /// `descriptive-en` (or `desc-en`), and the names `Display` writes, in
    /// any case.
    ///
    /// ```
    /// use chess_notation::{DescriptiveSystem, Notation};
    ///
    /// assert_eq!("SAN".parse(), Ok(Notation::San));
    /// assert_eq!("desc-es".parse(), Ok(Notation::Descriptive(DescriptiveSystem::Spanish)));
    /// assert!("fen".parse::<Notation>().is_err());
    /// for n in [Notation::San, Notation::Long, Notation::Uci, Notation::Descriptive(DescriptiveSystem::English)] {
    ///     assert_eq!(n.to_string().parse(), Ok(n));
    /// }
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "san" | "algebraic" => Notation::San,
            "long" | "lan" | "long algebraic" => Notation::Long,
            "uci" => Notation::Uci,
            "descriptive-es" | "desc-es" | "spanish descriptive" => {
                Notation::Descriptive(DescriptiveSystem::Spanish)
            }
            "descriptive-en" | "desc-en" | "english descriptive" => {
                Notation::Descriptive(DescriptiveSystem::English)
            }
            _ => {
                return Err(ParseNotationError {
                    text: s.to_owned(),
                    any_descriptive: false,
                });
            }
        })
    }
}

impl Notation {
    /// The notation's name for people, as [`Display`](fmt::Display) writes it.
    ///
    /// ```
    /// use chess_notation::Notation;
    ///
    /// assert_eq!(Notation::San.name(), "algebraic");
    /// assert_eq!(Notation::Uci.to_string(), Notation::Uci.name());
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Notation::San => "algebraic",
            Notation::Long => "long algebraic",
            Notation::Uci => "UCI",
            Notation::Descriptive(DescriptiveSystem::Spanish) => "Spanish descriptive",
            Notation::Descriptive(DescriptiveSystem::English) => "English descriptive",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The notation a user asks games to be read in: one notation, or
/// descriptive notation in whichever system each game is written
/// (`descriptive`).
///
/// ```
/// use chess_notation::{DescriptiveSystem, Notation, ReadNotation};
///
/// let any: ReadNotation = "descriptive".parse().unwrap();
/// assert_eq!(any, ReadNotation::AnyDescriptive);
/// assert_eq!(any.hint(), None);
/// assert!(any.admits(Notation::Descriptive(DescriptiveSystem::Spanish)));
/// assert!(!any.admits(Notation::San));
///
/// let spanish: ReadNotation = "desc-es".parse().unwrap();
/// assert_eq!(spanish, ReadNotation::Exactly(Notation::Descriptive(DescriptiveSystem::Spanish)));
/// assert!(!spanish.admits(Notation::Descriptive(DescriptiveSystem::English)));
/// // SAN, long and UCI are one family: the same reader reads them.
/// assert!("san".parse::<ReadNotation>().unwrap().admits(Notation::Long));
/// let error = "fen".parse::<ReadNotation>().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "unknown notation \"fen\" (expected san, long, uci, descriptive, descriptive-es or descriptive-en)"
/// );
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReadNotation {
    /// This notation (SAN, long and UCI all mean "algebraic").
    Exactly(Notation),
    /// Descriptive notation, its system (Spanish or English) found per
    /// game.
    AnyDescriptive,
}

impl ReadNotation {
    /// The notation to hint to [`read_line`](crate::read_line): none for
    /// [`ReadNotation::AnyDescriptive`], whose system is detected.
    pub const fn hint(self) -> Option<Notation> {
        match self {
            ReadNotation::Exactly(n) => Some(n),
            ReadNotation::AnyDescriptive => None,
        }
    }

    /// Whether a game read in `notation` is read as asked: the same
    /// descriptive system, or any algebraic notation for an algebraic one.
    pub const fn admits(self, notation: Notation) -> bool {
        match (self, notation) {
            (ReadNotation::AnyDescriptive, Notation::Descriptive(_)) => true,
            (ReadNotation::AnyDescriptive, _) => false,
            (ReadNotation::Exactly(Notation::Descriptive(a)), Notation::Descriptive(b)) => {
                matches!(
                    (a, b),
                    (DescriptiveSystem::Spanish, DescriptiveSystem::Spanish)
                        | (DescriptiveSystem::English, DescriptiveSystem::English)
                )
            }
            (ReadNotation::Exactly(Notation::Descriptive(_)), _) => false,
            (ReadNotation::Exactly(_), Notation::Descriptive(_)) => false,
            (ReadNotation::Exactly(_), _) => true,
        }
    }
}

impl core::str::FromStr for ReadNotation {
    type Err = ParseNotationError;

    /// Reads `descriptive` (or `desc`) for either descriptive system, and
    /// every name [`Notation`] reads.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "descriptive" | "desc" => Ok(ReadNotation::AnyDescriptive),
            _ => s
                .parse()
                .map(ReadNotation::Exactly)
                .map_err(|e| ParseNotationError {
                    any_descriptive: true,
                    ..e
                }),
        }
    }
}

impl fmt::Display for ReadNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadNotation::Exactly(n) => n.fmt(f),
            ReadNotation::AnyDescriptive => f.write_str("descriptive"),
        }
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

/// How a game's moves are read (see [`WordReader`](crate::WordReader)): the notation and the
/// language when the user forces them, and whether a claim of the text that the move does not
/// make is an error rather than a warning.
///
/// ```
/// use chess_notation::{Language, ReadOptions};
/// let options = ReadOptions { language: Some(Language::German), ..ReadOptions::default() };
/// assert!(!options.strict);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Read every game in this notation only: a word written in another one is an error at
    /// its place; [`ReadNotation::AnyDescriptive`] takes each game's descriptive system as it
    /// is written.
    pub notation: Option<ReadNotation>,
    /// Read every game's piece letters in this language.
    pub language: Option<Language>,
    /// A move whose text claims what it does not do (`+` without check, `#` without mate, `x`
    /// without capture, `e.p.` on another move), and a move number that skips or repeats one,
    /// is an error, not a warning.
    pub strict: bool,
}
