//! The tactical test positions' file (`crates/draughts/data/tactics/*.txt`), read.
//!
//! One position a line, four fields between `|`:
//!
//! ```text
//! id | position | solutions | source
//! game-001 | W:W27,28,32,...:B12,13,... | 28-22 | Principles of Strategy.pdn, game 3 (...), ply 17
//! ```
//!
//! - `id`: a name, unique in the file;
//! - `position`: a FEN (`W:W31,32:B18,19`, kings with `K`) or a Hub position (the side to
//!   move `W` or `B`, then a letter a square: `e`, `w`, `b`, `W`, `B`), the side to move
//!   being the side with the shot;
//! - `solutions`: the move that solves it, in the variant's notation (`32-28`, `27x18`, or
//!   the whole capture path `27x18x9` where two captures share their ends); several
//!   solutions, each counting, are separated by spaces;
//! - `source`: where it comes from (a game of the collections, a book, or "constructed").
//!
//! Blank lines and lines starting with `#` are comments. (This file is shared by the example
//! programs and, through `#[path]`, by `tests/tactics.rs`: it uses nothing of its parent.)

use draughts::{Move, Position, Variant, hub};

/// One position of the suite.
#[derive(Clone, Debug)]
pub struct Tactic {
    /// Its name.
    pub id: String,
    /// The position, the side with the shot to move.
    pub position: Position,
    /// The moves that solve it (any one of them).
    pub solutions: Vec<Move>,
    /// Where it comes from.
    pub source: String,
    /// Its line in the file (from 1).
    pub line: usize,
}

impl Tactic {
    /// Whether `mv` solves it.
    pub fn solved_by(&self, mv: &Move) -> bool {
        self.solutions.contains(mv)
    }
}

/// Reads a position: a FEN when it has a colon, a Hub position otherwise.
pub fn read_position(text: &str, variant: Variant) -> Result<Position, String> {
    if text.contains(':') {
        Position::from_fen(text, variant).map_err(|e| e.to_string())
    } else {
        hub::read_position(text, variant).map_err(|e| e.to_string())
    }
}

/// Reads the suite's text, positions of `variant`: the positions, or the first line that
/// does not read (with its number).
pub fn read(text: &str, variant: Variant) -> Result<Vec<Tactic>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("line {}: {e}", i + 1);
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [id, position, solutions, source] = fields[..] else {
            return Err(at(format!(
                "{} fields, not 4 (id | position | solutions | source)",
                fields.len()
            )));
        };
        if id.is_empty() {
            return Err(at("no id".into()));
        }
        let position = read_position(position, variant).map_err(at)?;
        let legal = position.legal_moves();
        let solutions = solutions
            .split_whitespace()
            .map(|m| {
                draughts::parse_move_among(&position, &legal, m)
                    .map_err(|e| at(format!("{id}: {m}: {e}")))
            })
            .collect::<Result<Vec<Move>, String>>()?;
        if solutions.is_empty() {
            return Err(at(format!("{id}: no solution")));
        }
        out.push(Tactic {
            id: id.to_string(),
            position,
            solutions,
            source: source.to_string(),
            line: i + 1,
        });
    }
    Ok(out)
}
