//! Every chess file in ../shared/data/chess read through the same reader as PDN, replayed,
//! and converted to every notation and language and back.

use std::path::{Path, PathBuf};

use chess_notation::{DescriptiveSystem, Language, Notation, WriteOptions};
use games::{
    AnyGame, ChessGame, ChessMove, ChessReadOptions, ChessVariant, ChessWriteStyle, ReadOptions,
};
use record::{Collect, Reader};
use shakmaty::Position;

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/chess")
        .join(rel)
}

fn read_all(path: &Path) -> Vec<Result<AnyGame, String>> {
    let mut reader = Reader::new(std::fs::File::open(path).unwrap());
    let options = ReadOptions {
        prefer_chess: true,
        ..ReadOptions::default()
    };
    let mut out = Vec::new();
    while let Some(game) = reader.read_game(&mut Collect::default()).transpose() {
        out.push(match game {
            Ok(g) => AnyGame::read(g, &options)
                .map_err(|e| format!("{}:{}: {e}", e.at.line, e.at.column)),
            Err(e) => Err(e.to_string()),
        });
    }
    out
}

fn chess(g: Result<AnyGame, String>) -> ChessGame {
    match g {
        Ok(AnyGame::Chess(g)) => g,
        Ok(AnyGame::Draughts(_)) => panic!("read as draughts"),
        Err(e) => panic!("{e}"),
    }
}

fn main_line(g: &ChessGame) -> Vec<ChessMove> {
    g.game.moves.nodes.iter().map(|n| n.mov.clone()).collect()
}

fn styles() -> Vec<WriteOptions> {
    let mut out: Vec<WriteOptions> = Language::ALL
        .iter()
        .map(|&l| WriteOptions::new(Notation::San, l))
        .collect();
    out.push(WriteOptions::new(Notation::San, Language::English).with_figurines(true));
    out.push(
        WriteOptions::new(Notation::San, Language::Spanish)
            .with_mate_sign_double(true)
            .with_castling_zeros(true),
    );
    out.push(WriteOptions::new(Notation::Long, Language::German));
    out.push(WriteOptions::new(Notation::Uci, Language::English));
    out.push(WriteOptions::new(
        Notation::Descriptive(DescriptiveSystem::Spanish),
        Language::Spanish,
    ));
    out.push(WriteOptions::new(
        Notation::Descriptive(DescriptiveSystem::English),
        Language::English,
    ));
    out
}

#[test]
fn every_game_replays_and_converts_back_identically() {
    let mut games = 0;
    for name in ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"] {
        let all = read_all(&data(name));
        assert_eq!(
            all.len(),
            if name.starts_with("lichess") {
                438
            } else {
                1110
            }
        );
        for (i, g) in all.into_iter().enumerate() {
            let g = chess(g);
            // Convert every 7th game to every style (all of them in release builds).
            if cfg!(debug_assertions) && i % 7 != 0 {
                continue;
            }
            for moves in styles() {
                let text = g.write(&ChessWriteStyle {
                    moves,
                    width: 80,
                    glyphs: true,
                });
                let again = Reader::from_str(&text)
                    .read_game(&mut Collect::default())
                    .unwrap()
                    .unwrap();
                let again = ChessGame::read(again, &ChessReadOptions::default())
                    .unwrap_or_else(|e| panic!("{name} game {}: {e}\n{text}", i + 1));
                assert_eq!(
                    main_line(&again),
                    main_line(&g),
                    "{name} game {} in {:?}",
                    i + 1,
                    moves
                );
                assert_eq!(again.game.tags.get("White"), g.game.tags.get("White"));
                assert_eq!(again.result_text(), g.result_text());
                let comments = |g: &ChessGame| {
                    g.game
                        .moves
                        .nodes
                        .iter()
                        .map(|n| n.after.len())
                        .sum::<usize>()
                };
                assert_eq!(comments(&again), comments(&g));
            }
            games += 1;
        }
    }
    assert!(games >= 220);
}

#[test]
fn edge_files() {
    let ok = |name: &str| -> Vec<ChessGame> {
        read_all(&data(&format!("edge/{name}")))
            .into_iter()
            .map(chess)
            .collect()
    };
    // A byte-order mark, then games without moves.
    assert_eq!(ok("utf8-bom.pgn").len(), 2);
    // An empty line inside the tag section.
    let g = &ok("chessbase-empty-line.pgn")[0];
    assert_eq!(g.game.tags.get("Date"), Some("2017.12.04"));
    assert!(g.plies() > 100);
    // UCI moves.
    let g = &ok("uci-moves.pgn")[0];
    assert_eq!(g.notation, Notation::Uci);
    // Chess960 from an X-FEN with KQkq rights.
    let g = &ok("cutechess-fischerrandom.pgn")[0];
    assert_eq!(g.variant, ChessVariant::Chess960);
    assert_eq!(g.winner(), Some(shakmaty::Color::Black));
    // A null move (Z0) in the main line.
    let g = &ok("anastasian-lewis.pgn")[0];
    assert!(main_line(g).contains(&ChessMove::Null));
    for name in [
        "kasparov-deep-blue-1997.pgn",
        "molinari-bordais-1979.pgn",
        "nepomniachtchi-liren-game1.pgn",
        "stockfish-learning.pgn",
    ] {
        assert!(!ok(name).is_empty(), "{name}");
    }
    assert!(ok("molinari-bordais-1979.pgn")[0].end.is_checkmate());
    // lichess's Antichess and Crazyhouse games (drops `P@e6`) read in their variant, every
    // move of them.
    for (name, variant) in [
        ("antichess-programfox.pgn", ChessVariant::Antichess),
        (
            "knightvuillaume-jannlee-zh-lichess.pgn",
            ChessVariant::Crazyhouse,
        ),
        ("saturs-jannlee-zh-lichess.pgn", ChessVariant::Crazyhouse),
    ] {
        for g in read_all(&data(&format!("edge/{name}"))) {
            let g = g.unwrap_or_else(|e| panic!("{name}: {e}"));
            let AnyGame::Chess(g) = g else {
                panic!("{name}: not chess")
            };
            assert_eq!(g.variant, variant, "{name}");
            if let Some(count) = g.game.tags.get("PlyCount") {
                assert_eq!(g.plies().to_string(), count, "{name}");
            }
        }
    }
}

#[test]
fn seed_spanish_game_ends_in_mate() {
    let game = record::read_games("1. e4 e5\n2. Ac4 Cc6\n3. Dh5 Cf6\n4. Dxf7++")
        .remove(0)
        .unwrap();
    let g = ChessGame::read(game, &ChessReadOptions::default()).unwrap();
    assert!(g.end.is_checkmate());
    assert!(g.language == Language::Spanish || g.language == Language::Italian);
}
