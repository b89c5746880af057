//! What the games database takes in from the site: the site's own finished games (a sweep
//! every few seconds, after the last one taken, kept in the database so that a restart or
//! another process goes on from there), and at first start the example collections (the
//! shared game files) when the database holds no game.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use database::{Database, ImportOptions};

use super::AppState;
use super::games_api::export::pdn_text;

/// How often the sweep looks for games finished since the last.
const SWEEP: Duration = Duration::from_secs(5);

/// Finished games taken in per sweep at most.
const PER_SWEEP: i64 = 200;

/// Where the sweep stands, kept in the database: the last game taken's `updated_at` and id.
const MARK: &str = "site_games_taken";

/// Takes the site's finished games into the database, for ever (a task of its own).
pub async fn sweep_finished(app: Arc<AppState>, db: Database) {
    let mut tick = tokio::time::interval(SWEEP);
    loop {
        tick.tick().await;
        if let Err(e) = sweep_once(&app, &db).await {
            eprintln!("scoresheet: taking finished games into the games database: {e}");
        }
    }
}

/// One sweep: the games finished since the mark, each imported from its PDN, the mark moved.
pub async fn sweep_once(app: &AppState, db: &Database) -> anyhow::Result<usize> {
    let mark = db.mark(MARK).await?.unwrap_or_default();
    let (mut at, mut id) = match mark.split_once(' ') {
        Some((at, id)) => (at.parse::<i64>().unwrap_or(0), id.to_string()),
        None => (0, String::new()),
    };
    let games = app.store.finished_after(at, &id, PER_SWEEP).await?;
    for game in &games {
        let (text, _) = pdn_text(app, &game.id)
            .await
            .map_err(|e| anyhow::anyhow!("game {}: {}", game.id, e.message))?;
        db.import_text("site", &text, ImportOptions::default())
            .await?;
        (at, id) = (game.updated_at, game.id.clone());
    }
    if !games.is_empty() {
        db.set_mark(MARK, &format!("{at} {id}")).await?;
    }
    Ok(games.len())
}

/// Imports the game files under `dir` (its `.pgn` and `.pdn` files, in its folders too) when
/// the database holds no game: a collection to explore at first start. One reading thread,
/// so that the site stays quick meanwhile.
pub async fn import_examples(db: Database, dir: PathBuf) {
    match db.stats().await {
        Ok(stats) if stats.games == 0 => {}
        Ok(_) => return,
        Err(e) => {
            eprintln!("scoresheet: the games database: {e}");
            return;
        }
    }
    let files = game_files(&dir);
    if files.is_empty() {
        eprintln!(
            "scoresheet: no example games in {} (serve --examples DIR, or --no-examples)",
            dir.display()
        );
        return;
    }
    let mut added = 0;
    for path in &files {
        let Ok(file) = std::fs::File::open(path) else {
            continue;
        };
        let options = ImportOptions {
            read: games::ReadOptions {
                prefer_chess: path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("pgn")),
                ..games::ReadOptions::default()
            },
            ..ImportOptions::default()
        };
        let name = path.to_string_lossy().into_owned();
        match db.import(&name, file, options, |_| {}).await {
            Ok(imported) => added += imported.added,
            Err(e) => eprintln!("scoresheet: importing {name}: {e}"),
        }
    }
    eprintln!(
        "scoresheet: the games database took {added} example games from {}",
        dir.display()
    );
}

/// The `.pgn` and `.pdn` files under `dir`, in order.
fn game_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("pdn"))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}
