//! A position's key in the index: a 64-bit hash of the position as the rules see it, so that
//! games that reach it by different move orders meet.

use games::{AnyPosition, AnyVariant, ChessVariant};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{EnPassantMode, Position as _};

/// The key of a position: a draughts position's pieces and side to move; a chess position's
/// pieces, side to move, castling rights and the en passant square only when an en passant
/// capture is legal (what FIDE's repetition rule compares), plus what a chess variant adds
/// (Crazyhouse's pockets, Three-check's checks). Move counters are left out.
///
/// Standard chess keys are Polyglot's hashes (shakmaty's `Zobrist64`); every other variant's
/// are its board's hash mixed with a constant of the variant, so that the same board under
/// two variants (International and Frisian draughts, chess and Chess960) are two positions.
///
/// ```
/// use games::{AnyPosition, Rules};
/// let start = AnyPosition::start(Rules::Chess);
/// assert_eq!(database::position_key(&start), 0x463b96181691fc9c); // Polyglot's start key
/// let via = |moves: &[&str]| moves.iter().fold(start.clone(), |p, m| p.after(&p.find_move(m).unwrap()));
/// // 1. Nf3 Nf6 2. c4 and 1. c4 Nf6 2. Nf3 meet.
/// assert_eq!(database::position_key(&via(&["Nf3", "Nf6", "c4"])), database::position_key(&via(&["c4", "Nf6", "Nf3"])));
/// ```
pub fn position_key(position: &AnyPosition) -> u64 {
    match position {
        AnyPosition::Draughts(p) => p.zobrist() ^ variant_salt(AnyVariant::of(position)),
        AnyPosition::Chess(p) => {
            let hash: Zobrist64 = p.zobrist_hash(EnPassantMode::Legal);
            hash.0 ^ variant_salt(AnyVariant::of(position))
        }
    }
}

/// The constant a variant's keys are mixed with: none for standard chess (its keys stay
/// Polyglot's), else a hash of the variant's name.
fn variant_salt(variant: AnyVariant) -> u64 {
    match variant {
        AnyVariant::Chess(ChessVariant::Standard) => 0,
        other => twox_hash::XxHash3_64::oneshot(other.name().as_bytes()),
    }
}

/// The key as the database orders it: a signed 64-bit integer (what SQLite and PostgreSQL
/// store) whose order is the key's, so that ranges of keys are ranges of rows.
pub(crate) fn stored(key: u64) -> i64 {
    (key ^ (1 << 63)) as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::Rules;

    #[test]
    fn stored_keys_keep_their_order() {
        let keys = [
            0u64,
            1,
            1 << 62,
            (1 << 63) - 1,
            1 << 63,
            u64::MAX - 1,
            u64::MAX,
        ];
        for pair in keys.windows(2) {
            assert!(stored(pair[0]) < stored(pair[1]));
        }
    }

    #[test]
    fn variants_of_one_board_differ() {
        let international = AnyPosition::start(Rules::Draughts(draughts::Variant::INTERNATIONAL));
        let frisian = AnyPosition::start(Rules::Draughts(draughts::Variant::FRISIAN));
        assert_ne!(position_key(&international), position_key(&frisian));
        let chess = AnyPosition::start(Rules::Chess);
        let c960 = AnyVariant::Chess(ChessVariant::Chess960).start();
        assert_ne!(position_key(&chess), position_key(&c960));
    }

    #[test]
    fn en_passant_counts_only_when_legal() {
        // 1. e4: no black pawn can take en passant, so the key is that of the same board
        // without an en passant square.
        let with = AnyPosition::from_fen(
            Rules::Chess,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        )
        .unwrap();
        let without = AnyPosition::from_fen(
            Rules::Chess,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(position_key(&with), position_key(&without));
        let legal = AnyPosition::from_fen(
            Rules::Chess,
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        )
        .unwrap();
        let none = AnyPosition::from_fen(
            Rules::Chess,
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        )
        .unwrap();
        assert_ne!(position_key(&legal), position_key(&none));
    }
}
