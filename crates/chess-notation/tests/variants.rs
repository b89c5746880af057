//! The variants of the big sites (Crazyhouse, Atomic, Antichess, King of the Hill,
//! Three-check, Horde, Racing Kings): random legal games, written by shakmaty's own SAN and
//! UCI writers (a reference this crate did not write), read back move for move, in one go and
//! word by word; and written by this crate as shakmaty writes them, in every language.

use chess_notation::{
    ChessRules, DescriptiveSystem, Language, Notation, ReadHint, ReadOptions, Step, WordReader,
    WriteOptions, read_line, read_line_as, write_line,
};
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{CastlingMode, Move, Position};

/// A random legal game of at most `plies` plies from `start`, by a fixed seed.
fn random_game(start: &VariantPosition, plies: usize, mut seed: u64) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        if pos.is_game_over() {
            break;
        }
        let legal = pos.legal_moves();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Drops when there are some, half the time: a random pick would mostly drop.
        let drops: Vec<Move> = legal.iter().copied().filter(|m| m.is_put()).collect();
        let m = if !drops.is_empty() && seed.is_multiple_of(4) {
            drops[(seed >> 8) as usize % drops.len()]
        } else {
            legal[(seed >> 8) as usize % legal.len()]
        };
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// shakmaty's SAN of each move of `moves` from `start`; a pawn's drop with its letter
/// (`P@e6`), as lichess writes it, where shakmaty (and python-chess) write `@e6`.
fn shakmaty_san(start: &VariantPosition, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&m| {
            let san = SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string();
            if san.starts_with('@') {
                format!("P{san}")
            } else {
                san
            }
        })
        .collect()
}

const VARIANTS: [Variant; 8] = [
    Variant::Chess,
    Variant::Crazyhouse,
    Variant::Atomic,
    Variant::Antichess,
    Variant::KingOfTheHill,
    Variant::ThreeCheck,
    Variant::Horde,
    Variant::RacingKings,
];

#[test]
fn shakmaty_san_and_uci_read_back_in_every_variant() {
    let mut drops = 0;
    for variant in VARIANTS {
        let start = VariantPosition::new(variant);
        for game in 0..60u64 {
            let moves = random_game(&start, 120, 0x9E37_79B9_7F4A_7C15 ^ ((game + 1) * 7919));
            drops += moves.iter().filter(|m| m.is_put()).count();
            let san = shakmaty_san(&start, &moves);
            let read = read_line(&start, &san, ReadHint::NONE)
                .unwrap_or_else(|e| panic!("{variant:?} game {game}: {e}\n{san:?}"));
            assert_eq!(read.moves, moves, "{variant:?} game {game}: {san:?}");
            // shakmaty's own spelling of a pawn's drop reads too.
            let bare: Vec<String> = san.iter().map(|w| w.replace("P@", "@")).collect();
            let read = read_line(&start, &bare, ReadHint::NONE).expect("@e6 reads");
            assert_eq!(read.moves, moves, "{variant:?} game {game}: {bare:?}");

            let uci: Vec<String> = moves
                .iter()
                .map(|m| UciMove::from_move(*m, CastlingMode::Standard).to_string())
                .collect();
            let read = read_line_as(&start, &uci, Notation::Uci, Language::English)
                .unwrap_or_else(|e| panic!("{variant:?} game {game}: {e}\n{uci:?}"));
            assert_eq!(read, moves, "{variant:?} game {game}: {uci:?}");

            let options = ReadOptions::default();
            let mut reader: WordReader<usize, VariantPosition> =
                WordReader::new(&start, false, &options);
            let mut streamed = Vec::new();
            for (i, word) in san.iter().enumerate() {
                let step = reader.word(word, None, i, |_, m| streamed.push(m.clone()));
                assert_ne!(step, Step::Failed, "{variant:?} game {game}: {word}");
            }
            let done = reader.finish();
            let reading = done.result.expect("the game reads");
            assert_eq!(reading.plies, moves.len());
            let mut end = start.clone();
            for &m in &moves {
                end.play_unchecked(m);
            }
            assert_eq!(reading.end, end, "{variant:?} game {game}");
        }
    }
    assert!(drops > 500, "the Crazyhouse games drop pieces ({drops})");
}

#[test]
fn written_as_shakmaty_writes_in_every_language() {
    for variant in VARIANTS {
        let start = VariantPosition::new(variant);
        for game in 0..30u64 {
            let moves = random_game(&start, 100, 0xD1B5_4A32_D192_ED03 ^ ((game + 1) * 104_729));
            let san = shakmaty_san(&start, &moves);
            assert_eq!(
                write_line(&start, &moves, &WriteOptions::default()),
                san,
                "{variant:?} game {game}"
            );
            for language in Language::ALL {
                let options = WriteOptions::new(Notation::San, language);
                let written = write_line(&start, &moves, &options);
                let read = read_line_as(&start, &written, Notation::San, language)
                    .unwrap_or_else(|e| panic!("{variant:?} {language:?} game {game}: {e}"));
                assert_eq!(read, moves, "{variant:?} {language:?} game {game}");
            }
            for system in [DescriptiveSystem::English, DescriptiveSystem::Spanish] {
                let notation = Notation::Descriptive(system);
                let language = match system {
                    DescriptiveSystem::English => Language::English,
                    DescriptiveSystem::Spanish => Language::Spanish,
                };
                let written = write_line(&start, &moves, &WriteOptions::new(notation, language));
                let read = read_line_as(&start, &written, notation, language)
                    .unwrap_or_else(|e| panic!("{variant:?} {system:?} game {game}: {e}"));
                assert_eq!(
                    read, moves,
                    "{variant:?} {system:?} game {game}: {written:?}"
                );
                // Descriptive notation takes its letters from its system, whatever language
                // the options name (the command line's --lang is English by default): drops
                // too (`C@e3` in Spanish).
                for other in Language::ALL {
                    let options = WriteOptions::new(notation, other);
                    assert_eq!(
                        write_line(&start, &moves, &options),
                        written,
                        "{variant:?} {system:?} game {game} with {other:?} letters asked"
                    );
                }
            }
        }
    }
}

#[test]
fn drops_that_cannot_be_are_refused_with_why() {
    let start = VariantPosition::new(Variant::Crazyhouse);
    let err = |words: &[&str]| {
        read_line(&start, words, ReadHint::NONE)
            .unwrap_err()
            .to_string()
    };
    assert!(
        err(&["N@e4"]).contains("White has no knight in hand"),
        "{}",
        err(&["N@e4"])
    );
    let after = ["e4", "d5", "exd5", "Qxd5"];
    // White took a pawn: it may drop it, but not on the last rank nor on a piece.
    assert!(read_line(&start, &[&after[..], &["P@e6"]].concat(), ReadHint::NONE).is_ok());
    assert!(err(&[&after[..], &["P@e8"]].concat()).contains("not empty"));
    assert!(err(&[&after[..], &["@h8"]].concat()).contains("not empty"));
    assert!(err(&[&after[..], &["P@d8"]].concat()).contains("first or last rank"));
    // Standard chess has no drops at all.
    let chess = shakmaty::Chess::default();
    let e = read_line(
        &chess,
        &["e4", "d5", "exd5", "Qxd5", "P@e6"],
        ReadHint::NONE,
    )
    .unwrap_err();
    assert!(e.to_string().contains("no drops"), "{e}");
    assert!(chess.as_chess().is_some() && start.as_chess().is_none());
}

#[test]
fn descriptive_writes_drops_as_algebraic() {
    let start = VariantPosition::new(Variant::Crazyhouse);
    let words = ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qd8", "P@e6"];
    let moves = read_line(&start, &words, ReadHint::NONE).unwrap().moves;
    let system = chess_notation::DescriptiveSystem::English;
    let options = WriteOptions::new(Notation::Descriptive(system), Language::English);
    let written = write_line(&start, &moves, &options);
    assert_eq!(written.last().map(String::as_str), Some("P@e6"));
    let read = read_line_as(
        &start,
        &written,
        Notation::Descriptive(system),
        Language::English,
    );
    assert_eq!(read.unwrap(), moves, "{written:?}");
}

/// A Crazyhouse game from a FEN with pieces in hand may start with a drop, which every
/// notation writes alike (`N@e3`): the reader learns the notation from the words after it,
/// as it does after castling.
#[test]
fn a_line_that_starts_with_a_drop_is_read_in_its_notation() {
    let fen: shakmaty::fen::Fen = "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1"
        .parse()
        .unwrap();
    let start: VariantPosition = fen
        .into_position(CastlingMode::Standard)
        .map(VariantPosition::Crazyhouse)
        .unwrap();
    let mut first_drops = 0;
    for game in 0..40u64 {
        let moves = random_game(&start, 40, 0x9E37_79B9_7F4A_7C15 ^ ((game + 1) * 7_919));
        first_drops += usize::from(moves.first().is_some_and(|m| m.is_put()));
        let notations = [
            (Notation::San, Language::English),
            (Notation::San, Language::Spanish),
            (Notation::Long, Language::English),
            (
                Notation::Descriptive(DescriptiveSystem::English),
                Language::English,
            ),
            (
                Notation::Descriptive(DescriptiveSystem::Spanish),
                Language::Spanish,
            ),
        ];
        for (notation, language) in notations {
            let written = write_line(&start, &moves, &WriteOptions::new(notation, language));
            let read = read_line(&start, &written, ReadHint::NONE)
                .unwrap_or_else(|e| panic!("game {game} in {notation:?}: {e}: {written:?}"));
            assert_eq!(
                read.moves, moves,
                "game {game} in {notation:?}: {written:?}"
            );
        }
    }
    assert!(
        first_drops >= 5,
        "games that start with a drop: {first_drops}"
    );
}
