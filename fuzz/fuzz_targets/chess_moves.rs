//! The chess move readers: the first line is a FEN (empty for the start position), the rest
//! move words. Each word goes through the algebraic reader in every language, the Spanish and
//! English descriptive readers and the streaming English reader, replaying the first reading
//! that names one move; the whole line goes through detection ([`chess_notation::read_line`])
//! and through each notation ([`chess_notation::read_line_as`]). No panic, and what a line
//! reader reads is legal.
#![no_main]

use chess_notation::{
    DescriptiveSystem, EnglishReader, Language, Notation, ReadHint, descriptive_candidates,
    parse_move, position_from_fen, read_line, read_line_as,
};
use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Position};

/// Plays `moves` from `start`, checking each is legal.
fn replay(start: &Chess, moves: &[shakmaty::Move]) {
    let mut pos = start.clone();
    for m in moves {
        assert!(
            pos.is_legal(m.clone()),
            "a line reader read an illegal move {m:?}"
        );
        pos.play_unchecked(m.clone());
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (fen, moves) = text.split_once('\n').unwrap_or(("", &text));
    let start = if fen.trim().is_empty() {
        Chess::default()
    } else {
        match position_from_fen(fen.trim()) {
            Ok(p) => p,
            Err(_) => return,
        }
    };
    let words: Vec<&str> = moves.split_whitespace().take(200).collect();

    let mut pos = start.clone();
    let mut english = EnglishReader::new();
    for word in &words {
        let mut chosen = None;
        for language in Language::ALL {
            if let Ok(m) = parse_move(&pos, word, language) {
                assert!(pos.is_legal(m.clone()));
                chosen.get_or_insert(m);
            }
        }
        for system in [DescriptiveSystem::Spanish, DescriptiveSystem::English] {
            if let Ok(found) = descriptive_candidates(&pos, word, system) {
                assert!(!found.is_empty());
                assert!(found.iter().all(|m| pos.is_legal(m.clone())));
                if found.len() == 1 {
                    chosen.get_or_insert(found[0].clone());
                }
            }
        }
        if let Some(m) = english.read(&pos, word) {
            assert!(pos.is_legal(m.clone()));
        }
        let _ = english.read_side_line(&pos, word);
        if let Some(m) = chosen {
            pos.play_unchecked(m);
        }
    }
    let _ = english.finish();

    if let Ok(line) = read_line(&start, &words, ReadHint::NONE) {
        replay(&start, &line.moves);
    }
    for notation in [
        Notation::San,
        Notation::Descriptive(DescriptiveSystem::Spanish),
        Notation::Descriptive(DescriptiveSystem::English),
    ] {
        let hint = ReadHint {
            notation: Some(notation),
            language: None,
        };
        if let Ok(line) = read_line(&start, &words, hint) {
            replay(&start, &line.moves);
        }
        let language = match notation {
            Notation::Descriptive(system) => system.language(),
            _ => Language::English,
        };
        if let Ok(moves) = read_line_as(&start, &words, notation, language) {
            replay(&start, &moves);
        }
    }
});
