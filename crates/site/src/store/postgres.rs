//! The PostgreSQL store: one database that several server processes share. Every write that
//! a player's request makes is committed before the answer goes out; a move is stored only
//! if the game still has the number of moves the mover saw (the compare-and-set is in the
//! database, so of two moves sent at once to two processes one is stored). A change is
//! announced to the other processes with `NOTIFY`; each listens (`LISTEN`) and sends the
//! new state to the players it serves (see [`Store::changes`]).

use std::time::Duration;

use async_trait::async_trait;
use sqlx::Postgres;
use sqlx::postgres::{PgListener, PgPool, PgPoolOptions};

use super::schema::migrations;
use super::sql::SqlStore;
use super::{Change, Changes, StoreError};

/// The channel the processes announce changed games on.
const CHANNEL: &str = "scoresheet_games";

/// Games in a PostgreSQL database.
#[derive(Clone, Debug)]
pub struct PostgresStore {
    pool: PgPool,
    /// This store's mark on its announcements, so that it does not act on its own.
    origin: String,
}

#[async_trait]
impl SqlStore for PostgresStore {
    type Db = Postgres;

    fn pool(&self) -> &PgPool {
        &self.pool
    }

    async fn notify(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(format!("{}:{id}", self.origin))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn listen(&self) -> Result<Option<Changes>, StoreError> {
        let mut listener = PgListener::connect_with(&self.pool).await?;
        listener.listen(CHANNEL).await?;
        let origin = format!("{}:", self.origin);
        let stream = futures_util::stream::unfold(listener, move |mut listener| {
            let origin = origin.clone();
            async move {
                loop {
                    match listener.try_recv().await {
                        Ok(Some(note)) => {
                            let payload = note.payload();
                            if payload.starts_with(&origin) {
                                continue;
                            }
                            let id = payload.split_once(':').map_or(payload, |(_, id)| id);
                            return Some((Change::Game(id.to_string()), listener));
                        }
                        // The connection was lost and made again: what was announced
                        // meanwhile is lost.
                        Ok(None) => return Some((Change::Missed, listener)),
                        Err(_) => {
                            tokio::time::sleep(Duration::from_secs(1)).await;
                        }
                    }
                }
            }
        });
        Ok(Some(Box::pin(stream)))
    }
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user@host:port/database`) and brings
    /// its schema up to date. Several servers may start at once: the migration holds a lock
    /// of its own for the time it runs.
    pub async fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            // A database out of reach is said within this bound (503, try again).
            .acquire_timeout(Duration::from_secs(3))
            .connect(url)
            .await?;
        migrate(&pool).await?;
        let mut origin = [0u8; 8];
        getrandom::fill(&mut origin).map_err(StoreError::Randomness)?;
        let origin = origin.iter().map(|b| format!("{b:02x}")).collect();
        Ok(PostgresStore { pool, origin })
    }
}

/// Brings the schema up to date, in one transaction under an advisory lock (two servers that
/// start at once migrate one after the other).
async fn migrate(pool: &PgPool) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock(7239051)")
        .execute(&mut *tx)
        .await?;
    sqlx::query("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
        .execute(&mut *tx)
        .await?;
    let version: Option<i64> = sqlx::query_scalar("SELECT max(version) FROM schema_version")
        .fetch_one(&mut *tx)
        .await?;
    let version = version.unwrap_or(0);
    for (i, sql) in migrations("BIGINT").enumerate().skip(version as usize) {
        sqlx::raw_sql(&sql).execute(&mut *tx).await?;
        sqlx::query("INSERT INTO schema_version (version) VALUES ($1)")
            .bind(i as i64 + 1)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

/// A database of its own for a test, in the PostgreSQL server that
/// `SCORESHEET_TEST_POSTGRES` names (scripts/test starts one with scripts/postgres): its URL.
#[cfg(test)]
pub(crate) async fn test_database(name: &str) -> String {
    use sqlx::Connection;
    let server = std::env::var("SCORESHEET_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "SCORESHEET_TEST_POSTGRES is not set: run the tests with scripts/test, or start a \
             server with scripts/postgres and set it to the URL it prints"
        )
    });
    let database = format!("t_{}_{name}", std::process::id());
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    sqlx::raw_sql(&format!("DROP DATABASE IF EXISTS {database}"))
        .execute(&mut admin)
        .await
        .unwrap();
    sqlx::raw_sql(&format!("CREATE DATABASE {database}"))
        .execute(&mut admin)
        .await
        .unwrap();
    let (base, _) = server.rsplit_once('/').expect("a URL with a database");
    format!("{base}/{database}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Store, suite};
    use futures_util::StreamExt;
    use std::sync::Arc;

    async fn store(name: &str) -> PostgresStore {
        PostgresStore::open(&test_database(name).await)
            .await
            .unwrap()
    }

    suite::store_tests!(store);

    #[tokio::test]
    async fn of_two_moves_for_one_turn_one_is_stored() {
        suite::of_two_moves_for_one_turn_one_is_stored(Arc::new(store("race").await)).await;
    }

    /// Two stores on one database (two server processes): each hears what the other
    /// announces, not what it announces itself; both migrate the database at once safely.
    #[tokio::test]
    async fn a_change_is_heard_by_the_other_process() {
        let url = test_database("notify").await;
        let (a, b) = tokio::join!(PostgresStore::open(&url), PostgresStore::open(&url));
        let (a, b) = (a.unwrap(), b.unwrap());
        let mut heard_by_a = a.changes().await.unwrap().unwrap();
        let mut heard_by_b = b.changes().await.unwrap().unwrap();
        a.announce("g1").await.unwrap();
        b.announce("g2").await.unwrap();
        let five = Duration::from_secs(5);
        let by_b = tokio::time::timeout(five, heard_by_b.next()).await.unwrap();
        let by_a = tokio::time::timeout(five, heard_by_a.next()).await.unwrap();
        assert_eq!(by_b, Some(Change::Game("g1".into())));
        assert_eq!(by_a, Some(Change::Game("g2".into())));
        // Nothing more: neither heard its own announcement.
        let quiet = tokio::time::timeout(Duration::from_millis(300), heard_by_a.next()).await;
        assert!(quiet.is_err(), "{quiet:?}");
    }
}
