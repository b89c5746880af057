//! Moves in the generator's bit layout, and the buffers the generator fills with them: one for
//! each mask width.

use crate::mask::Mask;

/// A move in bit layout. `path_start..path_start + path_len` indexes the landing squares
/// (bit indices) in [`MoveBuf::paths`] when paths were asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Raw<B> {
    pub from: u8,
    pub to: u8,
    pub crown: bool,
    pub path_len: u8,
    pub path_start: u32,
    pub captured: B,
}

/// Moves and the landing squares of captures.
#[derive(Clone, Debug)]
pub(crate) struct MoveBuf<B> {
    pub moves: Vec<Raw<B>>,
    pub paths: Vec<u8>,
}

impl<B> Default for MoveBuf<B> {
    fn default() -> Self {
        MoveBuf {
            moves: Vec::new(),
            paths: Vec::new(),
        }
    }
}

impl<B> MoveBuf<B> {
    pub fn clear(&mut self) {
        self.moves.clear();
        self.paths.clear();
    }

    pub fn path(&self, m: &Raw<B>) -> &[u8] {
        &self.paths[m.path_start as usize..m.path_start as usize + m.path_len as usize]
    }
}

/// Move buffers of both widths, for callers that reach the generator through a
/// [`Position`](crate::Position) of any board.
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveBufs {
    pub narrow: MoveBuf<u64>,
    pub wide: MoveBuf<u128>,
}

/// A mask type with its buffer in [`MoveBufs`].
pub(crate) trait Buffered: Mask {
    /// The buffer of this width.
    fn pick(bufs: &mut MoveBufs) -> &mut MoveBuf<Self>;
}

impl Buffered for u64 {
    fn pick(bufs: &mut MoveBufs) -> &mut MoveBuf<u64> {
        &mut bufs.narrow
    }
}

impl Buffered for u128 {
    fn pick(bufs: &mut MoveBufs) -> &mut MoveBuf<u128> {
        &mut bufs.wide
    }
}
