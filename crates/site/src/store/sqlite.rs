//! The SQLite store: one file, created and migrated at start, in WAL mode so that readers
//! never wait for the writer, and every acknowledged move is in the file before the answer
//! goes out (a killed server loses nothing it acknowledged).

use std::str::FromStr;
use std::time::Duration;

use async_trait::async_trait;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqlitePool};

use super::StoreError;
use super::sql::SqlStore;

/// The schema, by version: each entry upgrades from the previous version.
const MIGRATIONS: &[&str] = &[
    // 1: games and their moves.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        rules TEXT NOT NULL,
        mode TEXT NOT NULL,
        level TEXT,
        computer TEXT,
        start_fen TEXT NOT NULL,
        status TEXT NOT NULL,
        result TEXT,
        reason TEXT,
        draw_offer TEXT,
        white_name TEXT,
        black_name TEXT,
        white_secret TEXT,
        black_secret TEXT,
        creator TEXT,
        guest TEXT,
        plies INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
     );
     CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        move TEXT NOT NULL,
        text TEXT NOT NULL,
        fen TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
     );
     CREATE INDEX games_finished ON games(status, updated_at);
     CREATE INDEX games_creator ON games(creator, updated_at);
     CREATE INDEX games_guest ON games(guest, updated_at);",
    // 2: analyses saved to be shared.
    "CREATE TABLE analyses (
        id TEXT PRIMARY KEY,
        rules TEXT NOT NULL,
        text TEXT NOT NULL,
        creator TEXT,
        created_at INTEGER NOT NULL
     );",
    // 3: clocks (the time control, each side's time, since when the side to move thinks;
    // the mover's time after each move) and the rematch offered after a game.
    "ALTER TABLE games ADD COLUMN time_control TEXT;
     ALTER TABLE games ADD COLUMN white_ms INTEGER;
     ALTER TABLE games ADD COLUMN black_ms INTEGER;
     ALTER TABLE games ADD COLUMN clock_at INTEGER;
     ALTER TABLE games ADD COLUMN rematch TEXT;
     ALTER TABLE moves ADD COLUMN clock_ms INTEGER;",
];

/// Games in a SQLite file.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pool: SqlitePool,
}

impl SqliteStore {
    /// Opens (creating if needed) the database file at `path` and brings its schema up to
    /// date. `:memory:` gives a private in-memory database.
    ///
    /// Several servers may start at once on one file: the file is switched to WAL and
    /// migrated once, on a connection of its own, before the pool opens (a pool opens
    /// connections concurrently, and two connections switching a fresh file to WAL at once
    /// make one fail at once with "database is locked", whatever the busy timeout); the
    /// migration takes the write lock first (`BEGIN IMMEDIATE`), and a busy database is tried
    /// again for up to [`START_TIMEOUT`].
    pub async fn open(path: &str) -> Result<SqliteStore, StoreError> {
        let memory = path == ":memory:";
        let url = if memory {
            "sqlite::memory:".to_string()
        } else {
            format!("sqlite://{path}")
        };
        let mut options = SqliteConnectOptions::from_str(&url)?
            .create_if_missing(true)
            // WAL with NORMAL: a commit is in the log file (the OS has it) when it returns, so
            // killing the server loses nothing; only a power cut could lose the last commits.
            .synchronous(SqliteSynchronous::Normal)
            // On every connection, the set-up one and the pool's.
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true)
            // Checkpoints run in the background (below), not inside a player's commit.
            .pragma("wal_autocheckpoint", if memory { "1000" } else { "0" })
            // After the log starts over, its file is cut back to 16 MB.
            .pragma("journal_size_limit", "16777216");
        if memory {
            options = options.journal_mode(SqliteJournalMode::Memory);
        } else {
            // The journal mode is kept in the file: set once here, every connection has it.
            retry_busy(|| set_up(&options)).await?;
        }
        let checkpoints = options.clone();
        let pool = retry_busy(|| {
            SqlitePoolOptions::new()
                .max_connections(if memory { 1 } else { 4 })
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
                .connect_with(options.clone())
        })
        .await?;
        if memory {
            let mut conn = pool.acquire().await?;
            migrate(&mut conn).await?;
        } else {
            SqliteStore::start_checkpoints(checkpoints);
        }
        Ok(SqliteStore { pool })
    }

    /// Copies the write-ahead log into the database file every half second, on a connection
    /// of its own (not one of the pool's), so that no player's request waits for it or for
    /// its disk flush. `PASSIVE` checkpoints never block anyone; every two seconds, when the
    /// last `PASSIVE` one copied the whole log, a `RESTART` one, which then has nothing to
    /// copy and may hold writers back for at most 20 ms, lets the log start over, since with
    /// readers always about it would otherwise only grow. (A `RESTART` that had to copy held
    /// writers back for its disk flush: seconds on a busy disk, and writers then gave up.)
    fn start_checkpoints(options: SqliteConnectOptions) {
        tokio::spawn(async move {
            use sqlx::Connection;
            let Ok(mut conn) = sqlx::SqliteConnection::connect_with(&options).await else {
                return;
            };
            let _ = sqlx::query("PRAGMA busy_timeout = 20")
                .execute(&mut conn)
                .await;
            let mut tick = tokio::time::interval(Duration::from_millis(500));
            for n in 1u64.. {
                tick.tick().await;
                // (busy, frames in the log, frames copied into the database file)
                let passive: Option<(i64, i64, i64)> =
                    sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
                        .fetch_one(&mut conn)
                        .await
                        .ok();
                // RESTART holds writers back while it copies and flushes: only once PASSIVE
                // has copied and flushed the whole log (a slow disk then costs writers
                // nothing), so that RESTART has only the readers to wait for.
                let all_copied = passive.is_some_and(|(_, log, copied)| log > 0 && copied == log);
                if n.is_multiple_of(4) && all_copied {
                    let _ = sqlx::query("PRAGMA wal_checkpoint(RESTART)")
                        .fetch_all(&mut conn)
                        .await;
                }
            }
        });
    }
}

/// How long start-up waits for a database that other processes hold busy.
pub const START_TIMEOUT: Duration = Duration::from_secs(30);

/// Whether an error is SQLite's "database is locked" or "table is locked" (any extended code
/// of `SQLITE_BUSY` or `SQLITE_LOCKED`).
fn is_busy(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(d) => d
            .code()
            .and_then(|c| c.parse::<i32>().ok())
            .is_some_and(|c| matches!(c & 0xff, 5 | 6)),
        _ => false,
    }
}

/// Runs `attempt` again, after a growing pause, while it fails because the database is busy,
/// for up to [`START_TIMEOUT`].
async fn retry_busy<T, F, Fut>(mut attempt: F) -> Result<T, sqlx::Error>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, sqlx::Error>>,
{
    let started = std::time::Instant::now();
    let mut pause = Duration::from_millis(10);
    loop {
        match attempt().await {
            Err(e) if is_busy(&e) && started.elapsed() < START_TIMEOUT => {
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_millis(500));
            }
            other => return other,
        }
    }
}

/// Switches the file to WAL and migrates it, on one connection of its own.
async fn set_up(options: &SqliteConnectOptions) -> Result<(), sqlx::Error> {
    use sqlx::Connection;
    let mut conn = sqlx::SqliteConnection::connect_with(options).await?;
    let done = async {
        sqlx::query("PRAGMA journal_mode = WAL")
            .fetch_all(&mut conn)
            .await?;
        migrate(&mut conn).await
    }
    .await;
    let _ = conn.close().await;
    done
}

/// Brings the schema up to date in one transaction that holds the write lock from its start
/// (a deferred one, upgraded after reading the version, would fail at once with "database is
/// locked" when another server migrates the same file at the same time).
async fn migrate(conn: &mut sqlx::SqliteConnection) -> Result<(), sqlx::Error> {
    use sqlx::Connection;
    let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
    let version: i64 = sqlx::query_scalar("PRAGMA user_version")
        .fetch_one(&mut *tx)
        .await?;
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        sqlx::raw_sql(sql).execute(&mut *tx).await?;
        sqlx::raw_sql(&format!("PRAGMA user_version = {}", i + 1))
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

#[async_trait]
impl SqlStore for SqliteStore {
    type Db = Sqlite;

    fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::suite;

    #[tokio::test]
    async fn moves_take_turns() {
        suite::moves_take_turns(&SqliteStore::open(":memory:").await.unwrap()).await;
    }

    #[tokio::test]
    async fn a_seat_is_taken_once() {
        suite::a_seat_is_taken_once(&SqliteStore::open(":memory:").await.unwrap()).await;
    }

    #[tokio::test]
    async fn of_two_moves_for_one_turn_one_is_stored() {
        let dir = std::env::temp_dir().join(format!("scoresheet-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("race.sqlite3");
        let _ = std::fs::remove_file(&path);
        let store = SqliteStore::open(path.to_str().unwrap()).await.unwrap();
        suite::of_two_moves_for_one_turn_one_is_stored(std::sync::Arc::new(store)).await;
    }

    #[tokio::test]
    async fn draws_and_endings() {
        suite::draws_and_endings(&SqliteStore::open(":memory:").await.unwrap()).await;
    }

    #[tokio::test]
    async fn clocks_and_rematch() {
        suite::clocks_and_rematch(&SqliteStore::open(":memory:").await.unwrap()).await;
    }

    #[tokio::test]
    async fn analyses_are_kept() {
        suite::analyses_are_kept(&SqliteStore::open(":memory:").await.unwrap()).await;
    }
}
