//! How games of either family are written in another notation (see
//! [`Converter`](super::Converter)).

use chess_notation::WriteOptions as MoveOptions;
use draughts::{MoveStyle, SquareStyle, Variant};
use record::WriteOptions;

use super::any_game::AnyGame;
use super::chess_game::ChessWriteStyle;
use super::draughts_game::WriteStyle;
use super::position::NotationChoice;

/// How games of either family are written by [`Converter`](super::Converter).
///
/// ```
/// use games::ConvertStyle;
/// let style = ConvertStyle::default();
/// assert_eq!(style.width, 80);
/// let american = style.draughts_style(&draughts::Variant::AMERICAN);
/// assert_eq!(american.moves.unwrap().capture_separator, 'x');
/// ```
#[derive(Clone, Debug)]
pub struct ConvertStyle {
    /// Chess moves: notation, language, figurines, signs.
    pub chess: MoveOptions,
    /// Draughts squares as numbers or algebraic names; `None` for each variant's own way.
    pub squares: Option<SquareStyle>,
    /// The separator between the squares of a draughts capture; `None` for the variant's.
    pub capture_separator: Option<char>,
    /// Write every landing square of a draughts capture (else the variant's way).
    pub full_path: bool,
    /// Movetext line width (0: no wrapping).
    pub width: usize,
    /// Write annotation glyphs (`±`, `N`, ...) instead of `$n` for NAGs that have one.
    pub glyphs: bool,
}

impl Default for ConvertStyle {
    fn default() -> Self {
        ConvertStyle {
            chess: MoveOptions::default(),
            squares: None,
            capture_separator: None,
            full_path: false,
            width: 80,
            glyphs: false,
        }
    }
}

impl ConvertStyle {
    /// `game` written in this style.
    ///
    /// ```
    /// use games::{AnyGame, ConvertStyle, OnePass, ReadGame, ReadOptions};
    /// let mut reader = record::Reader::from_str("1. e4 e5 2. Nf3 *");
    /// let Some(Ok(ReadGame::Game(game))) = OnePass::new(ReadOptions::default()).next(&mut reader) else { panic!() };
    /// let mut style = ConvertStyle::default();
    /// style.chess.notation = chess_notation::Notation::Uci;
    /// assert!(style.write(&game).starts_with("1. e2e4 e7e5 2. g1f3 *"));
    /// ```
    pub fn write(&self, game: &AnyGame) -> String {
        match game {
            AnyGame::Draughts(g) => g.write(&self.draughts_style(&g.variant)),
            AnyGame::Chess(g) => g.write(&self.chess_style()),
        }
    }

    /// How single moves are written in this style (its chess options and draughts squares).
    pub fn notation_choice(&self) -> NotationChoice {
        NotationChoice {
            chess: self.chess,
            squares: self.squares,
        }
    }

    /// How chess games are written.
    pub fn chess_style(&self) -> ChessWriteStyle {
        ChessWriteStyle {
            moves: self.chess,
            width: self.width,
            glyphs: self.glyphs,
        }
    }

    /// How draughts games of `variant` are written.
    pub fn draughts_style(&self, variant: &Variant) -> WriteStyle {
        WriteStyle {
            moves: Some(self.draughts_moves(variant)),
            width: self.width,
            glyphs: self.glyphs,
        }
    }

    pub(crate) fn draughts_moves(&self, variant: &Variant) -> MoveStyle {
        let mut moves = MoveStyle::of(variant);
        if let Some(squares) = self.squares {
            moves.squares = squares;
        }
        if let Some(c) = self.capture_separator {
            moves.capture_separator = c;
        }
        moves.full_path |= self.full_path;
        moves
    }

    /// How the movetext is laid out before the game's family is known: what the two families
    /// share (numbering comes when the family is known).
    pub(crate) fn common_options(&self) -> WriteOptions {
        WriteOptions {
            width: self.width,
            other_glyphs: self.glyphs,
            ..WriteOptions::default()
        }
    }
}
