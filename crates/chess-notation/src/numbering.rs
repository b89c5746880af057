//! The move numbers written in a game (`12.`, `12...`) against the moves they stand before: a
//! number that skips or repeats one is a claim that does not hold.

use shakmaty::{Color, Position};

/// The move numbers written in a game (`12.`, `12...`) against the moves they stand before:
/// a number that skips or repeats one is a claim that does not hold.
///
/// A game from the standard start is numbered from 1. A game from a FEN is numbered from
/// the FEN's move number or from wherever its text starts (records often number a position
/// from 1): its main line's first number sets where.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Numbering {
    /// The number of the game's first move, once known.
    first: Option<u32>,
    /// Black makes the game's first move.
    black_first: bool,
}

/// What [`Numbering::check`] found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum NumberCheck {
    /// The number is the move's.
    Holds,
    /// The number skips or repeats one: the warning's text.
    Wrong(String),
    /// A side line's number before the main line set where a FEN game's numbers start: not
    /// checked yet (the main line's first number sets where they start).
    Unsettled,
}

impl Numbering {
    /// The numbering of a game from `start`, given by a FEN tag or not.
    pub(crate) fn new<R: Position>(start: &R, from_fen: bool) -> Numbering {
        Numbering {
            first: (!from_fen).then(|| start.fullmoves().get()),
            black_first: start.turn() == Color::Black,
        }
    }

    /// Whether `written` is the number due before the move at 0-based `ply`, as far as is
    /// known: the quick test before [`Numbering::check`].
    #[inline]
    pub(crate) fn holds(&self, written: u32, ply: usize) -> bool {
        let moves_before = self.moves_before(ply);
        self.first
            .is_some_and(|first| first as usize + moves_before == written as usize)
    }

    /// The moves (White's and Black's together) before the one at 0-based `ply`.
    #[inline]
    fn moves_before(&self, ply: usize) -> usize {
        (ply + usize::from(self.black_first)) / 2
    }

    /// Checks the number `written` before the move at 0-based `ply` among the game's plies
    /// (a side line counts from where it branches), in the main line or not.
    pub(crate) fn check(&mut self, written: u32, ply: usize, main_line: bool) -> NumberCheck {
        if self.holds(written, ply) {
            return NumberCheck::Holds;
        }
        let moves_before = u32::try_from(self.moves_before(ply)).unwrap_or(u32::MAX);
        let first = match self.first {
            Some(first) => first,
            None if main_line => {
                // Where the text starts numbering; a number below 1 cannot be a start.
                let first = written
                    .checked_sub(moves_before)
                    .filter(|f| *f >= 1)
                    .unwrap_or(1);
                self.first = Some(first);
                first
            }
            None => return NumberCheck::Unsettled,
        };
        let due = first.saturating_add(moves_before);
        if written == due {
            return NumberCheck::Holds;
        }
        NumberCheck::Wrong(format!(
            "move {due} is numbered {written}: a move number {}",
            if written > due { "skipped" } else { "repeated" }
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Chess;

    #[test]
    fn numbers_from_the_start_and_from_a_fen() {
        let start = Chess::default();
        let mut n = Numbering::new(&start, false);
        assert_eq!(n.check(1, 0, true), NumberCheck::Holds);
        assert_eq!(n.check(1, 1, true), NumberCheck::Holds);
        assert!(matches!(n.check(3, 2, true), NumberCheck::Wrong(m) if m.contains("skipped")));
        // A FEN game numbered from 1 in its text: the main line's first number says so.
        let mut n = Numbering::new(&start, true);
        assert_eq!(n.check(5, 0, false), NumberCheck::Unsettled);
        assert_eq!(n.check(1, 0, true), NumberCheck::Holds);
        assert!(matches!(n.check(5, 0, false), NumberCheck::Wrong(m) if m.contains("numbered 5")));
    }
}
