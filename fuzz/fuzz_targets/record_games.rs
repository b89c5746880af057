//! The PDN/PGN reader and the game layer: the input is a file of games.
//!
//! - `record` reads it without panicking; every game read writes back as text that reads as
//!   one game writing the same text again (the reader is lossless).
//! - Each game is replayed under its rules ([`AnyGame::read`], with read options that the
//!   input's length picks), and [`OnePass`] reads the same file to the same games and errors.
//! - Each game replayed writes back in its own notation and in another one, and the text
//!   written replays to the same end position.
//! - [`Converter`] writes each game as [`OnePass`]'s game writes from its tree, and
//!   [`Checker`] reports the same plies and errors.
#![no_main]

mod common;

use chess_notation::{Language, Notation, ReadNotation, WriteOptions as MoveOptions};
use draughts::{MoveStyle, SquareStyle};
use libfuzzer_sys::fuzz_target;
use record::{Reader, WriteOptions, write_game};
use games::{
    AnyGame, Checked, Checker, ChessGame, ChessReadOptions, ChessWriteStyle, ConvertStyle,
    Converted, Converter, DraughtsGame, OnePass, ReadGame, ReadOptions, Rules, WriteStyle,
};
use shakmaty::{EnPassantMode, fen::Fen};

/// Writes a game read by `record`.
fn write<M: std::fmt::Display>(game: &record::Game<M>) -> String {
    let mut out = String::new();
    write_game(game, &WriteOptions::default(), &mut out).expect("writing to a String");
    out
}

/// What reading a game gave, to compare two ways of reading.
fn summary(read: &Result<AnyGame, String>) -> String {
    match read {
        Ok(g) => format!(
            "{} {} plies, {} warnings",
            g.rules(),
            g.plies(),
            g.warnings().len()
        ),
        Err(e) => format!("error: {e}"),
    }
}

fn chess_fen(pos: &shakmaty::variant::VariantPosition) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// The one game that `text`, written back, reads as.
fn read_one(text: &str) -> record::Game<String> {
    let mut games = record::read_games(text);
    assert_eq!(
        games.len(),
        1,
        "a game written back reads as one game:\n{text}"
    );
    games.remove(0).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The game written back reads and replays to the same end.
fn write_back(game: &AnyGame, pick: usize) {
    match game {
        AnyGame::Draughts(g) => {
            let own = MoveStyle::of(&g.variant);
            let squares = if pick % 2 == 0 {
                SquareStyle::Numeric
            } else {
                SquareStyle::Algebraic
            };
            for style in [None, Some(MoveStyle { squares, ..own }.with_full_path())] {
                let text = g.write(&WriteStyle {
                    moves: style,
                    ..WriteStyle::default()
                });
                let again = read_one(&text);
                let again = DraughtsGame::read(again, Some(g.variant)).unwrap_or_else(|e| {
                    panic!("the game written back does not replay: {e}\n{text}")
                });
                assert_eq!(again.end, g.end, "{text}");
                assert_eq!(again.plies(), g.plies(), "{text}");
            }
        }
        AnyGame::Chess(g) => {
            let (notation, language) = chess_pick(pick);
            for moves in [MoveOptions::default(), MoveOptions::new(notation, language)] {
                let text = g.write(&ChessWriteStyle {
                    moves,
                    ..ChessWriteStyle::default()
                });
                let again = read_one(&text);
                let options = ChessReadOptions {
                    notation: Some(ReadNotation::Exactly(moves.notation)),
                    language: Some(moves.language),
                    strict: false,
                };
                let again = ChessGame::read(again, &options).unwrap_or_else(|e| {
                    panic!("the game written back does not replay: {e}\n{text}")
                });
                assert_eq!(chess_fen(&again.end), chess_fen(&g.end), "{text}");
                assert_eq!(again.plies(), g.plies(), "{text}");
            }
        }
    }
}

/// A chess notation and a language it can be written in, picked by `pick`.
fn chess_pick(pick: usize) -> (Notation, Language) {
    let notations = common::CHESS_NOTATIONS;
    let notation = notations[pick % notations.len()];
    let language = match notation {
        Notation::Descriptive(system) => system.language(),
        Notation::Uci => Language::English,
        _ => Language::ALL[pick / notations.len() % Language::ALL.len()],
    };
    (notation, language)
}

/// A style of conversion, picked by `pick`.
fn convert_style(pick: usize) -> ConvertStyle {
    let (notation, language) = chess_pick(pick);
    ConvertStyle {
        chess: MoveOptions::new(notation, language),
        squares: [
            None,
            Some(SquareStyle::Numeric),
            Some(SquareStyle::Algebraic),
        ][pick % 3],
        capture_separator: [None, Some(':'), Some('x')][pick / 3 % 3],
        full_path: pick % 2 == 1,
        width: [80, 0, 20][pick / 9 % 3],
        glyphs: pick % 4 >= 2,
    }
}

fuzz_target!(|data: &[u8]| {
    let pick = data.len();
    // No rules, chess preferred, or one of every rules choice.
    let every: Vec<Rules> = Rules::all().collect();
    let options = match pick % (every.len() + 2) {
        0 => ReadOptions::default(),
        1 => ReadOptions {
            prefer_chess: true,
            ..ReadOptions::default()
        },
        n => ReadOptions {
            rules: Some(every[n - 2]),
            ..ReadOptions::default()
        },
    };

    let mut general = Vec::new();
    let mut reader = Reader::from_bytes(data);
    for game in reader.games().take(50) {
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                general.push(format!("syntax: {e}"));
                continue;
            }
        };
        // Lossless: written and read again, the game writes the same text.
        let text = write(&game);
        let mut again = record::read_games(&text);
        if game.tags.is_empty() && game.moves.nodes.is_empty() && game.result.is_none() {
            assert!(again.len() <= 1);
        } else {
            assert_eq!(again.len(), 1, "a game written reads as one game:\n{text}");
            let again = again.remove(0).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(
                write(&again),
                text,
                "a game written and read again writes otherwise"
            );
        }

        let read = AnyGame::read(game, &options).map_err(|e| e.to_string());
        general.push(summary(&read));
        if let Ok(g) = &read {
            write_back(g, pick / 7);
        }
    }

    let style = convert_style(pick / 7);
    let mut one_pass = OnePass::new(options);
    let mut reader = Reader::from_bytes(data);
    let mut fast = Vec::new();
    let mut written = Vec::new();
    let mut plies = Vec::new();
    while let Some(read) = one_pass.next(&mut reader) {
        let (summary, text, ply_count) = match read {
            Ok(ReadGame::Game(g)) => {
                let text = match &*g {
                    AnyGame::Draughts(d) => d.write(&style.draughts_style(&d.variant)),
                    AnyGame::Chess(c) => c.write(&style.chess_style()),
                };
                let n = g.plies();
                (summary(&Ok(*g)), text, Some(n))
            }
            Ok(ReadGame::Bad(e)) => (summary(&Err(e.to_string())), e.to_string(), None),
            Err(e) => (format!("syntax: {e}"), format!("syntax: {e}"), None),
        };
        fast.push(summary);
        written.push(text);
        plies.push(ply_count);
        if fast.len() == general.len() {
            break;
        }
    }
    assert_eq!(fast, general, "OnePass and the general reader differ");

    let mut converter = Converter::new(options, style);
    let mut reader = Reader::from_bytes(data);
    let mut converted = Vec::new();
    while converted.len() < written.len()
        && let Some(read) = converter.next(&mut reader)
    {
        converted.push(match read {
            Ok(Converted::Text(text) | Converted::Open { text, .. }) => text,
            Ok(Converted::Bad(e)) => e.to_string(),
            Err(e) => format!("syntax: {e}"),
        });
    }
    assert_eq!(
        converted, written,
        "Converter and the tree write differently"
    );

    let mut checker = Checker::new(options);
    let mut reader = Reader::from_bytes(data);
    let mut checked = Vec::new();
    while checked.len() < plies.len()
        && let Some(read) = checker.next(&mut reader)
    {
        checked.push(match read {
            Ok(Checked::Good { plies, .. }) => Some(plies),
            _ => None,
        });
    }
    assert_eq!(checked, plies, "Checker and OnePass count otherwise");
});
