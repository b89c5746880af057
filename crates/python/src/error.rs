//! Errors with their place: `ScoresheetError` (the exception) and `GameError` (what a bad
//! game or a warning carries).

use games::GameError;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    _scoresheet,
    ScoresheetError,
    PyException,
    "A game, a FEN or a move that cannot be read, with its place: .line, .column (1-based) \
     and .ply (None where there is no such place)."
);

/// What is wrong with a game, and where.
#[pyclass(name = "GameError", module = "scoresheet", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct PyGameError {
    /// What is wrong, in words.
    pub message: String,
    /// The line of the text, 1-based (None when the problem has no one place).
    pub line: Option<u32>,
    /// The column, 1-based.
    pub column: Option<u32>,
    /// The ply concerned, 1-based, if any.
    pub ply: Option<usize>,
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
    /// The error of a game, with its place in the text.
    pub fn of(e: &GameError) -> PyGameError {
        let known = e.at.line > 0;
        PyGameError {
            message: e.to_string(),
            line: known.then_some(e.at.line),
            column: known.then_some(e.at.column),
            ply: e.ply.as_ref().map(|p| p.index),
        }
    }

    /// The error as a `ScoresheetError` carrying its place.
    pub fn raise(&self, py: Python<'_>) -> PyErr {
        raise(py, &self.message, self.line, self.column, self.ply)
    }
}

/// A `ScoresheetError` with `message` and its place.
pub fn raise(
    py: Python<'_>,
    message: &str,
    line: Option<u32>,
    column: Option<u32>,
    ply: Option<usize>,
) -> PyErr {
    let err = ScoresheetError::new_err(message.to_string());
    let value = err.value(py);
    // Setting attributes on a fresh exception object cannot fail but for memory.
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    let _ = value.setattr("ply", ply);
    err
}
