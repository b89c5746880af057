//! The draughts move-text readers under every variant: the first line is a FEN (empty for
//! the start position), the rest move words replayed from it. No panic; the quick reader
//! ([`draughts::MoveReader`]) and the full one agree on every word; the game's history
//! (repetitions, draw rules) follows the moves.
#![no_main]

mod common;

use draughts::{GameHistory, MoveReader, Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (fen, moves) = text.split_once('\n').unwrap_or(("", &text));
    let words: Vec<&str> = moves.split_whitespace().take(300).collect();
    let mut reader = MoveReader::new();
    for variant in Variant::ALL {
        let start = if fen.trim().is_empty() {
            Position::start(variant)
        } else {
            match Position::from_fen(fen.trim(), variant) {
                Ok(p) => p,
                Err(_) => continue,
            }
        };
        let mut history = GameHistory::new(start.clone());
        let mut pos = start;
        for word in &words {
            let Some(m) = common::readers_agree(&mut reader, &pos, word) else {
                continue;
            };
            pos.play(&m).expect("a move read is legal");
            history
                .push(&m)
                .expect("a move read is legal in the history");
            let _ = history.state();
            assert_eq!(history.position(), &pos);
        }
        common::moves_round_trip(&pos);
    }
});
