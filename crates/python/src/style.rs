//! How moves and games are written: the options of `scoresheet convert`, by the same names.

use chess_notation::{Language, Notation, WriteOptions as ChessOptions};
use draughts::SquareStyle;
use games::{ConvertStyle, NotationChoice};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The options of `scoresheet convert` that say how moves are written, as Python keywords
/// take them (see `Game.pdn`, `Move.text`).
#[derive(Clone, Debug)]
pub struct StyleArgs<'a> {
    /// Chess: `san`, `long`, `uci`, `descriptive` (Spanish with `lang="es"`), `desc-es`, `desc-en`.
    pub notation: &'a str,
    /// Chess: the language of the piece letters (`en`, `es`, `de`, ... or `German`).
    pub lang: &'a str,
    /// Chess: figurines instead of letters.
    pub figurine: bool,
    /// Chess: mate written `++`.
    pub double_plus_mate: bool,
    /// Chess: castling written with zeros.
    pub zeros: bool,
    /// Draughts: `numeric` or `algebraic` squares (each variant's own way when None).
    pub squares: Option<&'a str>,
    /// Draughts: the character between the squares of a capture.
    pub separator: Option<char>,
    /// Draughts: every landing square of a capture.
    pub full_path: bool,
    /// Movetext line width (0: no wrapping).
    pub width: usize,
    /// Annotation glyphs instead of `$n`.
    pub glyphs: bool,
}

impl Default for StyleArgs<'_> {
    fn default() -> Self {
        StyleArgs {
            notation: "san",
            lang: "en",
            figurine: false,
            double_plus_mate: false,
            zeros: false,
            squares: None,
            separator: None,
            full_path: false,
            width: 80,
            glyphs: false,
        }
    }
}

impl StyleArgs<'_> {
    /// The style these options name; a ValueError names an unknown one.
    pub fn style(&self) -> PyResult<ConvertStyle> {
        let lang: Language = self
            .lang
            .parse()
            .map_err(|e| PyValueError::new_err(format!("lang: {e}")))?;
        let notation = Notation::named(self.notation, lang)
            .map_err(|e| PyValueError::new_err(format!("notation: {e}")))?;
        let squares = match self.squares.map(str::to_ascii_lowercase).as_deref() {
            None => None,
            Some("numeric") => Some(SquareStyle::Numeric),
            Some("algebraic") => Some(SquareStyle::Algebraic),
            Some(other) => {
                return Err(PyValueError::new_err(format!(
                    "squares: {other:?} is not numeric or algebraic"
                )));
            }
        };
        Ok(ConvertStyle {
            chess: ChessOptions::new(notation, lang)
                .with_figurines(self.figurine)
                .with_mate_sign_double(self.double_plus_mate)
                .with_castling_zeros(self.zeros),
            squares,
            capture_separator: self.separator,
            full_path: self.full_path,
            width: self.width,
            glyphs: self.glyphs,
        })
    }

    /// How single moves are written in this style.
    pub fn notation(&self) -> PyResult<NotationChoice> {
        let style = self.style()?;
        Ok(NotationChoice {
            chess: style.chess,
            squares: style.squares,
        })
    }
}
