//! The HTML pages: home, a game's page, the analysis board, the help pages, practice, the
//! new-game form, the editor, and the 404 page.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use super::AppState;
use super::game_id::is_game_id;
use super::games_api::computer::resume_computer;
use super::games_api::export::{analysis_view, summary};
use super::games_api::load::game_info;
use super::games_api::seats::seat_free_for;
use super::page::{analysis_page, error_page, error_page_for, page, translate};
use super::rules_menu;
use super::template::Values;
use super::visitor::{Visitor, cookie};
use super::web_files;
use games::{ChessVariant, Rules};

fn article(lang: &str, name: &str) -> String {
    web_files::text(&format!("content/{name}.{lang}.html"))
        .or_else(|| web_files::text(&format!("content/{name}.en.html")))
        .unwrap_or("")
        .to_string()
}

/// `GET /help/notation`.
pub async fn help_notation(State(app): State<Arc<AppState>>, v: Visitor) -> Response {
    let values = Values::default().raw("article", article(v.lang, "help-notation"));
    page(
        &app,
        &v,
        StatusCode::OK,
        "help-notation",
        "page.help-notation",
        values,
        &serde_json::json!({}),
    )
}

/// `GET /help/glossary`.
pub async fn glossary(State(app): State<Arc<AppState>>, v: Visitor) -> Response {
    let values = Values::default().raw("article", article(v.lang, "glossary"));
    page(
        &app,
        &v,
        StatusCode::OK,
        "glossary",
        "page.glossary",
        values,
        &serde_json::json!({}),
    )
}

/// `GET /practice`.
pub async fn practice(State(app): State<Arc<AppState>>, v: Visitor) -> Response {
    let positions: serde_json::Value = web_files::text("practice.json")
        .and_then(|t| serde_json::from_str(t).ok())
        .unwrap_or(serde_json::json!([]));
    page(
        &app,
        &v,
        StatusCode::OK,
        "practice",
        "page.practice",
        Values::default(),
        &serde_json::json!({ "positions": positions }),
    )
}

/// The rules the analysis board and the editor open with: American checkers.
const DEFAULT_RULES: Rules = Rules::Draughts(draughts::Variant::AMERICAN);

/// A position asked for in a page's query: `?rules=...&fen=...` (the editor's "play from
/// here", a shared link), and for a chess variant `&variant=...` (the editor).
#[derive(Debug, serde::Deserialize)]
pub struct PositionQuery {
    rules: Option<String>,
    variant: Option<String>,
    fen: Option<String>,
}

/// The chess variant a page's query names, with chess rules only: an unknown name, or one
/// given with draughts rules, is left out (the page opens standard chess, or the draughts).
fn query_variant(rules: &str, name: Option<&str>) -> Option<ChessVariant> {
    name.and_then(ChessVariant::from_name)
        .filter(|_| rules == Rules::Chess.name())
}

impl PositionQuery {
    /// The rules' name, when the query names known rules.
    fn rules(&self) -> Option<&'static str> {
        self.rules
            .as_deref()
            .and_then(|r| r.parse::<Rules>().ok())
            .map(|r| r.name())
    }

    /// The FEN, when given and not too long for a page's data.
    fn fen(&self) -> Option<&str> {
        self.fen
            .as_deref()
            .map(str::trim)
            .filter(|f| !f.is_empty() && f.len() <= 4096)
    }
}

/// `GET /new`: the form, with the rules and start position of `?rules=&fen=` when given.
pub async fn new_game(
    State(app): State<Arc<AppState>>,
    v: Visitor,
    Query(q): Query<PositionQuery>,
) -> Response {
    let menu = Values::default().raw("rules-choices", rules_menu::choices(translate(&app, &v)));
    position_page(
        &app,
        &v,
        ("new-game", "page.new-game"),
        menu,
        q.rules(),
        // Games are played in standard chess (and draughts) only.
        None,
        q.fen(),
    )
}

/// `GET /editor`: the board editor, with the position of `?rules=&variant=&fen=` when given.
pub async fn editor(
    State(app): State<Arc<AppState>>,
    v: Visitor,
    Query(q): Query<PositionQuery>,
) -> Response {
    let menu = Values::default().raw("rules-options", rules_menu::options(translate(&app, &v)));
    let rules = q.rules().unwrap_or(DEFAULT_RULES.name());
    position_page(
        &app,
        &v,
        ("editor", "page.editor"),
        menu,
        Some(rules),
        query_variant(rules, q.variant.as_deref()),
        q.fen(),
    )
}

/// A page that opens on a position: its template and title key, and the rules, the chess
/// variant and the FEN as its data.
fn position_page(
    app: &AppState,
    v: &Visitor,
    (template, title_key): (&str, &str),
    values: Values,
    rules: Option<&str>,
    variant: Option<ChessVariant>,
    fen: Option<&str>,
) -> Response {
    page(
        app,
        v,
        StatusCode::OK,
        template,
        title_key,
        values,
        &serde_json::json!({ "rules": rules, "variant": variant, "fen": fen }),
    )
}

/// `GET /analysis`'s query: the rules and position to open, or a stored game (`?game=ID`).
#[derive(Debug, serde::Deserialize)]
pub struct AnalysisQuery {
    rules: Option<String>,
    /// Chess: the variant of `fen` (`crazyhouse`, ...), as the board's "Copy link" writes it.
    variant: Option<String>,
    fen: Option<String>,
    game: Option<String>,
    /// A game of the games database, by its id there.
    db: Option<String>,
}

/// `GET /analysis`: the board, empty or with a stored finished game (seen from the side the
/// visitor played, `you`); a game still in progress is refused with 409.
pub async fn analysis(
    State(app): State<Arc<AppState>>,
    v: Visitor,
    headers: HeaderMap,
    Query(q): Query<AnalysisQuery>,
) -> Response {
    let rules = q
        .rules
        .as_deref()
        .and_then(|r| r.parse::<Rules>().ok())
        .unwrap_or(DEFAULT_RULES)
        .name();
    let variant = query_variant(rules, q.variant.as_deref());
    let mut data = serde_json::json!({ "rules": rules, "variant": variant, "fen": q.fen, "game": null, "game_id": q.game });
    if let Some(id) = &q.game {
        if !is_game_id(id) {
            return error_page(&app, &v, StatusCode::NOT_FOUND, "error.no-game");
        }
        let secret = cookie(&headers, &format!("s_{id}"));
        match analysis_view(&app, id, secret).await {
            Ok(found) => {
                data["rules"] = serde_json::json!(found.view.rules);
                data["game"] = serde_json::to_value(&found.view).unwrap_or_default();
                // The game's record goes into the paste box too, so that Load (or a change
                // of notation) reads the game again instead of wiping it.
                data["pdn"] = serde_json::json!(found.text);
                data["you"] = serde_json::json!(found.you);
            }
            Err(e) if e.status == StatusCode::CONFLICT => {
                let values = Values::default().text("game_id", id.clone());
                return page(
                    &app,
                    &v,
                    StatusCode::CONFLICT,
                    "analysis-refused",
                    "page.analysis-refused",
                    values,
                    &serde_json::json!({ "game_id": id }),
                );
            }
            Err(e) => return error_page_for(&app, &v, &e),
        }
    }
    if let Some(id) = &q.db {
        let stored = match (&app.database, id.parse::<i64>()) {
            (Some(db), Ok(id)) => db.game(id).await.ok().flatten(),
            _ => None,
        };
        let Some(game) = stored else {
            return error_page(&app, &v, StatusCode::NOT_FOUND, "error.no-game");
        };
        // The game's text goes into the paste box and is loaded from there, as a pasted
        // game is, under its variant.
        let variant = game
            .summary
            .variant
            .as_deref()
            .and_then(|name| name.parse::<games::AnyVariant>().ok());
        if let Some(variant) = variant {
            data["rules"] = serde_json::json!(variant.rules().name());
            if let games::AnyVariant::Chess(c) = variant {
                data["variant"] = serde_json::json!(c);
            }
        }
        data["pdn"] = serde_json::json!(game.text);
        data["db_game"] = serde_json::json!(game.summary.id);
    }
    analysis_page(&app, &v, &data)
}

/// `GET /database`: the games database's search; each game found opens on the analysis
/// board.
pub async fn database(State(app): State<Arc<AppState>>, v: Visitor) -> Response {
    let variants: Vec<&str> = games::ChessVariant::ALL
        .iter()
        .map(|c| c.key())
        .chain(draughts::Variant::ALL.iter().map(|d| d.name))
        .collect();
    page(
        &app,
        &v,
        StatusCode::OK,
        "database",
        "page.database",
        Values::default(),
        &serde_json::json!({ "variants": variants }),
    )
}

/// Any other path: a 404 page.
pub async fn not_found(State(app): State<Arc<AppState>>, v: Visitor) -> Response {
    error_page(&app, &v, StatusCode::NOT_FOUND, "error.not-found")
}

/// `GET /`: recent finished games and the visitor's own games.
pub async fn home(State(app): State<Arc<AppState>>, v: Visitor) -> Response {
    let recent = app.store.recent_finished(20).await.unwrap_or_default();
    let mine = app.store.games_of(&v.id, 20).await.unwrap_or_default();
    let data = serde_json::json!({
        "recent": recent.iter().map(summary).collect::<Vec<_>>(),
        "mine": mine.iter().map(summary).collect::<Vec<_>>(),
    });
    page(
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
pub async fn game_page(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    v: Visitor,
    headers: HeaderMap,
) -> Response {
    if !is_game_id(&id) {
        return error_page(&app, &v, StatusCode::NOT_FOUND, "error.no-game");
    }
    let secret = cookie(&headers, &format!("s_{id}")).map(str::to_string);
    // One load of the game: its row comes back with its info (404 when there is none).
    let (info, game) = match game_info(&app, &id, secret.as_deref()).await {
        Ok(loaded) => loaded,
        Err(e) => return error_page_for(&app, &v, &e),
    };
    resume_computer(&app, &info, &game);
    let you = info.you;
    let can_join = seat_free_for(&game, &v, you.is_some(), secret.as_deref());
    let data = serde_json::json!({ "game": info, "you": you, "can_join": can_join });
    let values = Values::default().text("game_id", id.clone());
    page(&app, &v, StatusCode::OK, "game", "page.game", values, &data)
}
