//! Two `scoresheet serve` processes on one PostgreSQL database, as behind a load balancer:
//! a friend game with one player on each sees every move live on both; two moves sent at
//! once for one turn to the two processes: one stored (200), one refused (409); one process
//! killed with SIGKILL mid-game: the game goes on through the other, no acknowledged move
//! lost. The PostgreSQL server is the one `SCORESHEET_TEST_POSTGRES` names (scripts/test
//! starts one with scripts/postgres); each test makes a database of its own in it.

mod common;

use std::time::Duration;

use common::{Server, create, follow_plies, play, postgres_database, wait_for_plies};
use serde_json::json;

#[test]
fn friends_on_two_servers_see_each_others_moves_live() {
    let db = postgres_database("friends");
    let a = Server::start(db.clone());
    let b = Server::start(db);
    // Alice makes a friend game on server A; Bob takes the seat through server B.
    let (id, alice, _) = create(
        &a,
        json!({ "rules": "russian", "mode": "friend", "color": "white" }),
    );
    let alice_sees = follow_plies(a.addr, &id);
    wait_for_plies(&alice_sees, 0, "Alice");
    let r = b.post(&format!("/api/games/{id}/join"), "{}");
    assert_eq!(r.status, 200, "{}", r.body);
    let bob = r.json()["secret"].as_str().unwrap().to_string();
    let bob_sees = follow_plies(b.addr, &id);
    wait_for_plies(&bob_sees, 0, "Bob");
    let moves = ["c3-d4", "f6-g5", "d4-c5", "b6:d4", "e3:c5", "d6:b4"];
    for (ply, mv) in moves.iter().enumerate() {
        // White (Alice) plays on A, Black (Bob) on B; each sees the other's move live.
        let (server, secret, other, who) = if ply % 2 == 0 {
            (&a, &alice, &bob_sees, "Bob on B")
        } else {
            (&b, &bob, &alice_sees, "Alice on A")
        };
        let r = play(server, &id, secret, mv, ply);
        assert_eq!(r.status, 200, "{mv}: {}", r.body);
        wait_for_plies(other, ply as i64 + 1, who);
    }
    // Announcements are not echoed back and forth: once the moves are made, the streams
    // fall quiet (a process that announced again what it heard would send states forever).
    std::thread::sleep(Duration::from_millis(300));
    while alice_sees.try_recv().is_ok() || bob_sees.try_recv().is_ok() {}
    std::thread::sleep(Duration::from_millis(700));
    let more = alice_sees.try_iter().count() + bob_sees.try_iter().count();
    assert_eq!(more, 0, "states sent after the last move");
    let on_a = a.get(&format!("/api/games/{id}")).json();
    let on_b = b.get(&format!("/api/games/{id}")).json();
    assert_eq!(on_a["moves"], on_b["moves"]);
    assert_eq!(on_a["plies"], 6);
}

#[test]
fn two_moves_for_one_turn_on_two_servers_one_is_refused() {
    let db = postgres_database("race");
    let a = Server::start(db.clone());
    let b = Server::start(db);
    for round in 0..10 {
        let (id, secret, _) = create(&a, json!({ "rules": "american", "mode": "device" }));
        let statuses = common::moves_at_once(&[(a.addr, "11-15"), (b.addr, "9-13")], &id, &secret);
        assert_eq!(statuses, [200, 409], "round {round}");
        assert_eq!(a.get(&format!("/api/games/{id}")).json()["plies"], 1);
        assert_eq!(b.get(&format!("/api/games/{id}")).json()["plies"], 1);
    }
}

#[test]
fn a_killed_server_leaves_the_game_to_the_other() {
    let db = postgres_database("kill");
    let a = Server::start(db.clone());
    let b = Server::start(db);
    let (id, secret, _) = create(&a, json!({ "rules": "russian", "mode": "device" }));
    let moves = [
        "c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h8-g7", "a3-b4",
    ];
    let watcher = follow_plies(b.addr, &id);
    for (ply, mv) in moves.iter().take(4).enumerate() {
        assert_eq!(play(&a, &id, &secret, mv, ply).status, 200, "{mv}");
    }
    a.kill();
    // Every move A acknowledged is in the database; the game goes on through B, and the
    // player following on B sees the moves made there.
    let g = b.get(&format!("/api/games/{id}")).json();
    assert_eq!(g["plies"], 4);
    for (ply, mv) in moves.iter().enumerate().skip(4) {
        assert_eq!(play(&b, &id, &secret, mv, ply).status, 200, "{mv}");
    }
    wait_for_plies(&watcher, moves.len() as i64, "the watcher on B");
    let texts: Vec<String> = b.get(&format!("/api/games/{id}")).json()["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(texts, moves);
}

#[test]
fn the_computer_moves_after_its_server_died_during_its_search() {
    let db = postgres_database("computer");
    let a = Server::start(db.clone());
    let b = Server::start(db);
    // Out of the opening book (no White man on 50), where the computer would reply at once.
    let (id, secret, _) = create(
        &a,
        json!({ "rules": "international", "mode": "computer", "level": "strong", "color": "white",
            "fen": "W:W31-49:B1-20" }),
    );
    assert_eq!(play(&a, &id, &secret, "32-28", 0).status, 200);
    // A searches for 1.5 s: killed now, it never stores the computer's reply.
    a.kill();
    assert_eq!(b.get(&format!("/api/games/{id}")).json()["plies"], 1);
    // Once the reply is overdue, loading the game on B has B search and play it.
    let started = std::time::Instant::now();
    loop {
        let g = b.get(&format!("/api/games/{id}")).json();
        if g["plies"] == 2 {
            assert_eq!(g["turn"], "white");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the computer never moved"
        );
        std::thread::sleep(Duration::from_millis(250));
    }
    assert!(
        started.elapsed() >= Duration::from_secs(3),
        "not before the move was overdue"
    );
}

#[test]
fn a_lost_listening_connection_is_made_again() {
    let db = postgres_database("relisten");
    let a = Server::start(db.clone());
    let b = Server::start(db.clone());
    let (id, secret, _) = create(&a, json!({ "rules": "american", "mode": "device" }));
    let on_a = follow_plies(a.addr, &id);
    wait_for_plies(&on_a, 0, "the watcher on A");
    // The database drops every listening connection (a restart, a network cut would).
    let url = db.to_str().unwrap().to_string();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let dropped: i64 = runtime.block_on(async {
        use sqlx::Connection;
        let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
        sqlx::query_scalar(
            "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND query LIKE 'LISTEN%') AS t",
        )
        .fetch_one(&mut admin)
        .await
        .unwrap()
    });
    assert_eq!(dropped, 2, "both servers listened");
    // Moves made on B reach the watcher on A once A listens again.
    let started = std::time::Instant::now();
    for (ply, mv) in ["11-15", "23-19", "8-11"].iter().enumerate() {
        assert_eq!(play(&b, &id, &secret, mv, ply).status, 200, "{mv}");
    }
    wait_for_plies(&on_a, 3, "the watcher on A after the connection was lost");
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// The games database on two servers: a collection imported once answers the same on both,
/// and a game finished on one enters the explorer of the other.
#[test]
fn the_explorer_is_the_same_on_two_servers() {
    let db = postgres_database("explorer");
    let url = db.to_str().unwrap().to_string();
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/draughts/pdn-spec-games/succeed/wk2003.pdn");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["db", "import", "--database", &url])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let a = Server::start(db.clone());
    let b = Server::start(db);
    let explore = |s: &Server, q: &str| {
        let r = s.get(&format!("/api/explorer?{q}"));
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()
    };
    for q in [
        "rules=international",
        "rules=international&moves=32-28%2019-23",
    ] {
        let on_a = explore(&a, q);
        assert!(on_a["games"].as_u64().unwrap() > 0, "{q}");
        assert_eq!(on_a, explore(&b, q), "{q}");
    }
    // A Russian game on one device, played on A and resigned: B's explorer shows it.
    assert_eq!(explore(&b, "rules=russian")["games"], 0);
    let (id, secret, _) = create(&a, json!({ "rules": "russian", "mode": "device" }));
    for (ply, mv) in ["c3-d4", "f6-g5", "d4-c5"].iter().enumerate() {
        let r = play(&a, &id, &secret, mv, ply);
        assert_eq!(r.status, 200, "{mv}: {}", r.body);
    }
    let r = a.post_as(&format!("/api/games/{id}/resign"), &secret, "{}");
    assert_eq!(r.status, 200, "{}", r.body);
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let answer = explore(&b, "rules=russian&moves=c3-d4");
        if answer["games"] == 1 {
            assert_eq!(answer["moves"][0]["san"], "f6-g5", "{answer}");
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the finished game never came: {answer}"
        );
        std::thread::sleep(Duration::from_millis(500));
    }
}
