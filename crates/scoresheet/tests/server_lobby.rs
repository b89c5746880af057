//! The lobby: an open game (a friend game created with `"lobby": true`) is listed for every
//! visitor and streamed live as it opens and goes; the first visitor to take it plays, chess
//! too.

mod common;

use std::sync::mpsc::Receiver;
use std::time::Duration;

use common::{Server, create, follow_events, play, temp_database};
use serde_json::{Value, json};

fn ids(lobby: &Value) -> Vec<String> {
    lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

/// The ids of the next list of open games on a stream of `/api/lobby/events`.
fn next(rx: &Receiver<Value>, what: &str) -> Vec<String> {
    let lobby = rx
        .recv_timeout(Duration::from_secs(10))
        .unwrap_or_else(|_| panic!("no lobby event {what}"));
    ids(&lobby)
}

#[test]
fn an_open_game_is_listed_live_and_taken_by_the_first_visitor() {
    let s = Server::start(temp_database("lobby"));
    let live = follow_events(s.addr, "/api/lobby/events", "lobby");
    assert!(next(&live, "at first").is_empty());
    // A chess game opened in the lobby, the creator playing Black with a clock.
    let (id, black, _) = create(
        &s,
        json!({ "rules": "chess", "mode": "friend", "lobby": true, "color": "black",
                "name": "Ann", "time_control": "300+3" }),
    );
    assert_eq!(next(&live, "when a game opens"), [id.as_str()]);
    let lobby = s.get("/api/lobby");
    assert_eq!(lobby.status, 200);
    let listed = &lobby.json()["games"][0];
    assert_eq!(listed["id"], id.as_str());
    assert_eq!(listed["rules"], "chess");
    assert_eq!(listed["seat"], "white", "the free seat is White's");
    assert_eq!(listed["name"], "Ann");
    assert_eq!(listed["time_control"], "300+3");
    assert_eq!(listed["yours"], false, "another visitor asks");
    // A friend game not opened to the lobby is not listed.
    create(&s, json!({ "rules": "international", "mode": "friend" }));
    assert_eq!(ids(&s.get("/api/lobby").json()), [id.as_str()]);
    // The first visitor takes the seat, the second is too late.
    let joined = s.post(&format!("/api/games/{id}/join"), "{}");
    assert_eq!(joined.status, 200, "{}", joined.body);
    let white = joined.json()["secret"].as_str().unwrap().to_string();
    assert_eq!(
        s.post(&format!("/api/games/{id}/join"), "{}").status,
        409,
        "taken"
    );
    assert!(next(&live, "when the game is taken").is_empty());
    assert!(ids(&s.get("/api/lobby").json()).is_empty());
    // And they play chess.
    assert_eq!(play(&s, &id, &white, "e2e4", 0).status, 200);
    assert_eq!(play(&s, &id, &black, "e7e5", 1).status, 200);
    let game = s.get(&format!("/api/games/{id}")).json();
    assert_eq!(game["plies"], 2);
    assert_eq!(game["status"], "ongoing");
}

#[test]
fn only_friend_games_go_to_the_lobby() {
    let s = Server::start(temp_database("lobby-modes"));
    for mode in ["device", "computer"] {
        let r = s.post(
            "/api/games",
            &json!({ "rules": "international", "mode": mode, "lobby": true }).to_string(),
        );
        assert_eq!(r.status, 400, "{mode}: {}", r.body);
    }
    assert!(ids(&s.get("/api/lobby").json()).is_empty());
}
