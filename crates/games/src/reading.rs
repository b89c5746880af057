//! Reading the games of a text, or a game already read into a tree, down the one path
//! ([`GameReader`]): a game whose first reading's guess does not fit is read once more, with
//! every candidate reading (its text again, from the reader's copy of it, or its tree).

use record::{Game, ReadError, Reader};

use super::any_game::AnyGame;
use super::error::GameError;
use super::game_reader::{GameReader, Outcome, Pass};
use super::keep::Keep;
use super::options::ReadOptions;

/// A game's text read again starts where the game starts in the file: its places are the
/// file's. The text is read in one go (a reader that read it bit by bit would grow its buffer
/// step by step to the game's size, holding up to twice the game).
fn one_game(raw: &[u8], base: record::Pos) -> Reader<&[u8]> {
    Reader::with_chunk_size(raw, raw.len()).starting_at(base)
}

/// What reading a game gave: the game and the moves of its main line, or what is wrong with
/// it, with its place.
pub(crate) type Read = Result<(Box<AnyGame>, usize), GameError>;

/// The final outcome of a reading (a first pass's [`Outcome::Again`] is read again).
fn read(outcome: Outcome, at: record::Pos) -> Read {
    match outcome {
        Outcome::Game(game, plies) => Ok((game, plies)),
        Outcome::Bad(e) => Err(e),
        Outcome::Again => Err(GameError::at(at, "the game could not be read again")),
    }
}

/// Reads games down the one path, keeping what `keep` keeps.
pub(crate) struct Reading {
    pub(crate) reader: GameReader,
    /// Games read twice so far.
    pub(crate) again: u64,
}

impl Reading {
    pub(crate) fn new(options: ReadOptions, keep: Keep) -> Reading {
        Reading {
            reader: GameReader::new(options, keep),
            again: 0,
        }
    }

    /// The next game of `reader`: `None` at the end of the input, a syntax error as
    /// [`ReadError::Syntax`].
    pub(crate) fn next<R: std::io::Read>(
        &mut self,
        reader: &mut Reader<R>,
    ) -> Option<Result<Read, ReadError>> {
        self.reader.pass = Pass::First;
        let outcome = match reader.read_game(&mut self.reader) {
            Ok(None) => return None,
            Ok(Some(outcome)) => outcome,
            Err(e) => return Some(Err(e)),
        };
        if !matches!(outcome, Outcome::Again) {
            return Some(Ok(read(outcome, self.reader.at())));
        }
        // The guess did not fit: the game's text once more, with every candidate (to the end
        // of its last line, which can decide how the line reads).
        self.again += 1;
        let base = self.reader.at();
        let raw = reader.last_game_raw_line();
        self.reader.pass = Pass::Full;
        self.reader.expect_text(raw.len());
        Some(Ok(match one_game(raw, base).read_game(&mut self.reader) {
            Ok(Some(outcome)) => read(outcome, base),
            Ok(None) => Err(GameError::at(base, "the game could not be read again")),
            Err(e) => Err(GameError::at(e.pos().unwrap_or(base), e.to_string())),
        }))
    }

    /// Reads a game already read into a tree.
    pub(crate) fn tree(&mut self, game: &Game<String>) -> Read {
        self.reader.pass = Pass::First;
        let outcome = match record::visit_game(game, &mut self.reader) {
            Outcome::Again => {
                self.again += 1;
                self.reader.pass = Pass::Full;
                record::visit_game(game, &mut self.reader)
            }
            outcome => outcome,
        };
        read(outcome, game.at)
    }
}
