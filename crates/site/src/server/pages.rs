//! HTML pages: templates filled in the visitor's language, with the page's data.

use std::sync::Arc;

use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::AppState;
use super::i18n::{LANGUAGES, from_accept_language, supported};
use super::rules_menu;
use super::template::{Values, render};
use super::web_files;
use games::render::escape_html;

/// Who is asking for a page: the language to answer in and the visitor's id, with the cookies
/// to set when either is new.
pub struct Visitor {
    pub lang: &'static str,
    pub id: String,
    pub path: String,
    pub query: Vec<(String, String)>,
    pub set_cookies: Vec<String>,
    /// Cookies set for this visitor carry `Secure` (see [`super::SecureCookies`]).
    pub secure: bool,
}

impl Visitor {
    /// Adds the visitor's new cookies (language, visitor id) to an answer.
    pub fn add_cookies(&self, response: &mut Response) {
        for c in &self.set_cookies {
            if let Ok(value) = HeaderValue::from_str(c) {
                response.headers_mut().append(header::SET_COOKIE, value);
            }
        }
    }
}

const YEAR: u32 = 365 * 24 * 3600;

/// The value of cookie `name` in a request's headers.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// A random token: 128 bits as 32 hex digits.
pub fn random_token() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).unwrap_or_else(|_| {
        // No system randomness: fall back to the clock (still unique, less secret).
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        bytes.copy_from_slice(&t.to_le_bytes());
    });
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl<S: Send + Sync> FromRequestParts<S> for Visitor {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Visitor, Self::Rejection> {
        let query: Vec<(String, String)> = parts
            .uri
            .query()
            .map(form_urlencoded_pairs)
            .unwrap_or_default();
        let mut set_cookies = Vec::new();
        let secure = parts
            .extensions
            .get::<super::SecureCookies>()
            .is_some_and(|s| s.0);
        let flag = if secure { "; Secure" } else { "" };
        let asked = query
            .iter()
            .find(|(k, _)| k == "lang")
            .and_then(|(_, v)| supported(v));
        let lang = match asked {
            Some(l) => {
                set_cookies.push(format!(
                    "lang={l}; Path=/; Max-Age={YEAR}; SameSite=Lax{flag}"
                ));
                l
            }
            None => cookie(&parts.headers, "lang")
                .and_then(supported)
                .or_else(|| {
                    parts
                        .headers
                        .get(header::ACCEPT_LANGUAGE)
                        .and_then(|v| v.to_str().ok())
                        .and_then(from_accept_language)
                })
                .unwrap_or("en"),
        };
        let id = match cookie(&parts.headers, "visitor")
            .filter(|v| v.len() == 32 && v.bytes().all(|b| b.is_ascii_hexdigit()))
        {
            Some(v) => v.to_string(),
            None => {
                let v = random_token();
                set_cookies.push(format!(
                    "visitor={v}; Path=/; Max-Age={YEAR}; SameSite=Lax; HttpOnly{flag}"
                ));
                v
            }
        };
        Ok(Visitor {
            lang,
            id,
            path: parts.uri.path().to_string(),
            query,
            set_cookies,
            secure,
        })
    }
}

fn form_urlencoded_pairs(q: &str) -> Vec<(String, String)> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(q).unwrap_or_default()
}

/// The language switcher: one link per language, keeping the page and its other parameters.
fn language_links(v: &Visitor) -> String {
    let mut out = String::new();
    for (code, name) in LANGUAGES {
        let mut query: Vec<(String, String)> = v
            .query
            .iter()
            .filter(|(k, _)| k != "lang")
            .cloned()
            .collect();
        query.push(("lang".into(), code.into()));
        let href = format!(
            "{}?{}",
            v.path,
            serde_urlencoded::to_string(&query).unwrap_or_default()
        );
        let current = if code == v.lang {
            " aria-current=\"true\" class=\"current\""
        } else {
            ""
        };
        out.push_str(&format!(
            "<a href=\"{}\" hreflang=\"{code}\" lang=\"{code}\"{current}>{}</a>",
            escape_html(&href),
            escape_html(name)
        ));
    }
    out
}

/// The catalog text of a key in the visitor's language.
fn translate<'a>(app: &'a AppState, v: &'a Visitor) -> impl Fn(&str) -> String + 'a {
    move |key| app.catalogs.text(v.lang, key).to_string()
}

/// Renders a page: `template` inside the layout, titled by catalog key `title_key`.
pub fn page(
    app: &AppState,
    v: &Visitor,
    status: StatusCode,
    template: &str,
    title_key: &str,
    values: Values,
    data: &impl Serialize,
) -> Response {
    let values = values.text("static", web_files::static_prefix());
    let body = web_files::text(&format!("templates/{template}.html")).unwrap_or("");
    let body = super::template::with_parts(body, |name| {
        web_files::text(&format!("templates/parts/{name}.html"))
    });
    let content = render(&body, &values, translate(app, v));
    let layout_values = values
        .text("lang", v.lang)
        .text("title", app.catalogs.text(v.lang, title_key))
        .raw("content", content)
        .raw("languages", language_links(v))
        .json("page", data)
        .raw(
            "i18n",
            super::template::script_safe_json(&RawJson(app.catalogs.catalog(v.lang).json)),
        );
    let layout = web_files::text("templates/layout.html").unwrap_or("{{raw:content}}");
    let mut values = layout_values;
    // The catalog is already JSON: put it in as is (made script-safe above).
    if let Some(i18n) = values.raw.remove("i18n") {
        values.json.insert("i18n", i18n);
    }
    values
        .json
        .insert("rules", rules_menu::facts_json().to_string());
    let html = render(layout, &values, translate(app, v));
    let mut response = (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        html,
    )
        .into_response();
    v.add_cookies(&mut response);
    response.headers_mut().insert(
        header::VARY,
        HeaderValue::from_static("Cookie, Accept-Language"),
    );
    response
}

/// Serializes an already-JSON string as itself.
struct RawJson(&'static str);

impl Serialize for RawJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let value: serde_json::Value =
            serde_json::from_str(self.0).map_err(serde::ser::Error::custom)?;
        value.serialize(s)
    }
}

/// `GET /static/{*path}`. Pages link `/static/<version>/<file>` (see
/// [`web_files::static_prefix`]): the current version's files are cached for a year, as they
/// never change under that URL. A file asked for without a version, or under an older one,
/// is the current file, to be checked again at every use. A file that compresses goes
/// gzipped (compressed once, at build time) to a client that accepts gzip.
pub async fn static_file(Path(path): Path<String>, headers: HeaderMap) -> Response {
    let (file, cache) = match path.split_once('/') {
        Some((version, rest)) if version == web_files::STATIC_VERSION => {
            (rest, "public, max-age=31536000, immutable")
        }
        Some((version, rest))
            if version.len() == web_files::STATIC_VERSION.len()
                && version.bytes().all(|b| b.is_ascii_hexdigit()) =>
        {
            (rest, "no-cache")
        }
        _ => (path.as_str(), "no-cache"),
    };
    let name = format!("static/{file}");
    let Some(bytes) = web_files::file(&name).filter(|_| !file.contains("..")) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let kind = [
        (header::CONTENT_TYPE, web_files::content_type(file)),
        (header::CACHE_CONTROL, cache),
    ];
    match web_files::gzipped(&name) {
        Some(gz) if accepts_gzip(&headers) => (
            kind,
            [
                (header::CONTENT_ENCODING, "gzip"),
                (header::VARY, "accept-encoding"),
            ],
            gz,
        )
            .into_response(),
        Some(_) => (kind, [(header::VARY, "accept-encoding")], bytes).into_response(),
        None => (kind, bytes).into_response(),
    }
}

/// Whether the client's `Accept-Encoding` takes gzip: `gzip` (or `x-gzip`) with a weight
/// above 0, or `*` above 0 with gzip not refused by name (RFC 9110, 12.5.3).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    let mut named = None;
    let mut any = false;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        for item in value.to_str().unwrap_or("").split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let weight = parts
                .filter_map(|p| p.trim().split_once('='))
                .find(|(k, _)| k.trim().eq_ignore_ascii_case("q"))
                .map_or(1.0, |(_, q)| q.trim().parse::<f32>().unwrap_or(0.0));
            match coding.as_str() {
                "gzip" | "x-gzip" => named = Some(named.unwrap_or(false) || weight > 0.0),
                "*" => any = weight > 0.0,
                _ => {}
            }
        }
    }
    named.unwrap_or(any)
}

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

/// A position asked for in a page's query: `?rules=...&fen=...` (the editor's "play from
/// here", a shared link).
#[derive(Debug, serde::Deserialize)]
pub struct PositionQuery {
    rules: Option<String>,
    fen: Option<String>,
}

impl PositionQuery {
    /// The rules' name, when the query names known rules.
    fn rules(&self) -> Option<&'static str> {
        self.rules
            .as_deref()
            .and_then(|r| r.parse::<games::Rules>().ok())
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
    page(
        &app,
        &v,
        StatusCode::OK,
        "new-game",
        "page.new-game",
        Values::default().raw("rules-choices", rules_menu::choices(translate(&app, &v))),
        &serde_json::json!({ "rules": q.rules(), "fen": q.fen() }),
    )
}

/// `GET /editor`: the board editor, with the position of `?rules=&fen=` when given.
pub async fn editor(
    State(app): State<Arc<AppState>>,
    v: Visitor,
    Query(q): Query<PositionQuery>,
) -> Response {
    page(
        &app,
        &v,
        StatusCode::OK,
        "editor",
        "page.editor",
        Values::default().raw("rules-options", rules_menu::options(translate(&app, &v))),
        &serde_json::json!({ "rules": q.rules().unwrap_or("american"), "fen": q.fen() }),
    )
}

#[derive(Debug, serde::Deserialize)]
pub struct AnalysisQuery {
    rules: Option<String>,
    fen: Option<String>,
    game: Option<String>,
}

/// `GET /analysis`: the board, empty or with a stored finished game; a game still in
/// progress is refused with 409.
pub async fn analysis(
    State(app): State<Arc<AppState>>,
    v: Visitor,
    Query(q): Query<AnalysisQuery>,
) -> Response {
    let rules = q
        .rules
        .as_deref()
        .and_then(|r| r.parse::<games::Rules>().ok())
        .map_or("american", |r| r.name());
    let mut data =
        serde_json::json!({ "rules": rules, "fen": q.fen, "game": null, "game_id": q.game });
    if let Some(id) = &q.game {
        if !super::game_id::is_game_id(id) {
            return error_page(&app, &v, StatusCode::NOT_FOUND, "error.no-game");
        }
        match super::games_api::analysis_view(&app, id).await {
            Ok((view, text)) => {
                data["rules"] = serde_json::json!(view.rules);
                data["game"] = serde_json::to_value(&view).unwrap_or_default();
                // The game's record goes into the paste box too, so that Load (or a change
                // of notation) reads the game again instead of wiping it.
                data["pdn"] = serde_json::json!(text);
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
    analysis_page(&app, &v, &data)
}

/// The analysis board's page with its page data.
pub fn analysis_page(app: &AppState, v: &Visitor, data: &serde_json::Value) -> Response {
    page(
        app,
        v,
        StatusCode::OK,
        "analysis",
        "page.analysis",
        Values::default().raw("rules-options", rules_menu::options(translate(app, v))),
        data,
    )
}

/// The error page with the catalog text `key`.
pub fn error_page(app: &AppState, v: &Visitor, status: StatusCode, key: &str) -> Response {
    let values = Values::default().text("message", app.catalogs.text(v.lang, key));
    page(
        app,
        v,
        status,
        "error",
        "page.error",
        values,
        &serde_json::json!({}),
    )
}

/// The error page for an API error met while building a page.
pub fn error_page_for(app: &AppState, v: &Visitor, e: &super::error::ApiError) -> Response {
    let key = if e.status == StatusCode::NOT_FOUND {
        "error.no-game"
    } else {
        "error.server"
    };
    error_page(app, v, e.status, key)
}

/// Any other path: a 404 page.
pub async fn not_found(State(app): State<Arc<AppState>>, v: Visitor) -> Response {
    error_page(&app, &v, StatusCode::NOT_FOUND, "error.not-found")
}

#[cfg(test)]
mod gzip_tests {
    use super::*;

    fn accept(value: &str) -> bool {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, value.parse().unwrap());
        accepts_gzip(&headers)
    }

    #[test]
    fn accept_encoding_is_read_with_its_weights() {
        assert!(!accepts_gzip(&HeaderMap::new()), "no header: as it is");
        for yes in [
            "gzip",
            "GZip",
            "deflate, gzip;q=0.5",
            "x-gzip",
            "*",
            "br, *;q=0.1",
            "gzip; q=1",
        ] {
            assert!(accept(yes), "{yes}");
        }
        for no in [
            "identity",
            "br, deflate",
            "gzip;q=0",
            "gzip;q=0.000",
            "*, gzip;q=0",
            "*;q=0",
            "gzip;q=nonsense",
            "",
        ] {
            assert!(!accept(no), "{no}");
        }
        let mut two = HeaderMap::new();
        two.append(header::ACCEPT_ENCODING, "br".parse().unwrap());
        two.append(header::ACCEPT_ENCODING, "gzip".parse().unwrap());
        assert!(accepts_gzip(&two), "over two header lines");
    }
}
