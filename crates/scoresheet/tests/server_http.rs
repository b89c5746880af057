//! The HTTP side of the API against the real server: its OpenAPI description, the JSON error
//! for every rejection, the limits the docs state, and the static files' URLs and caching.
//! docs/api.md, the OpenAPI description and the server must say the same.

mod common;

use std::collections::BTreeSet;

use common::{Server, request, temp_database};
use serde_json::json;

fn docs() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/api.md");
    std::fs::read_to_string(path).expect("docs/api.md")
}

/// Checks that an answer is the API's JSON error with `status` and `code`.
fn is_error(r: &common::Response, status: u16, code: &str) {
    assert_eq!(r.status, status, "{}", r.body);
    assert_eq!(
        r.header("content-type"),
        Some("application/json"),
        "{}",
        r.body
    );
    let v = r.json();
    assert_eq!(v["error"]["code"], code, "{}", r.body);
    assert!(
        v["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty())
    );
}

#[test]
fn the_openapi_description_lists_every_endpoint_of_the_docs() {
    let s = Server::start(temp_database("openapi"));
    let r = s.get("/api/openapi.json");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let spec = r.json();
    assert!(spec["openapi"].as_str().unwrap().starts_with("3."));
    let mut in_spec = BTreeSet::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            if ["get", "post", "put", "delete", "patch"].contains(&method.as_str()) {
                in_spec.insert(format!("{} {path}", method.to_uppercase()));
            }
        }
    }
    // Every `GET /api/...` and `POST /api/...` written in docs/api.md, ID as {id}.
    let docs = docs();
    let mut in_docs = BTreeSet::new();
    for method in ["GET", "POST"] {
        for (i, _) in docs.match_indices(&format!("`{method} /api/")) {
            let rest = &docs[i + 1 + method.len() + 1..];
            let end = rest.find(['`', ' ', '?']).unwrap_or(rest.len());
            let path = rest[..end].replace("/ID", "/{id}");
            in_docs.insert(format!("{method} {path}"));
        }
    }
    assert_eq!(in_docs, in_spec, "docs/api.md and /api/openapi.json");
    // Every error code is documented, with its status, in both.
    let codes = &spec["components"]["schemas"]["ErrorCode"]["enum"];
    let codes: Vec<&str> = codes
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(codes.contains(&"bad-fen") && codes.contains(&"unsupported-media-type"));
    for code in codes {
        assert!(
            docs.contains(&format!("| `{code}` |")),
            "docs/api.md lists no error code `{code}`"
        );
    }
    assert!(
        !docs.contains("once it lands"),
        "a stale line in docs/api.md"
    );
}

#[test]
fn every_rejection_of_the_api_is_the_json_error() {
    let s = Server::start(temp_database("rejections"));
    // A query string that does not fit (it used to be axum's text/plain).
    is_error(
        &s.get("/api/svg?rules=american&flipped=300"),
        400,
        "bad-request",
    );
    is_error(&s.get("/api/svg"), 400, "bad-request");
    is_error(&s.get("/api/svg?rules=go"), 400, "bad-request");
    // A game id that does not decode to UTF-8, or is not a game id's shape: no such game.
    is_error(&s.get("/api/games/%FF%FE"), 404, "not-found");
    is_error(&s.get("/api/games/..%2Fetc"), 404, "not-found");
    // A method the endpoint does not take keeps its Allow header.
    let r = s.get("/api/load");
    is_error(&r, 405, "method-not-allowed");
    assert!(r.header("allow").is_some_and(|a| a.contains("POST")));
    // A body without its content type.
    let r = request(s.addr, "POST", "/api/position", &[], Some("{}"));
    is_error(&r, 415, "unsupported-media-type");
    is_error(&s.get("/api/nothing"), 404, "not-found");
    // `/api/load` needs `start`, as the docs say.
    let r = s.post("/api/load", &json!({ "rules": "american" }).to_string());
    is_error(&r, 400, "bad-request");
    assert!(r.body.contains("start"), "{}", r.body);
    let r = s.post(
        "/api/load",
        &json!({ "rules": "american", "start": "initial" }).to_string(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn the_body_and_text_limits_are_the_documented_ones() {
    let docs = docs();
    assert!(
        docs.contains("3 MB (3,145,728 bytes)") && docs.contains("1 MB (1,048,576 bytes)"),
        "docs/api.md states both limits"
    );
    let s = Server::start(temp_database("limits"));
    // A text of exactly 1 MB is read; one byte more is refused.
    let fen = |n: usize| format!("W:W26,28,31:B17,19,20{}", " ".repeat(n - 21));
    let body = |n: usize| json!({ "rules": "american", "fen": fen(n) }).to_string();
    assert_eq!(s.post("/api/position", &body(1 << 20)).status, 200);
    is_error(
        &s.post("/api/position", &body((1 << 20) + 1)),
        413,
        "too-large",
    );
    // A body of 2 MB outside the text (tags of an export) is read; over 3 MB is refused.
    let export = |n: usize| {
        json!({ "rules": "american", "start": "B:W21-32:B1-12",
                "tags": [["Annotator", "x".repeat(n)]] })
        .to_string()
    };
    let r = s.post("/api/export", &export(2 << 20));
    assert_eq!(r.status, 200, "{}", &r.body[..200.min(r.body.len())]);
    is_error(&s.post("/api/export", &export(3 << 20)), 413, "too-large");
}

/// Where the analysis page links its static files: `/static/<version>`.
fn static_prefix(s: &Server) -> String {
    let page = s.get("/analysis");
    let start = page.body.find("/static/").expect("a static link");
    let link = &page.body[start..];
    let link = &link[..link.find('"').unwrap()];
    link.rsplit_once('/').unwrap().0.to_string()
}

#[test]
fn static_files_have_versioned_urls_cached_for_a_year() {
    let s = Server::start(temp_database("static"));
    let prefix = static_prefix(&s);
    assert_ne!(prefix, "/static", "a versioned URL: {prefix}");
    for file in ["style.css", "analysis.js", "api.js", "board.js", "icon.svg"] {
        let r = s.get(&format!("{prefix}/{file}"));
        assert_eq!(r.status, 200, "{prefix}/{file}");
        assert_eq!(
            r.header("cache-control"),
            Some("public, max-age=31536000, immutable"),
            "{file}"
        );
    }
    // Every page links the same version; the unversioned and old URLs still answer, to be
    // checked again.
    for path in ["/", "/new", "/practice", "/help/notation", "/help/glossary"] {
        let body = s.get(path).body;
        assert!(!body.contains("\"/static/style.css\""), "{path}");
        assert!(body.contains(&format!("{prefix}/")), "{path}");
    }
    for old in ["/static/style.css", "/static/0123456789abcdef/style.css"] {
        let r = s.get(old);
        assert_eq!(r.status, 200, "{old}");
        assert_eq!(r.header("cache-control"), Some("no-cache"), "{old}");
    }
    assert_eq!(s.get(&format!("{prefix}/nothing.js")).status, 404);
    assert_eq!(s.get(&format!("{prefix}/../Cargo.toml")).status, 404);
    assert!(
        docs_web().contains("max-age=31536000, immutable"),
        "docs/web.md says how static files are cached"
    );
}

/// The data of a gzip member as Debian's `gzip -d` reads it: a decoder that is not the one
/// that made it, which also checks the member's CRC-32 and length.
fn gunzip(gz: &[u8]) -> Vec<u8> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("gzip")
        .args(["-d", "-c"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gzip, which every Debian has");
    child.stdin.take().unwrap().write_all(gz).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "gzip -d refused the body");
    out.stdout
}

#[test]
fn static_files_go_gzipped_to_clients_that_take_gzip() {
    let s = Server::start(temp_database("gzip"));
    let prefix = static_prefix(&s);
    let mut plain_total = 0;
    let mut gzip_total = 0;
    for file in ["style.css", "analysis.js", "board.js", "icon.svg"] {
        let path = format!("{prefix}/{file}");
        let on_disk = std::fs::read(format!(
            "{}/../site/web/static/{file}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let plain = request(s.addr, "GET", &path, &[], None);
        assert_eq!(plain.status, 200, "{path}");
        assert_eq!(plain.header("content-encoding"), None, "{file}");
        assert_eq!(plain.header("vary"), Some("accept-encoding"), "{file}");
        if file.ends_with(".svg") {
            assert_eq!(plain.bytes, on_disk, "{file} as it is");
        } else {
            // Scripts and style sheets go out without their comment lines: line for line
            // the file, each line as it is or blanked, and smaller.
            let (sent, disk) = (
                String::from_utf8(plain.bytes.clone()).unwrap(),
                String::from_utf8(on_disk.clone()).unwrap(),
            );
            assert_eq!(sent.lines().count(), disk.lines().count(), "{file}");
            assert!(
                sent.lines()
                    .zip(disk.lines())
                    .all(|(a, b)| a == b || a.is_empty()),
                "{file}"
            );
            assert!(sent.len() < disk.len(), "{file} keeps its comments");
        }
        for accept in [
            "gzip",
            "gzip, deflate, br, zstd",
            "br;q=1.0, gzip;q=0.5",
            "*",
            "x-gzip",
        ] {
            let r = request(s.addr, "GET", &path, &[("Accept-Encoding", accept)], None);
            assert_eq!(
                r.header("content-encoding"),
                Some("gzip"),
                "{file}, {accept}"
            );
            assert_eq!(r.header("vary"), Some("accept-encoding"), "{file}");
            assert_eq!(
                r.header("cache-control"),
                Some("public, max-age=31536000, immutable"),
                "{file}"
            );
            assert_eq!(gunzip(&r.bytes), plain.bytes, "{file} gzipped, {accept}");
            if accept == "gzip" {
                plain_total += plain.bytes.len();
                gzip_total += r.bytes.len();
            }
        }
        for refused in [
            "identity",
            "gzip;q=0",
            "br",
            "*, gzip;q=0",
            "gzip;q=0.0, *;q=0",
        ] {
            let r = request(s.addr, "GET", &path, &[("Accept-Encoding", refused)], None);
            assert_eq!(r.header("content-encoding"), None, "{file}, {refused}");
            assert_eq!(r.bytes, plain.bytes, "{file}, {refused}");
        }
    }
    assert!(
        gzip_total * 3 < plain_total,
        "text compresses to less than a third: {gzip_total} of {plain_total} bytes"
    );
}

/// Pages and API answers go gzipped to a client that takes gzip, and decode to the bytes a
/// client that does not gets.
#[test]
fn pages_and_api_answers_go_gzipped_and_decode_to_the_same_bytes() {
    let s = Server::start(temp_database("gzip-pages"));
    let mut plain_total = 0;
    let mut gzip_total = 0;
    for path in [
        "/analysis",
        "/help/notation",
        "/editor",
        "/database",
        "/api/openapi.json",
    ] {
        let plain = request(s.addr, "GET", path, &[], None);
        assert_eq!(plain.status, 200, "{path}");
        assert_eq!(plain.header("content-encoding"), None, "{path}");
        let r = request(
            s.addr,
            "GET",
            path,
            &[("Accept-Encoding", "gzip, deflate, br")],
            None,
        );
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.header("content-encoding"), Some("gzip"), "{path}");
        assert!(
            r.headers.iter().any(|(k, v)| k.eq_ignore_ascii_case("vary")
                && v.eq_ignore_ascii_case("accept-encoding")),
            "{path}: Vary: accept-encoding"
        );
        assert_eq!(gunzip(&r.content), plain.content, "{path} gzipped");
        plain_total += plain.content.len();
        gzip_total += r.content.len();
        for refused in ["identity", "gzip;q=0", "br"] {
            let r = request(s.addr, "GET", path, &[("Accept-Encoding", refused)], None);
            assert_eq!(r.header("content-encoding"), None, "{path}, {refused}");
            assert_eq!(r.content, plain.content, "{path}, {refused}");
        }
    }
    assert!(
        gzip_total * 3 < plain_total,
        "pages compress to less than a third: {gzip_total} of {plain_total} bytes"
    );
}

fn docs_web() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/web.md");
    std::fs::read_to_string(path).expect("docs/web.md")
}

#[test]
fn the_pages_scripts_send_start_to_load() {
    // Every `post('/api/load', ...)` of the pages' scripts names `start`.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../site/web/static");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for (i, _) in text.match_indices("post('/api/load'") {
            let call = &text[i..];
            let call = &call[..call.find(");").unwrap_or(call.len())];
            // Either the object literal or the `body` variable built just before.
            let before = &text[i.saturating_sub(300)..i];
            assert!(
                call.contains("start") || before.contains("start,"),
                "{}: {call}",
                path.display()
            );
        }
    }
}

#[test]
fn the_settings_panels_texts_come_when_asked_not_with_every_page() {
    let s = Server::start(temp_database("texts"));
    let r = s.get("/api/texts/prefs?lang=fr");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let texts = r.json();
    assert_eq!(texts["prefs.volume"], "Volume sonore");
    assert_eq!(texts["prefs.settings"], "Réglages");
    assert!(
        texts
            .as_object()
            .unwrap()
            .keys()
            .all(|k| k.starts_with("prefs."))
    );
    // An unknown language is English; a namespace that pages embed is not served here.
    assert_eq!(
        s.get("/api/texts/prefs?lang=de").json()["prefs.volume"],
        "Volume"
    );
    is_error(&s.get("/api/texts/board?lang=en"), 404, "not-found");
    // The pages leave them out (the layout's own label is written by the server).
    let page = s.get("/analysis?lang=fr");
    assert!(!page.body.contains("prefs.volume"), "the page's catalog");
    assert!(page.body.contains("Affichage et son"), "the layout's label");
}
