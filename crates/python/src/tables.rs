//! Games as tables: `to_arrow(games, positions=False)` and `to_polars(...)` give the games
//! table (one row per game) or the positions table (one row per position of each main line)
//! that `scoresheet convert --to arrow [--positions]` writes: the same rows
//! (`games::GameRow`), the same columns, written by the same writer (`games::columnar`) as
//! an Arrow IPC file in memory, which pyarrow or polars then read.

use games::columnar::{Format, TableError, TableWriter};
use games::{GameRow, PositionRow, every_core};
use pyo3::exceptions::{PyImportError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::error::ScoresheetError;
use crate::game::{GameRead, PyGame};
use crate::reading::PyGames;

/// Games whose rows are made together (without the GIL, on the threads of `jobs`) before
/// they are written.
const BATCH: usize = 512;

/// The rows of one game.
type Rows = (GameRow, Vec<PositionRow>);

/// A table being written into a vector: the rows of each game pushed, numbered 1, 2, ...
/// in the order they come, as the command line numbers the games of a file.
pub struct Table<'a> {
    writer: TableWriter<&'a mut Vec<u8>>,
    positions: bool,
    /// Threads making rows.
    jobs: usize,
    /// The games pushed so far.
    games: u64,
    /// Games waiting for their rows.
    batch: Vec<GameRead>,
}

/// A table that cannot be written, as a Python exception.
fn table_error(e: TableError) -> PyErr {
    ScoresheetError::new_err(format!("cannot write the table: {e}"))
}

/// The rows of game `number`: a bad game's row carries its error and place, as `convert`
/// writes it.
fn rows_of(number: u64, read: &GameRead, positions: bool) -> Rows {
    match read {
        GameRead::Good(game) => GameRow::of(number, game, positions),
        GameRead::Bad(bad) => {
            let e = &bad.error;
            let at = record::Pos {
                line: e.line.unwrap_or(0),
                column: e.column.unwrap_or(0),
                offset: 0,
            };
            (GameRow::bad(number, at, e.message.clone()), Vec::new())
        }
    }
}

impl Table<'_> {
    /// The games table, or the positions table when `positions`, as an Arrow IPC file, its
    /// rows made on `jobs` threads: `fill` pushes the games.
    pub fn write(
        positions: bool,
        jobs: usize,
        fill: impl FnOnce(&mut Table<'_>) -> PyResult<()>,
    ) -> PyResult<Vec<u8>> {
        let mut out = Vec::new();
        let writer = if positions {
            TableWriter::positions(&mut out, Format::Arrow)
        } else {
            TableWriter::games(&mut out, Format::Arrow)
        }
        .map_err(table_error)?;
        // The table, which borrows `out`, ends before `out` is handed back.
        {
            let mut table = Table {
                writer,
                positions,
                jobs: jobs.max(1),
                games: 0,
                batch: Vec::with_capacity(BATCH),
            };
            fill(&mut table)?;
            table.flush()?;
            table.writer.finish().map_err(table_error)?;
        }
        Ok(out)
    }

    /// Adds the next game; its rows are made with those of the games around it. Needs no GIL.
    pub fn push(&mut self, read: GameRead) -> PyResult<()> {
        self.batch.push(read);
        if self.batch.len() >= BATCH {
            self.flush()?;
        }
        Ok(())
    }

    /// Makes the rows of the games waiting and writes them, in order.
    fn flush(&mut self) -> PyResult<()> {
        let first = self.games + 1;
        let positions = self.positions;
        let batch = std::mem::take(&mut self.batch);
        let rows: Vec<Rows> = if self.jobs == 1 || batch.len() < 2 {
            (first..)
                .zip(&batch)
                .map(|(n, read)| rows_of(n, read, positions))
                .collect()
        } else {
            // Each thread makes the rows of one run of games; the runs joined in order.
            let run = batch.len().div_ceil(self.jobs);
            std::thread::scope(|scope| {
                let threads: Vec<_> = batch
                    .chunks(run)
                    .zip((first..).step_by(run))
                    .map(|(games, first)| {
                        scope.spawn(move || {
                            (first..)
                                .zip(games)
                                .map(|(n, read)| rows_of(n, read, positions))
                                .collect::<Vec<Rows>>()
                        })
                    })
                    .collect();
                let mut rows = Vec::with_capacity(batch.len());
                for thread in threads {
                    rows.extend(thread.join().map_err(|_| {
                        ScoresheetError::new_err("a thread making the table's rows failed")
                    })?);
                }
                Ok::<_, PyErr>(rows)
            })?
        };
        self.games += batch.len() as u64;
        // The batch's games are dropped here, off the GIL, with its vector reused.
        self.batch = batch;
        self.batch.clear();
        for (row, positions) in &rows {
            self.writer.push(row, positions).map_err(table_error)?;
        }
        Ok(())
    }
}

/// The table of `games` (a `Games` iterator, whose games left it takes, or any iterable of
/// `Game`) as an Arrow IPC file, its rows made without the GIL on `jobs` threads.
fn ipc(games: &Bound<'_, PyAny>, positions: bool, jobs: usize) -> PyResult<Vec<u8>> {
    let py = games.py();
    if let Ok(games) = games.cast::<PyGames>() {
        let games = games.try_borrow()?;
        let games: &PyGames = &games;
        return py.detach(|| {
            Table::write(positions, jobs, |table| {
                games.drain(|read| table.push(read))
            })
        });
    }
    Table::write(positions, jobs, |table| {
        for item in games.try_iter()? {
            let item = item?;
            let game = item.cast::<PyGame>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "tables are made of Game objects, not {}",
                    item.get_type()
                        .name()
                        .map_or_else(|_| "?".into(), |n| n.to_string())
                ))
            })?;
            table.batch.push(game.get().read.clone());
            if table.batch.len() >= BATCH {
                py.detach(|| table.flush())?;
            }
        }
        py.detach(|| table.flush())
    })
}

/// The threads of `jobs` (None or 1: this one; 0: one per core).
fn threads(jobs: Option<usize>) -> usize {
    match jobs {
        Some(0) => every_core(),
        Some(n) => n,
        None => 1,
    }
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

/// The table of `games` as a pyarrow Table, its rows made on the threads of `jobs`.
pub fn arrow_table<'py>(
    games: &Bound<'py, PyAny>,
    positions: bool,
    jobs: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = games.py();
    let ipc_module = import(py, "pyarrow.ipc", "to_arrow()")?;
    let bytes = PyBytes::new(py, &ipc(games, positions, threads(jobs))?);
    ipc_module
        .call_method1("open_file", (bytes,))?
        .call_method0("read_all")
}

/// The table of `games` as a polars DataFrame, its rows made on the threads of `jobs`.
pub fn polars_frame<'py>(
    games: &Bound<'py, PyAny>,
    positions: bool,
    jobs: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = games.py();
    let polars = import(py, "polars", "to_polars()")?;
    let bytes = PyBytes::new(py, &ipc(games, positions, threads(jobs))?);
    polars.call_method1("read_ipc", (bytes,))
}

/// The games table (one row per game: its number, line, `ok`, family, variant, the tags,
/// result, winner, plies, moves as ids and as text, start and final FEN, error, warnings)
/// or, with `positions`, the positions table (one row per position of each main line: game,
/// ply, FEN, the move played from it, clock and evaluation from the comments), as a
/// pyarrow Table: the table `scoresheet convert --to arrow [--positions]` writes. `games`:
/// a `Games` iterator (the games it has left) or any iterable of `Game`, numbered 1, 2, ...
/// in its order; a bad game has a row with its error. `jobs`: threads making the rows (None
/// or 1: this one; 0: every core), as `convert -j` makes them on its reading threads; the
/// GIL is released while they are made. Needs pyarrow.
#[pyfunction]
#[pyo3(signature = (games, positions=false, jobs=None))]
pub fn to_arrow<'py>(
    games: &Bound<'py, PyAny>,
    positions: bool,
    jobs: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    arrow_table(games, positions, jobs)
}

/// The same table as `to_arrow(games, positions, jobs)`, as a polars DataFrame (the `tags`
/// map as a list of key and value structs, polars' way). Needs polars.
#[pyfunction]
#[pyo3(signature = (games, positions=false, jobs=None))]
pub fn to_polars<'py>(
    games: &Bound<'py, PyAny>,
    positions: bool,
    jobs: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    polars_frame(games, positions, jobs)
}

/// The games of a reading as tables (a second `#[pymethods]` block of `Games`, kept here so
/// that the reading knows nothing of tables).
#[pymethods]
impl PyGames {
    /// The games left as a pyarrow Table, its rows made on `jobs` threads: see
    /// `scoresheet.to_arrow`.
    #[pyo3(signature = (positions=false, jobs=None))]
    fn to_arrow<'py>(
        slf: &Bound<'py, Self>,
        positions: bool,
        jobs: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        arrow_table(slf.as_any(), positions, jobs)
    }

    /// The games left as a polars DataFrame, its rows made on `jobs` threads: see
    /// `scoresheet.to_polars`.
    #[pyo3(signature = (positions=false, jobs=None))]
    fn to_polars<'py>(
        slf: &Bound<'py, Self>,
        positions: bool,
        jobs: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        polars_frame(slf.as_any(), positions, jobs)
    }
}
