//! The rules a game is played under: a draughts variant, or chess.

use std::fmt;
use std::str::FromStr;

use draughts::Variant;

/// A game family and its rules.
/// The tags that say the rules a game is played under, where it starts and how it ended: a
/// game read for checking keeps only these, and writing a game may change them.
pub(crate) const RULE_TAGS: [&str; 5] = ["GameType", "FEN", "Variant", "Result", "SetUp"];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// A draughts variant.
    Draughts(Variant),
    /// Chess (standard or Chess960; the game's tags say which).
    Chess,
}

impl Rules {
    /// The short name: a draughts variant's (`american`, `international`, ...) or `chess`.
    pub fn name(&self) -> &'static str {
        match self {
            Rules::Draughts(v) => v.name,
            Rules::Chess => "chess",
        }
    }

    /// Every choice: the draughts variants in [`Variant::ALL`]'s order, then chess.
    ///
    /// ```
    /// use games::Rules;
    /// let all: Vec<Rules> = Rules::all().collect();
    /// assert_eq!(all.len(), draughts::Variant::ALL.len() + 1);
    /// assert_eq!(all.last(), Some(&Rules::Chess));
    /// ```
    pub fn all() -> impl Iterator<Item = Rules> {
        Variant::ALL
            .into_iter()
            .map(Rules::Draughts)
            .chain(std::iter::once(Rules::Chess))
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rules::Draughts(v) => f.write_str(v.title),
            Rules::Chess => f.write_str("Chess"),
        }
    }
}

impl FromStr for Rules {
    type Err = String;

    /// Reads `chess` or a draughts variant name.
    ///
    /// ```
    /// use games::Rules;
    /// assert_eq!("chess".parse::<Rules>(), Ok(Rules::Chess));
    /// assert_eq!("russian".parse::<Rules>().unwrap().name(), "russian");
    /// assert!("go".parse::<Rules>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Rules, String> {
        if s.trim().eq_ignore_ascii_case("chess") {
            return Ok(Rules::Chess);
        }
        s.parse::<Variant>().map(Rules::Draughts).map_err(|_| {
            let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name).collect();
            format!(
                "unknown rules `{s}`: use chess or a draughts variant: {}",
                names.join(", ")
            )
        })
    }
}
