//! The real server, started as a user starts it, and a small HTTP client for tests.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `scoresheet serve` on a free port with its own database file.
pub struct Server {
    pub addr: SocketAddr,
    pub database: PathBuf,
    child: Child,
}

/// Runs `scoresheet` with `args` as a user runs it: its exit code, standard output and
/// standard error.
pub fn scoresheet(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A temporary database path, unique per test.
pub fn temp_database(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("scoresheet-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.sqlite3"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// The address a just-started `scoresheet serve` says it listens on (its first line on
/// standard error, which must be piped), or that line when it names none; the rest of
/// standard error is drained so that the server never blocks on it.
pub fn listening_address(child: &mut Child) -> Result<SocketAddr, String> {
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr piped"));
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .and_then(|s| s.parse::<SocketAddr>().ok())
        .ok_or_else(|| format!("no address in: {line}"))?;
    std::thread::spawn(move || {
        let mut sink = String::new();
        let _ = stderr.read_to_string(&mut sink);
    });
    Ok(addr)
}

impl Server {
    /// Starts the server on `database`.
    pub fn start(database: PathBuf) -> Server {
        Server::try_start(database).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Starts the server on `database`, or says what it printed instead of its address.
    pub fn try_start(database: PathBuf) -> Result<Server, String> {
        Server::try_start_with(database, &[])
    }

    /// Starts the server on `database` with more arguments for `serve`, or says what it
    /// printed instead of its address.
    pub fn try_start_with(database: PathBuf, args: &[&str]) -> Result<Server, String> {
        let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
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
            .stdout(Stdio::null())
            .spawn()
            .expect("start scoresheet serve");
        let addr = match listening_address(&mut child) {
            Ok(addr) => addr,
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(e);
            }
        };
        Ok(Server {
            addr,
            database,
            child,
        })
    }

    /// Kills the process at once (SIGKILL), as a crash would.
    pub fn kill(mut self) -> PathBuf {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.database.clone()
    }

    pub fn get(&self, path: &str) -> Response {
        get(self.addr, path)
    }

    pub fn post(&self, path: &str, body: &str) -> Response {
        post_json(self.addr, path, body)
    }

    pub fn post_as(&self, path: &str, secret: &str, body: &str) -> Response {
        let auth = format!("Bearer {secret}");
        request(
            self.addr,
            "POST",
            path,
            &[
                ("Content-Type", "application/json"),
                ("Authorization", &auth),
            ],
            Some(body),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
    /// The body's bytes as they came (not decoded, not dechunked), for binary answers.
    pub bytes: Vec<u8>,
    /// The body's bytes dechunked (not decoded: still gzipped if the answer is).
    pub content: Vec<u8>,
}

impl Response {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path` on the server at `addr`.
pub fn get(addr: SocketAddr, path: &str) -> Response {
    request(addr, "GET", path, &[], None)
}

/// `POST path` with a JSON body on the server at `addr`.
pub fn post_json(addr: SocketAddr, path: &str, body: &str) -> Response {
    request(
        addr,
        "POST",
        path,
        &[("Content-Type", "application/json")],
        Some(body),
    )
}

/// One HTTP/1.1 request on a new connection.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Response {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let body = body.unwrap_or("");
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    parse_response(&raw)
}

fn parse_response(raw: &[u8]) -> Response {
    let bytes = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or_else(Vec::new, |end| raw[end + 4..].to_vec());
    let text = String::from_utf8_lossy(raw).into_owned();
    let head = text
        .split_once("\r\n\r\n")
        .map_or(text.as_str(), |(head, _)| head);
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    let content = if chunked {
        dechunk(&bytes)
    } else {
        bytes.clone()
    };
    let body = String::from_utf8_lossy(&content).into_owned();
    Response {
        status,
        headers,
        body,
        bytes,
        content,
    }
}

/// The chunks of a chunked body, joined.
fn dechunk(mut s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = s.windows(2).position(|w| w == b"\r\n") {
        let size = String::from_utf8_lossy(&s[..end]);
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        let rest = &s[end + 2..];
        if n == 0 || rest.len() < n {
            break;
        }
        out.extend_from_slice(&rest[..n]);
        s = &rest[n..];
        while let Some(after) = s.strip_prefix(b"\r\n") {
            s = after;
        }
    }
    out
}

/// A fresh PostgreSQL database named after `name` (and this process) in the server that
/// `SCORESHEET_TEST_POSTGRES` names (scripts/test starts one with scripts/postgres): its URL.
pub fn postgres_database(name: &str) -> PathBuf {
    let server = std::env::var("SCORESHEET_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "SCORESHEET_TEST_POSTGRES is not set: run the tests with scripts/test, or start a \
             server with scripts/postgres and set it to the URL it prints"
        )
    });
    let name = format!("s_{}_{name}", std::process::id());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        use sqlx::Connection;
        let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
        for sql in [
            format!("DROP DATABASE IF EXISTS {name}"),
            format!("CREATE DATABASE {name}"),
        ] {
            sqlx::raw_sql(&sql).execute(&mut admin).await.unwrap();
        }
    });
    let (base, _) = server.rsplit_once('/').unwrap();
    PathBuf::from(format!("{base}/{name}"))
}

/// Follows the server-sent events of `path` through `addr`: the data (JSON) of each event
/// named `name` as it arrives.
pub fn follow_events(
    addr: SocketAddr,
    path: &str,
    name: &str,
) -> std::sync::mpsc::Receiver<serde_json::Value> {
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut w = stream.try_clone().unwrap();
    write!(
        w,
        "GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
    )
    .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let name = name.to_string();
    std::thread::spawn(move || {
        let mut event = String::new();
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if let Some(named) = line.strip_prefix("event:") {
                event = named.trim().to_string();
            } else if let Some(data) = line.strip_prefix("data:")
                && event == name
                && tx.send(serde_json::from_str(data.trim()).unwrap()).is_err()
            {
                break;
            }
        }
    });
    rx
}

/// Follows a game's live events through `addr`: each state's ply count as it arrives.
pub fn follow_plies(addr: SocketAddr, id: &str) -> std::sync::mpsc::Receiver<i64> {
    let states = follow_events(addr, &format!("/api/games/{id}/events"), "state");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for state in states {
            if tx.send(state["plies"].as_i64().unwrap()).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits up to 10 s for a state with `plies` moves on a stream of [`follow_plies`].
pub fn wait_for_plies(rx: &std::sync::mpsc::Receiver<i64>, plies: i64, who: &str) {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        match rx.recv_timeout(deadline.saturating_duration_since(std::time::Instant::now())) {
            Ok(p) if p == plies => return,
            Ok(_) => {}
            Err(_) => panic!("{who} never saw the state with {plies} moves"),
        }
    }
}

/// Sends, at the same moment, one move for ply 0 of game `id` to each of `to` (address,
/// move): the answers' statuses, sorted.
pub fn moves_at_once(to: &[(SocketAddr, &str)], id: &str, secret: &str) -> Vec<u16> {
    let go = std::sync::Arc::new(std::sync::Barrier::new(to.len()));
    let handles: Vec<_> = to
        .iter()
        .map(|&(addr, mv)| {
            let (id, secret, go) = (id.to_string(), secret.to_string(), go.clone());
            let body = serde_json::json!({ "move": mv, "ply": 0 }).to_string();
            std::thread::spawn(move || {
                let auth = format!("Bearer {secret}");
                go.wait();
                request(
                    addr,
                    "POST",
                    &format!("/api/games/{id}/moves"),
                    &[
                        ("Content-Type", "application/json"),
                        ("Authorization", &auth),
                    ],
                    Some(&body),
                )
                .status
            })
        })
        .collect();
    let mut statuses: Vec<u16> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    statuses.sort();
    statuses
}

/// Creates a game with `body`: its id, the creator's secret, and the whole answer.
pub fn create(s: &Server, body: serde_json::Value) -> (String, String, serde_json::Value) {
    let r = s.post("/api/games", &body.to_string());
    assert_eq!(r.status, 201, "{}", r.body);
    let v = r.json();
    (
        v["game"]["id"].as_str().unwrap().to_string(),
        v["secret"].as_str().unwrap().to_string(),
        v,
    )
}

/// Plays `mv` as ply `ply` of game `id` with a player's `secret`.
pub fn play(s: &Server, id: &str, secret: &str, mv: &str, ply: usize) -> Response {
    s.post_as(
        &format!("/api/games/{id}/moves"),
        secret,
        &serde_json::json!({ "move": mv, "ply": ply }).to_string(),
    )
}
