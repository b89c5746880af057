//! The scoresheet web site, as a library the `scoresheet serve` command starts.
//!
//! - [`server`]: the HTTP server, its pages and JSON API, live games and clocks.
//! - [`store`]: where games played on the site are kept (SQLite by default, PostgreSQL).
//! - [`engine`]: analysis of positions and the computer's moves (the draughts search,
//!   Stockfish for chess).
//!
//! Games are read, replayed and written by the `games` crate; this crate wires them to people
//! over HTTP.

pub mod engine;
pub mod models;
pub mod server;
pub mod store;
