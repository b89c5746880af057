//! Issue 26's findings, each with a test that failed on the main before it: what one visitor
//! could take from another (the rematch seat), pages whose links led off the site, an export
//! that changed the game. Every test talks to the real binary on loopback.

mod common;

use common::{Server, create, play, request, temp_database};
use serde_json::json;

/// A finished friend game between Alice (its creator, Black) and Bob, with the rematch Alice
/// asked for: (server, old game, Alice's secret, Bob's secret, the rematch's id).
fn rematch_offered(name: &str) -> (Server, String, String, String, String) {
    let s = Server::start(temp_database(name));
    let (id, alice, _) = create(
        &s,
        json!({ "rules": "american", "mode": "friend", "color": "black", "name": "Alice" }),
    );
    let r = s.post_as(&format!("/api/games/{id}/join"), "nobody", "{}");
    assert_eq!(r.status, 200, "{}", r.body);
    let bob = r.json()["secret"].as_str().unwrap().to_string();
    assert_eq!(play(&s, &id, &alice, "11-15", 0).status, 200);
    assert_eq!(
        s.post_as(&format!("/api/games/{id}/resign"), &bob, "{}")
            .status,
        200
    );
    let r = s.post_as(&format!("/api/games/{id}/rematch"), &alice, "{}");
    assert_eq!(r.status, 201, "{}", r.body);
    let next = r.json()["game"]["id"].as_str().unwrap().to_string();
    (s, id, alice, bob, next)
}

/// Finding 6: the rematch's id is public (`GET /api/games/ID` shows it to anyone), and its
/// free seat went to whoever joined first. Now it is kept for the opponent.
#[test]
fn a_stranger_cannot_take_the_rematch_seat() {
    let (s, id, _alice, bob, next) = rematch_offered("rematch-stranger");
    let shown = s.get(&format!("/api/games/{id}")).json();
    assert_eq!(shown["rematch"], next.as_str(), "the offer is public");
    // A stranger, with no secret, with one of their own, or with a cookie for the rematch.
    for r in [
        s.post(&format!("/api/games/{next}/join"), "{}"),
        s.post_as(&format!("/api/games/{next}/join"), "a-stranger", "{}"),
        request(
            s.addr,
            "POST",
            &format!("/api/games/{next}/join"),
            &[
                ("Content-Type", "application/json"),
                ("Cookie", &format!("s_{next}=x")),
            ],
            Some("{}"),
        ),
    ] {
        assert_eq!(r.status, 403, "{}", r.body);
        assert_eq!(r.json()["error"]["code"], "seat-kept", "{}", r.body);
    }
    // Nor by asking for a rematch of a game they did not play.
    assert_eq!(
        s.post(&format!("/api/games/{id}/rematch"), "{}").status,
        403
    );
    let page = s.get(&format!("/game/{next}"));
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("\"can_join\":false"),
        "a stranger's page offers no seat"
    );
    // The seat is still Bob's: he takes it with his secret of the game before.
    let r = s.post_as(&format!("/api/games/{next}/join"), &bob, "{}");
    assert_eq!(r.status, 200, "{}", r.body);
    let joined = r.json();
    assert_eq!(joined["game"]["you"], "black");
    assert_eq!(joined["game"]["status"], "ongoing");
    assert_eq!(joined["secret"], bob.as_str(), "he keeps his secret");
    assert_eq!(play(&s, &next, &bob, "11-15", 0).status, 200);
    // And with the seat taken, a stranger is told so.
    assert_eq!(s.post(&format!("/api/games/{next}/join"), "{}").status, 409);
}

/// The opponent still accepts the way the page does: by asking for the rematch too.
#[test]
fn the_opponent_accepts_the_rematch_by_asking_too() {
    let (s, id, alice, bob, next) = rematch_offered("rematch-accept");
    let r = s.post_as(&format!("/api/games/{id}/rematch"), &bob, "{}");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["game"]["id"], next.as_str());
    assert_eq!(r.json()["game"]["you"], "black");
    let again = s.post_as(&format!("/api/games/{id}/rematch"), &alice, "{}");
    assert_eq!(again.json()["game"]["you"], "white");
}

/// Every link and source a page writes, as written (`href="..."`, `src="..."`).
fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["href=\"", "src=\"", "action=\""] {
        let mut rest = html;
        while let Some(i) = rest.find(attr) {
            rest = &rest[i + attr.len()..];
            let end = rest.find('"').unwrap_or(rest.len());
            out.push(rest[..end].replace("&amp;", "&"));
        }
    }
    out
}

/// Finding 9: `GET //evil.example/x` rendered the 404 page, whose language links
/// (`//evil.example/x?lang=pt`) a browser resolves on evil.example. Such paths now go to the
/// site's own, and no page writes a link its path can turn into another site's.
#[test]
fn no_path_makes_a_page_link_off_the_site() {
    let s = Server::start(temp_database("off-site"));
    for (path, to) in [
        ("//evil.example/x", "/evil.example/x"),
        ("/\\evil.example/x?lang=pt", "/evil.example/x?lang=pt"),
        ("///\\/evil.example", "/evil.example"),
        ("//", "/"),
    ] {
        let r = s.get(path);
        assert_eq!(r.status, 308, "{path}: {}", r.body);
        assert_eq!(r.header("location"), Some(to), "{path}");
    }
    for path in [
        "/evil.example/x",
        "/nope/x?lang=pt&a=%2F%2Fevil.example",
        "/",
        "/analysis?rules=chess",
        "/game/0123456789",
        "/help/notation",
    ] {
        let r = s.get(path);
        let written = links(&r.body);
        assert!(
            written.iter().any(|l| l.contains("lang=pt")),
            "{path}: language links"
        );
        for link in written {
            let off = link.starts_with("//")
                || link.starts_with("/\\")
                || link.contains("://")
                || link.to_ascii_lowercase().starts_with("javascript:");
            assert!(!off, "{path} writes the link {link}");
            assert!(
                link.starts_with('/') || link.starts_with('?') || link.starts_with('#'),
                "{path} writes a link relative to its path: {link}"
            );
        }
    }
}

/// The board's nodes of a loaded game, as the page sends them to `/api/export`.
fn export_nodes(loaded: &serde_json::Value) -> serde_json::Value {
    let nodes: Vec<serde_json::Value> = loaded["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            let mut item = json!({ "id": n["id"], "parent": n["parent"], "move": n["move"] });
            if let Some(c) = n.get("comment") {
                item["comment"] = c.clone();
            }
            item
        })
        .collect();
    json!(nodes)
}

/// Finding 8: a `;` comment holding `}` was exported inside `{}` as it was, so that the text
/// loaded back with another move (or not at all); tag names and values that PDN cannot hold
/// were written as they were. Now the export writes each comment in a form that holds it,
/// changes visibly what no form holds, and says so.
#[test]
fn what_the_board_exports_loads_back_as_the_same_game() {
    let s = Server::start(temp_database("export-back"));
    let load = |rules: &str, text: &str| {
        let r = s.post(
            "/api/load",
            &json!({ "rules": rules, "start": "pdn", "text": text }).to_string(),
        );
        assert_eq!(r.status, 200, "{text}: {}", r.body);
        r.json()
    };
    for (rules, text) in [
        ("chess", "1. e4 e5 ; }\n2. Nf3 *"),
        ("chess", "1. e4 ; a { b } c\n1... e5 {x} 2. Nf3 *"),
        ("american", "1. 11-15 24-20 ; }\n2. 8-11 *"),
        ("international", "1. 32-28 ; }} {\n2. 19-23 *"),
    ] {
        let first = load(rules, text);
        let nodes = export_nodes(&first);
        let r = s.post(
            "/api/export",
            &json!({ "rules": rules, "start": first["root"]["fen"], "nodes": nodes, "result": "*" })
                .to_string(),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        let exported = r.json();
        assert_eq!(exported["warnings"], json!([]), "{text}");
        let text2 = exported["text"].as_str().unwrap();
        let again = load(rules, text2);
        assert_eq!(export_nodes(&again), nodes, "{text}\nexported as\n{text2}");
    }
    // What no form holds: a comment with `}` over two lines, a tag name with a space and a
    // bracket, a value over two lines. Changed visibly, and said.
    let first = load("chess", "1. e4 e5 *");
    let mut nodes = export_nodes(&first);
    nodes[0]["comment"] = json!("a }\nb");
    let r = s.post(
        "/api/export",
        &json!({ "rules": "chess", "start": first["root"]["fen"], "nodes": nodes, "result": "*",
                 "tags": [["White Elo]", "2100"], ["Annotator", "two\nlines"]] })
        .to_string(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let exported = r.json();
    let warnings: Vec<&str> = exported["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    let text = exported["text"].as_str().unwrap();
    assert!(text.contains("[White_Elo_ \"2100\"]"), "{text}");
    assert!(text.contains("[Annotator \"two lines\"]"), "{text}");
    let again = load("chess", text);
    assert_eq!(again["nodes"][0]["comment"], "a \u{FF5D}\nb", "{text}");
    assert_eq!(again["nodes"].as_array().unwrap().len(), 2, "{text}");
}

/// A TCP relay in front of a server (here PostgreSQL), that can be cut (its connections
/// closed, new ones closed at once) and put back, on the same port.
struct Relay {
    addr: std::net::SocketAddr,
    on: std::sync::Arc<std::sync::atomic::AtomicBool>,
    open: std::sync::Arc<std::sync::Mutex<Vec<std::net::TcpStream>>>,
}

impl Relay {
    fn to(target: std::net::SocketAddr) -> Relay {
        use std::sync::atomic::Ordering;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let relay = Relay {
            addr: listener.local_addr().unwrap(),
            on: Default::default(),
            open: Default::default(),
        };
        relay.on.store(true, Ordering::SeqCst);
        let (on, open) = (relay.on.clone(), relay.open.clone());
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                if !on.load(Ordering::SeqCst) {
                    continue; // dropped: closed at once
                }
                let Ok(server) = std::net::TcpStream::connect(target) else {
                    continue;
                };
                let mut held = open.lock().unwrap();
                for (mut from, mut to) in [
                    (client.try_clone().unwrap(), server.try_clone().unwrap()),
                    (server.try_clone().unwrap(), client.try_clone().unwrap()),
                ] {
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(std::net::Shutdown::Both);
                    });
                }
                held.extend([client, server]);
            }
        });
        relay
    }

    fn cut(&self) {
        self.on.store(false, std::sync::atomic::Ordering::SeqCst);
        for s in self.open.lock().unwrap().drain(..) {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
    }

    fn put_back(&self) {
        self.on.store(true, std::sync::atomic::Ordering::SeqCst);
    }
}

/// Finding 11: with PostgreSQL down, the API answered `500 database` after 10 s, which a
/// client cannot tell from a bug. Now: `503 database-unavailable` with `Retry-After` within
/// a few seconds, a page that says so, and the site back when the database is.
#[test]
fn a_database_out_of_reach_is_503_try_again_and_the_site_comes_back() {
    let url = common::postgres_database("down")
        .to_string_lossy()
        .into_owned();
    // postgres://user@host:port/name: the host and port go through the relay.
    let (scheme_user, rest) = url.split_once('@').unwrap();
    let (host_port, name) = rest.split_once('/').unwrap();
    let target: std::net::SocketAddr = host_port.parse().unwrap();
    let relay = Relay::to(target);
    let through = format!("{scheme_user}@{}/{name}", relay.addr);
    let s = Server::start(std::path::PathBuf::from(through));
    let (id, _, _) = create(&s, json!({ "rules": "american", "mode": "device" }));
    assert_eq!(s.get(&format!("/api/games/{id}")).status, 200);

    relay.cut();
    let new_game = json!({ "rules": "american", "mode": "device" }).to_string();
    for what in ["the game", "a new game", "the game's page"] {
        let started = std::time::Instant::now();
        let r = match what {
            "the game" => s.get(&format!("/api/games/{id}")),
            "a new game" => s.post("/api/games", &new_game),
            _ => s.get(&format!("/game/{id}")),
        };
        let took = started.elapsed();
        assert_eq!(r.status, 503, "{what}: {}", r.body);
        assert_eq!(r.header("retry-after"), Some("5"), "{what}");
        assert!(
            took < std::time::Duration::from_secs(8),
            "{what} took {took:?}"
        );
        if what.ends_with("page") {
            assert!(
                r.body.contains("database cannot be reached"),
                "{what}: {}",
                r.body
            );
        } else {
            assert_eq!(r.json()["error"]["code"], "database-unavailable", "{what}");
        }
    }

    relay.put_back();
    let started = std::time::Instant::now();
    loop {
        let r = s.get(&format!("/api/games/{id}"));
        if r.status == 200 {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "the site did not come back: {} {}",
            r.status,
            r.body
        );
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    let (_, _, _) = create(&s, json!({ "rules": "american", "mode": "device" }));
}

/// Starts `POST /api/load` from `client` (as a trusted proxy forwards it) with a body it says
/// is 1,000,000 bytes long, of which it sends 10: the connection, held open.
fn slow_body(addr: std::net::SocketAddr, client: &str) -> std::net::TcpStream {
    use std::io::Write;
    let mut t = std::net::TcpStream::connect(addr).unwrap();
    write!(
        t,
        "POST /api/load HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {client}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{{\"rules\":"
    )
    .unwrap();
    t
}

/// The status line's code of what `t` is answered, waiting at most `wait`.
fn answer(t: &mut std::net::TcpStream, wait: std::time::Duration) -> Option<u16> {
    use std::io::Read;
    t.set_read_timeout(Some(wait)).unwrap();
    let mut head = [0u8; 12];
    t.read_exact(&mut head).ok()?;
    std::str::from_utf8(&head[9..12]).ok()?.parse().ok()
}

/// Finding 1: 16 sockets that sent `POST /api/load` headers and then trickled their bodies
/// held every admission to the heavy routes, which answered 503 to everyone while they
/// trickled. Now a body is read before admission, in a few places per client: the others'
/// heavy requests are answered, the fifth slow body of one client is refused, and a body that
/// stops arriving is cut.
#[test]
fn slow_bodies_hold_nothing_that_others_need() {
    let s = Server::try_start_with(
        temp_database("slow-bodies"),
        &["--trusted-proxy", "127.0.0.1"],
    )
    .unwrap();
    let mut slow: Vec<_> = (0..4).map(|_| slow_body(s.addr, "198.51.100.1")).collect();
    // More from other addresses of the same kind, up to 16 as in the finding.
    for n in 2..5 {
        slow.extend((0..4).map(|_| slow_body(s.addr, &format!("198.51.100.{n}"))));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    // A fifth from the first address: refused at once.
    let mut fifth = slow_body(s.addr, "198.51.100.1");
    assert_eq!(
        answer(&mut fifth, std::time::Duration::from_secs(5)),
        Some(429)
    );
    // Another client's heavy requests are answered (they waited 20 s for a 503 before).
    let position = json!({ "rules": "american", "fen": "B:W21-32:B1-12" }).to_string();
    for _ in 0..20 {
        let r = request(
            s.addr,
            "POST",
            "/api/position",
            &[
                ("Content-Type", "application/json"),
                ("X-Forwarded-For", "203.0.113.7"),
            ],
            Some(&position),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    assert_eq!(s.get("/").status, 200);
    // A body that stops arriving is cut (5 s without a byte).
    assert_eq!(
        answer(&mut slow[0], std::time::Duration::from_secs(15)),
        Some(408)
    );
}

/// A connection to `to` from the local address `from` (loopback has every 127.x.y.z).
fn connect_from(from: std::net::Ipv4Addr, to: std::net::SocketAddr) -> std::net::TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(std::net::SocketAddr::from((from, 0))).unwrap();
        let stream = socket.connect(to).await.unwrap();
        stream.into_std().unwrap()
    })
}

/// Finding 2: one address's 4,100 trickling sockets filled the server's connection cap, and
/// the home page answered 503 to everyone. Now one address holds at most its own share: its
/// further connections give way among themselves or are refused, and the others are served.
#[test]
fn one_address_cannot_fill_the_connection_cap() {
    use std::io::{Read, Write};
    let s = Server::try_start_with(
        temp_database("per-client"),
        &[
            "--max-connections",
            "64",
            "--connections-per-client",
            "16",
            "--stall-timeout",
            "120",
        ],
    )
    .unwrap();
    let attacker = std::net::Ipv4Addr::new(127, 0, 0, 2);
    // Each sends a request whose body trickles: busy connections, which cannot give way.
    let mut sockets = Vec::new();
    for _ in 0..100 {
        let mut t = connect_from(attacker, s.addr);
        t.write_all(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
        )
        .unwrap();
        sockets.push(t);
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // The address keeps at most its 16: the others were refused (503) or gave way (closed).
    let mut open = 0;
    for t in &mut sockets {
        t.set_read_timeout(Some(std::time::Duration::from_millis(100)))
            .unwrap();
        let mut byte = [0u8; 1];
        match t.read(&mut byte) {
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                open += 1
            }
            _ => {}
        }
    }
    assert!(open <= 16, "{open} of one address's connections still open");
    for _ in 0..20 {
        let r = s.get("/");
        assert_eq!(r.status, 200, "another address is served");
    }
    drop(sockets);
}

/// `POST path` with JSON `body` from `client`, as the trusted proxy on 127.0.0.1 forwards it.
fn post_from(s: &Server, client: &str, path: &str, body: &str) -> common::Response {
    request(
        s.addr,
        "POST",
        path,
        &[
            ("Content-Type", "application/json"),
            ("X-Forwarded-For", client),
        ],
        Some(body),
    )
}

/// Creates a game with `body` for `client`: its id and the creator's secret.
fn create_from(s: &Server, client: &str, body: &serde_json::Value) -> (String, String) {
    let r = post_from(s, client, "/api/games", &body.to_string());
    assert_eq!(r.status, 201, "{}", r.body);
    let v = r.json();
    let field = |name: &str| v[name].as_str().unwrap().to_string();
    (
        v["game"]["id"].as_str().unwrap().to_string(),
        field("secret"),
    )
}

/// A refusal by a quota: its status and code, and a `Retry-After` within `most` seconds.
fn assert_quota(r: &common::Response, status: u16, code: &str, most: u64) {
    assert_eq!(r.status, status, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], code, "{}", r.body);
    let after: u64 = r
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .unwrap();
    assert!((1..=most).contains(&after), "Retry-After: {after}");
}

/// Finding 4: one client created ~3,900 games a minute. Now an address creates at most its
/// hourly share in a row (600 by default), then is told when to come back, while another
/// address creates games; and the server's own total holds for all addresses together.
#[test]
fn one_address_creates_its_share_of_games_and_no_more() {
    let s = Server::try_start_with(
        temp_database("games-quota"),
        &["--trusted-proxy", "127.0.0.1"],
    )
    .unwrap();
    let game = json!({ "rules": "american", "mode": "device" });
    for n in 0..600 {
        let r = post_from(&s, "198.51.100.1", "/api/games", &game.to_string());
        assert_eq!(r.status, 201, "game {n}: {}", r.body);
    }
    let r = post_from(&s, "198.51.100.1", "/api/games", &game.to_string());
    // One game comes back every 6 s.
    assert_quota(&r, 429, "too-many-games", 6);
    // Another address of the same /64 is the same client; another /64 is not.
    let v6 = json!({ "rules": "american", "mode": "device" }).to_string();
    for n in 0..600 {
        let r = post_from(&s, &format!("2001:db8:1:2::{n:x}"), "/api/games", &v6);
        assert_eq!(r.status, 201, "game {n}: {}", r.body);
    }
    let r = post_from(&s, "2001:db8:1:2:ffff::1", "/api/games", &v6);
    assert_quota(&r, 429, "too-many-games", 6);
    create_from(&s, "2001:db8:1:3::1", &game);
    create_from(&s, "203.0.113.7", &game);
    drop(s);

    let s = Server::try_start_with(
        temp_database("games-quota-total"),
        &["--trusted-proxy", "127.0.0.1", "--games-per-hour", "30"],
    )
    .unwrap();
    for n in 0..30 {
        create_from(&s, &format!("198.51.100.{n}"), &game);
    }
    let r = post_from(&s, "198.51.100.200", "/api/games", &game.to_string());
    assert_quota(&r, 429, "too-many-games", 120);
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("the server")
    );
}

/// An analysis of `bytes` bytes or so: a short game and a long comment.
fn big_analysis(bytes: usize) -> String {
    let comment = "x".repeat(bytes - 40);
    json!({ "rules": "russian", "text": format!("1. c3-d4 {{{comment}}} f6-g5 *") }).to_string()
}

/// Finding 4: one client saved analyses of 1 MB each at ~1,600 a minute, +853 MB of database
/// in 30 s. Now an address saves at most 30 MB (and 120 analyses) an hour, and all the saved
/// analyses together at most the budget, past which saving is `507 analyses-full`.
#[test]
fn saved_analyses_are_bounded_by_address_and_in_total() {
    let s = Server::try_start_with(
        temp_database("analyses-quota"),
        &["--trusted-proxy", "127.0.0.1", "--analyses-budget-mb", "40"],
    )
    .unwrap();
    let mb = big_analysis(1 << 20);
    let mut saved = 0;
    let mut first = None;
    loop {
        let r = post_from(&s, "198.51.100.1", "/api/analyses", &mb);
        if first.is_none() {
            first = r.json()["url"].as_str().map(str::to_string);
        }
        if r.status != 201 {
            // An hour's 30 MB: 29 whole analyses (a few bytes over 1 MB each fit 29 times).
            assert!((28..=30).contains(&saved), "{saved} saved");
            assert_quota(&r, 429, "too-many-analyses", 3_600);
            break;
        }
        saved += 1;
        assert!(saved <= 30, "a 31st megabyte was saved");
    }
    // Small ones: 120 an hour, counted apart from the bytes.
    let small = json!({ "rules": "russian", "text": "1. c3-d4 f6-g5 *" }).to_string();
    for n in 0..120 {
        let r = post_from(&s, "198.51.100.2", "/api/analyses", &small);
        assert_eq!(r.status, 201, "analysis {n}: {}", r.body);
    }
    let r = post_from(&s, "198.51.100.2", "/api/analyses", &small);
    assert_quota(&r, 429, "too-many-analyses", 30);
    // The budget: 40 MB in all, of which one address took 29 or so.
    let mut others = 0;
    let full = loop {
        let r = post_from(&s, &format!("203.0.113.{others}"), "/api/analyses", &mb);
        if r.status != 201 {
            break r;
        }
        others += 1;
        assert!(others <= 12, "more than the budget was saved");
    };
    assert_quota(&full, 507, "analyses-full", 3_600);
    assert!((9..=12).contains(&others), "{others} more saved");
    // What was saved is still there.
    assert_eq!(s.get(&first.unwrap()).status, 200);
}

/// Finding 4: computer games running at once. An address plays at most 8 at once; a game
/// that ends frees its place at once; another address starts its own.
#[test]
fn computer_games_running_at_once_are_bounded() {
    let s = Server::try_start_with(
        temp_database("computer-quota"),
        &["--trusted-proxy", "127.0.0.1"],
    )
    .unwrap();
    let game =
        json!({ "rules": "american", "mode": "computer", "color": "white", "level": "beginner" });
    let mut games: Vec<(String, String)> = (0..8)
        .map(|_| create_from(&s, "198.51.100.1", &game))
        .collect();
    let r = post_from(&s, "198.51.100.1", "/api/games", &game.to_string());
    assert_quota(&r, 429, "too-many-computer-games", 60);
    create_from(&s, "203.0.113.7", &game);
    // A game resigned: its place is free. (Black moves first in American checkers: the
    // computer's first move may land while the resignation is on its way, and the server
    // then asks to try again, as a player's page would.)
    let (id, secret) = games.pop().unwrap();
    let resign = || {
        request(
            s.addr,
            "POST",
            &format!("/api/games/{id}/resign"),
            &[
                ("Content-Type", "application/json"),
                ("X-Forwarded-For", "198.51.100.1"),
                ("Authorization", &format!("Bearer {secret}")),
            ],
            Some("{}"),
        )
    };
    let mut r = resign();
    for _ in 0..20 {
        if r.status != 409 || !r.body.contains("turn-taken") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        r = resign();
    }
    assert_eq!(r.status, 200, "{}", r.body);
    create_from(&s, "198.51.100.1", &game);
    let r = post_from(&s, "198.51.100.1", "/api/games", &game.to_string());
    assert_eq!(r.status, 429, "{}", r.body);
}

/// Finding 5: 60 "strong" International computer games, created at once, shared the heavy
/// permits with the analysis board: `/api/position` waited up to 20 s, then got 503. The
/// computer's searches now have a pool of their own. (Each address plays at most 8 computer
/// games at once now, so the 60 come from 60 addresses.)
#[test]
fn computer_games_do_not_starve_the_board() {
    let s = Server::try_start_with(
        temp_database("computer-games"),
        &["--trusted-proxy", "127.0.0.1"],
    )
    .unwrap();
    let game = json!({ "rules": "international", "mode": "computer", "color": "black", "level": "strong" });
    for n in 0..60 {
        create_from(&s, &format!("198.51.100.{n}"), &game);
    }
    let position = json!({ "rules": "international", "fen": "W:W31-50:B1-20" }).to_string();
    for _ in 0..20 {
        let r = s.post("/api/position", &position);
        assert_eq!(r.status, 200, "{}", r.body);
    }
}

/// The first `queue` event of game `id`'s live events: how many searches wait before its
/// computer's (null: it runs), waiting at most 10 s.
fn first_queue_event(addr: std::net::SocketAddr, id: &str) -> Option<serde_json::Value> {
    use std::io::{BufRead, Write};
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
    )
    .unwrap();
    let mut event = String::new();
    for line in std::io::BufReader::new(stream).lines() {
        let line = line.ok()?;
        if let Some(name) = line.strip_prefix("event:") {
            event = name.trim().to_string();
        } else if let Some(data) = line.strip_prefix("data:")
            && event == "queue"
        {
            return Some(
                serde_json::from_str::<serde_json::Value>(data.trim()).unwrap()["ahead"].clone(),
            );
        }
    }
    None
}

/// Finding 5, the wait: a player whose computer move waits behind others' searches is told
/// how many are before it, on the game's live events, and the move comes in its turn.
#[test]
fn a_computer_move_that_waits_says_how_many_are_before_it() {
    let s = Server::try_start_with(
        temp_database("computer-queue"),
        &["--trusted-proxy", "127.0.0.1"],
    )
    .unwrap();
    // The computer plays White and moves first: each game's search starts at once. (From a
    // start without White's man on 50: the standard start is in the opening book, whose
    // move is played without a search.)
    let game = json!({ "rules": "international", "mode": "computer", "color": "black",
        "level": "strong", "fen": "W:W31-49:B1-20" });
    let searches = std::thread::available_parallelism().map_or(2, |n| n.get()) / 2;
    let ids: Vec<String> = (0..searches.max(1) + 3)
        .map(|n| create_from(&s, &format!("198.51.100.{n}"), &game).0)
        .collect();
    let last = ids.last().unwrap();
    let ahead = first_queue_event(s.addr, last).expect("a queue event");
    let ahead = ahead.as_u64().expect("the last game's search waits");
    assert!((1..=2).contains(&ahead), "{ahead} before it");
    let plies = common::follow_plies(s.addr, last);
    common::wait_for_plies(&plies, 1, "the last game's player");
}
