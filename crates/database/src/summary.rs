//! A stored game as lists show it (search results, the explorer's top and recent games), and
//! a stored game whole.

use serde::Serialize;

use crate::error::DbError;
use crate::pool::{Pool, on_pool};

/// A game as lists show it.
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "schema", schema(as = DatabaseGameSummary))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameSummary {
    /// The game's id in the database.
    pub id: i64,
    /// The variant's name (`standard`, `international`, ...); null for a bad game kept.
    pub variant: Option<String>,
    /// White's name.
    pub white: Option<String>,
    /// Black's name.
    pub black: Option<String>,
    /// White's rating.
    pub white_elo: Option<i64>,
    /// Black's rating.
    pub black_elo: Option<i64>,
    /// The event.
    pub event: Option<String>,
    /// The site.
    pub site: Option<String>,
    /// The round.
    pub round: Option<String>,
    /// The date as written.
    pub date: Option<String>,
    /// The year.
    pub year: Option<i64>,
    /// `white`, `draw`, `black` or `unknown`.
    pub outcome: String,
    /// The result as written.
    pub result: String,
    /// The number of moves (plies).
    pub plies: i64,
}

/// The columns of a summary, in its fields' order.
pub(crate) const SUMMARY_COLUMNS: &str = "id, variant, white, black, white_elo, black_elo, event, site, round, date, year, outcome, result, plies";

type SummaryRow = (
    i64,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<i64>,
    Option<i64>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<i64>,
    String,
    String,
    i64,
);

pub(crate) fn summary_of(r: SummaryRow) -> GameSummary {
    GameSummary {
        id: r.0,
        variant: r.1,
        white: r.2,
        black: r.3,
        white_elo: r.4,
        black_elo: r.5,
        event: r.6,
        site: r.7,
        round: r.8,
        date: r.9,
        year: r.10,
        outcome: r.11,
        result: r.12,
        plies: r.13,
    }
}

/// The summaries of the games `ids`, in the order of `ids` (ids not stored are left out).
pub(crate) async fn summaries(pool: &Pool, ids: &[i64]) -> Result<Vec<GameSummary>, DbError> {
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(500) {
        let params = pool.dialect().value_rows(1, chunk.len());
        let sql = format!("SELECT {SUMMARY_COLUMNS} FROM db_games WHERE id IN {params}");
        let rows: Vec<SummaryRow> = on_pool!(pool, p => {
            let mut q = sqlx::query_as(&sql);
            for id in chunk {
                q = q.bind(*id);
            }
            q.fetch_all(p).await?
        });
        out.extend(rows.into_iter().map(summary_of));
    }
    let order: std::collections::HashMap<i64, usize> =
        ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    out.sort_by_key(|g| order.get(&g.id).copied().unwrap_or(usize::MAX));
    Ok(out)
}

/// A stored game whole: its summary, tags, text as written and main line.
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "schema", schema(as = DatabaseGame))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredGame {
    /// What lists show.
    #[serde(flatten)]
    pub summary: GameSummary,
    /// Every tag, in the order written.
    pub tags: Vec<(String, String)>,
    /// The game's text as written in its file.
    pub text: String,
    /// The main line as move ids (UCI; draughts: every square's number).
    pub line: String,
    /// The start position's FEN when it is not the variant's start.
    pub start_fen: Option<String>,
    /// Why the game does not replay, for a bad game kept.
    pub error: Option<String>,
    /// The file it was imported from, and its number there.
    pub source: Option<String>,
    /// Its number in that file.
    pub source_game: Option<i64>,
}

/// The game `id`, if stored.
pub(crate) async fn stored_game(pool: &Pool, id: i64) -> Result<Option<StoredGame>, DbError> {
    Ok(stored_games(pool, &[id]).await?.into_iter().next())
}

/// The games `ids` whole, in the order of `ids` (those not stored left out): two statements
/// for each 500.
pub(crate) async fn stored_games(pool: &Pool, ids: &[i64]) -> Result<Vec<StoredGame>, DbError> {
    // Two statements: sqlx reads rows into tuples of at most 16 columns.
    type Rest = (
        i64,
        String,
        String,
        String,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<i64>,
    );
    let mut rest: std::collections::HashMap<i64, Rest> = std::collections::HashMap::new();
    for chunk in ids.chunks(500) {
        let params = pool.dialect().value_rows(1, chunk.len());
        let sql = format!(
            "SELECT id, tags, text, line, start_fen, error, source, source_game FROM db_games \
             WHERE id IN {params}"
        );
        let rows: Vec<Rest> = on_pool!(pool, p => {
            let mut q = sqlx::query_as(&sql);
            for id in chunk {
                q = q.bind(*id);
            }
            q.fetch_all(p).await?
        });
        rest.extend(rows.into_iter().map(|r| (r.0, r)));
    }
    let summaries = summaries(pool, ids).await?;
    Ok(summaries
        .into_iter()
        .filter_map(|summary| {
            let (_, tags, text, line, start_fen, error, source, source_game) =
                rest.remove(&summary.id)?;
            Some(StoredGame {
                summary,
                tags: serde_json::from_str(&tags).unwrap_or_default(),
                text,
                line,
                start_fen,
                error,
                source,
                source_game,
            })
        })
        .collect())
}
