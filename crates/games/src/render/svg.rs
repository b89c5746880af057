//! Drawing a [`BoardView`] as SVG.

use std::fmt::Write;

use draughts::Color;

use super::board_view::{BoardView, PieceView};

/// Drawing options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Label the squares the way the game names them.
    pub coordinates: bool,
    /// Draw the board from Black's side.
    pub flipped: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            coordinates: true,
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
    let margin = if options.coordinates && view.edge_coordinates {
        MARGIN
    } else {
        0
    };
    let size = side * CELL;
    let (width, height) = (size + margin, size + margin);
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
        let (x, y) = (margin + col * CELL, row * CELL);
        let class = if cell.dark { "sq dark" } else { "sq light" };
        let id = escape(&cell.id);
        let _ = write!(
            s,
            r#"<rect class="{class}" data-sq="{id}" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>"#
        );
        if options.coordinates
            && let Some(label) = &cell.label
        {
            let _ = write!(
                s,
                r#"<text class="coord num" x="{}" y="{}">{}</text>"#,
                x + 3,
                y + 12,
                escape(label)
            );
        }
        if let Some(piece) = cell.piece {
            let (cx, cy) = (x + CELL / 2, y + CELL / 2);
            piece_svg(&mut s, piece, cx, cy, &id);
        }
    }
    if margin > 0 {
        for i in 0..side {
            let (file, rank) = if options.flipped {
                (side - 1 - i, i + 1)
            } else {
                (i, side - i)
            };
            let _ = write!(
                s,
                r#"<text class="coord file" x="{}" y="{}" text-anchor="middle">{}</text>"#,
                margin + i * CELL + CELL / 2,
                size + margin - 4,
                (b'a' + file as u8) as char
            );
            let _ = write!(
                s,
                r#"<text class="coord rank" x="{}" y="{}" text-anchor="middle">{rank}</text>"#,
                margin / 2,
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
