//! Variants as descriptions of their rules.
//!
//! A [`Variant`] is a value: the board, who moves first, how men and kings capture, which
//! capture is compulsory, what happens to a man that reaches the last row during a capture,
//! and how the variant writes its moves and results. The move generator reads these fields;
//! no variant has code of its own, so a new variant is one more description.

use std::fmt;
use std::str::FromStr;

use crate::color::Color;
use crate::square::{BoardSize, SquareStyle};

/// What happens when a man reaches the far row in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureCrowning {
    /// The man is crowned and the move ends there (American checkers).
    Stop,
    /// The man is crowned at once and goes on capturing as a king (Russian draughts).
    Continue,
    /// The man goes on capturing as a man; it is crowned only if the move ends on the far
    /// row (International and Brazilian draughts).
    PassThrough,
}

/// How the Result tag scores a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResultStyle {
    /// The result when the side that moves first wins, such as `1-0` or `2-0`.
    pub first_wins: &'static str,
    /// The result when the side that moves second wins.
    pub second_wins: &'static str,
    /// A draw.
    pub draw: &'static str,
}

/// The rules and notation of a draughts variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// Short name used on the command line: `american`, `international`, ...
    pub name: &'static str,
    /// Name for people: "American checkers".
    pub title: &'static str,
    /// The board.
    pub size: BoardSize,
    /// The side that moves first.
    pub first: Color,
    /// Men capture backwards as well as forwards.
    pub men_capture_backward: bool,
    /// Kings move and capture along whole diagonals.
    pub flying_kings: bool,
    /// The capture that takes the most pieces is compulsory (a king counts as one piece);
    /// otherwise the player chooses freely among captures.
    pub majority_capture: bool,
    /// A man reaching the far row during a capture.
    pub capture_crowning: CaptureCrowning,
    /// How the variant's move lists name squares.
    pub squares: SquareStyle,
    /// The character written between the squares of a capture.
    pub capture_separator: char,
    /// Captures list every landing square (`31x22x13`) rather than only start and end.
    pub full_capture_path: bool,
    /// The PDN `GameType` number.
    pub game_type: u32,
    /// How results are written.
    pub results: ResultStyle,
}

const ONE_ZERO: ResultStyle = ResultStyle {
    first_wins: "1-0",
    second_wins: "0-1",
    draw: "1/2-1/2",
};

const TWO_ZERO: ResultStyle = ResultStyle {
    first_wins: "2-0",
    second_wins: "0-2",
    draw: "1-1",
};

impl Variant {
    /// American checkers (English draughts), PDN GameType 21.
    pub const AMERICAN: Variant = Variant {
        name: "american",
        title: "American checkers",
        size: BoardSize::Eight,
        first: Color::Black,
        men_capture_backward: false,
        flying_kings: false,
        majority_capture: false,
        capture_crowning: CaptureCrowning::Stop,
        squares: SquareStyle::Numeric,
        capture_separator: 'x',
        full_capture_path: true,
        game_type: 21,
        results: ONE_ZERO,
    };

    /// International draughts on 10×10, PDN GameType 20.
    pub const INTERNATIONAL: Variant = Variant {
        name: "international",
        title: "International draughts",
        size: BoardSize::Ten,
        first: Color::White,
        men_capture_backward: true,
        flying_kings: true,
        majority_capture: true,
        capture_crowning: CaptureCrowning::PassThrough,
        squares: SquareStyle::Numeric,
        capture_separator: 'x',
        full_capture_path: false,
        game_type: 20,
        results: TWO_ZERO,
    };

    /// Russian draughts, PDN GameType 25.
    pub const RUSSIAN: Variant = Variant {
        name: "russian",
        title: "Russian draughts",
        size: BoardSize::Eight,
        first: Color::White,
        men_capture_backward: true,
        flying_kings: true,
        majority_capture: false,
        capture_crowning: CaptureCrowning::Continue,
        squares: SquareStyle::Algebraic,
        capture_separator: ':',
        full_capture_path: false,
        game_type: 25,
        results: ONE_ZERO,
    };

    /// Brazilian draughts: the International rules on 8×8, PDN GameType 26.
    pub const BRAZILIAN: Variant = Variant {
        name: "brazilian",
        title: "Brazilian draughts",
        size: BoardSize::Eight,
        first: Color::White,
        men_capture_backward: true,
        flying_kings: true,
        majority_capture: true,
        capture_crowning: CaptureCrowning::PassThrough,
        squares: SquareStyle::Algebraic,
        capture_separator: 'x',
        full_capture_path: false,
        game_type: 26,
        results: ONE_ZERO,
    };

    /// The four supported variants.
    pub const ALL: [Variant; 4] = [
        Variant::AMERICAN,
        Variant::INTERNATIONAL,
        Variant::RUSSIAN,
        Variant::BRAZILIAN,
    ];

    /// The supported variant with this PDN GameType number.
    pub fn from_game_type(game_type: u32) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.game_type == game_type)
    }

    /// Number of men each side has at the start: 12 or 20.
    pub fn men_per_side(&self) -> u8 {
        (self.size.per_row() - 1) * self.size.per_row()
    }

    /// The side that moves second.
    pub fn second(&self) -> Color {
        !self.first
    }

    /// The result string when `winner` won, or the draw string for `None`.
    pub fn result_for(&self, winner: Option<Color>) -> &'static str {
        match winner {
            None => self.results.draw,
            Some(c) if c == self.first => self.results.first_wins,
            Some(_) => self.results.second_wins,
        }
    }
}

/// The supported variants as statics, so that positions can point to them.
static KNOWN: [Variant; 4] = Variant::ALL;

impl Variant {
    /// A `'static` reference to a variant equal to this one, so that a position can point to
    /// its rules instead of carrying a copy. The four supported variants are statics; another
    /// description is kept once for the life of the program.
    pub fn interned(self) -> &'static Variant {
        if let Some(known) = KNOWN.iter().find(|v| **v == self) {
            return known;
        }
        static OTHERS: std::sync::Mutex<Vec<&'static Variant>> = std::sync::Mutex::new(Vec::new());
        let mut others = OTHERS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = others.iter().find(|v| ***v == self) {
            return v;
        }
        let leaked: &'static Variant = Box::leak(Box::new(self));
        others.push(leaked);
        leaked
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title)
    }
}

impl FromStr for Variant {
    type Err = String;

    /// Reads a variant name (`american`, `checkers`, `english`, `international`, `russian`,
    /// `brazilian`, case-insensitive) or a GameType number.
    fn from_str(s: &str) -> Result<Variant, String> {
        let lower = s.trim().to_ascii_lowercase();
        let v = match lower.as_str() {
            "american" | "checkers" | "english" | "21" => Variant::AMERICAN,
            "international" | "10x10" | "20" => Variant::INTERNATIONAL,
            "russian" | "25" => Variant::RUSSIAN,
            "brazilian" | "26" => Variant::BRAZILIAN,
            _ => {
                return Err(format!(
                    "unknown draughts variant `{s}`: use american, international, russian or brazilian"
                ));
            }
        };
        Ok(v)
    }
}

/// Names of the PDN GameType numbers, including variants scoresheet does not play, so that a
/// file of another variant can be named in an error instead of being misread.
pub fn game_type_name(game_type: u32) -> Option<&'static str> {
    Some(match game_type {
        0 => "chess",
        1 => "Chinese chess",
        20 => "International draughts",
        21 => "American checkers",
        22 => "Italian draughts",
        23 => "American pool checkers",
        24 => "Spanish draughts",
        25 => "Russian draughts",
        26 => "Brazilian draughts",
        27 => "Canadian draughts",
        28 => "Portuguese draughts",
        29 => "Czech draughts",
        30 => "Turkish draughts",
        31 => "Thai draughts",
        40 => "Frisian draughts",
        41 => "Spantsiretti",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_counts() {
        assert_eq!(Variant::AMERICAN.men_per_side(), 12);
        assert_eq!(Variant::INTERNATIONAL.men_per_side(), 20);
    }

    #[test]
    fn names_and_game_types() {
        for v in Variant::ALL {
            assert_eq!(v.name.parse::<Variant>().unwrap(), v);
            assert_eq!(Variant::from_game_type(v.game_type), Some(v));
        }
        assert_eq!(Variant::from_game_type(22), None);
        assert_eq!(game_type_name(22), Some("Italian draughts"));
        assert!("italian".parse::<Variant>().is_err());
    }

    #[test]
    fn result_trap() {
        // American: Black moves first, so 1-0 is a win for Black.
        assert_eq!(Variant::AMERICAN.result_for(Some(Color::Black)), "1-0");
        assert_eq!(Variant::INTERNATIONAL.result_for(Some(Color::White)), "2-0");
        assert_eq!(Variant::INTERNATIONAL.result_for(None), "1-1");
    }
}
