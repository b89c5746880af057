//! Drawing a [`BoardView`] as SVG.

use std::fmt::Write;

use draughts::Color;

use super::board_view::{BoardView, PieceView};

/// Drawing options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Label the squares the way the game names them.
    pub coordinates: bool,
    /// Write the labels in a strip around the board rather than on its squares.
    pub outside: bool,
    /// Draw the board from Black's side.
    pub flipped: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            coordinates: true,
            outside: false,
            flipped: false,
        }
    }
}

const CELL: u32 = 50;
const MARGIN: u32 = 18;

/// Draws a board. Every square is a `rect` with class `sq` (and `dark` or `light`) and a
/// `data-sq` attribute holding the square's name; every piece is a `g` with class `piece`
/// and the same `data-sq`, so scripts can find and mark squares.
///
/// Coordinates are `text` with class `coord`. On the squares (`outside` false): square
/// numbers on every numbered square (`coord num`), or on an algebraic board the file letters
/// along the bottom row and the rank digits up the left file (`coord file`, `coord rank`, with
/// `data-on="dark|light"`, the square they are written on, for a colour that stands out on
/// it). Outside: a strip left of and under an algebraic board, as a printed diagram has
/// them; around a numbered board, each edge square's number beside it (`coord num out`).
///
/// ```
/// use games::render::{BoardView, SvgOptions, board_svg};
/// let pos = draughts::Position::from_fen("W:WK18:B1", draughts::Variant::AMERICAN).unwrap();
/// let svg = board_svg(&BoardView::draughts(&pos), &SvgOptions::default());
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains(r#"data-sq="18""#));
/// assert_eq!(svg.matches(r#"class="piece"#).count(), 2);
/// ```
pub fn board_svg(view: &BoardView, options: &SvgOptions) -> String {
    let side = u32::from(view.side);
    let size = side * CELL;
    let strip = options.coordinates && options.outside;
    // Where the squares start, and the strips after them: an algebraic board's strip is on
    // its left and bottom; a numbered board's goes all round, for the numbers of every edge.
    let (left, top) = match (strip, view.edge_coordinates) {
        (false, _) => (0, 0),
        (true, true) => (MARGIN, 0),
        (true, false) => (MARGIN, MARGIN),
    };
    let (right, bottom) = match (strip, view.edge_coordinates) {
        (false, _) => (0, 0),
        (true, true) => (0, MARGIN),
        (true, false) => (MARGIN, MARGIN),
    };
    let (width, height) = (left + size + right, top + size + bottom);
    let mut s = String::with_capacity(8192);
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img">"#
    );
    for cell in &view.cells {
        let (col, row) = if options.flipped {
            (side - 1 - u32::from(cell.file), u32::from(cell.rank) - 1)
        } else {
            (u32::from(cell.file), side - u32::from(cell.rank))
        };
        let (x, y) = (left + col * CELL, top + row * CELL);
        let class = if cell.dark { "sq dark" } else { "sq light" };
        let id = escape(&cell.id);
        let _ = write!(
            s,
            r#"<rect class="{class}" data-sq="{id}" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>"#
        );
        if options.coordinates && !options.outside {
            if let Some(label) = &cell.label {
                let _ = write!(
                    s,
                    r#"<text class="coord num" x="{}" y="{}">{}</text>"#,
                    x + 3,
                    y + 12,
                    escape(label)
                );
            } else if view.edge_coordinates {
                // As lichess writes them: the file at the bottom right of the bottom row's
                // squares, the rank at the top left of the left file's.
                let on = if cell.dark { "dark" } else { "light" };
                if row == side - 1 {
                    let _ = write!(
                        s,
                        r#"<text class="coord file" data-on="{on}" x="{}" y="{}" text-anchor="end">{}</text>"#,
                        x + CELL - 3,
                        y + CELL - 4,
                        (b'a' + cell.file) as char
                    );
                }
                if col == 0 {
                    let _ = write!(
                        s,
                        r#"<text class="coord rank" data-on="{on}" x="{}" y="{}">{}</text>"#,
                        x + 3,
                        y + 12,
                        cell.rank
                    );
                }
            }
        }
        if strip
            && !view.edge_coordinates
            && let Some(label) = &cell.label
        {
            // Beside each edge it touches (a corner square: beside both).
            let label = escape(label);
            let (mid_x, mid_y) = (x + CELL / 2, y + CELL / 2 + 4);
            let mut beside = |tx: u32, ty: u32| {
                let _ = write!(
                    s,
                    r#"<text class="coord num out" x="{tx}" y="{ty}" text-anchor="middle">{label}</text>"#
                );
            };
            if row == 0 {
                beside(mid_x, top - 5);
            }
            if row == side - 1 {
                beside(mid_x, top + size + 13);
            }
            if col == 0 {
                beside(left / 2, mid_y);
            }
            if col == side - 1 {
                beside(left + size + right / 2, mid_y);
            }
        }
        if let Some(piece) = cell.piece {
            let (cx, cy) = (x + CELL / 2, y + CELL / 2);
            piece_svg(&mut s, piece, cx, cy, &id);
        }
    }
    if strip && view.edge_coordinates {
        for i in 0..side {
            let (file, rank) = if options.flipped {
                (side - 1 - i, i + 1)
            } else {
                (i, side - i)
            };
            let _ = write!(
                s,
                r#"<text class="coord file" x="{}" y="{}" text-anchor="middle">{}</text>"#,
                left + i * CELL + CELL / 2,
                size + bottom - 4,
                (b'a' + file as u8) as char
            );
            let _ = write!(
                s,
                r#"<text class="coord rank" x="{}" y="{}" text-anchor="middle">{rank}</text>"#,
                left / 2,
                i * CELL + CELL / 2 + 5,
            );
        }
    }
    s.push_str("</svg>");
    s
}

fn piece_svg(s: &mut String, piece: PieceView, cx: u32, cy: u32, id: &str) {
    match piece {
        PieceView::Man(color) | PieceView::King(color) => {
            let name = if color == Color::White {
                "white"
            } else {
                "black"
            };
            let king = matches!(piece, PieceView::King(_));
            let kind = if king { "king" } else { "man" };
            let _ = write!(
                s,
                r#"<g class="piece {name} {kind}" data-sq="{id}"><circle cx="{cx}" cy="{cy}" r="19"/><circle class="rim" cx="{cx}" cy="{cy}" r="13"/>"#
            );
            if king {
                // A crown: three points on a band.
                let (x, y) = (cx as i32, cy as i32);
                let _ = write!(
                    s,
                    r#"<path class="crown" d="M{} {} L{} {} L{} {} L{} {} L{} {} L{} {} L{} {} Z"/>"#,
                    x - 9,
                    y + 5,
                    x - 9,
                    y - 5,
                    x - 4,
                    y,
                    x,
                    y - 7,
                    x + 4,
                    y,
                    x + 9,
                    y - 5,
                    x + 9,
                    y + 5
                );
            }
            s.push_str("</g>");
        }
        PieceView::Chess { white, letter } => {
            let name = if white { "white" } else { "black" };
            let glyph = match letter.to_ascii_uppercase() {
                'K' => '\u{265A}',
                'Q' => '\u{265B}',
                'R' => '\u{265C}',
                'B' => '\u{265D}',
                'N' => '\u{265E}',
                _ => '\u{265F}',
            };
            let _ = write!(
                s,
                r#"<g class="piece {name} chess" data-sq="{id}" data-piece="{letter}"><text x="{cx}" y="{}" text-anchor="middle">{glyph}</text></g>"#,
                cy + 14
            );
        }
    }
}

/// Escapes text for SVG/HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn american() -> BoardView {
        let pos = draughts::Position::from_fen("W:W21:B12", draughts::Variant::AMERICAN).unwrap();
        BoardView::draughts(&pos)
    }

    fn russian() -> BoardView {
        let pos = draughts::Position::from_fen("W:W26:B17", draughts::Variant::RUSSIAN).unwrap();
        BoardView::draughts(&pos)
    }

    fn options(coordinates: bool, outside: bool) -> SvgOptions {
        SvgOptions {
            coordinates,
            outside,
            flipped: false,
        }
    }

    #[test]
    fn numbers_on_the_squares_or_around_the_board() {
        let inside = board_svg(&american(), &options(true, false));
        assert!(inside.contains(r#"viewBox="0 0 400 400""#));
        assert_eq!(inside.matches(r#"class="coord num""#).count(), 32);
        assert!(!inside.contains("coord num out"));
        let outside = board_svg(&american(), &options(true, true));
        // A strip on every side; the 14 edge squares, the two corners twice.
        assert!(outside.contains(r#"viewBox="0 0 436 436""#));
        assert_eq!(outside.matches(r#"class="coord num out""#).count(), 16);
        assert!(
            outside.contains(r#"data-sq="a8" x="18" y="18""#),
            "squares start inside the strip"
        );
        // Square 4 is the top right corner seen from White: above it and right of it.
        assert!(outside.contains(r#"x="393" y="13" text-anchor="middle">4<"#));
        assert!(outside.contains(r#"x="427" y="47" text-anchor="middle">4<"#));
        let none = board_svg(&american(), &options(false, true));
        assert!(none.contains(r#"viewBox="0 0 400 400""#));
        assert!(!none.contains("coord"));
    }

    #[test]
    fn letters_on_the_edge_squares_or_in_a_strip() {
        let inside = board_svg(&russian(), &options(true, false));
        assert!(inside.contains(r#"viewBox="0 0 400 400""#));
        assert_eq!(inside.matches(r#"class="coord file""#).count(), 8);
        assert_eq!(inside.matches(r#"class="coord rank""#).count(), 8);
        // a1 is dark: its letter and digit are written in the light colour.
        assert!(inside.contains(
            r#"<text class="coord file" data-on="dark" x="47" y="396" text-anchor="end">a<"#
        ));
        assert!(inside.contains(r#"<text class="coord rank" data-on="dark" x="3" y="362">1<"#));
        assert!(inside.contains(r#"data-on="light" x="97" y="396" text-anchor="end">b<"#));
        let outside = board_svg(&russian(), &options(true, true));
        assert!(outside.contains(r#"viewBox="0 0 418 418""#));
        assert_eq!(outside.matches(r#"class="coord file""#).count(), 8);
        assert!(!outside.contains("data-on"));
        let flipped = board_svg(
            &russian(),
            &SvgOptions {
                flipped: true,
                ..options(true, false)
            },
        );
        // From Black's side h8 is at the bottom left.
        assert!(flipped.contains(r#"x="47" y="396" text-anchor="end">h<"#));
        assert!(flipped.contains(r#"x="3" y="362">8<"#));
    }
}
