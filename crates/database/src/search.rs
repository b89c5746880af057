//! Searching the games: by their tags (player, event, site, dates, ratings, result,
//! variant), by a position reached by any move order, by the moves they open with; a page of
//! games and the count of all that match.

use games::AnyPosition;
use serde::Serialize;

use crate::error::DbError;
use crate::filters::{Bind, Filters, Where};
use crate::key::position_key;
use crate::pattern::Pattern;
use crate::pool::{Pool, on_pool};
use crate::postings::Posting;
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
    /// Games with a position of their main line that shows this pattern (see [`Pattern`]):
    /// games of the pattern's variant, each replayed.
    pub pattern: Option<Pattern>,
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
    if let Some(pattern) = &query.pattern {
        let only = match &position {
            Some(p) => {
                let mut postings = postings_of(pool, position_key(p)).await?;
                postings.retain(|p| query.filters.takes(p));
                Some(postings.iter().map(|p| p.game as i64).collect())
            }
            None => None,
        };
        return by_pattern(pool, &w, pattern, only, query.offset, limit).await;
    }
    let Some(position) = position else {
        return by_tags(pool, &w, query.offset, limit).await;
    };
    // The games that reach the position, the latest first by the month their postings carry.
    let mut postings = postings_of(pool, position_key(&position)).await?;
    postings.retain(|p| query.filters.takes(p));
    let latest_first = |a: &Posting, b: &Posting| b.month.cmp(&a.month).then(b.game.cmp(&a.game));
    let mut total = postings.len() as u64;
    // Without conditions on the games table, only the page and those before it are ordered.
    let wanted = query.offset.saturating_add(limit) as usize;
    if w.is_empty() && wanted < postings.len() {
        postings.select_nth_unstable_by(wanted, latest_first);
        postings.truncate(wanted);
    }
    postings.sort_unstable_by(latest_first);
    let mut ids: Vec<i64> = postings.iter().map(|p| p.game as i64).collect();
    if !w.is_empty() {
        ids = keep_matching(pool, &w, &ids).await?;
        total = ids.len() as u64;
    }
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

/// Games read at a time by the pattern search.
const PATTERN_CHUNK: i64 = 10_000;

/// A search by pattern: the games the conditions take (and `only`, when given), of the
/// pattern's variant, each replayed on every core until a position shows the pattern.
async fn by_pattern(
    pool: &Pool,
    w: &Where,
    pattern: &Pattern,
    only: Option<std::collections::HashSet<i64>>,
    offset: u64,
    limit: u64,
) -> Result<SearchPage, DbError> {
    let mut w = w.clone();
    let v = push(&mut w, Bind::Text(pattern.variant().name().into()));
    w.conditions.push(format!("variant = {v}"));
    let after = w.binds.len() + 1;
    let sql = format!(
        "SELECT id, date_key, start_fen, line FROM db_games WHERE {} AND id > ${after} ORDER BY id LIMIT {PATTERN_CHUNK}",
        w.clause()
    );
    let mut found: Vec<(i64, i64)> = Vec::new();
    let mut last = 0i64;
    loop {
        let rows: Vec<(i64, Option<i64>, Option<String>, String)> = on_pool!(pool, p => {
            let mut q = sqlx::query_as(&sql);
            for b in &w.binds {
                q = match b {
                    Bind::Text(t) => q.bind(t.clone()),
                    Bind::Int(i) => q.bind(*i),
                };
            }
            q.bind(last).fetch_all(p).await?
        });
        let Some(end) = rows.last().map(|r| r.0) else {
            break;
        };
        last = end;
        let rows: Vec<_> = rows
            .into_iter()
            .filter(|r| only.as_ref().is_none_or(|o| o.contains(&r.0)))
            .collect();
        found.extend(matching(&rows, pattern));
    }
    found.sort_by(|a, b| b.cmp(a));
    let total = found.len() as u64;
    let page: Vec<i64> = found
        .into_iter()
        .skip(offset as usize)
        .take(limit as usize)
        .map(|(_, id)| id)
        .collect();
    Ok(SearchPage {
        total,
        games: summaries(pool, &page).await?,
    })
}

/// The games of `rows` (id, date, start FEN, main line) that show the pattern, as (date,
/// id), replayed on every core.
fn matching(
    rows: &[(i64, Option<i64>, Option<String>, String)],
    pattern: &Pattern,
) -> Vec<(i64, i64)> {
    let threads = games::every_core().clamp(1, 8);
    let per = rows.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = rows
            .chunks(per)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .filter(|(_, _, fen, line)| shows(pattern, fen.as_deref(), line))
                        .map(|(id, date, _, _)| (date.unwrap_or(-1), *id))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

/// Whether a position of the main line `line` (move ids) from `start_fen` (or the variant's
/// start) shows the pattern.
fn shows(pattern: &Pattern, start_fen: Option<&str>, line: &str) -> bool {
    let variant = pattern.variant();
    let start = match start_fen {
        Some(fen) => variant.position_from_fen(fen),
        None => Ok(variant.start()),
    };
    let Ok(mut pos) = start else {
        return false;
    };
    if pattern.matches(&pos) {
        return true;
    }
    for id in line.split(' ').filter(|m| !m.is_empty()) {
        if id == "0000" {
            if let AnyPosition::Chess(p) = &pos
                && let Ok(passed) = p.clone().swap_turn()
            {
                pos = AnyPosition::Chess(passed);
            }
        } else {
            let Ok(m) = pos.find_move(id) else {
                return false;
            };
            pos = pos.after(&m);
        }
        if pattern.matches(&pos) {
            return true;
        }
    }
    false
}
