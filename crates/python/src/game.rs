//! A game read from PDN or PGN text: its tags, result, rules, main line, error and warnings,
//! written back in any notation.

use std::sync::Arc;

use games::AnyGame;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::error::PyGameError;
use crate::moves::PyMove;
use crate::node::{self, LinePath, PyNode};
use crate::position::PyPosition;
use crate::style::convert_style;

/// What reading one game gave: the game replayed, or its error.
#[derive(Clone, Debug)]
pub enum GameRead {
    /// A game that replays (shared with its nodes).
    Good(Arc<AnyGame>),
    /// A game that does not, with its error and place.
    Bad(Box<BadGame>),
}

/// A game that does not replay: its error, its text as written, and its tags where they
/// read.
#[derive(Clone, Debug)]
pub struct BadGame {
    /// What is wrong, and where.
    pub error: PyGameError,
    /// The game's text as written (what writing a collection passes through unchanged, as
    /// `scoresheet convert` does).
    pub text: String,
    /// The game's tags, when the text's syntax reads (the moves are what is wrong).
    pub tags: Vec<(String, String)>,
}

/// A game read from PDN or PGN text. A bad game is a game too: its `.error` says what is
/// wrong and where, and it has no moves.
#[pyclass(name = "Game", module = "scoresheet", frozen)]
pub struct PyGame {
    /// The game, or its error.
    pub read: GameRead,
}

impl PyGame {
    /// The game read, if it replays.
    pub fn good(&self) -> Option<&Arc<AnyGame>> {
        match &self.read {
            GameRead::Good(game) => Some(game),
            GameRead::Bad(_) => None,
        }
    }

    /// The tags, in the order written.
    fn tags(&self) -> Vec<(&str, &str)> {
        let tags = match &self.read {
            GameRead::Good(g) => match &**g {
                AnyGame::Chess(g) => &g.game.tags,
                AnyGame::Draughts(g) => &g.game.tags,
            },
            GameRead::Bad(bad) => {
                return bad
                    .tags
                    .iter()
                    .map(|(n, v)| (n.as_str(), v.as_str()))
                    .collect();
            }
        };
        tags.iter()
            .map(|t| (t.name.as_str(), t.value.as_str()))
            .collect()
    }
}

#[pymethods]
impl PyGame {
    /// The tags as a dict, in the order written (`Event`, `White`, ...).
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in self.tags() {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// The result token that ends the movetext (`1-0`, `2-0`, `1/2-1/2`, `*`), or the
    /// Result tag; None when neither is written.
    #[getter]
    fn result(&self) -> Option<String> {
        match self.good().map(|g| &**g)? {
            AnyGame::Chess(g) => g.result_text().map(str::to_string),
            AnyGame::Draughts(g) => g
                .game
                .result
                .as_ref()
                .map(|r| r.to_string())
                .or_else(|| g.game.tags.get("Result").map(str::to_string)),
        }
    }

    /// The side the result says won: `white`, `black`, or None (a draw, a game not
    /// finished, a bad game). Draughts results written `2-0` or `1-0` both say White.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        match &**self.good()? {
            AnyGame::Chess(g) => g
                .winner()
                .map(|c| if c.is_white() { "white" } else { "black" }),
            AnyGame::Draughts(g) => g.winner().map(|c| c.name()),
        }
    }

    /// The family of rules the game was read under: `chess` or a draughts variant's name
    /// (`international`, `american`, `russian`, ...); None for a bad game.
    #[getter]
    fn rules(&self) -> Option<&'static str> {
        self.good().map(|g| g.rules().name())
    }

    /// The variant: for chess `standard`, `chess960`, `crazyhouse`, ...; for draughts the
    /// variant's name (the same as `rules`).
    #[getter]
    fn variant(&self) -> Option<&'static str> {
        Some(match &**self.good()? {
            AnyGame::Chess(g) => g.variant.key(),
            AnyGame::Draughts(g) => g.variant.name,
        })
    }

    /// Draughts: where the variant came from: `gametype` (the GameType tag), `varianttag`,
    /// `selected` (the `variant` argument), `inferred` (only it replays the moves), `file`
    /// (other games of the file), `event` (the Event or Site tag), `separator` (captures
    /// written with `:`), `undecided`. None for chess and for bad games.
    #[getter]
    fn variant_source(&self) -> Option<&'static str> {
        match &**self.good()? {
            AnyGame::Draughts(g) => Some(g.source.as_str()),
            AnyGame::Chess(_) => None,
        }
    }

    /// The main line's moves as text: chess in UCI (`e2e4`), draughts in the variant's own
    /// notation (`32-28`, `c3-d4`, `26x17`). See `mainline_moves()` for Move objects.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.good()
            .map_or_else(Vec::new, |g| node::mainline_texts(g))
    }

    /// The number of moves (plies) of the main line.
    #[getter]
    fn plies(&self) -> usize {
        self.good().map_or(0, |g| g.plies())
    }

    /// Why the game could not be read, with its place; None for a good game.
    #[getter]
    fn error(&self) -> Option<PyGameError> {
        match &self.read {
            GameRead::Bad(bad) => Some(bad.error.clone()),
            GameRead::Good(_) => None,
        }
    }

    /// What was read leniently or looks wrong but did not stop the game, with its place.
    #[getter]
    fn warnings(&self) -> Vec<PyGameError> {
        self.good().map_or_else(Vec::new, |g| {
            g.warnings().iter().map(PyGameError::of).collect()
        })
    }

    /// A bad game's text as written (None for a good game: see `pdn()`).
    #[getter]
    fn text(&self) -> Option<String> {
        match &self.read {
            GameRead::Bad(bad) => Some(bad.text.clone()),
            GameRead::Good(_) => None,
        }
    }

    /// The line the game starts on in its text.
    #[getter]
    fn line(&self) -> Option<u32> {
        match &self.read {
            GameRead::Good(g) => Some(g.at().line),
            GameRead::Bad(bad) => bad.error.line,
        }
    }

    /// The main line's moves as `Move` objects (each written in any notation: `uci()`,
    /// `san()`, `text(...)`); empty for a bad game.
    fn mainline_moves(&self) -> Vec<PyMove> {
        self.good()
            .map_or_else(Vec::new, |g| node::mainline_moves(g))
    }

    /// The main line's nodes (python-chess's `game.mainline()`), each with its move,
    /// comment, NAGs and variations.
    fn mainline(slf: &Bound<'_, Self>) -> Vec<PyNode> {
        match slf.get().good() {
            Some(tree) => node::mainline(slf.py(), slf.as_any().as_unbound(), tree),
            None => Vec::new(),
        }
    }

    /// The first moves of the game: `variations[0]` the main line's first move, then the
    /// alternatives to it.
    #[getter]
    fn variations(slf: &Bound<'_, Self>) -> Vec<PyNode> {
        match slf.get().good() {
            Some(tree) => node::children(
                slf.py(),
                slf.as_any().as_unbound(),
                tree,
                &LinePath::new(),
                0,
                &node::start_of(tree),
                0,
            ),
            None => Vec::new(),
        }
    }

    /// The main line's first move, or None for a game without moves.
    fn next(slf: &Bound<'_, Self>) -> Option<PyNode> {
        Self::variations(slf).into_iter().next()
    }

    /// The main line's last node, or None for a game without moves.
    fn end(slf: &Bound<'_, Self>) -> Option<PyNode> {
        Self::mainline(slf).pop()
    }

    /// The comment written before the first move.
    #[getter]
    fn comment(&self) -> String {
        self.good()
            .map(|g| node::game_comment(g))
            .unwrap_or_default()
    }

    /// The position the game starts from (python-chess's `game.board()`); None for a bad
    /// game.
    fn board(&self) -> Option<PyPosition> {
        self.good().map(|g| PyPosition::at(node::start_of(g)))
    }

    /// The FEN of the position the game starts from.
    fn start_fen(&self) -> Option<String> {
        self.good().map(|g| node::start_of(g).fen())
    }

    /// The FEN of the position at the end of the main line.
    fn end_fen(&self) -> Option<String> {
        self.good().map(|g| match &**g {
            AnyGame::Chess(c) => games::AnyPosition::Chess(c.end.clone()).fen(),
            AnyGame::Draughts(d) => games::AnyPosition::Draughts(d.end).fen(),
        })
    }

    /// Raises ScoresheetError (with `.line`, `.column`, `.ply`) when the game could not be
    /// read; returns the game otherwise.
    fn check(slf: Py<Self>, py: Python<'_>) -> PyResult<Py<Self>> {
        if let GameRead::Bad(bad) = &slf.get().read {
            return Err(bad.error.raise(py));
        }
        Ok(slf)
    }

    /// The game as PDN or PGN text, written with the options of `scoresheet convert`:
    /// chess `notation` (`san`, `long`, `uci`, `descriptive`, `desc-es`, `desc-en`), `lang`
    /// (`en`, `de`, `fr`, `es`, ...), `figurine`, `double_plus_mate`, `zeros`; draughts
    /// `squares` (`numeric`, `algebraic`), `separator`, `full_path`; `width` of the lines
    /// (0: no wrapping) and `glyphs` for NAGs. Raises ScoresheetError for a bad game.
    #[pyo3(signature = (**style))]
    fn pdn(&self, py: Python<'_>, style: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let style = convert_style(style)?;
        match &self.read {
            GameRead::Bad(bad) => Err(bad.error.raise(py)),
            GameRead::Good(game) => Ok(py.detach(|| style.write(game))),
        }
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        match &self.read {
            GameRead::Bad(bad) => Ok(bad.text.clone()),
            GameRead::Good(_) => self.pdn(py, None),
        }
    }

    fn __repr__(&self) -> String {
        match &self.read {
            GameRead::Bad(bad) => format!("<Game error {:?}>", bad.error.message),
            GameRead::Good(g) => format!(
                "<Game {} {} plies {}>",
                g.rules().name(),
                g.plies(),
                self.result().unwrap_or_default()
            ),
        }
    }
}
