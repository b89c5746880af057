//! One slice's values, two bits a position, and their distances to conversion, a byte a
//! position.

use crate::position::Position;
use crate::square::BoardSize;

use super::index::{Indexer, Slice};
use super::wdl::Wdl;

/// The values of every position of one slice on one board, four to a byte (bits `2i` and
/// `2i + 1` of byte `n / 4` hold position `n = 4 · (n / 4) + i`), and each position's
/// distance to conversion (see [`Table::plies`]), a byte each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    size: BoardSize,
    slice: Slice,
    len: u64,
    indexer: Indexer,
    bytes: Vec<u8>,
    plies: Vec<u8>,
}

impl Table {
    /// A table of `slice` on `size` whose every position is a draw.
    pub fn new(size: BoardSize, slice: Slice) -> Table {
        let indexer = Indexer::new(size, slice);
        let len = indexer.len();
        Table {
            size,
            slice,
            len,
            indexer,
            bytes: vec![0; Table::bytes_for(len)],
            plies: vec![0; len as usize],
        }
    }

    /// The bytes that the values of `len` positions take.
    pub fn bytes_for(len: u64) -> usize {
        len.div_ceil(4) as usize
    }

    /// A table from its stored values, which must be [`Table::bytes_for`] the slice's
    /// length, and distances, one a position.
    pub(crate) fn from_bytes(
        size: BoardSize,
        slice: Slice,
        bytes: Vec<u8>,
        plies: Vec<u8>,
    ) -> Option<Table> {
        let indexer = Indexer::new(size, slice);
        let len = indexer.len();
        (bytes.len() == Table::bytes_for(len) && plies.len() as u64 == len).then_some(Table {
            size,
            slice,
            len,
            indexer,
            bytes,
            plies,
        })
    }

    /// The board.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The slice held.
    pub fn slice(&self) -> Slice {
        self.slice
    }

    /// The number of indices.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the table has no index.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The numbering of the slice's positions.
    pub fn indexer(&self) -> &Indexer {
        &self.indexer
    }

    /// The stored values, four to a byte.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The stored distances, one byte a position.
    pub fn plies_bytes(&self) -> &[u8] {
        &self.plies
    }

    /// The value at `index`.
    pub fn get(&self, index: u64) -> Wdl {
        let byte = self.bytes[(index / 4) as usize];
        Wdl::from_code(byte >> (2 * (index % 4)))
    }

    /// Sets the value at `index`.
    pub fn set(&mut self, index: u64, value: Wdl) {
        let shift = 2 * (index % 4);
        let byte = &mut self.bytes[(index / 4) as usize];
        *byte = (*byte & !(3 << shift)) | (value.code() << shift);
    }

    /// The distance to conversion at `index`: of a won position, the plies to the capture
    /// or crowning that leaves the slice's material when the winner hurries and the loser
    /// holds out (1 when the move itself captures or crowns); of a lost position, the same
    /// seen from the loser (0 when it has no move); 0 for a draw. At most 255: a longer
    /// distance is stored as 255.
    pub fn plies(&self, index: u64) -> u8 {
        self.plies[index as usize]
    }

    /// Sets the distance at `index`.
    pub fn set_plies(&mut self, index: u64, plies: u8) {
        self.plies[index as usize] = plies;
    }

    /// The value of `pos`, when it is of this table's slice and board.
    pub fn probe(&self, pos: &Position) -> Option<Wdl> {
        self.probe_plies(pos).map(|(value, _)| value)
    }

    /// The value of `pos` and its distance to conversion ([`Table::plies`]), when it is of
    /// this table's slice and board.
    pub fn probe_plies(&self, pos: &Position) -> Option<(Wdl, u8)> {
        let index = self.indexer.index(pos)?;
        Some((self.get(index), self.plies(index)))
    }
}
