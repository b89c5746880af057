//! The games table: entries written in bulk, skipping those stored already (by identity).

use std::collections::{HashMap, HashSet};

use crate::bulk::WordsTable;
use crate::entry::GameEntry;
use crate::error::DbError;
use crate::names::{name_key, name_words};
use crate::pool::{Tx, on_tx};

/// Where a game came from: the file's name, the game's number in it and its first line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Source {
    /// The file's name as given to the import (or `site` for the site's own games).
    pub file: String,
    /// The game's number in the file, from 1.
    pub game: u64,
    /// The line the game starts on.
    pub line: u32,
}

/// The columns written, in order.
const COLUMNS: &str = "identity, variant, event, site, date, round, white, black, white_key, black_key, \
    event_key, site_key, date_key, year, white_elo, black_elo, outcome, result, plies, start_fen, line, \
    tags, text, error, source, source_game, source_line, imported_at";
const COLUMN_COUNT: usize = 28;

/// Rows written by one statement (28 parameters each: within SQLite's 32,766 and
/// PostgreSQL's 65,535).
const ROWS_PER_INSERT: usize = 200;

/// Writes `entries`, each with its source; those whose identity is stored already (or
/// repeats one earlier in `entries`) are skipped. Gives the id of each entry written, `None`
/// for one skipped, in the order of `entries`. The words of their players' names go to
/// `words`.
pub(crate) async fn insert(
    tx: &mut Tx,
    entries: &[(GameEntry, Source)],
    now: i64,
    words: WordsTable,
) -> Result<Vec<Option<i64>>, DbError> {
    let mut ids = vec![None; entries.len()];
    let mut seen = HashSet::with_capacity(entries.len());
    let fresh: Vec<usize> = (0..entries.len())
        .filter(|&i| seen.insert(entries[i].0.identity))
        .collect();
    for chunk in fresh.chunks(ROWS_PER_INSERT) {
        let sql = format!(
            "INSERT INTO db_games ({COLUMNS}) VALUES {} \
             ON CONFLICT (identity) DO NOTHING RETURNING id, identity",
            tx.dialect().value_rows(chunk.len(), COLUMN_COUNT)
        );
        let rows: Vec<(i64, i64)> = on_tx!(tx, c => {
            let mut q = sqlx::query_as(&sql);
            for &i in chunk {
                let (e, source) = &entries[i];
                q = q
                    .bind(e.identity as i64)
                    .bind(e.variant.map(|v| v.name()))
                    .bind(e.event.as_deref())
                    .bind(e.site.as_deref())
                    .bind(e.date.as_deref())
                    .bind(e.round.as_deref())
                    .bind(e.white.as_deref())
                    .bind(e.black.as_deref())
                    .bind(e.white_key())
                    .bind(e.black_key())
                    .bind(e.event.as_deref().map(name_key))
                    .bind(e.site.as_deref().map(name_key))
                    .bind(e.date_key.map(i64::from))
                    .bind(e.year.map(i64::from))
                    .bind(e.white_elo.map(i64::from))
                    .bind(e.black_elo.map(i64::from))
                    .bind(e.outcome.name())
                    .bind(e.result.as_str())
                    .bind(i64::from(e.plies))
                    .bind(e.start_fen.as_deref())
                    .bind(e.line.as_str())
                    .bind(serde_json::to_string(&e.tags).unwrap_or_default())
                    .bind(e.text.as_str())
                    .bind(e.error.as_deref())
                    .bind(source.file.as_str())
                    .bind(source.game as i64)
                    .bind(i64::from(source.line))
                    .bind(now);
            }
            q.fetch_all(c).await?
        });
        let written: HashMap<i64, i64> = rows
            .into_iter()
            .map(|(id, identity)| (identity, id))
            .collect();
        for &i in chunk {
            ids[i] = written.get(&(entries[i].0.identity as i64)).copied();
        }
    }
    insert_words(tx, entries, &ids, words).await?;
    Ok(ids)
}

/// Name words written by one statement.
const WORDS_PER_INSERT: usize = 1000;

/// The words of the players' names of the games written (see [`name_words`]): side 0 for
/// White, 1 for Black; into `table`.
async fn insert_words(
    tx: &mut Tx,
    entries: &[(GameEntry, Source)],
    ids: &[Option<i64>],
    table: WordsTable,
) -> Result<(), DbError> {
    let mut words: Vec<(String, i64, i64)> = Vec::new();
    for ((e, _), id) in entries.iter().zip(ids) {
        let Some(id) = *id else { continue };
        for (side, name) in [(0, &e.white), (1, &e.black)] {
            for w in name.as_deref().map(name_words).unwrap_or_default() {
                words.push((w, side, id));
            }
        }
    }
    for chunk in words.chunks(WORDS_PER_INSERT) {
        let sql = format!(
            "INSERT INTO {} (word, side, game) VALUES {} ON CONFLICT DO NOTHING",
            table.name(),
            tx.dialect().value_rows(chunk.len(), 3)
        );
        on_tx!(tx, c => {
            let mut q = sqlx::query(&sql);
            for (w, side, id) in chunk {
                q = q.bind(w.as_str()).bind(*side).bind(*id);
            }
            q.execute(c).await?;
        });
    }
    Ok(())
}
