//! Captures written only by their start and end that more than one route fits (`36x16`
//! through 18 and 7, or through 13 and 2): read the way a person would, by letting the rest
//! of the game decide. Every reading is kept open and the game's later moves are replayed
//! after each (a bounded search: a later ambiguous capture branches again); the reading with
//! which the game goes on furthest is chosen, and a warning names the route taken.

use draughts::{Move, MoveReader, MoveStyle, Position, write_move_among};
use record::{Extra, Node};

use super::error::{GameError, Ply};
use super::site_forms;

/// At most this many moves are replayed in all while settling one ambiguous capture.
const BUDGET: usize = 20_000;

/// The reading of the ambiguous move `nodes[0]` (ply index `ply`, position `pos`) that the
/// rest of the line decides, with the warning that says so; `None` when the rest of the line
/// does not single one out (the caller reports the ambiguity).
pub(super) fn settle(
    reader: &mut MoveReader,
    pos: &Position,
    nodes: &[Node<String>],
    ply: u32,
) -> Option<(Move, GameError)> {
    let (first, rest) = nodes.split_first()?;
    let candidates = reader.read_all(pos, &first.mov).ok()?;
    if candidates.len() < 2 {
        return None;
    }
    let mut budget = BUDGET;
    let reach: Vec<usize> = candidates
        .iter()
        .map(|m| reach(reader, pos.after(m), rest, &mut budget))
        .collect();
    let best = *reach.iter().max()?;
    let mut winners = (0..candidates.len()).filter(|&i| reach[i] == best);
    let (Some(chosen), None) = (winners.next(), winners.next()) else {
        return None;
    };
    let legal = pos.legal_moves();
    let style = MoveStyle::of(pos.variant()).with_full_path();
    let write = |m: &Move| write_move_among(&legal, m, &style, pos.size());
    let routes: Vec<String> = candidates.iter().map(write).collect();
    let why = if best == rest.len() {
        "the only one with which the rest of the game replays".to_string()
    } else {
        format!(
            "the one with which the game goes on furthest ({best} more plies, against {} at most)",
            reach
                .iter()
                .filter(|&&r| r != best)
                .max()
                .copied()
                .unwrap_or(0)
        )
    };
    let warning = GameError {
        at: first.at,
        ply: Some(Ply::of(ply, &first.mov)),
        message: format!(
            "{} fits {} routes ({}): read as {}, {why}",
            first.mov,
            candidates.len(),
            routes.join(", "),
            routes[chosen]
        ),
        problem: None,
    };
    Some((candidates[chosen].clone(), warning))
}

/// How many of `nodes` replay from `pos`, trying every reading of an ambiguous move and
/// joining a capture written in parts (see [`site_forms::joined_capture`]), as the walker
/// does. A setup command (`[%FEN ...]`) between moves sets the position whatever came
/// before: the line counts as replayed from there. When the budget runs out, the count so
/// far.
fn reach(
    reader: &mut MoveReader,
    pos: Position,
    nodes: &[Node<String>],
    budget: &mut usize,
) -> usize {
    let mut pos = pos;
    let mut i = 0;
    while i < nodes.len() {
        if *budget == 0 {
            return i;
        }
        *budget -= 1;
        let node = &nodes[i];
        let moves = match reader.read_all(&pos, &node.mov) {
            Ok(moves) => moves,
            Err(_) => match site_forms::joined_capture(reader, &pos, &nodes[i..]) {
                Some((m, parts, _)) => {
                    pos.play_unchecked(&m);
                    i += parts;
                    continue;
                }
                None => return i,
            },
        };
        let sets_up = node.after.iter().any(|e| matches!(e, Extra::Setup(_)));
        if sets_up {
            return nodes.len();
        }
        match moves.as_slice() {
            [one] => pos.play_unchecked(one),
            several => {
                let rest = &nodes[i + 1..];
                return i
                    + 1
                    + several
                        .iter()
                        .map(|m| reach(reader, pos.after(m), rest, budget))
                        .max()
                        .unwrap_or(0);
            }
        }
        i += 1;
    }
    nodes.len()
}
