//! The variant a position is played under, of either family, by name: a draughts variant or
//! a chess variant (standard chess, Chess960, Crazyhouse, ...).

use std::fmt;
use std::str::FromStr;

use draughts::Variant;
use shakmaty::variant::VariantPosition;
use shakmaty::{CastlingMode, Setup};

use crate::chess_game::ChessVariant;
use crate::position::AnyPosition;
use crate::rules::Rules;

/// A draughts variant or a chess variant: what [`AnyPosition`] plays under, finer than
/// [`Rules`] (which has one case for every chess variant a game's tags tell apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyVariant {
    /// A draughts variant.
    Draughts(Variant),
    /// A chess variant, standard chess included.
    Chess(ChessVariant),
}

impl AnyVariant {
    /// The variant's short name: a draughts variant's (`international`, `american`, ...) or
    /// a chess variant's key (`standard`, `chess960`, `crazyhouse`, ...).
    pub fn name(self) -> &'static str {
        match self {
            AnyVariant::Draughts(v) => v.name,
            AnyVariant::Chess(v) => v.key(),
        }
    }

    /// The family and its rules: the draughts variant, or chess for every chess variant.
    pub fn rules(self) -> Rules {
        match self {
            AnyVariant::Draughts(v) => Rules::Draughts(v),
            AnyVariant::Chess(_) => Rules::Chess,
        }
    }

    /// The variant a position is played under (Chess960 where its castling is Chess960's).
    pub fn of(position: &AnyPosition) -> AnyVariant {
        match position {
            AnyPosition::Draughts(p) => AnyVariant::Draughts(*p.variant()),
            AnyPosition::Chess(p) => AnyVariant::Chess(ChessVariant::of_position(p)),
        }
    }

    /// The variant's start position; Chess960's is standard chess's array, its castling
    /// Chess960's (as python-chess's `Board(chess960=True)`).
    ///
    /// ```
    /// use games::{AnyVariant, ChessVariant};
    /// let horde: AnyVariant = "horde".parse().unwrap();
    /// assert!(horde.start().fen().starts_with("rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP"));
    /// let c960 = AnyVariant::Chess(ChessVariant::Chess960).start();
    /// assert_eq!(AnyVariant::of(&c960), AnyVariant::Chess(ChessVariant::Chess960));
    /// ```
    pub fn start(self) -> AnyPosition {
        match self {
            AnyVariant::Draughts(v) => AnyPosition::start(Rules::Draughts(v)),
            AnyVariant::Chess(ChessVariant::Chess960) => AnyPosition::Chess(
                VariantPosition::from_setup(
                    shakmaty::variant::Variant::Chess,
                    Setup::initial(),
                    CastlingMode::Chess960,
                )
                // The initial setup is a legal position in either castling mode.
                .unwrap_or_else(|_| VariantPosition::new(shakmaty::variant::Variant::Chess)),
            ),
            AnyVariant::Chess(v) => AnyPosition::Chess(VariantPosition::new(v.rules())),
        }
    }

    /// Reads a FEN under the variant's rules: a draughts FEN (`W:W31-50:B1-20`), or a
    /// chess FEN with what the variant adds (Crazyhouse's pockets, Three-check's checks,
    /// X-FEN and Shredder-FEN castling), as [`AnyPosition::chess_from_fen`] reads it.
    ///
    /// ```
    /// use games::AnyVariant;
    /// let russian: AnyVariant = "russian".parse().unwrap();
    /// assert_eq!(russian.position_from_fen("W:Wc3:Bd4").unwrap().fen(), "W:W22:B18");
    /// assert!(russian.position_from_fen("W:W33").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// The reason, for a person, when the FEN cannot be read or sets up no position of the
    /// variant.
    pub fn position_from_fen(self, fen: &str) -> Result<AnyPosition, String> {
        match self {
            AnyVariant::Draughts(v) => AnyPosition::from_fen(Rules::Draughts(v), fen),
            AnyVariant::Chess(v) => AnyPosition::chess_from_fen(v, fen),
        }
    }
}

impl fmt::Display for AnyVariant {
    /// The variant's [name](AnyVariant::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for AnyVariant {
    type Err = String;

    /// Reads a chess variant's name first ([`ChessVariant::from_name`]: `chess`,
    /// `standard`, `chess960`, `crazyhouse`, `atomic`, `antichess`, `kingofthehill`,
    /// `threecheck`, `horde`, `racingkings` and their aliases), then a draughts variant's
    /// (its name, a lidraughts Variant tag or a GameType number). So `standard` is standard
    /// chess, as [`ChessVariant::key`] writes it, not International draughts.
    ///
    /// ```
    /// use games::{AnyVariant, ChessVariant};
    /// assert_eq!("chess".parse(), Ok(AnyVariant::Chess(ChessVariant::Standard)));
    /// assert_eq!("standard".parse(), Ok(AnyVariant::Chess(ChessVariant::Standard)));
    /// assert_eq!("3-check".parse(), Ok(AnyVariant::Chess(ChessVariant::ThreeCheck)));
    /// assert_eq!("english".parse::<AnyVariant>().unwrap().name(), "american");
    /// assert!("go".parse::<AnyVariant>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<AnyVariant, String> {
        if let Some(chess) = ChessVariant::from_name(s) {
            return Ok(AnyVariant::Chess(chess));
        }
        s.parse::<Variant>().map(AnyVariant::Draughts).map_err(|_| {
            let draughts: Vec<&str> = Variant::ALL.iter().map(|v| v.name).collect();
            let chess: Vec<&str> = ChessVariant::ALL.iter().map(|v| v.key()).collect();
            format!(
                "unknown variant `{s}`: use chess ({}) or a draughts variant ({})",
                chess.join(", "),
                draughts.join(", ")
            )
        })
    }
}
