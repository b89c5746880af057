//! How games are read: the rules when the user selects them, the chess notation and language
//! when the user forces them, and which family a game that shows none is taken for.

use super::rules::Rules;

/// How to read chess moves: notation and language when the user forces them, and whether a
/// false claim of the text is an error (see [`chess_notation::ReadOptions`]).
pub use chess_notation::ReadOptions as ChessReadOptions;

/// How to read games.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadOptions {
    /// The selected rules, for games whose tags do not say (a GameType tag always wins).
    /// Without them, each game's family and variant are inferred.
    pub rules: Option<Rules>,
    /// Forced notation and language for chess games.
    pub chess: ChessReadOptions,
    /// Read a game that does not show its family (no GameType, no FEN, no moves) as chess
    /// rather than draughts: set for `.pgn` files.
    pub prefer_chess: bool,
}
