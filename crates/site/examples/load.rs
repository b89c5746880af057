//! A load generator for `scoresheet serve`: many keep-alive connections sending requests as
//! fast as the server answers, reporting requests per second and latency percentiles.
//!
//! ```text
//! cargo run --release -- serve --addr 127.0.0.1:8000 --database /tmp/load.sqlite3 &
//! cargo run --release -p site --example load -- analysis 127.0.0.1:8000 64 20
//! cargo run --release -p site --example load -- moves 127.0.0.1:8000 64 20
//! cargo run --release -p site --example load -- analysis 127.0.0.1:8000 64 20 2000
//! ```
//!
//! ADDR may list several servers separated by commas (several `serve` processes on one
//! PostgreSQL database): connection i goes to the (i mod n)-th.
//!
//! Without a rate, every connection sends its next request as soon as the last is answered
//! (the most the server can do; latency is then mostly queueing). With a rate (requests per
//! second, over all connections), requests are sent on a fixed schedule and each latency is
//! counted from the moment its request was due, so a slow answer also counts against the
//! requests that waited behind it.
//!
//! - `analysis`: `POST /api/load` of the longest real game of the shared data, an International
//!   game of 87 moves from `nk ronde 02.pdn` (174 plies in the main line, 213 moves with its
//!   side lines, and comments): parsing, replaying and writing every move with its notation and
//!   FEN.
//! - `moves`: games on one device, each connection playing its own games move after move
//!   (`POST /api/games/ID/moves`, each stored in the database before the answer); a finished game is
//!   replaced by a new one.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One keep-alive HTTP/1.1 connection.
struct Conn {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    host: String,
}

impl Conn {
    fn open(addr: &str) -> Conn {
        let stream = TcpStream::connect(addr).expect("connect");
        stream.set_nodelay(true).ok();
        Conn {
            reader: BufReader::new(stream.try_clone().unwrap()),
            writer: stream,
            host: addr.to_string(),
        }
    }

    fn request(
        &mut self,
        method: &str,
        path: &str,
        auth: Option<&str>,
        body: &str,
    ) -> (u16, String) {
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
            self.host,
            body.len()
        );
        if let Some(a) = auth {
            head.push_str(&format!("Authorization: Bearer {a}\r\n"));
        }
        head.push_str("\r\n");
        self.writer.write_all(head.as_bytes()).unwrap();
        self.writer.write_all(body.as_bytes()).unwrap();
        let mut status_line = String::new();
        self.reader.read_line(&mut status_line).unwrap();
        let status = status_line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let mut length = 0usize;
        loop {
            let mut line = String::new();
            self.reader.read_line(&mut line).unwrap();
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((k, v)) = line.split_once(':')
                && k.eq_ignore_ascii_case("content-length")
            {
                length = v.trim().parse().unwrap_or(0);
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body).unwrap();
        (status, String::from_utf8_lossy(&body).into_owned())
    }
}

/// The seventh and last game of `nk ronde 02.pdn` (International, 174 plies in the main line,
/// 213 moves with its side lines, with comments), the longest game of the shared data.
fn longest_game() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/draughts/pdn-spec-games/succeed/nk ronde 02.pdn"
    );
    let bytes = std::fs::read(path).expect("shared data");
    let text = String::from_utf8_lossy(&bytes);
    let last = text.rfind("[Event").expect("a game");
    text[last..].to_string()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("analysis", String::as_str).to_string();
    let addr = args
        .get(2)
        .cloned()
        .unwrap_or_else(|| "127.0.0.1:8000".into());
    let connections: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(64);
    let seconds: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(20);
    let rate: Option<f64> = args.get(5).and_then(|s| s.parse().ok());
    let game = longest_game();
    let load_body =
        serde_json::json!({ "rules": "international", "start": "pdn", "text": game }).to_string();
    {
        let mut c = Conn::open(addr.split(',').next().unwrap_or_default());
        let (status, body) = c.request("POST", "/api/load", None, &load_body);
        let plies = serde_json::from_str::<serde_json::Value>(&body)
            .ok()
            .and_then(|v| v["nodes"].as_array().map(|n| n.len()))
            .unwrap_or(0);
        assert_eq!(status, 200, "{body}");
        eprintln!(
            "{mode}: {connections} connections for {seconds} s, rate {rate:?}; the loaded game has {plies} moves in all its lines"
        );
    }
    let latencies = Arc::new(Mutex::new(Vec::<Duration>::new()));
    let errors = Arc::new(Mutex::new(0u64));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let threads: Vec<_> = (0..connections)
        .map(|i| {
            let (addr, mode, body, latencies, errors) = (
                addr.clone(),
                mode.clone(),
                load_body.clone(),
                latencies.clone(),
                errors.clone(),
            );
            std::thread::spawn(move || {
                let servers: Vec<&str> = addr.split(',').collect();
                let mut conn = Conn::open(servers[i % servers.len()]);
                let mut mine = Vec::new();
                let mut bad = 0u64;
                let mut game: Option<(String, String, usize, serde_json::Value)> = None;
                let rules = ["american", "international", "russian", "brazilian"][i % 4];
                let interval = rate.map(|r| Duration::from_secs_f64(connections as f64 / r));
                let mut due = Instant::now()
                    + interval.map_or(Duration::ZERO, |d| d.mul_f64(i as f64 / connections as f64));
                while Instant::now() < deadline {
                    // On a schedule: wait until this request is due, and time it from then.
                    let t = match interval {
                        Some(step) => {
                            let now = Instant::now();
                            if due > now {
                                std::thread::sleep(due - now);
                            }
                            let t = due;
                            due += step;
                            t
                        }
                        None => Instant::now(),
                    };
                    if mode == "analysis" {
                        let (status, _) = conn.request("POST", "/api/load", None, &body);
                        mine.push(t.elapsed());
                        bad += u64::from(status != 200);
                        continue;
                    }
                    let (id, secret, ply, legal) = match game.take() {
                        Some(g) => g,
                        None => {
                            let (status, text) = conn.request(
                                "POST",
                                "/api/games",
                                None,
                                &serde_json::json!({ "rules": rules, "mode": "device" })
                                    .to_string(),
                            );
                            assert_eq!(status, 201, "{text}");
                            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                            (
                                v["game"]["id"].as_str().unwrap().to_string(),
                                v["secret"].as_str().unwrap().to_string(),
                                0,
                                v["game"]["position"]["legal"].clone(),
                            )
                        }
                    };
                    let moves = legal.as_array().cloned().unwrap_or_default();
                    if moves.is_empty() {
                        continue;
                    }
                    let pick = &moves[(ply * 7 + i) % moves.len()]["id"];
                    let body = serde_json::json!({ "move": pick, "ply": ply }).to_string();
                    let (status, text) = conn.request(
                        "POST",
                        &format!("/api/games/{id}/moves"),
                        Some(&secret),
                        &body,
                    );
                    mine.push(t.elapsed());
                    if status != 200 {
                        bad += 1;
                        continue;
                    }
                    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                    if v["status"] == "ongoing" && ply < 300 {
                        game = Some((id, secret, ply + 1, v["position"]["legal"].clone()));
                    }
                }
                latencies.lock().unwrap().extend(mine);
                *errors.lock().unwrap() += bad;
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let elapsed = started.elapsed().as_secs_f64();
    let mut all = latencies.lock().unwrap().clone();
    all.sort();
    let n = all.len();
    println!(
        "{mode}: {n} requests in {elapsed:.1} s = {:.0} req/s; latency p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms; {} errors",
        n as f64 / elapsed,
        percentile(&all, 0.50).as_secs_f64() * 1e3,
        percentile(&all, 0.90).as_secs_f64() * 1e3,
        percentile(&all, 0.99).as_secs_f64() * 1e3,
        all.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        errors.lock().unwrap()
    );
}
