//! `--input-notation X` reads notation X only (issue 11): real games of
//! `../shared/data/chess/twic1599_1000k.pgn`, written in each notation (SAN, long algebraic
//! and UCI with shakmaty's own writers, the two descriptive systems with chess-notation's),
//! are read under each forced notation: a game in the notation asked reads back to the same
//! moves, a game in any other is refused at its first move, with its place.

use std::path::Path;

use chess_notation::{DescriptiveSystem, Language, Notation, WriteOptions, write_move};
use games::{AnyGame, ChessMove, ChessReadOptions, ReadOptions};
use record::{Collect, Reader};
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Move, Position};

/// How a game is written, by the name `--input-notation` gives it.
const WRITTEN: [&str; 5] = ["san", "long", "uci", "desc-es", "desc-en"];

/// `m` in long algebraic (`Ng1-f3`, `e4xd5`, `e7-e8=Q`, `O-O`), written here.
fn long(pos: &Chess, m: &Move) -> String {
    if m.is_castle() {
        return San::from_move(pos, *m).to_string();
    }
    let piece = match m.role() {
        shakmaty::Role::Pawn => String::new(),
        role => role.upper_char().to_string(),
    };
    let sep = if m.is_capture() { 'x' } else { '-' };
    let promotion = m
        .promotion()
        .map(|r| format!("={}", r.upper_char()))
        .unwrap_or_default();
    format!(
        "{piece}{}{sep}{}{promotion}",
        m.from().expect("a normal move"),
        m.to()
    )
}

fn word(notation: &str, pos: &Chess, m: &Move) -> String {
    match notation {
        "san" => San::from_move(pos, *m).to_string(),
        "long" => long(pos, m),
        "uci" => m.to_uci(CastlingMode::Standard).to_string(),
        "desc-es" => write_move(
            pos,
            m,
            &WriteOptions::new(
                Notation::Descriptive(DescriptiveSystem::Spanish),
                Language::Spanish,
            ),
        ),
        _ => write_move(
            pos,
            m,
            &WriteOptions::new(
                Notation::Descriptive(DescriptiveSystem::English),
                Language::English,
            ),
        ),
    }
}

fn movetext(notation: &str, moves: &[Move]) -> String {
    let mut pos = Chess::default();
    let mut text = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(&word(notation, &pos, m));
        text.push(' ');
        pos.play_unchecked(*m);
    }
    text.push('*');
    text
}

/// The main lines of the first `n` games of the file that start from the standard position.
fn games(n: usize) -> Vec<Vec<Move>> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/chess/twic1599_1000k.pgn");
    let mut reader = Reader::new(std::fs::File::open(path).unwrap());
    let mut out = Vec::new();
    while out.len() < n {
        let game = reader
            .read_game(&mut Collect::default())
            .unwrap()
            .expect("enough games");
        if game.tags.contains("FEN") {
            continue;
        }
        let Ok(AnyGame::Chess(g)) = AnyGame::read(game, &ReadOptions::default()) else {
            panic!("a chess game");
        };
        let moves: Vec<Move> = g
            .game
            .moves
            .nodes
            .iter()
            .filter_map(|n| match &n.mov {
                ChessMove::Move(m) => Some(*m),
                ChessMove::Null => None,
            })
            .collect();
        if moves.len() >= 10 {
            out.push(moves);
        }
    }
    out
}

fn read_as(asked: &str, text: &str) -> Result<AnyGame, games::GameError> {
    let options = ReadOptions {
        chess: ChessReadOptions {
            notation: Some(asked.parse().unwrap()),
            ..ChessReadOptions::default()
        },
        ..ReadOptions::default()
    };
    AnyGame::read(record::read_games(text).remove(0).unwrap(), &options)
}

#[test]
fn a_forced_notation_reads_that_notation_only() {
    let games = games(25);
    let mut read = 0;
    let mut refused = 0;
    for (g, moves) in games.iter().enumerate() {
        for written in WRITTEN {
            let text = movetext(written, moves);
            for asked in ["san", "long", "uci", "desc-es", "desc-en", "descriptive"] {
                let admitted =
                    asked == written || (asked == "descriptive" && written.starts_with("desc"));
                let result = read_as(asked, &text);
                if admitted {
                    let Ok(AnyGame::Chess(game)) = result else {
                        panic!("game {g} in {written}, read as {asked}: {result:?}\n{text}");
                    };
                    let back: Vec<ChessMove> = game
                        .game
                        .moves
                        .nodes
                        .iter()
                        .map(|n| n.mov.clone())
                        .collect();
                    let want: Vec<ChessMove> = moves.iter().map(|m| ChessMove::Move(*m)).collect();
                    assert_eq!(back, want, "game {g} in {written}, read as {asked}");
                    read += 1;
                } else {
                    let error = match result {
                        Err(e) => e,
                        Ok(_) => panic!("game {g} in {written} was read as {asked}\n{text}"),
                    };
                    // The first move already is in another notation: refused there.
                    assert_eq!(
                        error.ply.as_ref().map(|p| p.index),
                        Some(1),
                        "game {g} in {written}, read as {asked}: {error}"
                    );
                    assert_eq!(
                        (error.at.line, error.at.column),
                        (1, 4),
                        "game {g} in {written}, read as {asked}: {error}"
                    );
                    refused += 1;
                }
            }
        }
    }
    assert_eq!((read, refused), (25 * 7, 25 * 23));
}

#[test]
fn the_refusal_names_the_notation_the_word_is_in() {
    let cases = [
        (
            "san",
            "1. e4 e5 2. g1f3 *",
            "\"g1f3\" is UCI notation, not SAN as asked",
        ),
        (
            "san",
            "1. e4 e5 2. Ng1-f3 *",
            "\"Ng1-f3\" is long algebraic notation, not SAN as asked",
        ),
        (
            "uci",
            "1. e2e4 e7e5 2. Nf3 *",
            "\"Nf3\" is SAN notation, not UCI as asked",
        ),
        (
            "long",
            "1. e2-e4 e7-e5 2. g1f3 *",
            "\"g1f3\" is UCI notation, not long algebraic as asked",
        ),
        (
            "uci",
            "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. O-O *",
            "\"O-O\" is SAN notation, not UCI as asked",
        ),
    ];
    for (asked, text, message) in cases {
        let error = read_as(asked, text).unwrap_err();
        assert!(error.message.contains(message), "{asked}: {error}");
        assert!(error.ply.is_some(), "{error}");
    }
}
