//! Zobrist keys: a 64-bit hash of a position, kept up to date move by move.
//!
//! Each (piece kind, bit index) pair and the side to move get a fixed pseudo-random key; the
//! hash of a position is the exclusive or of the keys of what is on the board. The keys are
//! made at compile time by splitmix64, so hashes are the same in every run.

use crate::bits::Bits;
use crate::color::Color;
use crate::mask::Mask;
use crate::move_buf::Raw;

/// splitmix64's increment of its state.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// splitmix64's output for the state `x`: `x` advanced by [`GAMMA`], then mixed. Also the
/// search's source of reproducible random numbers.
pub(crate) const fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The keys: bits 0 to 63 of each kind in the order they were first made (so that hashes of
/// the boards up to 10×10 did not change when 12×12 came), then bits 64 to 127.
const fn make_keys() -> [[u64; 128]; 4] {
    let mut keys = [[0u64; 128]; 4];
    let mut state = 0x5C0E_5EE7_D4A9_6475u64;
    let mut half = 0;
    while half < 2 {
        let mut kind = 0;
        while kind < 4 {
            let mut bit = 0;
            while bit < 64 {
                keys[kind][64 * half + bit] = splitmix(state);
                state = state.wrapping_add(GAMMA);
                bit += 1;
            }
            kind += 1;
        }
        half += 1;
    }
    keys
}

/// Keys of white men, white kings, black men, black kings, by bit index.
static KEYS: [[u64; 128]; 4] = make_keys();

/// Key of Black to move.
const BLACK_TO_MOVE: u64 = 0x8F1B_BCDC_3A5E_26D1;

#[inline(always)]
fn kind(color: Color, king: bool) -> usize {
    (match color {
        Color::White => 0,
        Color::Black => 2,
    }) + usize::from(king)
}

#[inline(always)]
fn fold<B: Mask>(mut set: B, keys: &[u64; 128]) -> u64 {
    let mut h = 0;
    while set.any() {
        h ^= keys[set.lowest() as usize];
        set = set.without_lowest();
    }
    h
}

/// The hash of a position, computed from scratch.
pub(crate) fn hash<B: Mask>(b: &Bits<B>) -> u64 {
    let mut h = fold(b.white & !b.kings, &KEYS[0])
        ^ fold(b.white & b.kings, &KEYS[1])
        ^ fold(b.black & !b.kings, &KEYS[2])
        ^ fold(b.black & b.kings, &KEYS[3]);
    if b.side == Color::Black {
        h ^= BLACK_TO_MOVE;
    }
    h
}

/// The hash after `m` is played in `before`, whose hash is `h`.
#[inline]
pub(crate) fn after<B: Mask>(h: u64, before: &Bits<B>, m: &Raw<B>) -> u64 {
    let side = before.side;
    let was_king = before.kings.has(u32::from(m.from));
    let mut h = h ^ BLACK_TO_MOVE;
    h ^= KEYS[kind(side, was_king)][m.from as usize];
    h ^= KEYS[kind(side, was_king || m.crown)][m.to as usize];
    if m.captured.any() {
        let opp = !side;
        h ^= fold(m.captured & !before.kings, &KEYS[kind(opp, false)]);
        h ^= fold(m.captured & before.kings, &KEYS[kind(opp, true)]);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use crate::geometry::with_geometry;
    use crate::move_buf::MoveBuf;
    use crate::movegen::{Rules, generate, play};
    use crate::variant::Variant;

    /// Along a deterministic walk of each variant, the incremental hash equals the hash from
    /// scratch.
    #[test]
    fn incremental_matches_scratch() {
        for v in Variant::ALL {
            with_geometry!(v.size, G => walk::<G>(v));
        }
    }

    fn walk<G: crate::geometry::Geometry>(v: Variant) {
        let mut b = Position::start(v).bits_in::<G>();
        let r = Rules::of(&v);
        let mut h = hash(&b);
        let mut buf = MoveBuf::default();
        for ply in 0..200u64 {
            generate::<G, false>(&b, &r, &mut buf);
            if buf.moves.is_empty() {
                break;
            }
            let m = buf.moves[(ply.wrapping_mul(7919) % buf.moves.len() as u64) as usize];
            h = after(h, &b, &m);
            play(&mut b, &m);
            assert_eq!(h, hash(&b), "{} ply {ply}", v.name);
            assert_eq!(h, hash(&b.cast::<u128>()), "{} ply {ply}", v.name);
        }
    }
}
