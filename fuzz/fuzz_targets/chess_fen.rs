//! The chess FEN reader (FEN, X-FEN, Shredder-FEN): no panic, and every legal move of a
//! position read writes in every notation and language and reads back as that move.
#![no_main]

mod common;

use chess_notation::{
    Language, Notation, WriteOptions, descriptive_candidates, parse_move, position_from_fen,
    read_line_as, write_move,
};
use libfuzzer_sys::fuzz_target;
use shakmaty::{EnPassantMode, Position, fen::Fen};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(pos) = position_from_fen(&text) else {
        return;
    };
    let _ = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
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
                    let word = write_move(&pos, m, &options);
                    match notation {
                        Notation::Descriptive(system) => {
                            let found = descriptive_candidates(&pos, &word, system);
                            assert_eq!(
                                found.as_deref().ok(),
                                Some(std::slice::from_ref(m)),
                                "{word:?} ({notation:?}) in {text:?}"
                            );
                        }
                        _ => {
                            let found = parse_move(&pos, &word, language);
                            assert_eq!(
                                found.as_ref().ok(),
                                Some(m),
                                "{word:?} ({notation:?}, {language:?}) in {text:?}"
                            );
                        }
                    }
                    let line = read_line_as(&pos, &[&word], notation, language);
                    assert_eq!(
                        line.ok().as_deref(),
                        Some(std::slice::from_ref(m)),
                        "{word:?} as a line"
                    );
                }
            }
        }
    }
});
