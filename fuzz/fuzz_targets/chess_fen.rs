//! The chess FEN readers: standard FEN, X-FEN and Shredder-FEN, and each variant's FEN (pockets
//! `[Nn]` or `/Nn`, check counters `3+3` or `+0+1`), read with the repairs a game's FEN tag
//! gets. No panic, and every legal move of a position read writes in every notation and
//! language and reads back as that move (a Crazyhouse drop too).
#![no_main]

mod common;

use chess_notation::{
    ChessRules, Language, Notation, WriteOptions, descriptive_candidates, parse_move,
    position_from_fen, read_line_as, variant_position_from_fen_repaired, write_move,
};
use libfuzzer_sys::fuzz_target;
use shakmaty::variant::Variant;
use shakmaty::{EnPassantMode, fen::Fen};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(pos) = position_from_fen(&text) {
        round_trip(&pos, &text);
    }
    // The same text in a variant the input's length picks (so each seed tries several).
    let variant = Variant::ALL[data.len() % Variant::ALL.len()];
    if let Ok((pos, _repairs)) = variant_position_from_fen_repaired(&text, variant, false) {
        round_trip(&pos, &text);
    }
});

/// The position's FEN writes, and each of its first legal moves reads back from every form.
fn round_trip<R: ChessRules>(pos: &R, text: &str) {
    let _ = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    let legal = pos.legal_moves();
    for m in legal.iter().take(48) {
        for notation in common::CHESS_NOTATIONS {
            let languages: &[Language] = match notation {
                Notation::San | Notation::Long => &Language::ALL,
                Notation::Uci => &[Language::English],
                Notation::Descriptive(system) => &[system.language()],
            };
            for &language in languages {
                for figurines in [false, true] {
                    let options = WriteOptions::new(notation, language)
                        .with_figurines(figurines)
                        .with_castling_zeros(figurines)
                        .with_mate_sign_double(figurines);
                    let word = write_move(pos, m, &options);
                    match notation {
                        // A drop is written as algebraic notation writes it, in any notation.
                        Notation::Descriptive(system) if !m.is_put() => {
                            let found = descriptive_candidates(pos, &word, system);
                            assert_eq!(
                                found.as_deref().ok(),
                                Some(std::slice::from_ref(m)),
                                "{word:?} ({notation:?}) in {text:?}"
                            );
                        }
                        _ => {
                            let found = parse_move(pos, &word, language);
                            assert_eq!(
                                found.as_ref().ok(),
                                Some(m),
                                "{word:?} ({notation:?}, {language:?}) in {text:?}"
                            );
                        }
                    }
                    let line = read_line_as(pos, &[&word], notation, language);
                    assert_eq!(
                        line.ok().as_deref(),
                        Some(std::slice::from_ref(m)),
                        "{word:?} as a line in {text:?}"
                    );
                }
            }
        }
    }
}
