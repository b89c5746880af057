//! Errors: values with a reason a chess player understands.

use core::fmt;

use shakmaty::{Color, Move, Role};

use crate::language::role_name;
use crate::{Language, Notation};

/// Why one move word could not be read in a given position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The word is not a move in the notation being read.
    Syntax {
        /// The word as given.
        word: String,
        /// The notation we tried to read it in.
        notation: Notation,
    },
    /// The word uses a letter that is not a piece letter of the language.
    UnknownPieceLetter {
        /// The word as given.
        word: String,
        /// The letter.
        letter: char,
        /// The language being read.
        language: Language,
    },
    /// A drop such as `Q@f7` in rules that have none (only Crazyhouse has drops).
    Drop {
        /// The word as given.
        word: String,
    },
    /// A null move such as `--`, which cannot be replayed.
    NullMove {
        /// The word as given.
        word: String,
    },
    /// No legal move fits the word.
    Illegal {
        /// The word as given.
        word: String,
        /// Why, in words: `no knight can reach f6`.
        why: String,
    },
    /// Several legal moves fit the word.
    Ambiguous {
        /// The word as given.
        word: String,
        /// The moves it could be, each written unambiguously in the
        /// notation being read.
        candidates: Vec<String>,
    },
}

impl MoveError {
    /// The word that could not be read.
    pub fn word(&self) -> &str {
        match self {
            MoveError::Syntax { word, .. }
            | MoveError::UnknownPieceLetter { word, .. }
            | MoveError::Drop { word }
            | MoveError::NullMove { word }
            | MoveError::Illegal { word, .. }
            | MoveError::Ambiguous { word, .. } => word,
        }
    }
}

/// Writes `items` as a list: `a, b, c{last}d`, where `last` is `" or "` or `" and "`.
fn join(out: &mut impl fmt::Write, items: &[String], last: &str) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.write_str(if i + 1 == items.len() { last } else { ", " })?;
        }
        out.write_str(item)?;
    }
    Ok(())
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { word, notation } => {
                write!(f, "cannot read {word:?} as a move in {notation} notation")
            }
            MoveError::UnknownPieceLetter {
                word,
                letter,
                language,
            } => {
                write!(
                    f,
                    "unknown piece letter {letter} in {} notation ({word})",
                    language.name()
                )?;
                // Where the letter is a piece: "the knight in German and
                // Polish".
                let mut meanings: Vec<String> = Vec::new();
                for role in [
                    Role::King,
                    Role::Queen,
                    Role::Rook,
                    Role::Bishop,
                    Role::Knight,
                ] {
                    let names: Vec<String> = Language::ALL
                        .into_iter()
                        .filter(|l| l.role(*letter) == Some(role))
                        .map(|l| l.name().to_owned())
                        .collect();
                    if !names.is_empty() {
                        let mut text = format!("the {} in ", role_name(role));
                        join(&mut text, &names, " and ")?;
                        meanings.push(text);
                    }
                }
                if !meanings.is_empty() {
                    write!(f, "; {letter} is ")?;
                    join(f, &meanings, " or ")?;
                    f.write_str(": give the game's language")?;
                }
                Ok(())
            }
            MoveError::Drop { word } => write!(
                f,
                "{word} drops a piece on the board, as only Crazyhouse allows; these rules have no drops"
            ),
            MoveError::NullMove { word } => {
                write!(f, "{word} is a null move, which cannot be replayed")
            }
            MoveError::Illegal { word, why } => write!(f, "illegal move {word}: {why}"),
            MoveError::Ambiguous { word, candidates } => {
                write!(f, "ambiguous: {word} could be ")?;
                join(f, candidates, " or ")
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// How a game was read: its notation and the language of its letters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    /// The notation.
    pub notation: Notation,
    /// The language of the piece letters.
    pub language: Language,
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.notation {
            Notation::Descriptive(_) => write!(f, "{}", self.notation),
            _ => write!(f, "{} {}", self.language.name(), self.notation),
        }
    }
}

/// Why a line of moves could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LineErrorReason {
    /// A move could not be read.
    Move(MoveError),
    /// Two readings of the game (two languages, or two descriptive systems)
    /// both replay every move legally but read the move at the error's ply
    /// differently, and no hint chose between them.
    Conflict {
        /// The first reading.
        first: Reading,
        /// The second reading.
        second: Reading,
        /// The move under the first reading (its `Display` is long
        /// algebraic notation).
        first_reads: Move,
        /// The move under the second reading.
        second_reads: Move,
    },
    /// Descriptive notation: deciding between the candidates of the move
    /// needed more search than we allow.
    SearchLimit,
    /// The text claims what the move does not do (a check sign without check, a move
    /// number that skips one, a word in another notation than the one asked for), when
    /// the reader holds such claims against the game.
    Claim(String),
    /// A null move where the side to move is in check.
    NullMoveInCheck,
}

impl fmt::Display for LineErrorReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineErrorReason::Move(e) => e.fmt(f),
            LineErrorReason::Conflict {
                first,
                second,
                first_reads,
                second_reads,
            } => write!(
                f,
                "the game reads legally both in {first} and in {second}, which differ here \
                 ({first_reads} or {second_reads}); give the game's language"
            ),
            LineErrorReason::SearchLimit => f.write_str(
                "too many ways to read the moves from here on; write this move more precisely",
            ),
            LineErrorReason::Claim(what) => f.write_str(what),
            LineErrorReason::NullMoveInCheck => {
                f.write_str("a null move is not possible here: the side to move is in check")
            }
        }
    }
}

/// Why a line of moves could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The index of the word in the line (0 for the first).
    pub ply_index: usize,
    /// The move number of that ply, counted as in the game.
    pub move_number: u32,
    /// The side whose move it is.
    pub side: Color,
    /// The word.
    pub word: String,
    /// Why.
    pub reason: LineErrorReason,
    /// The legal moves the word could be, if it was ambiguous (or the two
    /// readings of a conflict).
    pub candidates: Vec<Move>,
}

impl LineError {
    pub(crate) fn new(
        start_fullmoves: u32,
        start_turn: Color,
        ply_index: usize,
        word: &str,
        reason: LineErrorReason,
        candidates: Vec<Move>,
    ) -> LineError {
        let plies = ply_index + usize::from(start_turn == Color::Black);
        let move_number = start_fullmoves.saturating_add(u32::try_from(plies / 2).unwrap_or(0));
        let side = if plies.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        LineError {
            ply_index,
            move_number,
            side,
            word: word.to_owned(),
            reason,
            candidates,
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.side == Color::White {
            "."
        } else {
            "..."
        };
        write!(
            f,
            "move {}{dots} {}: {}",
            self.move_number, self.word, self.reason
        )
    }
}

impl std::error::Error for LineError {}

pub(crate) fn illegal(word: &str, why: String) -> MoveError {
    MoveError::Illegal {
        word: word.to_owned(),
        why,
    }
}

pub(crate) fn no_piece_can_reach(role: Role, to: impl fmt::Display) -> String {
    format!("no {} can reach {to}", role_name(role))
}
