//! Who plays a game: every player holds a secret for it (a cookie `s_<id>`, or
//! `Authorization: Bearer` for programs), of which the store keeps only the SHA-256; a
//! request's secret says which side(s) its holder plays.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use sha2::{Digest, Sha256};

use crate::models::Role;
use crate::server::error::ApiError;
use crate::server::game_id::GameId;
use crate::server::visitor::{Visitor, cookie};
use crate::store::StoredGame;

/// A request about a game: the game's id (checked as [`GameId`] checks it) and the secret
/// the requester holds for it, if any.
pub struct Requester {
    /// The game's id.
    pub id: String,
    /// The bearer token, else the game's cookie; `None` for a watcher.
    pub secret: Option<String>,
}

impl<S: Send + Sync> FromRequestParts<S> for Requester {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Requester, ApiError> {
        let GameId(id) = GameId::from_request_parts(parts, state).await?;
        let secret = secret_of(&parts.headers, &id);
        Ok(Requester { id, secret })
    }
}

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

/// `response` with the cookies of a player seated with `secret` in game `id`: the one that
/// holds the secret, and the visitor's new ones.
pub fn seated(mut response: Response, id: &str, secret: &str, v: &Visitor) -> Response {
    set_secret_cookie(&mut response, id, secret, v.secure);
    v.add_cookies(&mut response);
    response
}

/// Sets the cookie that holds a player's secret for game `id` (`Secure` when the site is
/// reached over HTTPS).
fn set_secret_cookie(response: &mut Response, id: &str, secret: &str, secure: bool) {
    let c = format!(
        "s_{id}={secret}; Path=/; Max-Age={}; SameSite=Lax; HttpOnly{}",
        365 * 24 * 3600,
        if secure { "; Secure" } else { "" }
    );
    if let Ok(value) = HeaderValue::from_str(&c) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
}
