//! Forms of move text that the draughts sites' exports use and PDN does not:
//! - American checkers with algebraic squares named from the other side of the board (the
//!   sites draw the board with Black at the bottom, so their `c3-d4` for Black's first move
//!   is PDN's `11-15`: file a..h becomes h..a and rank r becomes 9 − r);
//! - a multi-jump written as one ply per jump (`16. d4xb6 b6xd8`);
//! - a match score as the result (`4-6`, as Dutch club files score games), written at the
//!   end of the moves where PDN has its result, and in the Result tag.

use draughts::{BoardSize, Move, MoveReader, Position, SquareStyle, Variant};
use record::{Extra, Game, Line, Node, ResultToken};

use super::error::GameError;

/// Whether `text` is written as a score (`4-6`, `10-0`: two numbers of one or two digits
/// joined by `-`), the form of a numbered draughts move too.
pub(crate) fn looks_like_score(text: &str) -> bool {
    let Some((a, b)) = text.split_once('-') else {
        return false;
    };
    [a, b]
        .iter()
        .all(|n| (1..=2).contains(&n.len()) && n.bytes().all(|c| c.is_ascii_digit()))
}

/// Whether `text` is a score (see [`looks_like_score`]) that is no move on a board of
/// `size` whatever the position: a number that is no square, or two squares on no common
/// line a piece moves along (diagonal, or straight as Frisian captures go).
pub(crate) fn is_score_not_move(text: &str, size: BoardSize) -> bool {
    if !looks_like_score(text) {
        return false;
    }
    let squares: Vec<Option<(i32, i32)>> = text
        .split('-')
        .map(|n| {
            let sq = draughts::Square::from_number(n.parse().ok()?, size).ok()?;
            Some((i32::from(sq.file(size)), i32::from(sq.rank(size))))
        })
        .collect();
    match squares[..] {
        [Some((f1, r1)), Some((f2, r2))] => {
            let (df, dr) = ((f1 - f2).abs(), (r1 - r2).abs());
            !(df == dr || df == 0 || dr == 0)
        }
        _ => true,
    }
}

/// A game whose main line ends with a score that PDN does not know as a result but that
/// equals its Result tag (`[Result "4-6"]` ... `4-6`): that last word is its result, not a
/// move; it is moved there, and the warning says so. `None`, and the game unchanged,
/// otherwise.
pub(super) fn score_as_result(game: &mut Game<String>) -> Option<GameError> {
    if game.result.is_some() {
        return None;
    }
    let tag = game.tags.get("Result")?.trim();
    if ResultToken::is_result(tag) || !looks_like_score(tag) {
        return None;
    }
    let last = game.moves.nodes.last()?;
    if last.mov != tag || last.after.iter().any(|e| matches!(e, Extra::Variation(_))) {
        return None;
    }
    let node = game.moves.nodes.pop()?;
    // Comments and NAGs after the score stay, after the move before it (or before the
    // first move).
    match game.moves.nodes.last_mut() {
        Some(prev) => prev.after.extend(node.after),
        None => game.moves.before.extend(node.after),
    }
    game.result = Some(ResultToken {
        text: node.mov.clone(),
        at: node.at,
    });
    Some(GameError::at(
        node.at,
        format!(
            "`{}` at the end of the moves is read as the result, as the Result tag says (a \
             score PDN does not know as a result; it is kept as written)",
            node.mov
        ),
    ))
}

/// Longest run of plies joined into one capture.
const MAX_PARTS: usize = 12;

/// The capture that `nodes[0]` begins when it was written as one ply per part
/// (`d4xb6 b6xd8`): each next ply starts where the last one ended, nothing is written
/// between them, and the parts joined (`d4xb6xd8`) name a legal move. The move, the number
/// of plies it takes and the joined text; `None` when no run of parts reads.
pub(super) fn joined_capture(
    reader: &mut MoveReader,
    pos: &Position,
    nodes: &[Node<String>],
) -> Option<(Move, usize, String)> {
    let first = nodes.first()?;
    if !first.mov.contains(['x', 'X', ':']) {
        return None;
    }
    let mut joined = first.mov.clone();
    for n in 1..nodes.len().min(MAX_PARTS) {
        if !nodes[n - 1].after.is_empty() {
            return None;
        }
        let next = &nodes[n].mov;
        let (end, start) = (last_square(&joined), first_square(next));
        if end.is_empty() || end != start || !next.contains(['x', 'X', ':']) {
            return None;
        }
        joined.push_str(&next[start.len()..]);
        if let Ok(m) = reader.read(pos, &joined) {
            return Some((m, n + 1, joined));
        }
    }
    None
}

/// The first square of a move text (`d4` of `d4xb6`, `31` of `31x22`).
fn first_square(text: &str) -> &str {
    let end = text.find(['x', 'X', ':', '-']).unwrap_or(text.len());
    &text[..end]
}

/// The last square of a move text (`b6` of `d4xb6`).
fn last_square(text: &str) -> &str {
    let start = text.rfind(['x', 'X', ':', '-']).map_or(0, |i| i + 1);
    &text[start..]
}

/// Whether a game that does not replay as written may be an export with turned squares:
/// the variant names its squares by number on the plain 8×8 board (American, Pool, Thai)
/// and the main line names squares algebraically.
pub(super) fn may_be_turned(variant: &Variant, line: &Line<String>) -> bool {
    variant.size == BoardSize::Eight
        && variant.squares == SquareStyle::Numeric
        && line
            .nodes
            .first()
            .is_some_and(|n| n.mov.starts_with(|c: char| c.is_ascii_lowercase()))
}

/// `line` with every algebraic square of every move turned half a circle (`c3` → `f6`).
pub(super) fn turned(line: &Line<String>) -> Line<String> {
    line.clone()
        .try_map(&mut |text: String| Ok::<_, std::convert::Infallible>(turn_squares(&text)))
        .unwrap_or_else(|never| match never {})
}

/// `text` with every square `a1`..`h8` turned half a circle on the 8×8 board (`c3-d4` →
/// `f6-e5`).
fn turn_squares(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let square = matches!(b[i], b'a'..=b'h')
            && matches!(b.get(i + 1), Some(b'1'..=b'8'))
            && !matches!(b.get(i + 2), Some(b'0'..=b'9'));
        if square {
            out.push(char::from(b'h' - (b[i] - b'a')));
            out.push(char::from(b'9' - (b[i + 1] - b'0')));
            i += 2;
        } else {
            let c = text[i..].chars().next().expect("inside the text");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::turn_squares;

    #[test]
    fn squares_turn_half_a_circle() {
        assert_eq!(turn_squares("c3-d4"), "f6-e5");
        assert_eq!(turn_squares("a1xc3xe5"), "h8xf6xd4");
        assert_eq!(turn_squares("h8:g7"), "a1:b2");
        // Not squares of 8×8: numbers, a10, b9, letters past h.
        assert_eq!(turn_squares("11-15"), "11-15");
        assert_eq!(turn_squares("a10-b9"), "a10-b9");
        assert_eq!(turn_squares("j4"), "j4");
    }
}
