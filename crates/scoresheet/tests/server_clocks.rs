//! Clocks kept by the real server, in real time (controls of two or three seconds, no
//! speed-up): a move is charged, the increment added or the time per move given back, a
//! flag ends the game by the rules with nobody reading it, a move sent after the flag is
//! refused, the PDN carries `TimeControl` and `%clk`, and rematches swap the colours.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::{Server, create, play, temp_database};
use serde_json::{Value, json};

fn game(s: &Server, id: &str) -> Value {
    s.get(&format!("/api/games/{id}")).json()
}

fn ending(g: &Value) -> (Option<&str>, Option<&str>, Option<&str>) {
    (
        g["status"].as_str(),
        g["result"].as_str(),
        g["reason"].as_str(),
    )
}

#[test]
fn moves_are_charged_and_time_controls_are_checked() {
    let s = Server::start(temp_database("clock-charge"));
    for bad in ["0+0", "1/0", "40/9000", "5 minutes", "90000+0"] {
        let r = s.post(
            "/api/games",
            &json!({ "rules": "american", "mode": "device", "time_control": bad }).to_string(),
        );
        assert_eq!(r.status, 422, "{bad}: {}", r.body);
        assert!(r.body.contains("bad-time-control"), "{}", r.body);
    }
    let (id, secret, v) = create(
        &s,
        json!({ "rules": "american", "mode": "device", "time_control": "60+5" }),
    );
    let clock = &v["game"]["clock"];
    assert_eq!(
        (
            clock["control"].as_str(),
            clock["white_ms"].as_i64(),
            clock["black_ms"].as_i64(),
            clock["running"].as_str()
        ),
        (Some("60+5"), Some(60_000), Some(60_000), None),
        "full clocks, not running before the first move"
    );
    // The first move costs nothing and starts White's clock.
    let g = play(&s, &id, &secret, "11-15", 0).json();
    assert_eq!(g["clock"]["black_ms"], 60_000);
    assert_eq!(g["clock"]["running"], "white");
    std::thread::sleep(Duration::from_millis(600));
    let g = play(&s, &id, &secret, "23-19", 1).json();
    let white = g["clock"]["white_ms"].as_i64().unwrap();
    // 60 s, less about 0.6 s of thinking, plus the 5 s increment.
    assert!(
        (63_000..=64_400).contains(&white),
        "White charged and given the increment: {white}"
    );
    assert_eq!(g["clock"]["running"], "black");
    assert_eq!(
        g["moves"][1]["clock_ms"].as_i64(),
        Some(white),
        "kept with the move"
    );
}

#[test]
fn time_per_move_is_given_back_after_each_move() {
    let s = Server::start(temp_database("clock-per-move"));
    let (id, secret, _) = create(
        &s,
        json!({ "rules": "american", "mode": "device", "time_control": "1/3" }),
    );
    play(&s, &id, &secret, "11-15", 0);
    std::thread::sleep(Duration::from_millis(1_500));
    let g = play(&s, &id, &secret, "23-19", 1).json();
    assert_eq!(g["clock"]["white_ms"], 3_000, "three seconds again");
    // Black thinks 1.5 s for each of two moves: with 3 s per move it never runs out.
    std::thread::sleep(Duration::from_millis(1_500));
    assert_eq!(play(&s, &id, &secret, "8-11", 2).status, 200);
    std::thread::sleep(Duration::from_millis(1_500));
    assert_eq!(play(&s, &id, &secret, "22-18", 3).status, 200);
    std::thread::sleep(Duration::from_millis(3_300));
    let g = game(&s, &id);
    assert_eq!(
        ending(&g),
        (Some("finished"), Some("0-1"), Some("time")),
        "Black let its 3 s run out: White wins (American 0-1)"
    );
}

/// Waits for the game's events to say it ended; answers the final state.
#[test]
fn a_resignation_or_an_agreed_draw_stops_the_clocks_where_they_stand() {
    let s = Server::start(temp_database("clock-stop"));
    for (how, body) in [("resign", "{}"), ("draw", r#"{"action":"offer"}"#)] {
        let (id, secret, _) = create(
            &s,
            json!({ "rules": "american", "mode": "device", "time_control": "60+5" }),
        );
        // Black's first move is free and starts White's clock; White thinks 0.8 s, then
        // resigns (on one device a draw offer is agreed at once).
        play(&s, &id, &secret, "11-15", 0);
        std::thread::sleep(Duration::from_millis(800));
        let r = s.post_as(&format!("/api/games/{id}/{how}"), &secret, body);
        assert_eq!(r.status, 200, "{how}: {}", r.body);
        let end = r.json();
        assert_eq!(end["status"], "finished", "{how}");
        let white = end["clock"]["white_ms"].as_i64().unwrap();
        assert!(
            (58_000..=59_250).contains(&white),
            "{how}: White charged its 0.8 s of thinking, no increment: {white}"
        );
        assert_eq!(end["clock"]["black_ms"], 60_000, "{how}");
        assert!(end["clock"]["running"].is_null(), "{how}");
        // Stopped: read later, the clocks have not moved.
        std::thread::sleep(Duration::from_millis(300));
        let later = game(&s, &id);
        assert_eq!(later["clock"], end["clock"], "{how}");
    }
}

fn wait_for_end(addr: std::net::SocketAddr, id: &str, within: Duration) -> Value {
    let stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(within)).unwrap();
    let mut w = stream.try_clone().unwrap();
    write!(
        w,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
    )
    .unwrap();
    for line in BufReader::new(stream).lines() {
        let line = line.expect("the end is announced in time");
        if let Some(data) = line.strip_prefix("data:") {
            let state: Value = serde_json::from_str(data.trim()).unwrap();
            if state["status"] == "finished" {
                return state;
            }
        }
    }
    panic!("the events stopped before the end");
}

#[test]
fn a_flag_ends_the_game_on_its_own_and_late_moves_are_refused() {
    let s = Server::start(temp_database("clock-flag"));
    let (id, secret, _) = create(
        &s,
        json!({ "rules": "international", "mode": "device", "time_control": "2+0" }),
    );
    assert_eq!(play(&s, &id, &secret, "32-28", 0).status, 200);
    let start = Instant::now();
    // Nobody reads the game: the server's timer ends it and tells the followers.
    let end = wait_for_end(s.addr, &id, Duration::from_secs(6));
    let took = start.elapsed();
    assert!(
        took >= Duration::from_millis(1_900),
        "not before the flag: {took:?}"
    );
    // Black (to move) ran out: White wins, 2-0 in International draughts.
    assert_eq!(ending(&end), (Some("finished"), Some("2-0"), Some("time")));
    assert_eq!(
        end["clock"]["black_ms"], 0,
        "the flagged clock shows nothing left"
    );
    assert_eq!(end["clock"]["running"], Value::Null);
    let r = play(&s, &id, &secret, "19-23", 1);
    assert_eq!(r.status, 409, "{}", r.body);

    // A server that stopped has no timer: the late move itself finds the flag.
    let (id, secret, _) = create(
        &s,
        json!({ "rules": "international", "mode": "device", "time_control": "2+0" }),
    );
    assert_eq!(play(&s, &id, &secret, "32-28", 0).status, 200);
    let database = s.kill();
    std::thread::sleep(Duration::from_millis(2_300));
    let s = Server::start(database);
    let r = play(&s, &id, &secret, "19-23", 1);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("\"out-of-time\""), "{}", r.body);
    let g = game(&s, &id);
    assert_eq!(ending(&g), (Some("finished"), Some("2-0"), Some("time")));
    assert_eq!(g["plies"], 1, "the late move is not stored");
}

#[test]
fn out_of_time_against_a_lone_king_is_a_draw() {
    let s = Server::start(temp_database("clock-chess"));
    // White has a king and a pawn, Black a lone king.
    let fen = "8/8/8/3k4/8/8/4P3/4K3 w - - 0 1";
    for (plies, expected) in [
        // White runs out: Black's lone king could never mate, a draw.
        (2, (Some("finished"), Some("1/2-1/2"), Some("time-draw"))),
        // Black runs out: White could still win, White wins.
        (1, (Some("finished"), Some("1-0"), Some("time"))),
    ] {
        let (id, secret, _) = create(
            &s,
            json!({ "rules": "chess", "mode": "device", "fen": fen, "time_control": "2+0" }),
        );
        for (ply, mv) in ["e2e3", "d5e5"].iter().take(plies).enumerate() {
            assert_eq!(play(&s, &id, &secret, mv, ply).status, 200);
        }
        let end = wait_for_end(s.addr, &id, Duration::from_secs(6));
        assert_eq!(ending(&end), expected);
    }
}

#[test]
fn the_pdn_writes_the_control_and_the_clocks() {
    let s = Server::start(temp_database("clock-pdn"));
    let (id, secret, _) = create(
        &s,
        json!({ "rules": "chess", "mode": "device", "time_control": "180+2" }),
    );
    for (ply, mv) in ["e2e4", "e7e5", "g1f3"].iter().enumerate() {
        assert_eq!(play(&s, &id, &secret, mv, ply).status, 200);
    }
    s.post_as(&format!("/api/games/{id}/resign"), &secret, "{}");
    let pdn = s.get(&format!("/api/games/{id}/pdn")).body;
    assert!(pdn.contains("[TimeControl \"180+2\"]"), "{pdn}");
    // As lichess writes them: the mover's clock after each move, in whole seconds (rounded
    // down): 3:00 for the first move (not charged), then 3:00 less the thinking plus 2 s.
    let clk = |ms: i64| format!("0:03:{:02}", (ms - 180_000) / 1000);
    let moves = game(&s, &id)["moves"].clone();
    let ms: Vec<i64> = (0..3)
        .map(|i| moves[i]["clock_ms"].as_i64().unwrap())
        .collect();
    assert_eq!(ms[0], 180_000);
    assert!(ms[1] > 181_000 && ms[1] <= 182_000, "{ms:?}");
    let expected = format!(
        "1. e4 {{[%clk {}]}} 1... e5 {{[%clk {}]}} 2. Nf3 {{[%clk {}]}} 1-0",
        clk(ms[0]),
        clk(ms[1]),
        clk(ms[2])
    );
    assert!(pdn.contains(&expected), "{expected} in {pdn}");
    // The PDN reads back through `check` with its clocks as comments.
    let dir = temp_database("clock-pdn-file");
    let file = dir.with_extension("pgn");
    std::fs::write(&file, &pdn).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["check", "--json"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_rematch_swaps_the_colours_and_keeps_the_clock() {
    let s = Server::start(temp_database("rematch"));
    let (id, alice, _) = create(
        &s,
        json!({ "rules": "american", "mode": "friend", "color": "black", "name": "Alice", "time_control": "1/60" }),
    );
    let r = s.post_as(&format!("/api/games/{id}/join"), "nobody", "{}");
    assert_eq!(r.status, 200, "{}", r.body);
    let bob = r.json()["secret"].as_str().unwrap().to_string();
    assert_eq!(
        s.post_as(&format!("/api/games/{id}/rematch"), &alice, "{}")
            .status,
        409,
        "not while the game goes on"
    );
    assert_eq!(
        s.post(&format!("/api/games/{id}/rematch"), "{}").status,
        403
    );
    s.post_as(&format!("/api/games/{id}/resign"), &bob, "{}");
    let r = s.post_as(&format!("/api/games/{id}/rematch"), &alice, "{}");
    assert_eq!(r.status, 201, "{}", r.body);
    let made = r.json();
    let next = made["game"]["id"].as_str().unwrap().to_string();
    assert_eq!(made["game"]["you"], "white", "Alice had Black");
    assert_eq!(made["game"]["white"], "Alice");
    assert_eq!(made["game"]["status"], "waiting");
    assert_eq!(made["game"]["clock"]["control"], "1/60");
    assert_eq!(
        game(&s, &id)["rematch"],
        next.as_str(),
        "offered on the old game"
    );
    // Bob accepts by asking too: the free seat, Black.
    let r = s.post_as(&format!("/api/games/{id}/rematch"), &bob, "{}");
    assert_eq!(r.status, 200, "{}", r.body);
    let joined = r.json();
    assert_eq!(joined["game"]["id"], next.as_str());
    assert_eq!(joined["game"]["you"], "black");
    assert_eq!(joined["game"]["status"], "ongoing");
    let bob2 = joined["secret"].as_str().unwrap().to_string();
    assert_eq!(
        play(&s, &next, &bob2, "11-15", 0).status,
        200,
        "Black moves first"
    );
    // Alice asking again gets her seat, not a third game.
    let again = s
        .post_as(&format!("/api/games/{id}/rematch"), &alice, "{}")
        .json();
    assert_eq!(again["game"]["id"], next.as_str());
    assert_eq!(again["game"]["you"], "white");
}
