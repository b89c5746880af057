//! The tests every store passes (SQLite's and PostgreSQL's run them alike, through
//! [`store_tests!`]).

use std::sync::Arc;

use super::{ClockRow, Finish, Store, StoredAnalysis, StoredGame, StoredMove};
use crate::models::{EndReason, Ending, GameMode, GameStatus, Side};

/// An American game on one device, not yet begun.
pub(crate) fn game(id: &str) -> StoredGame {
    let american = "american".parse().unwrap();
    let start = "B:W21-32:B1-12".to_string();
    let mut game = StoredGame::new(
        id.into(),
        american,
        GameMode::Device,
        start,
        Some("v1".into()),
    );
    game.seat(Side::White, "w");
    game.seat(Side::Black, "b");
    game
}

fn mv(ply: i64, m: &str) -> StoredMove {
    StoredMove {
        ply,
        mv: m.into(),
        text: m.into(),
        fen: "x".into(),
        clock_ms: None,
    }
}

/// Moves are stored in turn: a ply taken, a ply skipped and a finished game refuse more.
pub async fn moves_take_turns(store: &dyn Store) {
    store.create_game(&game("g1")).await.unwrap();
    assert!(
        store
            .append_move("g1", &mv(0, "11-15"), None, None)
            .await
            .unwrap()
    );
    assert!(
        !store
            .append_move("g1", &mv(0, "9-13"), None, None)
            .await
            .unwrap(),
        "ply 0 is taken"
    );
    assert!(
        !store
            .append_move("g1", &mv(2, "9-13"), None, None)
            .await
            .unwrap(),
        "ply 1 comes first"
    );
    let finish = Finish {
        result: "1-0".into(),
        reason: Ending::of(EndReason::NoMoves),
    };
    assert!(
        store
            .append_move("g1", &mv(1, "23-19"), Some(&finish), None)
            .await
            .unwrap()
    );
    let g = store.game("g1").await.unwrap().unwrap();
    assert_eq!(
        (g.status.as_str(), g.result.as_deref(), g.plies),
        ("finished", Some("1-0"), 2)
    );
    assert!(
        !store
            .append_move("g1", &mv(2, "9-13"), None, None)
            .await
            .unwrap(),
        "finished"
    );
    assert_eq!(store.moves("g1").await.unwrap().len(), 2);
    assert_eq!(store.recent_finished(10).await.unwrap().len(), 1);
    let after = store.finished_after(0, "", 10).await.unwrap();
    assert_eq!(after.len(), 1);
    let last = &after[0];
    assert!(
        store
            .finished_after(last.updated_at, &last.id, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store
            .finished_after(last.updated_at, "", 10)
            .await
            .unwrap()
            .len(),
        1
    );
    assert_eq!(store.games_of("v1", 10).await.unwrap().len(), 1);
}

/// A friend's seat is taken once.
pub async fn a_seat_is_taken_once(store: &dyn Store) {
    let mut g = game("g2");
    g.status = GameStatus::Waiting;
    g.black_secret = None;
    store.create_game(&g).await.unwrap();
    assert!(
        store
            .take_seat("g2", Side::Black, "s", "v2", Some("Ann"))
            .await
            .unwrap()
    );
    assert!(
        !store
            .take_seat("g2", Side::Black, "t", "v3", None)
            .await
            .unwrap()
    );
    let g = store.game("g2").await.unwrap().unwrap();
    assert_eq!(
        (g.status.as_str(), g.black_name.as_deref()),
        ("ongoing", Some("Ann"))
    );
}

/// The lobby lists the open games whose seat is free, opened after the time asked, newest
/// first. The lobby asks for those opened in the last [`LOBBY_TTL_MS`](super::LOBBY_TTL_MS):
/// an open game opened before the cut-off has expired.
pub async fn open_games_expire_and_go_when_taken(store: &dyn Store) {
    let open = |id: &str, listed: bool| {
        let mut g = game(id);
        g.status = GameStatus::Waiting;
        g.black_secret = None;
        g.listed = listed;
        g
    };
    let pause = || tokio::time::sleep(std::time::Duration::from_millis(20));
    let before = super::now_ms() - 1;
    store.create_game(&open("older", true)).await.unwrap();
    pause().await;
    let cut_off = super::now_ms();
    pause().await;
    for id in ["newer", "private", "taken"] {
        store.create_game(&open(id, id != "private")).await.unwrap();
        pause().await;
    }
    let ids = |games: Vec<StoredGame>| games.into_iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.open_games(before, 10).await.unwrap()),
        ["taken", "newer", "older"]
    );
    assert!(
        store
            .take_seat("taken", Side::Black, "s", "v2", None)
            .await
            .unwrap()
    );
    assert_eq!(
        ids(store.open_games(before, 10).await.unwrap()),
        ["newer", "older"],
        "a taken seat leaves the lobby"
    );
    assert_eq!(ids(store.open_games(before, 1).await.unwrap()), ["newer"]);
    assert_eq!(
        ids(store.open_games(cut_off, 10).await.unwrap()),
        ["newer"],
        "opened before the cut-off: expired"
    );
}

/// Of many moves sent at once for the same turn, exactly one is stored.
pub async fn of_two_moves_for_one_turn_one_is_stored(store: Arc<dyn Store>) {
    for round in 0..10 {
        let id = format!("race{round}");
        store.create_game(&game(&id)).await.unwrap();
        let tries: Vec<_> = (0..6)
            .map(|i| {
                let store = store.clone();
                let id = id.clone();
                let text = if i % 2 == 0 { "11-15" } else { "9-13" };
                tokio::spawn(async move {
                    store
                        .append_move(&id, &mv(0, text), None, None)
                        .await
                        .unwrap()
                })
            })
            .collect();
        let mut stored = 0;
        for t in tries {
            stored += usize::from(t.await.unwrap());
        }
        assert_eq!(stored, 1, "round {round}");
        assert_eq!(store.moves(&id).await.unwrap().len(), 1);
        assert_eq!(store.game(&id).await.unwrap().unwrap().plies, 1);
    }
}

/// Draw offers come and go with moves; a game ends once, at the ply it was ended on.
pub async fn draws_and_endings(store: &dyn Store) {
    store.create_game(&game("d1")).await.unwrap();
    store.set_draw_offer("d1", Some(Side::Black)).await.unwrap();
    assert_eq!(
        store
            .game("d1")
            .await
            .unwrap()
            .unwrap()
            .draw_offer
            .map(Side::as_str),
        Some("black")
    );
    assert!(
        store
            .append_move("d1", &mv(0, "11-15"), None, None)
            .await
            .unwrap()
    );
    assert_eq!(
        store.game("d1").await.unwrap().unwrap().draw_offer,
        None,
        "a move clears it"
    );
    let agreed = Finish {
        result: "1/2-1/2".into(),
        reason: Ending::of(EndReason::Agreed),
    };
    assert!(
        !store.finish("d1", 0, &agreed, None).await.unwrap(),
        "the game moved on"
    );
    assert!(store.finish("d1", 1, &agreed, None).await.unwrap());
    assert!(
        !store.finish("d1", 1, &agreed, None).await.unwrap(),
        "ended already"
    );
    let g = store.game("d1").await.unwrap().unwrap();
    assert_eq!(
        (g.status.as_str(), g.reason.as_deref()),
        ("finished", Some("agreed"))
    );
    assert!(store.game("nope").await.unwrap().is_none());
    assert!(store.moves("nope").await.unwrap().is_empty());
}

/// A saved analysis comes back as it was saved; an id is taken once; an unknown id is none;
/// the bytes of their texts are counted in UTF-8.
pub(crate) async fn analyses_are_kept(store: &dyn Store) {
    assert_eq!(store.analysis_bytes().await.unwrap(), 0);
    let saved = StoredAnalysis {
        id: "a1b2c3d4e5".into(),
        rules: "russian".parse().unwrap(),
        text: "[Event \"Analysis\"]\n\n1. c3-d4 (1. c3-b4 {a side line}) f6-g5 *\n".into(),
        creator: Some("v1".into()),
        created_at: 42,
    };
    store.save_analysis(&saved).await.unwrap();
    assert_eq!(
        store.analysis("a1b2c3d4e5").await.unwrap(),
        Some(saved.clone())
    );
    assert!(
        store.save_analysis(&saved).await.is_err(),
        "an id is given once"
    );
    assert_eq!(store.analysis("0000000000").await.unwrap(), None);
    let other = StoredAnalysis {
        id: "f0f0f0f0f0".into(),
        text: "{Ünïcödé ½}".into(),
        ..saved.clone()
    };
    store.save_analysis(&other).await.unwrap();
    assert_eq!(
        store.analysis_bytes().await.unwrap(),
        (saved.text.len() + other.text.len()) as u64,
        "{} and {} bytes",
        saved.text.len(),
        other.text.len()
    );
}

/// A full-game computer analysis is kept under its key, the first one kept when a key comes
/// twice; an unknown key is none.
pub(crate) async fn computer_analyses_are_kept(store: &dyn Store) {
    let rules: games::Rules = "international".parse().unwrap();
    assert_eq!(store.computer_analysis("k1").await.unwrap(), None);
    store
        .save_computer_analysis("k1", rules, r#"{"moves":[]}"#)
        .await
        .unwrap();
    store
        .save_computer_analysis("k1", rules, r#"{"other":1}"#)
        .await
        .unwrap();
    assert_eq!(
        store.computer_analysis("k1").await.unwrap().as_deref(),
        Some(r#"{"moves":[]}"#)
    );
    assert_eq!(store.computer_analysis("k2").await.unwrap(), None);
}

/// A game with a clock keeps its control, the clocks each move leaves, and the mover's time
/// on each move; a finished game takes one rematch.
pub async fn clocks_and_rematch(store: &dyn Store) {
    let mut g = game("c1");
    g.time_control = Some("300+3".into());
    g.white_ms = Some(300_000);
    g.black_ms = Some(300_000);
    store.create_game(&g).await.unwrap();
    let back = store.game("c1").await.unwrap().unwrap();
    assert_eq!(back.time_control.as_deref(), Some("300+3"));
    assert_eq!(
        (back.white_ms, back.black_ms, back.clock_at),
        (Some(300_000), Some(300_000), None)
    );
    let mut first = mv(0, "11-15");
    first.clock_ms = Some(300_000);
    let after = ClockRow {
        white_ms: 300_000,
        black_ms: 300_000,
        at: 1_000,
    };
    assert!(
        store
            .append_move("c1", &first, None, Some(&after))
            .await
            .unwrap()
    );
    let mut second = mv(1, "23-19");
    second.clock_ms = Some(296_500);
    let late = ClockRow {
        white_ms: 296_500,
        black_ms: 300_000,
        at: 4_500,
    };
    assert!(
        store
            .append_move("c1", &second, None, Some(&late))
            .await
            .unwrap()
    );
    let back = store.game("c1").await.unwrap().unwrap();
    assert_eq!(
        (back.white_ms, back.black_ms, back.clock_at),
        (Some(296_500), Some(300_000), Some(4_500))
    );
    let moves = store.moves("c1").await.unwrap();
    assert_eq!(
        moves.iter().map(|m| m.clock_ms).collect::<Vec<_>>(),
        [Some(300_000), Some(296_500)]
    );
    // A move refused for its turn leaves the clocks alone.
    let stale = ClockRow {
        white_ms: 1,
        black_ms: 1,
        at: 9_999,
    };
    assert!(
        !store
            .append_move("c1", &mv(1, "22-18"), None, Some(&stale))
            .await
            .unwrap()
    );
    assert_eq!(
        store.game("c1").await.unwrap().unwrap().clock_at,
        Some(4_500)
    );

    assert!(
        !store.set_rematch("c1", "r1").await.unwrap(),
        "not while the game goes on"
    );
    let finish = Finish {
        result: "0-1".into(),
        reason: Ending::of(EndReason::Resigned),
    };
    // A resignation stops the clocks: refused at the wrong ply, it leaves them alone.
    let stopped = ClockRow {
        white_ms: 296_500,
        black_ms: 297_000,
        at: 7_500,
    };
    assert!(!store.finish("c1", 1, &finish, Some(&stale)).await.unwrap());
    assert!(
        store
            .finish("c1", 2, &finish, Some(&stopped))
            .await
            .unwrap()
    );
    let back = store.game("c1").await.unwrap().unwrap();
    assert_eq!(
        (back.white_ms, back.black_ms, back.clock_at),
        (Some(296_500), Some(297_000), Some(7_500))
    );
    assert!(store.set_rematch("c1", "r1").await.unwrap());
    assert!(!store.set_rematch("c1", "r2").await.unwrap(), "one rematch");
    assert_eq!(
        store.game("c1").await.unwrap().unwrap().rematch.as_deref(),
        Some("r1")
    );
}

/// The tests of the suite that take a store of their own, for a store `open(name).await`
/// opens (`name` tells the tests apart).
macro_rules! store_tests {
    ($open:expr) => {
        #[tokio::test]
        async fn moves_take_turns() {
            $crate::store::suite::moves_take_turns(&$open("turns").await).await;
        }

        #[tokio::test]
        async fn a_seat_is_taken_once() {
            $crate::store::suite::a_seat_is_taken_once(&$open("seat").await).await;
        }

        #[tokio::test]
        async fn open_games_expire_and_go_when_taken() {
            $crate::store::suite::open_games_expire_and_go_when_taken(&$open("lobby").await).await;
        }

        #[tokio::test]
        async fn draws_and_endings() {
            $crate::store::suite::draws_and_endings(&$open("draws").await).await;
        }

        #[tokio::test]
        async fn clocks_and_rematch() {
            $crate::store::suite::clocks_and_rematch(&$open("clocks").await).await;
        }

        #[tokio::test]
        async fn analyses_are_kept() {
            $crate::store::suite::analyses_are_kept(&$open("analyses").await).await;
        }

        #[tokio::test]
        async fn computer_analyses_are_kept() {
            $crate::store::suite::computer_analyses_are_kept(&$open("computer").await).await;
        }
    };
}

pub(crate) use store_tests;
