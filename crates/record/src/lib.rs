//! One reader and one writer for the PGN family of game records: PGN for chess, PDN for
//! draughts.
//!
//! `record` turns text into games without knowing the rules of any game: a move is a word of
//! text with its place, and the layers that know the rules replay the words. It is
//!
//! - **tolerant**: real files are messy (move numbers glued to moves or missing, `35x 4`,
//!   curly quotes, comments glued to words, nested braces, descriptive notation such as
//!   `QxP ch` or `P-K8(Q)`, Latin-1 text, CR line ends);
//! - **exact**: every token becomes part of the game or an error with its place;
//! - **lossless**: comments, variations, NAGs, setup commands, escape lines and unknown tags
//!   are kept in order, so that writing a game back gives the same game;
//! - **streaming**: memory is bounded by the largest game, not the file, and one bad game
//!   never stops the rest;
//! - **fast**: one pass over the text hands each token to a [`Visitor`] as soon as it is
//!   read, with text borrowed from the reader's buffer (checked as UTF-8 once per read, not
//!   game by game); the usual items (move numbers, plain moves, one-line comments, plain
//!   tags) take a lean path.
//!
//! # Reading
//!
//! [`Reader::read_game`] hands one game at a time to a [`Visitor`]. [`Collect`] is the visitor
//! that builds the whole [`Game`] tree; [`Reader::games`] and [`read_games`] use it.
//!
//! ```
//! use record::{Extra, Reader};
//!
//! let pdn = r#"[Event "Demo"]
//! [White "Wyllie, J."]
//! 1. 11-15 24-20 {a comment} 2. 8-11 (2. 8-12 28-24) 28-24 1-0
//! "#;
//! let mut reader = Reader::from_str(pdn);
//! for game in reader.games() {
//!     let game = game?;
//!     assert_eq!(game.tags.get("White"), Some("Wyllie, J."));
//!     let words: Vec<&str> = game.moves.nodes.iter().map(|n| n.mov.as_str()).collect();
//!     assert_eq!(words, ["11-15", "24-20", "8-11", "28-24"]);
//!     assert!(matches!(&game.moves.nodes[2].after[0], Extra::Variation(_)));
//!     assert_eq!(game.result.unwrap().text, "1-0");
//! }
//! # Ok::<(), record::ReadError>(())
//! ```
//!
//! # Writing
//!
//! [`write_game`] writes a game back, with move numbers regenerated (see [`WriteOptions`]).
//!
//! # Replaying
//!
//! A layer that knows the rules writes its own [`Visitor`] that replays each move word and
//! feeds a [`GameBuilder`] with its own move type, returning [`Flow::SkipGame`] or
//! [`Flow::SkipVariation`] when a move is illegal; [`Reader::last_game_raw`] gives the text of
//! the game just read, to report or pass through a bad game unchanged.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod buffer;
mod builder;
mod collect;
mod emit;
mod error;
mod leniency;
mod lexer;
mod movetext;
mod nag;
pub mod parallel;
mod pieces;
mod pos;
mod reader;
mod result;
mod skip;
mod split;
mod tag;
mod tree;
mod visit;
mod visitor;
mod writer;
mod written_forms;

pub use builder::GameBuilder;
pub use collect::Collect;
pub use error::ReadError;
pub use leniency::{Leniency, Lenient};
pub use lexer::MAX_VARIATION_DEPTH;
pub use movetext::MovetextWriter;
pub use nag::{GLYPHS, Nag};
pub use pos::Pos;
pub use reader::{DEFAULT_MAX_GAME, GameEnd, Games, Reader, read_games};
pub use result::ResultToken;
pub use split::{Chunk, Splitter};
pub use tag::{Tag, Tags};
pub use tree::{CommentKind, Extra, Extras, Game, Line, Nags, Node, Setup, Text};
pub use visit::visit_game;
pub use visitor::{Flow, Visitor};
pub use writer::{MoveWriter, WriteOptions, write_game, write_game_io, write_game_with, write_tag};
pub use written_forms::{
    BRACE_STAND_IN, Change, Changed, NAME_STAND_IN, changes, comment_form, name_form,
    one_line_form, setup_name_form,
};
