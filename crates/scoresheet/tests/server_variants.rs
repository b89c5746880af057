//! The analysis API on chess variants against the real server: a lichess Crazyhouse game
//! loads as Crazyhouse (its FENs with their pockets), its positions list their drops, a drop
//! plays through `/api/play`, the export keeps the Variant tag and reads back as Crazyhouse
//! (by the API and by `scoresheet check`), and the engine says it has none for the variant.

mod common;

use std::path::Path;

use common::{Server, temp_database};
use serde_json::{Value, json};

/// A real lichess Crazyhouse game (shared/data, beside the checkout).
fn lichess_game() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/chess/edge/saturs-jannlee-zh-lichess.pgn");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// After 9. c3 Bxe3 10. fxe3 Nxd5 11. Bxd5: each side has taken a bishop and a knight.
const AFTER_BXD5: &str = "r2q1rk1/ppp2pp1/2np3p/3Bp3/4P1b1/2PPPN2/PP4PP/R2Q1RK1[NBnb] b - - 0 11";
/// After 11... B@b6, the game's first drop.
const AFTER_DROP: &str = "r2q1rk1/ppp2pp1/1bnp3p/3Bp3/4P1b1/2PPPN2/PP4PP/R2Q1RK1[NBn] w - - 1 12";

fn post(s: &Server, path: &str, body: Value) -> Value {
    let r = s.post(path, &body.to_string());
    assert_eq!(r.status, 200, "{path}: {}", r.body);
    r.json()
}

#[test]
fn a_lichess_crazyhouse_game_loads_with_its_pockets_and_drops() {
    let s = Server::start(temp_database("zh-load"));
    // Pasted with American draughts selected, as the page starts.
    let v = post(
        &s,
        "/api/load",
        json!({ "rules": "american", "start": "pdn", "text": lichess_game() }),
    );
    assert_eq!(
        (&v["rules"], &v["variant"], &v["rules_source"]),
        (&json!("chess"), &json!("crazyhouse"), &json!("variant"))
    );
    assert_eq!(
        v["root"]["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    );
    let nodes = v["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 122);
    assert_eq!(
        (&nodes[20]["text"], &nodes[20]["fen"]),
        (&json!("Bxd5"), &json!(AFTER_BXD5))
    );
    assert_eq!(
        (&nodes[21]["move"], &nodes[21]["text"]),
        (&json!("B@b6"), &json!("B@b6"))
    );
    assert_eq!(nodes[21]["fen"], AFTER_DROP);

    // The position after the capture, asked for with its variant: its pockets, and drops
    // among its legal moves (`drop`, no `from`).
    let pos = post(
        &s,
        "/api/position",
        json!({ "rules": "chess", "variant": "crazyhouse", "fen": AFTER_BXD5 }),
    );
    assert_eq!(pos["variant"], "crazyhouse");
    assert_eq!(pos["fen"], AFTER_BXD5);
    let hand = json!({ "pawn": 0, "knight": 1, "bishop": 1, "rook": 0, "queen": 0 });
    assert_eq!(pos["pockets"], json!({ "white": hand, "black": hand }));
    let legal = pos["legal"].as_array().unwrap();
    let drops: Vec<&Value> = legal.iter().filter(|m| m["drop"].is_string()).collect();
    let b6 = drops
        .iter()
        .find(|m| m["id"] == "B@b6")
        .expect("B@b6 is legal");
    assert_eq!(
        (&b6["drop"], &b6["from"], &b6["to"], &b6["text"]),
        (&json!("B"), &json!(""), &json!("b6"), &json!("B@b6"))
    );
    // Every empty square takes a bishop or a knight (no pawn, rook or queen in hand).
    let empty = 64 - 28;
    assert_eq!(drops.len(), 2 * empty);
    assert!(drops.iter().all(|m| m["drop"] == "B" || m["drop"] == "N"));
    // Moves on the board keep their fields, without `drop`.
    let queen = legal.iter().find(|m| m["id"] == "d8e7").unwrap();
    assert!(queen.get("drop").is_none(), "{queen}");

    // Without its variant the FEN is standard chess's, which has no pockets.
    let r = s.post(
        "/api/position",
        &json!({ "rules": "chess", "fen": AFTER_BXD5 }).to_string(),
    );
    assert!(
        r.status != 200 || r.json().get("pockets").is_none(),
        "{}",
        r.body
    );
}

#[test]
fn a_drop_played_through_the_api_gives_the_next_position() {
    let s = Server::start(temp_database("zh-play"));
    let played = post(
        &s,
        "/api/play",
        json!({ "rules": "chess", "variant": "crazyhouse", "fen": AFTER_BXD5, "move": "B@b6" }),
    );
    assert_eq!(played["move"], json!({ "id": "B@b6", "text": "B@b6" }));
    assert_eq!(played["position"]["fen"], AFTER_DROP);
    assert_eq!(played["position"]["pockets"]["black"]["bishop"], 0);
    // A drop as a person writes it, and a pawn drop written without its letter.
    let knight = post(
        &s,
        "/api/play",
        json!({ "rules": "chess", "variant": "crazyhouse", "fen": AFTER_DROP, "move": "N@g5" }),
    );
    assert_eq!(knight["move"]["id"], "N@g5");
    let no_pawn = s.post(
        "/api/play",
        &json!({ "rules": "chess", "variant": "crazyhouse", "fen": AFTER_DROP, "move": "@e6" })
            .to_string(),
    );
    assert_eq!(no_pawn.status, 422, "no pawn in hand: {}", no_pawn.body);
    assert_eq!(no_pawn.json()["error"]["code"], "illegal-move");
}

#[test]
fn a_variant_is_named_with_chess_only_and_starts_as_its_own() {
    let s = Server::start(temp_database("zh-start"));
    let v = post(
        &s,
        "/api/load",
        json!({ "rules": "chess", "variant": "threecheck", "start": "initial" }),
    );
    assert_eq!(v["variant"], "threecheck");
    assert_eq!(
        v["root"]["position"]["checks"],
        json!({ "white": 3, "black": 3 })
    );
    let horde = post(
        &s,
        "/api/load",
        json!({ "rules": "chess", "variant": "horde", "start": "initial" }),
    );
    assert!(
        horde["root"]["fen"]
            .as_str()
            .unwrap()
            .contains("PPPPPPPP/PPPPPPPP"),
        "{}",
        horde["root"]["fen"]
    );
    // Standard chess says no variant, as before variants.
    let standard = post(
        &s,
        "/api/load",
        json!({ "rules": "chess", "variant": "standard", "start": "initial" }),
    );
    assert!(standard.get("variant").is_none());
    assert!(standard["root"]["position"].get("variant").is_none());
    for bad in [
        json!({ "rules": "american", "variant": "crazyhouse", "start": "initial" }),
        json!({ "rules": "chess", "variant": "bughouse", "start": "initial" }),
        json!({ "rules": "american", "variant": "atomic", "start": "pdn", "text": "1. e4 *" }),
    ] {
        let r = s.post("/api/load", &bad.to_string());
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
        assert_eq!(r.json()["error"]["code"], "bad-request");
    }
    let r = s.post(
        "/api/position",
        &json!({ "rules": "chess", "variant": "crazyhouse", "fen": "rnbqkbnr[" }).to_string(),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], "bad-fen");
    // The diagram of a Crazyhouse FEN.
    let q = format!(
        "/api/svg?rules=chess&variant=crazyhouse&fen={}",
        AFTER_BXD5
            .replace(' ', "%20")
            .replace('/', "%2F")
            .replace('[', "%5B")
            .replace(']', "%5D")
    );
    let svg = s.get(&q);
    assert_eq!(svg.status, 200, "{}", svg.body);
    assert!(svg.body.contains(r#"data-sq="d5""#));
}

#[test]
fn the_export_keeps_the_variant_and_reads_back_as_crazyhouse() {
    let s = Server::start(temp_database("zh-export"));
    let v = post(
        &s,
        "/api/load",
        json!({ "rules": "american", "start": "pdn", "text": lichess_game() }),
    );
    let nodes: Vec<Value> = v["nodes"].as_array().unwrap()[..24]
        .iter()
        .map(|n| json!({ "id": n["id"], "parent": n["parent"], "move": n["move"] }))
        .collect();
    let export = |start: &str, nodes: &[Value]| {
        post(
            &s,
            "/api/export",
            json!({ "rules": "chess", "variant": "crazyhouse", "start": start,
                    "nodes": nodes, "tags": [["Event", "Analysis"]], "result": "*" }),
        )
    };
    // From the variant's start: the Variant tag, no FEN.
    let root = v["root"]["fen"].as_str().unwrap();
    let text = export(root, &nodes)["text"].as_str().unwrap().to_string();
    assert!(text.contains("[Variant \"Crazyhouse\"]"), "{text}");
    assert!(!text.contains("[FEN"), "{text}");
    assert!(text.contains("11. Bxd5 B@b6"), "{text}");
    let back = post(
        &s,
        "/api/load",
        json!({ "rules": "american", "start": "pdn", "text": text }),
    );
    assert_eq!(back["variant"], "crazyhouse");
    assert_eq!(back["nodes"][21]["fen"], AFTER_DROP);
    // From a position with pieces in hand: the FEN with its pockets.
    let drop = [json!({ "id": 1, "parent": 0, "move": "B@b6" })];
    let text = export(AFTER_BXD5, &drop)["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(text.contains(&format!("[FEN \"{AFTER_BXD5}\"]")), "{text}");
    assert!(text.contains("[Variant \"Crazyhouse\"]"), "{text}");

    // `scoresheet check` reads the written game as Crazyhouse.
    let dir = std::env::temp_dir().join(format!("zh-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("analysis.pgn");
    std::fs::write(&file, &text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .arg("check")
        .arg(&file)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("Crazyhouse"), "{said}");
}

#[test]
fn the_engine_says_it_has_none_for_crazyhouse() {
    let s = Server::start(temp_database("zh-engine"));
    let fen = AFTER_BXD5
        .replace(' ', "%20")
        .replace('/', "%2F")
        .replace('[', "%5B")
        .replace(']', "%5D");
    let r = s.get(&format!(
        "/api/engine?rules=chess&variant=crazyhouse&fen={fen}"
    ));
    assert_eq!(r.status, 422, "{}", r.body);
    let e = r.json();
    assert_eq!(e["error"]["code"], "variant-not-analysed");
    assert!(
        e["error"]["message"]
            .as_str()
            .unwrap()
            .contains("Crazyhouse"),
        "{e}"
    );
}
