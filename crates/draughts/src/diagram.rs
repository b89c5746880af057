//! Text diagrams of positions, labelled the way the variant names its squares.

use crate::color::Color;
use crate::piece::Role;
use crate::position::Position;
use crate::square::{Square, SquareStyle};

/// Draws `pos` as text, White at the bottom.
///
/// Men are `w` and `b`, kings `W` and `B`. In a variant that numbers its squares, each empty
/// playable square shows its number; in one that uses algebraic names, empty playable squares
/// show `.` and the files and ranks are written along the edges.
///
/// ```
/// use draughts::{Position, Variant, diagram};
/// let pos = Position::from_fen("W:WK18:B1", Variant::AMERICAN).unwrap();
/// let text = diagram(&pos);
/// assert!(text.lines().next().unwrap().contains(" b "));
/// assert!(text.contains(" W "));
/// ```
pub fn diagram(pos: &Position) -> String {
    let size = pos.size();
    let side = size.side();
    let numeric = pos.variant().squares == SquareStyle::Numeric;
    let mut out = String::new();
    for rank in (1..=side).rev() {
        if !numeric {
            out.push_str(&format!("{rank:>2} "));
        }
        for file in 0..side {
            let cell = match Square::from_coords(file, rank, size) {
                Err(_) => "   ".to_string(),
                Ok(sq) => match pos.piece_at(sq) {
                    Some(p) => {
                        let c = match (p.color, p.role) {
                            (Color::White, Role::Man) => 'w',
                            (Color::White, Role::King) => 'W',
                            (Color::Black, Role::Man) => 'b',
                            (Color::Black, Role::King) => 'B',
                        };
                        format!("{c:>2} ")
                    }
                    None if numeric => format!("{:>2} ", sq.number()),
                    None => " . ".to_string(),
                },
            };
            out.push_str(&cell);
        }
        while out.ends_with(' ') {
            out.pop();
        }
        out.push('\n');
    }
    if !numeric {
        out.push_str("   ");
        for file in 0..side {
            out.push_str(&format!(" {} ", (b'a' + file) as char));
        }
        while out.ends_with(' ') {
            out.pop();
        }
        out.push('\n');
    }
    out.push_str(&format!("{} to move\n", pos.side_to_move()));
    out
}
