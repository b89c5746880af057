//! The web pages in a real browser: starts the real server on a fresh database, then runs the
//! browser tests of tests/browser (Debian's chromium driven by playwright-core from npm) with
//! `BASE_URL` pointing at it. `scripts/test` and `.ci/run` install chromium and the npm
//! packages first.

mod common;

use std::path::Path;
use std::process::Command;

use common::{Server, temp_database};

#[test]
fn pages_work_in_a_real_browser() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let chromium = Path::new("/usr/bin/chromium");
    let playwright = dir.join("node_modules/playwright-core");
    let node = Command::new("node").arg("--version").output();
    assert!(
        node.is_ok() && chromium.exists() && playwright.exists(),
        "the browser tests need node, /usr/bin/chromium and `npm ci` in {}: run scripts/test (or .ci/run), which install them",
        dir.display()
    );
    // Every page of every test comes from this one address: as many people behind one, it
    // may play more games against the computer at once than one person.
    // The games database holds a chess and a draughts collection, for the explorer and the
    // database page.
    let database = temp_database("browser");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    let imported = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["db", "import", "--database"])
        .arg(&database)
        .arg(data.join("chess/twic1599_1000k.pgn"))
        .arg(data.join("draughts/pdn-spec-games/succeed/wk2003.pdn"))
        .output()
        .expect("run scoresheet db import");
    assert!(
        imported.status.code() == Some(0),
        "db import: {}",
        String::from_utf8_lossy(&imported.stdout)
    );
    // American checkers' endgame tables up to 3 pieces (a second to build), for the
    // board's "database" result.
    let tables = std::env::temp_dir().join(format!("browser-tables-{}", std::process::id()));
    draughts::egdb::generate(&draughts::Variant::AMERICAN, 3, |_, _| {})
        .save(&tables)
        .expect("write the tables");
    let server = Server::try_start_with(
        database,
        &[
            "--computer-games-per-client",
            "32",
            "--endgames",
            tables.to_str().expect("a UTF-8 path"),
        ],
    )
    .unwrap();
    let screenshots =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/browser-screenshots");
    let status = Command::new("node")
        .arg("run.mjs")
        .current_dir(&dir)
        .env("BASE_URL", format!("http://{}", server.addr))
        .env("SCREENSHOTS", &screenshots)
        .status()
        .expect("run node");
    let _ = std::fs::remove_dir_all(&tables);
    assert!(
        status.success(),
        "browser tests failed (screenshots in {})",
        screenshots.display()
    );
}
