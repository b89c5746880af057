//! Many servers starting at the same moment, as a test run or a restart starts them: each on
//! a fresh database file, and several on one shared file. Every one must come up, migrate its
//! file and answer (a fresh file once failed at start with "database is locked").

mod common;

use std::path::PathBuf;
use std::sync::{Arc, Barrier};

use common::{Server, temp_database};
use serde_json::json;

/// Starts one server per database, all at once, and returns each server or why it failed.
fn start_all(databases: Vec<PathBuf>) -> Vec<Result<Server, String>> {
    let barrier = Arc::new(Barrier::new(databases.len()));
    let threads: Vec<_> = databases
        .into_iter()
        .map(|db| {
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                Server::try_start(db)
            })
        })
        .collect();
    threads
        .into_iter()
        .map(|t| {
            t.join()
                .unwrap_or_else(|_| Err("the start panicked".into()))
        })
        .collect()
}

/// Creates a game and reads it back: the database is migrated and takes writes.
fn answers(s: &Server) -> Result<(), String> {
    let r = s.post(
        "/api/games",
        &json!({ "rules": "american", "mode": "device" }).to_string(),
    );
    if r.status != 201 {
        return Err(format!("create: {} {}", r.status, r.body));
    }
    let id = r.json()["game"]["id"].as_str().unwrap_or("").to_string();
    let r = s.get(&format!("/api/games/{id}"));
    if r.status != 200 {
        return Err(format!("get: {} {}", r.status, r.body));
    }
    Ok(())
}

#[test]
fn many_servers_start_at_once_on_fresh_and_shared_files() {
    let shared = temp_database("start-shared");
    let mut databases: Vec<PathBuf> = (0..16)
        .map(|i| temp_database(&format!("start-{i}")))
        .collect();
    databases.extend(std::iter::repeat_n(shared, 8));
    let servers = start_all(databases);
    let mut failures = Vec::new();
    for (i, s) in servers.iter().enumerate() {
        match s {
            Ok(s) => {
                if let Err(e) = answers(s) {
                    failures.push(format!("server {i}: {e}"));
                }
            }
            Err(e) => failures.push(format!("server {i}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
