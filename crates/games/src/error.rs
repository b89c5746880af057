//! Errors found while replaying a game.

use std::fmt;

use record::Pos;

/// Which move of a game: its ply from the start (1-based), its move number and the text.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Ply {
    /// 1-based index of the move in its line, counted from the game's first move.
    pub index: usize,
    /// The move number a score sheet shows (`9` for `9. 24-19` and `9... 15x24`).
    pub number: u32,
    /// Whether it is the second mover's move of that number (written `9...`).
    pub second: bool,
    /// The move as written.
    pub text: String,
}

impl Ply {
    /// The move with 0-based ply index `ply` in its line, written `text`.
    pub(crate) fn of(ply: u32, text: &str) -> Ply {
        Ply {
            index: ply as usize + 1,
            number: ply / 2 + 1,
            second: ply % 2 == 1,
            text: text.to_string(),
        }
    }
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.second { "..." } else { "." };
        write!(
            f,
            "ply {} ({}{dots} {})",
            self.index, self.number, self.text
        )
    }
}

/// What is wrong with a move, as data: for pages that say it in the reader's language (the
/// [`GameError::message`] says it in English, with more detail).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Problem {
    /// A word with no square in it where a move should be: free text, not a move (a
    /// comment left without its braces, say).
    NotAMove {
        /// The word.
        text: String,
    },
    /// Squares or piece letters that do not make a move of the notation.
    Unreadable {
        /// The move text.
        text: String,
    },
    /// A move no legal move fits.
    Illegal {
        /// The move text.
        text: String,
        /// The legal moves of the position, in the rules' notation.
        legal: Vec<String>,
    },
    /// A move several legal moves fit.
    Ambiguous {
        /// The move text.
        text: String,
        /// The moves it could be.
        candidates: Vec<String>,
    },
}

impl Problem {
    /// [`Problem::NotAMove`] when `text` holds no digit (no square of any notation: free
    /// text), else [`Problem::Unreadable`].
    pub fn unreadable(text: &str) -> Problem {
        if text.chars().any(|c| c.is_ascii_digit()) {
            Problem::Unreadable {
                text: text.to_string(),
            }
        } else {
            Problem::NotAMove {
                text: text.to_string(),
            }
        }
    }
}

/// Why a game could not be replayed: what is wrong, where, and at which move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct GameError {
    /// Where in the text (unknown when the problem is not at one place).
    pub at: Pos,
    /// The move concerned, if any.
    pub ply: Option<Ply>,
    /// What is wrong, in words a player understands.
    pub message: String,
    /// What is wrong with the move, as data, when the error is about one move (boxed: most
    /// errors have none, and the error travels in every `Result` of the readers).
    pub problem: Option<Box<Problem>>,
}

impl GameError {
    /// An error at a place, not tied to a move.
    pub fn at(at: Pos, message: impl Into<String>) -> GameError {
        GameError {
            at,
            ply: None,
            message: message.into(),
            problem: None,
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.ply {
            Some(ply) => write!(f, "{ply}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// The warning for a game whose Result tag and result token say different things.
pub(crate) fn result_mismatch(tag: &record::Tag, token: &record::ResultToken) -> GameError {
    GameError::at(
        token.at,
        format!(
            "the Result tag says {} but the movetext ends with {}",
            tag.value, token.text
        ),
    )
}

/// Where a game's result is written: its result token, else its Result tag.
pub(crate) fn result_place<M>(game: &record::Game<M>) -> Pos {
    game.result
        .as_ref()
        .map(|t| t.at)
        .or(game.tags.get_tag("Result").map(|t| t.at))
        .unwrap_or_default()
}
