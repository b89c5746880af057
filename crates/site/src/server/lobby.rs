//! The lobby: open games (friend games created with `"lobby": true`) listed for every
//! visitor, the first to take the free seat plays. `GET /api/lobby` lists them;
//! `GET /api/lobby/events` streams the list again each time it changes (a game opened, taken
//! or expired), as lichess's lobby shows seeks appear and go. An open game stays listed for
//! [`LOBBY_TTL_MS`] while its seat is free.
//!
//! The news of a change is this process's own ([`LobbyNews`]): on a PostgreSQL store shared
//! by several processes a visitor of another process sees the change at the stream's next
//! periodic refresh ([`REFRESH`]).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::Serialize;
use tokio::sync::watch;

use super::AppState;
use super::error::ApiError;
use super::forwarded::Client;
use super::visitor::Visitor;
use crate::models::Side;
use crate::store::{LOBBY_TTL_MS, StoredGame, now_ms};
use games::Rules;

/// Open games listed at most.
pub const LOBBY_SIZE: i64 = 50;

/// How often a lobby stream sends the list even without news (open games expire).
pub const REFRESH: Duration = Duration::from_secs(30);

/// The news that the lobby changed, told to its streams.
pub struct LobbyNews(watch::Sender<u64>);

impl Default for LobbyNews {
    fn default() -> Self {
        LobbyNews(watch::channel(0).0)
    }
}

impl LobbyNews {
    /// Tells the lobby's streams that its list changed.
    pub fn changed(&self) {
        self.0.send_modify(|n| *n += 1);
    }
}

/// An open game in the lobby.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LobbyGame {
    /// The game's id: its page is `/game/ID`, its seat is taken with
    /// `POST /api/games/ID/join`.
    pub id: String,
    #[serde(with = "crate::models::rules")]
    #[schema(value_type = crate::models::RulesName)]
    pub rules: Rules,
    /// The time control (`300+3`, `1/60`); none: no clock.
    pub time_control: Option<String>,
    /// The colour of the free seat: the one who takes the game plays it.
    pub seat: Side,
    /// The creator's name, if given.
    pub name: Option<String>,
    /// Whether the visitor asking created it (their own open game).
    pub yours: bool,
    /// When it was opened (milliseconds since 1970).
    pub created_at: i64,
}

/// The lobby's list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Lobby {
    /// The open games, the newest first.
    pub games: Vec<LobbyGame>,
}

/// The lobby as `visitor` sees it now.
async fn lobby(app: &AppState, visitor: &str) -> Result<Lobby, ApiError> {
    let games = app
        .store
        .open_games(now_ms() - LOBBY_TTL_MS, LOBBY_SIZE)
        .await?;
    Ok(Lobby {
        games: games.iter().map(|g| listed(g, visitor)).collect(),
    })
}

fn listed(g: &StoredGame, visitor: &str) -> LobbyGame {
    let (seat, name) = if g.white_secret.is_none() {
        (Side::White, g.black_name.clone())
    } else {
        (Side::Black, g.white_name.clone())
    };
    LobbyGame {
        id: g.id.clone(),
        rules: g.rules,
        time_control: g.time_control.clone(),
        seat,
        name,
        yours: g.creator.as_deref() == Some(visitor),
        created_at: g.created_at,
    }
}

/// `GET /api/lobby`.
pub async fn list(State(app): State<Arc<AppState>>, v: Visitor) -> Result<Json<Lobby>, ApiError> {
    Ok(Json(lobby(&app, &v.id).await?))
}

/// `GET /api/lobby/events`: server-sent events, one `lobby` event (a [`Lobby`] as JSON) at
/// once and one each time the list changes or [`REFRESH`] passes. The stream counts among
/// the client's live streams ([`super::streams`]).
pub async fn events(
    State(app): State<Arc<AppState>>,
    v: Visitor,
    client: Option<axum::Extension<Client>>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let permit = app.streams.open(client.map(|c| c.0))?;
    let news = app.lobby.0.subscribe();
    let first = lobby(&app, &v.id).await?;
    let stream = futures_util::stream::unfold(
        (Some(first), news, app, v.id, permit),
        |(first, mut news, app, visitor, permit)| async move {
            let now = match first {
                Some(now) => now,
                None => loop {
                    tokio::select! {
                        changed = news.changed() => changed.ok()?,
                        () = tokio::time::sleep(REFRESH) => {}
                    }
                    // A store that fails now is asked again at the next news.
                    if let Ok(now) = lobby(&app, &visitor).await {
                        break now;
                    }
                },
            };
            let event = Event::default()
                .event("lobby")
                .data(serde_json::to_string(&now).unwrap_or_default());
            Some((Ok(event), (None, news, app, visitor, permit)))
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
