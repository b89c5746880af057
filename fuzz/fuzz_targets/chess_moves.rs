//! The chess move readers: the first line is a FEN (empty for the start position), the rest
//! move words. Each word goes through the algebraic reader in every language and the Spanish
//! and English descriptive readers, replaying the first reading that names one move; the
//! whole line goes through the word reader (learning the notation, and English at once:
//! where English at once is certain, both read the same moves), detection
//! ([`chess_notation::read_line`]) and each notation ([`chess_notation::read_line_as`]). No
//! panic, and what a reader reads is legal.
#![no_main]

use chess_notation::{
    ChessMove, DescriptiveSystem, Fate, Language, Notation, ReadHint, ReadOptions, WordReader,
    descriptive_candidates, parse_move, position_from_fen, read_line, read_line_as,
};
use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Position};

/// The moves a word reader reads of `words`, when it reads them all and is certain of them;
/// each checked legal.
fn read_words(mut reader: WordReader<usize>, words: &[&str]) -> Option<Vec<ChessMove>> {
    reader.start_logging();
    for (i, word) in words.iter().enumerate() {
        let _ = reader.word(word, None, i, |_, _| {});
    }
    let done = reader.finish();
    let mut moves = Vec::new();
    for fate in done.fates {
        if let Fate::Move { mv, before } = fate {
            if let ChessMove::Move(m) = &mv {
                assert!(before.is_legal(m.clone()), "the word reader read an illegal move");
            }
            moves.push(mv);
        }
    }
    (done.certain && done.result.is_ok()).then_some(moves)
}

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
        if let Some(m) = chosen {
            pos.play_unchecked(m);
        }
    }
    let learnt = read_words(WordReader::new(&start, false, &ReadOptions::default()), &words);
    let english = read_words(WordReader::english(&start, false, &ReadOptions::default()), &words);
    if let (Some(english), Some(learnt)) = (english, &learnt) {
        assert_eq!(&english, learnt, "English at once, certain, reads as learning");
    }

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
