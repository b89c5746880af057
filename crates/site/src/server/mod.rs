//! The web site: `scoresheet serve`. Pages are filled from templates embedded in the binary;
//! the analysis board and the games use the JSON API (see docs/api.md); games are kept in the
//! store (SQLite by default).

pub mod analyses;
pub mod analysis;
pub mod clocks;
pub mod engine_api;
pub mod error;
pub mod forwarded;
pub mod game_id;
pub mod games_api;
pub mod heavy;
mod holding;
mod hub;
pub mod i18n;
mod json;
pub mod listener;
pub mod live;
pub mod openapi;
pub mod pages;
pub mod play;
pub mod rematch;
mod rules_menu;
pub mod same_origin;
pub mod streams;
pub mod template;
pub mod views;
pub mod web_files;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::FutureExt;

use crate::store::Store;
pub use hub::Hub;
use i18n::Catalogs;
pub use listener::Limits;
use pages::Visitor;
use template::Values;

/// What every request handler shares.
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub catalogs: Catalogs,
    pub hub: Hub,
    pub live: live::Live,
    /// Permits for the work of heavy requests and computer searches: one per core (see
    /// [`heavy`]).
    pub heavy: Arc<tokio::sync::Semaphore>,
    /// Permits to enter a heavy route at all, taken before the body is read (see [`heavy`]).
    pub admitted: Arc<tokio::sync::Semaphore>,
    /// Open live event streams (see [`streams`]).
    pub streams: Arc<streams::Streams>,
    /// Cookies carry `Secure` on every answer (the site is served over HTTPS), not only on
    /// requests a proxy marks `X-Forwarded-Proto: https`.
    pub secure_cookies: bool,
    /// The analysis engines and their bounds (see [`crate::engine`]).
    pub engine: crate::engine::Engine,
}

impl AppState {
    /// The state of a server on `store` with room for `max_connections` connections.
    pub fn new(
        store: Arc<dyn Store>,
        max_connections: usize,
        secure_cookies: bool,
    ) -> anyhow::Result<AppState> {
        Ok(AppState {
            store,
            catalogs: Catalogs::load()?,
            hub: Hub::default(),
            live: live::Live::default(),
            heavy: Arc::new(tokio::sync::Semaphore::new(heavy::default_permits())),
            admitted: Arc::new(tokio::sync::Semaphore::new(heavy::ADMITTED)),
            streams: Arc::new(streams::Streams::new((max_connections / 2).max(1))),
            secure_cookies,
            engine: crate::engine::Engine::discover(),
        })
    }
}

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub addr: SocketAddr,
    pub database: String,
    /// Connection cap and timeouts.
    pub limits: Limits,
    /// Mark every cookie `Secure` (the site is reached over HTTPS).
    pub secure_cookies: bool,
    /// Stockfish's executable (else found as [`crate::engine::stockfish::find`] says).
    pub stockfish: Option<std::path::PathBuf>,
}

/// Opens the database, binds the address and serves until Ctrl-C.
pub async fn serve(config: ServerConfig) -> anyhow::Result<()> {
    let store = crate::store::open(&config.database).await?;
    let changes = store.changes().await?;
    let limits = config.limits.clone().capped_by_file_limit();
    let mut state = AppState::new(store, limits.max_connections, config.secure_cookies)?;
    if let Some(path) = &config.stockfish
        && !path.is_file()
    {
        anyhow::bail!("--stockfish {}: no such file", path.display());
    }
    state.engine = crate::engine::Engine::new(crate::engine::stockfish::find(config.stockfish));
    let state = Arc::new(state);
    if let Some(changes) = changes {
        tokio::spawn(games_api::follow_changes(state.clone(), changes));
    }
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let local = listener.local_addr()?;
    eprintln!(
        "scoresheet: serving http://{local}/ (database {}, at most {} connections)",
        shown(&config.database),
        limits.max_connections
    );
    listener::serve(listener, router(state), limits, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    Ok(())
}

/// A database name fit to print: a URL's password left out.
fn shown(database: &str) -> String {
    match (database.find("://"), database.rfind('@')) {
        (Some(scheme), Some(at)) if scheme + 3 < at => {
            let user = &database[scheme + 3..at];
            let user = user.split_once(':').map_or(user, |(name, _)| name);
            format!("{}{user}{}", &database[..scheme + 3], &database[at..])
        }
        _ => database.to_string(),
    }
}

/// Every route.
pub fn router(state: Arc<AppState>) -> Router {
    // Routes that cost real work wait for a permit first (before their body is read).
    let heavy = Router::new()
        .route("/load", post(analysis::load))
        .route("/position", post(analysis::position))
        .route("/play", post(analysis::play))
        .route("/export", post(analysis::export))
        .route("/analyses", post(analyses::save))
        .route("/games/{id}/pdn", get(games_api::pdn))
        .route("/games/{id}/analysis", get(games_api::analysis))
        .route_layer(middleware::from_fn_with_state(state.clone(), heavy::limit));
    let api = Router::new()
        .merge(heavy)
        .route("/svg", get(analysis::svg))
        .route("/games", post(games_api::create))
        .route("/games/{id}", get(games_api::get))
        .route("/games/{id}/join", post(games_api::join))
        .route("/games/{id}/moves", post(games_api::play_move))
        .route("/games/{id}/resign", post(games_api::resign))
        .route("/games/{id}/rematch", post(rematch::rematch))
        .route("/games/{id}/draw", post(games_api::draw))
        .route("/games/{id}/events", get(games_api::events))
        .route("/engine", get(engine_api::analyse))
        .route("/engine/status", get(engine_api::status))
        .route("/openapi.json", get(openapi::openapi))
        .fallback(api_not_found)
        // Rejections of the HTTP layer (a bad query or path, a wrong method) get the JSON error.
        .layer(middleware::from_fn(json::json_errors))
        // Pasted text may be 1 MB; JSON escaping may make its body somewhat larger.
        .layer(DefaultBodyLimit::max(3 << 20));
    Router::new()
        .nest("/api", api)
        .route("/", get(home))
        .route("/analysis", get(pages::analysis))
        .route("/analysis/{id}", get(analyses::page))
        .route("/help/notation", get(pages::help_notation))
        .route("/help/glossary", get(pages::glossary))
        .route("/practice", get(pages::practice))
        .route("/new", get(pages::new_game))
        .route("/editor", get(pages::editor))
        .route("/game/{id}", get(game_page))
        .route("/static/{*path}", get(pages::static_file))
        .fallback(pages::not_found)
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

/// Whether cookies set in answer to `request` carry `Secure`; put into the request's
/// extensions by [`guard`] for [`Visitor`] and the games API.
#[derive(Clone, Copy, Debug)]
pub struct SecureCookies(pub bool);

/// Cross-site requests refused, security headers on every answer, and a 500 instead of a
/// dropped connection should a handler ever panic.
async fn guard(State(app): State<Arc<AppState>>, mut request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    if let Some(why) = same_origin::cross_site(request.method(), request.headers()) {
        return error::ApiError::new(StatusCode::FORBIDDEN, "cross-site", why).into_response();
    }
    let https = request
        .headers()
        .get("x-forwarded-proto")
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"https"));
    request
        .extensions_mut()
        .insert(SecureCookies(app.secure_cookies || https));
    let mut response = match std::panic::AssertUnwindSafe(next.run(request))
        .catch_unwind()
        .await
    {
        Ok(r) => r,
        Err(_) => {
            let e = error::ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "internal error",
            );
            if api {
                e.into_response()
            } else {
                (StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response()
            }
        }
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    response
}

async fn api_not_found() -> error::ApiError {
    error::ApiError::not_found("no such API endpoint (see docs/api.md)")
}

/// `GET /`: recent finished games and the visitor's own games.
async fn home(State(app): State<Arc<AppState>>, v: Visitor) -> Response {
    let recent = app.store.recent_finished(20).await.unwrap_or_default();
    let mine = app.store.games_of(&v.id, 20).await.unwrap_or_default();
    let data = serde_json::json!({
        "recent": recent.iter().map(games_api::GameSummary::of).collect::<Vec<_>>(),
        "mine": mine.iter().map(games_api::GameSummary::of).collect::<Vec<_>>(),
    });
    pages::page(
        &app,
        &v,
        StatusCode::OK,
        "home",
        "home.title",
        Values::default(),
        &data,
    )
}

/// `GET /game/{id}`: a game's page. A visitor opening a friend game's link while a seat is
/// free is offered the seat (`can_join`); only the page's POST to
/// `/api/games/{id}/join` takes it, so link previews and prefetching take nothing.
async fn game_page(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    v: Visitor,
    headers: axum::http::HeaderMap,
) -> Response {
    if !game_id::is_game_id(&id) {
        return pages::error_page(&app, &v, StatusCode::NOT_FOUND, "error.no-game");
    }
    let secret = pages::cookie(&headers, &format!("s_{id}")).map(str::to_string);
    // One load of the game: its row comes back with its info (404 when there is none).
    let (info, game) = match games_api::game_info(&app, &id, secret.as_deref()).await {
        Ok(loaded) => loaded,
        Err(e) => return pages::error_page_for(&app, &v, &e),
    };
    games_api::resume_computer(&app, &info, &game);
    let you = info.you;
    let can_join = games_api::seat_free_for(&game, &v, you.is_some());
    let data = serde_json::json!({ "game": info, "you": you, "can_join": can_join });
    let values = Values::default().text("game_id", id.clone());
    pages::page(&app, &v, StatusCode::OK, "game", "page.game", values, &data)
}

#[cfg(test)]
mod shown_tests {
    use super::shown;

    #[test]
    fn a_database_url_is_shown_without_its_password() {
        assert_eq!(
            shown("postgres://ann:s3cret@db:5432/games"),
            "postgres://ann@db:5432/games"
        );
        assert_eq!(shown("postgres://ann@db/games"), "postgres://ann@db/games");
        assert_eq!(shown("postgresql://db/games"), "postgresql://db/games");
        assert_eq!(
            shown("/var/lib/scoresheet.sqlite3"),
            "/var/lib/scoresheet.sqlite3"
        );
    }
}
