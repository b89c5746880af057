//! Reading in one pass: the visitor gets every call once and in order however the input is
//! cut into reads, and what it sees of a broken game.

mod common;

use common::{Events, Trickle};
use record::{Collect, Reader, Visitor};

/// The events (with places) of every game, and the raw text of each, read through `reader`.
fn all_events<R: std::io::Read>(mut reader: Reader<R>) -> Vec<String> {
    let mut v = Events {
        with_pos: true,
        ..Events::default()
    };
    let mut out = Vec::new();
    loop {
        match reader.read_game(&mut v) {
            Ok(Some(g)) => out.push(g.join(" | ")),
            Ok(None) => break,
            Err(e) => out.push(format!("error {e} at {:?}", e.pos())),
        }
        out.push(String::from_utf8_lossy(reader.last_game_raw()).into_owned());
    }
    out
}

/// Inputs whose items end where a read may end: glued marks, suffixes, spaced pieces,
/// castling or result, line ends, non-ASCII text, Latin-1 games.
const INPUTS: &[&[u8]] = &[
    b"...QxP(!?)(!?)... e4(!)(?)(!!) *",
    b"1. e4 ch 2. QxP dis.ch 3. 35x 4 (3. 35x ch) 3... e.p. mate *",
    b"[Event \"a\"]\r\n1. e4 {x\r\ny} e5\r0-0\n\n0-0 [B \"c\"] 1-0",
    b"1. 32-28 (1. 33-29 ( 1... 18-23 ) 19-23 $902 ) 1... 18-22 2-0",
    "[White \"M\u{fc}ller\"] 1. e4 {\u{e9}t\u{e9}} \u{bd}-\u{bd}\n".as_bytes(),
    b"[White \"M\xfcller\"]\n1. e4 {\xe9t\xe9} \xbd-\xbd\n\n[Black \"x\"] 1. d4 {\xc3\xa9} 1-0",
    b"%esc\n[A \"b\\\"c\"] ; line\n/FEN \"W:W1\"/ 1. e8(Q) P-K8(Q) e4!? +- \xb1 *\n%tail\n",
    b"1. e4 e5 ) 2. Nf3 *\n[A \"b\"] {unclosed\n[C \"d\"] 1. c4 *",
    b"\xEF\xBB\xBF[A \"b\"] 1. e4 \xEF\xBB\xBF e5 \xEF\xBBx *\n\xEF\xBB\xBF1. d4 *",
];

#[test]
fn every_cut_of_the_input_gives_the_same_calls() {
    for &input in INPUTS {
        // The reader's buffer ends 1, 2, 4, 8, ... bytes after the start of the game (it
        // asks for as much again as it holds): blanks before the game move every byte of it
        // to where a buffer ends.
        for pad in 0..=input.len() {
            let bytes = [" ".repeat(pad).as_bytes(), input].concat();
            let whole = all_events(Reader::from_bytes(&bytes));
            for n in [1, 3] {
                let trickle = Trickle { bytes: &bytes, n };
                assert_eq!(
                    all_events(Reader::with_chunk_size(trickle, 1)),
                    whole,
                    "{:?} after {pad} blanks, read {n} bytes at a time",
                    String::from_utf8_lossy(input)
                );
            }
        }
    }
}

#[test]
fn places_of_a_latin1_game_held_back_to_its_end() {
    // The first game is not UTF-8: it is read as Latin-1, every place counting bytes.
    let input = b"[White \"M\xfcller\"]\n1. e4 {\xe9t\xe9} e5 \xbd-\xbd\n\n1. d4 {\xc3\xa9} d5 1-0";
    let all = all_events(Reader::from_bytes(input));
    assert_eq!(
        all[0],
        "game @1:1 | tag White=M\u{fc}ller @1:1 | num 1. @2:1 | move e4 @2:4 \
         | comment{} \u{e9}t\u{e9} @2:7 | move e5 @2:13 | result \u{bd}-\u{bd} @2:16"
    );
    assert_eq!(
        all[2],
        "game @4:1 | num 1. @4:1 | move d4 @4:4 | comment{} \u{e9} @4:7 | move d5 @4:11 \
         | result 1-0 @4:14"
    );
}

/// Counts every call, to see what a visitor gets of a broken game.
#[derive(Default)]
struct Calls {
    begun: usize,
    tags: usize,
    moves: usize,
    ended: usize,
}

impl Visitor for Calls {
    type Output = ();
    fn begin_game(&mut self, _at: record::Pos) {
        self.begun += 1;
    }
    fn tag(&mut self, _name: &str, _value: &str, _at: record::Pos) {
        self.tags += 1;
    }
    fn move_word(&mut self, _text: &str, _at: record::Pos) -> record::Flow {
        self.moves += 1;
        record::Flow::Continue
    }
    fn end_game(&mut self) {
        self.ended += 1;
    }
}

#[test]
fn a_broken_tag_section_reaches_no_visitor() {
    // Text after a value's closing quote (a value without quotes, or without its closing
    // quote, is read, with a warning: see tests/leniency.rs).
    let mut reader = Reader::from_str("[Event \"x\"]\n[Site \"y\" z]\n1. e4 *\n");
    let mut calls = Calls::default();
    assert!(reader.read_game(&mut calls).is_err());
    assert_eq!(
        (calls.begun, calls.tags, calls.moves, calls.ended),
        (0, 0, 0, 0)
    );
}

#[test]
fn a_game_broken_in_its_movetext_never_ends() {
    // The visitor may see the start of the movetext, but never `end_game`, and the next game
    // begins afresh.
    let mut reader =
        Reader::from_str("[Event \"x\"]\n1. e4 e5 ) 2. Nf3 *\n\n[Event \"y\"] 1. d4 *");
    let mut calls = Calls::default();
    let err = reader.read_game(&mut calls).unwrap_err();
    assert_eq!(
        err.to_string(),
        "2:10: `)` without an open variation (game 1)"
    );
    assert_eq!(calls.ended, 0);
    assert!(calls.moves <= 2);
    let mut collect = Collect::default();
    let game = reader.read_game(&mut collect).unwrap().unwrap();
    assert_eq!(game.tags.get("Event"), Some("y"));
    assert_eq!(game.moves.nodes.len(), 1);
}
