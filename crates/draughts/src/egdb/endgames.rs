//! A set of tables of one variant, and the probe that answers from them.

use std::collections::HashMap;
use std::path::Path;

use crate::color::Color;
use crate::position::Position;
use crate::variant::{Goal, Variant};

use super::file::{self, TableError};
use super::index::Slice;
use super::table::Table;
use super::wdl::Wdl;

/// Why a directory of tables could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// A file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A file was refused.
    #[error("{path}: {source}")]
    Table {
        /// The file.
        path: String,
        /// Why.
        source: TableError,
    },
    /// The variant has no tables: its goal is not the usual one, or a position would need
    /// more than its pieces (Frisian's run of king moves).
    #[error("the variant {0} has no endgame tables")]
    Unsupported(String),
}

/// Whether `variant` can have tables: a side that cannot move loses, and a position is its
/// pieces and the side to move alone (not Frisian, whose runs of king moves are part of a
/// position, nor Antidraughts or Breakthrough, whose goals differ).
pub fn supports(variant: &Variant) -> bool {
    variant.goal == Goal::Standard && variant.king_move_limit.is_none()
}

/// The loaded tables of one variant.
///
/// ```
/// use draughts::egdb::{Endgames, Wdl, generate};
/// use draughts::{Position, Variant};
/// let tables = generate(&Variant::AMERICAN, 2, |_, _| {});
/// // A king against a man that is about to be taken.
/// let p = Position::from_fen("W:WK18:B14", Variant::AMERICAN).unwrap();
/// assert_eq!(tables.probe(&p), Some(Wdl::Win));
/// assert_eq!(tables.max_pieces(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Endgames {
    variant: &'static Variant,
    tables: HashMap<Slice, Table>,
    max_pieces: u8,
}

impl Endgames {
    /// No tables yet, for `variant`.
    ///
    /// # Panics
    /// When the variant cannot have tables (see [`supports`]).
    pub fn new(variant: &Variant) -> Endgames {
        assert!(supports(variant), "{} has no endgame tables", variant.name);
        Endgames {
            variant: variant.interned(),
            tables: HashMap::new(),
            max_pieces: 0,
        }
    }

    /// The variant.
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// Adds a table (replacing one of the same slice).
    ///
    /// # Panics
    /// When the table is of another board.
    pub fn insert(&mut self, table: Table) {
        assert_eq!(table.size(), self.variant.size, "a table of another board");
        self.tables.insert(table.slice(), table);
        self.max_pieces = self.tables.keys().map(Slice::pieces).max().unwrap_or(0);
    }

    /// The table of `slice`, if held.
    pub fn table(&self, slice: Slice) -> Option<&Table> {
        self.tables.get(&slice)
    }

    /// The held slices, in no order.
    pub fn slices(&self) -> impl Iterator<Item = Slice> + '_ {
        self.tables.keys().copied()
    }

    /// The most pieces of a held slice (0 when none is).
    pub fn max_pieces(&self) -> u8 {
        self.max_pieces
    }

    /// The value of `pos` for its side to move, or `None` when its slice is not held (or it
    /// is of another variant, or a man stands on its crowning row). A side to move without
    /// pieces has lost whatever is held; a side to move whose opponent has none gets `None`
    /// (no game reaches it).
    pub fn probe(&self, pos: &Position) -> Option<Wdl> {
        self.probe_plies(pos).map(|(wdl, _)| wdl)
    }

    /// The value of `pos` for its side to move and its distance to conversion (the plies to
    /// the capture or crowning that leaves its material, with best play: see
    /// [`Table::plies`]), or `None` as for [`Endgames::probe`]. A side to move without
    /// pieces has lost, at distance 0.
    ///
    /// ```
    /// use draughts::egdb::{Wdl, generate};
    /// use draughts::{Position, Variant};
    /// let tables = generate(&Variant::AMERICAN, 3, |_, _| {});
    /// // Two kings against one: won, but the lone king must first be driven out of the
    /// // double corner, which takes more than a few moves.
    /// let pos = Position::from_fen("W:WK14,K18:BK1", Variant::AMERICAN).unwrap();
    /// let (value, plies) = tables.probe_plies(&pos).unwrap();
    /// assert_eq!(value, Wdl::Win);
    /// assert!(plies > 10, "{plies}");
    /// ```
    pub fn probe_plies(&self, pos: &Position) -> Option<(Wdl, u8)> {
        if !std::ptr::eq(pos.variant(), self.variant) && pos.variant() != self.variant {
            return None;
        }
        let side = pos.side_to_move();
        if pos.pieces(side).is_empty() {
            return Some((Wdl::Loss, 0));
        }
        if pos.pieces(!side).is_empty() {
            return None;
        }
        self.tables.get(&Slice::of(pos))?.probe_plies(pos)
    }

    /// Writes every table into `dir` (made if missing), one file a slice
    /// ([`file::file_name`]); gives the bytes written.
    pub fn save(&self, dir: &Path) -> std::io::Result<u64> {
        std::fs::create_dir_all(dir)?;
        let mut total = 0;
        for table in self.tables.values() {
            total += self.save_table(dir, table.slice())?;
        }
        Ok(total)
    }

    /// Writes the table of `slice` into `dir`; gives the bytes written (0 when not held).
    pub fn save_table(&self, dir: &Path, slice: Slice) -> std::io::Result<u64> {
        let Some(table) = self.tables.get(&slice) else {
            return Ok(0);
        };
        let bytes = file::to_bytes(self.variant, table);
        std::fs::write(dir.join(file::file_name(self.variant, slice)), &bytes)?;
        Ok(bytes.len() as u64)
    }

    /// Loads every table of `variant` found in `dir` (files named as
    /// [`file::file_name`] names them; others are left alone).
    pub fn load(variant: &Variant, dir: &Path) -> Result<Endgames, LoadError> {
        if !supports(variant) {
            return Err(LoadError::Unsupported(variant.name.to_string()));
        }
        let io = |path: &Path| {
            let path = path.display().to_string();
            move |source| LoadError::Io { path, source }
        };
        let mut out = Endgames::new(variant);
        let prefix = format!("{}-", variant.name);
        for entry in std::fs::read_dir(dir).map_err(io(dir))? {
            let path = entry.map_err(io(dir))?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !name.starts_with(&prefix) || !name.ends_with(".wdl") {
                continue;
            }
            let bytes = std::fs::read(&path).map_err(io(&path))?;
            let table = file::from_bytes(variant, &bytes).map_err(|source| LoadError::Table {
                path: path.display().to_string(),
                source,
            })?;
            out.insert(table);
        }
        Ok(out)
    }

    /// The number of positions (indices) of all held tables.
    pub fn positions(&self) -> u64 {
        self.tables.values().map(Table::len).sum()
    }

    /// Whether both sides of `pos` have pieces and its slice is held.
    pub fn holds(&self, pos: &Position) -> bool {
        Color::ALL.iter().all(|&c| !pos.pieces(c).is_empty())
            && self.tables.contains_key(&Slice::of(pos))
    }
}
