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
    let server = Server::try_start_with(
        temp_database("browser"),
        &["--computer-games-per-client", "32"],
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
    assert!(
        status.success(),
        "browser tests failed (screenshots in {})",
        screenshots.display()
    );
}
