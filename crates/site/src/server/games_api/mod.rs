//! Games played on the site: create, join, move, resign, offer and accept draws, ask for a
//! rematch, follow live (server-sent events), download as PDN, open on the analysis board
//! once finished. One file a concern; within the folder, dependencies point one way:
//!
//! - handlers: [`create`], [`seats`], [`moves`], [`endings`], [`rematch`], [`follow`],
//!   [`export`], [`analysed`] (a finished game's computer analysis);
//! - the computer's turn: [`computer`];
//! - what they share: [`turns`] (a move stored in turn), [`timer`] (the clock's timer),
//!   [`load`] (a game read from the store), [`news`] (telling followers), [`info`] (the game
//!   as pages see it), [`players`] (secrets and roles), [`record`] (a game read as a
//!   record).

pub mod analysed;
pub mod computer;
pub mod create;
pub mod endings;
pub mod export;
pub mod follow;
pub mod info;
pub mod load;
pub mod moves;
pub mod news;
pub mod players;
pub mod record;
pub mod rematch;
pub mod seats;
pub mod timer;
pub mod turns;
#[cfg(test)]
mod write_faults;
