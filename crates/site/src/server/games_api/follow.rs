//! Following a game: its state now (`GET /api/games/{id}`) and live
//! (`GET /api/games/{id}/events`, server-sent events), the states sent to this process's
//! followers, and the changes other processes announce.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use tokio_stream::StreamExt;
use tokio_stream::wrappers::BroadcastStream;

use super::computer::resume_computer;
use super::info::GameInfo;
use super::load::game_info;
use super::news::publish_info;
use super::players::Requester;
use crate::server::AppState;
use crate::server::error::ApiError;
use crate::server::forwarded::Client;
use crate::server::game_id::GameId;
use crate::server::hub::{News, NewsKind};
use crate::store::{Change, Changes};

/// `GET /api/games/{id}`.
pub async fn get(
    State(app): State<Arc<AppState>>,
    Requester { id, secret }: Requester,
) -> Result<Json<GameInfo>, ApiError> {
    let (info, game) = game_info(&app, &id, secret.as_deref()).await?;
    resume_computer(&app, &info, &game);
    Ok(Json(info))
}

/// Sends a game's new state to everyone following it here (not announced to other
/// processes: [`follow_changes`] calls it for their announcements).
pub async fn publish(app: &AppState, id: &str) {
    if !app.hub.has_listeners(id) {
        return;
    }
    if let Ok((info, _)) = game_info(app, id, None).await {
        publish_info(app, &info);
    }
}

/// Sends the changes that other processes on the same store announce to the players this
/// process serves, until the store's stream ends. After a gap (the connection to the
/// database was made again) every game followed here is sent again.
pub async fn follow_changes(app: Arc<AppState>, mut changes: Changes) {
    while let Some(change) = changes.next().await {
        match change {
            Change::Game(id) => publish(&app, &id).await,
            Change::Missed => {
                for id in app.hub.followed() {
                    publish(&app, &id).await;
                }
            }
        }
    }
}

/// `GET /api/games/{id}/events`: server-sent events, one `state` event (the game, as
/// `GET /api/games/{id}` gives it, without `you`) now and after every change; and while the
/// computer's move waits for a search, `queue` events, `{"ahead": N}` (the searches before
/// it; 0: it is next) and `{"ahead": null}` once it runs.
///
/// A client may hold `serve --streams-per-client` streams at once (429 beyond); a
/// comment line is sent every 15 s so that proxies and the server's stall timeout see the
/// stream alive.
pub async fn events(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    client: Option<axum::Extension<Client>>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let permit = app.streams.open(client.map(|c| c.0))?;
    let states = states(&app, &id).await?;
    let stream = states.map(move |news: Arc<News>| {
        // The stream's place is freed when the stream is dropped with this closure.
        let _held = &permit;
        Ok(Event::default()
            .event(news.kind.event())
            .data(news.json.as_str()))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// A game's news: the state now (and its computer's place in the queue, if it waits), then
/// every news published after it.
///
/// The stream subscribes before it reads the state now: a change made between the two is
/// then sent after the first state (maybe once more than needed, never lost). Read first
/// and subscribe after, a move made in between was never sent, and a player who had just
/// opened the page waited for it forever.
async fn states(
    app: &AppState,
    id: &str,
) -> Result<impl Stream<Item = Arc<News>> + use<>, ApiError> {
    let updates = app.hub.subscribe(id);
    let info = match game_info(app, id, None).await {
        Ok((info, _)) => info,
        Err(e) => {
            drop(updates);
            app.hub.forget_unheard(id);
            return Err(e);
        }
    };
    let mut first = vec![Arc::new(News {
        kind: NewsKind::State,
        json: serde_json::to_string(&info).unwrap_or_default(),
    })];
    if let Some(ahead) = app.searches.ahead(id) {
        first.push(Arc::new(News {
            kind: NewsKind::Queue,
            json: serde_json::json!({ "ahead": ahead }).to_string(),
        }));
    }
    Ok(tokio_stream::iter(first).chain(BroadcastStream::new(updates).filter_map(|m| m.ok())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_store::TestStore;
    use crate::store::{SqliteStore, Store, StoredMove};
    use std::sync::atomic::Ordering;

    /// The limits of a small server: 16 connections.
    fn few_connections() -> crate::server::Limits {
        crate::server::Limits {
            max_connections: 16,
            ..crate::server::Limits::default()
        }
    }

    fn plies_of(news: &News) -> i64 {
        assert_eq!(news.kind, NewsKind::State);
        serde_json::from_str::<serde_json::Value>(&news.json).unwrap()["plies"]
            .as_i64()
            .unwrap()
    }

    /// A move stored and published after a stream read the game but before it went on is
    /// still sent on that stream (it was lost when the stream subscribed after its read:
    /// the browser test of two friends then waited for the first move in vain, now and then).
    #[tokio::test]
    async fn a_move_made_while_a_stream_opens_is_sent_on_it() {
        let store = Arc::new(TestStore::new().await);
        let app = Arc::new(AppState::new(store.clone(), &few_connections(), false).unwrap());
        let game = crate::store::suite::game("g1");
        store.create_game(&game).await.unwrap();
        store.hold_moves.store(true, Ordering::SeqCst);
        let opening = tokio::spawn({
            let app = app.clone();
            async move { states(&app, "g1").await.map(Box::pin) }
        });
        store.entered.notified().await;
        // The stream has read the game (no moves yet); a move is played meanwhile.
        let mv = StoredMove {
            ply: 0,
            mv: "11-15".into(),
            text: "11-15".into(),
            fen: "W:W21-32:B1-10,12,15".into(),
            clock_ms: None,
        };
        assert!(store.append_move("g1", &mv, None, None).await.unwrap());
        publish(&app, "g1").await;
        store.release.notify_one();
        let Ok(mut stream) = opening.await.unwrap() else {
            panic!("the stream opens");
        };
        let first = stream.next().await.unwrap();
        assert_eq!(plies_of(&first), 0, "the state the stream read");
        let next = tokio::time::timeout(Duration::from_secs(5), stream.next())
            .await
            .expect("the move made meanwhile is sent")
            .unwrap();
        assert_eq!(plies_of(&next), 1, "the move made meanwhile");
    }

    /// A stream refused (no such game) leaves no channel behind in the hub.
    #[tokio::test]
    async fn a_refused_stream_leaves_no_channel() {
        let store = Arc::new(SqliteStore::open(":memory:").await.unwrap());
        let app = AppState::new(store, &few_connections(), false).unwrap();
        assert!(states(&app, "nope").await.is_err());
        let _listening = app.hub.subscribe("other");
        assert!(!app.hub.has_listeners("nope"));
        assert_eq!(
            app.hub.channel_count(),
            1,
            "only the channel somebody listens to"
        );
    }
}
