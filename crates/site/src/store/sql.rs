//! The SQL both stores run, written once: SQLite and PostgreSQL agree on every statement
//! here (parameters written `$1`, `$2`, ..., which SQLite takes too; `ON CONFLICT DO
//! NOTHING`; `CAST`), so [`Store`] is implemented once for any [`SqlStore`], generic over
//! the sqlx database. What differs (connecting, migrations, announcements) stays in
//! sqlite.rs and postgres.rs.
//!
//! The values of the enums of [`crate::models`] are bound as parameters, never written in
//! the SQL: their text is spelled in one place.

use async_trait::async_trait;
use sqlx::{Database, Encode, Executor, IntoArguments, Pool, Type};

use super::rows::ReadRow;
use super::{
    Changes, ClockRow, Finish, Store, StoreError, StoredAnalysis, StoredGame, StoredMove, now_ms,
};
use crate::models::{GameMode, GameStatus, Level, Side};

/// A database the stores run on, with what sqlx does not say alike for every database.
pub(super) trait Dialect: Database {
    /// The number of rows a statement changed.
    fn rows_affected(done: &Self::QueryResult) -> u64;
}

impl Dialect for sqlx::Sqlite {
    fn rows_affected(done: &sqlx::sqlite::SqliteQueryResult) -> u64 {
        done.rows_affected()
    }
}

impl Dialect for sqlx::Postgres {
    fn rows_affected(done: &sqlx::postgres::PgQueryResult) -> u64 {
        done.rows_affected()
    }
}

/// A store on a pool of connections to a [`Dialect`]'s database: it gets [`Store`], with
/// the shared SQL, and says what its database does beyond it.
#[async_trait]
pub(super) trait SqlStore: Send + Sync {
    /// The database.
    type Db: Dialect;

    /// The pool the statements run on.
    fn pool(&self) -> &Pool<Self::Db>;

    /// [`Store::announce`]: nothing for a store that one process uses alone.
    async fn notify(&self, id: &str) -> Result<(), StoreError> {
        let _ = id;
        Ok(())
    }

    /// [`Store::changes`]: none for a store that one process uses alone.
    async fn listen(&self) -> Result<Option<Changes>, StoreError> {
        Ok(None)
    }
}

#[async_trait]
impl<S, D> Store for S
where
    S: SqlStore<Db = D>,
    D: Dialect,
    for<'c> &'c mut D::Connection: Executor<'c, Database = D>,
    for<'q> D::Arguments<'q>: IntoArguments<'q, D>,
    for<'q> &'q str: Encode<'q, D> + Type<D>,
    for<'q> Option<&'q str>: Encode<'q, D>,
    str: Type<D>,
    for<'q> i64: Encode<'q, D> + Type<D>,
    for<'q> Option<i64>: Encode<'q, D>,
    for<'q> GameMode: Encode<'q, D>,
    for<'q> GameStatus: Encode<'q, D>,
    for<'q> Option<Level>: Encode<'q, D>,
    for<'q> Option<Side>: Encode<'q, D>,
    D::Row: ReadRow,
{
    async fn create_game(&self, g: &StoredGame) -> Result<(), StoreError> {
        let now = now_ms();
        sqlx::query(
            "INSERT INTO games (id, rules, mode, level, computer, start_fen, status, result, reason, draw_offer,
                white_name, black_name, white_secret, black_secret, creator, guest, plies, created_at, updated_at,
                time_control, white_ms, black_ms, clock_at, seat_for, listed)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 0, $17, $17, $18, $19, $20, $21, $22, $23)",
        )
        .bind(g.id.as_str())
        .bind(g.rules.name())
        .bind(g.mode)
        .bind(g.level)
        .bind(g.computer)
        .bind(g.start_fen.as_str())
        .bind(g.status)
        .bind(g.result.as_deref())
        .bind(g.reason.as_deref())
        .bind(g.draw_offer)
        .bind(g.white_name.as_deref())
        .bind(g.black_name.as_deref())
        .bind(g.white_secret.as_deref())
        .bind(g.black_secret.as_deref())
        .bind(g.creator.as_deref())
        .bind(g.guest.as_deref())
        .bind(now)
        .bind(g.time_control.as_deref())
        .bind(g.white_ms)
        .bind(g.black_ms)
        .bind(g.clock_at)
        .bind(g.seat_for.as_deref())
        .bind(i64::from(g.listed))
        .execute(self.pool())
        .await?;
        Ok(())
    }

    async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let rows = sqlx::query("SELECT * FROM games WHERE id = $1")
            .bind(id)
            // All rows, so the statement runs to its end: in SQLite a statement left after
            // its first row would keep a read snapshot open and stop the log from starting
            // over.
            .fetch_all(self.pool())
            .await?;
        Ok(rows.first().map(ReadRow::game).transpose()?)
    }

    async fn moves(&self, id: &str) -> Result<Vec<StoredMove>, StoreError> {
        let rows = sqlx::query(
            "SELECT ply, move, text, fen, clock_ms FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(id)
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .iter()
            .map(ReadRow::stored_move)
            .collect::<Result<_, _>>()?)
    }

    async fn append_move(
        &self,
        id: &str,
        mv: &StoredMove,
        finish: Option<&Finish>,
        clock: Option<&ClockRow>,
    ) -> Result<bool, StoreError> {
        let reason = finish.map(|f| f.reason.to_string());
        let mut tx = self.pool().begin().await?;
        let t = now_ms();
        // The row's lock (taken by the UPDATE) makes a second move for the same ply wait for
        // the first to commit, then find the count changed and store nothing.
        let updated = sqlx::query(
            "UPDATE games SET plies = plies + 1, updated_at = $1, draw_offer = NULL,
                status = CASE WHEN CAST($2 AS TEXT) IS NULL THEN status ELSE $9 END,
                result = COALESCE($2, result), reason = COALESCE($3, reason),
                white_ms = COALESCE($6, white_ms), black_ms = COALESCE($7, black_ms),
                clock_at = COALESCE($8, clock_at)
             WHERE id = $4 AND plies = $5 AND status = $10",
        )
        .bind(t)
        .bind(finish.map(|f| f.result.as_str()))
        .bind(reason.as_deref())
        .bind(id)
        .bind(mv.ply)
        .bind(clock.map(|c| c.white_ms))
        .bind(clock.map(|c| c.black_ms))
        .bind(clock.map(|c| c.at))
        .bind(GameStatus::Finished)
        .bind(GameStatus::Ongoing)
        .execute(&mut *tx)
        .await?;
        if D::rows_affected(&updated) != 1 {
            return Ok(false);
        }
        let inserted = sqlx::query(
            "INSERT INTO moves (game_id, ply, move, text, fen, created_at, clock_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(mv.ply)
        .bind(mv.mv.as_str())
        .bind(mv.text.as_str())
        .bind(mv.fen.as_str())
        .bind(t)
        .bind(mv.clock_ms)
        .execute(&mut *tx)
        .await?;
        if D::rows_affected(&inserted) != 1 {
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn take_seat(
        &self,
        id: &str,
        color: Side,
        secret: &str,
        visitor: &str,
        name: Option<&str>,
    ) -> Result<bool, StoreError> {
        let sql = match color {
            Side::White => {
                "UPDATE games SET white_secret = $1, guest = $2, white_name = COALESCE($3, white_name), status = $6, updated_at = $4
                 WHERE id = $5 AND white_secret IS NULL AND status = $7"
            }
            Side::Black => {
                "UPDATE games SET black_secret = $1, guest = $2, black_name = COALESCE($3, black_name), status = $6, updated_at = $4
                 WHERE id = $5 AND black_secret IS NULL AND status = $7"
            }
        };
        let done = sqlx::query(sql)
            .bind(secret)
            .bind(visitor)
            .bind(name)
            .bind(now_ms())
            .bind(id)
            .bind(GameStatus::Ongoing)
            .bind(GameStatus::Waiting)
            .execute(self.pool())
            .await?;
        Ok(D::rows_affected(&done) == 1)
    }

    async fn finish(
        &self,
        id: &str,
        plies: i64,
        finish: &Finish,
        clock: Option<&ClockRow>,
    ) -> Result<bool, StoreError> {
        let reason = finish.reason.to_string();
        let done = sqlx::query(
            "UPDATE games SET status = $9, result = $1, reason = $2, draw_offer = NULL, updated_at = $3,
                white_ms = COALESCE($6, white_ms), black_ms = COALESCE($7, black_ms),
                clock_at = COALESCE($8, clock_at)
             WHERE id = $4 AND plies = $5 AND status IN ($10, $11)",
        )
        .bind(finish.result.as_str())
        .bind(reason.as_str())
        .bind(now_ms())
        .bind(id)
        .bind(plies)
        .bind(clock.map(|c| c.white_ms))
        .bind(clock.map(|c| c.black_ms))
        .bind(clock.map(|c| c.at))
        .bind(GameStatus::Finished)
        .bind(GameStatus::Ongoing)
        .bind(GameStatus::Waiting)
        .execute(self.pool())
        .await?;
        Ok(D::rows_affected(&done) == 1)
    }

    async fn set_rematch(&self, id: &str, rematch: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET rematch = $1, updated_at = $2
             WHERE id = $3 AND status = $4 AND rematch IS NULL",
        )
        .bind(rematch)
        .bind(now_ms())
        .bind(id)
        .bind(GameStatus::Finished)
        .execute(self.pool())
        .await?;
        Ok(D::rows_affected(&done) == 1)
    }

    async fn set_draw_offer(&self, id: &str, by: Option<Side>) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET draw_offer = $1, updated_at = $2 WHERE id = $3 AND status = $4",
        )
        .bind(by)
        .bind(now_ms())
        .bind(id)
        .bind(GameStatus::Ongoing)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    async fn open_games(&self, since: i64, limit: i64) -> Result<Vec<StoredGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE status = $1 AND listed = 1 AND created_at > $2 ORDER BY created_at DESC LIMIT $3",
        )
        .bind(GameStatus::Waiting)
        .bind(since)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(ReadRow::game).collect::<Result<_, _>>()?)
    }

    async fn recent_finished(&self, limit: i64) -> Result<Vec<StoredGame>, StoreError> {
        let rows =
            sqlx::query("SELECT * FROM games WHERE status = $1 ORDER BY updated_at DESC LIMIT $2")
                .bind(GameStatus::Finished)
                .bind(limit)
                .fetch_all(self.pool())
                .await?;
        Ok(rows.iter().map(ReadRow::game).collect::<Result<_, _>>()?)
    }

    async fn finished_after(
        &self,
        updated_at: i64,
        id: &str,
        limit: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE status = $1 AND (updated_at > $2 OR (updated_at = $2 AND id > $3))
             ORDER BY updated_at, id LIMIT $4",
        )
        .bind(GameStatus::Finished)
        .bind(updated_at)
        .bind(id)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(ReadRow::game).collect::<Result<_, _>>()?)
    }

    async fn games_of(&self, visitor: &str, limit: i64) -> Result<Vec<StoredGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE creator = $1 OR guest = $1 ORDER BY updated_at DESC LIMIT $2",
        )
        .bind(visitor)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(ReadRow::game).collect::<Result<_, _>>()?)
    }

    async fn save_analysis(&self, a: &StoredAnalysis) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO analyses (id, rules, text, creator, created_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(a.id.as_str())
        .bind(a.rules.name())
        .bind(a.text.as_str())
        .bind(a.creator.as_deref())
        .bind(a.created_at)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    async fn analysis(&self, id: &str) -> Result<Option<StoredAnalysis>, StoreError> {
        let rows = sqlx::query("SELECT * FROM analyses WHERE id = $1")
            .bind(id)
            .fetch_all(self.pool())
            .await?;
        Ok(rows.first().map(ReadRow::analysis).transpose()?)
    }

    async fn analysis_bytes(&self) -> Result<u64, StoreError> {
        let row = sqlx::query(
            "SELECT CAST(COALESCE(SUM(OCTET_LENGTH(text)), 0) AS BIGINT) AS bytes FROM analyses",
        )
        .fetch_one(self.pool())
        .await?;
        Ok(u64::try_from(row.number("bytes")?).unwrap_or(0))
    }

    async fn save_computer_analysis(
        &self,
        key: &str,
        rules: games::Rules,
        json: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO computer_analyses (key, rules, analysis, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        )
        .bind(key)
        .bind(rules.name())
        .bind(json)
        .bind(super::now_ms())
        .execute(self.pool())
        .await?;
        Ok(())
    }

    async fn computer_analysis(&self, key: &str) -> Result<Option<String>, StoreError> {
        let rows = sqlx::query("SELECT analysis FROM computer_analyses WHERE key = $1")
            .bind(key)
            .fetch_all(self.pool())
            .await?;
        Ok(rows.first().map(|r| r.text("analysis")).transpose()?)
    }

    async fn announce(&self, id: &str) -> Result<(), StoreError> {
        self.notify(id).await
    }

    async fn changes(&self) -> Result<Option<Changes>, StoreError> {
        self.listen().await
    }
}
