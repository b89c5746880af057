//! One position's evaluation by a bounded search, the unit of a full-game analysis.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::judgement::Score;
use games::AnyMove;

/// How much search each position of a full-game analysis gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Budget {
    /// To this depth, in plies: the same answer on every machine.
    Depth(u32),
    /// For this many milliseconds (the deepest finished depth counts).
    TimeMs(u64),
}

impl Budget {
    /// The time a search under this budget may take at most: its own for a time budget,
    /// `cap` for a depth.
    pub fn time(self, cap: Duration) -> Duration {
        match self {
            Budget::Depth(_) => cap,
            Budget::TimeMs(ms) => Duration::from_millis(ms),
        }
    }

    /// The deepest depth a search under this budget goes to: its own, or `max` for a time.
    pub fn depth(self, max: u32) -> u32 {
        match self {
            Budget::Depth(d) => d.clamp(1, max),
            Budget::TimeMs(_) => max,
        }
    }
}

/// What a search found in one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The evaluation, White's.
    pub score: Score,
    /// The best line found (empty when the game is over in the position).
    pub line: Vec<AnyMove>,
    /// The depth searched, in plies.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
}
