//! The server against hostile clients (issue 10's findings, each with a test): deep game
//! trees through every endpoint, idle and slow sockets, cross-site posts, bogus game ids,
//! invite links opened by bots, cookies over HTTPS. Every test talks to the real binary on
//! loopback, bounds its own loops in count and time, and checks the server still answers.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{Response, listening_address, request, temp_database};

/// A server started with extra arguments (and optionally under `ulimit -n`), whose process
/// id the test can read.
struct Hostile {
    addr: SocketAddr,
    child: Child,
}

impl Hostile {
    fn start(name: &str, args: &[&str], open_files: Option<u32>) -> Hostile {
        let database = temp_database(name);
        let binary = env!("CARGO_BIN_EXE_scoresheet");
        let mut command = match open_files {
            Some(n) => {
                let mut c = Command::new("sh");
                c.arg("-c")
                    .arg(format!("ulimit -n {n} && exec \"$0\" \"$@\""))
                    .arg(binary);
                c
            }
            None => Command::new(binary),
        };
        command
            .args([
                "serve",
                "--no-examples",
                "--addr",
                "127.0.0.1:0",
                "--database",
            ])
            .arg(&database)
            .args(args)
            .stderr(Stdio::piped())
            .stdout(Stdio::null());
        let mut child = command.spawn().expect("start scoresheet serve");
        let addr = listening_address(&mut child).unwrap();
        Hostile { addr, child }
    }

    fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Resident memory of the server process in kB (VmRSS).
    fn rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find(|l| l.starts_with("VmRSS:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap()
    }

    fn get(&self, path: &str) -> Response {
        common::get(self.addr, path)
    }

    fn post(&self, path: &str, body: &str) -> Response {
        common::post_json(self.addr, path, body)
    }

    fn post_with(&self, path: &str, headers: &[(&str, &str)], body: &str) -> Response {
        request(self.addr, "POST", path, headers, Some(body))
    }
}

impl Drop for Hostile {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn code(r: &Response) -> String {
    r.json()["error"]["code"].as_str().unwrap_or("").to_string()
}

/// `1. e4 (1. d4 (1. c4 ( ... ))) *`: side lines nested `depth` deep.
fn nested_text(depth: usize) -> String {
    let alternatives = ["d4", "c4", "Nf3", "Nc3", "b3", "g3", "f4", "b4"];
    let mut text = String::from("1. e4 ");
    for i in 0..depth {
        text.push_str("(1. ");
        text.push_str(alternatives[i % alternatives.len()]);
        text.push(' ');
    }
    text.push_str(&")".repeat(depth));
    text.push_str(" *");
    text
}

/// An export tree whose side lines nest `depth` deep: each side line starts with a knight
/// move of the cycle Ng1-f3, Ng8-f6, Nf3-g1, Nf6-g8 and its next move (a b-knight move) has
/// the next side line as its alternative.
fn nested_export(depth: usize) -> String {
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut nodes = vec![serde_json::json!({"id": 1, "parent": 0, "move": "e2e4"})];
    let mut parent = 0;
    let mut id = 2;
    for level in 0..depth {
        let side = id;
        nodes.push(serde_json::json!({"id": side, "parent": parent, "move": cycle[level % 4]}));
        id += 1;
        // After the side line's first move: the b-knight of the side to move.
        let other = if level % 2 == 0 { "b8c6" } else { "b1c3" };
        nodes.push(serde_json::json!({"id": id, "parent": side, "move": other}));
        id += 1;
        parent = side;
    }
    serde_json::json!({
        "rules": "chess",
        "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "nodes": nodes,
    })
    .to_string()
}

#[test]
fn deep_trees_get_a_clean_answer_and_the_server_lives() {
    let mut s = Hostile::start("deep", &[], None);
    // Pasted text: the reader reads 256 levels and refuses deeper with its place.
    for depth in [1_500, 100_000] {
        let body =
            serde_json::json!({"rules": "chess", "start": "pgn", "text": nested_text(depth)});
        let r = s.post("/api/load", &body.to_string());
        assert_eq!(r.status, 422, "{depth}: {}", r.body);
        assert_eq!(code(&r), "syntax", "{depth}: {}", r.body);
        assert_eq!(r.json()["error"]["line"], 1);
        assert!(s.alive(), "the server died on a tree {depth} deep");
    }
    let r = s.post(
        "/api/load",
        &serde_json::json!({"rules": "chess", "start": "pgn", "text": nested_text(256)})
            .to_string(),
    );
    assert_eq!(
        r.status,
        200,
        "256 levels are read: {}",
        &r.body[..r.body.len().min(300)]
    );

    // Export: 1,500 levels are refused (the readers would not read them back); 100,000
    // levels are more moves than a tree may hold (or a body larger than allowed).
    let r = s.post("/api/export", &nested_export(1_500));
    assert_eq!(
        (r.status, code(&r).as_str()),
        (422, "too-deep"),
        "{}",
        r.body
    );
    // 100,000 levels: a body larger than the API takes; the server answers 413 without
    // reading it all (the rest of the upload meets a closed socket).
    let body = nested_export(100_000);
    let mut t = TcpStream::connect(s.addr).unwrap();
    t.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let _ = write!(
        t,
        "POST /api/export HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let _ = t.write_all(body.as_bytes());
    let mut raw = Vec::new();
    let _ = t.read_to_end(&mut raw);
    assert!(
        raw.starts_with(b"HTTP/1.1 413"),
        "{}",
        String::from_utf8_lossy(&raw[..raw.len().min(300)])
    );
    // 12,000 levels (24,001 moves) fit in the body but are more moves than a tree may hold.
    let r = s.post("/api/export", &nested_export(12_000));
    assert!(
        matches!((r.status, code(&r).as_str()), (422, "too-many-moves")),
        "{}: {}",
        r.status,
        &r.body[..r.body.len().min(300)]
    );
    assert!(s.alive());

    // What export writes at the deepest it allows, load reads back: the same moves.
    let r = s.post("/api/export", &nested_export(255));
    assert_eq!(r.status, 200, "{}", &r.body[..r.body.len().min(300)]);
    let text = r.json()["text"].as_str().unwrap().to_string();
    let back = s.post(
        "/api/load",
        &serde_json::json!({"rules": "chess", "start": "pgn", "text": text}).to_string(),
    );
    assert_eq!(
        back.status,
        200,
        "{}",
        &back.body[..back.body.len().min(300)]
    );
    assert_eq!(back.json()["nodes"].as_array().unwrap().len(), 1 + 2 * 255);

    // A 1 MB word is refused with a short answer (the message quotes it cut), not a
    // message that repeats the megabyte.
    for rules in ["international", "chess"] {
        let body =
            serde_json::json!({"rules": rules, "start": "pdn", "text": "x".repeat(1_000_000)});
        let r = s.post("/api/load", &body.to_string());
        assert_eq!(r.status, 422, "{}", &r.body[..r.body.len().min(300)]);
        assert!(
            r.body.len() < 10_000,
            "{rules}: a {} byte answer",
            r.body.len()
        );
    }

    // The server still answers pages.
    assert_eq!(s.get("/").status, 200);
    assert!(s.alive());
}

/// Opens `n` connections that stay idle: half send nothing, half send half a request.
fn idle_sockets(addr: SocketAddr, n: usize) -> Vec<TcpStream> {
    (0..n)
        .filter_map(|i| {
            let mut s = TcpStream::connect(addr).ok()?;
            if i % 2 == 1 {
                let _ = s.write_all(b"GET / HTTP/1.1\r\nHost: slow\r\nX-Slow: ");
            }
            Some(s)
        })
        .collect()
}

/// Fetches the home page `n` times on new connections; returns the latencies of the
/// answers (every one must be 200 within `bound`: a liveness bound, not a speed figure).
fn visitors(addr: SocketAddr, n: usize, bound: Duration) -> Vec<Duration> {
    (0..n)
        .map(|_| {
            let t = Instant::now();
            let mut s = TcpStream::connect(addr).expect("connect");
            s.set_read_timeout(Some(bound)).unwrap();
            s.write_all(b"GET / HTTP/1.1\r\nHost: visitor\r\nConnection: close\r\n\r\n")
                .unwrap();
            let mut raw = Vec::new();
            s.read_to_end(&mut raw)
                .expect("the visitor is answered in time");
            assert!(
                raw.starts_with(b"HTTP/1.1 200"),
                "{}",
                String::from_utf8_lossy(&raw[..raw.len().min(200)])
            );
            t.elapsed()
        })
        .collect()
}

fn p99(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[(times.len() * 99 / 100).min(times.len() - 1)]
}

#[test]
fn idle_and_slow_header_sockets_do_not_lock_visitors_out() {
    let mut s = Hostile::start("idle", &[], None);
    let held = idle_sockets(s.addr, 2_000);
    assert!(held.len() >= 1_900, "opened {} sockets", held.len());
    let times = visitors(s.addr, 100, Duration::from_secs(10));
    eprintln!(
        "home page with {} idle sockets open: p99 {:?}",
        held.len(),
        p99(times)
    );
    assert!(s.alive());
    drop(held);
}

#[test]
fn under_ulimit_1024_new_visitors_are_served_while_1100_idle_sockets_are_held() {
    let mut s = Hostile::start("ulimit", &[], Some(1024));
    let held = idle_sockets(s.addr, 1_100);
    assert!(held.len() >= 1_050, "opened {} sockets", held.len());
    let times = visitors(s.addr, 30, Duration::from_secs(10));
    eprintln!(
        "under ulimit -n 1024, 1,100 idle sockets: p99 {:?}",
        p99(times)
    );
    assert!(s.alive());
    drop(held);
}

/// Reads from `s` until the server closes it; false if still open after `bound`.
fn closed_within(mut s: TcpStream, bound: Duration) -> bool {
    s.set_read_timeout(Some(bound)).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue, // an error answer (408) before closing
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
            Err(_) => return false,
        }
    }
}

#[test]
fn silent_half_sent_and_stalled_connections_are_closed() {
    let s = Hostile::start(
        "timeouts",
        &["--header-timeout", "1", "--stall-timeout", "2"],
        None,
    );
    let silent = TcpStream::connect(s.addr).unwrap();
    let mut half = TcpStream::connect(s.addr).unwrap();
    half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").unwrap();
    // A kept-alive connection that sends nothing after its first request.
    let mut kept = TcpStream::connect(s.addr).unwrap();
    kept.write_all(b"GET /static/site.js HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    // A body announced and never sent in full.
    let mut stalled = TcpStream::connect(s.addr).unwrap();
    stalled
        .write_all(
            b"POST /api/position HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"rules\":",
        )
        .unwrap();
    for (name, socket) in [
        ("silent", silent),
        ("half-sent", half),
        ("kept-alive", kept),
        ("stalled body", stalled),
    ] {
        assert!(
            closed_within(socket, Duration::from_secs(15)),
            "the {name} connection is still open"
        );
    }
}

/// Creates a friend game as a browser would; returns (id, creator's secret).
fn friend_game(s: &Hostile) -> (String, String) {
    let r = s.post(
        "/api/games",
        r#"{"rules":"american","mode":"friend","color":"white","name":"Ann"}"#,
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let j = r.json();
    (
        j["game"]["id"].as_str().unwrap().to_string(),
        j["secret"].as_str().unwrap().to_string(),
    )
}

#[test]
fn opening_an_invite_link_with_get_takes_no_seat() {
    let s = Hostile::start("invite", &[], None);
    let (id, _) = friend_game(&s);
    // A link-preview bot, with and without cookies of its own.
    for headers in [
        vec![],
        vec![("Cookie", "visitor=0123456789abcdef0123456789abcdef")],
    ] {
        let r = request(s.addr, "GET", &format!("/game/{id}"), &headers, None);
        assert_eq!(r.status, 200);
        assert!(
            !r.headers
                .iter()
                .any(|(k, v)| k.eq_ignore_ascii_case("set-cookie")
                    && v.starts_with(&format!("s_{id}="))),
            "a GET got a seat: {:?}",
            r.headers
        );
        assert!(
            r.body.contains("\"can_join\":true"),
            "the page offers the seat"
        );
    }
    let game = s.get(&format!("/api/games/{id}")).json();
    assert_eq!(game["status"], "waiting");
    assert_eq!(game["black"], serde_json::Value::Null);
    // The friend's page POSTs the join: the seat is theirs.
    let r = s.post(&format!("/api/games/{id}/join"), "{}");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["game"]["you"], "black");
    assert_eq!(
        s.get(&format!("/api/games/{id}")).json()["status"],
        "ongoing"
    );
}

#[test]
fn cross_site_posts_are_refused_on_every_state_changing_endpoint() {
    let s = Hostile::start("csrf", &[], None);
    let (id, secret) = friend_game(&s);
    let cookie = format!("s_{id}={secret}");
    let paths = [
        "/api/load".to_string(),
        "/api/position".to_string(),
        "/api/play".to_string(),
        "/api/export".to_string(),
        "/api/games".to_string(),
        format!("/api/games/{id}/join"),
        format!("/api/games/{id}/moves"),
        format!("/api/games/{id}/resign"),
        format!("/api/games/{id}/draw"),
    ];
    let evil_origin = "http://127.0.0.1:1"; // another port of the same host: same-site
    let attempts: [Vec<(&str, &str)>; 3] = [
        // A form posted from another origin by a current browser.
        vec![
            ("Content-Type", "application/x-www-form-urlencoded"),
            ("Origin", evil_origin),
            ("Sec-Fetch-Site", "same-site"),
            ("Cookie", &cookie),
        ],
        vec![
            ("Content-Type", "text/plain"),
            ("Sec-Fetch-Site", "cross-site"),
            ("Cookie", &cookie),
        ],
        // An older browser that sends only Origin.
        vec![
            ("Content-Type", "application/x-www-form-urlencoded"),
            ("Origin", evil_origin),
            ("Cookie", &cookie),
        ],
    ];
    for path in &paths {
        for headers in &attempts {
            let r = s.post_with(path, headers, "action=offer");
            assert_eq!(r.status, 403, "{path} {headers:?}: {}", r.body);
            assert_eq!(code(&r), "cross-site");
        }
    }
    let game = s.get(&format!("/api/games/{id}")).json();
    assert_eq!(game["status"], "waiting", "nothing changed");
    // The site's own pages (same origin) still work.
    let own = format!("http://{}", s.addr);
    let r = s.post_with(
        &format!("/api/games/{id}/resign"),
        &[
            ("Origin", own.as_str()),
            ("Sec-Fetch-Site", "same-origin"),
            ("Cookie", &cookie),
        ],
        "",
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["status"], "finished");
}

#[test]
fn cookies_are_secure_over_https() {
    let s = Hostile::start("secure", &[], None);
    let set_cookies = |r: &Response| -> Vec<String> {
        r.headers
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
            .map(|(_, v)| v.clone())
            .collect()
    };
    let plain = s.get("/?lang=fr");
    assert!(!set_cookies(&plain).is_empty());
    assert!(set_cookies(&plain).iter().all(|c| !c.contains("Secure")));
    let proxied = request(
        s.addr,
        "POST",
        "/api/games",
        &[
            ("Content-Type", "application/json"),
            ("X-Forwarded-Proto", "https"),
        ],
        Some(r#"{"rules":"american","mode":"device"}"#),
    );
    assert_eq!(proxied.status, 201);
    let cookies = set_cookies(&proxied);
    assert!(cookies.iter().any(|c| c.starts_with("s_")));
    assert!(
        cookies.iter().all(|c| c.ends_with("; Secure")),
        "{cookies:?}"
    );
    drop(s);
    let s = Hostile::start("secure-flag", &["--secure-cookies"], None);
    let cookies = set_cookies(&s.get("/?lang=fr"));
    assert!(!cookies.is_empty());
    assert!(
        cookies.iter().all(|c| c.ends_with("; Secure")),
        "{cookies:?}"
    );
}

#[test]
fn bogus_game_ids_leave_nothing_behind() {
    let mut s = Hostile::start("bogus", &[], None);
    // Warm up: the first requests build caches that are not per request.
    for _ in 0..50 {
        s.post("/api/games/0123456789/moves", r#"{"move":"11-15","ply":0}"#);
    }
    let before = s.rss_kb();
    let long = "a".repeat(60_000);
    for i in 0..10_000u32 {
        let id = match i % 3 {
            0 => format!("{i:010x}"),            // a game id's shape, no such game
            1 => format!("{long}{i}"),           // 60 KB
            _ => format!("..%2F{i}%00<script>"), // not an id at all
        };
        let r = s.post(
            &format!("/api/games/{id}/moves"),
            r#"{"move":"11-15","ply":0}"#,
        );
        assert!(
            r.status == 404 || r.status == 431 || r.status == 400,
            "{}: {}",
            r.status,
            r.body
        );
    }
    let after = s.rss_kb();
    eprintln!("resident memory: {before} kB before, {after} kB after 10,000 bogus ids");
    assert!(
        after < before + 20 * 1024,
        "resident memory grew from {before} kB to {after} kB"
    );
    assert!(s.alive());
}

/// Issue 26, finding 3: the limit was kept per `visitor` cookie, which the client chooses:
/// 300 streams with fresh cookies from one address were all accepted. Now it is kept per
/// address, whatever the cookies.
#[test]
fn live_streams_are_capped_per_client_whatever_the_cookies() {
    let s = Hostile::start("streams", &["--streams-per-client", "8"], None);
    let (id, _) = friend_game(&s);
    let open = |n: usize| open_stream(s.addr, &id, &format!("Cookie: visitor={n:032x}"));
    let mine: Vec<_> = (0..8).map(open).collect();
    assert!(mine.iter().all(|(status, _)| *status == 200));
    // As in the finding: 300 streams, each with a fresh cookie.
    for n in 8..300 {
        let (status, _) = open(n);
        assert_eq!(
            status, 429,
            "stream {n} of one address, with a fresh cookie"
        );
    }
    drop(mine);
    let (status, _) = open(99);
    assert_eq!(status, 200, "a place freed is a place again");
}

/// Opens a live stream of game `id` without a visitor cookie, as a client behind a proxy
/// that forwards `forwarded`: its status and the open connection.
fn open_forwarded(addr: SocketAddr, id: &str, forwarded: &str) -> (u16, TcpStream) {
    open_stream(addr, id, &format!("X-Forwarded-For: {forwarded}"))
}

/// Opens a live stream of game `id` with one more header line: its status and the open
/// connection.
fn open_stream(addr: SocketAddr, id: &str, header: &str) -> (u16, TcpStream) {
    let mut t = TcpStream::connect(addr).unwrap();
    t.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        t,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: x\r\n{header}\r\n\r\n"
    )
    .unwrap();
    let mut head = [0u8; 12];
    t.read_exact(&mut head).unwrap();
    let status = std::str::from_utf8(&head[9..12]).unwrap().parse().unwrap();
    (status, t)
}

#[test]
fn behind_a_trusted_proxy_streams_are_capped_per_forwarded_client() {
    // The test's connections come from 127.0.0.1: here that is the proxy.
    let s = Hostile::start(
        "forwarded",
        &["--trusted-proxy", "127.0.0.1", "--streams-per-client", "8"],
        None,
    );
    let (id, _) = friend_game(&s);
    let first: Vec<_> = (0..8)
        .map(|_| open_forwarded(s.addr, &id, "198.51.100.1"))
        .collect();
    assert!(first.iter().all(|(status, _)| *status == 200));
    let (status, _) = open_forwarded(s.addr, &id, "198.51.100.1");
    assert_eq!(status, 429, "a ninth stream of one forwarded client");
    let (status, _second) = open_forwarded(s.addr, &id, "198.51.100.2");
    assert_eq!(
        status, 200,
        "another client behind the same proxy still gets one"
    );
    // A client's own claim, left of the address the proxy saw, changes nothing.
    let (status, _) = open_forwarded(s.addr, &id, "203.0.113.9, 198.51.100.1");
    assert_eq!(status, 429, "the address the proxy added counts");
    drop(first);
    // An IPv6 client is its /64: the addresses of one network count together.
    let v6: Vec<_> = (0..8)
        .map(|n| open_forwarded(s.addr, &id, &format!("2001:db8:1:2::{n:x}")))
        .collect();
    assert!(v6.iter().all(|(status, _)| *status == 200));
    let (status, _) = open_forwarded(s.addr, &id, "2001:db8:1:2:ffff::1");
    assert_eq!(status, 429, "another address of the same /64");
    let (status, _v6_other) = open_forwarded(s.addr, &id, "2001:db8:1:3::1");
    assert_eq!(status, 200, "the next /64 is another client");
    drop(v6);

    // Without --trusted-proxy the header counts for nothing: all are 127.0.0.1.
    let s = Hostile::start("not-forwarded", &["--streams-per-client", "8"], None);
    let (id, _) = friend_game(&s);
    let first: Vec<_> = (0..8)
        .map(|n| open_forwarded(s.addr, &id, &format!("198.51.100.{n}")))
        .collect();
    assert!(first.iter().all(|(status, _)| *status == 200));
    let (status, _) = open_forwarded(s.addr, &id, "198.51.100.99");
    assert_eq!(
        status, 429,
        "X-Forwarded-For from an untrusted peer is ignored"
    );
    drop(first);
}
