//! scoresheet for Python: games read and replayed by the `games` crate, as Python objects.
//!
//! - [`reading`]: `read_game`, `read_games` (an iterator, on `jobs` threads, in order).
//! - [`game`]: `Game`, its tags, result, rules, main line, error, written back as text.
//! - [`moves`]: `Move`, written in any notation.
//! - [`node`]: the movetext tree: `GameNode`s with comments, NAGs, variations, clocks.
//! - [`writing`]: `write_games`, a collection in any notation.
//! - [`position`]: `Position` of any draughts or chess variant; [`outcome`]: its `Outcome`.
//! - [`style`]: the options of `scoresheet convert` by their names.
//! - [`tables`]: `to_arrow`, `to_polars`: the tables of `scoresheet convert --to arrow`.
//! - [`error`]: `ScoresheetError` and `GameError`, with their places.

mod error;
mod game;
mod moves;
mod node;
mod outcome;
mod position;
mod reading;
mod style;
mod tables;
mod writing;

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
    m.add_class::<node::PyNode>()?;
    m.add_class::<reading::PyGames>()?;
    position::register(m)?;
    m.add(
        "ScoresheetError",
        m.py().get_type::<error::ScoresheetError>(),
    )?;
    m.add_function(wrap_pyfunction!(reading::read_game, m)?)?;
    m.add_function(wrap_pyfunction!(reading::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(writing::write_games, m)?)?;
    m.add_function(wrap_pyfunction!(tables::to_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(tables::to_polars, m)?)?;
    Ok(())
}
