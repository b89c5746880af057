//! Results: who won, read from a result string under a variant's convention.

use draughts::{Color, Variant};

/// The outcome a result string gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "winner")]
pub enum Outcome {
    /// One side won.
    Win(#[serde(serialize_with = "color_name")] Color),
    /// A draw.
    Draw,
    /// Both sides lost (`0-0`, a double forfeit).
    BothLost,
    /// Unfinished or unknown (`*`).
    Unknown,
}

fn color_name<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.name())
}

impl Outcome {
    /// Reads a result string. Scores count from the side that moves first in the variant: in
    /// American checkers, where Black moves first, `1-0` is a win for Black.
    ///
    /// ```
    /// use draughts::{Color, Variant};
    /// use games::Outcome;
    /// assert_eq!(Outcome::parse("1-0", &Variant::AMERICAN), Some(Outcome::Win(Color::Black)));
    /// assert_eq!(Outcome::parse("2-0", &Variant::INTERNATIONAL), Some(Outcome::Win(Color::White)));
    /// assert_eq!(Outcome::parse("1-1", &Variant::INTERNATIONAL), Some(Outcome::Draw));
    /// assert_eq!(Outcome::parse("11-15", &Variant::AMERICAN), None);
    /// ```
    pub fn parse(text: &str, variant: &Variant) -> Option<Outcome> {
        let text = text.trim();
        if text == "*" {
            return Some(Outcome::Unknown);
        }
        let (first, second) = record::ResultToken::half_points_of(text)?;
        Some(match first.cmp(&second) {
            std::cmp::Ordering::Greater => Outcome::Win(variant.first),
            std::cmp::Ordering::Less => Outcome::Win(variant.second()),
            std::cmp::Ordering::Equal if first == 0 => Outcome::BothLost,
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// The winner, if one side won.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win(c) => Some(c),
            _ => None,
        }
    }

    /// The result string in the variant's convention (`2-0` in International draughts).
    pub fn text(self, variant: &Variant) -> &'static str {
        match self {
            Outcome::Win(c) => variant.result_for(Some(c)),
            Outcome::Draw => variant.results.draw,
            Outcome::BothLost => "0-0",
            Outcome::Unknown => "*",
        }
    }
}
