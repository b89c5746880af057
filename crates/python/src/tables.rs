//! Games as tables: `to_arrow(games, positions=False)` and `to_polars(...)` give the games
//! table (one row per game) or the positions table (one row per position of each main line)
//! that `scoresheet convert --to arrow [--positions]` writes: the same rows
//! (`games::GameRow`), the same columns, written by the same writer (`games::columnar`) as
//! an Arrow IPC file in memory, which pyarrow or polars then read.

use games::GameRow;
use games::columnar::{Format, TableError, TableWriter};
use pyo3::exceptions::{PyImportError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::error::ScoresheetError;
use crate::game::{GameRead, PyGame};
use crate::reading::PyGames;

/// Games taken from a Python iterable between two releases of the GIL: the rows of so many
/// are made without it.
const CHUNK: usize = 256;

/// A table being written into a vector: the rows of each game pushed, numbered 1, 2, ...
/// in the order they come, as the command line numbers the games of a file.
pub struct Table<'a> {
    writer: TableWriter<&'a mut Vec<u8>>,
    positions: bool,
    /// The games pushed so far.
    games: u64,
}

/// A table that cannot be written, as a Python exception.
fn table_error(e: TableError) -> PyErr {
    ScoresheetError::new_err(format!("cannot write the table: {e}"))
}

impl Table<'_> {
    /// The games table, or the positions table when `positions`, as an Arrow IPC file:
    /// `fill` pushes the games.
    pub fn write(
        positions: bool,
        fill: impl FnOnce(&mut Table<'_>) -> PyResult<()>,
    ) -> PyResult<Vec<u8>> {
        let mut out = Vec::new();
        let writer = if positions {
            TableWriter::positions(&mut out, Format::Arrow)
        } else {
            TableWriter::games(&mut out, Format::Arrow)
        }
        .map_err(table_error)?;
        let mut table = Table {
            writer,
            positions,
            games: 0,
        };
        fill(&mut table)?;
        table.writer.finish().map_err(table_error)?;
        Ok(out)
    }

    /// Adds the rows of the next game: a bad game's row carries its error and place, as
    /// `convert` writes it. Needs no GIL.
    pub fn push(&mut self, read: &GameRead) -> PyResult<()> {
        self.games += 1;
        let (row, positions) = match read {
            GameRead::Good(game) => GameRow::of(self.games, game, self.positions),
            GameRead::Bad(e) => {
                let at = record::Pos {
                    line: e.line.unwrap_or(0),
                    column: e.column.unwrap_or(0),
                    offset: 0,
                };
                (GameRow::bad(self.games, at, e.message.clone()), Vec::new())
            }
        };
        self.writer.push(&row, &positions).map_err(table_error)
    }
}

/// The table of `games` (a `Games` iterator, whose games left it takes, or any iterable of
/// `Game`) as an Arrow IPC file, its rows made without the GIL.
fn ipc(games: &Bound<'_, PyAny>, positions: bool) -> PyResult<Vec<u8>> {
    let py = games.py();
    if let Ok(games) = games.cast::<PyGames>() {
        let games = games.try_borrow()?;
        let games: &PyGames = &games;
        return py
            .detach(|| Table::write(positions, |table| games.drain(|read| table.push(&read))));
    }
    Table::write(positions, |table| {
        let mut chunk: Vec<GameRead> = Vec::with_capacity(CHUNK);
        let mut items = games.try_iter()?;
        loop {
            let item = items.next().transpose()?;
            if let Some(item) = &item {
                let game = item.cast::<PyGame>().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "tables are made of Game objects, not {}",
                        item.get_type()
                            .name()
                            .map_or_else(|_| "?".into(), |n| n.to_string())
                    ))
                })?;
                chunk.push(game.get().read.clone());
            }
            if chunk.len() == CHUNK || (item.is_none() && !chunk.is_empty()) {
                py.detach(|| chunk.drain(..).try_for_each(|read| table.push(&read)))?;
            }
            if item.is_none() {
                return Ok(());
            }
        }
    })
}

/// The module `module`, or an ImportError saying that `what` needs its package.
fn import<'py>(py: Python<'py>, module: &str, what: &str) -> PyResult<Bound<'py, PyModule>> {
    py.import(module).map_err(|e| {
        if !e.is_instance_of::<PyImportError>(py) {
            return e;
        }
        let package = module.split('.').next().unwrap_or(module);
        let err = PyImportError::new_err(format!(
            "{what} needs {package}, which is not installed: pip install {package}"
        ));
        err.set_cause(py, Some(e));
        err
    })
}

/// The table of `games` as a pyarrow Table.
pub fn arrow_table<'py>(games: &Bound<'py, PyAny>, positions: bool) -> PyResult<Bound<'py, PyAny>> {
    let py = games.py();
    let ipc_module = import(py, "pyarrow.ipc", "to_arrow()")?;
    let bytes = PyBytes::new(py, &ipc(games, positions)?);
    ipc_module
        .call_method1("open_file", (bytes,))?
        .call_method0("read_all")
}

/// The table of `games` as a polars DataFrame.
pub fn polars_frame<'py>(
    games: &Bound<'py, PyAny>,
    positions: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let py = games.py();
    let polars = import(py, "polars", "to_polars()")?;
    let bytes = PyBytes::new(py, &ipc(games, positions)?);
    polars.call_method1("read_ipc", (bytes,))
}

/// The games table (one row per game: its number, line, `ok`, family, variant, the tags,
/// result, winner, plies, moves as ids and as text, start and final FEN, error, warnings)
/// or, with `positions`, the positions table (one row per position of each main line: game,
/// ply, FEN, the move played from it, clock and evaluation from the comments), as a
/// pyarrow Table: the table `scoresheet convert --to arrow [--positions]` writes. `games`:
/// a `Games` iterator (the games it has left) or any iterable of `Game`, numbered 1, 2, ...
/// in its order; a bad game has a row with its error. Needs pyarrow.
#[pyfunction]
#[pyo3(signature = (games, positions=false))]
pub fn to_arrow<'py>(games: &Bound<'py, PyAny>, positions: bool) -> PyResult<Bound<'py, PyAny>> {
    arrow_table(games, positions)
}

/// The same table as `to_arrow(games, positions)`, as a polars DataFrame (the `tags` map as
/// a list of key and value structs, polars' way). Needs polars.
#[pyfunction]
#[pyo3(signature = (games, positions=false))]
pub fn to_polars<'py>(games: &Bound<'py, PyAny>, positions: bool) -> PyResult<Bound<'py, PyAny>> {
    polars_frame(games, positions)
}
