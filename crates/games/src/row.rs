//! A game as a row of a table, and its positions as rows, with the clocks and evaluations
//! the moves' comments give: what analytics tools (DuckDB, Polars, Spark) take of a file of
//! games (see `convert --to parquet`).

use chess_notation::ChessRules as _;

use super::{
    AnyGame, AnyMove, AnyPosition, ChessMove, Eval, GameError, MoveData, NotationChoice,
    VariantSource,
};

/// The tags of the Seven Tag Roster but Result (the game's result has a column of its own),
/// in the order of the roster: each has a column; the other tags go to [`GameRow::tags`].
pub const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// One game as a row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRow {
    /// The game's number in its file (1 for the first).
    pub game: u64,
    /// The line the game starts on.
    pub line: u32,
    /// Whether it replays.
    pub ok: bool,
    /// `draughts` or `chess`; `None` for a game that does not replay.
    pub family: Option<&'static str>,
    /// The rules' name (`american`, `international`, ..., `chess`, `chess960`); `None` when
    /// the game does not replay, or several variants replay it and nothing decided.
    pub variant: Option<&'static str>,
    /// When several variants replay the game and nothing decided: their names.
    pub variants: Vec<&'static str>,
    /// Where the rules came from (`game-type`, `variant-tag`, `selected`, `inferred`, ...),
    /// for draughts.
    pub variant_source: Option<VariantSource>,
    /// The values of [`ROSTER`]'s tags, in its order.
    pub roster: [Option<String>; 6],
    /// Every other tag but Result, in the order of the game.
    pub tags: Vec<(String, String)>,
    /// The result: the game's result token, or its Result tag.
    pub result: Option<String>,
    /// `white` or `black` for a game won, `None` otherwise.
    pub winner: Option<&'static str>,
    /// The moves of the main line.
    pub plies: u32,
    /// The main line's moves as ids: numbers for draughts (`31x22x13`, every landing
    /// square), UCI for chess (`e2e4`, `0000` for a null move).
    pub moves: Vec<String>,
    /// The same moves as written in the rules' notation: the variant's own for draughts,
    /// SAN for chess (`--` for a null move).
    pub moves_text: Vec<String>,
    /// The FEN of the start and of the end of the main line.
    pub start_fen: Option<String>,
    /// The FEN after the main line.
    pub final_fen: Option<String>,
    /// Why the game does not replay, with its place (`line:column: message`).
    pub error: Option<String>,
    /// What looks wrong but did not stop the game, each with its place.
    pub warnings: Vec<String>,
}

/// One position of a game's main line as a row: for position search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRow {
    /// The game's number in its file.
    pub game: u64,
    /// The moves played before the position (0 for the start).
    pub ply: u32,
    /// The position.
    pub fen: String,
    /// The move played from it (as in [`GameRow::moves`]); `None` after the last.
    pub next: Option<String>,
    /// The same move in the rules' notation.
    pub next_text: Option<String>,
    /// The clock of the side that made the move reaching the position, after it, in
    /// milliseconds, as the move's comment says (`[%clk]`, lidraughts' `[%clock]`).
    pub clock_ms: Option<u64>,
    /// The evaluation of the position in hundredths of a pawn from White's side, as the
    /// comment of the move reaching it says (`[%eval 0.17]`).
    pub eval_cp: Option<i32>,
    /// Mate in this many moves (negative when Black mates), as that comment says
    /// (`[%eval #-3]`).
    pub eval_mate: Option<i32>,
}

/// What the comments after a move say of the position it reaches: the mover's clock in
/// milliseconds and the evaluation.
#[derive(Clone, Copy, Default)]
struct Reached {
    clock_ms: Option<u64>,
    eval: Option<Eval>,
}

impl Reached {
    fn of<M>(after: &record::Extras<M>, white_moved: bool) -> Reached {
        if after.is_empty() {
            return Reached::default();
        }
        let data = MoveData::of_extras(after);
        Reached {
            clock_ms: data
                .mover_clock(white_moved)
                .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)),
            eval: data.eval,
        }
    }
}

/// A problem's place and message, as the rows hold it.
fn placed(e: &GameError) -> String {
    format!("{}:{}: {e}", e.at.line, e.at.column)
}

impl GameRow {
    /// The row of a game that replays, and the rows of its main line's positions when
    /// `positions` (empty otherwise).
    ///
    /// ```
    /// use games::{AnyGame, GameRow, ReadOptions};
    /// let read = record::read_games("[Event \"x\"]\n[Opening \"Italian\"]\n1. e4 e5 2. Nf3 1-0").remove(0).unwrap();
    /// let game = AnyGame::read(read, &ReadOptions::default()).unwrap();
    /// let (row, positions) = GameRow::of(1, &game, true);
    /// assert_eq!(row.moves, ["e2e4", "e7e5", "g1f3"]);
    /// assert_eq!(row.moves_text, ["e4", "e5", "Nf3"]);
    /// assert_eq!(row.roster[0].as_deref(), Some("x"));
    /// assert_eq!(row.tags, [("Opening".to_string(), "Italian".to_string())]);
    /// assert_eq!((row.result.as_deref(), row.winner), (Some("1-0"), Some("white")));
    /// assert_eq!(positions.len(), 4);
    /// assert_eq!(positions[3].fen, row.final_fen.unwrap());
    /// assert_eq!(positions[3].next, None);
    /// ```
    pub fn of(number: u64, any: &AnyGame, positions: bool) -> (GameRow, Vec<PositionRow>) {
        let mut row = GameRow {
            game: number,
            line: any.at().line,
            ok: true,
            warnings: any.warnings().iter().map(placed).collect(),
            ..GameRow::default()
        };
        let tags = match any {
            AnyGame::Draughts(g) => &g.game.tags,
            AnyGame::Chess(g) => &g.game.tags,
        };
        for tag in tags.iter() {
            match ROSTER.iter().position(|name| *name == tag.name.as_str()) {
                Some(i) => row.roster[i] = Some(tag.value.to_string()),
                None if tag.name.as_str() == "Result" => {}
                None => row.tags.push((tag.name.to_string(), tag.value.to_string())),
            }
        }
        // The main line, replayed from the start: each move's id and text, each position.
        let mut pos = match any {
            AnyGame::Draughts(g) => AnyPosition::Draughts(g.start),
            AnyGame::Chess(g) => AnyPosition::Chess(g.start.clone()),
        };
        row.start_fen = Some(pos.fen());
        let mut line: Vec<(String, String)> = Vec::new();
        let mut fens: Vec<String> = Vec::new();
        // What the comment of the move reaching each position after the start says of it.
        let mut reached: Vec<Reached> = vec![Reached::default()];
        let notation = NotationChoice::default();
        match any {
            AnyGame::Draughts(g) => {
                row.family = Some("draughts");
                row.variant_source = Some(g.source);
                if g.source == VariantSource::Undecided {
                    row.variants = g.replaying_variants().iter().map(|v| v.name).collect();
                } else {
                    row.variant = Some(g.variant.name);
                }
                row.result = g.outcome().map(|o| o.text(&g.variant).to_string());
                row.winner = g.winner().map(|c| c.name());
                for node in &g.game.moves.nodes {
                    let m = AnyMove::Draughts(node.mov.clone());
                    if positions {
                        fens.push(pos.fen());
                        reached.push(Reached::of(&node.after, pos.white_to_move()));
                    }
                    line.push(pos.describe(&m, &notation));
                    pos = pos.after(&m);
                }
            }
            AnyGame::Chess(g) => {
                row.family = Some("chess");
                row.variant = Some(g.variant.report_name());
                row.result = g.result_text().map(str::to_string);
                row.winner = g.winner().map(|c| c.fold_wb("white", "black"));
                for node in &g.game.moves.nodes {
                    if positions {
                        fens.push(pos.fen());
                        reached.push(Reached::of(&node.after, pos.white_to_move()));
                    }
                    match &node.mov {
                        ChessMove::Move(m) => {
                            let m = AnyMove::Chess(*m);
                            line.push(pos.describe(&m, &notation));
                            pos = pos.after(&m);
                        }
                        ChessMove::Null => {
                            line.push(("0000".into(), "--".into()));
                            if let AnyPosition::Chess(p) = &pos
                                && let Some(swapped) = p.clone().pass()
                            {
                                pos = AnyPosition::Chess(swapped);
                            }
                        }
                    }
                }
            }
        }
        row.plies = u32::try_from(line.len()).unwrap_or(u32::MAX);
        row.final_fen = Some(pos.fen());
        let mut out = Vec::new();
        if positions {
            fens.push(pos.fen());
            for ((ply, fen), reached) in fens.into_iter().enumerate().zip(reached) {
                let next = line.get(ply);
                out.push(PositionRow {
                    game: number,
                    ply: u32::try_from(ply).unwrap_or(u32::MAX),
                    fen,
                    next: next.map(|(id, _)| id.clone()),
                    next_text: next.map(|(_, text)| text.clone()),
                    clock_ms: reached.clock_ms,
                    eval_cp: match reached.eval {
                        Some(Eval::Centipawns(cp)) => Some(cp),
                        _ => None,
                    },
                    eval_mate: match reached.eval {
                        Some(Eval::Mate(n)) => Some(n),
                        _ => None,
                    },
                });
            }
        }
        (row.moves, row.moves_text) = line.into_iter().unzip();
        (row, out)
    }

    /// The row of a game that does not replay: its number, place and error.
    pub fn bad(number: u64, at: record::Pos, error: String) -> GameRow {
        GameRow {
            game: number,
            line: at.line,
            ok: false,
            error: Some(format!("{}:{}: {error}", at.line, at.column)),
            ..GameRow::default()
        }
    }
}
