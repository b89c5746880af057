//! How a position ends the game: `Outcome`, as python-chess's `Board.outcome()` gives it.

use games::{Rules, Status};
use pyo3::prelude::*;

/// How the game ended in a position: `winner` (True for White, False for Black, None for a
/// draw), `termination` (`checkmate`, `stalemate`, `insufficient-material`, `variant-win`,
/// `variant-draw`, or `no-moves` for draughts, where the side to move has none and loses)
/// and `result()` as the rules write it.
#[pyclass(name = "Outcome", module = "scoresheet", frozen)]
#[derive(Clone, Debug)]
pub struct PyOutcome {
    /// The end, as the games crate tells it.
    status: Status,
    /// The rules, for the way results are written.
    rules: Rules,
}

impl PyOutcome {
    /// The outcome of a position whose `status` is not `Ongoing` (None for one that is).
    pub fn of(status: Status, rules: Rules) -> Option<PyOutcome> {
        (status != Status::Ongoing).then_some(PyOutcome { status, rules })
    }
}

#[pymethods]
impl PyOutcome {
    /// True when White won, False when Black did, None for a draw.
    #[getter]
    fn winner(&self) -> Option<bool> {
        self.status.white_won()
    }

    /// Why the game is over: `checkmate`, `stalemate`, `insufficient-material`,
    /// `variant-win`, `variant-draw` (a chess variant's own end), or `no-moves` (draughts).
    #[getter]
    fn termination(&self) -> &'static str {
        match self.status {
            Status::Won { reason, .. } | Status::Drawn { reason } => reason,
            Status::Ongoing => "ongoing",
        }
    }

    /// The result as the rules write it: `1-0`, `0-1`, `1/2-1/2` in chess; the draughts
    /// variant's own (`2-0`, `0-2`, `1-1` in International; in American, where Black moves
    /// first, `1-0` is Black's win).
    fn result(&self) -> &'static str {
        self.status.result(self.rules)
    }

    fn __repr__(&self) -> String {
        let winner = match self.winner() {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        format!(
            "Outcome(termination={:?}, winner={winner})",
            self.termination()
        )
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.status == other.status && self.rules == other.rules
    }
}
