//! The site's full-game computer analysis: requested once, computed in the background with
//! its progress, the same analysis for everyone who asks for the same game, and kept across
//! a restart; the blunder of a real game is marked; a finished game's page finds its
//! analysis without starting one, and its PDN carries it.

mod common;

use std::time::{Duration, Instant};

use common::{Server, create, play, temp_database};
use games::{AnyGame, AnyPosition, Rules};
use serde_json::{Value, json};
use site::engine::game_analysis::GameLine;

/// Asks for the analysis of `body` and waits until it is done: its answer.
fn analysed(s: &Server, body: &Value) -> Value {
    let first = s.post("/api/computer-analysis", &body.to_string());
    assert!(
        first.status == 202 || first.status == 200,
        "{}: {}",
        first.status,
        first.body
    );
    let key = first.json()["key"].as_str().unwrap().to_string();
    assert_eq!(key.len(), 32);
    let again = s.post("/api/computer-analysis", &body.to_string());
    assert_eq!(
        again.json()["key"],
        key,
        "the same game is the same analysis"
    );
    let started = Instant::now();
    loop {
        let now = s.get(&format!("/api/computer-analysis/{key}"));
        assert_eq!(now.status, 200, "{}", now.body);
        let now = now.json();
        assert!(now["done"].as_u64() <= now["total"].as_u64(), "{now}");
        if now["state"] == "done" {
            assert_eq!(now["done"], now["total"]);
            return now;
        }
        assert!(
            now["state"] == "running" || now["state"] == "queued",
            "{now}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "the analysis takes too long: {now}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The ids of the moves written `texts` from the rules' start.
fn ids(rules: Rules, texts: &[&str]) -> Vec<String> {
    let mut pos = AnyPosition::start(rules);
    texts
        .iter()
        .map(|t| {
            let m = pos.find_move(t).unwrap_or_else(|e| panic!("{t}: {e}"));
            let id = pos.move_id(&m);
            pos = pos.after(&m);
            id
        })
        .collect()
}

#[test]
fn an_analysis_is_computed_once_and_kept_across_a_restart() {
    let rules = Rules::Draughts(draughts::Variant::INTERNATIONAL);
    let moves = ids(
        rules,
        &[
            "32-28", "18-22", "31-27", "22x31", "36x27", "12-18", "27-22", "18x27",
        ],
    );
    let body = json!({
        "rules": "international",
        "fen": AnyPosition::start(rules).fen(),
        "moves": moves,
    });
    let s = Server::start(temp_database("computer-analysis"));
    let done = analysed(&s, &body);
    let analysis = &done["analysis"];
    assert_eq!(analysis["positions"].as_array().unwrap().len(), 9);
    assert_eq!(analysis["moves"].as_array().unwrap().len(), 8);
    assert_eq!(analysis["budget"], json!({"depth": 10}));
    for p in analysis["positions"].as_array().unwrap() {
        let win = p["win"].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&win), "{p}");
        assert!(!p["best"].as_array().unwrap().is_empty(), "{p}");
    }
    for side in ["white", "black"] {
        let accuracy = analysis[side]["accuracy"].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&accuracy), "{analysis}");
    }
    // Asked again: answered at once, done.
    let again = s.post("/api/computer-analysis", &body.to_string());
    assert_eq!(again.status, 200);
    assert_eq!(again.json(), done);
    // After a restart, on the same database.
    let database = s.kill();
    let s = Server::start(database);
    let key = done["key"].as_str().unwrap();
    let kept = s.get(&format!("/api/computer-analysis/{key}"));
    assert_eq!(kept.status, 200);
    assert_eq!(kept.json(), done);
    // The moves written as a person writes them name the same analysis.
    let mut written = body.clone();
    written["moves"] = json!([
        "32-28", "18-22", "31-27", "22x31", "36x27", "12-18", "27-22", "18x27"
    ]);
    let same = s.post("/api/computer-analysis", &written.to_string());
    assert_eq!(same.status, 200, "{}", same.body);
    assert_eq!(same.json(), done);
    // What is not a game, or not asked for.
    let mut bad = body.clone();
    bad["moves"][3] = json!("19-23");
    let refused = s.post("/api/computer-analysis", &bad.to_string());
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert_eq!(refused.json()["error"]["code"], "illegal-move");
    // A chess variant no engine here plays is the request's fault (schemathesis found it
    // answered 501, a server error).
    let antichess = json!({
        "rules": "chess", "variant": "antichess", "moves": ["e3"],
        "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    });
    let refused = s.post("/api/computer-analysis", &antichess.to_string());
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert_eq!(refused.json()["error"]["code"], "variant-not-analysed");
    let unknown = s.get("/api/computer-analysis/0123456789abcdef0123456789abcdef");
    assert_eq!(unknown.status, 404);
    assert_eq!(s.get("/api/computer-analysis/nothex").status, 404);
}

/// A game of `plies` moves from the International start, each move picked by `seed`: a
/// different game for each seed.
fn long_game(seed: usize, plies: usize) -> Vec<String> {
    let mut pos = AnyPosition::start(Rules::Draughts(draughts::Variant::INTERNATIONAL));
    let mut ids = Vec::new();
    for ply in 0..plies {
        let moves = pos.moves();
        if moves.is_empty() {
            break;
        }
        let m = &moves[(ply * 7 + seed) % moves.len()];
        ids.push(pos.move_id(m));
        pos = pos.after(m);
    }
    ids
}

#[test]
fn analyses_past_the_running_ones_wait_their_turn() {
    let s = Server::start(temp_database("computer-analysis-queue"));
    let running = site::server::computer_analysis::MAX_RUNNING;
    let mut answers = Vec::new();
    for seed in 0..=running {
        let body = json!({
            "rules": "international",
            "fen": AnyPosition::start(Rules::Draughts(draughts::Variant::INTERNATIONAL)).fen(),
            "moves": long_game(seed, 120),
        });
        let answer = s.post("/api/computer-analysis", &body.to_string());
        assert_eq!(answer.status, 202, "{}", answer.body);
        answers.push(answer.json());
    }
    // Each of the first takes seconds (120 searches to depth 10): the last one waits.
    let last = answers.last().unwrap();
    assert_eq!(last["state"], "queued", "{last}");
    assert_eq!(last["done"], 0, "{last}");
    let key = last["key"].as_str().unwrap();
    let now = s.get(&format!("/api/computer-analysis/{key}")).json();
    assert!(
        now["state"] == "queued" || now["state"] == "running",
        "{now}"
    );
    for a in &answers[..running] {
        assert!(a["state"] == "running" || a["state"] == "queued", "{a}");
    }
}

#[test]
fn the_blunder_of_a_real_chess_game_is_marked() {
    let s = Server::start(temp_database("computer-analysis-chess"));
    let status = s.get("/api/engine/status").json();
    assert_eq!(
        status["chess"], true,
        "chess analysis needs Stockfish: install Debian's `stockfish`"
    );
    // The lichess blitz game of tests/cli_analyse.rs: 6. e4?? drops the pawn and the game.
    let moves = ids(
        Rules::Chess,
        &[
            "d4", "d5", "b3", "Nc6", "Bb2", "Bf5", "Nc3", "Nb4", "Rc1", "e6", "e4", "dxe4",
        ],
    );
    let body = json!({
        "rules": "chess",
        "fen": AnyPosition::start(Rules::Chess).fen(),
        "moves": moves,
    });
    let done = analysed(&s, &body);
    let analysis = &done["analysis"];
    assert_eq!(analysis["moves"][10]["judgement"], "blunder", "{analysis}");
    assert_eq!(analysis["white"]["blunders"], 1, "{analysis}");
    // The better move is shown: the line starts from the position before 6. e4.
    let better = &analysis["positions"][10]["best"][0];
    assert_ne!(better, "e2e4", "{analysis}");
}

/// The main line of a PDN (PGN) text.
fn line_of(text: &str) -> GameLine {
    let game = record::read_games(text).remove(0).unwrap();
    GameLine::of(&AnyGame::read(game, &Default::default()).unwrap())
}

#[test]
fn a_finished_game_finds_its_analysis_and_its_pdn_carries_it() {
    let s = Server::start(temp_database("computer-analysis-game"));
    let rules = Rules::Draughts(draughts::Variant::INTERNATIONAL);
    let moves = ids(
        rules,
        &[
            "32-28", "18-22", "31-27", "22x31", "36x27", "12-18", "27-22", "18x27",
        ],
    );
    let (id, secret, _) = create(&s, json!({ "rules": "international", "mode": "device" }));
    for (ply, m) in moves.iter().enumerate() {
        let r = play(&s, &id, &secret, m, ply);
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let asked = format!("/api/games/{id}/computer-analysis");
    let r = s.get(&asked);
    assert_eq!(r.status, 409, "not while the game goes on: {}", r.body);
    assert_eq!(r.json()["error"]["code"], "in-progress");
    let r = s.post_as(&format!("/api/games/{id}/resign"), &secret, "{}");
    assert_eq!(r.status, 200, "{}", r.body);
    // Finished, never analysed: the page's question starts nothing, the PDN is plain.
    let plain = s.get(&format!("/api/games/{id}/pdn"));
    assert_eq!(plain.status, 200);
    assert!(
        plain
            .body
            .contains("1. 32-28 18-22 2. 31-27 22x31 3. 36x27 12-18 4. 27-22 18x27 0-2"),
        "{}",
        plain.body
    );
    for absent in ["%eval", "Annotator", "$", "{", "("] {
        assert!(!plain.body.contains(absent), "{absent}: {}", plain.body);
    }
    for _ in 0..2 {
        let r = s.get(&asked);
        assert_eq!(r.status, 404, "{}", r.body);
        assert_eq!(r.json()["error"]["code"], "not-found");
    }
    // Asked for as the game's page asks: its start and its moves.
    let info = s.get(&format!("/api/games/{id}")).json();
    let done = analysed(
        &s,
        &json!({ "rules": "international", "fen": info["start_fen"], "moves": moves }),
    );
    let found = s.get(&asked);
    assert_eq!(found.status, 200, "{}", found.body);
    assert_eq!(
        found.json(),
        done,
        "the game's analysis is the one asked for"
    );
    // The PDN now carries it, reads back as the same game, and `scoresheet check` takes it.
    let annotated = s.get(&format!("/api/games/{id}/pdn"));
    assert_eq!(annotated.status, 200);
    let text = &annotated.body;
    assert!(
        text.contains("[Annotator \"scoresheet, depth 10\"]"),
        "{text}"
    );
    assert_eq!(text.matches("[%eval ").count(), 8, "{text}");
    assert!(text.contains("White: accuracy"), "{text}");
    assert_eq!(line_of(text), line_of(&plain.body), "the same game");
    let file = std::env::temp_dir().join(format!("scoresheet-analysed-{}.pdn", std::process::id()));
    std::fs::write(&file, text).unwrap();
    let check = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .arg("check")
        .arg(&file)
        .output()
        .unwrap();
    std::fs::remove_file(&file).ok();
    assert_eq!(
        check.status.code(),
        Some(0),
        "check: {}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
    // The analysis board opens the game as it was played, without the analysis.
    let board = s.get(&format!("/api/games/{id}/analysis")).json();
    let nodes = board["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 8, "{board}");
    assert!(
        nodes
            .iter()
            .all(|n| n["nags"].as_array().is_none_or(|a| a.is_empty()) && n["comment"].is_null()),
        "{board}"
    );
}
