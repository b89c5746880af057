//! Rendering a page: a template inside the layout, in the visitor's language, with the page's
//! data; the error pages.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::AppState;
use super::error::ApiError;
use super::i18n::LANGUAGES;
use super::rules_menu;
use super::template::{Values, render, script_safe_json, with_parts};
use super::visitor::Visitor;
use super::web_files;
use games::render::escape_html;

/// The language switcher: one link per language, keeping the page and its other parameters.
/// Each link is a query alone (`?lang=pt`): it stays on the page whatever its path.
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
            "?{}",
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
pub(crate) fn translate<'a>(app: &'a AppState, v: &'a Visitor) -> impl Fn(&str) -> String + 'a {
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
    let body = with_parts(body, |name| {
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
            script_safe_json(&RawJson(app.catalogs.catalog(v.lang).json_for(template))),
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
struct RawJson<'a>(&'a str);

impl Serialize for RawJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let value: serde_json::Value =
            serde_json::from_str(self.0).map_err(serde::ser::Error::custom)?;
        value.serialize(s)
    }
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
pub fn error_page_for(app: &AppState, v: &Visitor, e: &ApiError) -> Response {
    let key = match (e.status, e.code) {
        (StatusCode::NOT_FOUND, _) => "error.no-game",
        (_, "database-unavailable") => "error.database-unavailable",
        (StatusCode::SERVICE_UNAVAILABLE, _) => "error.busy",
        _ => "error.server",
    };
    let mut response = error_page(app, v, e.status, key);
    if e.status == StatusCode::SERVICE_UNAVAILABLE {
        super::error::retry_soon(&mut response);
    }
    response
}
