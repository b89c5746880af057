//! The PostgreSQL store: one database that several server processes share. Every write that
//! a player's request makes is committed before the answer goes out; a move is stored only
//! if the game still has the number of moves the mover saw (the compare-and-set is in the
//! database, so of two moves sent at once to two processes one is stored). A change is
//! announced to the other processes with `NOTIFY`; each listens (`LISTEN`) and sends the
//! new state to the players it serves (see [`Store::changes`]).

use std::time::Duration;

use async_trait::async_trait;
use sqlx::Row;
use sqlx::postgres::{PgListener, PgPool, PgPoolOptions};

use super::{
    Change, Changes, ClockRow, Finish, Store, StoreError, StoredAnalysis, StoredGame, StoredMove,
    analysis_from_row, game_from_row, now_ms,
};

/// The channel the processes announce changed games on.
const CHANNEL: &str = "scoresheet_games";

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
        plies BIGINT NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
     );
     CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply BIGINT NOT NULL,
        move TEXT NOT NULL,
        text TEXT NOT NULL,
        fen TEXT NOT NULL,
        created_at BIGINT NOT NULL,
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
        created_at BIGINT NOT NULL
     );",
    // 3: clocks (the time control, each side's time, since when the side to move thinks;
    // the mover's time after each move) and the rematch offered after a game.
    "ALTER TABLE games ADD COLUMN time_control TEXT;
     ALTER TABLE games ADD COLUMN white_ms BIGINT;
     ALTER TABLE games ADD COLUMN black_ms BIGINT;
     ALTER TABLE games ADD COLUMN clock_at BIGINT;
     ALTER TABLE games ADD COLUMN rematch TEXT;
     ALTER TABLE moves ADD COLUMN clock_ms BIGINT;",
];

/// Games in a PostgreSQL database.
#[derive(Clone, Debug)]
pub struct PostgresStore {
    pool: PgPool,
    /// This store's mark on its announcements, so that it does not act on its own.
    origin: String,
}

fn err(e: sqlx::Error) -> StoreError {
    StoreError(e.to_string())
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user@host:port/database`) and brings
    /// its schema up to date. Several servers may start at once: the migration holds a lock
    /// of its own for the time it runs.
    pub async fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(10))
            .connect(url)
            .await
            .map_err(err)?;
        migrate(&pool).await.map_err(err)?;
        let mut origin = [0u8; 8];
        getrandom::fill(&mut origin).map_err(|e| StoreError(e.to_string()))?;
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
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        sqlx::raw_sql(sql).execute(&mut *tx).await?;
        sqlx::query("INSERT INTO schema_version (version) VALUES ($1)")
            .bind(i as i64 + 1)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

#[async_trait]
impl Store for PostgresStore {
    async fn create_game(&self, g: &StoredGame) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO games (id, rules, mode, level, computer, start_fen, status, result, reason, draw_offer,
                white_name, black_name, white_secret, black_secret, creator, guest, plies, created_at, updated_at,
                time_control, white_ms, black_ms, clock_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 0, $17, $17, $18, $19, $20, $21)",
        )
        .bind(&g.id)
        .bind(&g.rules)
        .bind(&g.mode)
        .bind(&g.level)
        .bind(&g.computer)
        .bind(&g.start_fen)
        .bind(&g.status)
        .bind(&g.result)
        .bind(&g.reason)
        .bind(&g.draw_offer)
        .bind(&g.white_name)
        .bind(&g.black_name)
        .bind(&g.white_secret)
        .bind(&g.black_secret)
        .bind(&g.creator)
        .bind(&g.guest)
        .bind(now_ms())
        .bind(&g.time_control)
        .bind(g.white_ms)
        .bind(g.black_ms)
        .bind(g.clock_at)
        .execute(&self.pool)
        .await
        .map_err(err)?;
        Ok(())
    }

    async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let row = sqlx::query("SELECT * FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(err)?;
        Ok(row.as_ref().map(game_from_row))
    }

    async fn moves(&self, id: &str) -> Result<Vec<StoredMove>, StoreError> {
        let rows = sqlx::query(
            "SELECT ply, move, text, fen, clock_ms FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(err)?;
        Ok(rows
            .iter()
            .map(|r| StoredMove {
                ply: r.get("ply"),
                mv: r.get("move"),
                text: r.get("text"),
                fen: r.get("fen"),
                clock_ms: r.get("clock_ms"),
            })
            .collect())
    }

    async fn append_move(
        &self,
        id: &str,
        mv: &StoredMove,
        finish: Option<&Finish>,
        clock: Option<&ClockRow>,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await.map_err(err)?;
        let t = now_ms();
        // The row's lock (taken by the UPDATE) makes a second move for the same ply wait for
        // the first to commit, then find the count changed and store nothing.
        let updated = sqlx::query(
            "UPDATE games SET plies = plies + 1, updated_at = $1, draw_offer = NULL,
                status = CASE WHEN $2::TEXT IS NULL THEN status ELSE 'finished' END,
                result = COALESCE($2, result), reason = COALESCE($3, reason),
                white_ms = COALESCE($6, white_ms), black_ms = COALESCE($7, black_ms),
                clock_at = COALESCE($8, clock_at)
             WHERE id = $4 AND plies = $5 AND status = 'ongoing'",
        )
        .bind(t)
        .bind(finish.map(|f| f.result.as_str()))
        .bind(finish.map(|f| f.reason.as_str()))
        .bind(id)
        .bind(mv.ply)
        .bind(clock.map(|c| c.white_ms))
        .bind(clock.map(|c| c.black_ms))
        .bind(clock.map(|c| c.at))
        .execute(&mut *tx)
        .await
        .map_err(err)?;
        if updated.rows_affected() != 1 {
            return Ok(false);
        }
        let inserted = sqlx::query(
            "INSERT INTO moves (game_id, ply, move, text, fen, created_at, clock_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(mv.ply)
        .bind(&mv.mv)
        .bind(&mv.text)
        .bind(&mv.fen)
        .bind(t)
        .bind(mv.clock_ms)
        .execute(&mut *tx)
        .await
        .map_err(err)?;
        if inserted.rows_affected() != 1 {
            return Ok(false);
        }
        tx.commit().await.map_err(err)?;
        Ok(true)
    }

    async fn take_seat(
        &self,
        id: &str,
        color: &str,
        secret: &str,
        visitor: &str,
        name: Option<&str>,
    ) -> Result<bool, StoreError> {
        let sql = match color {
            "white" => "UPDATE games SET white_secret = $1, guest = $2, white_name = COALESCE($3, white_name), status = 'ongoing', updated_at = $4
                        WHERE id = $5 AND white_secret IS NULL AND status = 'waiting'",
            _ => "UPDATE games SET black_secret = $1, guest = $2, black_name = COALESCE($3, black_name), status = 'ongoing', updated_at = $4
                  WHERE id = $5 AND black_secret IS NULL AND status = 'waiting'",
        };
        let done = sqlx::query(sql)
            .bind(secret)
            .bind(visitor)
            .bind(name)
            .bind(now_ms())
            .bind(id)
            .execute(&self.pool)
            .await
            .map_err(err)?;
        Ok(done.rows_affected() == 1)
    }

    async fn finish(
        &self,
        id: &str,
        plies: i64,
        finish: &Finish,
        clock: Option<&ClockRow>,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET status = 'finished', result = $1, reason = $2, draw_offer = NULL, updated_at = $3,
                white_ms = COALESCE($6, white_ms), black_ms = COALESCE($7, black_ms),
                clock_at = COALESCE($8, clock_at)
             WHERE id = $4 AND plies = $5 AND status IN ('ongoing', 'waiting')",
        )
        .bind(&finish.result)
        .bind(&finish.reason)
        .bind(now_ms())
        .bind(id)
        .bind(plies)
        .bind(clock.map(|c| c.white_ms))
        .bind(clock.map(|c| c.black_ms))
        .bind(clock.map(|c| c.at))
        .execute(&self.pool)
        .await
        .map_err(err)?;
        Ok(done.rows_affected() == 1)
    }

    async fn set_rematch(&self, id: &str, rematch: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET rematch = $1, updated_at = $2
             WHERE id = $3 AND status = 'finished' AND rematch IS NULL",
        )
        .bind(rematch)
        .bind(now_ms())
        .bind(id)
        .execute(&self.pool)
        .await
        .map_err(err)?;
        Ok(done.rows_affected() == 1)
    }

    async fn set_draw_offer(&self, id: &str, by: Option<&str>) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET draw_offer = $1, updated_at = $2 WHERE id = $3 AND status = 'ongoing'",
        )
        .bind(by)
        .bind(now_ms())
        .bind(id)
        .execute(&self.pool)
        .await
        .map_err(err)?;
        Ok(())
    }

    async fn recent_finished(&self, limit: i64) -> Result<Vec<StoredGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE status = 'finished' ORDER BY updated_at DESC LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(err)?;
        Ok(rows.iter().map(game_from_row).collect())
    }

    async fn games_of(&self, visitor: &str, limit: i64) -> Result<Vec<StoredGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE creator = $1 OR guest = $1 ORDER BY updated_at DESC LIMIT $2",
        )
        .bind(visitor)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(err)?;
        Ok(rows.iter().map(game_from_row).collect())
    }

    async fn save_analysis(&self, a: &StoredAnalysis) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO analyses (id, rules, text, creator, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&a.id)
            .bind(&a.rules)
            .bind(&a.text)
            .bind(&a.creator)
            .bind(a.created_at)
            .execute(&self.pool)
            .await
            .map_err(err)?;
        Ok(())
    }

    async fn analysis(&self, id: &str) -> Result<Option<StoredAnalysis>, StoreError> {
        let rows = sqlx::query("SELECT * FROM analyses WHERE id = $1")
            .bind(id)
            .fetch_all(&self.pool)
            .await
            .map_err(err)?;
        Ok(rows.first().map(analysis_from_row))
    }

    async fn announce(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(format!("{}:{id}", self.origin))
            .execute(&self.pool)
            .await
            .map_err(err)?;
        Ok(())
    }

    async fn changes(&self) -> Result<Option<Changes>, StoreError> {
        let mut listener = PgListener::connect_with(&self.pool).await.map_err(err)?;
        listener.listen(CHANNEL).await.map_err(err)?;
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
    use crate::store::suite;
    use futures_util::StreamExt;
    use std::sync::Arc;

    async fn store(name: &str) -> PostgresStore {
        PostgresStore::open(&test_database(name).await)
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn moves_take_turns() {
        suite::moves_take_turns(&store("turns").await).await;
    }

    #[tokio::test]
    async fn a_seat_is_taken_once() {
        suite::a_seat_is_taken_once(&store("seat").await).await;
    }

    #[tokio::test]
    async fn of_two_moves_for_one_turn_one_is_stored() {
        suite::of_two_moves_for_one_turn_one_is_stored(Arc::new(store("race").await)).await;
    }

    #[tokio::test]
    async fn draws_and_endings() {
        suite::draws_and_endings(&store("draws").await).await;
    }

    #[tokio::test]
    async fn clocks_and_rematch() {
        suite::clocks_and_rematch(&store("clocks").await).await;
    }

    #[tokio::test]
    async fn analyses_are_kept() {
        suite::analyses_are_kept(&store("analyses").await).await;
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
