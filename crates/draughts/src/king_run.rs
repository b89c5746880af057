//! Frisian's limit on one king's moves: while a side still has men, the same king may not
//! make more than three moves in a row without capturing.
//!
//! The run is part of a [`Position`](crate::Position) (it decides which moves are legal),
//! is carried by every move played, and starts empty in a position read from a FEN line.

use crate::bits::Bits;
use crate::color::Color;
use crate::mask::Mask;
use crate::move_buf::{MoveBuf, Raw};

/// For each side, the king (its bit in the board's layout) that made the side's last moves
/// without capturing, and how many moves in a row it made (0: the side's last move was not
/// such a king move).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct KingRun {
    moves: [u8; 2],
    bit: [u8; 2],
}

fn slot(side: Color) -> usize {
    match side {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl KingRun {
    /// The run after `side` moved the piece on bit `from` to `to`. `quiet_king`: the piece
    /// was a king before the move and took nothing. A man's move (crowning or not) and a
    /// capture end the run.
    #[inline]
    fn after(self, side: Color, from: u8, to: u8, quiet_king: bool) -> KingRun {
        let s = slot(side);
        let mut run = self;
        if quiet_king {
            run.moves[s] = if run.moves[s] > 0 && run.bit[s] == from {
                run.moves[s].saturating_add(1)
            } else {
                1
            };
            run.bit[s] = to;
        } else {
            run.moves[s] = 0;
            run.bit[s] = 0;
        }
        run
    }

    /// The run after the side to move in `b` played `m` (in the same bit layout).
    #[inline]
    pub fn after_move<B: Mask>(self, b: &Bits<B>, m: &Raw<B>) -> KingRun {
        let quiet_king = m.captured.none() && b.kings.has(u32::from(m.from));
        self.after(b.side, m.from, m.to, quiet_king)
    }

    /// The king of the side to move in `b` that may not make another move without
    /// capturing: it made the last `limit` moves of its side in a row, none a capture,
    /// and the side still has a man.
    #[inline]
    pub fn frozen<B: Mask>(&self, b: &Bits<B>, limit: u8) -> Option<u8> {
        let s = slot(b.side);
        let bit = self.bit[s];
        (self.moves[s] >= limit
            && (b.own() & !b.kings).any()
            && (b.own() & b.kings).has(u32::from(bit)))
        .then_some(bit)
    }

    /// Removes from `buf` the moves without capture of the king on `bit`.
    pub fn restrict<B: Mask>(buf: &mut MoveBuf<B>, bit: u8) {
        buf.moves.retain(|m| m.from != bit || m.captured.any());
    }

    /// The king of `side` in the run and its moves in a row, if the side's last move was a
    /// king move without capture.
    pub fn of(&self, side: Color) -> Option<(u8, u8)> {
        let s = slot(side);
        (self.moves[s] > 0).then_some((self.bit[s], self.moves[s]))
    }
}
