//! Games played on the site, against the real server and its SQLite file: lifecycle,
//! who may move, two moves sent at once for one turn, a server killed with SIGKILL, live
//! events, the computer, friends, draws, and the PDN download read back by `check`.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::{Server, create, play, temp_database};
use serde_json::{Value, json};

/// The start of the first game of american-tinsley.pdn (Tinsley–Rex, 1946), whose score
/// writes the move 10-14 as `10x14`; after it, White must take with 19x10.
const OPENING: [&str; 8] = [
    "11-15", "23-18", "8-11", "27-23", "4-8", "23-19", "10x14", "19x10",
];

#[test]
fn lifecycle_on_one_device() {
    let s = Server::start(temp_database("device"));
    let (id, secret, v) = create(&s, json!({ "rules": "american", "mode": "device" }));
    assert_eq!(v["game"]["you"], "both");
    assert_eq!(
        v["game"]["turn"], "black",
        "Black moves first in American checkers"
    );
    for (ply, mv) in OPENING.iter().take(7).enumerate() {
        let r = play(&s, &id, &secret, mv, ply);
        assert_eq!(r.status, 200, "{mv}: {}", r.body);
    }
    let r = play(&s, &id, &secret, "24-20", 7);
    assert_eq!(r.status, 422, "a capture is compulsory: {}", r.body);
    assert_eq!(play(&s, &id, &secret, "19x10", 7).status, 200);
    let g = s.get(&format!("/api/games/{id}")).json();
    assert_eq!(g["plies"], 8);
    assert_eq!(
        g["moves"][6]["text"], "10-14",
        "stored in the variant's notation"
    );
    assert_eq!(g["moves"][7]["text"], "19x10");
    assert_eq!(g["you"], Value::Null, "no secret: a spectator");
    // Analysis is refused while the game goes on.
    assert_eq!(s.get(&format!("/api/games/{id}/analysis")).status, 409);
    let page = s.get(&format!("/analysis?game={id}"));
    assert_eq!(page.status, 409);
    // Black resigns (it is Black's turn): White wins, and Black moves first, so 0-1.
    let r = s.post_as(&format!("/api/games/{id}/resign"), &secret, "{}");
    assert_eq!(r.status, 200, "{}", r.body);
    let g = r.json();
    assert_eq!(
        (
            g["status"].as_str(),
            g["result"].as_str(),
            g["winner"].as_str()
        ),
        (Some("finished"), Some("0-1"), Some("white"))
    );
    assert_eq!(
        play(&s, &id, &secret, "6x15", 8).status,
        409,
        "no moves after the end"
    );
    let a = s.get(&format!("/api/games/{id}/analysis")).json();
    assert_eq!(a["nodes"].as_array().unwrap().len(), 8);
    assert_eq!(s.get(&format!("/analysis?game={id}")).status, 200);
    // The home page lists it.
    let home = s.get("/");
    assert!(home.body.contains(&id));
}

#[test]
fn only_players_move_and_only_on_their_turn() {
    let s = Server::start(temp_database("auth"));
    let (id, white, _) = create(
        &s,
        json!({ "rules": "international", "mode": "friend", "color": "white" }),
    );
    assert_eq!(
        s.get(&format!("/api/games/{id}")).json()["status"],
        "waiting"
    );
    assert_eq!(play(&s, &id, "not-a-secret", "32-28", 0).status, 403);
    assert_eq!(
        s.post(
            &format!("/api/games/{id}/moves"),
            r#"{"move":"32-28","ply":0}"#
        )
        .status,
        403
    );
    assert_eq!(
        play(&s, &id, &white, "32-28", 0).status,
        409,
        "waiting for the friend"
    );
    // The friend joins (a browser opening the link does the same).
    let r = s.post(&format!("/api/games/{id}/join"), "{}");
    assert_eq!(r.status, 200, "{}", r.body);
    let black = r.json()["secret"].as_str().unwrap().to_string();
    assert_eq!(
        s.post(&format!("/api/games/{id}/join"), "{}").status,
        409,
        "the seat is taken"
    );
    assert_eq!(
        play(&s, &id, &black, "32-28", 0).status,
        403,
        "not Black's turn"
    );
    assert_eq!(play(&s, &id, &white, "32-28", 0).status, 200);
    assert_eq!(
        play(&s, &id, &white, "19-23", 1).status,
        403,
        "not White's turn"
    );
    assert_eq!(play(&s, &id, &black, "19-23", 1).status, 200);
    // Draw: offered by one, accepted by the other.
    assert_eq!(
        s.post_as(
            &format!("/api/games/{id}/draw"),
            &white,
            r#"{"action":"offer"}"#
        )
        .json()["draw_offer"],
        "white"
    );
    assert_eq!(
        s.post_as(
            &format!("/api/games/{id}/draw"),
            &white,
            r#"{"action":"accept"}"#
        )
        .status,
        409,
        "not one's own offer"
    );
    let g = s
        .post_as(
            &format!("/api/games/{id}/draw"),
            &black,
            r#"{"action":"accept"}"#,
        )
        .json();
    assert_eq!(
        (g["result"].as_str(), g["reason"].as_str()),
        (Some("1-1"), Some("agreed")),
        "International scores a draw 1-1"
    );
}

#[test]
fn two_moves_at_once_for_one_turn_one_is_refused() {
    let s = Server::start(temp_database("race"));
    for round in 0..10 {
        let (id, secret, _) = create(&s, json!({ "rules": "american", "mode": "device" }));
        let statuses = common::moves_at_once(&[(s.addr, "11-15"), (s.addr, "9-13")], &id, &secret);
        assert_eq!(statuses, [200, 409], "round {round}");
        assert_eq!(s.get(&format!("/api/games/{id}")).json()["plies"], 1);
    }
}

#[test]
fn a_killed_server_loses_no_acknowledged_move() {
    let db = temp_database("kill");
    let s = Server::start(db.clone());
    let (id, secret, _) = create(&s, json!({ "rules": "russian", "mode": "device" }));
    let moves = ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h8-g7"];
    for (ply, mv) in moves.iter().enumerate() {
        assert_eq!(play(&s, &id, &secret, mv, ply).status, 200, "{mv}");
    }
    let db = s.kill();
    let s = Server::start(db);
    let g = s.get(&format!("/api/games/{id}")).json();
    assert_eq!(g["plies"], 6);
    let texts: Vec<&str> = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, moves);
    assert_eq!(
        play(&s, &id, &secret, "a3-b4", 6).status,
        200,
        "the game goes on after the restart"
    );
}

/// Reads server-sent events from a game until `want` states have arrived.
fn follow(
    addr: std::net::SocketAddr,
    id: &str,
    want: usize,
) -> std::thread::JoinHandle<Vec<Value>> {
    let id = id.to_string();
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut w = stream.try_clone().unwrap();
    // As a browser asks: taking gzip. The events still come as they are, each at once.
    write!(
        w,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\
         Accept-Encoding: gzip, deflate, br\r\n\r\n"
    )
    .unwrap();
    std::thread::spawn(move || {
        let mut states = Vec::new();
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if let Some(data) = line.strip_prefix("data:") {
                states.push(serde_json::from_str::<Value>(data.trim()).unwrap());
                if states.len() >= want {
                    break;
                }
            }
        }
        states
    })
}

#[test]
fn live_events_follow_every_move() {
    let s = Server::start(temp_database("events"));
    let (id, secret, _) = create(&s, json!({ "rules": "american", "mode": "device" }));
    let watcher = follow(s.addr, &id, 3);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(play(&s, &id, &secret, "11-15", 0).status, 200);
    assert_eq!(play(&s, &id, &secret, "23-19", 1).status, 200);
    let states = watcher.join().unwrap();
    let plies: Vec<i64> = states
        .iter()
        .map(|s| s["plies"].as_i64().unwrap())
        .collect();
    assert_eq!(plies, [0, 1, 2]);
}

#[test]
fn the_computer_answers() {
    let s = Server::start(temp_database("computer"));
    for level in ["beginner", "intermediate", "strong"] {
        let (id, secret, v) = create(
            &s,
            json!({ "rules": "international", "mode": "computer", "level": level, "color": "white" }),
        );
        assert_eq!(v["game"]["computer"], "black");
        assert_eq!(play(&s, &id, &secret, "32-28", 0).status, 200);
        let started = Instant::now();
        loop {
            let g = s.get(&format!("/api/games/{id}")).json();
            if g["plies"] == 2 {
                assert_eq!(g["turn"], "white");
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "{level}: the computer did not answer"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    // The computer playing White moves first by itself.
    let (id, _, _) = create(
        &s,
        json!({ "rules": "russian", "mode": "computer", "level": "beginner", "color": "black" }),
    );
    let started = Instant::now();
    while s.get(&format!("/api/games/{id}")).json()["plies"] != 1 {
        assert!(started.elapsed() < Duration::from_secs(20));
        std::thread::sleep(Duration::from_millis(100));
    }
    // Chess against the computer is Stockfish's (tests/server_engine.rs); with a friend, as
    // draughts (tests/server_lobby.rs plays one).
    let r = s.post(
        "/api/games",
        &json!({ "rules": "chess", "mode": "friend" }).to_string(),
    );
    assert_eq!(r.status, 201, "chess is played with a friend: {}", r.body);
}

/// `scoresheet check --json` of a downloaded PDN, written to a temporary file named after
/// `name`: the report of its (first) game.
fn check_json(name: &str, pdn: &str) -> Value {
    let path = std::env::temp_dir().join(format!("scoresheet-{name}-{}.pdn", std::process::id()));
    std::fs::write(&path, pdn).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["check", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn downloaded_pdn_reads_back_as_the_same_game_for_each_variant() {
    let s = Server::start(temp_database("pdn"));
    let games: [(&str, &[&str]); 5] = [
        ("american", &OPENING),
        ("international", &["32-28", "19-23", "28x19", "14x23"]),
        ("russian", &["c3-d4", "f6-e5", "d4:f6", "g7:e5"]),
        ("brazilian", &["c3-d4", "f6-e5", "d4xf6", "g7xe5"]),
        ("chess", &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]),
    ];
    for (rules, moves) in games {
        let (id, secret, _) = create(&s, json!({ "rules": rules, "mode": "device" }));
        for (ply, mv) in moves.iter().enumerate() {
            assert_eq!(play(&s, &id, &secret, mv, ply).status, 200, "{rules} {mv}");
        }
        let g = s.get(&format!("/api/games/{id}")).json();
        if g["status"] != "finished" {
            // The side to move resigns, so that the game has a result to check.
            let resign = s.post_as(&format!("/api/games/{id}/resign"), &secret, "{}");
            assert_eq!(resign.status, 200, "{rules}: {}", resign.body);
        }
        let g = s.get(&format!("/api/games/{id}")).json();
        let r = s.get(&format!("/api/games/{id}/pdn"));
        assert_eq!(r.status, 200);
        assert!(
            r.header("content-disposition")
                .unwrap()
                .starts_with("attachment; filename=\"scoresheet-")
        );
        for tag in ["[Event ", "[Date ", "[White ", "[Black ", "[Result "] {
            assert!(r.body.contains(tag), "{rules}: {tag}\n{}", r.body);
        }
        if rules == "chess" {
            assert_eq!(g["result"], "1-0", "checkmate ends the game");
        } else {
            assert!(r.body.contains("[GameType "), "{}", r.body);
        }
        let report = check_json(&format!("dl-{rules}"), &r.body);
        assert_eq!(report["ok"], true, "{rules}: {report}");
        assert_eq!(report["plies"], g["plies"], "{rules}");
        assert_eq!(report["result"], g["result"], "{rules}");
        assert_eq!(report["winner"], g["winner"], "{rules}");
    }
}

/// Issue 12: every variant beyond the first four against the computer. The computer takes
/// the side that moves first and opens by itself, the player answers with a legal move, the
/// computer replies; the side to move resigns and the downloaded PDN reads back with `check`
/// under the same variant (its GameType and, where the variant needs one, its Variant tag).
#[test]
fn the_computer_plays_every_other_variant_and_its_pdn_reads_back() {
    let s = Server::start(temp_database("computer-variants"));
    let wait_plies = |id: &str, n: i64| {
        let started = Instant::now();
        loop {
            let g = s.get(&format!("/api/games/{id}")).json();
            if g["plies"] == n {
                return g;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{id}: no computer move"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    for variant in &draughts::Variant::ALL[4..] {
        let rules = variant.name;
        let second = (!variant.first).name();
        let (id, secret, v) = create(
            &s,
            json!({ "rules": rules, "mode": "computer", "level": "beginner", "color": second }),
        );
        assert_eq!(v["game"]["computer"], variant.first.name(), "{rules}");
        let g = wait_plies(&id, 1);
        assert_eq!(g["turn"], second, "{rules}");
        let answer = g["position"]["legal"][0]["id"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(play(&s, &id, &secret, &answer, 1).status, 200, "{rules}");
        let g = wait_plies(&id, 3);
        assert_eq!(g["status"], "ongoing", "{rules}");
        let resign = s.post_as(&format!("/api/games/{id}/resign"), &secret, "{}");
        assert_eq!(resign.status, 200, "{rules}: {}", resign.body);
        let g = s.get(&format!("/api/games/{id}")).json();
        assert_eq!(
            g["winner"],
            variant.first.name(),
            "{rules}: the computer won"
        );
        let pdn = s.get(&format!("/api/games/{id}/pdn")).body;
        assert!(
            pdn.contains(&format!("[GameType \"{}\"]", variant.game_type)),
            "{rules}: {pdn}"
        );
        if let Some(tag) = variant.variant_tag {
            assert!(
                pdn.contains(&format!("[Variant \"{tag}\"]")),
                "{rules}: {pdn}"
            );
        }
        let report = check_json(&format!("computer-{rules}"), &pdn);
        assert_eq!(report["ok"], true, "{rules}: {report}");
        assert_eq!(report["variant"], rules, "{rules}: {report}");
        assert_eq!(report["plies"], 3, "{rules}");
        assert_eq!(report["result"], g["result"], "{rules}");
    }
}

#[test]
fn the_rules_end_games_with_reason_codes() {
    let s = Server::start(temp_database("reasons"));
    // Two kings going back and forth: the third time the position comes back, a draw.
    let (id, secret, _) = create(
        &s,
        json!({ "rules": "american", "mode": "device", "fen": "B:WK29:BK4" }),
    );
    let moves = [
        "4-8", "29-25", "8-4", "25-29", "4-8", "29-25", "8-4", "25-29",
    ];
    for (ply, mv) in moves.iter().enumerate() {
        assert_eq!(play(&s, &id, &secret, mv, ply).status, 200, "{mv}");
    }
    let g = s.get(&format!("/api/games/{id}")).json();
    assert_eq!(
        (
            g["status"].as_str(),
            g["result"].as_str(),
            g["reason"].as_str()
        ),
        (Some("finished"), Some("1/2-1/2"), Some("repetition"))
    );
    // A side that cannot move has lost.
    let (id, secret, _) = create(
        &s,
        json!({ "rules": "international", "mode": "device", "fen": "W:W28:B22" }),
    );
    assert_eq!(play(&s, &id, &secret, "28x17", 0).status, 200);
    let g = s.get(&format!("/api/games/{id}")).json();
    assert_eq!(
        (
            g["result"].as_str(),
            g["reason"].as_str(),
            g["winner"].as_str()
        ),
        (Some("2-0"), Some("no-moves"), Some("white"))
    );
    // The computer's side has no name in lists; the PDN names it.
    let (id, secret, _) = create(
        &s,
        json!({ "rules": "russian", "mode": "computer", "level": "beginner", "color": "white", "name": "Ann" }),
    );
    let g = s.get(&format!("/api/games/{id}")).json();
    assert_eq!(
        (
            g["white"].as_str(),
            g["black"].as_str(),
            g["computer"].as_str()
        ),
        (Some("Ann"), None, Some("black"))
    );
    s.post_as(&format!("/api/games/{id}/resign"), &secret, "{}");
    let pdn = s.get(&format!("/api/games/{id}/pdn")).body;
    assert!(
        pdn.contains("[White \"Ann\"]") && pdn.contains("[Black \"Computer (beginner)\"]"),
        "{pdn}"
    );
}

#[test]
fn names_lose_control_and_direction_characters() {
    let s = Server::start(temp_database("names"));
    // A right-to-left override would make "Ann" + "evil" show reversed, and the rest of the
    // page with it; isolates, marks, zero-width and control characters are left out too.
    let name = "Ann\u{202E}live\u{202C} \u{2066}B\u{2069}\u{200F}\u{200B}o\u{7}b\u{FEFF}";
    let r = s.post(
        "/api/games",
        &json!({ "rules": "american", "mode": "friend", "name": name }).to_string(),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let game = &r.json()["game"];
    let kept = game["white"].as_str().or(game["black"].as_str());
    assert_eq!(kept, Some("Annlive Bob"));
    // Nothing but such characters is no name at all.
    let r = s.post(
        "/api/games",
        &json!({ "rules": "american", "mode": "friend", "color": "white",
                 "name": "\u{202E}\u{2067}" })
        .to_string(),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.json()["game"]["white"], Value::Null);
}
