//! Prints the first game of the twic file in several notations.
//! `cargo run -p chess-notation --example convert_demo`

#[path = "../tests/common/mod.rs"]
mod common;

use chess_notation::{
    DescriptiveSystem, Language, Notation, ReadHint, WriteOptions, read_line, write_line,
};

fn main() {
    let games = common::load("twic1599_1000k.pgn");
    let game = &games[0];
    let line = read_line(&game.start, &game.words, ReadHint::NONE).expect("replays");
    let styles = [
        WriteOptions::new(Notation::San, Language::German),
        WriteOptions::new(Notation::San, Language::English).with_figurines(true),
        WriteOptions::new(
            Notation::Descriptive(DescriptiveSystem::English),
            Language::English,
        ),
        WriteOptions::new(
            Notation::Descriptive(DescriptiveSystem::Spanish),
            Language::Spanish,
        ),
    ];
    for style in styles {
        println!("{}", write_line(&game.start, &line.moves, &style).join(" "));
        println!();
    }
}
