//! Forms of move text that the draughts sites' exports use and PDN does not:
//! - American checkers with algebraic squares named from the other side of the board (the
//!   sites draw the board with Black at the bottom, so their `c3-d4` for Black's first move
//!   is PDN's `11-15`: file a..h becomes h..a and rank r becomes 9 − r);
//! - a multi-jump written as one ply per jump (`16. d4xb6 b6xd8`).

use draughts::{BoardSize, Move, MoveReader, Position, SquareStyle, Variant};
use record::{Line, Node};

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
