//! The analysis API against the real server: load games and FENs of every family, play
//! moves, export, draw boards; bad input gets 4xx with a reason and the server keeps
//! answering.

mod common;

use common::{Server, temp_database};
use serde_json::json;

fn load(s: &Server, rules: &str, start: &str, text: &str) -> common::Response {
    s.post(
        "/api/load",
        &json!({ "rules": rules, "start": start, "text": text }).to_string(),
    )
}

/// The texts of the legal moves of a loaded game's first position.
fn legal_texts(v: &serde_json::Value) -> Vec<String> {
    v["root"]["position"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn load_a_fen_and_see_its_moves() {
    let s = Server::start(temp_database("fen"));
    let r = load(&s, "american", "fen", " W:W26,28,31:B17,19,20");
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["root"]["fen"], "W:W26,28,31:B17,19,20");
    assert_eq!(legal_texts(&v), ["26-22", "26-23", "28-24", "31-27"]);
    // The same position under Brazilian rules names the squares a1-h8.
    let v = load(&s, "brazilian", "fen", "W:W26,28,31:B17,19,20").json();
    let texts = legal_texts(&v);
    assert!(texts.iter().any(|t| t == "d2-e3"), "{texts:?}");
}

#[test]
fn a_gametype_tag_sets_the_rules() {
    let s = Server::start(temp_database("gametype"));
    let pdn = "[Event \"x\"]\n[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 {a comment} (2... e7:g5) *\n\n[Event \"second\"]\n1. 11-15 *";
    let v = load(&s, "american", "pdn", pdn).json();
    assert_eq!(v["rules"], "russian");
    assert_eq!(v["rules_source"], "gametype");
    assert_eq!(v["games_in_text"], 2);
    let nodes = v["nodes"].as_array().unwrap();
    let texts: Vec<&str> = nodes.iter().map(|n| n["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "e7:g5"]);
    assert_eq!(nodes[3]["comment"], "a comment");
    assert_eq!(nodes[4]["main"], false);
    assert_eq!(
        nodes[4]["parent"], nodes[3]["parent"],
        "a side line hangs from the move before"
    );
}

#[test]
fn a_pasted_text_is_read_as_check_reads_it_and_a_collection_is_listed() {
    let s = Server::start(temp_database("infer"));
    // A lichess export with American selected (the page's default): chess, from the moves.
    let lichess = "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/x\"]\n[White \"Ann\"]\n\
                   [Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 { [%clk 0:03:00] } e5 2. Nf3 Nc6 1-0\n";
    let r = load(&s, "american", "pdn", lichess);
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(
        (&v["rules"], &v["rules_source"]),
        (&json!("chess"), &json!("moves"))
    );
    // No tag and no move: the selected rules.
    let v = load(&s, "international", "pdn", "[Event \"x\"]\n*").json();
    assert_eq!(
        (&v["rules"], &v["rules_source"]),
        (&json!("international"), &json!("selected"))
    );
    // A collection: listed without replaying, then one of its games loaded by number.
    let collection = format!("{lichess}\n[White \"Cy\"]\n[GameType \"21\"]\n1. 11-15 23-19 *\n");
    let r = s.post("/api/list", &json!({ "text": collection }).to_string());
    assert_eq!(r.status, 200, "{}", r.body);
    let list = r.json();
    assert_eq!(list["total"], 2);
    assert_eq!(list["games"][0]["white"], "Ann");
    assert_eq!(list["games"][0]["result"], "1-0");
    assert_eq!(
        (&list["games"][1]["number"], &list["games"][1]["white"]),
        (&json!(2), &json!("Cy"))
    );
    let body = json!({ "rules": "chess", "start": "pdn", "text": collection, "game": 2 });
    let v = s.post("/api/load", &body.to_string()).json();
    assert_eq!(
        (&v["rules"], &v["rules_source"], &v["games_in_text"]),
        (&json!("american"), &json!("gametype"), &json!(2))
    );
    let body = json!({ "rules": "chess", "start": "pdn", "text": collection, "game": 3 });
    let r = s.post("/api/load", &body.to_string());
    assert_eq!(
        (r.status, &r.json()["error"]["code"]),
        (422, &json!("no-such-game"))
    );
    let body = json!({ "rules": "chess", "start": "pdn", "text": collection, "game": 0 });
    assert_eq!(s.post("/api/load", &body.to_string()).status, 400);
}

#[test]
fn chess_in_any_language() {
    let s = Server::start(temp_database("chess"));
    let body = json!({ "rules": "chess", "start": "pdn", "text": "1. e4 e5 2. Sf3 Sc6 3. Lb5 *", "notation": { "lang": "fr" } });
    let v = s.post("/api/load", &body.to_string()).json();
    let texts: Vec<&str> = v["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["e4", "e5", "Cf3", "Cc6", "Fb5"]);
    let body = json!({ "rules": "chess", "fen": v["nodes"][4]["fen"], "move": "a6", "notation": { "style": "desc-en" } });
    let v = s.post("/api/play", &body.to_string()).json();
    assert_eq!(v["move"]["id"], "a7a6");
    assert_eq!(v["move"]["text"], "P-QR3");
}

#[test]
fn play_returns_the_new_position_and_its_moves() {
    let s = Server::start(temp_database("play"));
    let body = json!({ "rules": "american", "fen": "W:W28,31:B17,20,26", "move": "e1xa5", "svg": { "coordinates": true } });
    let v = s.post("/api/play", &body.to_string()).json();
    assert_eq!(v["move"], json!({ "id": "31x22x13", "text": "31x22x13" }));
    assert_eq!(v["position"]["fen"], "B:W13,28:B20");
    assert!(
        v["position"]["svg"]
            .as_str()
            .unwrap()
            .contains("data-sq=\"13\"")
    );
    let body = json!({ "rules": "american", "fen": "W:W28,31:B17,20,26", "move": "28-24" });
    let r = s.post("/api/play", &body.to_string());
    assert_eq!(r.status, 422);
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("31x22x13"),
        "lists the legal moves"
    );
}

#[test]
fn export_writes_the_tree_with_side_lines() {
    let s = Server::start(temp_database("export"));
    let body = json!({
        "rules": "international", "start": "W:W31-50:B1-20",
        "tags": [["Event", "Club"]],
        "nodes": [
            { "id": 1, "parent": 0, "move": "32-28" },
            { "id": 2, "parent": 1, "move": "19-23", "comment": "the usual reply" },
            { "id": 3, "parent": 1, "move": "18-23" },
            { "id": 4, "parent": 2, "move": "28x19" }
        ],
        "result": "*"
    });
    let v = s.post("/api/export", &body.to_string()).json();
    assert_eq!(v["filename"], "club-international.pdn");
    let text = v["text"].as_str().unwrap();
    assert!(text.contains("[GameType \"20\"]"), "{text}");
    assert!(
        text.contains("1. 32-28 19-23 {the usual reply} (1... 18-23) 2. 28x19 *"),
        "{text}"
    );
}

#[test]
fn bad_input_gets_a_reason_and_the_server_keeps_answering() {
    let s = Server::start(temp_database("bad"));
    let r = s.post("/api/load", "{not json");
    assert_eq!(r.status, 400);
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("malformed JSON")
    );
    let r = s.post("/api/load", r#"{"start":"fen"}"#);
    assert_eq!(r.status, 400, "missing rules: {}", r.body);
    let r = s.post("/api/load", r#"{"rules":"go","start":"fen","text":"x"}"#);
    assert_eq!(r.status, 400);
    let r = load(&s, "american", "fen", "W:W26,26");
    assert_eq!(r.status, 422);
    assert_eq!(
        (
            r.json()["error"]["line"].clone(),
            r.json()["error"]["column"].clone()
        ),
        (json!(1), json!(7))
    );
    let r = load(
        &s,
        "american",
        "pdn",
        "[Event \"x\"]\n1. 11-15 24-19\n2. 15-18 *",
    );
    assert_eq!(r.status, 422);
    let e = r.json()["error"].clone();
    assert_eq!(
        (e["line"].clone(), e["column"].clone()),
        (json!(3), json!(4))
    );
    let r = load(&s, "american", "pdn", "1. 11-15 { never closed");
    assert_eq!(r.status, 422);
    assert_eq!(r.json()["error"]["line"], 1);
    let big = "1. 11-15 ".repeat(130_000);
    let r = load(&s, "american", "pdn", &big);
    assert_eq!(r.status, 413, "over 1 MB is refused");
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("1 MB")
    );
    let r = s.get("/api/nothing");
    assert_eq!(r.status, 404);
    let r = s.get("/api/svg?rules=american&fen=zzz");
    assert_eq!(r.status, 422);
    // Hostile values never crash the server.
    for text in [
        "",
        "[",
        "((((((((",
        "1. e4 {",
        "[FEN \"W:W1-50:B1-50\"]",
        "\u{0}\u{ffff}",
    ] {
        for rules in games::Rules::all().map(|r| r.name()) {
            for start in ["pdn", "fen"] {
                let r = load(&s, rules, start, text);
                assert!(
                    r.status == 200 || r.status == 422,
                    "{rules} {start} {text:?}: {} {}",
                    r.status,
                    r.body
                );
            }
        }
    }
    assert_eq!(
        load(&s, "american", "initial", "").status,
        200,
        "still answering"
    );
}

#[test]
fn svg_boards_for_every_family() {
    let s = Server::start(temp_database("svg"));
    for (rules, fen, square) in [
        ("american", "W:W26,28,31:B17,19,20", "data-sq=\"26\""),
        ("international", "W:W31-50:B1-20", "data-sq=\"50\""),
        ("russian", "W:W26:B17", "class=\"coord file\""),
        ("chess", "8/8/8/8/8/8/8/K6k w - - 0 1", "data-sq=\"a1\""),
    ] {
        let r = s.get(&format!(
            "/api/svg?rules={rules}&fen={}",
            fen.replace(' ', "%20")
        ));
        assert_eq!(r.status, 200, "{rules}");
        assert_eq!(r.header("content-type"), Some("image/svg+xml"));
        assert!(r.body.contains(square), "{rules}");
    }
}

#[test]
fn pages_answer_in_the_visitors_language() {
    let s = Server::start(temp_database("pages"));
    for path in [
        "/",
        "/analysis",
        "/help/notation",
        "/help/glossary",
        "/practice",
        "/new",
    ] {
        let r = s.get(path);
        assert_eq!(r.status, 200, "{path}");
        assert!(
            r.header("content-security-policy")
                .unwrap()
                .contains("script-src 'self'")
        );
    }
    let r = common::request(
        s.addr,
        "GET",
        "/analysis",
        &[("Accept-Language", "fr-CA,fr;q=0.9,en;q=0.5")],
        None,
    );
    assert!(
        r.body.contains("<html lang=\"fr\""),
        "Accept-Language chooses French"
    );
    let r = s.get("/analysis?lang=pt");
    assert!(r.body.contains("<html lang=\"pt\""));
    assert!(
        r.headers
            .iter()
            .any(|(k, v)| k.eq_ignore_ascii_case("set-cookie") && v.starts_with("lang=pt")),
        "remembered"
    );
    let r = common::request(s.addr, "GET", "/analysis", &[("Cookie", "lang=es")], None);
    assert!(r.body.contains("<html lang=\"es\""));
    assert_eq!(s.get("/no/such/page").status, 404);
    let css = s.get("/static/style.css");
    assert_eq!(css.status, 200);
    assert_eq!(css.header("content-type"), Some("text/css; charset=utf-8"));
    assert!(!css.body.is_empty());
}
