//! Converting while reading writes exactly what reading the game whole and writing it from its
//! tree writes, game by game, on every real file and on hostile shapes, in every style.

mod files;

use chess_notation::{DescriptiveSystem, Language, Notation, WriteOptions as MoveOptions};
use draughts::SquareStyle;
use files::{all_files, read_choices};
use games::{AnyGame, ConvertStyle, Converted, Converter, OnePass, ReadGame, ReadOptions};
use record::{ReadError, Reader};

/// Each game as the converter writes it, with how many games it left to the general reader.
fn converted(bytes: &[u8], options: &ReadOptions, style: &ConvertStyle) -> (Vec<String>, u64) {
    let mut reader = Reader::from_bytes(bytes);
    let mut converter = Converter::new(*options, style.clone());
    let mut out = Vec::new();
    while let Some(read) = converter.next(&mut reader) {
        out.push(match read {
            Ok(Converted::Text(text) | Converted::Open { text, .. }) => text,
            Ok(Converted::Bad(e)) => format!("error {}: {e}", e.at),
            Err(ReadError::Syntax { at, message, .. }) => format!("syntax {at}: {message}"),
            Err(e) => panic!("{e}"),
        });
    }
    (out, converter.fallbacks())
}

/// Each game read whole and written from its tree.
fn from_trees(bytes: &[u8], options: &ReadOptions, style: &ConvertStyle) -> Vec<String> {
    let mut reader = Reader::from_bytes(bytes);
    let mut pass = OnePass::new(*options);
    let mut out = Vec::new();
    while let Some(read) = pass.next(&mut reader) {
        out.push(match read {
            Ok(ReadGame::Game(g)) => match *g {
                AnyGame::Draughts(g) => g.write(&style.draughts_style(&g.variant)),
                AnyGame::Chess(g) => g.write(&style.chess_style()),
            },
            Ok(ReadGame::Bad(e)) => format!("error {}: {e}", e.at),
            Err(ReadError::Syntax { at, message, .. }) => format!("syntax {at}: {message}"),
            Err(e) => panic!("{e}"),
        });
    }
    out
}

fn styles() -> Vec<ConvertStyle> {
    let chess = |n, l| MoveOptions::new(n, l);
    vec![
        ConvertStyle::default(),
        ConvertStyle {
            chess: chess(Notation::Uci, Language::English),
            squares: Some(SquareStyle::Algebraic),
            width: 0,
            ..ConvertStyle::default()
        },
        ConvertStyle {
            chess: chess(
                Notation::Descriptive(DescriptiveSystem::Spanish),
                Language::Spanish,
            ),
            squares: Some(SquareStyle::Numeric),
            capture_separator: Some(':'),
            full_path: true,
            width: 30,
            glyphs: true,
        },
        ConvertStyle {
            chess: chess(Notation::Long, Language::German).with_figurines(true),
            width: 120,
            glyphs: true,
            ..ConvertStyle::default()
        },
    ]
}

fn assert_alike(bytes: &[u8], options: &ReadOptions, what: &str) -> (usize, u64) {
    let mut fast = 0;
    let mut games = 0;
    for style in styles() {
        let (a, fallbacks) = converted(bytes, options, &style);
        let b = from_trees(bytes, options, &style);
        assert_eq!(a.len(), b.len(), "{what}");
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            assert_eq!(x, y, "{what} game {} in {style:?}", i + 1);
        }
        games += a.len();
        fast += fallbacks;
    }
    (games, fast)
}

#[test]
fn converting_while_reading_writes_what_the_tree_writes_on_every_file() {
    let mut games = 0;
    let mut fallbacks = 0;
    for file in all_files() {
        let bytes = std::fs::read(&file).unwrap();
        let choices = read_choices(&file);
        for options in &choices {
            let (n, f) = assert_alike(&bytes, options, &file.display().to_string());
            games += n;
            fallbacks += f;
        }
    }
    assert!(games > 40_000, "{games}");
    // Most games are written while they are read, not from a tree.
    assert!(fallbacks * 4 < games as u64, "{fallbacks} of {games}");
}

#[test]
fn converting_while_reading_writes_what_the_tree_writes_on_every_shape() {
    let dance = "Nf3 Nf6 Ng1 Ng8 ".repeat(50);
    let texts = [
        // Tags the writer changes, in any order, repeated.
        "[Result \"1-0\"]\n[Event \"e\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n[Result \"0-1\"]\n\n1... e5 2. Nf3 *".to_string(),
        "[GameType \"21\"]\n[Result \"2-0\"]\n1. 11-15 23-19 1-0".to_string(),
        "[Event \"no GameType\"]\n[Result \"1-0\"]\n1. 11-15 23-19 2. 8-11 *".to_string(),
        "[FEN \"W:W31,32:B1,2\"]\n[GameType \"20\"]\n1. 31-26 2-7 *".to_string(),
        // Marks glued or not, NAG runs, comments of both kinds, escape lines.
        "1. e4! $14 e5?? $1 2. Nf3 !? $19 {a} ; line\n Nc6 $3 (2... d6 $2 {b}) 3. Bb5 *".to_string(),
        "{before} $5 1. e4 {after} ; end of line\n%escape\n e5 2. Nf3 (2. f4 {x} (2. d4)) (2. Nc3) {} 2... Nc6 *".to_string(),
        "1. 11-15 ! (1. 9-13 $2) 23-19 {c} 2. 8-11 22-17 (2... 24-19 ()) *".to_string(),
        // Long lines that wrap, captures that end with a separator.
        format!("1. e4 e5 {dance} *"),
        "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *".to_string(),
        // No moves at all: comments, NAGs, results.
        "[Event \"x\"]\n{only a comment} $1 {} 1-0".to_string(),
        "{a comment of some length} {} {a comment of some length} *".to_string(),
        "[Event \"x\"]\n\n*".to_string(),
        "[White \"w\"]\n[Result \"1/2-1/2\"]\n\n".to_string(),
        // Empty side lines, side lines before the first move.
        "1. e4 (){}(){} e5 *".to_string(),
        // A game that ends in a `;` comment with commas at its end (found by fuzzing).
        "1.;,652,yyy,,\n".to_string(),
        "(1. d4) 1. e4 e5 *".to_string(),
        // Games the one-pass reader leaves to the general way.
        "1. e4 e5 2. Cf3 Cc6 3. Ab5 *".to_string(),
        "1. P-K4 P-K4 2. N-KB3 N-QB3 *".to_string(),
        "1. e4 e5 2. Qxf7 *".to_string(),
        "1. 11-15 /FEN \"W:W31:B1\"/ 31-26 *".to_string(),
        // Other languages, read on a second pass when the letters leave one.
        "1. e4 e5 2. Sf3 Sc6 3. Lb5 {spanisch} a6 (3... Sf6 4. O-O) 4. La4 Sf6 $1 *".to_string(),
        "[Result \"1-0\"]\n1. e4 e5 2. Fc4 Fc5 3. Dh5 Cf6 4. Dxf7# 1-0".to_string(),
        "1. e4 e5 2. Sf3 Sc6 3. Qh5 *".to_string(),
        // Spanish descriptive separator after the first mover's ply.
        "1. e4 $1 e5 2. Nf3 Nc6 {c} 3. Bb5 a6 *".to_string(),
        // Black to move from a FEN: the first ply is numbered `1...`.
        "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n1... e5 2. Nf3 *".to_string(),
    ];
    for text in &texts {
        for options in [
            ReadOptions::default(),
            ReadOptions {
                prefer_chess: true,
                ..ReadOptions::default()
            },
        ] {
            let two = format!("{text}\n\n{text}\n\n1. e4 *\n");
            assert_alike(two.as_bytes(), &options, text);
        }
    }
}
