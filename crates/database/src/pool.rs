//! The connection to the games database: a SQLite file or a PostgreSQL database, and the
//! one place that tells them apart. Every statement is written once, with `$1`-style
//! parameters both take, and run on either pool by [`on_pool!`].

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

use crate::error::DbError;

/// A pool of connections to either database.
#[derive(Clone, Debug)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$p` bound to the pool of whichever database `$pool` is: the same code
/// compiled for both.
macro_rules! on_pool {
    ($pool:expr, $p:ident => $body:expr) => {
        match $pool {
            $crate::pool::Pool::Sqlite($p) => $body,
            $crate::pool::Pool::Postgres($p) => $body,
        }
    };
}
pub(crate) use on_pool;

/// Which database a pool is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    Sqlite,
    Postgres,
}

impl Dialect {
    /// The parameters of a bulk statement: `rows` groups of `columns`, `(…),(…)`, numbered
    /// from 1 in order. PostgreSQL's are `$n`; SQLite's are `?`, since SQLite finds a `$n`
    /// by a walk along the statement's parameters, which makes binding a statement of
    /// thousands of them quadratic (half an import's time went there).
    ///
    /// A statement written with these takes no other parameters.
    pub(crate) fn value_rows(self, rows: usize, columns: usize) -> String {
        let mut sql = String::with_capacity(rows * columns * 6);
        let mut n = 0;
        for row in 0..rows {
            if row > 0 {
                sql.push(',');
            }
            sql.push('(');
            for column in 0..columns {
                if column > 0 {
                    sql.push(',');
                }
                n += 1;
                match self {
                    Dialect::Sqlite => sql.push('?'),
                    Dialect::Postgres => {
                        sql.push('$');
                        sql.push_str(&n.to_string());
                    }
                }
            }
            sql.push(')');
        }
        sql
    }
}

impl Pool {
    /// Connects to `url`: `postgres://...` (or `postgresql://`) for PostgreSQL, anything else
    /// a SQLite file's path (or `sqlite://path`, `:memory:`), created when missing, in WAL mode.
    pub(crate) async fn connect(url: &str) -> Result<Pool, DbError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = PgPoolOptions::new()
                .max_connections(8)
                .acquire_timeout(Duration::from_secs(10))
                .connect(url)
                .await?;
            return Ok(Pool::Postgres(pool));
        }
        let memory = url == ":memory:" || url == "sqlite::memory:";
        let url = if memory {
            "sqlite::memory:".to_string()
        } else if url.starts_with("sqlite:") {
            url.to_string()
        } else {
            format!("sqlite://{url}")
        };
        let mut options = SqliteConnectOptions::from_str(&url)?
            .create_if_missing(true)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(30))
            // A bigger page cache than SQLite's 2 MB: the index's blocks and the games'
            // indexes are read and written in bulk.
            .pragma("cache_size", "-131072")
            // A statement that writes many rows keeps what it would undo in memory, not in a
            // temporary file (a fifth of an import's writes went there).
            .pragma("temp_store", "memory");
        options = if memory {
            options.journal_mode(SqliteJournalMode::Memory)
        } else {
            options.journal_mode(SqliteJournalMode::Wal)
        };
        let pool = SqlitePoolOptions::new()
            .max_connections(if memory { 1 } else { 4 })
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(options)
            .await?;
        Ok(Pool::Sqlite(pool))
    }

    /// Which database this is.
    pub(crate) fn dialect(&self) -> Dialect {
        match self {
            Pool::Sqlite(_) => Dialect::Sqlite,
            Pool::Postgres(_) => Dialect::Postgres,
        }
    }
}

/// A transaction on either database.
pub(crate) enum Tx {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

/// Runs `$body` with `$c` bound to the connection of whichever database's transaction `$tx`
/// is: the same code compiled for both.
macro_rules! on_tx {
    ($tx:expr, $c:ident => $body:expr) => {
        match $tx {
            $crate::pool::Tx::Sqlite(t) => {
                let $c = &mut **t;
                $body
            }
            $crate::pool::Tx::Postgres(t) => {
                let $c = &mut **t;
                $body
            }
        }
    };
}
pub(crate) use on_tx;

impl Pool {
    /// Begins a transaction that writes: on SQLite it takes the write lock at once (`BEGIN
    /// IMMEDIATE`), so that what it reads stays true until it commits.
    pub(crate) async fn begin_write(&self) -> Result<Tx, DbError> {
        Ok(match self {
            Pool::Sqlite(p) => Tx::Sqlite(p.begin_with("BEGIN IMMEDIATE").await?),
            Pool::Postgres(p) => Tx::Postgres(p.begin().await?),
        })
    }
}

impl Tx {
    pub(crate) async fn commit(self) -> Result<(), DbError> {
        match self {
            Tx::Sqlite(t) => t.commit().await?,
            Tx::Postgres(t) => t.commit().await?,
        }
        Ok(())
    }

    /// Which database this is.
    pub(crate) fn dialect(&self) -> Dialect {
        match self {
            Tx::Sqlite(_) => Dialect::Sqlite,
            Tx::Postgres(_) => Dialect::Postgres,
        }
    }
}
