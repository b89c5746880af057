//! Where games played on the site are kept: one small interface ([`Store`]) with SQLite
//! behind it by default ([`SqliteStore`]); another database (PostgreSQL for many server
//! instances) is another implementation of the same trait.
//!
//! Both databases run the same SQL (`sql`) on the same tables (`schema`); each store's
//! file keeps only what differs: connecting, how the schema's version is kept, and
//! PostgreSQL's announcements to other processes.

mod postgres;
mod rows;
mod schema;
mod sql;
mod sqlite;
#[cfg(test)]
pub(crate) mod suite;
#[cfg(test)]
pub(crate) mod test_store;

pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;

use std::pin::Pin;

use futures_util::Stream;

use async_trait::async_trait;
use games::{Rules, TimeControl};
use serde::Serialize;

use crate::models::{Ending, GameMode, GameStatus, Level, Side};

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoredGame {
    pub id: String,
    /// The rules (a text column: their name, `american`, `chess`, ...).
    #[serde(with = "crate::models::rules")]
    pub rules: Rules,
    /// On one device, against the computer, or with a friend.
    pub mode: GameMode,
    /// The computer's level in `computer` mode.
    pub level: Option<Level>,
    /// The colour the computer plays in `computer` mode.
    pub computer: Option<Side>,
    pub start_fen: String,
    /// Waiting (a friend's seat is free), ongoing or finished.
    pub status: GameStatus,
    /// The result string in the rules' convention, once finished.
    pub result: Option<String>,
    /// Why it ended: `no-moves`, `checkmate`, `resigned`, `agreed`, `repetition`, a draw rule.
    pub reason: Option<String>,
    /// The side that offers a draw, if one does.
    pub draw_offer: Option<Side>,
    pub white_name: Option<String>,
    pub black_name: Option<String>,
    #[serde(skip)]
    pub white_secret: Option<String>,
    #[serde(skip)]
    pub black_secret: Option<String>,
    /// The visitor (browser) that created the game, to list "your games".
    #[serde(skip)]
    pub creator: Option<String>,
    /// The visitor that took the friend's seat.
    #[serde(skip)]
    pub guest: Option<String>,
    pub plies: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// The time control as the `TimeControl` tag writes it (`300+3`, `1/60`); `None`:
    /// no clock.
    pub time_control: Option<String>,
    /// The clocks of a game with a time control: each side's time left (milliseconds) when
    /// the clock last changed hands, and since when the side to move's clock runs (`None`
    /// before the first move).
    pub white_ms: Option<i64>,
    pub black_ms: Option<i64>,
    pub clock_at: Option<i64>,
    /// The game offered as this one's rematch.
    pub rematch: Option<String>,
    /// The hash of the one secret that may take the free seat: a friend game's rematch keeps
    /// it for the friend, who takes it with their secret of the game before. `None`: the
    /// seat goes to whoever has the link.
    #[serde(skip)]
    pub seat_for: Option<String>,
    /// An open game: listed in the lobby (while it waits, for [`LOBBY_TTL_MS`]) for any
    /// visitor to take.
    pub listed: bool,
}

/// How long an open game stays in the lobby, in milliseconds: a seek nobody took in ten
/// minutes is gone (its link still lets a friend take the seat).
pub const LOBBY_TTL_MS: i64 = 10 * 60 * 1000;

impl StoredGame {
    /// A game not begun, from `start_fen`, made by visitor `creator`: ongoing, nobody seated,
    /// no clock.
    pub fn new(
        id: String,
        rules: Rules,
        mode: GameMode,
        start_fen: String,
        creator: Option<String>,
    ) -> StoredGame {
        StoredGame {
            id,
            rules,
            mode,
            level: None,
            computer: None,
            start_fen,
            status: GameStatus::Ongoing,
            result: None,
            reason: None,
            draw_offer: None,
            white_name: None,
            black_name: None,
            white_secret: None,
            black_secret: None,
            creator,
            guest: None,
            plies: 0,
            created_at: 0,
            updated_at: 0,
            time_control: None,
            white_ms: None,
            black_ms: None,
            clock_at: None,
            rematch: None,
            seat_for: None,
            listed: false,
        }
    }

    /// Seats the holder of the secret whose hash is `hashed` on `side`.
    pub fn seat(&mut self, side: Side, hashed: &str) {
        let seat = match side {
            Side::White => &mut self.white_secret,
            Side::Black => &mut self.black_secret,
        };
        *seat = Some(hashed.to_string());
    }

    /// Gives the game the clocks of `control`, each side's time full.
    pub fn start_clocks(&mut self, control: TimeControl) {
        self.time_control = Some(control.to_string());
        self.white_ms = Some(control.start_ms());
        self.black_ms = Some(control.start_ms());
    }
}

/// A game's clocks after a move, as [`Store::append_move`] stores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockRow {
    pub white_ms: i64,
    pub black_ms: i64,
    /// When the next side's clock started (milliseconds since 1970).
    pub at: i64,
}

/// A move as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct StoredMove {
    /// 0-based ply number.
    pub ply: i64,
    /// The move id (draughts full numeric path, chess UCI).
    #[serde(rename = "move")]
    pub mv: String,
    /// The move in the rules' notation.
    pub text: String,
    /// The position after it.
    pub fen: String,
    /// In a game with a clock, the mover's time left after the move (milliseconds).
    pub clock_ms: Option<i64>,
}

/// An analysis saved to be shared: a pasted game (with its side lines and comments) or a
/// position, as PDN/PGN text under its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAnalysis {
    pub id: String,
    /// The rules (a text column: their name, `american`, `chess`, ...).
    pub rules: Rules,
    /// The game tree as PDN (PGN for chess).
    pub text: String,
    /// The visitor who saved it.
    pub creator: Option<String>,
    pub created_at: i64,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    /// The result in the rules' convention (`1-0`, `2-0`, `1/2-1/2`).
    pub result: String,
    /// Why (stored as its text in the `reason` column).
    pub reason: Ending,
}

/// A store error. Refusals (a turn already taken, a seat already taken) are not errors but
/// `false` answers.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database cannot be reached now: the connection was refused or lost, the server is
    /// shutting down or starting, or no connection came free in time. Worth trying again.
    #[error("database unavailable: {0}")]
    Unavailable(#[source] sqlx::Error),
    /// The database failed otherwise: it refused a statement (an id given twice), or holds a
    /// row that does not read (a column of an unknown value).
    #[error("database: {0}")]
    Database(#[source] sqlx::Error),
    /// The system gave no randomness for the store's mark on its announcements.
    #[error("database: no system randomness: {0}")]
    Randomness(#[source] getrandom::Error),
}

impl From<sqlx::Error> for StoreError {
    /// [`StoreError::Unavailable`] for the errors of a database out of reach (an I/O error,
    /// no connection in time, PostgreSQL's connection exceptions, class 08, and its
    /// shutting down or starting, 57P01 to 57P03); [`StoreError::Database`] else.
    fn from(e: sqlx::Error) -> StoreError {
        let out_of_reach = match &e {
            sqlx::Error::Io(_)
            | sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::WorkerCrashed
            | sqlx::Error::Tls(_) => true,
            sqlx::Error::Database(d) => d.code().is_some_and(|c| {
                c.starts_with("08") || matches!(c.as_ref(), "57P01" | "57P02" | "57P03")
            }),
            _ => false,
        };
        if out_of_reach {
            StoreError::Unavailable(e)
        } else {
            StoreError::Database(e)
        }
    }
}

/// The operations the site needs. Every write that a player's request makes is durable when
/// the call returns.
#[async_trait]
pub trait Store: Send + Sync {
    /// Stores a new game.
    async fn create_game(&self, game: &StoredGame) -> Result<(), StoreError>;
    /// A game by id.
    async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;
    /// A game's moves, in order.
    async fn moves(&self, id: &str) -> Result<Vec<StoredMove>, StoreError>;
    /// Appends `mv` as ply `mv.ply` if the game is ongoing and has exactly that many moves
    /// (so of two moves sent for the same turn only one is stored), clears any draw offer,
    /// and finishes the game if `finish` says so. A game with a clock gets its clocks after
    /// the move (`clock`) in the same write. `false` when the turn was already taken.
    async fn append_move(
        &self,
        id: &str,
        mv: &StoredMove,
        finish: Option<&Finish>,
        clock: Option<&ClockRow>,
    ) -> Result<bool, StoreError>;
    /// Gives the free seat of a friend game to a visitor: `false` if it was taken.
    async fn take_seat(
        &self,
        id: &str,
        color: Side,
        secret: &str,
        visitor: &str,
        name: Option<&str>,
    ) -> Result<bool, StoreError>;
    /// Ends an ongoing game that has `plies` moves (resignation, agreed draw, a flag):
    /// `false` if the game moved on or had already ended. `clock`, for a game with a clock,
    /// is its clocks stopped at the end (the side to move charged its thinking time).
    async fn finish(
        &self,
        id: &str,
        plies: i64,
        finish: &Finish,
        clock: Option<&ClockRow>,
    ) -> Result<bool, StoreError>;
    /// Records `rematch` as the rematch of finished game `id`, if it has none: `false` when
    /// another was recorded first.
    async fn set_rematch(&self, id: &str, rematch: &str) -> Result<bool, StoreError>;
    /// Records or withdraws a draw offer of an ongoing game.
    async fn set_draw_offer(&self, id: &str, by: Option<Side>) -> Result<(), StoreError>;
    /// The most recently finished games.
    async fn recent_finished(&self, limit: i64) -> Result<Vec<StoredGame>, StoreError>;
    /// Finished games after `(updated_at, id)` in the order of their last change, then of
    /// their ids, at most `limit`: what the games database takes in, a batch at a time.
    async fn finished_after(
        &self,
        updated_at: i64,
        id: &str,
        limit: i64,
    ) -> Result<Vec<StoredGame>, StoreError>;
    /// The open games waiting for a player that were created after `since` (milliseconds),
    /// the newest first, at most `limit`: the lobby.
    async fn open_games(&self, since: i64, limit: i64) -> Result<Vec<StoredGame>, StoreError>;
    /// The games a visitor created or joined, most recent first.
    async fn games_of(&self, visitor: &str, limit: i64) -> Result<Vec<StoredGame>, StoreError>;

    /// Keeps an analysis (its id is new).
    async fn save_analysis(&self, a: &StoredAnalysis) -> Result<(), StoreError>;
    /// A saved analysis, if there is one with this id.
    async fn analysis(&self, id: &str) -> Result<Option<StoredAnalysis>, StoreError>;
    /// The bytes of text (UTF-8) of every saved analysis together: what the budget of
    /// `serve --analyses-budget` counts.
    async fn analysis_bytes(&self) -> Result<u64, StoreError>;

    /// Keeps a full-game computer analysis (JSON) under `key`; a key kept already keeps its
    /// first analysis.
    async fn save_computer_analysis(
        &self,
        key: &str,
        rules: games::Rules,
        json: &str,
    ) -> Result<(), StoreError>;
    /// The full-game computer analysis kept under `key` (JSON), if there is one.
    async fn computer_analysis(&self, key: &str) -> Result<Option<String>, StoreError>;

    /// Tells the other server processes that share this store that game `id` changed
    /// (PostgreSQL's `NOTIFY`). Nothing to do for a store that one process uses alone.
    async fn announce(&self, id: &str) -> Result<(), StoreError> {
        let _ = id;
        Ok(())
    }

    /// The changes that other processes announce (PostgreSQL's `LISTEN`), for the players
    /// this process serves; `None` for a store that one process uses alone.
    async fn changes(&self) -> Result<Option<Changes>, StoreError> {
        Ok(None)
    }
}

/// What another process announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Game `id` changed.
    Game(String),
    /// Announcements may have been missed (the connection to the database was made again):
    /// any game may have changed.
    Missed,
}

/// The changes other processes announce, as [`Store::changes`] gives them.
pub type Changes = Pin<Box<dyn Stream<Item = Change> + Send>>;

/// Milliseconds since 1970: how the stores date games (`created_at`, `updated_at`).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Opens the store that `database` names: a PostgreSQL database for a `postgres://` or
/// `postgresql://` URL, else a SQLite file (created if missing).
pub async fn open(database: &str) -> Result<std::sync::Arc<dyn Store>, StoreError> {
    if database.starts_with("postgres://") || database.starts_with("postgresql://") {
        Ok(std::sync::Arc::new(PostgresStore::open(database).await?))
    } else {
        Ok(std::sync::Arc::new(SqliteStore::open(database).await?))
    }
}
