//! How moves and games are written: the options of `scoresheet convert`, by the same names,
//! read from Python keywords into a `games::ConvertStyle`.

use chess_notation::{Language, Notation, WriteOptions as ChessOptions};
use draughts::SquareStyle;
use games::ConvertStyle;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The style the keywords name (`notation="long", lang="de"`, see `Game.pdn`, `Move.text`,
/// `write_games`): chess `notation`, `lang`, `figurine`, `double_plus_mate`, `zeros`;
/// draughts `squares`, `separator`, `full_path`; `width` and `glyphs`. The others keep
/// `convert`'s defaults. An unknown keyword is a TypeError, as for any Python function; an
/// unknown name a ValueError.
pub fn convert_style(keywords: Option<&Bound<'_, PyDict>>) -> PyResult<ConvertStyle> {
    let mut style = ConvertStyle::default();
    // What is read by name, or together, once every keyword is in.
    let (mut notation, mut lang, mut squares) = ("san".to_string(), "en".to_string(), None);
    let (mut figurine, mut double_plus_mate, mut zeros) = (false, false, false);
    for (key, value) in keywords.into_iter().flatten() {
        let key: String = key.extract()?;
        match key.as_str() {
            "notation" => notation = value.extract()?,
            "lang" => lang = value.extract()?,
            "figurine" => figurine = value.extract()?,
            "double_plus_mate" => double_plus_mate = value.extract()?,
            "zeros" => zeros = value.extract()?,
            "squares" => squares = value.extract::<Option<String>>()?,
            "separator" => style.capture_separator = value.extract()?,
            "full_path" => style.full_path = value.extract()?,
            "width" => style.width = value.extract()?,
            "glyphs" => style.glyphs = value.extract()?,
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "unexpected keyword argument {key:?} (the options are notation, lang, \
                     figurine, double_plus_mate, zeros, squares, separator, full_path, \
                     width, glyphs)"
                )));
            }
        }
    }
    style.chess = chess_options(&notation, &lang)?
        .with_figurines(figurine)
        .with_mate_sign_double(double_plus_mate)
        .with_castling_zeros(zeros);
    style.squares = match squares.map(|s| s.to_ascii_lowercase()).as_deref() {
        None => None,
        Some("numeric") => Some(SquareStyle::Numeric),
        Some("algebraic") => Some(SquareStyle::Algebraic),
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "squares: {other:?} is not numeric or algebraic"
            )));
        }
    };
    Ok(style)
}

/// Chess moves in the notation named `notation`, piece letters in the language `lang`
/// (`en`, `de`, ... or `German`); a ValueError names an unknown one.
pub fn chess_options(notation: &str, lang: &str) -> PyResult<ChessOptions> {
    let lang: Language = lang
        .parse()
        .map_err(|e| PyValueError::new_err(format!("lang: {e}")))?;
    let notation = Notation::named(notation, lang)
        .map_err(|e| PyValueError::new_err(format!("notation: {e}")))?;
    Ok(ChessOptions::new(notation, lang))
}
