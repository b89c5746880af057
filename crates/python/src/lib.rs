//! scoresheet for Python: games read and replayed by the `games` crate, as Python objects.
//!
//! - [`reading`]: `read_game`, `read_games` (an iterator, on `jobs` threads, in order).
//! - [`game`]: `Game`, its tags, result, rules, main line, error, written back as text.
//! - [`moves`]: `Move`, written in any notation.
//! - [`style`]: the options of `scoresheet convert` by their names.
//! - [`tables`]: `to_arrow`, `to_polars`: the tables of `scoresheet convert --to arrow`.
//! - [`error`]: `ScoresheetError` and `GameError`, with their places.

mod error;
mod game;
mod moves;
mod reading;
mod style;
mod tables;

use pyo3::prelude::*;

/// mimalloc for what the module's Rust side allocates, as the command line does: reading
/// games makes many small strings and nodes (move words, comments), which glibc's malloc
/// makes and frees slowly, and with `jobs` the games made on the reading threads are freed
/// on Python's, which mimalloc hands back without a lock. Python's own objects keep
/// Python's allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The extension module behind the `scoresheet` package.
#[pymodule]
fn _scoresheet(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::PyGame>()?;
    m.add_class::<error::PyGameError>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<reading::PyGames>()?;
    m.add(
        "ScoresheetError",
        m.py().get_type::<error::ScoresheetError>(),
    )?;
    m.add_function(wrap_pyfunction!(reading::read_game, m)?)?;
    m.add_function(wrap_pyfunction!(reading::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(tables::to_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(tables::to_polars, m)?)?;
    Ok(())
}
