//! Bit masks of board squares: `u64` for the boards up to 10×10, `u128` for 12×12.
//!
//! The move generator, the search and the draw rules are written once over [`Mask`]; each
//! [`Geometry`](crate::geometry::Geometry) names the width its board needs, so the small
//! boards keep their 64-bit code.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// An unsigned integer used as a set of bit indices.
pub(crate) trait Mask:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The empty set.
    const ZERO: Self;
    /// The set of bit 0.
    const ONE: Self;

    /// The lowest bit index in the set (`BITS` when empty).
    fn lowest(self) -> u32;
    /// Number of bits in the set.
    fn count(self) -> u32;
    /// The set without its lowest bit.
    fn without_lowest(self) -> Self;
    /// The set as a `u128`.
    fn wide(self) -> u128;
    /// A `u128` cut to this width (the caller knows the high bits are zero).
    fn narrow(wide: u128) -> Self;

    /// Whether the set holds any bit.
    #[inline(always)]
    fn any(self) -> bool {
        self != Self::ZERO
    }

    /// Whether the set is empty.
    #[inline(always)]
    fn none(self) -> bool {
        self == Self::ZERO
    }

    /// The set of one bit index.
    #[inline(always)]
    fn bit(index: u32) -> Self {
        Self::ONE << index
    }

    /// Whether bit `index` is in the set.
    #[inline(always)]
    fn has(self, index: u32) -> bool {
        (self >> index) & Self::ONE == Self::ONE
    }
}

macro_rules! mask_impl {
    ($t:ty) => {
        impl Mask for $t {
            const ZERO: $t = 0;
            const ONE: $t = 1;

            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }

            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn without_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }

            #[inline(always)]
            fn wide(self) -> u128 {
                self as u128
            }

            #[inline(always)]
            fn narrow(wide: u128) -> $t {
                wide as $t
            }
        }
    };
}

mask_impl!(u64);
mask_impl!(u128);

/// Iterates over the bit indices of a set, lowest first.
#[inline(always)]
pub(crate) fn bits<B: Mask>(mut set: B) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if set.none() {
            return None;
        }
        let i = set.lowest();
        set = set.without_lowest();
        Some(i)
    })
}
