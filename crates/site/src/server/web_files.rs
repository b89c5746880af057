//! The files of the web pages, embedded at build time (see build.rs).

include!(concat!(env!("OUT_DIR"), "/web_files.rs"));

/// Where pages link the static files: `/static/<version>/`, so that a new build's files have
/// new URLs and each URL can be cached for good.
pub fn static_prefix() -> String {
    format!("/static/{STATIC_VERSION}")
}

/// The bytes of `web/<path>`.
pub fn file(path: &str) -> Option<&'static [u8]> {
    WEB_FILES
        .iter()
        .find(|(name, _)| *name == path)
        .map(|(_, bytes)| *bytes)
}

/// The bytes of `web/<path>` gzipped, for a static file that compresses.
pub fn gzipped(path: &str) -> Option<&'static [u8]> {
    GZIP_FILES
        .iter()
        .find(|(name, _)| *name == path)
        .map(|(_, bytes)| *bytes)
}

/// The text of `web/<path>` (the file must be UTF-8).
pub fn text(path: &str) -> Option<&'static str> {
    file(path).and_then(|b| std::str::from_utf8(b).ok())
}

/// The content type of a file name.
pub fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("css") => "text/css; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("html") => "text/html; charset=utf-8",
        Some("woff2") => "font/woff2",
        _ => "application/octet-stream",
    }
}
