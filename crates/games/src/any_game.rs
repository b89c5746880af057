//! A game of either family: which one a record holds, from its tags, the user's choice, or
//! what its moves look like.

use record::Game;

use super::chess_game::{ChessGame, ChessReadOptions};
use super::draughts_game::DraughtsGame;
use super::error::GameError;
use super::rules::Rules;
use super::tag_notes;
use super::variant_choice::{draughts_variant_named, is_neutral_variant_name};

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
    /// Reads a game of either family.
    ///
    /// The family comes from the `GameType` tag (0 is chess), else from `options.rules`, else
    /// from the game itself: chess when it has a chess `Variant` or FEN tag or its moves look
    /// like chess (piece letters, castling, a lone destination square); draughts otherwise.
    /// A game whose moves could be either (`a3b4` is a draughts move and UCI chess) is tried
    /// as draughts first, then as chess.
    ///
    /// ```
    /// use games::{AnyGame, ReadOptions};
    /// let read = |t: &str| AnyGame::read(record::read_games(t).remove(0).unwrap(), &ReadOptions::default());
    /// assert!(matches!(read("1. e4 e5 2. Nf3 *"), Ok(AnyGame::Chess(_))));
    /// assert!(matches!(read("1. 11-15 23-19 *"), Ok(AnyGame::Draughts(_))));
    /// assert!(matches!(read("g1f3 c7c5 e2e4 *"), Ok(AnyGame::Chess(_))));
    /// ```
    pub fn read(game: Game<String>, options: &ReadOptions) -> Result<AnyGame, GameError> {
        let notes = tag_notes::of(&game.tags);
        let mut game = AnyGame::read_moves(game, options)?;
        game.put_warnings_first(notes);
        Ok(game)
    }

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

    /// [`AnyGame::read`] without the warnings about the tags (see `tag_notes`), for a
    /// reader that watched them as they were read.
    pub(crate) fn read_moves(
        game: Game<String>,
        options: &ReadOptions,
    ) -> Result<AnyGame, GameError> {
        if let Some(value) = game.tags.get("GameType") {
            if value.trim().split(',').next().map(str::trim) == Some("0") {
                return ChessGame::read(game, &options.chess).map(AnyGame::Chess);
            }
            return DraughtsGame::read(game, None).map(AnyGame::Draughts);
        }
        match options.rules {
            Some(Rules::Chess) => return ChessGame::read(game, &options.chess).map(AnyGame::Chess),
            Some(Rules::Draughts(v)) => {
                return DraughtsGame::read(game, Some(v)).map(AnyGame::Draughts);
            }
            None => {}
        }
        let shows_nothing = game.moves.nodes.is_empty() && !game.tags.contains("FEN");
        if looks_like_chess(&game) || (shows_nothing && options.prefer_chess) {
            return ChessGame::read(game, &options.chess).map(AnyGame::Chess);
        }
        if !could_be_chess(&game) {
            return DraughtsGame::read(game, None).map(AnyGame::Draughts);
        }
        let as_chess = game.clone();
        match DraughtsGame::read(game, None) {
            Ok(g) => Ok(AnyGame::Draughts(g)),
            Err(draughts_error) => match ChessGame::read(as_chess, &options.chess) {
                Ok(g) => Ok(AnyGame::Chess(g)),
                Err(chess_error) => {
                    let reached = |e: &GameError| e.ply.as_ref().map_or(0, |p| p.index);
                    // A chess notation or language asked for says the user means chess:
                    // its error when both stop at the same move.
                    let asked_chess =
                        options.chess.notation.is_some() || options.chess.language.is_some();
                    let chess_reached = reached(&chess_error) + usize::from(asked_chess);
                    Err(if chess_reached > reached(&draughts_error) {
                        chess_error
                    } else {
                        draughts_error
                    })
                }
            },
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

/// Tags or words that only chess has.
fn looks_like_chess(game: &Game<String>) -> bool {
    let chess_variant = game
        .tags
        .get("Variant")
        .is_some_and(|v| !is_neutral_variant_name(v) && draughts_variant_named(v).is_none());
    if chess_variant || game.tags.get("FEN").is_some_and(|f| f.contains('/')) {
        return true;
    }
    game.moves.nodes.iter().take(20).any(|n| {
        let w = n.mov.as_str();
        w.starts_with(|c: char| c.is_uppercase() && c != 'X')
            || w.starts_with(['O', 'o'])
            || w.contains(['+', '#', '='])
            || (w.len() == 2
                && w.as_bytes()[0].is_ascii_lowercase()
                && w.as_bytes()[1].is_ascii_digit())
            || w.chars().any(|c| ('\u{2654}'..='\u{265F}').contains(&c))
    })
}

/// Words that read as chess too: square pairs without separator (`g1f3` is UCI), or joined
/// by `-`, `x` or `:` (`e2-e4`, `e5xd4`: long algebraic, a game of pawn moves alone has no
/// piece letter to show it).
fn could_be_chess(game: &Game<String>) -> bool {
    game.moves.nodes.iter().take(20).all(|n| {
        let b = n.mov.as_bytes();
        let square = |s: &[u8]| s.len() == 2 && s[0].is_ascii_lowercase() && s[1].is_ascii_digit();
        // A promotion letter may follow (`e7e8q`, `e7-e8q`).
        let uci = (4..=5).contains(&b.len()) && square(&b[..2]) && square(&b[2..4]);
        let long = (5..=6).contains(&b.len())
            && square(&b[..2])
            && matches!(b[2], b'-' | b'x' | b':')
            && square(&b[3..5]);
        uci || long
    }) && !game.moves.nodes.is_empty()
}
