//! How moves and games are written: the options of `scoresheet convert`, by the same names.

use chess_notation::{Language, Notation, WriteOptions as ChessOptions};
use draughts::SquareStyle;
use games::{ConvertStyle, NotationChoice};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The options of `scoresheet convert` that say how moves are written, as Python keywords
/// take them (see `Game.pdn`, `Move.text`, `write_games`).
#[derive(Clone, Debug)]
pub struct StyleArgs {
    /// Chess: `san`, `long`, `uci`, `descriptive` (Spanish with `lang="es"`), `desc-es`, `desc-en`.
    pub notation: String,
    /// Chess: the language of the piece letters (`en`, `es`, `de`, ... or `German`).
    pub lang: String,
    /// Chess: figurines instead of letters.
    pub figurine: bool,
    /// Chess: mate written `++`.
    pub double_plus_mate: bool,
    /// Chess: castling written with zeros.
    pub zeros: bool,
    /// Draughts: `numeric` or `algebraic` squares (each variant's own way when None).
    pub squares: Option<String>,
    /// Draughts: the character between the squares of a capture.
    pub separator: Option<char>,
    /// Draughts: every landing square of a capture.
    pub full_path: bool,
    /// Movetext line width (0: no wrapping).
    pub width: usize,
    /// Annotation glyphs instead of `$n`.
    pub glyphs: bool,
}

impl Default for StyleArgs {
    fn default() -> Self {
        StyleArgs {
            notation: "san".into(),
            lang: "en".into(),
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

impl StyleArgs {
    /// The options given as keywords (`notation="long", lang="de"`); the others keep their
    /// defaults. An unknown keyword is a TypeError, as for any Python function.
    pub fn from_keywords(keywords: Option<&Bound<'_, PyDict>>) -> PyResult<StyleArgs> {
        let mut args = StyleArgs::default();
        for (key, value) in keywords.into_iter().flatten() {
            let key: String = key.extract()?;
            match key.as_str() {
                "notation" => args.notation = value.extract()?,
                "lang" => args.lang = value.extract()?,
                "figurine" => args.figurine = value.extract()?,
                "double_plus_mate" => args.double_plus_mate = value.extract()?,
                "zeros" => args.zeros = value.extract()?,
                "squares" => args.squares = value.extract()?,
                "separator" => args.separator = value.extract()?,
                "full_path" => args.full_path = value.extract()?,
                "width" => args.width = value.extract()?,
                "glyphs" => args.glyphs = value.extract()?,
                _ => {
                    return Err(PyTypeError::new_err(format!(
                        "unexpected keyword argument {key:?} (the options are notation, lang, \
                         figurine, double_plus_mate, zeros, squares, separator, full_path, \
                         width, glyphs)"
                    )));
                }
            }
        }
        Ok(args)
    }

    /// The style these options name; a ValueError names an unknown one.
    pub fn style(&self) -> PyResult<ConvertStyle> {
        let lang: Language = self
            .lang
            .parse()
            .map_err(|e| PyValueError::new_err(format!("lang: {e}")))?;
        let notation = Notation::named(&self.notation, lang)
            .map_err(|e| PyValueError::new_err(format!("notation: {e}")))?;
        let squares = match self
            .squares
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
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
