//! Engine analysis against the real server: `GET /api/engine` streams depth after depth with
//! legal best moves, for draughts (the server's search) and chess (Stockfish, which CI
//! installs: these tests fail, not skip, without it), refuses what it cannot analyse, and
//! stops Stockfish when the reader goes away; chess against the computer plays through
//! Stockfish.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{
    Server, create, follow_plies, listening_address, play, temp_database, wait_for_plies,
};
use serde_json::{Value, json};

/// `scoresheet serve` with extra environment variables (the common server inherits the
/// tests' own).
struct Served {
    addr: SocketAddr,
    child: Child,
}

impl Served {
    fn start(name: &str, env: &[(&str, &str)]) -> Served {
        let mut command = Command::new(env!("CARGO_BIN_EXE_scoresheet"));
        command
            .args([
                "serve",
                "--no-examples",
                "--addr",
                "127.0.0.1:0",
                "--database",
            ])
            .arg(temp_database(name))
            .stderr(Stdio::piped())
            .stdout(Stdio::null());
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().expect("start scoresheet serve");
        let addr = listening_address(&mut child).unwrap();
        Served { addr, child }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Opens `GET path` as an event stream: the connection and its reader.
fn open_stream(addr: SocketAddr, path: &str) -> BufReader<TcpStream> {
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut w = stream.try_clone().unwrap();
    write!(
        w,
        "GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    reader.read_line(&mut status).unwrap();
    assert!(status.contains(" 200 "), "{path}: {status}");
    reader
}

/// The next event of a stream: its name and its data as JSON (`None` at the end).
fn next_event(reader: &mut BufReader<TcpStream>) -> Option<(String, Value)> {
    let mut name = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if let Some(n) = line.strip_prefix("event:") {
            name = Some(n.trim().to_string());
        } else if let Some(data) = line.strip_prefix("data:")
            && let Some(name) = name.take()
        {
            return Some((name, serde_json::from_str(data.trim()).unwrap()));
        }
    }
}

/// Every event of an analysis, up to and with its `done`.
fn analysis(addr: SocketAddr, rules: &str, fen: &str, depth: u32) -> (Vec<Value>, String) {
    analysis_with(addr, rules, fen, depth, &[])
}

/// [`analysis`] with more query parameters.
fn analysis_with(
    addr: SocketAddr,
    rules: &str,
    fen: &str,
    depth: u32,
    more: &[(&str, &str)],
) -> (Vec<Value>, String) {
    let depth = depth.to_string();
    let mut params = vec![("rules", rules), ("fen", fen), ("depth", &depth)];
    params.extend_from_slice(more);
    let query = serde_urlencoded::to_string(params).unwrap();
    let mut reader = open_stream(addr, &format!("/api/engine?{query}"));
    let mut infos = Vec::new();
    while let Some((name, data)) = next_event(&mut reader) {
        match name.as_str() {
            "info" => infos.push(data),
            "done" => return (infos, data["reason"].as_str().unwrap().to_string()),
            other => panic!("unknown event {other}"),
        }
    }
    panic!("{rules} {fen}: the stream ended without `done` after {infos:?}");
}

/// The legal moves of a position as the analysis board lists them: (id, text).
fn legal(s: &Server, rules: &str, fen: &str) -> Vec<(String, String)> {
    let r = s.post(
        "/api/position",
        &json!({ "rules": rules, "fen": fen }).to_string(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["id"].as_str().unwrap().to_string(),
                m["text"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Checks an analysis to `depth`: depths from 1 up, each best move legal and first in its
/// line, and the end at the depth asked for.
fn check(s: &Server, rules: &str, fen: &str, depth: u32) -> Vec<Value> {
    let (infos, reason) = analysis(s.addr, rules, fen, depth);
    assert_eq!(reason, "depth", "{rules}: {infos:?}");
    assert_eq!(infos[0]["depth"], 1, "{rules}: the first info is depth 1");
    let depths: Vec<u64> = infos.iter().map(|i| i["depth"].as_u64().unwrap()).collect();
    assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
    assert_eq!(depths.last(), Some(&u64::from(depth)));
    let moves = legal(s, rules, fen);
    for info in &infos {
        let best = info["best"].as_str().unwrap();
        let Some((_, text)) = moves.iter().find(|(id, _)| id == best) else {
            panic!("{rules}: {best} is not legal in {fen} ({moves:?})");
        };
        assert_eq!(info["pv"][0].as_str(), Some(text.as_str()), "{info}");
        assert!(info["score"].is_i64() != info["mate"].is_i64(), "{info}");
    }
    infos
}

/// The server's Stockfish: CI installs it (scripts/setup-browser), so it must be there.
fn needs_stockfish(s: &Server) {
    let status = s.get("/api/engine/status").json();
    assert_eq!(
        status["chess"], true,
        "chess analysis needs Stockfish: install Debian's `stockfish` (scripts/setup-browser does)"
    );
}

#[test]
fn draughts_analysis_streams_legal_best_moves_depth_after_depth() {
    let s = Server::start(temp_database("engine-draughts"));
    assert_eq!(s.get("/api/engine/status").json()["draughts"], true);
    check(&s, "international", "W:W31-50:B1-20", 6);
    check(&s, "american", "B:W21-32:B1-12", 8);
    check(&s, "russian", "W:W21-32:B1-12", 6);
    // Black to move, far ahead: the stream's score is White's, so it is low at every depth,
    // and high in the same position turned round with White to move. (That the two are
    // exactly opposite is the site's unit test `scores_are_from_whites_side`, on the search
    // this stream carries.)
    let black = check(&s, "international", "B:W46:B1,2,3,4,5,6", 3);
    let white = check(&s, "international", "W:W45,46,47,48,49,50:B5", 3);
    assert_eq!(black.len(), white.len());
    for (b, w) in black.iter().zip(&white) {
        assert!(
            b["score"].as_i64().is_some_and(|v| v < -100)
                || b["mate"].as_i64().is_some_and(|m| m < 0),
            "{b}"
        );
        assert!(
            w["score"].as_i64().is_some_and(|v| v > 100)
                || w["mate"].as_i64().is_some_and(|m| m > 0),
            "{w}"
        );
    }
}

#[test]
fn the_moves_that_led_to_the_position_are_seen() {
    let s = Server::start(temp_database("engine-history"));
    // Kings to and fro (the men on the edges, out of reach): after the eight moves the start
    // stands for the third time, a draw, and the analysis says the game is over there.
    let start = "W:WK48,35:BK3,16";
    let moves = "48-43 3-9 43-48 9-3 48-43 3-9 43-48 9-3";
    let (infos, reason) = analysis_with(s.addr, "international", start, 6, &[("moves", moves)]);
    assert_eq!((infos.len(), reason.as_str()), (0, "no-moves"), "{infos:?}");
    // One move short of it, the position is searched.
    let (infos, reason) = analysis_with(
        s.addr,
        "international",
        start,
        4,
        &[("moves", "48-43 3-9 43-48 9-3 48-43 3-9 43-48")],
    );
    assert_eq!(reason, "depth", "{infos:?}");
    assert_eq!(infos.last().unwrap()["depth"], 4);
    // Alone, the same position is searched.
    let (_, reason) = analysis_with(s.addr, "international", start, 2, &[]);
    assert_eq!(reason, "depth");
    // A move that cannot be played is refused with its number; too many moves, too.
    let r = s.get("/api/engine?rules=international&fen=W:WK48,35:BK3,16&moves=48-43%203-4");
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], "illegal-move");
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("move 2 (3-4)"),
        "{}",
        r.body
    );
    let many = vec!["48-43 3-9 43-48 9-3"; 151].join(" ");
    let r = s.get(&format!(
        "/api/engine?rules=international&fen=W:WK48,35:BK3,16&{}",
        serde_urlencoded::to_string([("moves", many.as_str())]).unwrap()
    ));
    assert_eq!(r.status, 400, "{}", r.body);
}

/// A server started with `--endgames DIR` says what the tables know ("database" in each
/// depth, from White's side); without the option, nothing; a directory it cannot read stops
/// the start with its name.
#[test]
fn the_endgame_tables_are_said() {
    let dir = std::env::temp_dir().join(format!("engine-tables-{}", std::process::id()));
    draughts::egdb::generate(&draughts::Variant::AMERICAN, 3, |_, _| {})
        .save(&dir)
        .unwrap();
    let with = Server::try_start_with(
        temp_database("engine-tables"),
        &["--endgames", dir.to_str().unwrap()],
    )
    .unwrap();
    let without = Server::start(temp_database("engine-no-tables"));
    // Two kings against one in the double corner: a long win, held by the tables; and
    // the same turned round with Black to move.
    for (fen, said) in [
        ("W:WK14,K18:BK1", "white-wins"),
        ("B:WK32:BK19,K15", "black-wins"),
    ] {
        let (infos, _) = analysis(with.addr, "american", fen, 3);
        assert!(
            !infos.is_empty() && infos.iter().all(|i| i["database"] == said),
            "{fen}: {infos:?}"
        );
        let (infos, _) = analysis(without.addr, "american", fen, 3);
        assert!(
            infos.iter().all(|i| i["database"].is_null()),
            "{fen}: {infos:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let missing = Server::try_start_with(
        temp_database("engine-tables-missing"),
        &["--endgames", dir.to_str().unwrap()],
    );
    let Err(said) = missing else {
        panic!("a server started on tables that are not there")
    };
    assert!(said.contains("--endgames"), "{said}");
}

#[test]
fn what_cannot_be_analysed_is_refused_or_said() {
    let s = Server::start(temp_database("engine-refused"));
    let r = s.get("/api/engine?rules=international&fen=X:Wzz");
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], "bad-fen");
    let r = s.get("/api/engine?rules=go&fen=W:W31-50:B1-20");
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], "bad-request");
    let r = s.get("/api/engine?rules=american&fen=W:W32:B23,24,27,28&depth=-1");
    assert_eq!(r.status, 400, "{}", r.body);
    // White is blocked: nothing to analyse, the game is over.
    let (infos, reason) = analysis(s.addr, "american", "W:W32:B23,24,27,28", 5);
    assert!(infos.is_empty(), "{infos:?}");
    assert_eq!(reason, "no-moves");
}

/// Stockfish is given the game that led to the position: a king that can step into a
/// position standing for the third time holds the draw, and without the game it is lost.
#[test]
fn stockfish_is_given_the_moves_that_led_to_the_position() {
    let s = Server::start(temp_database("engine-chess-history"));
    needs_stockfish(&s);
    // Black's queen against White's lone king, far apart; both go to and fro twice.
    let fen = "k7/q7/8/8/8/8/8/7K w - - 0 1";
    let moves = "h1h2 a7a6 h2h1 a6a7 h1h2 a7a6 h2h1 a6a7";
    let (infos, _) = analysis_with(
        s.addr,
        "chess",
        fen,
        10,
        &[("moves", moves), ("style", "uci")],
    );
    let last = infos.last().expect("a depth");
    assert_eq!(last["best"], "h1h2", "{last}");
    assert_eq!(last["score"], 0, "the third time is a draw: {last}");
    let (infos, _) = analysis(s.addr, "chess", fen, 10);
    let alone = infos.last().expect("a depth");
    assert!(
        alone["score"].as_i64().is_some_and(|cp| cp < -500)
            || alone["mate"].as_i64().is_some_and(|m| m < 0),
        "alone the position is lost: {alone}"
    );
}

#[test]
fn chess_analysis_by_stockfish_streams_legal_best_moves() {
    let s = Server::start(temp_database("engine-chess"));
    needs_stockfish(&s);
    check(
        &s,
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        8,
    );
    // The lines in the board's notation: UCI, French piece letters.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (infos, _) = analysis_with(s.addr, "chess", start, 6, &[("style", "uci")]);
    assert!(infos.iter().all(|i| i["pv"][0] == i["best"]), "{infos:?}");
    let mate = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let (infos, _) = analysis_with(s.addr, "chess", mate, 3, &[("lang", "fr")]);
    assert_eq!(
        infos.last().unwrap()["pv"][0],
        "Ta8#",
        "a rook is T in French"
    );
    let r = s.get("/api/engine?rules=chess&fen=8/8/8/8/8/8/8/K1k5%20w%20-%20-%200%201&style=x");
    assert_eq!(r.status, 400, "{}", r.body);
    // A mate in one is found, and ends the analysis.
    let (infos, reason) = analysis(s.addr, "chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 20);
    assert_eq!(reason, "forced", "{infos:?}");
    let last = infos.last().unwrap();
    assert_eq!(last["mate"], 1, "{last}");
    assert_eq!(last["best"], "a1a8");
    assert_eq!(last["pv"][0], "Ra8#");
    // Black to move, mated after Kb8 Rh8#: the mate is White's, so positive.
    let (infos, reason) = analysis(s.addr, "chess", "k7/8/1K6/8/8/8/8/7R b - - 0 1", 20);
    assert_eq!(reason, "forced", "{infos:?}");
    let last = infos.last().unwrap();
    assert_eq!(last["mate"], 1, "{last}");
    assert_eq!(last["pv"], json!(["Kb8", "Rh8#"]));
}

#[test]
fn a_closed_stream_ends_its_stockfish() {
    let s = Served::start("engine-closed", &[]);
    let status = common::request(s.addr, "GET", "/api/engine/status", &[], None).json();
    assert_eq!(status["chess"], true, "install Debian's `stockfish`");
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let query = serde_urlencoded::to_string([("rules", "chess"), ("fen", fen)]).unwrap();
    let mut reader = open_stream(s.addr, &format!("/api/engine?{query}"));
    let (name, _) = next_event(&mut reader).unwrap();
    assert_eq!(name, "info");
    let pid = s.child.id();
    assert_eq!(stockfish_children(pid), 1, "one Stockfish for the analysis");
    drop(reader);
    // The analysis would last 8 s; closed, its process is killed at once.
    let deadline = Instant::now() + Duration::from_secs(4);
    while stockfish_children(pid) > 0 {
        assert!(Instant::now() < deadline, "Stockfish still runs");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The Stockfish processes whose parent is `pid` (zombies not counted).
fn stockfish_children(pid: u32) -> usize {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    entries
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path().join("stat")).ok())
        .filter(|stat| {
            // pid (comm) state ppid ...
            let Some((comm, rest)) = stat.split_once(") ") else {
                return false;
            };
            let mut fields = rest.split_whitespace();
            let state = fields.next().unwrap_or("");
            let ppid: u32 = fields.next().and_then(|p| p.parse().ok()).unwrap_or(0);
            comm.ends_with("(stockfish") && ppid == pid && state != "Z"
        })
        .count()
}

#[test]
fn without_stockfish_chess_is_unavailable() {
    let s = Served::start("engine-none", &[("SCORESHEET_STOCKFISH", "none")]);
    let get = |path: &str| common::request(s.addr, "GET", path, &[], None);
    assert_eq!(get("/api/engine/status").json()["chess"], false);
    let query = serde_urlencoded::to_string([
        ("rules", "chess"),
        (
            "fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
    ])
    .unwrap();
    let r = get(&format!("/api/engine?{query}"));
    assert_eq!(r.status, 501, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], "engine-unavailable");
    let body = json!({ "rules": "chess", "mode": "computer" }).to_string();
    let r = common::request(
        s.addr,
        "POST",
        "/api/games",
        &[("Content-Type", "application/json")],
        Some(&body),
    );
    assert_eq!(r.status, 501, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], "engine-unavailable");
    // Draughts is analysed all the same.
    let (infos, reason) = analysis(s.addr, "american", "B:W21-32:B1-12", 2);
    assert_eq!((infos.len(), reason.as_str()), (2, "depth"));
}

#[test]
fn the_computer_plays_chess_through_stockfish() {
    let s = Server::start(temp_database("engine-computer"));
    needs_stockfish(&s);
    // The player takes Black: the computer (White) moves first, by itself.
    let (id, secret, _) = create(
        &s,
        json!({ "rules": "chess", "mode": "computer", "level": "beginner", "color": "black" }),
    );
    let plies = follow_plies(s.addr, &id);
    wait_for_plies(&plies, 1, "the player");
    let game = s.get(&format!("/api/games/{id}")).json();
    let fen = game["position"]["fen"].as_str().unwrap().to_string();
    let reply = &legal(&s, "chess", &fen)[0].0;
    let r = play(&s, &id, &secret, reply, 1);
    assert_eq!(r.status, 200, "{}", r.body);
    wait_for_plies(&plies, 3, "the player");
    // From a position of the analysis board: the player moves first.
    let (id, secret, _) = create(
        &s,
        json!({ "rules": "chess", "mode": "computer", "color": "white",
                "fen": "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1" }),
    );
    let plies = follow_plies(s.addr, &id);
    let r = play(&s, &id, &secret, "Ra2", 0);
    assert_eq!(r.status, 200, "{}", r.body);
    wait_for_plies(&plies, 2, "the player");
}

#[test]
fn the_computer_accepts_a_chess_draw_only_when_stockfish_sees_no_win() {
    let s = Server::start(temp_database("engine-draw"));
    needs_stockfish(&s);
    let offer = |fen: &str| {
        let (id, secret, _) = create(
            &s,
            json!({ "rules": "chess", "mode": "computer", "color": "white", "fen": fen }),
        );
        s.post_as(
            &format!("/api/games/{id}/draw"),
            &secret,
            &json!({ "action": "offer" }).to_string(),
        )
    };
    // The computer (Black) has a lone king against a queen: it takes the draw.
    let r = offer("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["reason"], "agreed");
    // The computer has the queen: it plays on.
    let r = offer("3qk3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], "draw-declined");
}

/// `--analysis-threads N` bounds the threads of one draughts analysis step: a server started
/// with it analyses as any other, and 0 is refused at the start with the option's name.
#[test]
fn the_analysis_threads_are_an_option_of_serve() {
    let s = Server::try_start_with(
        temp_database("engine-threads"),
        &["--analysis-threads", "2"],
    )
    .unwrap();
    let (infos, reason) = analysis(s.addr, "international", "W:W31-50:B1-20", 5);
    let depths: Vec<u64> = infos.iter().map(|i| i["depth"].as_u64().unwrap()).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5], "{infos:?}");
    assert_eq!(reason, "depth");
    let refused = Server::try_start_with(
        temp_database("engine-threads-0"),
        &["--analysis-threads", "0"],
    );
    let Err(said) = refused else {
        panic!("a server started with 0 analysis threads")
    };
    assert!(said.contains("--analysis-threads"), "{said}");
}
