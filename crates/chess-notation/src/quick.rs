//! The legal moves of one piece type to one square, found straight from the board for the
//! plain case (no promotion, no en passant), without generating a move list. Measured with
//! callgrind reading `../shared/data/chess/lichess_db_1000k.pgn` (from the workspace root),
//! generating and filtering shakmaty's move list for each word cost about 12 M of the whole
//! read's 60 M instructions; this lookup brought the read to 53 M. The plain case is nearly
//! every word of a real game.

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Rank, Role, Square, attacks};

/// What the quick look found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Quick {
    /// The legal moves of the role to the square, origins filtered: exactly one.
    One(Move),
    /// None, or more than one: the word names no single move.
    NotOne,
    /// A case this look does not cover (promotion, en passant): ask the move generator.
    Ask,
}

/// The legal moves of `role` to `to` whose origin lies in `origins`, in the plain case.
///
/// The answer is the one that filtering `pos.san_candidates(role, to)` by `origins` would
/// give, told only when it is one move or none/several.
pub(crate) fn candidates(pos: &Chess, role: Role, to: Square, origins: Bitboard) -> Quick {
    let board = pos.board();
    let turn = pos.turn();
    let us = board.by_color(turn);
    let them = board.by_color(!turn);
    let occupied = board.occupied();
    let Some(king) = board.king_of(turn) else {
        return Quick::Ask;
    };
    if us.contains(to) {
        return Quick::NotOne;
    }
    let ours = board.by_role(role) & us;
    let from = match role {
        Role::Knight => attacks::knight_attacks(to) & ours,
        Role::Bishop => attacks::bishop_attacks(to, occupied) & ours,
        Role::Rook => attacks::rook_attacks(to, occupied) & ours,
        Role::Queen => attacks::queen_attacks(to, occupied) & ours,
        Role::King => {
            if !attacks::king_attacks(king).contains(to) || !origins.contains(king) {
                return Quick::NotOne;
            }
            // The king may not step onto a square the other side attacks once it has left.
            let attackers = Attackers::of(board, to, turn, them.without(to));
            return if attackers.steppers || attackers.slide(to, occupied.without(king)) {
                Quick::NotOne
            } else {
                Quick::One(Move::Normal {
                    role,
                    from: king,
                    capture: board.role_at(to),
                    to,
                    promotion: None,
                })
            };
        }
        Role::Pawn => {
            let (last, fourth) = if turn.is_white() {
                (Rank::Eighth, Rank::Fourth)
            } else {
                (Rank::First, Rank::Fifth)
            };
            if to.rank() == last {
                return Quick::Ask;
            }
            if them.contains(to) {
                attacks::pawn_attacks(!turn, to) & ours
            } else if pos.maybe_ep_square() == Some(to) {
                return Quick::Ask;
            } else {
                let back = if turn.is_white() { -8 } else { 8 };
                match to.offset(back) {
                    Some(one) if ours.contains(one) => Bitboard::from_square(one),
                    Some(one) if !occupied.contains(one) && to.rank() == fourth => {
                        match one.offset(back) {
                            Some(two) if ours.contains(two) => Bitboard::from_square(two),
                            _ => Bitboard::EMPTY,
                        }
                    }
                    _ => Bitboard::EMPTY,
                }
            }
        }
    } & origins;
    // A move is legal when no piece of the other side, save the one taken, attacks the king
    // once the piece has moved (this also settles a check: the move must block or take).
    // The knights, pawns and king that attack it do wherever the piece goes: unless it takes
    // the one there is, every move leaves the king in check. Only the sliders' attacks
    // depend on where the piece went from.
    let attackers = Attackers::of(board, king, turn, them.without(to));
    if attackers.steppers {
        return Quick::NotOne;
    }
    let mut found = None;
    for from in from {
        if attackers.slide(king, occupied.without(from).with(to)) {
            continue;
        }
        if found.is_some() {
            return Quick::NotOne;
        }
        found = Some(from);
    }
    match found {
        Some(from) => Quick::One(Move::Normal {
            role,
            from,
            capture: board.role_at(to),
            to,
            promotion: None,
        }),
        None => Quick::NotOne,
    }
}

/// The pieces of the other side that may attack a square of the side to move.
struct Attackers {
    /// Whether a knight, pawn or king attacks it: they do whatever the board holds.
    steppers: bool,
    /// The rooks and queens on its rank and file, across an empty board.
    straight: Bitboard,
    /// The bishops and queens on its diagonals, across an empty board.
    diagonal: Bitboard,
}

impl Attackers {
    /// The pieces among `theirs` (the other side's, save one taken) that may attack `sq`,
    /// where `us` is to move.
    #[inline(always)]
    fn of(board: &Board, sq: Square, us: Color, theirs: Bitboard) -> Attackers {
        let steppers = (attacks::knight_attacks(sq) & board.knights())
            | (attacks::pawn_attacks(us, sq) & board.pawns())
            | (attacks::king_attacks(sq) & board.kings());
        Attackers {
            steppers: (steppers & theirs).any(),
            straight: board.rooks_and_queens()
                & theirs
                & attacks::rook_attacks(sq, Bitboard::EMPTY),
            diagonal: board.bishops_and_queens()
                & theirs
                & attacks::bishop_attacks(sq, Bitboard::EMPTY),
        }
    }

    /// Whether a slider reaches `sq` across `occupied`.
    #[inline(always)]
    fn slide(&self, sq: Square, occupied: Bitboard) -> bool {
        (self.straight.any() && (attacks::rook_attacks(sq, occupied) & self.straight).any())
            || (self.diagonal.any()
                && (attacks::bishop_attacks(sq, occupied) & self.diagonal).any())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{File, fen::Fen};

    /// Compares the quick look with the move generator for every role, square and origin
    /// filter of `pos`.
    fn agree(pos: &Chess) {
        let mut filters = vec![Bitboard::FULL];
        filters.extend(File::ALL.map(Bitboard::from_file));
        filters.extend(Rank::ALL.map(Bitboard::from_rank));
        for role in Role::ALL {
            for to in Square::ALL {
                let all = pos.san_candidates(role, to);
                for &origins in &filters {
                    let expected: Vec<Move> = all
                        .iter()
                        .filter(|m| {
                            m.from().is_some_and(|f| origins.contains(f)) && m.promotion().is_none()
                        })
                        .copied()
                        .collect();
                    match candidates(pos, role, to, origins) {
                        Quick::Ask => {}
                        Quick::One(m) => assert_eq!(expected, [m], "{role:?} {to} in {pos:?}"),
                        Quick::NotOne => assert!(expected.len() != 1, "{role:?} {to} in {pos:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn agrees_with_the_move_generator_along_random_games() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut checks = 0;
        for _ in 0..60 {
            let mut pos = Chess::default();
            for _ in 0..120 {
                agree(&pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                checks += usize::from(pos.is_check());
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(checks > 100, "{checks} positions in check");
    }

    #[test]
    fn agrees_on_pins_en_passant_and_promotion() {
        for fen in [
            // A pinned knight, a pinned bishop that may move along the pin, a rook behind.
            "4k3/8/8/8/1b6/8/3N4/4K2r w - - 0 1",
            "4k3/8/8/8/8/2b5/3B4/4K3 w - - 0 1",
            // En passant that would expose the king along the rank.
            "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            // Promotions and captures onto the last rank.
            "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/p7/1R2K3 b - - 0 1",
            // Double pushes, blocked and free.
            "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1",
            "4k3/3p4/8/3N4/8/8/8/4K3 b - - 0 1",
        ] {
            let pos: Chess = Fen::from_ascii(fen.as_bytes())
                .unwrap()
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap();
            agree(&pos);
        }
    }
}
