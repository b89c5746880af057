//! Every write is all or nothing (issue 26, finding 7): with the store failing every write (a
//! full disk, a lost connection), a move, a resignation, a draw and a rematch each fail and
//! change nothing, in the store or in memory; once the fault clears, the same request does
//! what it would have done. (A move failed on a full disk used to stay played in memory: the
//! same move was then "not a legal move here" until the process restarted.)

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::State;
use axum::response::IntoResponse;

use super::endings::{DrawRequest, draw, resign};
use super::moves::{MoveRequest, play_move};
use super::players::{Requester, hash};
use super::rematch::rematch;
use crate::models::{GameStatus, Side};
use crate::server::AppState;
use crate::server::json::ApiJson;
use crate::server::visitor::Visitor;
use crate::store::test_store::TestStore;
use crate::store::{Store, StoredGame};

const SECRET: &str = "the-players-secret";

/// A server on a store that can fail, with an American game on one device, `g1`, both seats
/// held by [`SECRET`].
async fn server() -> (Arc<AppState>, Arc<TestStore>) {
    let store = Arc::new(TestStore::new().await);
    let app = AppState::new(store.clone(), &crate::server::Limits::default(), false).unwrap();
    let mut game: StoredGame = crate::store::suite::game("g1");
    game.seat(Side::White, &hash(SECRET));
    game.seat(Side::Black, &hash(SECRET));
    store.create_game(&game).await.unwrap();
    (Arc::new(app), store)
}

fn player() -> Requester {
    Requester {
        id: "g1".into(),
        secret: Some(SECRET.into()),
    }
}

fn a_move(mv: &str, ply: i64) -> ApiJson<MoveRequest> {
    ApiJson(serde_json::from_value(serde_json::json!({ "move": mv, "ply": ply })).unwrap())
}

fn visitor() -> Visitor {
    Visitor {
        lang: "en",
        id: "v1".into(),
        query: Vec::new(),
        set_cookies: Vec::new(),
        secure: false,
    }
}

async fn stored(store: &TestStore) -> StoredGame {
    store.game("g1").await.unwrap().unwrap()
}

#[tokio::test]
async fn a_move_that_fails_to_write_is_not_played() {
    let (app, store) = server().await;
    store.fail_writes.store(true, Ordering::SeqCst);
    let failed = play_move(State(app.clone()), player(), a_move("11-15", 0)).await;
    assert_eq!(failed.err().map(|e| e.code), Some("database"));
    assert_eq!(stored(&store).await.plies, 0);
    store.fail_writes.store(false, Ordering::SeqCst);
    // The same move, once the fault clears: played, and the game goes on.
    let info = play_move(State(app.clone()), player(), a_move("11-15", 0))
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(info.0.plies, 1);
    let info = play_move(State(app.clone()), player(), a_move("23-19", 1))
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(info.0.plies, 2);
    assert_eq!(store.moves("g1").await.unwrap().len(), 2);
}

#[tokio::test]
async fn a_resignation_or_a_draw_that_fails_to_write_ends_nothing() {
    let (app, store) = server().await;
    let first = play_move(State(app.clone()), player(), a_move("11-15", 0))
        .await
        .unwrap();
    assert_eq!(first.0.plies, 1);
    store.fail_writes.store(true, Ordering::SeqCst);
    assert!(resign(State(app.clone()), player()).await.is_err());
    let offer = || {
        ApiJson::<DrawRequest>(
            serde_json::from_value(serde_json::json!({ "action": "offer" })).unwrap(),
        )
    };
    assert!(draw(State(app.clone()), player(), offer()).await.is_err());
    assert_eq!(stored(&store).await.status, GameStatus::Ongoing);
    // Once the fault clears, the game goes on and the same offer ends it.
    store.fail_writes.store(false, Ordering::SeqCst);
    let second = play_move(State(app.clone()), player(), a_move("23-19", 1))
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(second.0.plies, 2);
    let ended = draw(State(app.clone()), player(), offer())
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(ended.0.status, GameStatus::Finished);
    assert_eq!(stored(&store).await.reason.as_deref(), Some("agreed"));
}

#[tokio::test]
async fn a_rematch_that_fails_to_write_makes_no_game() {
    let (app, store) = server().await;
    let resigned = resign(State(app.clone()), player()).await.unwrap();
    assert_eq!(resigned.0.status, GameStatus::Finished);
    store.fail_writes.store(true, Ordering::SeqCst);
    let headers = axum::http::HeaderMap::new();
    assert!(
        rematch(
            State(app.clone()),
            player(),
            visitor(),
            headers.clone(),
            None
        )
        .await
        .is_err()
    );
    assert_eq!(stored(&store).await.rematch, None);
    store.fail_writes.store(false, Ordering::SeqCst);
    let made = rematch(State(app.clone()), player(), visitor(), headers, None)
        .await
        .unwrap_or_else(|e| panic!("{e:?}"))
        .into_response();
    assert_eq!(made.status(), axum::http::StatusCode::CREATED);
    let next = stored(&store).await.rematch.expect("the rematch offered");
    assert_eq!(
        store.game(&next).await.unwrap().unwrap().status,
        GameStatus::Ongoing
    );
}
