//! A game of either family: which one a record holds, from its tags, the user's choice, or
//! what its moves look like.

use super::chess_game::ChessGame;
use super::draughts_game::DraughtsGame;
use super::error::GameError;
use super::rules::Rules;

/// A draughts or a chess game, read and replayed.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    /// A draughts game.
    Draughts(DraughtsGame),
    /// A chess game.
    Chess(ChessGame),
}

impl AnyGame {
    /// Puts `notes` before the game's warnings (and its readings' under other variants).
    pub(crate) fn put_warnings_first(&mut self, notes: Vec<GameError>) {
        if notes.is_empty() {
            return;
        }
        match self {
            AnyGame::Draughts(g) => g.warn_first(notes),
            AnyGame::Chess(g) => {
                g.warnings.splice(0..0, notes);
            }
        }
    }

    /// The rules the game was read under.
    pub fn rules(&self) -> Rules {
        match self {
            AnyGame::Draughts(g) => Rules::Draughts(g.variant),
            AnyGame::Chess(_) => Rules::Chess,
        }
    }

    /// Number of moves (plies) in the main line.
    pub fn plies(&self) -> usize {
        match self {
            AnyGame::Draughts(g) => g.plies(),
            AnyGame::Chess(g) => g.plies(),
        }
    }

    /// Where the game starts in the text it was read from.
    pub fn at(&self) -> record::Pos {
        match self {
            AnyGame::Draughts(g) => g.game.at,
            AnyGame::Chess(g) => g.game.at,
        }
    }

    /// Warnings found while reading.
    pub fn warnings(&self) -> &[GameError] {
        match self {
            AnyGame::Draughts(g) => &g.warnings,
            AnyGame::Chess(g) => &g.warnings,
        }
    }
}
