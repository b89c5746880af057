//! The way back to the position before the last move of a line, from which a side line
//! starts, without copying the position at every move.

use arrayvec::ArrayVec;
use shakmaty::Move;

use crate::ChessRules;

/// How many moves [`LookBack`] keeps before it copies the position.
const LOOK_BACK_MOVES: usize = 16;

/// The way back to the position before the last move of the current line: a position of the
/// line at most [`LOOK_BACK_MOVES`] moves back (where the line starts, or later) and the moves
/// played since, replayed when a side line begins. A move then costs a copy of the position
/// only once in `LOOK_BACK_MOVES` moves.
#[derive(Clone, Debug)]
pub(crate) struct LookBack<R> {
    mark: R,
    since: ArrayVec<Move, { LOOK_BACK_MOVES }>,
    /// The position before a null move just made: the last move was that null move.
    before_null: Option<R>,
}

impl<R: ChessRules> LookBack<R> {
    /// The way back in a line that starts at `start`.
    pub(crate) fn new(start: R) -> LookBack<R> {
        LookBack {
            mark: start,
            since: ArrayVec::new(),
            before_null: None,
        }
    }

    /// Notes the move `m`, about to be played from `pos`.
    #[inline(always)]
    pub(crate) fn push(&mut self, pos: &R, m: Move) {
        if self.before_null.is_some() {
            self.before_null = None;
        }
        if self.since.is_full() {
            self.mark.clone_from(pos);
            self.since.clear();
        }
        self.since.push(m);
    }

    /// Notes a null move made from `before`, leading to `after` (a position no move leads
    /// to): the mark moves there.
    pub(crate) fn push_null(&mut self, before: &R, after: &R) {
        self.mark.clone_from(after);
        self.since.clear();
        self.before_null = Some(before.clone());
    }

    /// The position before the last move, or where the line starts if it has no move yet.
    pub(crate) fn before_last(&self) -> R {
        if let Some(before) = &self.before_null {
            return before.clone();
        }
        let mut pos = self.mark.clone();
        if let Some((_, moves)) = self.since.split_last() {
            for &m in moves {
                pos.play_unchecked(m);
            }
        }
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    #[test]
    fn the_position_before_the_last_move_at_every_distance_from_the_mark() {
        let mut pos = Chess::default();
        let mut back = LookBack::new(pos.clone());
        assert_eq!(back.before_last(), pos);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..100 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = moves[(seed % moves.len() as u64) as usize];
            back.push(&pos, m);
            let before = pos.clone();
            pos.play_unchecked(m);
            assert_eq!(back.before_last(), before);
        }
    }
}
