//! Properties that must hold for any input: no panic on any FEN or square text, canonical
//! FEN round trips, and the move generator agreeing with itself along random games.

use draughts::{BoardSize, Fen, IllegalMove, Position, Square, Variant, perft};
use proptest::prelude::*;

fn variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fen_reader_never_panics(text in ".{0,80}", v in variant()) {
        let _ = Fen::parse(&text, v);
    }

    #[test]
    fn fen_like_text_never_panics(text in "[WBwb?]?[:., ]{0,2}([WBKwbk?]?[0-9a-j,\\-. :]{0,6}){0,12}", v in variant()) {
        if let Ok(fen) = Fen::parse(&text, v) {
            // Whatever was read writes canonically and reads back to the same position.
            let again = Fen::parse(&fen.position.to_fen(), v).unwrap();
            prop_assert_eq!(again.position, fen.position);
        }
    }

    #[test]
    fn square_names_never_panic(text in ".{0,12}") {
        for size in [BoardSize::Eight, BoardSize::Ten] {
            if let Ok(sq) = Square::parse(&text, size) {
                prop_assert!(sq.number() >= 1 && sq.number() <= u32::from(size.squares()));
            }
        }
    }

    #[test]
    fn move_texts_never_panic(text in "[0-9a-jx:\\- ]{0,16}", v in variant()) {
        let _ = Position::start(v).parse_move(&text);
    }

    /// Along random games: the bulk count equals the generated list, every move reads back
    /// from its own notation, the FEN of every position round-trips, and play refuses a
    /// move that is not legal.
    #[test]
    fn random_games_are_consistent(v in variant(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let mut pos = Position::start(v);
        let style = draughts::MoveStyle::of(&v);
        for c in choices {
            let moves = pos.legal_moves();
            prop_assert_eq!(moves.len() as u64, pos.legal_move_count());
            prop_assert_eq!(pos.has_legal_move(), !moves.is_empty());
            prop_assert_eq!(perft(&pos, 1), moves.len() as u64);
            // FEN has no field for Frisian's runs of king moves: the pieces and the side to
            // move round-trip, the runs start empty.
            let back = Position::from_fen(&pos.to_fen(), v).unwrap();
            prop_assert_eq!(back.to_fen(), pos.to_fen());
            if v.king_move_limit.is_none() {
                prop_assert_eq!(back, pos);
            }
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                let text = pos.write_move(m, &style);
                prop_assert_eq!(&pos.parse_move(&text).unwrap(), m);
                let full = pos.write_move(m, &style.with_full_path());
                prop_assert_eq!(&pos.parse_move(&full).unwrap(), m);
            }
            // A move of the other side's pieces is never legal here: play refuses it and
            // leaves the position as it was.
            let mut other = pos;
            other.set_side_to_move(!pos.side_to_move());
            let theirs = other.legal_moves();
            if !theirs.is_empty() {
                let mut refused = pos;
                let illegal = &theirs[c as usize % theirs.len()];
                prop_assert_eq!(refused.play(illegal), Err(IllegalMove));
                prop_assert_eq!(refused, pos);
            }
            let m = &moves[c as usize % moves.len()];
            let mut copy = pos;
            copy.play(m).unwrap();
            pos.play_unchecked(m);
            prop_assert_eq!(copy, pos);
        }
    }
}

#[test]
fn huge_depth_on_a_finished_position_does_not_allocate_or_panic() {
    let pos = Position::from_fen("W:W:B1", Variant::AMERICAN).unwrap();
    assert_eq!(perft(&pos, u32::MAX), 0);
}

/// Positions compare their rules by address (every position's variant is interned): the
/// same pieces under two variants differ, under equal variants made apart they are equal,
/// and a variant changed in one rule is another variant.
#[test]
fn positions_are_equal_when_their_pieces_and_rules_are() {
    for a in Variant::ALL {
        for b in Variant::ALL {
            let (pa, pb) = (Position::start(a), Position::start(b));
            assert_eq!(pa == pb, a == b, "{a} and {b}");
            assert_eq!(Position::start_of(a.interned()), pa);
        }
        let fen = Position::start(a).to_fen();
        assert_eq!(Position::from_fen(&fen, a).unwrap(), Position::start(a));
        let changed = Variant {
            men_capture_kings: !a.men_capture_kings,
            ..a
        };
        assert_ne!(Position::start(changed), Position::start(a));
        assert_eq!(Position::start(changed), Position::start(changed));
        assert!(std::ptr::eq(changed.interned(), changed.interned()));
    }
}
