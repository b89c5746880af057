//! Property tests: random legal games survive every notation, and no input
//! makes a reader panic.

use chess_notation::{
    DescriptiveSystem, Language, Notation, ReadHint, WriteOptions, descriptive_candidates,
    parse_move, read_line, read_line_as, write_line,
};
use proptest::prelude::*;
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

mod common;

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w GDgd - 0 1",
    "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
];

fn start(index: usize) -> Chess {
    let setup: Fen = STARTS[index].parse().unwrap();
    let mode = if index == 0 {
        CastlingMode::Standard
    } else {
        CastlingMode::Chess960
    };
    setup.into_position(mode).unwrap()
}

/// The number of cases, `PROPTEST_CASES` overriding the default.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn styles() -> Vec<WriteOptions> {
    let mut styles: Vec<WriteOptions> = Language::ALL
        .into_iter()
        .map(|l| WriteOptions::new(Notation::San, l))
        .collect();
    styles.push(WriteOptions::new(Notation::San, Language::Polish).with_figurines(true));
    styles.push(WriteOptions::new(Notation::Long, Language::Dutch).with_castling_zeros(true));
    styles.push(WriteOptions::new(Notation::Uci, Language::English));
    for system in [DescriptiveSystem::Spanish, DescriptiveSystem::English] {
        styles.push(WriteOptions::new(
            Notation::Descriptive(system),
            system.language(),
        ));
    }
    styles
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(48), ..ProptestConfig::default() })]

    #[test]
    fn random_games_round_trip(index in 0..STARTS.len(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let start = start(index);
        let moves = common::random_game(&start, &choices);
        for style in styles() {
            let words = write_line(&start, &moves, &style);
            let back = read_line_as(&start, &words, style.notation, style.language)
                .map_err(|e| TestCaseError::fail(format!("{style:?}: {e}\n{words:?}")))?;
            prop_assert_eq!(&back, &moves, "{:?}", style);
            let hint = ReadHint { notation: None, language: Some(style.language) };
            let detected = read_line(&start, &words, hint)
                .map_err(|e| TestCaseError::fail(format!("{style:?} detected: {e}\n{words:?}")))?;
            prop_assert_eq!(&detected.moves, &moves, "{:?}", style);
        }
    }
}

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-hKQRBNPCDTAFLSHWGĈ♔♕♖♗♘♙♚♛♜♝♞♟0-9xX:=/()+#!?@. \u{302}t-]{0,12}",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(2000), ..ProptestConfig::default() })]

    #[test]
    fn no_reader_panics_on_any_word(text in word(), index in 0..STARTS.len(), choices in prop::collection::vec(any::<u16>(), 0..30)) {
        let start = start(index);
        let mut pos = start.clone();
        for m in common::random_game(&start, &choices) {
            pos.play_unchecked(m);
        }
        for language in Language::ALL {
            let _ = parse_move(&pos, &text, language);
        }
        for system in [DescriptiveSystem::Spanish, DescriptiveSystem::English] {
            let _ = descriptive_candidates(&pos, &text, system);
        }
    }

    #[test]
    fn no_line_reader_panics(words in prop::collection::vec(word(), 0..8)) {
        let start = Chess::default();
        let _ = read_line(&start, &words, ReadHint::NONE);
        for notation in [Notation::San, Notation::Descriptive(DescriptiveSystem::Spanish), Notation::Descriptive(DescriptiveSystem::English)] {
            let _ = read_line_as(&start, &words, notation, Language::Spanish);
            if let Err(e) = read_line(&start, &words, ReadHint { notation: Some(notation), language: None }) {
                let _ = e.to_string();
            }
        }
    }
}
