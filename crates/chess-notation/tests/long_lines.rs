//! A main line whose notation is learnt (not English at once) is held back only for its first
//! 4,096 moves when they read in an algebraic notation: the rest is read word by word in what
//! they taught, with the same moves, errors and reading as the whole line read at once by
//! `read_line` (the reference: it sees every word). A descriptive line is held to its end.

use chess_notation::{
    ChessMove, Fate, Language, Notation, ReadOptions, Step, WordReader, read_line,
};
use shakmaty::{Chess, Move};

/// The knights' dance, legal for ever: `plies` words in the given letters.
fn dance(knight: &str, plies: usize) -> Vec<String> {
    ["f3", "f6", "g1", "g8"]
        .iter()
        .cycle()
        .take(plies)
        .map(|square| format!("{knight}{square}"))
        .collect()
}

/// What a learning reader (its fates kept, as a game reader that holds the text keeps them)
/// made of `words`: each word's step, the moves (from fates and at once, in order), and the
/// end.
fn read(words: &[String]) -> (Vec<Step>, Vec<Move>, chess_notation::Finished<usize>) {
    let options = ReadOptions::default();
    let mut reader: WordReader<usize> = WordReader::new(&Chess::default(), false, &options);
    reader.start_logging();
    let mut steps = Vec::new();
    let mut moves = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let mut now = None;
        let step = reader.word(word, None, i, |_, m| now = Some(m.clone()));
        if step == Step::Pending && reader.settled() {
            for fate in reader.take_fates() {
                if let Fate::Move {
                    mv: ChessMove::Move(m),
                    ..
                } = fate
                {
                    moves.push(m);
                }
            }
        }
        if let Some(ChessMove::Move(m)) = now {
            moves.push(m);
        }
        steps.push(step);
    }
    let done = reader.finish();
    for fate in &done.fates {
        if let Fate::Move {
            mv: ChessMove::Move(m),
            ..
        } = fate
        {
            moves.push(*m);
        }
    }
    (steps, moves, done)
}

#[test]
fn a_long_german_line_is_held_only_for_its_first_moves() {
    let words = dance("S", 10_000);
    let (steps, moves, done) = read(&words);
    // Held while learning, read at once from the 4,096th word on.
    assert!(steps[..4095].iter().all(|s| *s == Step::Pending));
    assert!(
        steps[4096..].iter().all(|s| *s == Step::Played),
        "{:?}",
        &steps[4090..4100]
    );
    let reading = done.result.expect("the line reads");
    assert_eq!(reading.plies, 10_000);
    assert_eq!(reading.language, Language::German);
    assert_eq!(reading.notation, Notation::San);
    let whole: Vec<&str> = words.iter().map(String::as_str).collect();
    let reference = read_line(&Chess::default(), &whole, Default::default()).unwrap();
    assert_eq!(reference.language, Language::German);
    assert_eq!(moves, reference.moves);
}

#[test]
fn a_long_line_that_fails_late_fails_where_the_whole_line_does() {
    let mut words = dance("S", 6_000);
    words[5_001] = "Sd4".to_string();
    let (_, _, done) = read(&words);
    let error = done.result.expect_err("Sd4 is no move there");
    let whole: Vec<&str> = words.iter().map(String::as_str).collect();
    let reference = read_line(&Chess::default(), &whole, Default::default()).unwrap_err();
    assert_eq!(error.ply, reference.ply_index + 1);
    assert_eq!(error.word, reference.word);
    assert_eq!(error.reason, reference.reason);
}

#[test]
fn a_line_that_reads_in_no_notation_fails_at_once_when_long() {
    let mut words = dance("S", 6_000);
    words[7] = "Qq9".to_string();
    let (steps, _, done) = read(&words);
    // Failed once the first 4,096 words were seen, not held to the end.
    assert_eq!(steps[4095], Step::Failed);
    let error = done.result.expect_err("Qq9 is no move");
    let whole: Vec<&str> = words.iter().map(String::as_str).collect();
    let reference = read_line(&Chess::default(), &whole, Default::default()).unwrap_err();
    assert_eq!(error.ply, reference.ply_index + 1);
    assert_eq!(error.word, reference.word);
}

#[test]
fn a_long_descriptive_line_is_held_to_its_end() {
    let words: Vec<String> = ["N-KB3", "N-KB3", "N-KN1", "N-KN1"]
        .iter()
        .cycle()
        .take(5_000)
        .map(|w| w.to_string())
        .collect();
    let (steps, moves, done) = read(&words);
    assert!(steps.iter().all(|s| *s == Step::Pending));
    let reading = done.result.expect("the line reads");
    assert!(matches!(reading.notation, Notation::Descriptive(_)));
    assert_eq!(reading.plies, 5_000);
    let whole: Vec<&str> = words.iter().map(String::as_str).collect();
    let reference = read_line(&Chess::default(), &whole, Default::default()).unwrap();
    assert_eq!(moves, reference.moves);
}
