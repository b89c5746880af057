//! Every route of the site, and what wraps them all: cross-site POSTs refused, security
//! headers, a 500 instead of a dropped connection should a handler panic, answers gzipped
//! for the clients that take gzip. The top of the
//! server's layers: the router knows the handlers and the description, none of them knows it.

use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::FutureExt;
use tower_http::compression::CompressionLayer;

use super::AppState;
use super::error::ApiError;
use super::games_api::{analysed, create, endings, export, follow, moves, rematch, seats};
use super::json::json_errors;
use super::same_origin::cross_site;
use super::visitor::SecureCookies;
use super::{
    board_api, computer_analysis, database_api, engine_api, game_list, heavy, lobby, openapi,
    pages, saved_analyses, static_files, texts_api,
};

/// Every route.
pub fn router(state: Arc<AppState>) -> Router {
    // Routes that cost real work wait for a permit first (before their body is read).
    let heavy = Router::new()
        .route("/load", post(board_api::load))
        .route("/list", post(game_list::list))
        .route("/position", post(board_api::position))
        .route("/play", post(board_api::play))
        .route("/export", post(board_api::export))
        .route("/analyses", post(saved_analyses::save))
        .route("/games/{id}/pdn", get(export::pdn))
        .route("/games/{id}/analysis", get(export::analysis))
        .route(
            "/games/{id}/computer-analysis",
            get(analysed::computer_analysis),
        )
        .route("/explorer", get(database_api::explorer))
        .route("/database/games", get(database_api::search))
        .route("/database/games/{id}", get(database_api::game))
        .route("/computer-analysis", post(computer_analysis::request))
        .route_layer(middleware::from_fn_with_state(state.clone(), heavy::limit));
    let api = Router::new()
        .merge(heavy)
        .route("/svg", get(board_api::svg))
        .route("/games", post(create::create))
        .route("/games/{id}", get(follow::get))
        .route("/games/{id}/join", post(seats::join))
        .route("/games/{id}/moves", post(moves::play_move))
        .route("/games/{id}/resign", post(endings::resign))
        .route("/games/{id}/rematch", post(rematch::rematch))
        .route("/games/{id}/draw", post(endings::draw))
        .route("/games/{id}/events", get(follow::events))
        .route("/engine", get(engine_api::analyse))
        .route("/engine/status", get(engine_api::status))
        .route("/computer-analysis/{key}", get(computer_analysis::status))
        .route("/lobby", get(lobby::list))
        .route("/lobby/events", get(lobby::events))
        .route("/texts/{namespace}", get(texts_api::texts))
        .route("/openapi.json", get(openapi::openapi))
        .fallback(api_not_found)
        // Rejections of the HTTP layer (a bad query or path, a wrong method) get the JSON error.
        .layer(middleware::from_fn(json_errors))
        // Pasted text may be 1 MB; JSON escaping may make its body somewhat larger.
        .layer(DefaultBodyLimit::max(3 << 20));
    Router::new()
        .nest("/api", api)
        .route("/", get(pages::home))
        .route("/analysis", get(pages::analysis))
        .route("/analysis/{id}", get(saved_analyses::page))
        .route("/help/notation", get(pages::help_notation))
        .route("/help/glossary", get(pages::glossary))
        .route("/practice", get(pages::practice))
        .route("/new", get(pages::new_game))
        .route("/editor", get(pages::editor))
        .route("/game/{id}", get(pages::game_page))
        .route("/database", get(pages::database))
        .route("/static/{*path}", get(static_files::static_file))
        .fallback(pages::not_found)
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        // Pages and API answers gzipped for the clients that take gzip, at zlib's default
        // level (as served, the fastest made pages 25-27 % and the API's description 48 %
        // bigger). Left as
        // they are: the static files, gzipped once at build time (they carry their
        // Content-Encoding), answers under 32 bytes, images, and event streams (each event
        // must leave at once).
        .layer(CompressionLayer::new())
        .with_state(state)
}

/// Cross-site requests refused, paths a browser would read as another site's sent to this
/// site's own, security headers on every answer, and a 500 instead of a dropped connection
/// should a handler ever panic.
async fn guard(State(app): State<Arc<AppState>>, mut request: Request, next: Next) -> Response {
    if let Some(own) = own_path(request.uri()) {
        return match HeaderValue::from_str(&own) {
            Ok(to) => (StatusCode::PERMANENT_REDIRECT, [(header::LOCATION, to)]).into_response(),
            Err(_) => ApiError::not_found("no such page").into_response(),
        };
    }
    let api = request.uri().path().starts_with("/api/");
    if let Some(why) = cross_site(request.method(), request.headers()) {
        return ApiError::new(StatusCode::FORBIDDEN, "cross-site", why).into_response();
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
            let e = ApiError::internal("internal error");
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

/// For a path that starts `//` or `/\` (which a browser resolves as another host's:
/// `//evil.example/x`), the same path and query on this site, its leading slashes made one.
fn own_path(uri: &axum::http::Uri) -> Option<String> {
    let path = uri.path();
    if !(path.starts_with("//") || path.starts_with("/\\")) {
        return None;
    }
    let rest = path.trim_start_matches(['/', '\\']);
    Some(match uri.query() {
        Some(q) => format!("/{rest}?{q}"),
        None => format!("/{rest}"),
    })
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("no such API endpoint (see docs/api.md)")
}
