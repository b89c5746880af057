//! What the API answers: positions and game trees as JSON, built from the game layer.

use chess_notation::{Language, Notation, WriteOptions as ChessOptions};
use record::{Extra, Line};
use serde::{Deserialize, Serialize};

use games::render::{SvgOptions, board_svg};
use games::{
    AnyGame, AnyMove, AnyPosition, ChessMove, ChessVariant, Eval, MoveData, NotationChoice, Status,
};

use super::board_position::variant_name;
use super::error::ApiError;
use super::variant_view::{ChecksView, LegalMoveView, PocketsView, checks_of, pockets_of};
use crate::models::{RulesSource, Side, SquareNames};

/// `notation` in a request: how moves are written. `lang`, `style` and `figurines` are for
/// chess; `squares` is for draughts, whose variants otherwise write their own way.
#[derive(Debug, Default, Clone, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct NotationRequest {
    /// The language of the piece letters (English when left out).
    #[schema(value_type = Option<crate::models::NotationLang>)]
    pub lang: Option<String>,
    /// The notation (`san` when left out).
    #[schema(value_type = Option<crate::models::NotationStyle>)]
    pub style: Option<String>,
    /// Figurines (♘) instead of piece letters.
    pub figurines: bool,
    /// Draughts squares as numbers or as a1-h8.
    pub squares: Option<SquareNames>,
}

impl NotationRequest {
    /// The notation asked for; 400 for a language or style chess-notation does not know.
    pub fn choice(&self) -> Result<NotationChoice, ApiError> {
        let language: Language = match &self.lang {
            Some(l) => l
                .parse()
                .map_err(|_| ApiError::bad_request(format!("unknown notation language `{l}`")))?,
            None => Language::English,
        };
        let notation: Notation = match &self.style {
            Some(s) => s
                .parse()
                .map_err(|_| ApiError::bad_request(format!("unknown notation style `{s}`")))?,
            None => Notation::San,
        };
        Ok(NotationChoice {
            chess: ChessOptions::new(notation, language).with_figurines(self.figurines),
            squares: self.squares.map(SquareNames::style),
        })
    }
}

/// `svg` in a request: asks for the board diagram in the answer.
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SvgRequest {
    /// Draw the coordinates (the default).
    #[schema(default = true)]
    pub coordinates: bool,
    /// Write the coordinates in a strip around the board, not on its squares.
    pub outside: bool,
    /// Draw the board from Black's side.
    pub flipped: bool,
}

impl Default for SvgRequest {
    fn default() -> Self {
        SvgRequest {
            coordinates: true,
            outside: false,
            flipped: false,
        }
    }
}

/// A position as the API shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PositionView {
    #[schema(value_type = crate::models::RulesName)]
    pub rules: &'static str,
    /// Chess: the variant whose rules the position follows (`chess960`, `crazyhouse`, ...),
    /// to send back with its FEN. Absent for standard chess and draughts.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub variant: Option<ChessVariant>,
    /// The canonical FEN (draughts `W:W26,28,31:B17,19,20`; chess standard FEN, X-FEN for
    /// Chess960, a variant's own: Crazyhouse's pockets `[Nq]`, Three-check's `3+3`).
    pub fen: String,
    /// The side to move.
    pub side: Side,
    pub status: Status,
    /// Every legal move; chess promotions are separate entries, Crazyhouse drops have `drop`.
    pub legal: Vec<LegalMoveView>,
    /// Crazyhouse: the pieces each side holds in hand. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub pockets: Option<PocketsView>,
    /// Three-check: the checks each side still has to give. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub checks: Option<ChecksView>,
    /// The board diagram, only when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub svg: Option<String>,
}

impl PositionView {
    /// The view of `pos`: its FEN, side to move, status and legal moves written in
    /// `notation`, and its diagram when `svg` asks for it.
    pub fn of(
        pos: &AnyPosition,
        notation: &NotationChoice,
        svg: Option<SvgRequest>,
    ) -> PositionView {
        PositionView {
            rules: pos.rules().name(),
            variant: variant_name(pos),
            fen: pos.fen(),
            side: Side::white_if(pos.white_to_move()),
            status: pos.status(),
            legal: pos
                .legal_moves(notation)
                .into_iter()
                .map(LegalMoveView::of)
                .collect(),
            pockets: pockets_of(pos),
            checks: checks_of(pos),
            svg: svg.map(|s| {
                board_svg(
                    &pos.board_view(),
                    &SvgOptions {
                        coordinates: s.coordinates,
                        outside: s.outside,
                        flipped: s.flipped,
                    },
                )
            }),
        }
    }
}

/// One move of a game tree.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NodeView {
    /// The node's id, from 1.
    pub id: u32,
    /// The id of the node before (0: the start position).
    pub parent: u32,
    /// The move id (`0000` for a chess null move).
    #[serde(rename = "move")]
    pub mv: String,
    /// The move in the asked notation.
    pub text: String,
    /// The position after the move.
    pub fen: String,
    /// The comment before the move, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub comment_before: Option<String>,
    /// The comment after the move, when there is one, as written (with its embedded
    /// commands: `[%clk 0:03:00]`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub comment: Option<String>,
    /// When the comment holds clock or evaluation commands (which the fields below hold):
    /// its other words, empty when it has none. What the move list shows as the comment
    /// (the comment itself when this is absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub remark: Option<String>,
    /// The mover's clock after the move, in milliseconds, when the comment gives it
    /// (`[%clk]`, lidraughts' `[%clock]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub clock_ms: Option<u64>,
    /// The evaluation after the move in hundredths of a pawn, White's side, when the comment
    /// gives it (`[%eval 0.17]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub eval_cp: Option<i32>,
    /// Mate in this many moves (negative: Black mates), when the comment says so
    /// (`[%eval #-3]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub eval_mate: Option<i32>,
    pub nags: Vec<u16>,
    /// On the main line.
    pub main: bool,
    /// From 1 at the first move of the game.
    pub ply: u32,
}

/// The start of a game tree.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RootView {
    pub fen: String,
    /// The comment before the first move, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub comment: Option<String>,
    pub position: PositionView,
}

/// A whole game as the analysis board loads it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameView {
    /// The rules the game was read under.
    #[schema(value_type = crate::models::RulesName)]
    pub rules: &'static str,
    /// Chess: the variant the game was read as (its Variant tag, or drops in its moves);
    /// the FENs of the game are the variant's. Absent for standard chess and draughts.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub variant: Option<ChessVariant>,
    pub rules_source: RulesSource,
    /// The number of games in the text (only the first is loaded); 0 without a text.
    pub games_in_text: u64,
    /// Tags as `[name, value]` pairs, in order.
    pub tags: Vec<(String, String)>,
    pub result: Option<String>,
    pub warnings: Vec<String>,
    pub root: RootView,
    /// Every move of the tree depth first, the main continuation of a node before its side
    /// lines.
    pub nodes: Vec<NodeView>,
}

impl GameView {
    /// A game with no moves from `start`.
    pub fn empty(
        start: &AnyPosition,
        notation: &NotationChoice,
        svg: Option<SvgRequest>,
        source: RulesSource,
    ) -> GameView {
        GameView {
            rules: start.rules().name(),
            variant: variant_name(start),
            rules_source: source,
            games_in_text: 0,
            tags: Vec::new(),
            result: None,
            warnings: Vec::new(),
            root: RootView {
                fen: start.fen(),
                comment: None,
                position: PositionView::of(start, notation, svg),
            },
            nodes: Vec::new(),
        }
    }

    /// The view of a game read from text; `selected` names where the rules came from.
    pub fn of(
        game: &AnyGame,
        notation: &NotationChoice,
        svg: Option<SvgRequest>,
        source: RulesSource,
    ) -> GameView {
        let (start, tags, result) = match game {
            AnyGame::Draughts(g) => (
                AnyPosition::Draughts(g.start),
                &g.game.tags,
                g.outcome().map(|o| o.text(&g.variant).to_string()),
            ),
            AnyGame::Chess(g) => (
                AnyPosition::Chess(g.start.clone()),
                &g.game.tags,
                g.result_text().map(str::to_string),
            ),
        };
        let mut view = GameView::empty(&start, notation, svg, source);
        view.tags = tags
            .iter()
            .map(|t| (t.name.to_string(), t.value.to_string()))
            .collect();
        view.result = result;
        view.warnings = game.warnings().iter().map(|w| w.to_string()).collect();
        let mut walker = Walker {
            notation,
            nodes: Vec::new(),
        };
        match game {
            AnyGame::Draughts(g) => {
                view.root.comment = comments(&g.game.moves.before);
                walker.line(&g.game.moves, &start, 0, 1, true, &|m| {
                    Some(AnyMove::Draughts(m.clone()))
                });
            }
            AnyGame::Chess(g) => {
                view.root.comment = comments(&g.game.moves.before);
                walker.line(&g.game.moves, &start, 0, 1, true, &|m| match m {
                    ChessMove::Move(m) => Some(AnyMove::Chess(*m)),
                    ChessMove::Null => None,
                });
            }
        }
        view.nodes = walker.nodes;
        view
    }
}

/// The comments among `items`, joined.
fn comments<M>(items: &[Extra<M>]) -> Option<String> {
    let texts: Vec<&str> = items
        .iter()
        .filter_map(|e| match e {
            Extra::Comment { text, .. } if !text.is_empty() => Some(text.as_str()),
            _ => None,
        })
        .collect();
    (!texts.is_empty()).then(|| texts.join(" "))
}

struct Walker<'a> {
    notation: &'a NotationChoice,
    nodes: Vec<NodeView>,
}

impl Walker<'_> {
    /// Adds a line's nodes in the order they are written: a move, its side lines (which start
    /// from the position before it and hang from the same parent), then the next move.
    fn line<M>(
        &mut self,
        line: &Line<M>,
        start: &AnyPosition,
        parent: u32,
        ply: u32,
        main: bool,
        any: &dyn Fn(&M) -> Option<AnyMove>,
    ) {
        let mut pos = start.clone();
        let mut parent = parent;
        let mut before = comments(&line.before);
        for (i, node) in line.nodes.iter().enumerate() {
            let (mv, text, next) = match any(&node.mov) {
                Some(m) => {
                    let (id, text) = pos.describe(&m, self.notation);
                    let next = pos.after(&m);
                    (id, text, next)
                }
                None => ("0000".to_string(), "--".to_string(), null_move(&pos)),
            };
            let id = self.nodes.len() as u32 + 1;
            let nags = node
                .after
                .iter()
                .filter_map(|e| match e {
                    Extra::Nags(run) => Some(run.iter().map(|n| n.0)),
                    _ => None,
                })
                .flatten()
                .collect();
            let comment = comments(&node.after);
            let data = match &comment {
                Some(_) => MoveData::of_extras(&node.after),
                None => MoveData::default(),
            };
            self.nodes.push(NodeView {
                id,
                parent,
                mv,
                text,
                fen: next.fen(),
                comment_before: before.take(),
                remark: match &comment {
                    Some(c) if !data.is_empty() => Some(MoveData::remark(c).unwrap_or_default()),
                    _ => None,
                },
                comment,
                clock_ms: data
                    .mover_clock(pos.white_to_move())
                    .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)),
                eval_cp: match data.eval {
                    Some(Eval::Centipawns(cp)) => Some(cp),
                    _ => None,
                },
                eval_mate: match data.eval {
                    Some(Eval::Mate(n)) => Some(n),
                    _ => None,
                },
                nags,
                main,
                ply: ply + i as u32,
            });
            for extra in &node.after {
                if let Extra::Variation(side) = extra {
                    self.line(side, &pos, parent, ply + i as u32, false, any);
                }
            }
            parent = id;
            pos = next;
        }
    }
}

/// The position after a null move (the other side to move); unchanged if not possible.
pub fn null_move(pos: &AnyPosition) -> AnyPosition {
    match pos {
        AnyPosition::Chess(p) => {
            use chess_notation::ChessRules as _;
            p.clone()
                .pass()
                .map(AnyPosition::Chess)
                .unwrap_or_else(|| pos.clone())
        }
        AnyPosition::Draughts(p) => {
            let mut q = *p;
            q.set_side_to_move(!p.side_to_move());
            AnyPosition::Draughts(q)
        }
    }
}
