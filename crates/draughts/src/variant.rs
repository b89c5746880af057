//! Variants as descriptions of their rules.
//!
//! A [`Variant`] is a value: the board, who moves first, how men and kings capture, which
//! capture is compulsory, what happens to a man that reaches the last row during a capture,
//! and how the variant writes its moves and results. The move generator reads these fields;
//! no variant has code of its own, so a new variant is one more description.

use std::fmt;
use std::str::FromStr;

use crate::color::Color;
use crate::draw_rules::DrawRules;
use crate::square::{BoardSize, SquareStyle};

/// What happens when a man reaches the far row in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureCrowning {
    /// The man is crowned and the move ends there (American checkers).
    Stop,
    /// The man is crowned at once and goes on capturing as a king (Russian draughts).
    Continue,
    /// The man goes on capturing as a man; it is crowned only if the move ends on the far
    /// row (International and Brazilian draughts, Pool checkers).
    PassThrough,
}

/// Which of the captures on the board the player must choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CapturePriority {
    /// Any capture (American, Russian, Pool, Thai).
    Free,
    /// One that takes the most pieces, a king counting as one piece (International,
    /// Brazilian, Canadian).
    MostPieces,
    /// The most pieces, then among those the most kings (Spanish).
    MostPiecesThenKings,
    /// The Italian order: the most pieces; then a capture made by a king; then the most
    /// kings; then the one that meets a king earliest.
    Italian,
    /// A capture made by a king when there is one, otherwise any (Czech).
    KingFirst,
    /// The most value, a king worth less than two men and more than one; at equal value, a
    /// capture made by a king (Frisian).
    FrisianValue,
}

/// How a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// A side that cannot move (no piece, or every piece blocked) has lost.
    Standard,
    /// Giveaway: a side that cannot move has won (Antidraughts).
    Anti,
    /// The first side to crown a king has won; a side that cannot move has lost
    /// (Breakthrough).
    FirstKing,
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
    /// Rows of men each side has at the start (the men fill them).
    pub start_rows: u8,
    /// Men capture backwards as well as forwards.
    pub men_capture_backward: bool,
    /// Men may capture kings (not in Italian draughts).
    pub men_capture_kings: bool,
    /// Pieces also capture along files and ranks, over a light square (Frisian).
    pub orthogonal_captures: bool,
    /// Kings move and capture along whole lines.
    pub flying_kings: bool,
    /// A flying king that captures lands on the square right behind each piece it takes
    /// (Thai).
    pub king_lands_behind: bool,
    /// A king whose capture ends by taking a king stops on the square right behind it
    /// (Killer).
    pub king_halts_behind_king: bool,
    /// Taken pieces leave the board at once, so a capture may pass their squares again
    /// (Thai); otherwise they stay until the move is over and block.
    pub pieces_leave_at_once: bool,
    /// Which capture is compulsory when there are several.
    pub priority: CapturePriority,
    /// A man reaching the far row during a capture.
    pub capture_crowning: CaptureCrowning,
    /// How the game is won.
    pub goal: Goal,
    /// How the variant's move lists name squares.
    pub squares: SquareStyle,
    /// The character written between the squares of a capture.
    pub capture_separator: char,
    /// Captures list every landing square (`31x22x13`) rather than only start and end.
    pub full_capture_path: bool,
    /// The PDN `GameType` number.
    pub game_type: u32,
    /// The `Variant` tag that tells the variant apart from another of the same GameType
    /// (lidraughts' name for it), for the variants that share one.
    pub variant_tag: Option<&'static str>,
    /// How results are written.
    pub results: ResultStyle,
    /// The draw rules, besides the end of a game by having no legal move (see [`DrawRules`]
    /// for which rules each variant has and where they come from).
    pub draw: DrawRules,
    /// While a side still has men, one king may make at most this many moves in a row
    /// without capturing (Frisian: 3); then it must capture or another piece must move.
    pub king_move_limit: Option<u8>,
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
        start_rows: 3,
        men_capture_backward: false,
        men_capture_kings: true,
        orthogonal_captures: false,
        flying_kings: false,
        king_lands_behind: false,
        king_halts_behind_king: false,
        pieces_leave_at_once: false,
        priority: CapturePriority::Free,
        capture_crowning: CaptureCrowning::Stop,
        goal: Goal::Standard,
        squares: SquareStyle::Numeric,
        capture_separator: 'x',
        full_capture_path: true,
        game_type: 21,
        variant_tag: None,
        results: ONE_ZERO,
        draw: DrawRules::AMERICAN,
        king_move_limit: None,
    };

    /// International draughts on 10×10, PDN GameType 20.
    pub const INTERNATIONAL: Variant = Variant {
        name: "international",
        title: "International draughts",
        size: BoardSize::Ten,
        first: Color::White,
        start_rows: 4,
        men_capture_backward: true,
        men_capture_kings: true,
        orthogonal_captures: false,
        flying_kings: true,
        king_lands_behind: false,
        king_halts_behind_king: false,
        pieces_leave_at_once: false,
        priority: CapturePriority::MostPieces,
        capture_crowning: CaptureCrowning::PassThrough,
        goal: Goal::Standard,
        squares: SquareStyle::Numeric,
        capture_separator: 'x',
        full_capture_path: false,
        game_type: 20,
        variant_tag: None,
        results: TWO_ZERO,
        draw: DrawRules::INTERNATIONAL,
        king_move_limit: None,
    };

    /// Russian draughts, PDN GameType 25.
    pub const RUSSIAN: Variant = Variant {
        name: "russian",
        title: "Russian draughts",
        size: BoardSize::Eight,
        first: Color::White,
        start_rows: 3,
        men_capture_backward: true,
        flying_kings: true,
        priority: CapturePriority::Free,
        capture_crowning: CaptureCrowning::Continue,
        squares: SquareStyle::Algebraic,
        capture_separator: ':',
        full_capture_path: false,
        game_type: 25,
        variant_tag: None,
        results: ONE_ZERO,
        draw: DrawRules::RUSSIAN,
        ..Variant::AMERICAN
    };

    /// Brazilian draughts: the International rules on 8×8, PDN GameType 26.
    pub const BRAZILIAN: Variant = Variant {
        name: "brazilian",
        title: "Brazilian draughts",
        size: BoardSize::Eight,
        start_rows: 3,
        squares: SquareStyle::Algebraic,
        game_type: 26,
        variant_tag: None,
        results: ONE_ZERO,
        draw: DrawRules::BRAZILIAN,
        ..Variant::INTERNATIONAL
    };

    /// Italian draughts, PDN GameType 22.
    ///
    /// Sources: the rules of the Federazione Italiana Dama (FID) decide each rule; dctl's
    /// `italian` rules agree. The board is turned (a light square in each player's left
    /// corner) and numbered from Black's side, square 1 in the top left corner, as Italian
    /// score sheets and the FID's game files write it (21-17 is a usual first move). White
    /// moves first. Men move and capture forward only and cannot take kings. Kings move one
    /// square. A capture must take the most pieces; then it must be made by a king; then take
    /// the most kings; then meet a king earliest. A man that reaches the far row stops and
    /// is crowned.
    pub const ITALIAN: Variant = Variant {
        name: "italian",
        title: "Italian draughts",
        size: BoardSize::EightTurned,
        first: Color::White,
        men_capture_kings: false,
        priority: CapturePriority::Italian,
        game_type: 22,
        variant_tag: None,
        full_capture_path: false,
        draw: DrawRules::ITALIAN,
        ..Variant::AMERICAN
    };

    /// Spanish draughts, PDN GameType 24.
    ///
    /// Sources: the Federación Española de Damas' rules as dctl's `spanish` rules give
    /// them. The board is turned like the Italian one; this crate numbers it the Italian
    /// way (square 1 in the top left corner), as PDN's GameType table pairs the two boards.
    /// White moves first. Men move and capture forward only; kings fly. A capture must take
    /// the most pieces, then the most kings.
    pub const SPANISH: Variant = Variant {
        name: "spanish",
        title: "Spanish draughts",
        size: BoardSize::EightTurned,
        first: Color::White,
        flying_kings: true,
        priority: CapturePriority::MostPiecesThenKings,
        capture_crowning: CaptureCrowning::Stop,
        game_type: 24,
        variant_tag: None,
        full_capture_path: false,
        draw: DrawRules::REPETITION_ONLY,
        ..Variant::AMERICAN
    };

    /// American pool checkers, PDN GameType 23.
    ///
    /// Sources: the American Pool Checkers Association's rules as dctl's `pool` rules give
    /// them. Numbered like American checkers; Black moves first. Men capture backward too;
    /// kings fly; the player chooses freely among captures. A man that reaches the far row
    /// during a capture goes on as a man if it can and is crowned only where the capture
    /// ends.
    pub const POOL: Variant = Variant {
        name: "pool",
        title: "Pool checkers",
        men_capture_backward: true,
        flying_kings: true,
        capture_crowning: CaptureCrowning::PassThrough,
        full_capture_path: false,
        game_type: 23,
        variant_tag: None,
        draw: DrawRules::REPETITION_ONLY,
        ..Variant::AMERICAN
    };

    /// Czech draughts, PDN GameType 29.
    ///
    /// Sources: the Czech federation's rules (Česká federace dámy) as dctl's `czech` rules
    /// give them, and the Czech championship files in a1–h8 notation. White moves first.
    /// Men move and capture forward only; kings fly. When a king can capture, a king must;
    /// otherwise the player chooses freely.
    pub const CZECH: Variant = Variant {
        name: "czech",
        title: "Czech draughts",
        first: Color::White,
        flying_kings: true,
        priority: CapturePriority::KingFirst,
        squares: SquareStyle::Algebraic,
        full_capture_path: false,
        game_type: 29,
        variant_tag: None,
        draw: DrawRules::REPETITION_ONLY,
        ..Variant::AMERICAN
    };

    /// Thai draughts (mak-hos), PDN GameType 31.
    ///
    /// Sources: dctl's `thai` rules, which follow the Thai rules as published by the
    /// draughts federations' variant pages. Two rows of men each (8 men). Black moves first,
    /// as in PDN's GameType table. Men move and capture forward only. Kings fly when they
    /// move, but a capturing king lands on the square right behind each piece it takes.
    /// Taken pieces leave the board at once. The player chooses freely among captures.
    pub const THAI: Variant = Variant {
        name: "thai",
        title: "Thai draughts",
        start_rows: 2,
        flying_kings: true,
        king_lands_behind: true,
        pieces_leave_at_once: true,
        full_capture_path: false,
        game_type: 31,
        variant_tag: None,
        draw: DrawRules::REPETITION_ONLY,
        ..Variant::AMERICAN
    };

    /// Frisian draughts, PDN GameType 40.
    ///
    /// Sources: the rules of the Fries Damsport (as lidraughts' Frisian page and dctl's
    /// `frisian` rules give them). White moves first. Men and kings capture along files and
    /// ranks as well as diagonals; kings fly. A capture must take the most value, a king
    /// worth less than two men and more than one (counted here as 2 - 1/32 men, so that
    /// n kings outweigh 2n - 1 men and 2n men outweigh n kings); at equal value a king
    /// must capture. While a side has men as well as kings, the same king may make at most
    /// three moves in a row without capturing (lidraughts' Frisian page; pydraughts, which
    /// follows lidraughts, and dctl's `max_same_king_push` agree). The run of moves is part
    /// of the [`Position`](crate::Position) and starts empty in a position read from FEN,
    /// which has no field for it.
    pub const FRISIAN: Variant = Variant {
        name: "frisian",
        title: "Frisian draughts",
        orthogonal_captures: true,
        priority: CapturePriority::FrisianValue,
        game_type: 40,
        variant_tag: None,
        draw: DrawRules::FRISIAN,
        king_move_limit: Some(3),
        ..Variant::INTERNATIONAL
    };

    /// Frysk!: Frisian draughts with five men each on the back row, as lidraughts plays it
    /// (Variant tag `Frysk!`, GameType 40).
    pub const FRYSK: Variant = Variant {
        name: "frysk",
        title: "Frysk!",
        start_rows: 1,
        variant_tag: Some("Frysk!"),
        ..Variant::FRISIAN
    };

    /// Antidraughts: International moves, and a side that cannot move (no piece, or all
    /// blocked) wins, as lidraughts plays it (Variant tag `Antidraughts`, GameType 20).
    pub const ANTIDRAUGHTS: Variant = Variant {
        name: "antidraughts",
        title: "Antidraughts",
        goal: Goal::Anti,
        variant_tag: Some("Antidraughts"),
        draw: DrawRules::REPETITION_ONLY,
        ..Variant::INTERNATIONAL
    };

    /// Breakthrough: International moves, and the first side to crown a king wins, as
    /// lidraughts plays it (Variant tag `Breakthrough`, GameType 20).
    pub const BREAKTHROUGH: Variant = Variant {
        name: "breakthrough",
        title: "Breakthrough",
        goal: Goal::FirstKing,
        variant_tag: Some("Breakthrough"),
        draw: DrawRules::REPETITION_ONLY,
        ..Variant::INTERNATIONAL
    };

    /// Killer draughts: International, except that a king whose capture ends by taking a
    /// king must stop on the square right behind it (dctl's `killer` rules; the variant
    /// has no GameType of its own, so it is written as 20 with the Variant tag `Killer`).
    pub const KILLER: Variant = Variant {
        name: "killer",
        title: "Killer draughts",
        king_halts_behind_king: true,
        variant_tag: Some("Killer"),
        ..Variant::INTERNATIONAL
    };

    /// Canadian draughts: the International rules on 12×12 with 30 men each, PDN
    /// GameType 27.
    pub const CANADIAN: Variant = Variant {
        name: "canadian",
        title: "Canadian draughts",
        size: BoardSize::Twelve,
        start_rows: 5,
        game_type: 27,
        variant_tag: None,
        ..Variant::INTERNATIONAL
    };

    /// Every supported variant.
    pub const ALL: [Variant; 15] = [
        Variant::AMERICAN,
        Variant::INTERNATIONAL,
        Variant::RUSSIAN,
        Variant::BRAZILIAN,
        Variant::ITALIAN,
        Variant::SPANISH,
        Variant::POOL,
        Variant::CZECH,
        Variant::THAI,
        Variant::FRISIAN,
        Variant::FRYSK,
        Variant::ANTIDRAUGHTS,
        Variant::BREAKTHROUGH,
        Variant::KILLER,
        Variant::CANADIAN,
    ];

    /// The variant with this PDN GameType number, for the numbers one variant owns: 20 is
    /// International (Antidraughts, Breakthrough and Killer need their Variant tag) and 40
    /// is Frisian (Frysk! needs its tag).
    pub fn from_game_type(game_type: u32) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.game_type == game_type)
    }

    /// Number of men each side has at the start.
    pub fn men_per_side(&self) -> u8 {
        self.start_rows * self.size.per_row()
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

impl DrawRules {
    /// The draw rules of a variant: its description's [`Variant::draw`].
    pub fn of(variant: &Variant) -> DrawRules {
        variant.draw
    }
}

/// The supported variants as statics, so that positions can point to them.
static KNOWN: [Variant; 15] = Variant::ALL;

impl Variant {
    /// A `'static` reference to a variant equal to this one, so that a position can point to
    /// its rules instead of carrying a copy. The supported variants are statics; another
    /// description is kept once for the life of the program.
    pub fn interned(self) -> &'static Variant {
        // The supported variant of this name, when it is this one: names are unique among
        // them, so no other can be (its other fields are compared only then: a variant is
        // interned for every reading of every game).
        if let Some(known) = KNOWN
            .iter()
            .find(|v| v.name == self.name)
            .filter(|v| **v == self)
        {
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
    /// `brazilian`, `italian`, `spanish`, `pool`, `czech`, `thai`, `frisian`, `frysk`,
    /// `antidraughts`, `breakthrough`, `killer`, `canadian`, case-insensitive), a
    /// lidraughts Variant tag (`Frysk!`, `American/English`) or a GameType number.
    fn from_str(s: &str) -> Result<Variant, String> {
        let lower = s.trim().to_ascii_lowercase();
        let named = Variant::ALL.into_iter().find(|v| {
            v.name == lower
                || v.variant_tag
                    .is_some_and(|t| t.eq_ignore_ascii_case(&lower))
        });
        let aliased = || ALIASES.iter().find(|(a, _)| *a == lower).map(|&(_, v)| v);
        let numbered = || lower.parse().ok().and_then(Variant::from_game_type);
        named.or_else(aliased).or_else(numbered).ok_or_else(|| {
            let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name).collect();
            format!(
                "unknown draughts variant `{s}`: use one of {}",
                names.join(", ")
            )
        })
    }
}

/// Other names people and sites give the variants, lower case.
const ALIASES: [(&str, Variant); 10] = [
    ("checkers", Variant::AMERICAN),
    ("english", Variant::AMERICAN),
    ("american/english", Variant::AMERICAN),
    ("10x10", Variant::INTERNATIONAL),
    ("standard", Variant::INTERNATIONAL),
    ("pool checkers", Variant::POOL),
    ("american pool", Variant::POOL),
    ("anti", Variant::ANTIDRAUGHTS),
    ("giveaway", Variant::ANTIDRAUGHTS),
    ("12x12", Variant::CANADIAN),
];

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
        assert_eq!(Variant::THAI.men_per_side(), 8);
        assert_eq!(Variant::FRYSK.men_per_side(), 5);
        assert_eq!(Variant::CANADIAN.men_per_side(), 30);
    }

    #[test]
    fn names_and_game_types() {
        for v in Variant::ALL {
            assert_eq!(v.name.parse::<Variant>().unwrap(), v);
            let by_type = Variant::from_game_type(v.game_type).unwrap();
            assert_eq!(by_type.game_type, v.game_type);
            if v.variant_tag.is_none() {
                assert_eq!(by_type, v);
            }
            assert!(game_type_name(v.game_type).is_some());
        }
        assert_eq!(Variant::from_game_type(28), None);
        assert_eq!(game_type_name(22), Some("Italian draughts"));
        assert_eq!("Frysk!".parse::<Variant>(), Ok(Variant::FRYSK));
        for (alias, v) in ALIASES {
            assert_eq!(alias.to_uppercase().parse::<Variant>(), Ok(v));
        }
        assert_eq!(" 20 ".parse::<Variant>(), Ok(Variant::INTERNATIONAL));
        assert_eq!("40".parse::<Variant>(), Ok(Variant::FRISIAN));
        assert!("28".parse::<Variant>().is_err());
        assert!("portuguese".parse::<Variant>().is_err());
    }

    #[test]
    fn result_trap() {
        // American: Black moves first, so 1-0 is a win for Black.
        assert_eq!(Variant::AMERICAN.result_for(Some(Color::Black)), "1-0");
        assert_eq!(Variant::INTERNATIONAL.result_for(Some(Color::White)), "2-0");
        assert_eq!(Variant::INTERNATIONAL.result_for(None), "1-1");
    }
}
