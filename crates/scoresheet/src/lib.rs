//! scoresheet as a library: the pieces the `scoresheet` binary wires together.
//!
//! - [`games`]: games read from PDN text and replayed under the rules of their variant, and
//!   written back in any notation.
//! - [`columnar`] (feature `parquet`): games as Parquet and Arrow tables.

#[cfg(feature = "parquet")]
pub mod columnar;
pub mod engine;
pub mod games;
pub mod render;
pub mod server;
pub mod store;
