//! Chess move notation on top of [shakmaty]: algebraic notation with the
//! piece letters of nine languages, figurines, long algebraic and UCI, the
//! old descriptive notation (Spanish and English), tolerant reading, and
//! detection of the notation and language of a game.
//!
//! shakmaty knows the rules (legal moves, positions, FEN, Chess960
//! castling); this crate knows how people write moves down. It knows
//! nothing about files: its input is a position and move words already cut
//! out of a game record; its output is shakmaty [`Move`](shakmaty::Move)s,
//! and the other way round.
//!
//! ```
//! use chess_notation::{Language, Notation, ReadHint, WriteOptions, read_line, write_line};
//! use shakmaty::Chess;
//!
//! let start = Chess::default();
//! // German algebraic, detected.
//! let line = read_line(&start, &["e4", "e5", "Sf3", "Sc6", "Lb5"], ReadHint::NONE)?;
//! assert_eq!(line.language, Language::German);
//!
//! // Written again in Spanish descriptive notation.
//! let spanish = WriteOptions::new(Notation::Descriptive(chess_notation::DescriptiveSystem::Spanish), Language::Spanish);
//! assert_eq!(write_line(&start, &line.moves, &spanish), ["P4R", "P4R", "C3AR", "C3AD", "A5CD"]);
//! # Ok::<_, chess_notation::LineError>(())
//! ```
//!
//! The main entry points:
//!
//! - [`write_move`] and [`write_line`]: a legal move in any [`Notation`],
//!   as [`WriteOptions`] say.
//! - [`parse_move`]: one word of algebraic notation in a known language.
//! - [`descriptive_candidates`]: every legal move a descriptive word can be.
//! - [`WordReader`]: a game's move words read one at a time as a record streams past, with
//!   its side lines, loose words (`C5D ++`), move numbers and claims (`+` without check):
//!   the one way a game's moves are read.
//! - [`read_line`]: a line of moves with detection of notation and language (what the word
//!   reader reads a main line's first stretch with); [`read_line_as`]: a line (a variation)
//!   in a known notation.
//! - [`position_from_fen`]: a starting position from FEN, X-FEN or
//!   Shredder-FEN, in Chess960 mode when the castling rights say so.

#![warn(missing_docs)]

mod castling;
mod check;
mod claims;
mod descriptive;
mod detect;
mod error;
mod fen;
mod forced;
mod game_move;
mod language;
mod last_word;
mod line;
mod look_back;
mod loose_words;
mod numbering;
mod options;
mod quick;
mod rules;
mod san_read;
mod san_write;
mod word_reader;
mod written_in;

pub use descriptive::{Origins, descriptive_candidates};
pub use error::{LineError, LineErrorReason, MoveError, Reading};
pub use fen::{
    FenError, FenRepair, position_from_fen, position_from_fen_repaired,
    variant_position_from_fen_repaired,
};
pub use game_move::{ChessMove, first_ply, is_null_move};
pub use language::{Language, LanguageSet, ParseLanguageError, figurine, figurine_role};
pub use line::{LineReading, read_line, read_line_as, read_line_from};
pub use loose_words::{LooseWord, loose_word};
pub use options::{
    DescriptiveSystem, Notation, ParseNotationError, ReadHint, ReadNotation, ReadOptions,
    WriteOptions,
};
pub use rules::ChessRules;
pub use san_read::parse_move;
pub use san_write::{write_line, write_move};
pub use word_reader::{Fate, Finished, GameReading, Place, Step, WordError, WordReader};
pub use written_in::written_in;
