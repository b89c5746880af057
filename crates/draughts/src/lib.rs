//! The rules of fifteen draughts variants: American checkers, International, Russian,
//! Brazilian, Italian, Spanish, Pool, Czech, Thai, Frisian, Frysk!, Antidraughts,
//! Breakthrough, Killer and Canadian draughts ([`Variant::ALL`]).
//!
//! - [`Variant`]: a variant is a value describing its rules; the move generator reads it.
//! - [`Square`], [`BoardSize`]: square numbers and algebraic names on 8×8 (also turned),
//!   10×10 and 12×12.
//! - [`Position`]: pieces, side to move and, in Frisian, each side's run of moves with one
//!   king; [`Position::legal_moves`] gives [`Move`]s.
//! - [`Fen`]: reading and writing positions as PDN FEN lines.
//! - [`perft`]: counting move sequences, checked against published tables.
//! - [`MoveStyle`], [`Position::write_move`], [`MoveReader`]: each variant's move notation,
//!   written the variant's way and read in any of the ways real files write moves.
//! - [`GameHistory`], [`DrawRules`]: a game's moves, repetitions and each variant's draw rules;
//!   [`GameHistory::state`] says when the rules end the game.
//! - [`best_move`], [`Searcher`]: a computer opponent (alpha-beta search) at three [`Level`]s.
//! - [`Book`]: opening books, which the computer opponent plays from before it searches.
//!
//! ```
//! use draughts::{Position, Variant};
//! let pos = Position::from_fen("W:W26,28,31:B17,19,20", Variant::AMERICAN).unwrap();
//! assert_eq!(pos.legal_moves().len(), 4);
//! ```

mod bits;
mod color;
mod diagram;
mod fen;
mod fen_error;
mod geometry;
mod king_run;
mod mask;
mod move_buf;
mod movegen;
mod moves;
mod notation;
mod perft;
mod piece;
mod position;
mod square;
mod square_set;
mod variant;

pub use color::Color;
pub use diagram::diagram;
pub use fen::Fen;
pub use fen_error::{FenError, FenErrorKind};
pub use moves::Move;
pub use notation::{MoveReader, MoveStyle, MoveTextError, parse_move_among, write_move_among};
pub use perft::{perft, perft_divide, perft_routes};
pub use piece::{Piece, Role};
pub use position::{IllegalMove, Position};
pub use square::{BoardSize, Square, SquareError, SquareStyle};
pub use square_set::{SquareSet, SquareSetIter};
pub use variant::{CaptureCrowning, CapturePriority, Goal, ResultStyle, Variant, game_type_name};

mod draw;
mod draw_rules;
mod history;
mod zobrist;

pub use draw::DrawReason;
pub use draw_rules::{BalanceLimit, DrawRules, FewKingsRule, LoneKingRule};
pub use history::{GameHistory, GameState};

mod eval;
mod eval_cache;
#[cfg(test)]
mod random_games;
mod score;
mod search;
mod tt;

pub mod book;
pub mod egdb;
pub mod hub;
pub mod learn;

pub use book::{Book, BookError, BookMove};
pub use score::{DB_WIN, DB_WIN_BOUND, WIN, WIN_BOUND, db_win};
pub use search::{Evaluation, Level, SearchOptions, SearchResult, Searcher, TimeUse, best_move};
