//! The static files (`GET /static/{*path}`): scripts, the style sheet and images, cached for a
//! year under the current version, gzipped for the clients that take it.

use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::web_files;

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
