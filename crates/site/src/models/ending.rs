//! Why a game ended: the reason's code (what the pages translate), with the move count of
//! a draughts draw rule, as the store keeps it (`resigned`, `kings-only:25`).

use std::fmt;
use std::str::FromStr;

text_enum! {
    /// Why a game ended, as a code.
    pub enum EndReason {
        /// The side to move could not move, and lost (draughts).
        NoMoves = "no-moves",
        /// Checkmate (chess).
        Checkmate = "checkmate",
        /// Stalemate (chess).
        Stalemate = "stalemate",
        /// Neither side can mate (chess).
        InsufficientMaterial = "insufficient-material",
        /// A player resigned.
        Resigned = "resigned",
        /// The players agreed a draw.
        Agreed = "agreed",
        /// The side to move ran out of time, and lost.
        Time = "time",
        /// The side to move ran out of time, but the other could not have won: a draw.
        TimeDraw = "time-draw",
        /// The same position for the third time.
        Repetition = "repetition",
        /// Fifty moves each without a capture or a pawn move (chess).
        FiftyMoves = "fifty-moves",
        /// Draughts draw rules, after their count of moves: kings only,
        KingsOnly = "kings-only",
        /// a lone king,
        LoneKing = "lone-king",
        /// three kings against one,
        ThreeKings = "three-kings",
        /// few kings,
        FewKings = "few-kings",
        /// the main road held,
        MainRoad = "main-road",
        /// the balance unchanged.
        UnchangedBalance = "unchanged-balance",
    }
}

/// Why a game ended, with the move count of the draughts draw rule that ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The reason.
    pub reason: EndReason,
    /// The moves a draw rule counted (`kings-only` after 25 moves each: 25).
    pub moves: Option<u32>,
}

impl Ending {
    /// An ending for `reason`, with no count of moves.
    pub const fn of(reason: EndReason) -> Ending {
        Ending {
            reason,
            moves: None,
        }
    }

    /// Whether the game ended by a clock.
    pub const fn by_time(self) -> bool {
        matches!(self.reason, EndReason::Time | EndReason::TimeDraw)
    }
}

impl fmt::Display for Ending {
    /// As the store keeps it: the code, then `:` and the count when there is one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.moves {
            Some(moves) => write!(f, "{}:{moves}", self.reason),
            None => f.write_str(self.reason.as_str()),
        }
    }
}

impl FromStr for Ending {
    type Err = super::UnknownValue;

    /// Reads `code` or `code:moves`; a count that is not a number is left out.
    fn from_str(text: &str) -> Result<Ending, Self::Err> {
        let (code, moves) = match text.split_once(':') {
            Some((code, moves)) => (code, moves.parse().ok()),
            None => (text, None),
        };
        Ok(Ending {
            reason: code.parse()?,
            moves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_are_kept_as_codes_with_their_count() {
        let ending: Ending = "kings-only:25".parse().unwrap();
        assert_eq!(ending.reason, EndReason::KingsOnly);
        assert_eq!(ending.moves, Some(25));
        assert_eq!(ending.to_string(), "kings-only:25");
        assert_eq!(Ending::of(EndReason::TimeDraw).to_string(), "time-draw");
        assert!("time-draw".parse::<Ending>().unwrap().by_time());
        assert!(!Ending::of(EndReason::Resigned).by_time());
        assert!("gave-up".parse::<Ending>().is_err());
        for reason in EndReason::ALL {
            assert_eq!(reason.as_str().parse::<Ending>(), Ok(Ending::of(*reason)));
        }
    }
}
