//! Errors of the reader.

use std::io;

use crate::Pos;

/// Why a game could not be read.
///
/// A [`ReadError::Syntax`] concerns one game only: the reader has already skipped to the end
/// of that game, and the next call to [`Reader::read_game`](crate::Reader::read_game) reads
/// the next one. A [`ReadError::Io`] comes from the underlying reader and usually ends the
/// input.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The input could not be read.
    #[error("could not read the input: {0}")]
    Io(#[from] io::Error),
    /// The text of a game breaks the syntax so badly that it cannot be read.
    #[error("{at}: {message} (game {game_number})")]
    Syntax {
        /// Where the problem is.
        at: Pos,
        /// What the problem is, in words a person understands.
        message: String,
        /// The number of the game in the input, counting from 1 (bad games count too).
        game_number: u64,
    },
}

impl ReadError {
    /// The place of a syntax error (`None` for input errors).
    pub fn pos(&self) -> Option<Pos> {
        match self {
            ReadError::Io(_) => None,
            ReadError::Syntax { at, .. } => Some(*at),
        }
    }

    /// Whether this error concerns one game only, so that reading can go on with the next.
    pub fn is_syntax(&self) -> bool {
        matches!(self, ReadError::Syntax { .. })
    }
}
