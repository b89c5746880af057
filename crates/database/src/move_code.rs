//! A move as a small number in the index: what was played from a position, told apart from
//! every other legal move of that position, in a few bits.

use games::{AnyMove, AnyPosition};
use shakmaty::{Move, Role};

/// A move of a position as the index keeps it: `0` for no move (the game ended there), a
/// chess move as its squares and piece, a draughts move as its squares and, when several
/// captures go from one square to another, which of them (by the squares they take).
///
/// A code names a move only together with its position: [`MoveCode::find`] turns it back
/// into the move by the position's legal moves.
///
/// ```
/// use database::MoveCode;
/// use games::{AnyPosition, Rules};
/// let start = AnyPosition::start(Rules::Chess);
/// let e4 = start.find_move("e4").unwrap();
/// let code = MoveCode::of(&start, &e4);
/// assert_eq!(code.find(&start), Some(e4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveCode(pub u32);

/// A chess null move (`--`): its own code, beyond every move's.
const CHESS_NULL: u32 = 1 << 16;

impl MoveCode {
    /// No move: the game ended in the position.
    pub const NONE: MoveCode = MoveCode(0);

    /// A chess null move (`--`, the other side to move, nothing moved).
    pub const NULL: MoveCode = MoveCode(CHESS_NULL);

    /// The code of `m`, a legal move of `position`.
    pub fn of(position: &AnyPosition, m: &AnyMove) -> MoveCode {
        match (position, m) {
            (AnyPosition::Chess(_), AnyMove::Chess(m)) => MoveCode(chess_code(m)),
            (AnyPosition::Draughts(p), AnyMove::Draughts(m)) => {
                // Moves from one square to another differ only as captures do: which of them,
                // in the order of the squares they take.
                let rank = if m.is_capture() {
                    let mut same: Vec<_> = p
                        .legal_moves()
                        .into_iter()
                        .filter(|o| o.from() == m.from() && o.to() == m.to())
                        .map(|o| o.captured())
                        .collect();
                    same.sort();
                    same.iter().position(|c| *c == m.captured()).unwrap_or(0) as u32
                } else {
                    0
                };
                MoveCode(draughts_code(m.from().index(), m.to().index(), rank))
            }
            _ => MoveCode::NONE,
        }
    }

    /// The legal move of `position` this code names, if one does.
    pub fn find(self, position: &AnyPosition) -> Option<AnyMove> {
        if self == MoveCode::NONE || self == MoveCode::NULL {
            return None;
        }
        position
            .moves()
            .into_iter()
            .find(|m| MoveCode::of(position, m) == self)
    }

    /// Whether the code says the game ended in the position.
    pub fn is_none(self) -> bool {
        self == MoveCode::NONE
    }
}

/// A draughts move's code: its squares' indices (up to 72 squares on 12×12: 7 bits each) and
/// its rank among the captures between the same squares, plus one: a king's capture may end
/// on the square it started from (square index 0 both ways), and 0 is no move.
fn draughts_code(from: u8, to: u8, rank: u32) -> u32 {
    1 + (u32::from(from) | (u32::from(to) << 7) | (rank << 14))
}

/// A chess move's code: from square, to square and a piece (promotion, a Crazyhouse drop's
/// piece, or 7 for castling, whose squares are the king's and the rook's). No move starts and
/// ends on one square, so a drop is written from its square to itself, and no code is 0.
fn chess_code(m: &Move) -> u32 {
    let piece = |r: Option<Role>| r.map_or(0, |r| r as u32);
    let (from, to, piece) = match *m {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => (from as u32, to as u32, piece(promotion)),
        Move::EnPassant { from, to } => (from as u32, to as u32, 0),
        Move::Castle { king, rook } => (king as u32, rook as u32, 7),
        Move::Put { role, to } => (to as u32, to as u32, role as u32),
    };
    from | (to << 6) | (piece << 12)
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::{AnyVariant, Rules};

    /// Every legal move of a position has a code of its own, and the code finds it.
    fn codes_tell_apart(position: &AnyPosition) {
        let moves = position.moves();
        let mut codes: Vec<MoveCode> = moves.iter().map(|m| MoveCode::of(position, m)).collect();
        for (m, code) in moves.iter().zip(&codes) {
            assert_ne!(*code, MoveCode::NONE);
            assert_eq!(code.find(position).as_ref(), Some(m), "{}", position.fen());
        }
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), moves.len(), "{}", position.fen());
    }

    #[test]
    fn chess_moves_of_every_kind() {
        for fen in [
            "r3k2r/1Pppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/1PPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/2P5/8/8/8/8/5k2/K7 w - - 0 1",
        ] {
            codes_tell_apart(&AnyPosition::from_fen(Rules::Chess, fen).unwrap());
        }
        let zh = AnyVariant::Chess(games::ChessVariant::Crazyhouse)
            .position_from_fen("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3")
            .unwrap();
        codes_tell_apart(&zh);
    }

    #[test]
    fn draughts_captures_between_the_same_squares() {
        // The king on 46 takes three or four men by several routes, some ending on the
        // same square.
        let p = AnyPosition::from_fen(
            Rules::Draughts(draughts::Variant::INTERNATIONAL),
            "W:WK46:B41,37,28,18,19,29,39",
        )
        .unwrap();
        codes_tell_apart(&p);
        for v in draughts::Variant::ALL {
            codes_tell_apart(&AnyPosition::start(Rules::Draughts(v)));
        }
    }
}
