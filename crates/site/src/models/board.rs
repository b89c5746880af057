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
    /// How the rules of a loaded game were decided, as `scoresheet check` decides them: the
    /// text's tags, else what its moves (or its FEN tag) show, else the request's `rules`.
    pub enum RulesSource {
        /// The text's GameType tag.
        Gametype = "gametype",
        /// The text's Variant tag (`[Variant "Russian"]`, `[Variant "Chess960"]`), without a
        /// GameType tag.
        VariantTag = "variant",
        /// The text's Event or Site tag names the variant, among several variants under which
        /// the moves replay.
        EventTag = "event",
        /// Inferred from the moves: chess or the draughts variant they replay under.
        Moves = "moves",
        /// The FEN tag of a game without moves: its board says the rules.
        Fen = "fen",
        /// The request's `rules`: the text does not tell (no tag, no move, or moves that
        /// replay under those rules as well as under the inferred ones), or a FEN or the
        /// initial position was asked for.
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
        // English, Spanish, Esperanto, French, German, Italian, Polish, Dutch, Portuguese.
        En = "en", Es = "es", Eo = "eo", Fr = "fr", De = "de", It = "it", Pl = "pl", Nl = "nl",
        Pt = "pt",
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
