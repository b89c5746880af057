//! The movetext tree of a game, as python-chess shows it: each move a node with its comment,
//! NAGs and variations (`variations[0]` the main continuation, the others the alternatives),
//! clock and evaluation; `Game` the root.

use std::sync::Arc;

use games::{AnyGame, AnyMove, AnyPosition, ChessMove, Eval, MoveData, NotationChoice};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use record::{Extra, Game, Line};

use crate::moves::PyMove;
use crate::position::PyPosition;

/// Where a line of the tree is: from the main line, each step `(i, v)` goes into the `v`-th
/// variation written after move `i` of the line (an alternative to that move).
pub type LinePath = Vec<(usize, usize)>;

/// A move of a game's tree: python-chess's `ChildNode`.
#[pyclass(name = "GameNode", module = "scoresheet", frozen)]
pub struct PyNode {
    /// The game the node belongs to (a `Game`), and its tree.
    game: Py<PyAny>,
    tree: Arc<AnyGame>,
    /// The line the move is in.
    line: LinePath,
    /// The move's place in its line.
    index: usize,
    /// The position the move is played from.
    before: AnyPosition,
    /// The moves from the start of the game to this one.
    ply: usize,
}

/// A move of the tree as the package plays it: `None` for a chess null move.
trait TreeMove {
    fn any(&self) -> Option<AnyMove>;
}

impl TreeMove for draughts::Move {
    fn any(&self) -> Option<AnyMove> {
        Some(AnyMove::Draughts(self.clone()))
    }
}

impl TreeMove for ChessMove {
    fn any(&self) -> Option<AnyMove> {
        match self {
            ChessMove::Move(m) => Some(AnyMove::Chess(*m)),
            ChessMove::Null => None,
        }
    }
}

/// Runs `$body` with `$g` the record tree of either family's game.
macro_rules! with_tree {
    ($game:expr, |$g:ident| $body:expr) => {
        match $game {
            AnyGame::Chess(c) => {
                let $g = &c.game;
                $body
            }
            AnyGame::Draughts(d) => {
                let $g = &d.game;
                $body
            }
        }
    };
}

/// The line at `path`.
fn line_at<'a, M>(game: &'a Game<M>, path: &[(usize, usize)]) -> Option<&'a Line<M>> {
    let mut line = &game.moves;
    for &(i, v) in path {
        line = variations(&line.nodes.get(i)?.after).nth(v)?;
    }
    Some(line)
}

/// The variations written after a move: alternatives to it.
fn variations<M>(extras: &[Extra<M>]) -> impl Iterator<Item = &Line<M>> {
    extras.iter().filter_map(|e| match e {
        Extra::Variation(line) => Some(&**line),
        _ => None,
    })
}

/// The comments among `extras`, joined by a space.
fn comments<M>(extras: &[Extra<M>]) -> String {
    let texts: Vec<&str> = extras
        .iter()
        .filter_map(|e| match e {
            Extra::Comment { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    texts.join(" ")
}

/// The NAGs among `extras`, in order.
fn nags<M>(extras: &[Extra<M>]) -> Vec<u16> {
    extras
        .iter()
        .filter_map(|e| match e {
            Extra::Nags(run) => Some(run.iter().map(|n| n.0)),
            _ => None,
        })
        .flatten()
        .collect()
}

/// The position after `mov` (a null move passes the turn).
fn after(before: &AnyPosition, mov: Option<&AnyMove>) -> AnyPosition {
    match (mov, before) {
        (Some(m), _) => before.after(m),
        (None, AnyPosition::Chess(p)) => {
            use chess_notation::ChessRules as _;
            p.clone()
                .pass()
                .map_or_else(|| before.clone(), AnyPosition::Chess)
        }
        (None, AnyPosition::Draughts(_)) => before.clone(),
    }
}

/// The position a game starts from.
pub fn start_of(game: &AnyGame) -> AnyPosition {
    match game {
        AnyGame::Chess(g) => AnyPosition::Chess(g.start.clone()),
        AnyGame::Draughts(g) => AnyPosition::Draughts(g.start),
    }
}

/// What the tree says of one move.
struct Facts {
    /// The move (`None`: a null move).
    mov: Option<AnyMove>,
    /// The comments after it.
    comment: String,
    /// Its NAGs.
    nags: Vec<u16>,
    /// The clock and evaluation its comments give.
    data: MoveData,
    /// The comments before it, for the first move of a line.
    starting_comment: String,
}

/// What the tree says of move `index` of line `path`.
fn facts(any: &AnyGame, path: &[(usize, usize)], index: usize) -> Option<Facts> {
    with_tree!(any, |g| {
        let line = line_at(g, path)?;
        let node = line.nodes.get(index)?;
        Some(Facts {
            mov: node.mov.any(),
            comment: comments(&node.after),
            nags: nags(&node.after),
            data: MoveData::of_extras(&node.after),
            starting_comment: if index == 0 {
                comments(&line.before)
            } else {
                String::new()
            },
        })
    })
}

/// The comment before the first move of the game.
pub fn game_comment(any: &AnyGame) -> String {
    with_tree!(any, |g| comments(&g.moves.before))
}

/// The nodes that follow `position`, reached in line `path` before its move `next`: that
/// move first (the main continuation), then the alternatives written after it.
pub fn children(
    py: Python<'_>,
    game: &Py<PyAny>,
    tree: &Arc<AnyGame>,
    path: &LinePath,
    next: usize,
    position: &AnyPosition,
    ply: usize,
) -> Vec<PyNode> {
    let node = |line: LinePath, index| PyNode {
        game: game.clone_ref(py),
        tree: tree.clone(),
        line,
        index,
        before: position.clone(),
        ply: ply + 1,
    };
    with_tree!(&**tree, |g| {
        let Some(first) = line_at(g, path).and_then(|line| line.nodes.get(next)) else {
            return Vec::new();
        };
        let mut out = vec![node(path.clone(), next)];
        for (v, variation) in variations(&first.after).enumerate() {
            if !variation.nodes.is_empty() {
                let mut inner = path.clone();
                inner.push((next, v));
                out.push(node(inner, 0));
            }
        }
        out
    })
}

/// What `each` makes of every move of the main line (its place, the position it is played
/// from, the move), in one pass from the start of the game.
fn along_mainline<T>(
    tree: &AnyGame,
    mut each: impl FnMut(usize, AnyPosition, Option<AnyMove>) -> T,
) -> Vec<T> {
    let mut position = start_of(tree);
    let moves: Vec<Option<AnyMove>> = with_tree!(tree, |g| g
        .moves
        .nodes
        .iter()
        .map(|n| n.mov.any())
        .collect());
    moves
        .into_iter()
        .enumerate()
        .map(|(index, mov)| {
            let next = after(&position, mov.as_ref());
            each(index, std::mem::replace(&mut position, next), mov)
        })
        .collect()
}

/// The main line's nodes from the start of the game, in one pass.
pub fn mainline(py: Python<'_>, game: &Py<PyAny>, tree: &Arc<AnyGame>) -> Vec<PyNode> {
    along_mainline(tree, |index, before, _| PyNode {
        game: game.clone_ref(py),
        tree: tree.clone(),
        line: LinePath::new(),
        index,
        before,
        ply: index + 1,
    })
}

/// The main line's moves, in one pass.
pub fn mainline_moves(tree: &AnyGame) -> Vec<PyMove> {
    along_mainline(tree, |_, before, mov| PyMove::new(before, mov))
}

/// `position` after the first `upto` moves of `line`.
fn play<M: TreeMove>(position: &mut AnyPosition, line: &Line<M>, upto: usize) {
    for node in line.nodes.iter().take(upto) {
        *position = after(position, node.mov.any().as_ref());
    }
}

/// The main line's moves as `Game.moves` gives them, in one pass: chess as UCI (`0000` for
/// a null move), draughts in the variant's own notation.
pub fn mainline_texts(tree: &AnyGame) -> Vec<String> {
    let notation = NotationChoice::default();
    along_mainline(tree, |_, position, mov| match (&mov, &position) {
        (Some(m), AnyPosition::Chess(_)) => position.move_id(m),
        (Some(m), AnyPosition::Draughts(_)) => position.move_text(m, &notation),
        (None, _) => "0000".to_string(),
    })
}

/// The position before move `index` of line `path`, replayed from the start.
fn position_before(tree: &AnyGame, path: &[(usize, usize)], index: usize) -> AnyPosition {
    let mut position = start_of(tree);
    with_tree!(tree, |g| {
        let mut line = &g.moves;
        for &(i, v) in path {
            play(&mut position, line, i);
            match line.nodes.get(i).and_then(|n| variations(&n.after).nth(v)) {
                Some(inner) => line = inner,
                None => return position,
            }
        }
        play(&mut position, line, index);
        position
    })
}

impl PyNode {
    fn facts(&self) -> Option<Facts> {
        facts(&self.tree, &self.line, self.index)
    }

    /// The position after this node's move.
    pub fn after(&self) -> AnyPosition {
        after(&self.before, self.facts().and_then(|f| f.mov).as_ref())
    }
}

#[pymethods]
impl PyNode {
    /// The move that leads to this node.
    #[getter(r#move)]
    fn mov(&self) -> PyMove {
        PyMove::new(self.before.clone(), self.facts().and_then(|f| f.mov))
    }

    /// The comments written after the move, joined by a space (embedded commands such as
    /// `[%clk 0:03:00]` kept, as python-chess keeps them).
    #[getter]
    fn comment(&self) -> String {
        self.facts().map(|f| f.comment).unwrap_or_default()
    }

    /// The comment before the move, for the first move of a variation (or of the game).
    #[getter]
    fn starting_comment(&self) -> String {
        self.facts().map(|f| f.starting_comment).unwrap_or_default()
    }

    /// The NAGs of the move (`$1` and `!` both 1), as a set.
    #[getter]
    fn nags(&self) -> std::collections::BTreeSet<u16> {
        self.facts()
            .map(|f| f.nags.into_iter().collect())
            .unwrap_or_default()
    }

    /// The NAGs in the order written.
    fn nags_in_order(&self) -> Vec<u16> {
        self.facts().map(|f| f.nags).unwrap_or_default()
    }

    /// The nodes after this one: `variations[0]` the main continuation, then the
    /// alternatives to it.
    #[getter]
    fn variations(&self, py: Python<'_>) -> Vec<PyNode> {
        children(
            py,
            &self.game,
            &self.tree,
            &self.line,
            self.index + 1,
            &self.after(),
            self.ply,
        )
    }

    /// The main continuation, or None at the end of the line.
    fn next(&self, py: Python<'_>) -> Option<PyNode> {
        self.variations(py).into_iter().next()
    }

    /// The node before this one: a GameNode, or the Game for a first move.
    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        // The move before this one in its line; a variation's first move hangs where the
        // move it replaces hangs.
        let mut line = self.line.clone();
        let mut index = self.index;
        while index == 0 {
            match line.pop() {
                Some((i, _)) => index = i,
                None => return Ok(self.game.clone_ref(py)),
            }
        }
        let before = position_before(&self.tree, &line, index - 1);
        let parent = PyNode {
            game: self.game.clone_ref(py),
            tree: self.tree.clone(),
            line,
            index: index - 1,
            before,
            ply: self.ply - 1,
        };
        Ok(Py::new(py, parent)?.into_any())
    }

    /// The game this node belongs to.
    fn game(&self, py: Python<'_>) -> Py<PyAny> {
        self.game.clone_ref(py)
    }

    /// The moves from the start of the game to this one (1 for a first move).
    fn ply(&self) -> usize {
        self.ply
    }

    /// Whether the node is on the game's main line.
    fn is_mainline(&self) -> bool {
        self.line.is_empty()
    }

    /// Whether the node is the main continuation of its parent.
    fn is_main_variation(&self) -> bool {
        self.index > 0 || self.line.is_empty()
    }

    /// The move in SAN (draughts: the variant's notation).
    fn san(&self) -> PyResult<String> {
        self.mov().san("en")
    }

    /// The move in UCI (draughts: its squares as numbers).
    fn uci(&self) -> String {
        self.mov().uci()
    }

    /// The position after the move (python-chess's `node.board()`, without the moves that
    /// lead to it on its move stack).
    fn board(&self) -> PyPosition {
        PyPosition::at(self.after())
    }

    /// The FEN of the position after the move.
    fn fen(&self) -> String {
        self.after().fen()
    }

    /// The mover's clock after the move in seconds, from `[%clk]` (or lidraughts'
    /// `[%clock]`), or None.
    fn clock(&self) -> Option<f64> {
        let white_moved = self.before.white_to_move();
        self.facts()?
            .data
            .mover_clock(white_moved)
            .map(|d| d.as_secs_f64())
    }

    /// The time the move took in seconds, from `[%emt]`, or None.
    fn emt(&self) -> Option<f64> {
        self.facts()?.data.elapsed.map(|d| d.as_secs_f64())
    }

    /// The evaluation after the move from `[%eval]`, from White's side: `{"cp": 17}` or
    /// `{"mate": -3}`; None when the comments give none.
    fn eval<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(eval) = self.facts().and_then(|f| f.data.eval) else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        match eval {
            Eval::Centipawns(cp) => dict.set_item("cp", cp)?,
            Eval::Mate(n) => dict.set_item("mate", n)?,
        }
        Ok(Some(dict))
    }

    fn __repr__(&self) -> String {
        format!("<GameNode {} {}>", self.ply, self.uci())
    }
}
