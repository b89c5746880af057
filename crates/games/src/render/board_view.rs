//! A board as the renderer sees it: squares with names, labels and pieces, whatever the game.

use draughts::{Color, Position, Role, Square, SquareStyle};

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceView {
    /// A draughts man.
    Man(Color),
    /// A draughts king.
    King(Color),
    /// A chess piece: its colour (white or black) and its letter (`K Q R B N P`).
    Chess { white: bool, letter: char },
}

/// One square of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// File from White's left, 0-based.
    pub file: u8,
    /// Rank from White's side, 1-based.
    pub rank: u8,
    /// The square's name, used to find it from scripts (`22` or `e4`).
    pub id: String,
    /// A label written on the square when coordinates are shown (square numbers).
    pub label: Option<String>,
    /// A playable (dark) square.
    pub dark: bool,
    /// Its piece.
    pub piece: Option<PieceView>,
}

/// A board ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// Files and ranks (8 or 10).
    pub side: u8,
    /// Every square, light ones included.
    pub cells: Vec<Cell>,
    /// Whether the edges carry file letters and rank numbers (algebraic games).
    pub edge_coordinates: bool,
}

impl BoardView {
    /// The view of a draughts position: numbered squares for variants that number them,
    /// letters and digits on the edges for the others.
    pub fn draughts(pos: &Position) -> BoardView {
        let size = pos.size();
        let side = size.side();
        let numeric = pos.variant().squares == SquareStyle::Numeric;
        let mut cells = Vec::with_capacity(usize::from(side) * usize::from(side));
        for rank in (1..=side).rev() {
            for file in 0..side {
                let cell = match Square::from_coords(file, rank, size) {
                    Ok(sq) => Cell {
                        file,
                        rank,
                        id: sq.number().to_string(),
                        label: numeric.then(|| sq.number().to_string()),
                        dark: true,
                        piece: pos.piece_at(sq).map(|p| match p.role {
                            Role::Man => PieceView::Man(p.color),
                            Role::King => PieceView::King(p.color),
                        }),
                    },
                    Err(_) => Cell {
                        file,
                        rank,
                        id: format!("{}{rank}", (b'a' + file) as char),
                        label: None,
                        dark: false,
                        piece: None,
                    },
                };
                cells.push(cell);
            }
        }
        BoardView {
            side,
            cells,
            edge_coordinates: !numeric,
        }
    }
}
