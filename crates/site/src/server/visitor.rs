//! Who is asking: the visitor's language and id (cookies set when new), read from every
//! request, and whether the cookies set in answer carry `Secure`.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::Response;

use super::i18n::{from_accept_language, supported};

/// Whether cookies set in answer to a request carry `Secure`; put into the request's
/// extensions by the router's guard for [`Visitor`] and the games API.
#[derive(Clone, Copy, Debug)]
pub struct SecureCookies(pub bool);

/// Who is asking for a page: the language to answer in and the visitor's id, with the cookies
/// to set when either is new.
pub struct Visitor {
    pub lang: &'static str,
    pub id: String,
    pub query: Vec<(String, String)>,
    pub set_cookies: Vec<String>,
    /// Cookies set for this visitor carry `Secure` (see [`SecureCookies`]).
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
        let secure = parts.extensions.get::<SecureCookies>().is_some_and(|s| s.0);
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
            query,
            set_cookies,
            secure,
        })
    }
}

fn form_urlencoded_pairs(q: &str) -> Vec<(String, String)> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(q).unwrap_or_default()
}
