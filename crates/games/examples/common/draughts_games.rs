//! The draughts games of record files, for the tools that learn from them (`eval_positions`,
//! `book`, `find_tactics`): one reading of files for all three.

use draughts::Variant;
use games::{AnyGame, DraughtsGame, OnePass, ReadGame, ReadOptions};

/// A game as the tools get it: the file's name, the game's number in its file (from 1) and
/// the game.
pub struct FoundGame<'a> {
    pub file: &'a str,
    pub number: usize,
    pub game: DraughtsGame,
}

/// Calls `each` with every draughts game of `variant` in `files` (the rules as each game's
/// tags, or its squares, say); gives how many games were left out (games that do not read,
/// chess, another variant). A file that cannot be read is said on standard error with
/// `tool`'s name, and the others are read.
pub fn each_game(
    tool: &str,
    files: &[String],
    variant: Variant,
    mut each: impl FnMut(FoundGame<'_>),
) -> usize {
    let mut skipped = 0;
    for path in files {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{tool}: {path}: {e}");
                continue;
            }
        };
        let file = std::path::Path::new(path)
            .file_name()
            .map_or(path.as_str(), |n| n.to_str().unwrap_or(path));
        let mut reader = record::Reader::from_bytes(&bytes);
        let mut one_pass = OnePass::new(ReadOptions::default());
        let mut number = 0;
        while let Some(read) = one_pass.next(&mut reader) {
            number += 1;
            let Ok(ReadGame::Game(game)) = read else {
                skipped += 1;
                continue;
            };
            match *game {
                AnyGame::Draughts(game) if game.variant == variant => {
                    each(FoundGame { file, number, game })
                }
                _ => skipped += 1,
            }
        }
    }
    skipped
}
