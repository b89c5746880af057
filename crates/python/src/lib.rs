//! scoresheet for Python: games read and replayed by the `games` crate, as Python objects.
//!
//! A first slice of issue 29: `read_game(text)` and `read_games(path)` give [`PyGame`]s with
//! their tags, result, rules, main line and error with its place; a bad game is a game with
//! `.error`, never an exception that loses the rest of the file.

use std::collections::BTreeMap;

use games::{AnyGame, GameError, GameRow, OnePass, ReadGame, ReadOptions, Rules};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

create_exception!(
    _scoresheet,
    ScoresheetError,
    PyException,
    "A game that cannot be read, with its place: .line, .column (1-based) and .ply."
);

/// What is wrong with a game, and where.
#[pyclass(name = "GameError", module = "scoresheet", frozen, get_all)]
#[derive(Clone)]
pub struct PyGameError {
    /// What is wrong, in words.
    message: String,
    /// The line of the text, 1-based (None when the problem has no one place).
    line: Option<u32>,
    /// The column, 1-based.
    column: Option<u32>,
    /// The ply concerned, 1-based, if any.
    ply: Option<usize>,
}

#[pymethods]
impl PyGameError {
    fn __repr__(&self) -> String {
        format!(
            "GameError({:?}, line={:?}, column={:?}, ply={:?})",
            self.message, self.line, self.column, self.ply
        )
    }

    fn __str__(&self) -> String {
        self.message.clone()
    }
}

impl PyGameError {
    fn of(e: &GameError) -> PyGameError {
        let known = e.at.line > 0;
        PyGameError {
            message: e.to_string(),
            line: known.then_some(e.at.line),
            column: known.then_some(e.at.column),
            ply: e.ply.as_ref().map(|p| p.index),
        }
    }
}

/// A game read from PDN or PGN text.
#[pyclass(name = "Game", module = "scoresheet", frozen, get_all)]
pub struct PyGame {
    /// The tags, as written (`Event`, `White`, ...).
    headers: BTreeMap<String, String>,
    /// The result token (`1-0`, `2-0`, `*`), if the game has one.
    result: Option<String>,
    /// The rules the game was read under: `chess` or a draughts variant's name.
    rules: Option<String>,
    /// The main line: chess moves in UCI, draughts moves in the variant's own notation.
    moves: Vec<String>,
    /// Why the game could not be read, with its place; None for a good game.
    error: Option<PyGameError>,
    /// What was read leniently or looks wrong but did not stop the game.
    warnings: Vec<PyGameError>,
}

#[pymethods]
impl PyGame {
    fn __repr__(&self) -> String {
        match &self.error {
            Some(e) => format!("<Game error {e:?}>", e = e.message),
            None => format!(
                "<Game {} {} plies {}>",
                self.rules.as_deref().unwrap_or("?"),
                self.moves.len(),
                self.result.as_deref().unwrap_or("")
            ),
        }
    }

    /// Raises ScoresheetError when the game could not be read; returns the game otherwise.
    fn check(slf: Py<Self>, py: Python<'_>) -> PyResult<Py<Self>> {
        if let Some(e) = &slf.get().error {
            let err = ScoresheetError::new_err(e.message.clone());
            let value = err.value(py);
            value.setattr("line", e.line)?;
            value.setattr("column", e.column)?;
            value.setattr("ply", e.ply)?;
            return Err(err);
        }
        Ok(slf)
    }
}

fn game_of(read: ReadGame) -> PyGame {
    match read {
        ReadGame::Bad(e) => PyGame {
            headers: BTreeMap::new(),
            result: None,
            rules: None,
            moves: Vec::new(),
            error: Some(PyGameError::of(&e)),
            warnings: Vec::new(),
        },
        ReadGame::Game(game) => {
            let game_rules = game.rules().name().to_string();
            let warnings = game.warnings().iter().map(PyGameError::of).collect();
            // The main line as the Parquet tables write it (one path for both): chess in
            // UCI, draughts in the variant's own notation.
            let (row, _) = GameRow::of(0, &game, false);
            let moves = match &*game {
                AnyGame::Chess(_) => row.moves,
                AnyGame::Draughts(_) => row.moves_text,
            };
            let (tags, result) = match *game {
                AnyGame::Chess(g) => (g.game.tags, g.game.result),
                AnyGame::Draughts(g) => (g.game.tags, g.game.result),
            };
            PyGame {
                headers: tags
                    .iter()
                    .map(|t| (t.name.to_string(), t.value.to_string()))
                    .collect(),
                result: result.map(|r| r.to_string()),
                rules: Some(game_rules),
                moves,
                error: None,
                warnings,
            }
        }
    }
}

fn options(variant: Option<&str>) -> PyResult<ReadOptions> {
    let mut options = ReadOptions::default();
    if let Some(name) = variant {
        let rules: Rules = name.parse().map_err(PyValueError::new_err)?;
        options.rules = Some(rules);
    }
    Ok(options)
}

fn read_all(bytes: &[u8], options: ReadOptions) -> Vec<PyGame> {
    let mut reader = record::Reader::from_bytes(bytes);
    let mut one_pass = OnePass::new(options);
    let mut out = Vec::new();
    while let Some(read) = one_pass.next(&mut reader) {
        out.push(match read {
            Ok(read) => game_of(read),
            // The syntax broken beyond reading: the game is bad, at its place, and the
            // reader goes on with the next one.
            Err(record::ReadError::Syntax { at, message, .. }) => {
                game_of(ReadGame::Bad(GameError::at(at, message)))
            }
            Err(e) => game_of(ReadGame::Bad(GameError::at(
                record::Pos::default(),
                e.to_string(),
            ))),
        });
    }
    out
}

/// The first game of a PDN or PGN text. `variant`: the rules (`chess`, `american`,
/// `international`, ...) when the text does not say.
#[pyfunction]
#[pyo3(signature = (text, variant=None))]
fn read_game(py: Python<'_>, text: &str, variant: Option<&str>) -> PyResult<PyGame> {
    let options = options(variant)?;
    let mut games = py.detach(|| read_all(text.as_bytes(), options));
    if games.is_empty() {
        return Err(ScoresheetError::new_err("no game in the text"));
    }
    Ok(games.swap_remove(0))
}

/// Every game of a PDN or PGN file, in order; a bad game is a game with `.error`.
#[pyfunction]
#[pyo3(signature = (path, variant=None))]
fn read_games(py: Python<'_>, path: &str, variant: Option<&str>) -> PyResult<Vec<PyGame>> {
    let options = options(variant)?;
    let bytes = std::fs::read(path)?;
    Ok(py.detach(|| read_all(&bytes, options)))
}

/// The extension module behind the `scoresheet` package.
#[pymodule]
fn _scoresheet(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyGameError>()?;
    m.add("ScoresheetError", m.py().get_type::<ScoresheetError>())?;
    m.add_function(wrap_pyfunction!(read_game, m)?)?;
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    Ok(())
}
