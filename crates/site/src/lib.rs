//! The scoresheet web site, as a library the `scoresheet serve` command starts.
//!
//! - [`server`]: the HTTP server, its pages and JSON API, live games and clocks.
//! - [`store`]: where games played on the site are kept (SQLite by default, PostgreSQL).
//! - [`engine`]: analysis of positions and the computer's moves (the draughts search,
//!   Stockfish for chess).
//! - [`models`]: the values the JSON API, the store's rows and the OpenAPI description share
//!   (a game's mode and status, sides, levels, ...), each spelled once.
//!
//! Dependencies point one way: `server` uses `store`, `engine` and `models`; `store` uses
//! `models`; `models` and `engine` use neither.
//!
//! Games are read, replayed and written by the `games` crate; this crate wires them to people
//! over HTTP.

pub mod engine;
pub mod models;
pub mod server;
pub mod store;

/// The comment stripping build.rs applies to the static files, tested here.
#[cfg(test)]
#[path = "../build/comments.rs"]
mod build_comments;
