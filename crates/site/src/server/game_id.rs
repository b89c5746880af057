//! Game ids are checked for their shape before anything is looked up, locked or kept, so
//! that requests for games that do not exist cost nothing that stays.

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;

use super::error::ApiError;

/// How many characters a game id has: lowercase hexadecimal digits.
pub const GAME_ID_LEN: usize = 10;

/// Whether `text` has the shape of a game id (10 lowercase hex digits).
///
/// ```
/// use site::server::game_id::is_game_id;
/// assert!(is_game_id("0a1b2c3d4e"));
/// assert!(!is_game_id("0A1B2C3D4E"));
/// assert!(!is_game_id("../etc"));
/// ```
pub fn is_game_id(text: &str) -> bool {
    text.len() == GAME_ID_LEN
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The `{id}` of a game's route, refused with 404 (the JSON error, which does not repeat
/// the id) when it is not a game id's shape.
pub struct GameId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<GameId, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) if is_game_id(&id) => Ok(GameId(id)),
            _ => Err(ApiError::not_found(
                "no such game: a game id is 10 hexadecimal digits",
            )),
        }
    }
}
