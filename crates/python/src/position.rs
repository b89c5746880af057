//! `Position`: a position of any draughts variant or chess variant, with python-chess's
//! names where python-chess has the concept: `fen()`, `turn`, `legal_moves`, `push`,
//! `push_san`, `pop`, `parse_san`, `is_game_over`, `outcome`, `copy`; and `play` for the
//! position after a move, `perft` for the count of move sequences.

use chess_notation::Language;
use games::{AnyPosition, AnyVariant, NotationChoice};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::error::raise;
use crate::moves::PyMove;
use crate::outcome::PyOutcome;

/// A position of a draughts variant or a chess variant, and the moves pushed to reach it.
///
/// `Position(variant="chess", fen=None)`: the variant's start position, or the position of
/// `fen`. `variant` names a chess variant (`chess` or `standard`, `chess960`, `crazyhouse`,
/// `atomic`, `antichess`, `kingofthehill`, `threecheck`, `horde`, `racingkings`) or a
/// draughts variant (`international`, `american` or `english`, `russian`, `brazilian`,
/// `italian`, `spanish`, `pool`, `czech`, `thai`, `frisian`, `frysk`, `antidraughts`,
/// `breakthrough`, `killer`, `canadian`); chess names are read first, so `standard` is
/// standard chess. An unknown variant raises ValueError, a FEN that cannot be read
/// ScoresheetError.
///
/// Moves are `Move` objects, written in each variant's style (`Move.san()`: chess SAN,
/// draughts the variant's own notation, `32-28`, `c3-d4`, `26x17`); `push` and
/// `parse_move` read a `Move` or text in any notation the game readers accept.
///
/// >>> import scoresheet
/// >>> p = scoresheet.Position()
/// >>> p.push_san("e4").uci()
/// 'e2e4'
/// >>> p.fen()
/// 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
/// >>> d = scoresheet.Position("international")
/// >>> [m.san() for m in d.legal_moves][:3]
/// ['31-26', '31-27', '32-27']
#[pyclass(name = "Position", module = "scoresheet")]
#[derive(Clone, Debug)]
pub struct PyPosition {
    /// The position now.
    pos: AnyPosition,
    /// The moves pushed, oldest first, each with the position it was played from.
    stack: Vec<PyMove>,
}

/// Adds `Position` and its `Outcome` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPosition>()?;
    m.add_class::<PyOutcome>()
}

/// The variant `name` names; ValueError for an unknown one.
fn variant_named(name: &str) -> PyResult<AnyVariant> {
    name.parse().map_err(PyValueError::new_err)
}

/// The language `lang` names (None: none given); ValueError for an unknown one.
fn language_named(lang: Option<&str>) -> PyResult<Option<Language>> {
    lang.map(|l| {
        l.parse()
            .map_err(|e| PyValueError::new_err(format!("lang: {e}")))
    })
    .transpose()
}

impl PyPosition {
    /// `pos`, with no move pushed.
    pub fn at(pos: AnyPosition) -> PyPosition {
        PyPosition {
            pos,
            stack: Vec::new(),
        }
    }

    /// The position of `fen` (None: the start) under the variant named `variant`.
    fn make(py: Python<'_>, variant: &str, fen: Option<&str>) -> PyResult<PyPosition> {
        let variant = variant_named(variant)?;
        let pos = match fen {
            None => variant.start(),
            Some(fen) => variant.position_from_fen(fen).map_err(|e| {
                // Chess's reasons quote the FEN already; draughts' give the column.
                let message = if e.contains(fen) {
                    format!("bad {} FEN: {e}", variant.name())
                } else {
                    format!("bad {} FEN `{fen}`: {e}", variant.name())
                };
                raise(py, &message, None, None, None)
            })?,
        };
        Ok(PyPosition {
            pos,
            stack: Vec::new(),
        })
    }

    /// The legal move that `mov` names here: a `Move`, or text in any notation (chess piece
    /// letters read in `lang` where languages disagree). A ScoresheetError names a move that
    /// is not legal here.
    fn find(&self, py: Python<'_>, mov: &Bound<'_, PyAny>, lang: Option<&str>) -> PyResult<PyMove> {
        let language = language_named(lang)?;
        if let Ok(text) = mov.cast::<PyString>() {
            let text = text.to_cow()?;
            return match self.pos.find_move_in(&text, language) {
                Ok(m) => Ok(PyMove::new(self.pos.clone(), Some(m))),
                Err(e) => Err(self.illegal(py, &text, &e)),
            };
        }
        let Ok(given) = mov.cast::<PyMove>() else {
            return Err(PyTypeError::new_err(format!(
                "a move is a Move or a str, not {}",
                mov.get_type().name()?
            )));
        };
        let given = given.get();
        match &given.mov {
            Some(m) if self.pos.is_legal(m) => Ok(PyMove::new(self.pos.clone(), Some(m.clone()))),
            Some(m) => {
                let (uci, _) = given.before.describe(m, &NotationChoice::default());
                Err(self.illegal(py, &uci, "not a legal move here"))
            }
            None => Err(self.illegal(py, "--", "a null move cannot be played")),
        }
    }

    /// The ScoresheetError of a move `text` that is not legal here, and why.
    fn illegal(&self, py: Python<'_>, text: &str, why: &str) -> PyErr {
        raise(
            py,
            &format!("illegal move `{text}` in {}: {why}", self.pos.fen()),
            None,
            None,
            None,
        )
    }

    /// Plays a legal move found by `find`.
    fn play_found(&mut self, found: &PyMove) {
        if let Some(m) = &found.mov {
            self.pos = self.pos.after(m);
        }
        self.stack.push(found.clone());
    }
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (variant="chess", fen=None))]
    fn new(py: Python<'_>, variant: &str, fen: Option<&str>) -> PyResult<PyPosition> {
        PyPosition::make(py, variant, fen)
    }

    /// The position of `fen` under `variant` (see `Position`): a draughts FEN
    /// (`W:W31-50:B1-20`, numbers or algebraic squares, ranges, kings `K`) or a chess FEN
    /// (Crazyhouse pockets, Three-check checks, X-FEN and Shredder-FEN castling). Raises
    /// ScoresheetError for a FEN that cannot be read.
    #[classmethod]
    #[pyo3(signature = (fen, variant="chess"))]
    fn from_fen(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        fen: &str,
        variant: &str,
    ) -> PyResult<PyPosition> {
        PyPosition::make(py, variant, Some(fen))
    }

    /// The position as FEN: chess as python-chess writes it (an en passant square only when
    /// a capture there is legal), draughts as PDN writes it (`W:W31,32:B1,K2`, numbers).
    fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The variant: a chess variant's key (`standard`, `chess960`, `crazyhouse`, ...) or a
    /// draughts variant's name (`international`, `american`, ...), as `Game.variant`.
    #[getter]
    fn variant(&self) -> &'static str {
        AnyVariant::of(&self.pos).name()
    }

    /// The family of rules: `chess`, or the draughts variant's name, as `Game.rules`.
    #[getter]
    fn rules(&self) -> &'static str {
        self.pos.rules().name()
    }

    /// The side to move: True for White (python-chess's `chess.WHITE`), False for Black.
    #[getter]
    fn turn(&self) -> bool {
        self.pos.white_to_move()
    }

    /// The legal moves, as a list of `Move`: draughts by start square, end square and the
    /// squares taken (one move for the routes that take the same pieces to the same
    /// square), chess in the move generator's order.
    #[getter]
    fn legal_moves(&self) -> Vec<PyMove> {
        self.pos
            .moves()
            .into_iter()
            .map(|m| PyMove::new(self.pos.clone(), Some(m)))
            .collect()
    }

    /// The moves pushed since this position was set up, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.stack.clone()
    }

    /// Whether `move` (a `Move` or text in any notation) is a legal move here.
    #[pyo3(signature = (r#move, lang=Some("en")))]
    fn is_legal(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        lang: Option<&str>,
    ) -> PyResult<bool> {
        match self.find(py, r#move, lang) {
            Ok(_) => Ok(true),
            Err(e) if e.is_instance_of::<crate::error::ScoresheetError>(py) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The legal move `text` names, as a `Move`: UCI (`e2e4`, `e7e8q`, `P@e4`), SAN or
    /// long algebraic in any of the readers' languages, figurines, English or Spanish
    /// descriptive; draughts `32-28`, `28x19`, `28x19x10`, `c3-d4`, `c3:e5`. `lang` (`en`,
    /// `fr`, `de`, `es`, `it`, `nl`, `pl`, `pt`, `eo`) is the language whose reading wins
    /// where two languages' piece letters name different legal moves (`Rf1`: a rook in
    /// English, the king in French), English by default; None makes such a text an error.
    /// Raises ScoresheetError naming a move that is not legal here.
    #[pyo3(signature = (text, lang=Some("en")))]
    fn parse_move(
        &self,
        py: Python<'_>,
        text: &Bound<'_, PyString>,
        lang: Option<&str>,
    ) -> PyResult<PyMove> {
        self.find(py, text.as_any(), lang)
    }

    /// python-chess's name for `parse_move`: reads SAN, and every other notation too.
    #[pyo3(signature = (san, lang=Some("en")))]
    fn parse_san(
        &self,
        py: Python<'_>,
        san: &Bound<'_, PyString>,
        lang: Option<&str>,
    ) -> PyResult<PyMove> {
        self.find(py, san.as_any(), lang)
    }

    /// python-chess's name for `parse_move`: reads UCI (draughts: `31x22x13`), and every
    /// other notation too.
    fn parse_uci(&self, py: Python<'_>, uci: &Bound<'_, PyString>) -> PyResult<PyMove> {
        self.find(py, uci.as_any(), Some("en"))
    }

    /// Plays `move` (a `Move` of this position, or text in any notation, as `parse_move`
    /// reads it) and returns it as a `Move` of the position it was played from. Raises
    /// ScoresheetError naming a move that is not legal here; the position is then unchanged.
    #[pyo3(signature = (r#move, lang=Some("en")))]
    fn push(
        &mut self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        lang: Option<&str>,
    ) -> PyResult<PyMove> {
        let found = self.find(py, r#move, lang)?;
        self.play_found(&found);
        Ok(found)
    }

    /// Plays the move written `san` (any notation, as `parse_move` reads it) and returns
    /// it, as python-chess's `push_san`.
    #[pyo3(signature = (san, lang=Some("en")))]
    fn push_san(
        &mut self,
        py: Python<'_>,
        san: &Bound<'_, PyString>,
        lang: Option<&str>,
    ) -> PyResult<PyMove> {
        self.push(py, san.as_any(), lang)
    }

    /// Plays the move written `uci` (any notation, as `parse_move` reads it) and returns
    /// it, as python-chess's `push_uci`.
    fn push_uci(&mut self, py: Python<'_>, uci: &Bound<'_, PyString>) -> PyResult<PyMove> {
        self.push(py, uci.as_any(), Some("en"))
    }

    /// Takes back the last move pushed and returns it; IndexError when none was.
    fn pop(&mut self) -> PyResult<PyMove> {
        let last = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from a position with no move pushed"))?;
        self.pos = last.before.clone();
        Ok(last)
    }

    /// The position after `move` (a `Move` or text, as `push` reads it), as a new
    /// `Position`: this one is unchanged.
    #[pyo3(signature = (r#move, lang=Some("en")))]
    fn play(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        lang: Option<&str>,
    ) -> PyResult<PyPosition> {
        let found = self.find(py, r#move, lang)?;
        let mut next = self.clone();
        next.play_found(&found);
        Ok(next)
    }

    /// A copy, with the moves pushed: pushing on one leaves the other as it is.
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __copy__(&self) -> PyPosition {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPosition {
        self.clone()
    }

    /// Whether the game is over in this position: no legal move, checkmate, stalemate,
    /// insufficient material, or a chess variant's own end. Draws by repetition, the
    /// fifty-move rule and the draughts draw rules need the game's history, which a
    /// position has not.
    fn is_game_over(&self) -> bool {
        self.pos.status() != games::Status::Ongoing
    }

    /// How the game ended in this position (see `Outcome`), or None while it goes on.
    fn outcome(&self) -> Option<PyOutcome> {
        PyOutcome::of(self.pos.status(), self.pos.rules())
    }

    /// Whether the side to move is checkmated (chess).
    fn is_checkmate(&self) -> bool {
        matches!(
            self.pos.status(),
            games::Status::Won {
                reason: "checkmate",
                ..
            }
        )
    }

    /// Whether the side to move has no legal move and is not in check (chess; in
    /// draughts a side without a move loses).
    fn is_stalemate(&self) -> bool {
        matches!(
            self.pos.status(),
            games::Status::Drawn {
                reason: "stalemate"
            }
        )
    }

    /// The number of move sequences `depth` plies long from here (perft), counted by the
    /// command line's fast counters without holding the GIL: draughts captures that take
    /// the same pieces to the same square count once, as the published tables count them.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.pos.clone();
        py.detach(move || pos.perft(depth))
    }

    /// The board as text, White at the bottom: chess as python-chess's `str(board)`,
    /// draughts with `w`/`b` men and `W`/`B` kings.
    fn diagram(&self) -> String {
        self.pos.diagram()
    }

    fn __str__(&self) -> String {
        self.pos.diagram()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}', '{}')", self.variant(), self.pos.fen())
    }

    /// Positions are equal when their variants, pieces, sides to move and (chess)
    /// castling rights, en passant squares and move counters are, as their FENs say;
    /// draughts positions compare the Frisian king-move counts too.
    fn __eq__(&self, other: &Self) -> bool {
        match (&self.pos, &other.pos) {
            (AnyPosition::Draughts(a), AnyPosition::Draughts(b)) => a == b,
            (a @ AnyPosition::Chess(_), b @ AnyPosition::Chess(_)) => {
                AnyVariant::of(a) == AnyVariant::of(b) && a.fen() == b.fen()
            }
            _ => false,
        }
    }
}
