//! What a move does to the other king: nothing, check, discovered or double check, or mate;
//! found by playing the move, for the check signs every notation writes.

use shakmaty::{Bitboard, CastlingSide, KnownOutcome, Move, Outcome, Position};

/// What a move does to the other king.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum CheckKind {
    None,
    Check,
    /// Check by a piece other than the one that moved.
    Discovered,
    Double,
    Mate,
}

/// What `m`, legal in `pos`, does to the other king, found by playing it.
pub(crate) fn check_kind<P: Position + Clone>(pos: &P, m: Move) -> CheckKind {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let checkers = after.checkers();
    if checkers.is_empty() {
        return if wins_by_variant(&after) {
            CheckKind::Mate
        } else {
            CheckKind::None
        };
    }
    if after.is_checkmate() || wins_by_variant(&after) {
        return CheckKind::Mate;
    }
    if checkers.count() > 1 {
        return CheckKind::Double;
    }
    // The pieces that arrived with the move: the moved piece, or the rook of
    // a castling move.
    let arrived: Bitboard = match m {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            Bitboard::from_square(shakmaty::Square::from_coords(
                side.rook_to_file(),
                king.rank(),
            ))
        }
        _ => Bitboard::from_square(m.to()),
    };
    if checkers.intersects(arrived) {
        CheckKind::Check
    } else {
        CheckKind::Discovered
    }
}

/// Whether the side that just moved has won by its variant's own rule (Atomic's exploded
/// king, King of the Hill's centre, the third check, Antichess's lost pieces): written `#`
/// as a mate is (shakmaty and lichess do). Standard chess has no such rule.
#[inline]
fn wins_by_variant<P: Position>(after: &P) -> bool {
    matches!(
        after.variant_outcome(),
        Outcome::Known(KnownOutcome::Decisive { .. })
    )
}

/// Whether the position, just reached, is won by the side that moved: mate, or a win by
/// the variant's own rule; what `#` claims.
pub(crate) fn is_won<P: Position>(after: &P) -> bool {
    after.is_checkmate() || wins_by_variant(after)
}
