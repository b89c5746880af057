//! Hostile input: no panic, no endless loop, the same games however the input arrives, and
//! every game that reads survives writing and reading back.

mod common;

use common::read_trickled;
use proptest::prelude::*;
use record::{Game, ReadError, Reader, ResultToken, WriteOptions, read_games, write_game};

fn read_all(bytes: &[u8]) -> Vec<Result<Game<String>, ReadError>> {
    let games: Vec<_> = Reader::from_bytes(bytes).games().take(100_000).collect();
    assert!(games.len() <= bytes.len() + 1, "more games than bytes");
    games
}

/// Pieces of PGN and PDN, glued at random, find the corners of the syntax.
const PIECES: &[&str] = &[
    "[",
    "]",
    "\"",
    "{",
    "}",
    "(",
    ")",
    ";",
    "%",
    "$",
    "$1",
    "$300",
    "1",
    "0",
    "2",
    "-",
    "/",
    "½",
    "e4",
    "Nf3",
    "x",
    " ",
    " ",
    " ",
    "\n",
    "\r",
    "\r\n",
    "\t",
    "!",
    "?",
    "!?",
    "*",
    ".",
    "...",
    ",",
    "“",
    "”",
    "\\",
    "N",
    "=",
    "+",
    "+-",
    "±",
    "é",
    "\u{FEFF}",
    "ch",
    "e.p.",
    "Event",
    "[Event \"x\"]",
    "[FEN \"W:W31-50:B1-20\"]",
    "0-0",
    "1-0",
    "1/2-1/2",
    "35x",
    "1.",
    "12...",
    "(Q)",
    "(!?)",
    "/FEN \"W:W1\"/",
    "♘",
    "11-15",
    "24x15",
    "QxP",
    "{c}",
    "; c\n",
    "\n%esc\n",
    "\u{00A0}",
    "\0",
    "\u{7f}",
];

fn pgnish() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..80).prop_map(|v| v.concat())
}

fn record_of(mut g: Game<String>) -> Game<String> {
    g.clear_positions();
    g.result = Some(ResultToken::new(g.result_text()));
    g
}

fn check(bytes: &[u8]) {
    let whole = read_all(bytes);
    let dbg = format!("{whole:?}");
    assert_eq!(format!("{:?}", read_trickled(bytes, 1, 1)), dbg);
    assert_eq!(format!("{:?}", read_trickled(bytes, 3, 5)), dbg);
    for game in whole.into_iter().flatten() {
        for o in [
            WriteOptions::default(),
            WriteOptions {
                width: 10,
                ..WriteOptions::default()
            },
        ] {
            let mut text = String::new();
            write_game(&game, &o, &mut text).unwrap();
            let mut again = read_games(&text);
            assert_eq!(again.len(), 1, "{game:?}\n{text}");
            let again = again
                .remove(0)
                .unwrap_or_else(|e| panic!("{e}\n{game:?}\n{text}"));
            assert_eq!(
                record_of(again),
                record_of(game.clone()),
                "\n{text}\nfrom {:?}",
                String::from_utf8_lossy(bytes)
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        check(&bytes);
    }

    #[test]
    fn pgn_like_text(text in pgnish()) {
        check(text.as_bytes());
    }
}

#[test]
fn pathological_inputs() {
    let inputs: Vec<Vec<u8>> = vec![
        "(".repeat(100_000).into_bytes(),
        ")".repeat(10_000).into_bytes(),
        "{".repeat(10_000).into_bytes(),
        format!("{{{}", "{}".repeat(10_000)).into_bytes(),
        "[".repeat(10_000).into_bytes(),
        "\"".repeat(10_000).into_bytes(),
        "1.".repeat(10_000).into_bytes(),
        "e4 ".repeat(50_000).into_bytes(),
        "1-0".repeat(10_000).into_bytes(),
        "0-0 ".repeat(10_000).into_bytes(),
        "35x ".repeat(10_000).into_bytes(),
        "!".repeat(10_000).into_bytes(),
        "a(b)".repeat(10_000).into_bytes(),
        "%\n".repeat(10_000).into_bytes(),
        "\r".repeat(10_000).into_bytes(),
        vec![0xFF; 10_000],
        vec![0; 10_000],
        format!("[A \"{}\"] *", "x".repeat(1_000_000)).into_bytes(),
    ];
    for bytes in inputs {
        let whole = read_all(&bytes);
        assert_eq!(
            format!("{:?}", read_trickled(&bytes, 4096, 1000)),
            format!("{whole:?}")
        );
    }
}
