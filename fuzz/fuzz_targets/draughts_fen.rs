//! The draughts FEN reader under every variant: no panic, a position read writes back as a
//! canonical FEN that reads as the same position, and its legal moves write and read back.
#![no_main]

mod common;

use draughts::{Fen, Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for variant in Variant::ALL {
        let Ok(fen) = Fen::parse(&text, variant) else {
            continue;
        };
        match Position::from_fen(&text, variant) {
            Ok(pos) => {
                assert!(fen.side.is_some());
                assert_eq!(pos, fen.position);
            }
            Err(_) => assert!(
                fen.side.is_none(),
                "Fen::parse read {text:?}, from_fen did not"
            ),
        }
        let written = fen.position.to_fen();
        let again = Position::from_fen(&written, variant)
            .unwrap_or_else(|e| panic!("the written FEN {written:?} does not read back: {e}"));
        assert_eq!(again, fen.position, "{written:?} reads as another position");
        assert_eq!(again.to_fen(), written);
        common::moves_round_trip(&fen.position);
    }
});
