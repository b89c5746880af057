//! What the games crate's example programs that learn from game files share.

// Each program uses a part of it.
#![allow(dead_code)]

pub mod draughts_games;
