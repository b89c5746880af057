//! Applying the draw rules: the counts carried from position to position, and the reason a
//! game was drawn.
//!
//! The same code reads every variant's [`DrawRules`], in [`GameHistory`](crate::GameHistory)
//! and inside the computer's search.

use std::fmt;

use crate::bits::Bits;
use crate::color::Color;
use crate::draw_rules::{DrawRules, FewKingsRule};
use crate::geometry::{main_road, with_geometry};
use crate::mask::Mask;
use crate::move_buf::Raw;
use crate::square::BoardSize;

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The same position occurred for the third time with the same side to move.
    Repetition,
    /// Only kings moved, without a capture, for `moves` moves by each side (the 25-, 20-,
    /// 15- or 40-move rule).
    KingsOnly {
        /// The limit of the rule.
        moves: u32,
    },
    /// A lone-king ending was not won within `moves` moves each (the 16- or 5-move rule).
    LoneKing {
        /// The limit of the rule.
        moves: u32,
    },
    /// Three kings or more did not take a lone king within `moves` moves (Russian).
    KingsAgainstKing {
        /// The limit of the rule.
        moves: u32,
    },
    /// Kings only, two against one or one against one, and no capture within `moves` moves
    /// each (Frisian).
    FewKings {
        /// The limit of the rule.
        moves: u32,
    },
    /// Three pieces did not win against a lone king on the main road within `moves` moves
    /// (Russian).
    MainRoad {
        /// The limit of the rule.
        moves: u32,
    },
    /// Both sides had kings and the balance of forces did not change for `moves` moves
    /// (Russian).
    UnchangedBalance {
        /// The limit of the rule.
        moves: u32,
    },
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DrawReason::Repetition => f.write_str("threefold repetition"),
            DrawReason::KingsOnly { moves } => {
                write!(f, "{moves} moves each without a capture or a man move")
            }
            DrawReason::LoneKing { moves } => {
                write!(f, "{moves}-move rule against a lone king")
            }
            DrawReason::KingsAgainstKing { moves } => {
                write!(f, "three kings did not take the lone king in {moves} moves")
            }
            DrawReason::FewKings { moves } => {
                write!(
                    f,
                    "kings only, two against one or one against one, for {moves} moves"
                )
            }
            DrawReason::MainRoad { moves } => {
                write!(f, "no win in {moves} moves against a king on the main road")
            }
            DrawReason::UnchangedBalance { moves } => {
                write!(f, "balance of forces unchanged for {moves} moves")
            }
        }
    }
}

/// Draw rules with the board-dependent masks they need, ready for [`Counters::next`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct DrawCheck {
    pub rules: DrawRules,
    /// The main road (a1 to the opposite corner) in bit layout.
    main_road: u128,
}

impl DrawCheck {
    pub fn new(rules: DrawRules, size: BoardSize) -> DrawCheck {
        DrawCheck {
            rules,
            main_road: with_geometry!(size, G => main_road::<G>().wide()),
        }
    }
}

/// How many men and kings each side has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Material {
    men: [u32; 2],
    kings: [u32; 2],
}

impl Material {
    fn of<B: Mask>(b: &Bits<B>) -> Material {
        Material {
            men: [(b.white & !b.kings).count(), (b.black & !b.kings).count()],
            kings: [(b.white & b.kings).count(), (b.black & b.kings).count()],
        }
    }

    fn total(&self) -> u32 {
        self.men[0] + self.men[1] + self.kings[0] + self.kings[1]
    }

    fn pieces(&self, side: usize) -> u32 {
        self.men[side] + self.kings[side]
    }

    /// The side (0 White, 1 Black) that has a single king and nothing else, if exactly one
    /// does, or White when both do.
    fn lone_king(&self) -> Option<usize> {
        (0..2).find(|&s| self.men[s] == 0 && self.kings[s] == 1)
    }
}

/// Ply counts of the draw rules, carried from position to position. The run counts are 0
/// while their condition does not hold and `1 + plies` while it does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    /// Plies since the last man move or capture.
    pub quiet: u32,
    /// Lone-king ending: plies since it arose or since the last capture.
    lone_king: u32,
    /// Three kings or more against a lone king.
    kings_against_king: u32,
    /// Three pieces against a lone king on the main road.
    main_road: u32,
    /// Plies since the last capture or crowning.
    balance: u32,
}

fn lone_king_cond(m: &Material) -> bool {
    match m.lone_king() {
        Some(s) => {
            let o = 1 - s;
            let others = m.pieces(o);
            // With both sides lone kings, either side is the lone one.
            (1..=3).contains(&others) && m.kings[o] >= 1
        }
        None => false,
    }
}

/// The move limit of the Frisian kings-only endings that holds on the board, if one does:
/// kings only, two against one or one against one.
fn few_kings_limit<B: Mask>(rule: &FewKingsRule, b: &Bits<B>) -> Option<u32> {
    if (b.white | b.black) != b.kings {
        return None;
    }
    match ((b.white & b.kings).count(), (b.black & b.kings).count()) {
        (2, 1) | (1, 2) => Some(rule.two_against_one),
        (1, 1) => Some(rule.one_against_one),
        _ => None,
    }
}

fn kings_against_king_cond(m: &Material) -> bool {
    (0..2).any(|s| m.men[s] == 0 && m.kings[s] == 1 && m.kings[1 - s] >= 3)
}

fn main_road_cond<B: Mask>(m: &Material, b: &Bits<B>, main_road: u128) -> bool {
    let main_road = B::narrow(main_road);
    (0..2).any(|s| {
        let own = b.of(Color::ALL[s]);
        m.men[s] == 0
            && m.kings[s] == 1
            && (own & main_road).any()
            && m.pieces(1 - s) == 3
            && m.kings[1 - s] >= 1
    })
}

#[inline]
fn run(prev: u32, holds: bool, restart: bool) -> u32 {
    match (holds, prev > 0 && !restart) {
        (false, _) => 0,
        (true, true) => prev + 1,
        (true, false) => 1,
    }
}

impl Counters {
    /// The counters of the first position of a history.
    pub fn start<B: Mask>(check: &DrawCheck, b: &Bits<B>) -> Counters {
        let m = Material::of(b);
        let r = &check.rules;
        Counters {
            quiet: 0,
            lone_king: u32::from(r.lone_king.is_some() && lone_king_cond(&m)),
            kings_against_king: u32::from(
                r.kings_against_king.is_some() && kings_against_king_cond(&m),
            ),
            main_road: u32::from(r.main_road.is_some() && main_road_cond(&m, b, check.main_road)),
            balance: 0,
        }
    }

    /// The counters after `m`, played in `before`, gave `after`.
    #[inline]
    pub fn next<B: Mask>(
        &self,
        check: &DrawCheck,
        before: &Bits<B>,
        m: &Raw<B>,
        after: &Bits<B>,
    ) -> Counters {
        let capture = m.captured.any();
        let man_move = !before.kings.has(u32::from(m.from));
        let r = &check.rules;
        let mut c = Counters {
            quiet: if capture || man_move {
                0
            } else {
                self.quiet + 1
            },
            balance: if capture || m.crown {
                0
            } else {
                self.balance + 1
            },
            ..Counters::default()
        };
        if r.lone_king.is_some() || r.kings_against_king.is_some() || r.main_road.is_some() {
            let mat = Material::of(after);
            if r.lone_king.is_some() {
                c.lone_king = run(self.lone_king, lone_king_cond(&mat), capture);
            }
            if r.kings_against_king.is_some() {
                c.kings_against_king = run(
                    self.kings_against_king,
                    kings_against_king_cond(&mat),
                    false,
                );
            }
            if r.main_road.is_some() && mat.total() == 4 {
                c.main_road = run(
                    self.main_road,
                    main_road_cond(&mat, after, check.main_road),
                    false,
                );
            }
        }
        c
    }

    /// The rule, other than repetition, under which position `b` with these counters is a
    /// draw.
    #[inline]
    pub fn draw<B: Mask>(&self, check: &DrawCheck, b: &Bits<B>) -> Option<DrawReason> {
        let r = &check.rules;
        if let Some(n) = r.kings_only
            && self.quiet >= 2 * n
        {
            return Some(DrawReason::KingsOnly { moves: n });
        }
        if let Some(rule) = r.lone_king
            && self.lone_king > 0
        {
            let n = if (b.white | b.black).count() >= 4 {
                rule.three_against_one
            } else {
                rule.two_against_one
            };
            if self.lone_king > 2 * n {
                return Some(DrawReason::LoneKing { moves: n });
            }
        }
        if let Some(n) = r.main_road
            && self.main_road > 2 * n
        {
            return Some(DrawReason::MainRoad { moves: n });
        }
        if let Some(n) = r.kings_against_king
            && self.kings_against_king > 2 * n
        {
            return Some(DrawReason::KingsAgainstKing { moves: n });
        }
        if let Some(rule) = r.few_kings
            && let Some(n) = few_kings_limit(&rule, b)
            && self.quiet >= 2 * n
        {
            return Some(DrawReason::FewKings { moves: n });
        }
        if !r.unchanged_balance.is_empty() && (b.white & b.kings).any() && (b.black & b.kings).any()
        {
            let total = (b.white | b.black).count();
            if let Some(limit) = r.unchanged_balance.iter().find(|l| total <= l.max_pieces)
                && self.balance >= 2 * limit.moves
            {
                return Some(DrawReason::UnchangedBalance { moves: limit.moves });
            }
        }
        None
    }
}
