//! Who plays a game: every player holds a secret for it (a cookie `s_<id>`, or
//! `Authorization: Bearer` for programs), of which the store keeps only the SHA-256; a
//! request's secret says which side(s) its holder plays.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use sha2::{Digest, Sha256};

use crate::models::Role;
use crate::server::error::ApiError;
use crate::server::visitor::cookie;
use crate::store::StoredGame;

/// The SHA-256 of a secret, as hex.
pub(crate) fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The requester's secret for game `id`: the bearer token, else the game's cookie.
pub(crate) fn secret_of(headers: &HeaderMap, id: &str) -> Option<String> {
    if let Some(token) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
    {
        return Some(token.trim().to_string());
    }
    cookie(headers, &format!("s_{id}")).map(str::to_string)
}

/// Which side(s) the requester plays: White, Black, both (one device), or none.
pub(crate) fn role(game: &StoredGame, secret: Option<&str>) -> Option<Role> {
    let h = hash(secret?);
    let white = game.white_secret.as_deref() == Some(h.as_str());
    let black = game.black_secret.as_deref() == Some(h.as_str());
    match (white, black) {
        (true, true) => Some(Role::Both),
        (true, false) => Some(Role::White),
        (false, true) => Some(Role::Black),
        _ => None,
    }
}

/// The refusal of what only a game's players may do (`action`: "move", "resign", ...).
pub(crate) fn not_a_player(action: &str) -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "not-a-player",
        format!("only the game's players can {action}"),
    )
}

/// Sets the cookie that holds a player's secret for game `id` (`Secure` when the site is
/// reached over HTTPS).
pub fn set_secret_cookie(response: &mut Response, id: &str, secret: &str, secure: bool) {
    let c = format!(
        "s_{id}={secret}; Path=/; Max-Age={}; SameSite=Lax; HttpOnly{}",
        365 * 24 * 3600,
        if secure { "; Secure" } else { "" }
    );
    if let Ok(value) = HeaderValue::from_str(&c) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
}
