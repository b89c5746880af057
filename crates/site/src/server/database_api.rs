//! The games database over HTTP: the opening explorer (`GET /api/explorer`), the search
//! (`GET /api/database/games`) and a stored game (`GET /api/database/games/{id}`). The
//! database itself is the `database` crate, on the same database as the store.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use database::{
    Database, DbError, ExploreQuery, Explorer, Filters, Outcome, SearchPage, SearchQuery, Side,
    StoredGame,
};
use games::{ChessVariant, Rules};
use serde::Deserialize;

use super::AppState;
use super::board_position::{position_of, start_of};
use super::error::ApiError;
use super::json::ApiQuery;
use super::views::NotationRequest;

/// The filters every database query takes (read from the query string beside the request's
/// own fields: the same string read twice, rather than one struct flattened into the other,
/// which would read every number as text).
#[derive(Debug, Default, Deserialize)]
pub struct FilterQuery {
    /// A player, matching names that start with it whatever the case (`kasparov`).
    pub player: Option<String>,
    /// The colour `player` had.
    pub color: Option<Side>,
    /// White's name, from its start.
    pub white: Option<String>,
    /// Black's name, from its start.
    pub black: Option<String>,
    /// The event, from its start.
    pub event: Option<String>,
    /// The site, from its start.
    pub site: Option<String>,
    /// Played on or after: `1990`, `1990.05` or `1990.05.17`.
    pub since: Option<String>,
    /// Played on or before: `1999`, `1999.12` or `1999.12.31`.
    pub until: Option<String>,
    /// The players' average rating at least this.
    pub min_rating: Option<u16>,
    /// The players' average rating at most this.
    pub max_rating: Option<u16>,
    /// How the game ended.
    pub result: Option<Outcome>,
}

impl FilterQuery {
    fn filters(&self) -> Result<Filters, ApiError> {
        Filters {
            player: self.player.clone(),
            color: self.color,
            white: self.white.clone(),
            black: self.black.clone(),
            event: self.event.clone(),
            site: self.site.clone(),
            min_rating: self.min_rating,
            max_rating: self.max_rating,
            outcome: self.result,
            variant: None,
            ..Filters::default()
        }
        .with_dates(self.since.as_deref(), self.until.as_deref())
        .map_err(ApiError::bad_request)
    }
}

/// `GET /api/explorer`'s query: a position (the rules, a chess variant, a FEN, the start
/// when left out, and moves played from it) and what to list.
#[derive(Debug, Deserialize)]
pub struct ExplorerRequest {
    /// The rules: `chess` or a draughts variant.
    #[serde(with = "crate::models::rules")]
    pub rules: Rules,
    /// Chess: the variant (standard chess when left out).
    pub variant: Option<ChessVariant>,
    /// The position's FEN; the variant's start when left out.
    pub fen: Option<String>,
    /// Moves played from the FEN or the start, as ids (`e2e4`, `32-28`) or in any notation,
    /// separated by spaces.
    pub moves: Option<String>,
    /// How many of the highest-rated games to list (at most 20; 4 when left out).
    top: Option<usize>,
    /// How many of the latest games to list (at most 20; 4 when left out).
    recent: Option<usize>,
    /// Chess: the language of the piece letters of the moves.
    lang: Option<String>,
    /// Chess: the notation of the moves (`san`, `long`, `uci`, ...).
    style: Option<String>,
}

impl ExplorerRequest {
    fn position(&self) -> Result<games::AnyPosition, ApiError> {
        let mut pos = match &self.fen {
            Some(fen) => position_of(self.rules, self.variant, fen)?,
            None => start_of(self.rules, self.variant)?,
        };
        for word in self.moves.as_deref().unwrap_or("").split_whitespace() {
            let m = pos
                .find_move(word)
                .map_err(|e| ApiError::unreadable("illegal-move", format!("`{word}`: {e}")))?;
            pos = pos.after(&m);
        }
        Ok(pos)
    }
}

/// The database, or 503 when the server has none.
fn database(app: &AppState) -> Result<&Database, ApiError> {
    app.database.as_ref().ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "database-unavailable",
            "the games database is not open",
        )
    })
}

/// A database error as the API says it.
fn db_error(e: DbError) -> ApiError {
    match e {
        DbError::Query(message) => ApiError::unreadable("illegal-move", message),
        other => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "database",
            other.to_string(),
        ),
    }
}

/// `GET /api/explorer`: the moves played from a position in the database's games, their
/// counts by result, average rating, score and first year, and the top and latest games.
pub async fn explorer(
    State(app): State<Arc<AppState>>,
    ApiQuery(q): ApiQuery<ExplorerRequest>,
    ApiQuery(filters): ApiQuery<FilterQuery>,
) -> Result<Json<Explorer>, ApiError> {
    let db = database(&app)?;
    let notation = NotationRequest {
        lang: q.lang.clone(),
        style: q.style.clone(),
        figurines: false,
        squares: None,
    }
    .choice()?;
    let query = ExploreQuery {
        position: q.position()?,
        filters: filters.filters()?,
        top: q.top.unwrap_or(4).min(20),
        recent: q.recent.unwrap_or(4).min(20),
        notation,
    };
    Ok(Json(db.explore(&query).await.map_err(db_error)?))
}

/// `GET /api/database/games`'s query.
#[derive(Debug, Deserialize)]
pub struct SearchRequest {
    /// The variant's name (`standard`, `chess960`, `international`, `american`, ...): games
    /// of it only, and the rules of `fen`, `moves` and `opening`.
    variant: Option<String>,
    /// Games that reach this position (by any move order): its FEN.
    fen: Option<String>,
    /// Moves played from `fen` or the start to the position the games reach.
    moves: Option<String>,
    /// Games whose main line starts with these moves, separated by spaces.
    opening: Option<String>,
    /// Games with a position that shows these pieces (see [`database::Pattern`]).
    pattern: Option<String>,
    /// The page, from 1.
    page: Option<u64>,
    /// Games per page (at most 100; 20 when left out).
    limit: Option<u64>,
}

/// `GET /api/database/games`: the games that match, the latest first, a page at a time, and
/// their count.
pub async fn search(
    State(app): State<Arc<AppState>>,
    ApiQuery(q): ApiQuery<SearchRequest>,
    ApiQuery(filters): ApiQuery<FilterQuery>,
) -> Result<Json<SearchPage>, ApiError> {
    let db = database(&app)?;
    let mut filters = filters.filters()?;
    let variant = q
        .variant
        .as_deref()
        .map(|v| {
            v.parse::<games::AnyVariant>()
                .map_err(ApiError::bad_request)
        })
        .transpose()?;
    filters.variant = variant;
    let position = if q.fen.is_some() || q.moves.is_some() {
        let v = variant.unwrap_or(games::AnyVariant::Chess(ChessVariant::Standard));
        let mut pos = match &q.fen {
            Some(fen) => v
                .position_from_fen(fen)
                .map_err(|m| ApiError::unreadable("bad-fen", m))?,
            None => v.start(),
        };
        for word in q.moves.as_deref().unwrap_or("").split_whitespace() {
            let m = pos
                .find_move(word)
                .map_err(|e| ApiError::unreadable("illegal-move", format!("`{word}`: {e}")))?;
            pos = pos.after(&m);
        }
        Some(pos)
    } else {
        None
    };
    let limit = q.limit.unwrap_or(20).clamp(1, 100);
    // Pages beyond the billionth are past any database's end.
    let page = q.page.unwrap_or(1).clamp(1, 1_000_000_000);
    let pattern = q
        .pattern
        .as_deref()
        .map(|p| {
            database::Pattern::parse(
                p,
                variant.unwrap_or(games::AnyVariant::Chess(ChessVariant::Standard)),
            )
        })
        .transpose()
        .map_err(ApiError::bad_request)?;
    let query = SearchQuery {
        filters,
        position,
        pattern,
        opening: q
            .opening
            .as_deref()
            .map(|o| o.split_whitespace().map(str::to_string).collect()),
        offset: (page - 1).saturating_mul(limit),
        limit,
    };
    Ok(Json(db.search(&query).await.map_err(db_error)?))
}

/// `GET /api/database/games/{id}`: a stored game whole, its text as written.
pub async fn game(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<StoredGame>, ApiError> {
    let db = database(&app)?;
    let id: i64 = id
        .parse()
        .map_err(|_| ApiError::not_found("no such game in the database"))?;
    match db.game(id).await.map_err(db_error)? {
        Some(game) => Ok(Json(game)),
        None => Err(ApiError::not_found("no such game in the database")),
    }
}
