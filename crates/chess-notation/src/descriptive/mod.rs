//! Descriptive notation, Spanish and English: squares named from the moving side's point of
//! view, move patterns that several legal moves may fit, and the writer that looks for the
//! shortest text naming exactly one move.
//!
//! A file is named after the piece that starts on it (the same name for
//! both sides); a rank is counted from the moving side's first rank. A
//! descriptive word is read into a [`Pattern`], which the legal moves of the
//! position are matched against; the words of a line are then resolved with
//! lookahead (see `line.rs`).
//!
//! The files, each using only those before it: `pattern.rs` (a word read without the
//! position), `origins.rs` (where each piece started), `fitting.rs` (the legal moves a
//! pattern fits, and the shortest text naming one), `english.rs` and `spanish.rs` (each
//! system's reader and writer), `read.rs` (a word of either system, and its errors).

mod fitting;
mod origins;
mod pattern;
mod read;

pub(crate) mod english;
pub(crate) mod spanish;

pub use origins::Origins;
pub use read::descriptive_candidates;

pub(crate) use fitting::fitting_in;
pub(crate) use pattern::Pattern;
pub(crate) use read::{no_fit, parse, syntax};
