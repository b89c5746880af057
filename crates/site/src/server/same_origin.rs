//! Requests from other sites are refused on every endpoint that changes something.
//!
//! A browser says where a request comes from: `Sec-Fetch-Site` (every current browser) and
//! `Origin` (on every POST). A request that changes state is refused with 403 when
//! `Sec-Fetch-Site` is anything but `same-origin` or `none` (typed or bookmarked), or, from a
//! browser that does not send it, when `Origin` names another scheme, host or port than the
//! request's own `Host` (or `X-Forwarded-Host` behind a proxy). `SameSite=Lax` cookies alone
//! do not stop this: another port or subdomain of the same site is "same-site". Programs that
//! send neither header (curl, scripts with `Authorization: Bearer`) are not browsers acting
//! for someone else and pass.

use axum::http::{HeaderMap, Method, header};

/// Why a request is refused as cross-site, or `None` when it may go on.
pub fn cross_site(method: &Method, headers: &HeaderMap) -> Option<&'static str> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return None;
    }
    if let Some(site) = headers.get("sec-fetch-site") {
        return match site.as_bytes() {
            b"same-origin" | b"none" => None,
            _ => Some("requests from other sites are refused (Sec-Fetch-Site)"),
        };
    }
    let origin = headers.get(header::ORIGIN)?;
    let Some(origin_host) = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .map(|(_, host)| host.trim_end_matches('/'))
    else {
        return Some("requests from other sites are refused (Origin)");
    };
    let own = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let matches = [own("x-forwarded-host"), own(header::HOST.as_str())]
        .into_iter()
        .flatten()
        .any(|host| host.eq_ignore_ascii_case(origin_host));
    (!matches).then_some("requests from other sites are refused (Origin)")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn reads_pass_and_writes_are_checked() {
        let evil = headers(&[("sec-fetch-site", "cross-site")]);
        assert!(cross_site(&Method::GET, &evil).is_none());
        assert!(cross_site(&Method::POST, &evil).is_some());
        let same = headers(&[("sec-fetch-site", "same-site")]);
        assert!(cross_site(&Method::POST, &same).is_some());
        let ours = headers(&[("sec-fetch-site", "same-origin")]);
        assert!(cross_site(&Method::POST, &ours).is_none());
    }

    #[test]
    fn origin_must_name_the_host() {
        let ok = headers(&[
            ("origin", "http://127.0.0.1:8000"),
            ("host", "127.0.0.1:8000"),
        ]);
        assert!(cross_site(&Method::POST, &ok).is_none());
        let other_port = headers(&[
            ("origin", "http://127.0.0.1:8001"),
            ("host", "127.0.0.1:8000"),
        ]);
        assert!(cross_site(&Method::POST, &other_port).is_some());
        let null = headers(&[("origin", "null"), ("host", "127.0.0.1:8000")]);
        assert!(cross_site(&Method::POST, &null).is_some());
        let proxied = headers(&[
            ("origin", "https://draughts.example"),
            ("host", "127.0.0.1:8000"),
            ("x-forwarded-host", "draughts.example"),
        ]);
        assert!(cross_site(&Method::POST, &proxied).is_none());
        assert!(cross_site(&Method::POST, &headers(&[])).is_none());
    }
}
