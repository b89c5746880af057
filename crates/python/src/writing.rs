//! Writing a collection: `write_games(games, file, ...)`, every game in the notation asked,
//! as `scoresheet convert` writes a file.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::game::{GameRead, PyGame};
use crate::style::convert_style;

/// Writes `games` (an iterable of `Game`, such as `read_games(...)`) as one PDN/PGN text in
/// the notation of the options, which are `scoresheet convert`'s (see `Game.pdn`). A bad
/// game is passed through as it was written, as `convert` does, or left out with
/// `skip_bad=True`. With `file` None the text is returned; else it is written to `file`, a
/// path or a text file object, and None is returned.
#[pyfunction]
#[pyo3(signature = (games, file=None, *, skip_bad=false, **style))]
pub fn write_games(
    py: Python<'_>,
    games: &Bound<'_, PyAny>,
    file: Option<&Bound<'_, PyAny>>,
    skip_bad: bool,
    style: Option<&Bound<'_, PyDict>>,
) -> PyResult<Option<String>> {
    let style = convert_style(style)?;
    let mut text = String::new();
    for game in games.try_iter()? {
        let game = game?;
        let game = game.cast::<PyGame>()?.get();
        match &game.read {
            GameRead::Good(g) => {
                let written = py.detach(|| style.write(g));
                text.push_str(&written);
            }
            GameRead::Bad(_) if skip_bad => {}
            GameRead::Bad(bad) => {
                text.push_str(&bad.text);
                text.push_str("\n\n");
            }
        }
    }
    match file {
        None => Ok(Some(text)),
        Some(file) if file.hasattr("write")? => {
            file.call_method1("write", (text,))?;
            Ok(None)
        }
        Some(path) => {
            let path: std::path::PathBuf = path.extract()?;
            std::fs::write(path, text)?;
            Ok(None)
        }
    }
}
