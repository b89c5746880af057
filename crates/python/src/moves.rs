//! A move and the position it is played from, written in any notation.

use games::{AnyMove, AnyPosition, NotationChoice};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::style::{chess_options, convert_style};

/// A move of a game or of a position, with the position it is played from, so that it can
/// be written in any notation: `uci()` (draughts: every square, `31x22x13`), `san()`,
/// `text(...)` with the options of `scoresheet convert`.
#[pyclass(name = "Move", module = "scoresheet", frozen)]
#[derive(Clone, Debug)]
pub struct PyMove {
    /// The position the move is played from.
    pub before: AnyPosition,
    /// The move; `None` for a chess null move (`--`).
    pub mov: Option<AnyMove>,
}

impl PyMove {
    /// The move `mov` played from `before` (`None`: a null move).
    pub fn new(before: AnyPosition, mov: Option<AnyMove>) -> PyMove {
        PyMove { before, mov }
    }

    /// The move's text in `notation`.
    fn written(&self, notation: &NotationChoice) -> String {
        match &self.mov {
            Some(m) => self.before.move_text(m, notation),
            None => "--".to_string(),
        }
    }
}

#[pymethods]
impl PyMove {
    /// The move as UCI (`e2e4`, `e7e8q`, `0000` for a null move); draughts: its squares as
    /// numbers, every landing square of a capture (`31x22x13`) or `32-28`.
    pub fn uci(&self) -> String {
        match &self.mov {
            Some(m) => self.before.move_id(m),
            None => "0000".to_string(),
        }
    }

    /// The move in standard algebraic notation, in the language of `lang` (`en`, `de`,
    /// `fr`, ...); draughts: the variant's own notation.
    #[pyo3(signature = (lang="en"))]
    pub fn san(&self, lang: &str) -> PyResult<String> {
        let chess = chess_options("san", lang)?;
        Ok(self.written(&NotationChoice {
            chess,
            squares: None,
        }))
    }

    /// The move written with the options of `scoresheet convert` as keywords: chess
    /// `notation` (`san`, `long`, `uci`, `descriptive`, `desc-es`, `desc-en`), `lang`,
    /// `figurine`, `double_plus_mate`, `zeros`; draughts `squares` (`numeric` or
    /// `algebraic`).
    #[pyo3(signature = (**style))]
    fn text(&self, style: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        Ok(self.written(&convert_style(style)?.notation_choice()))
    }

    /// Whether the move is a chess null move.
    fn is_null(&self) -> bool {
        self.mov.is_none()
    }

    /// Whether the move takes: a draughts capture, or a chess capture (en passant too).
    fn is_capture(&self) -> bool {
        match &self.mov {
            Some(AnyMove::Draughts(m)) => m.is_capture(),
            Some(AnyMove::Chess(m)) => m.is_capture(),
            None => false,
        }
    }

    fn __str__(&self) -> String {
        self.uci()
    }

    fn __repr__(&self) -> String {
        format!("<Move {}>", self.uci())
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.mov == other.mov && self.uci() == other.uci()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.uci().hash(&mut h);
        h.finish()
    }

    /// The square the move starts from: chess as python-chess numbers squares (a1 = 0,
    /// h8 = 63; a drop's is its `to_square`), draughts the square's number (`32` of
    /// `32-28`). 0 for a null move.
    #[getter]
    #[allow(clippy::wrong_self_convention)] // python-chess's name
    fn from_square(&self) -> u32 {
        self.squares().0
    }

    /// The square the move ends on, numbered as `from_square` (castling: the square of
    /// the UCI, `g1` for `e1g1`).
    #[getter]
    fn to_square(&self) -> u32 {
        self.squares().1
    }

    /// The squares of the pieces taken, numbered as `from_square`: draughts every piece of
    /// a capture, in ascending order; chess the piece taken (en passant: the pawn's square).
    #[getter]
    fn captured(&self) -> Vec<u32> {
        match &self.mov {
            Some(AnyMove::Draughts(m)) => m.captured().iter().map(|s| s.number()).collect(),
            Some(AnyMove::Chess(shakmaty::Move::EnPassant { from, to })) => {
                vec![u32::from(shakmaty::Square::from_coords(
                    to.file(),
                    from.rank(),
                ))]
            }
            Some(AnyMove::Chess(m)) if m.is_capture() => vec![u32::from(m.to())],
            _ => Vec::new(),
        }
    }
}

impl PyMove {
    /// The move's start and end squares, as `from_square` and `to_square` number them.
    fn squares(&self) -> (u32, u32) {
        match (&self.mov, &self.before) {
            (Some(AnyMove::Draughts(m)), _) => (m.from().number(), m.to().number()),
            (Some(AnyMove::Chess(m)), AnyPosition::Chess(p)) => {
                match shakmaty::uci::UciMove::from_move(*m, shakmaty::Position::castles(p).mode()) {
                    shakmaty::uci::UciMove::Normal { from, to, .. } => {
                        (u32::from(from), u32::from(to))
                    }
                    shakmaty::uci::UciMove::Put { to, .. } => (u32::from(to), u32::from(to)),
                    shakmaty::uci::UciMove::Null => (0, 0),
                }
            }
            _ => (0, 0),
        }
    }
}
