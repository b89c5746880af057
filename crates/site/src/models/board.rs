//! The values of the analysis board's requests and answers: how a load starts, where the
//! rules came from, and the notation asked for.

text_enum! {
    /// How `/api/load` starts: the initial position, a FEN, or a PDN/PGN text.
    pub enum StartKind {
        /// The rules' start position (no text).
        Initial = "initial",
        /// A FEN line.
        Fen = "fen",
        /// A PDN text.
        Pdn = "pdn",
        /// A PGN text (read as PDN is).
        Pgn = "pgn",
    }
}

text_enum! {
    /// Where the rules of a loaded game came from: its GameType (or a PGN) tag, or the request.
    pub enum RulesSource {
        /// The text's GameType tag (or Variant, or a PGN's tags).
        Gametype = "gametype",
        /// The request's `rules`.
        Selected = "selected",
    }
}

text_enum! {
    /// How draughts squares are written.
    pub enum SquareNames {
        /// Numbers (`31x22`).
        Numeric = "numeric",
        /// a1 to h8 (`e1xa5`).
        Algebraic = "algebraic",
    }
}

impl SquareNames {
    /// The draughts crate's square style.
    pub const fn style(self) -> draughts::SquareStyle {
        match self {
            SquareNames::Numeric => draughts::SquareStyle::Numeric,
            SquareNames::Algebraic => draughts::SquareStyle::Algebraic,
        }
    }
}

// The schema of `notation.lang`: requests carry it as text, which chess-notation reads (so
// that `english` is read too).
text_enum! {
    /// A language of chess piece letters (ISO 639-1; English names are read too).
    pub enum NotationLang {
        // English, Spanish, Esperanto, French, German, Italian, Polish, Dutch.
        En = "en", Es = "es", Eo = "eo", Fr = "fr", De = "de", It = "it", Pl = "pl", Nl = "nl",
    }
}

// The schema of `notation.style`: requests carry it as text, which chess-notation reads.
text_enum! {
    /// A chess notation style.
    pub enum NotationStyle {
        // Standard and long algebraic notation, UCI, Spanish and English descriptive notation.
        San = "san", Long = "long", Uci = "uci", DescEs = "desc-es", DescEn = "desc-en",
    }
}
