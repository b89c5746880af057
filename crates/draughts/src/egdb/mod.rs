//! Endgame databases: the win, draw or loss value of every position with few pieces.
//!
//! A table holds one [`Slice`]: the numbers of each side's men and kings, and the side to
//! move. [`generate`] builds every slice up to a number of pieces by retrograde analysis
//! (see [`build`]'s text), [`Endgames`] holds the tables of one variant and answers
//! [`Endgames::probe`], [`Library`] holds every variant's tables found in a directory, and
//! [`verify`] checks a table against the rules.
//!
//! The values are **game-theoretic**: with perfect play from both sides, a side that cannot
//! move losing. The variants' draws by move counts (International's 25 moves with kings
//! only and its 16- and 5-move endgame rules, Russian's 15 moves, American's 40, and so on)
//! and by repetition are ignored, as the published databases of Scan and Kingsrow ignore
//! them: a "win" may take longer than such a rule allows over the board.
//!
//! Only variants where a side that cannot move loses and a position is its pieces and side to
//! move have tables ([`supports`]): not Antidraughts or Breakthrough (other goals) nor
//! Frisian and Frysk! (whose runs of king moves are part of the position).
//!
//! Storage is two bits a position in a versioned file per slice ([`mod@file`]).
//!
//! ```
//! use draughts::egdb::{Wdl, generate};
//! use draughts::{Position, Variant};
//! // Russian draughts, every slice of two and three pieces.
//! let tables = generate(&Variant::RUSSIAN, 3, |_, _| {});
//! // Two kings against one cannot win on their own (the lone king takes the main road).
//! let p = Position::from_fen("W:WKc1,Ke1:BKh8", Variant::RUSSIAN).unwrap();
//! assert_eq!(tables.probe(&p), Some(Wdl::Draw));
//! ```

pub mod build;
mod endgames;
pub mod file;
mod index;
mod library;
mod table;
mod verify;
mod wdl;

pub use build::{SliceStats, generate, solve};
pub use endgames::{Endgames, LoadError, supports};
pub use file::{FORMAT_VERSION, TableError};
pub use index::{Indexer, MAX_SLICE_PIECES, Slice};
pub use library::Library;
pub use table::Table;
pub use verify::{Mismatch, Verification, plies_from_successors, value_from_successors, verify};
pub use wdl::Wdl;
