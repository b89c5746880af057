//! The lobby: an open game (a friend game created with `"lobby": true`) is listed for every
//! visitor and streamed live as it opens and goes; the first visitor to take it plays, chess
//! too.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use common::{Server, create, play, temp_database};
use serde_json::{Value, json};

/// Follows `/api/lobby/events`: each list of open games' ids as it arrives.
fn follow_lobby(addr: SocketAddr) -> Receiver<Vec<String>> {
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut w = stream.try_clone().unwrap();
    write!(
        w,
        "GET /api/lobby/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
    )
    .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut event = String::new();
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if let Some(name) = line.strip_prefix("event:") {
                event = name.trim().to_string();
            } else if let Some(data) = line.strip_prefix("data:")
                && event == "lobby"
            {
                let lobby: Value = serde_json::from_str(data.trim()).unwrap();
                let ids = ids(&lobby);
                if tx.send(ids).is_err() {
                    break;
                }
            }
        }
    });
    rx
}

fn ids(lobby: &Value) -> Vec<String> {
    lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

fn next(rx: &Receiver<Vec<String>>, what: &str) -> Vec<String> {
    rx.recv_timeout(Duration::from_secs(10))
        .unwrap_or_else(|_| panic!("no lobby event {what}"))
}

#[test]
fn an_open_game_is_listed_live_and_taken_by_the_first_visitor() {
    let s = Server::start(temp_database("lobby"));
    let live = follow_lobby(s.addr);
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
