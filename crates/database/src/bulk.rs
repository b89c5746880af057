//! A big import's deferred upkeep. Kept up game by game, the games' five secondary indexes
//! (white, black, event, site, date) and the players' words cost 45 s of a million-game import:
//! their keys fall anywhere, so every commit dirties most of their pages and writes them
//! again. Once an import has written enough games ([`worth_deferring`]), it drops the
//! indexes and writes the words to an unordered table; at its end [`catch_up`] makes each
//! index again in one sort and merges the words in key order (13 s for a million games).
//!
//! Until then a search by player, event, site or date reads the games table whole, and the
//! games of the running import are not yet found by player. An import that stops before
//! its end (killed, or the database failing) is caught up when the database is next opened.

use crate::error::DbError;
use crate::pool::{Dialect, Pool, Tx, on_pool, on_tx};

/// The games' secondary indexes: name and column. (Schema 1 makes them; [`catch_up`] makes
/// again those missing.)
const GAME_INDEXES: [(&str, &str); 5] = [
    ("db_games_white", "white_key"),
    ("db_games_black", "black_key"),
    ("db_games_event", "event_key"),
    ("db_games_site", "site_key"),
    ("db_games_date", "date_key"),
];

/// Where an import writes the words of its players' names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WordsTable {
    /// Into their index, `db_players`, game by game.
    Indexed,
    /// Into `db_players_staged`, in the order they come, merged at the end.
    Staged,
}

impl WordsTable {
    /// The table's name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            WordsTable::Indexed => "db_players",
            WordsTable::Staged => "db_players_staged",
        }
    }
}

/// Whether an import that has written `added` games into a database that held `before`
/// should defer the upkeep from now on: once it has written `after` games (20,000 unless
/// told otherwise) and a quarter of what the database held (making the indexes again costs
/// a sort of every game; keeping them up, a random write per game and index).
pub(crate) fn worth_deferring(added: u64, before: u64, after: u64) -> bool {
    added >= after && added >= before / 4
}

/// Drops the games' secondary indexes, in `tx` (the words go to [`WordsTable::Staged`] from
/// this transaction on).
pub(crate) async fn defer(tx: &mut Tx) -> Result<(), DbError> {
    for (name, _) in GAME_INDEXES {
        let sql = format!("DROP INDEX IF EXISTS {name}");
        on_tx!(tx, c => { sqlx::query(&sql).execute(c).await?; });
    }
    Ok(())
}

/// Makes the games' secondary indexes that are missing and merges the staged words into
/// their index, in one transaction. Cheap when there is nothing to do (two reads).
pub(crate) async fn catch_up(pool: &Pool) -> Result<(), DbError> {
    let present_sql = match pool.dialect() {
        Dialect::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'db_games'"
        }
        Dialect::Postgres => {
            "SELECT CAST(indexname AS TEXT) FROM pg_indexes \
             WHERE tablename = 'db_games' AND schemaname = current_schema()"
        }
    };
    let (present, staged): (Vec<String>, bool) = on_pool!(pool, p => {
        let present = sqlx::query_scalar(present_sql).fetch_all(p).await?;
        let staged: Option<i64> = sqlx::query_scalar("SELECT game FROM db_players_staged LIMIT 1")
            .fetch_optional(p)
            .await?;
        (present, staged.is_some())
    });
    let missing: Vec<_> = GAME_INDEXES
        .iter()
        .filter(|(name, _)| !present.iter().any(|p| p == name))
        .collect();
    if missing.is_empty() && !staged {
        return Ok(());
    }
    let mut tx = pool.begin_write().await?;
    for (name, column) in missing {
        let sql = format!("CREATE INDEX IF NOT EXISTS {name} ON db_games({column})");
        on_tx!(&mut tx, c => { sqlx::query(&sql).execute(c).await?; });
    }
    // (SQLite wants a WHERE before an upsert's ON CONFLICT after a SELECT.)
    let merge = "INSERT INTO db_players (word, side, game) \
         SELECT word, side, game FROM db_players_staged WHERE true ORDER BY word, side, game \
         ON CONFLICT DO NOTHING";
    on_tx!(&mut tx, c => {
        sqlx::query(merge).execute(&mut *c).await?;
        sqlx::query("DELETE FROM db_players_staged").execute(&mut *c).await?;
    });
    tx.commit().await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names and statements of the games' indexes made by a statement, by name.
    async fn game_indexes(p: &sqlx::SqlitePool) -> Vec<(String, String)> {
        sqlx::query_as(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'db_games' \
             AND sql IS NOT NULL ORDER BY name",
        )
        .fetch_all(p)
        .await
        .unwrap()
    }

    /// The indexes [`catch_up`] makes are those schema 1 made (none left out or made twice
    /// under another name), and it moves the staged words into their index.
    #[tokio::test]
    async fn deferred_upkeep_is_caught_up() {
        let pool = Pool::connect(":memory:").await.unwrap();
        crate::schema::migrate(&pool).await.unwrap();
        let Pool::Sqlite(p) = &pool else {
            unreachable!()
        };
        let made = game_indexes(p).await;
        let mut expected: Vec<(String, String)> = GAME_INDEXES
            .iter()
            .map(|(name, column)| {
                (
                    name.to_string(),
                    format!("CREATE INDEX {name} ON db_games({column})"),
                )
            })
            .collect();
        expected.sort();
        assert_eq!(made, expected);

        // An import that stopped after deferring: no indexes, a word staged.
        let mut tx = pool.begin_write().await.unwrap();
        defer(&mut tx).await.unwrap();
        let Tx::Sqlite(t) = &mut tx else {
            unreachable!()
        };
        sqlx::query("INSERT INTO db_players_staged (word, side, game) VALUES ('tal', 0, 7)")
            .execute(&mut **t)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        catch_up(&pool).await.unwrap();
        let words: Vec<(String, i64, i64)> =
            sqlx::query_as("SELECT word, side, game FROM db_players")
                .fetch_all(p)
                .await
                .unwrap();
        assert_eq!(words, [("tal".to_string(), 0, 7)]);
        let staged: i64 = sqlx::query_scalar("SELECT count(*) FROM db_players_staged")
            .fetch_one(p)
            .await
            .unwrap();
        assert_eq!(staged, 0);
        let again = game_indexes(p).await;
        assert_eq!(again, made);
    }
}
