//! The README's way of running at scale, as it is given: deploy/nginx.conf in Debian's nginx
//! in front of two `scoresheet serve` processes on one PostgreSQL database. Two friends play
//! through nginx, each following the game live through it; one server process is killed
//! with SIGKILL; the game goes on through nginx, which sends everything to the other.
//! Needs nginx (scripts/setup-nginx installs it) and `SCORESHEET_TEST_POSTGRES` (scripts/test
//! sets both up).

mod common;

use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{Server, follow_plies, postgres_database, wait_for_plies};
use serde_json::json;

const NGINX: &str = "/usr/sbin/nginx";

/// nginx running deploy/nginx.conf, with its ports and files moved for the test.
struct Nginx {
    child: Child,
    addr: SocketAddr,
    conf: std::path::PathBuf,
}

impl Nginx {
    fn start(a: SocketAddr, b: SocketAddr) -> Nginx {
        assert!(
            Path::new(NGINX).exists(),
            "{NGINX} is missing: run scripts/setup-nginx (scripts/test does)"
        );
        let conf = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/nginx.conf"),
        )
        .unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        // A folder of its own for each nginx (the tests run at once).
        let dir =
            std::env::temp_dir().join(format!("scoresheet-nginx-{}-{port}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let files = format!("{}/nginx", dir.display());
        let conf = conf
            .replace("127.0.0.1:8001", &a.to_string())
            .replace("127.0.0.1:8002", &b.to_string())
            .replace("listen 127.0.0.1:8080", &format!("listen 127.0.0.1:{port}"))
            .replace("/tmp/scoresheet-nginx", &files);
        assert!(conf.contains(&a.to_string()) && conf.contains(&format!(":{port};")));
        let path = dir.join("nginx.conf");
        std::fs::write(&path, conf).unwrap();
        let child = Command::new(NGINX)
            .arg("-c")
            .arg(&path)
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let started = Instant::now();
        while TcpStream::connect(addr).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "nginx did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Nginx {
            child,
            addr,
            conf: path,
        }
    }

    fn request(
        &self,
        method: &str,
        path: &str,
        secret: Option<&str>,
        body: Option<&str>,
    ) -> common::Response {
        let auth = secret.map(|s| format!("Bearer {s}"));
        let mut headers = vec![("Content-Type", "application/json")];
        if let Some(auth) = &auth {
            headers.push(("Authorization", auth));
        }
        common::request(self.addr, method, path, &headers, body)
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // Stopped through its master, which stops its workers (killed, the master would
        // leave them running).
        let _ = Command::new(NGINX)
            .arg("-c")
            .arg(&self.conf)
            .args(["-s", "stop"])
            .status();
        let _ = self.child.wait();
    }
}

#[test]
fn two_servers_behind_nginx_play_on_when_one_dies() {
    let db = postgres_database("nginx");
    // As README's "Running at scale" starts them: nginx on this machine is trusted to say
    // whom it forwards.
    let start = |db| Server::try_start_with(db, &["--trusted-proxy", "127.0.0.1"]).unwrap();
    let a = start(db.clone());
    let b = start(db);
    let nginx = Nginx::start(a.addr, b.addr);

    let r = nginx.request(
        "POST",
        "/api/games",
        None,
        Some(&json!({ "rules": "russian", "mode": "friend", "color": "white" }).to_string()),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let v = r.json();
    let id = v["game"]["id"].as_str().unwrap().to_string();
    let alice = v["secret"].as_str().unwrap().to_string();
    let r = nginx.request("POST", &format!("/api/games/{id}/join"), None, Some("{}"));
    assert_eq!(r.status, 200, "{}", r.body);
    let bob = r.json()["secret"].as_str().unwrap().to_string();
    // Several streams through nginx: whichever process each reaches, each sees every move.
    let watchers: Vec<_> = (0..4).map(|_| follow_plies(nginx.addr, &id)).collect();
    for w in &watchers {
        wait_for_plies(w, 0, "a watcher");
    }
    let moves = [
        "c3-d4", "f6-g5", "d4-c5", "b6:d4", "e3:c5", "d6:b4", "a3:c5", "g7-f6",
    ];
    let mv = |ply: usize| {
        let secret = if ply.is_multiple_of(2) { &alice } else { &bob };
        let body = json!({ "move": moves[ply], "ply": ply }).to_string();
        nginx.request(
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(secret),
            Some(&body),
        )
    };
    for (ply, text) in moves.iter().enumerate().take(4) {
        let r = mv(ply);
        assert_eq!(r.status, 200, "{text}: {}", r.body);
        for w in &watchers {
            wait_for_plies(w, ply as i64 + 1, "a watcher");
        }
    }
    // One process dies: nginx sends everything to the other; nothing acknowledged is lost.
    a.kill();
    for (ply, text) in moves.iter().enumerate().skip(4) {
        let r = mv(ply);
        assert_eq!(r.status, 200, "{text}: {}", r.body);
    }
    let g = nginx
        .request("GET", &format!("/api/games/{id}"), None, None)
        .json();
    assert_eq!(g["plies"], moves.len());
    // A stream opened now (on the live process) follows the game to its last move.
    let late = follow_plies(nginx.addr, &id);
    wait_for_plies(&late, moves.len() as i64, "a watcher after the crash");
    // The pages come through too.
    let page = nginx.request("GET", &format!("/game/{id}"), None, None);
    assert_eq!(page.status, 200);
}

/// deploy/nginx.conf keeps the servers' limits in front of them: one address past its
/// request rate (50 a second after a burst of 500) is answered 429 by nginx itself, and
/// served again once the rate allows.
#[test]
fn nginx_turns_away_one_address_past_its_request_rate() {
    let a = Server::try_start_with(
        common::temp_database("nginx-rate"),
        &["--trusted-proxy", "127.0.0.1"],
    )
    .unwrap();
    let nginx = Nginx::start(a.addr, a.addr);
    let statuses: Vec<u16> = (0..800)
        .map(|_| {
            nginx
                .request("GET", "/api/games/0000000000", None, None)
                .status
        })
        .collect();
    assert!(
        statuses[..400].iter().all(|&s| s == 404),
        "the burst passes: {:?}",
        &statuses[..400]
    );
    let refused = statuses.iter().filter(|&&s| s == 429).count();
    assert!(refused > 0, "no request was refused");
    assert!(
        statuses.iter().all(|&s| s == 404 || s == 429),
        "{statuses:?}"
    );
    std::thread::sleep(Duration::from_secs(2));
    let r = nginx.request("GET", "/api/games/0000000000", None, None);
    assert_eq!(r.status, 404, "served again: {}", r.body);
}
