//! Searching the games: by their tags (player, event, site, dates, ratings, result,
//! variant), by a position reached by any move order, by the moves they open with; a page of
//! games and the count of all that match.

use games::AnyPosition;
use serde::Serialize;

use crate::error::DbError;
use crate::filters::{Bind, Filters, Where};
use crate::key::position_key;
use crate::pool::{Pool, on_pool};
use crate::segments::postings_of;
use crate::summary::{GameSummary, SUMMARY_COLUMNS, summaries, summary_of};

/// What to search for.
#[derive(Clone, Debug, Default)]
pub struct SearchQuery {
    /// The games' tags.
    pub filters: Filters,
    /// Games that reach this position (by any move order).
    pub position: Option<AnyPosition>,
    /// Games whose main line starts with these moves (ids or any notation the readers take)
    /// from their variant's start: the variant is `filters.variant`, or standard chess.
    pub opening: Option<Vec<String>>,
    /// The games to skip (paging).
    pub offset: u64,
    /// The most games to give.
    pub limit: u64,
}

/// A page of games found, and how many there are in all.
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "schema", schema(as = DatabaseSearchPage))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SearchPage {
    /// Every game that matches.
    pub total: u64,
    /// This page's games: the latest first (by date, then by the order they were imported).
    pub games: Vec<GameSummary>,
}

/// The position after `moves` from the start of the filters' variant (standard chess by
/// default), with the moves as ids.
fn opening_position(
    filters: &Filters,
    moves: &[String],
) -> Result<(AnyPosition, Vec<String>), DbError> {
    let variant = filters
        .variant
        .unwrap_or(games::AnyVariant::Chess(games::ChessVariant::Standard));
    let mut pos = variant.start();
    let mut ids = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let m = pos
            .find_move(text)
            .map_err(|e| DbError::Query(format!("opening move {} `{text}`: {e}", i + 1)))?;
        ids.push(pos.move_id(&m));
        pos = pos.after(&m);
    }
    Ok((pos, ids))
}

/// Runs a search.
pub(crate) async fn search(pool: &Pool, query: &SearchQuery) -> Result<SearchPage, DbError> {
    let limit = query.limit.min(1000);
    let mut position = query.position.clone();
    let mut prefix = None;
    if let Some(moves) = &query.opening {
        let (pos, ids) = opening_position(&query.filters, moves)?;
        if position.is_none() && !ids.is_empty() {
            position = Some(pos);
        }
        if !ids.is_empty() {
            prefix = Some(ids.join(" "));
        }
    }
    let mut w = query.filters.games_where();
    if let Some(prefix) = &prefix {
        // The line starts with the moves, and goes on or ends there.
        let a = push(&mut w, Bind::Text(prefix.clone()));
        let b = push(&mut w, Bind::Text(format!("{prefix} ")));
        let n = push(&mut w, Bind::Int(prefix.len() as i64 + 1));
        w.conditions.push(format!(
            "(line = {a} OR substr(line, 1, CAST({n} AS INTEGER)) = {b})"
        ));
    }
    let Some(position) = position else {
        return by_tags(pool, &w, query.offset, limit).await;
    };
    // The games that reach the position, the latest first by the month their postings carry.
    let mut postings = postings_of(pool, position_key(&position)).await?;
    postings.retain(|p| query.filters.takes(p));
    postings.sort_by(|a, b| b.month.cmp(&a.month).then(b.game.cmp(&a.game)));
    let mut ids: Vec<i64> = postings.iter().map(|p| p.game as i64).collect();
    if !w.is_empty() {
        ids = keep_matching(pool, &w, &ids).await?;
    }
    let total = ids.len() as u64;
    let page: Vec<i64> = ids
        .into_iter()
        .skip(query.offset as usize)
        .take(limit as usize)
        .collect();
    Ok(SearchPage {
        total,
        games: summaries(pool, &page).await?,
    })
}

fn push(w: &mut Where, b: Bind) -> String {
    w.binds.push(b);
    format!("${}", w.binds.len())
}

/// A search by tags alone, in SQL.
async fn by_tags(pool: &Pool, w: &Where, offset: u64, limit: u64) -> Result<SearchPage, DbError> {
    let count_sql = format!("SELECT count(*) FROM db_games WHERE {}", w.clause());
    let page_sql = format!(
        "SELECT {SUMMARY_COLUMNS} FROM db_games WHERE {} ORDER BY date_key DESC NULLS LAST, id DESC LIMIT {limit} OFFSET {offset}",
        w.clause()
    );
    let (total, rows) = on_pool!(pool, p => {
        let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
        let mut page = sqlx::query_as(&page_sql);
        for b in &w.binds {
            (count, page) = match b {
                Bind::Text(t) => (count.bind(t.clone()), page.bind(t.clone())),
                Bind::Int(i) => (count.bind(*i), page.bind(*i)),
            };
        }
        (count.fetch_one(p).await?, page.fetch_all(p).await?)
    });
    Ok(SearchPage {
        total: total as u64,
        games: rows.into_iter().map(summary_of).collect(),
    })
}

/// The ids of `ids` that the conditions take, in the order of `ids`.
async fn keep_matching(pool: &Pool, w: &Where, ids: &[i64]) -> Result<Vec<i64>, DbError> {
    let mut kept = std::collections::HashSet::new();
    for chunk in ids.chunks(500) {
        let first = w.binds.len() + 1;
        let params: Vec<String> = (0..chunk.len())
            .map(|i| format!("${}", first + i))
            .collect();
        let sql = format!(
            "SELECT id FROM db_games WHERE {} AND id IN ({})",
            w.clause(),
            params.join(",")
        );
        let found: Vec<i64> = on_pool!(pool, p => {
            let mut q = sqlx::query_scalar(&sql);
            for b in &w.binds {
                q = match b {
                    Bind::Text(t) => q.bind(t.clone()),
                    Bind::Int(i) => q.bind(*i),
                };
            }
            for id in chunk {
                q = q.bind(*id);
            }
            q.fetch_all(p).await?
        });
        kept.extend(found);
    }
    Ok(ids.iter().copied().filter(|id| kept.contains(id)).collect())
}
