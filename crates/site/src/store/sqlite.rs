//! The SQLite store: one file, created and migrated at start, in WAL mode so that readers
//! never wait for the writer, and every acknowledged move is in the file before the answer
//! goes out (a killed server loses nothing it acknowledged).

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqlitePool};

use super::StoreError;
use super::schema::migrations;
use super::sql::SqlStore;

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
    /// again for up to `START_TIMEOUT`.
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

impl SqlStore for SqliteStore {
    type Db = Sqlite;

    fn pool(&self) -> &SqlitePool {
        &self.pool
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
    for (i, sql) in migrations("INTEGER").enumerate().skip(version as usize) {
        sqlx::raw_sql(&sql).execute(&mut *tx).await?;
        sqlx::raw_sql(&format!("PRAGMA user_version = {}", i + 1))
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::suite;

    /// A private in-memory database.
    async fn memory(_name: &str) -> SqliteStore {
        SqliteStore::open(":memory:").await.unwrap()
    }

    suite::store_tests!(memory);

    #[tokio::test]
    async fn of_two_moves_for_one_turn_one_is_stored() {
        let dir = std::env::temp_dir().join(format!("scoresheet-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("race.sqlite3");
        let _ = std::fs::remove_file(&path);
        let store = SqliteStore::open(path.to_str().unwrap()).await.unwrap();
        suite::of_two_moves_for_one_turn_one_is_stored(std::sync::Arc::new(store)).await;
    }
}
