//! The analysis board's API: load a game or a FEN, list a position's moves, play a move,
//! write a game tree as PDN/PGN, draw a board.

use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use record::{Extra, Extras, Game, Line, Node, ResultToken, Tags};
use serde::Deserialize;
use shakmaty::variant::VariantPosition;

use games::render::{SvgOptions, board_svg};
use games::{
    AnyMove, AnyPosition, ChessGame, ChessMove, ChessVariant, ChessWriteStyle, DraughtsGame, Rules,
    VariantSource, WriteStyle,
};

use super::AppState;
use super::board_position::{check_variant, position_of, start_of};
use super::error::ApiError;
use super::heavy;
use super::json::{ApiJson, ApiQuery};
use super::pasted::{MAX_NODES, RulesFrom, load_text, too_many_moves};
use super::pgn_date::date_of;
use super::views::{GameView, NotationRequest, PositionView, SvgRequest, null_move};
use crate::models::{RulesSource, StartKind};
use crate::store::now_ms;

/// The largest text a page may paste.
pub const MAX_TEXT: usize = 1 << 20;

/// Refuses (413) a pasted text over [`MAX_TEXT`].
pub(crate) fn check_size(text: &str) -> Result<(), ApiError> {
    if text.len() > MAX_TEXT {
        return Err(ApiError::new(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            "too-large",
            format!(
                "the pasted text is {} bytes; at most 1 MB (1,048,576 bytes) is read",
                text.len()
            ),
        ));
    }
    Ok(())
}

/// `POST /api/load`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"rules": "american", "start": "pdn", "text": "[Event \"x\"]\n1. 11-15 23-19 (1... 22-18) 2. 8-11 *"}))]
pub struct LoadRequest {
    /// The rules of `initial` and `fen`; for a PDN/PGN text, the rules when the text cannot
    /// tell (its tags and its moves decide, as `scoresheet check` reads a file).
    #[serde(with = "crate::models::rules")]
    #[schema(value_type = crate::models::RulesName)]
    rules: Rules,
    /// Chess: the variant of `initial` and `fen` (`crazyhouse`, ...; standard chess when
    /// left out). A PDN/PGN text says its own (its Variant tag, or drops in its moves).
    #[serde(default)]
    variant: Option<ChessVariant>,
    /// What `text` holds: nothing (`initial`), a FEN line or a PDN/PGN text.
    start: StartKind,
    /// The FEN or the PDN/PGN text, at most 1 MB (1,048,576 bytes).
    #[serde(default)]
    text: String,
    /// Which game of a PDN/PGN text to load, from 1 (the first when left out), as
    /// `POST /api/list` numbers them.
    #[schema(minimum = 1)]
    game: Option<u32>,
    #[serde(default)]
    notation: NotationRequest,
    /// Asks for the board diagram of the start position.
    svg: Option<SvgRequest>,
}

/// `POST /api/load`.
pub async fn load(
    State(app): State<Arc<AppState>>,
    ApiJson(req): ApiJson<LoadRequest>,
) -> Response {
    heavy::json(&app, move || load_now(req)).await
}

fn load_now(req: LoadRequest) -> Result<GameView, ApiError> {
    let rules = req.rules;
    let notation = req.notation.choice()?;
    check_size(&req.text)?;
    check_variant(rules, req.variant)?;
    let view = match req.start {
        StartKind::Initial => GameView::empty(
            &start_of(rules, req.variant)?,
            &notation,
            req.svg,
            RulesSource::Selected,
        ),
        StartKind::Fen => {
            let pos = position_of(rules, req.variant, &req.text)?;
            GameView::empty(&pos, &notation, req.svg, RulesSource::Selected)
        }
        StartKind::Pdn | StartKind::Pgn => {
            let from = RulesFrom::Text {
                selected: rules,
                prefer_chess: req.start == StartKind::Pgn,
            };
            let number = match req.game {
                Some(0) => return Err(ApiError::bad_request("games are numbered from 1")),
                Some(n) => n,
                None => 1,
            };
            load_text(&req.text, from, number, &notation, req.svg)?
        }
    };
    Ok(view)
}

/// `POST /api/position`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"rules": "american", "fen": "W:W26,28,31:B17,19,20", "svg": {"coordinates": true}}))]
pub struct PositionRequest {
    #[serde(with = "crate::models::rules")]
    #[schema(value_type = crate::models::RulesName)]
    rules: Rules,
    /// Chess: the variant of the position (`crazyhouse`, `atomic`, ...; standard chess when
    /// left out). Not for draughts (400).
    #[serde(default)]
    variant: Option<ChessVariant>,
    /// At most 1 MB.
    fen: String,
    #[serde(default)]
    notation: NotationRequest,
    svg: Option<SvgRequest>,
}

/// `POST /api/position`.
pub async fn position(
    State(app): State<Arc<AppState>>,
    ApiJson(req): ApiJson<PositionRequest>,
) -> Response {
    heavy::json(&app, move || {
        let rules = req.rules;
        let notation = req.notation.choice()?;
        check_size(&req.fen)?;
        let pos = position_of(rules, req.variant, &req.fen)?;
        Ok(PositionView::of(&pos, &notation, req.svg))
    })
    .await
}

/// `POST /api/play`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"rules": "american", "fen": "W:W26,28,31:B17,19,20", "move": "26-23"}))]
pub struct PlayRequest {
    #[serde(with = "crate::models::rules")]
    #[schema(value_type = crate::models::RulesName)]
    rules: Rules,
    /// Chess: the variant of the position (`crazyhouse`, `atomic`, ...; standard chess when
    /// left out). Not for draughts (400).
    #[serde(default)]
    variant: Option<ChessVariant>,
    /// The position before the move, at most 1 MB.
    fen: String,
    /// A move id (`31x22x13`, `e2e4`, a Crazyhouse drop `N@e3`) or any text that names one
    /// legal move (`Nf3`).
    #[serde(rename = "move")]
    mv: String,
    #[serde(default)]
    notation: NotationRequest,
    svg: Option<SvgRequest>,
}

/// A move played: its id and its text in the asked notation.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct MoveView {
    pub id: String,
    pub text: String,
}

/// `POST /api/play`'s answer: the move and the position after it.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct PlayView {
    #[serde(rename = "move")]
    pub mv: MoveView,
    pub position: PositionView,
}

/// `POST /api/play`.
pub async fn play(
    State(app): State<Arc<AppState>>,
    ApiJson(req): ApiJson<PlayRequest>,
) -> Response {
    heavy::json(&app, move || play_now(req)).await
}

fn play_now(req: PlayRequest) -> Result<PlayView, ApiError> {
    let rules = req.rules;
    let notation = req.notation.choice()?;
    check_size(&req.fen)?;
    let pos = position_of(rules, req.variant, &req.fen)?;
    let m = pos
        .find_move(req.mv.trim())
        .map_err(|e| move_error(&pos, &req.mv, e))?;
    let (id, text) = pos.describe(&m, &notation);
    let next = pos.after(&m);
    Ok(PlayView {
        mv: MoveView { id, text },
        position: PositionView::of(&next, &notation, req.svg),
    })
}

fn move_error(pos: &AnyPosition, text: &str, reason: String) -> ApiError {
    let legal: Vec<String> = pos
        .legal_moves(&Default::default())
        .into_iter()
        .map(|m| m.text)
        .collect();
    let listed = if legal.is_empty() {
        "none".to_string()
    } else {
        legal.join(" ")
    };
    ApiError::unreadable(
        "illegal-move",
        format!("{reason} ({text}; legal moves: {listed})"),
    )
}

/// A move of a game tree to export (other fields, as `/api/load` gives them, are ignored).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ExportNode {
    /// The node's id (0 is the start position).
    id: u32,
    /// The id of the node before.
    parent: u32,
    /// The move id, or `0000`/`--` for a chess null move.
    #[serde(rename = "move")]
    mv: String,
    #[serde(default)]
    comment: Option<String>,
    /// Numeric annotation glyphs (`$1` is 1).
    #[serde(default)]
    nags: Vec<u16>,
}

/// `POST /api/export`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"rules": "american", "start": "B:W21-32:B1-12", "tags": [["Event", "Analysis"]],
    "nodes": [{"id": 1, "parent": 0, "move": "11-15", "nags": [1]}, {"id": 2, "parent": 1, "move": "23-19"},
              {"id": 3, "parent": 0, "move": "9-13", "comment": "also good"}], "result": "*"}))]
pub struct ExportRequest {
    #[serde(with = "crate::models::rules")]
    #[schema(value_type = crate::models::RulesName)]
    rules: Rules,
    /// Chess: the variant of `start` (`crazyhouse`, ...; standard chess when left out). The
    /// text gets its `Variant` tag.
    #[serde(default)]
    variant: Option<ChessVariant>,
    /// The FEN of the start position, at most 1 MB.
    start: String,
    /// Tags as `[name, value]` pairs, in order.
    #[serde(default)]
    tags: Vec<(String, String)>,
    #[serde(default)]
    nodes: Vec<ExportNode>,
    /// The result token written at the end (`1-0`, `2-0`, `1/2-1/2`, `*`...); others are
    /// left out.
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    notation: NotationRequest,
}

/// `POST /api/export`'s answer.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ExportView {
    pub text: String,
    pub filename: String,
    /// What PDN (or PGN) could not hold as it was, and how it was written instead: a tag
    /// name with a space or a bracket, a value or comment over several lines that also
    /// holds `}`. Empty when the text holds the game exactly (but for the white space at the
    /// ends of comments).
    pub warnings: Vec<String>,
}

/// `POST /api/export`.
pub async fn export(
    State(app): State<Arc<AppState>>,
    ApiJson(req): ApiJson<ExportRequest>,
) -> Response {
    heavy::json(&app, move || export_now(req)).await
}

fn export_now(req: ExportRequest) -> Result<ExportView, ApiError> {
    let rules = req.rules;
    let notation = req.notation.choice()?;
    check_size(&req.start)?;
    if req.nodes.len() > MAX_NODES {
        return Err(too_many_moves());
    }
    let start = position_of(rules, req.variant, &req.start)?;
    let line = build_tree(&req.nodes, &start)?;
    let result = req
        .result
        .clone()
        .filter(|r| ResultToken::is_result(r) || r == "*")
        .map(ResultToken::new);
    // The Seven Tag Roster first, in its order, as the PGN standard asks of an export: what
    // the request left out is unknown (`?`), but for the date (today's, the day of the
    // analysis) and the result (the result written at the end).
    let given = |name: &str| {
        req.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let mut tags = Tags::new();
    for name in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
        let value = given(name).unwrap_or_else(|| match name {
            "Event" => "Analysis".to_string(),
            "Date" => date_of(now_ms()),
            "Round" => "-".to_string(),
            "Result" => result.as_ref().map_or("*".to_string(), |r| r.text.clone()),
            _ => "?".to_string(),
        });
        tags.set(name, value);
    }
    for (name, value) in &req.tags {
        tags.set(name, value.clone());
    }
    let (text, warnings) = write_tree(&start, line, tags, result, &notation)?;
    let event = req
        .tags
        .iter()
        .find(|(n, _)| n == "Event")
        .map(|(_, v)| v.as_str())
        .unwrap_or("analysis");
    Ok(ExportView {
        filename: file_name(event, rules),
        text,
        warnings,
    })
}

/// A file name from an event name: letters, digits and dashes, then the rules, `.pdn` or
/// `.pgn`.
pub fn file_name(event: &str, rules: Rules) -> String {
    let mut stem: String = event
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    while stem.contains("--") {
        stem = stem.replace("--", "-");
    }
    let stem = stem.trim_matches('-');
    let stem = if stem.is_empty() { "game" } else { stem };
    let stem: String = stem.chars().take(60).collect();
    let ext = if rules == Rules::Chess { "pgn" } else { "pdn" };
    format!("{stem}-{}.{ext}", rules.name())
}

/// Builds the tree of an exported game: the children of node 0 start the main line, each
/// node's first child continues its line and the others are side lines hanging after that
/// move. Side lines may nest [`record::MAX_VARIATION_DEPTH`] deep, as deep as the reader
/// reads back; deeper is refused (422 `too-deep`). The nesting is followed with a stack of
/// its own, not by recursion, whatever the request holds.
fn build_tree(nodes: &[ExportNode], start: &AnyPosition) -> Result<Line<AnyMoveOrNull>, ApiError> {
    // Children of each parent in the order sent; a node naming itself as parent is ignored,
    // and a node reached twice (a cycle or a shared child) is refused.
    let mut children: std::collections::HashMap<u32, Vec<usize>> = Default::default();
    for (i, n) in nodes.iter().enumerate() {
        if n.id != n.parent {
            children.entry(n.parent).or_default().push(i);
        }
    }
    let mut seen = vec![false; nodes.len()];
    let kids = |parent: u32| children.get(&parent).map_or(&[][..], Vec::as_slice);

    /// A line being built: its nodes so far, the node whose children come next and the
    /// position there, and the side lines of its last move still to build (last first) with
    /// the position they start from.
    struct Open {
        line: Line<AnyMoveOrNull>,
        parent: u32,
        pos: AnyPosition,
        sides: Vec<usize>,
        before: AnyPosition,
    }
    let mut stack = vec![Open {
        line: Line::default(),
        parent: 0,
        pos: start.clone(),
        sides: Vec::new(),
        before: start.clone(),
    }];
    loop {
        let depth = stack.len();
        let top = stack.last_mut().expect("the main line stays on the stack");
        if let Some(side) = top.sides.pop() {
            // The next side line of the last move: built whole before its line goes on.
            if depth > record::MAX_VARIATION_DEPTH as usize {
                return Err(ApiError::unreadable(
                    "too-deep",
                    format!(
                        "side lines nested more than {} deep: the PDN/PGN readers read at most that",
                        record::MAX_VARIATION_DEPTH
                    ),
                ));
            }
            if std::mem::replace(&mut seen[side], true) {
                return Err(ApiError::bad_request("the game tree has a cycle"));
            }
            let n = &nodes[side];
            let (side_move, side_pos) = resolve(&top.before, &n.mv)?;
            let mut line = Line::default();
            line.nodes.push(Node {
                mov: side_move,
                at: Default::default(),
                number: None,
                after: after_of(n),
            });
            stack.push(Open {
                line,
                parent: n.id,
                before: side_pos.clone(),
                pos: side_pos,
                sides: Vec::new(),
            });
            continue;
        }
        let here = kids(top.parent);
        let Some(&main) = here.first() else {
            // This line ends: hang it after the last move of the line it branches from.
            if stack.len() == 1 {
                break;
            }
            let done = stack.pop().expect("more than one line open").line;
            let outer = stack.last_mut().expect("the line it branches from");
            let last = outer
                .line
                .nodes
                .last_mut()
                .expect("a side line follows a move");
            last.after.push(Extra::Variation(Box::new(done)));
            continue;
        };
        if std::mem::replace(&mut seen[main], true) {
            return Err(ApiError::bad_request("the game tree has a cycle"));
        }
        let node = &nodes[main];
        let (mv, next) = resolve(&top.pos, &node.mv)?;
        top.line.nodes.push(Node {
            mov: mv,
            at: Default::default(),
            number: None,
            after: after_of(node),
        });
        top.parent = node.id;
        top.before = std::mem::replace(&mut top.pos, next);
        top.sides = here[1..].iter().rev().copied().collect();
    }
    Ok(stack.pop().expect("the main line").line)
}

/// A move of an exported tree: a move or a chess null move.
#[derive(Clone, Debug)]
enum AnyMoveOrNull {
    Move(AnyMove),
    Null,
}

/// What follows an exported node's move: its NAGs, then its comment.
fn after_of<M>(node: &ExportNode) -> Extras<M> {
    let nags: record::Nags = node.nags.iter().map(|n| record::Nag(*n)).collect();
    let mut after: Extras<M> = (!nags.is_empty())
        .then_some(Extra::Nags(nags))
        .into_iter()
        .collect();
    after.extend(comment_of(node));
    after
}

/// The comment of an exported node as an item of the tree, when it has one.
fn comment_of<M>(node: &ExportNode) -> Option<Extra<M>> {
    let text = node.comment.as_deref()?.trim();
    (!text.is_empty()).then(|| Extra::Comment {
        text: text.into(),
        kind: Default::default(),
    })
}

fn resolve(pos: &AnyPosition, id: &str) -> Result<(AnyMoveOrNull, AnyPosition), ApiError> {
    if id == "0000" || id == "--" {
        return Ok((AnyMoveOrNull::Null, null_move(pos)));
    }
    let m = pos.find_move(id).map_err(|e| move_error(pos, id, e))?;
    let next = pos.after(&m);
    Ok((AnyMoveOrNull::Move(m), next))
}

fn write_tree(
    start: &AnyPosition,
    line: Line<AnyMoveOrNull>,
    tags: Tags,
    result: Option<ResultToken>,
    notation: &games::NotationChoice,
) -> Result<(String, Vec<String>), ApiError> {
    match start {
        AnyPosition::Draughts(p) => {
            let moves = line
                .try_map(&mut |m| match m {
                    AnyMoveOrNull::Move(AnyMove::Draughts(m)) => Ok(m),
                    _ => Err(()),
                })
                .map_err(|()| ApiError::bad_request("a null move is not a draughts move"))?;
            let variant = *p.variant();
            let mut tags = tags;
            if *p != draughts::Position::start(variant) {
                tags.set("FEN", p.to_fen());
            }
            let game = DraughtsGame {
                variant,
                source: VariantSource::Selected,
                start: *p,
                end: *p,
                game: Game {
                    tags,
                    moves,
                    result,
                    ..Game::default()
                },
                warnings: Vec::new(),
                others: Vec::new(),
            };
            let mut style = WriteStyle::default();
            if notation.squares.is_some() {
                let mut m = draughts::MoveStyle::of(&variant);
                m.squares = notation.squares.unwrap_or(m.squares);
                style.moves = Some(m);
            }
            Ok((game.write(&style), said(&game.game)))
        }
        AnyPosition::Chess(p) => {
            let moves = line
                .try_map(&mut |m| match m {
                    AnyMoveOrNull::Move(AnyMove::Chess(m)) => Ok(ChessMove::Move(m)),
                    AnyMoveOrNull::Null => Ok(ChessMove::Null),
                    _ => Err(()),
                })
                .map_err(|()| ApiError::bad_request("not a chess move"))?;
            let mut tags = tags;
            // The variant's own start needs no FEN; the Variant tag says the variant.
            let initial = *p == VariantPosition::new(p.variant());
            if !initial {
                tags.set("FEN", AnyPosition::Chess(p.clone()).fen());
                tags.set("SetUp", "1");
            }
            let variant = ChessVariant::of_position(p);
            let game = ChessGame {
                variant,
                start: p.clone(),
                end: p.clone(),
                game: Game {
                    tags,
                    moves,
                    result,
                    ..Game::default()
                },
                notation: notation.chess.notation,
                language: notation.chess.language,
                warnings: Vec::new(),
            };
            let text = game.write(&ChessWriteStyle {
                moves: notation.chess,
                width: 80,
                glyphs: false,
            });
            Ok((text, said(&game.game)))
        }
    }
}

/// What the writer changes of `game` so that it reads back, said in words.
fn said<M>(game: &Game<M>) -> Vec<String> {
    record::changes(game)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// `GET /api/svg`'s query.
#[derive(Debug, Deserialize)]
pub struct SvgQuery {
    #[serde(with = "crate::models::rules")]
    rules: Rules,
    /// Chess: the variant of `fen` (Crazyhouse's FEN holds its pockets).
    variant: Option<ChessVariant>,
    fen: Option<String>,
    #[serde(default = "one")]
    coordinates: u8,
    /// 1: the coordinates in a strip around the board.
    #[serde(default)]
    outside: u8,
    #[serde(default)]
    flipped: u8,
    /// 1: draw the pieces the FEN places even when they make no legal position (a chess
    /// board without kings, say), as the board editor needs.
    #[serde(default)]
    setup: u8,
}

fn one() -> u8 {
    1
}

/// `GET /api/svg`.
pub async fn svg(ApiQuery(q): ApiQuery<SvgQuery>) -> Result<Response, ApiError> {
    let rules = q.rules;
    let view = match &q.fen {
        Some(fen) => match position_of(rules, q.variant, fen) {
            Ok(pos) => pos.board_view(),
            Err(e) => match games::setup_board_view(rules, fen.trim()) {
                Some(view) if q.setup != 0 => view,
                _ => return Err(e),
            },
        },
        None => start_of(rules, q.variant)?.board_view(),
    };
    let svg = board_svg(
        &view,
        &SvgOptions {
            coordinates: q.coordinates != 0,
            outside: q.outside != 0,
            flipped: q.flipped != 0,
        },
    );
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}
