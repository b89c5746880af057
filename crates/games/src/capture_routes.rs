//! Captures written only by their start and end that more than one route fits (`36x16`
//! through 18 and 7, or through 13 and 2): read the way a person would, by letting the rest
//! of the game decide. Every route is kept open as a reading of its own and the game's later
//! moves are replayed in each (see [`DraughtsReadings`](super::draughts_readings); a later
//! ambiguous capture branches again, within a budget); the route with which its line goes on
//! furthest is chosen, and a warning names it. This file words what is said: the warning,
//! and the error of a move word that does not read.

use draughts::{Move, MoveStyle, Position, write_move_among};

use super::error::{GameError, Ply};
use super::site_forms;

/// The warning on the capture `text` (at `at`, 0-based ply `ply`, position `pos`) that the
/// routes `candidates` fit, read as route `chosen`: the only one with which the rest of the
/// line replays, or, when the routes were compared before the line's end (`counts`: the
/// furthest and the next furthest), the one that went furthest.
#[allow(clippy::too_many_arguments)]
pub(crate) fn warning(
    variant: &draughts::Variant,
    pos: &Position,
    text: &str,
    at: record::Pos,
    ply: u32,
    candidates: &[Move],
    chosen: usize,
    counts: Option<(usize, usize)>,
) -> GameError {
    let legal = pos.legal_moves();
    let style = MoveStyle::of(variant).with_full_path();
    let write = |m: &Move| write_move_among(&legal, m, &style, pos.size());
    let routes: Vec<String> = candidates.iter().map(write).collect();
    let why = match counts {
        None => "the only one with which the rest of the game replays".to_string(),
        Some((best, second)) => format!(
            "the one with which the game goes on furthest ({best} more plies, against {second} at most)"
        ),
    };
    GameError {
        at,
        ply: Some(Ply::of(ply, text)),
        message: format!(
            "{text} fits {} routes ({}): read as {}, {why}",
            candidates.len(),
            routes.join(", "),
            routes[chosen]
        ),
        problem: None,
    }
}

/// The error for the move word `text` (at `at`, 0-based ply `ply`) that does not read in
/// `pos` under `variant`: what is wrong, the position, and the legal moves.
pub(crate) fn move_error(
    variant: &draughts::Variant,
    pos: &Position,
    text: &str,
    at: record::Pos,
    ply: u32,
    e: draughts::MoveTextError,
) -> GameError {
    use super::error::Problem;
    use draughts::MoveTextError;
    let legal = &pos.legal_moves();
    let style = MoveStyle::of(variant);
    let problem = match &e {
        MoveTextError::Syntax { text, .. } => Problem::unreadable(text),
        MoveTextError::Illegal { text } => Problem::Illegal {
            text: text.clone(),
            legal: legal
                .iter()
                .map(|m| write_move_among(legal, m, &style, pos.size()))
                .collect(),
        },
        MoveTextError::Ambiguous { text, candidates } => Problem::Ambiguous {
            text: text.clone(),
            candidates: candidates.clone(),
        },
    };
    let message = match e {
        MoveTextError::Illegal { text } => {
            let list: Vec<String> = legal
                .iter()
                .map(|m| write_move_among(legal, m, &style, pos.size()))
                .collect();
            let legal_text = if list.is_empty() {
                "none".to_string()
            } else {
                list.join(" ")
            };
            // A score (`4-6`) that no piece could play on this board.
            let what = if site_forms::is_score_not_move(&text, pos.size()) {
                "is neither a legal move nor a result PDN knows (2-0, 1-1, 0-2, 1-0, 0-1, \
                 1/2-1/2, 0-0, *; a score equal to the Result tag is read as the result)"
            } else {
                "is not a legal move"
            };
            format!(
                "{text} {what} in {} (position {}, {} to move; legal moves: {legal_text})",
                variant.title,
                pos.to_fen(),
                pos.side_to_move()
            )
        }
        MoveTextError::Ambiguous { .. } => format!(
            "{e}; the rest of the game does not decide between them (position {})",
            pos.to_fen()
        ),
        other => format!("{other} (position {})", pos.to_fen()),
    };
    GameError {
        at,
        ply: Some(Ply::of(ply, text)),
        message,
        problem: Some(Box::new(problem)),
    }
}
