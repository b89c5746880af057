//! Forms of move text that the draughts sites' exports use and PDN does not:
//! - American checkers with algebraic squares named from the other side of the board (the
//!   sites draw the board with Black at the bottom, so their `c3-d4` for Black's first move
//!   is PDN's `11-15`: file a..h becomes h..a and rank r becomes 9 − r);
//! - a multi-jump written as one ply per jump (`16. d4xb6 b6xd8`);
//! - a match score as the result (`4-6`, as Dutch club files score games), written at the
//!   end of the moves where PDN has its result, and in the Result tag (the reader holds such
//!   a word back until it knows whether the main line ends with it, see
//!   [`GameReader`](super::game_reader)).

use draughts::{BoardSize, SquareStyle, Variant};
use record::Pos;

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

/// Longest run of plies joined into one capture.
pub(crate) const MAX_PARTS: usize = 12;

/// The first square of a move text (`d4` of `d4xb6`, `31` of `31x22`).
pub(crate) fn first_square(text: &str) -> &str {
    let end = text.find(['x', 'X', ':', '-']).unwrap_or(text.len());
    &text[..end]
}

/// The last square of a move text (`b6` of `d4xb6`).
pub(crate) fn last_square(text: &str) -> &str {
    let start = text.rfind(['x', 'X', ':', '-']).map_or(0, |i| i + 1);
    &text[start..]
}

/// Whether a game whose main line starts with the word `first` may be an export with turned
/// squares, if it does not replay as written under `variant`: the variant names its squares by
/// number on the plain 8×8 board (American, Pool, Thai) and the word names squares
/// algebraically.
pub(crate) fn may_be_turned(variant: &Variant, first: &str) -> bool {
    variant.size == BoardSize::Eight
        && variant.squares == SquareStyle::Numeric
        && first.starts_with(|c: char| c.is_ascii_lowercase())
}

/// The warning on a game of `variant` read with its squares turned half a circle, placed at
/// its first move `at`.
pub(crate) fn turned_warning(variant: &Variant, at: Pos) -> GameError {
    GameError::at(
        at,
        format!(
            "the squares are named from the other side of the board, as some sites export {}: \
             read turned half a circle (c3 as f6)",
            variant.title
        ),
    )
}

/// `text` with every square `a1`..`h8` turned half a circle on the 8×8 board (`c3-d4` →
/// `f6-e5`).
pub(crate) fn turn_squares(text: &str) -> String {
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
