//! Every game of the shared PGN files replays, and survives a round trip
//! through every notation, language and style we write.

mod common;

use chess_notation::{
    DescriptiveSystem, Language, LineErrorReason, MoveError, Notation, ReadHint, WriteOptions,
    read_line, write_line,
};
use common::Game;
use shakmaty::{Chess, Move, Position, san::San};

const FILES: [&str; 2] = ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"];

fn all_games() -> Vec<Game> {
    FILES.iter().flat_map(|f| common::load(f)).collect()
}

/// shakmaty's own reading, to compare with.
fn shakmaty_moves(start: &Chess, words: &[String]) -> Vec<Move> {
    let mut pos = start.clone();
    words
        .iter()
        .map(|w| {
            let m = San::from_ascii(w.as_bytes())
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(m);
            m
        })
        .collect()
}

#[test]
fn every_game_replays_in_english_like_shakmaty_reads_it() {
    let games = all_games();
    assert_eq!(games.len(), 438 + 1110);
    for (i, game) in games.iter().enumerate() {
        let line = read_line(&game.start, &game.words, ReadHint::NONE)
            .unwrap_or_else(|e| panic!("game {i}: {e}"));
        assert_eq!(
            line.moves,
            shakmaty_moves(&game.start, &game.words),
            "game {i}"
        );
        assert_eq!(line.notation, Notation::San, "game {i}");
        if !game.words.is_empty() {
            assert!(line.languages.contains(Language::English), "game {i}");
        }
    }
}

fn styles() -> Vec<WriteOptions> {
    let mut styles: Vec<WriteOptions> = Language::ALL
        .into_iter()
        .map(|l| WriteOptions::new(Notation::San, l))
        .collect();
    styles.push(WriteOptions::new(Notation::San, Language::English).with_figurines(true));
    styles.push(
        WriteOptions::new(Notation::San, Language::Spanish)
            .with_castling_zeros(true)
            .with_mate_sign_double(true),
    );
    styles.push(WriteOptions::new(Notation::Long, Language::English));
    styles.push(WriteOptions::new(Notation::Long, Language::German).with_figurines(true));
    styles.push(WriteOptions::new(Notation::Uci, Language::English));
    styles.push(WriteOptions::new(
        Notation::Descriptive(DescriptiveSystem::Spanish),
        Language::Spanish,
    ));
    styles.push(WriteOptions::new(
        Notation::Descriptive(DescriptiveSystem::English),
        Language::English,
    ));
    styles
}

/// Writes the game in `style` and reads it back, with the style's language
/// as a hint, and without any hint (where two languages may legitimately
/// conflict). Returns whether the unhinted reading met a conflict.
fn round_trip(i: usize, game: &Game, moves: &[Move], style: &WriteOptions) -> bool {
    let words = write_line(&game.start, moves, style);
    let hint = ReadHint {
        notation: Some(style.notation),
        language: Some(style.language),
    };
    let back = read_line(&game.start, &words, hint)
        .unwrap_or_else(|e| panic!("game {i} in {style:?}: {e}\n{words:?}"));
    assert_eq!(back.moves, moves, "game {i} in {style:?}");
    match read_line(&game.start, &words, ReadHint::NONE) {
        Ok(back) => {
            assert_eq!(back.moves, moves, "game {i} in {style:?}, detected");
            if style.notation != Notation::Uci && !moves.is_empty() {
                assert_eq!(back.notation, style.notation, "game {i} in {style:?}");
            }
            false
        }
        Err(e) if matches!(e.reason, LineErrorReason::Conflict { .. }) => true,
        Err(e) => panic!("game {i} in {style:?}, detected: {e}\n{words:?}"),
    }
}

fn round_trip_games(step: usize) {
    assert!(step > 0);
    let styles = styles();
    let mut conflicts = 0;
    for (i, game) in all_games().iter().enumerate().step_by(step) {
        let moves = shakmaty_moves(&game.start, &game.words);
        for style in &styles {
            if round_trip(i, game, &moves, style) {
                conflicts += 1;
            }
        }
    }
    eprintln!("unhinted readings that met a language conflict: {conflicts}");
}

/// Every game, every style: fast enough in a debug build (the
/// dependencies are optimised in the dev profile).
#[test]
fn every_game_round_trips_through_every_notation() {
    round_trip_games(1);
}

/// The awkward files of python-chess's tests that are plain chess (the
/// antichess and crazyhouse ones are not): Chess960, UCI moves, a BOM,
/// empty lines, comments everywhere.
const EDGE_FILES: [&str; 9] = [
    "edge/anastasian-lewis.pgn",
    "edge/chessbase-empty-line.pgn",
    "edge/cutechess-fischerrandom.pgn",
    "edge/kasparov-deep-blue-1997.pgn",
    "edge/molinari-bordais-1979.pgn",
    "edge/nepomniachtchi-liren-game1.pgn",
    "edge/stockfish-learning.pgn",
    "edge/uci-moves.pgn",
    "edge/utf8-bom.pgn",
];

#[test]
fn edge_files_replay_and_round_trip() {
    let styles = styles();
    for file in EDGE_FILES {
        for (i, game) in common::load(file).iter().enumerate() {
            let line = match read_line(&game.start, &game.words, ReadHint::NONE) {
                Ok(line) => line,
                // ChessBase's null move `Z0` has no shakmaty move.
                Err(e) if matches!(e.reason, LineErrorReason::Move(MoveError::NullMove { .. })) => {
                    assert_eq!(e.word, "Z0", "{file} game {i}");
                    continue;
                }
                Err(e) => panic!("{file} game {i}: {e}"),
            };
            for style in &styles {
                round_trip(i, game, &line.moves, style);
            }
        }
    }
}

#[test]
fn uci_and_chess960_files_are_recognised() {
    let uci = common::load("edge/uci-moves.pgn");
    let line = read_line(&uci[0].start, &uci[0].words, ReadHint::NONE).unwrap();
    assert_eq!(line.notation, Notation::Uci);
    let frc = common::load("edge/cutechess-fischerrandom.pgn");
    assert_eq!(frc.len(), 4);
    let mut castles = 0;
    for game in &frc {
        assert_eq!(
            game.start.castles().mode(),
            shakmaty::CastlingMode::Chess960
        );
        let line = read_line(&game.start, &game.words, ReadHint::NONE).unwrap();
        castles += line.moves.iter().filter(|m| m.is_castle()).count();
    }
    assert!(castles > 0);
}
