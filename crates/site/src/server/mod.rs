//! The web site: `scoresheet serve`. Pages are filled from templates embedded in the binary;
//! the analysis board and the games use the JSON API (see docs/api.md); games are kept in the
//! store (SQLite by default).
//!
//! The files stand in layers whose dependencies point one way, down this list:
//!
//! - [`router`]: every route and the guard around them; it knows the handlers and the
//!   description, and nothing knows it but [`serve`].
//! - [`openapi`]: the API's description, derived from the handlers' types.
//! - The handlers: [`board_api`] (the analysis board), [`game_list`] (the games of a
//!   collection), [`saved_analyses`], [`engine_api`],
//!   [`games_api`] (games played on the site), [`pages`], [`static_files`].
//! - What they share: [`views`] (the answers' positions and game trees), [`pasted`] (a
//!   game read from a text, under the rules its tags or moves show), [`play`],
//!   [`live`] and [`clocks`] (games in progress), [`page`] (rendering), [`visitor`],
//!   `json`, [`error`], [`game_id`], [`heavy`], [`search_queue`], [`streams`], [`quotas`],
//!   [`pgn_date`],
//!   the templates and files.
//! - Below the server: [`crate::models`] (the values the API, the store and the description
//!   share), [`crate::store`], [`crate::engine`].

pub mod archive;
pub mod board_api;
pub mod board_position;
pub mod body_in;
pub mod clocks;
pub mod computer_analysis;
pub mod database_api;
pub mod engine_api;
pub mod error;
pub mod forwarded;
pub mod game_id;
pub mod game_list;
pub mod games_api;
pub mod heavy;
mod holding;
mod hub;
pub mod i18n;
mod json;
pub mod listener;
pub mod live;
pub mod lobby;
pub mod openapi;
pub mod page;
pub mod pages;
pub mod pasted;
pub mod per_client;
pub mod pgn_date;
pub mod play;
pub mod quotas;
mod router;
mod rules_menu;
pub mod same_origin;
pub mod saved_analyses;
pub mod search_queue;
pub mod static_files;
pub mod streams;
pub mod template;
pub mod texts_api;
pub mod variant_view;
pub mod views;
pub mod visitor;
pub mod web_files;

use std::net::SocketAddr;
use std::sync::Arc;

use crate::store::Store;
pub use hub::Hub;
use i18n::Catalogs;
pub use listener::Limits;
pub use router::router;

/// What every request handler shares.
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub catalogs: Catalogs,
    pub hub: Hub,
    pub live: live::Live,
    /// Permits for the work of heavy requests: one per core (see [`heavy`]).
    pub heavy: Arc<tokio::sync::Semaphore>,
    /// The computer's searches (its moves, its answers to draw offers) and their queue: half
    /// the cores, at least one, apart from [`AppState::heavy`], so that no number of
    /// computer games makes the analysis board wait (see [`search_queue`]).
    pub searches: search_queue::SearchQueue,
    /// Permits to enter a heavy route's work, taken once the body is in (see [`heavy`]).
    pub admitted: Arc<tokio::sync::Semaphore>,
    /// Where heavy requests' bodies are read, a few per client (see [`body_in`]).
    pub readers: body_in::Readers,
    /// Open live event streams (see [`streams`]).
    pub streams: Arc<streams::Streams>,
    /// Cookies carry `Secure` on every answer (the site is served over HTTPS), not only on
    /// requests a proxy marks `X-Forwarded-Proto: https`.
    pub secure_cookies: bool,
    /// The analysis engines and their bounds (see [`crate::engine`]).
    pub engine: crate::engine::Engine,
    /// What clients may create and store, per hour and at once (see [`quotas`]).
    pub quotas: quotas::Limiter,
    /// The games database (the `database` crate) on the store's database: the explorer and
    /// the search. `None` until opened (a server built for a test may have none).
    pub database: Option<database::Database>,
    /// The full-game computer analyses running (see [`computer_analysis`]).
    pub computer_analyses: computer_analysis::Running,
    /// The news that the lobby's open games changed (see [`lobby`]).
    pub lobby: lobby::LobbyNews,
}

impl AppState {
    /// The state of a server on `store` within `limits` (its connections, its streams).
    pub fn new(
        store: Arc<dyn Store>,
        limits: &Limits,
        secure_cookies: bool,
    ) -> anyhow::Result<AppState> {
        Ok(AppState {
            store,
            catalogs: Catalogs::load()?,
            hub: Hub::default(),
            live: live::Live::default(),
            heavy: Arc::new(tokio::sync::Semaphore::new(heavy::default_permits())),
            searches: search_queue::SearchQueue::new(heavy::search_permits()),
            admitted: Arc::new(tokio::sync::Semaphore::new(heavy::ADMITTED)),
            readers: body_in::Readers::default(),
            streams: Arc::new(streams::Streams::new(
                (limits.max_connections / 2).max(1),
                limits.streams_per_client.max(1),
            )),
            secure_cookies,
            engine: crate::engine::Engine::discover(),
            computer_analyses: computer_analysis::Running::default(),
            lobby: lobby::LobbyNews::default(),
            quotas: quotas::Limiter::new(&limits.quotas),
            database: None,
        })
    }
}

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub addr: SocketAddr,
    pub database: String,
    /// Connection cap and timeouts.
    pub limits: Limits,
    /// Mark every cookie `Secure` (the site is reached over HTTPS).
    pub secure_cookies: bool,
    /// Stockfish's executable (else found as [`crate::engine::stockfish::find`] says).
    pub stockfish: Option<std::path::PathBuf>,
    /// Game files imported into the games database at start when it holds no game (see
    /// [`archive::import_examples`]); `None`: none.
    pub examples: Option<std::path::PathBuf>,
    /// A directory of draughts endgame tables, loaded at start and probed by the analysis
    /// and the computer's strong moves (see [`crate::engine::Engine::with_endgames`]).
    pub endgames: Option<std::path::PathBuf>,
    /// The most threads one draughts analysis step of the board runs on, when the analysis
    /// pool has them free (see [`crate::engine::Pool::threads`]); `None`: the whole pool.
    pub analysis_threads: Option<usize>,
}

/// Opens the database, binds the address and serves until Ctrl-C.
pub async fn serve(config: ServerConfig) -> anyhow::Result<()> {
    let store = crate::store::open(&config.database).await?;
    let changes = store.changes().await?;
    let limits = config.limits.clone().capped_by_file_limit();
    let mut state = AppState::new(store, &limits, config.secure_cookies)?;
    if let Some(path) = &config.stockfish
        && !path.is_file()
    {
        anyhow::bail!("--stockfish {}: no such file", path.display());
    }
    let endgames = match config.endgames.clone() {
        Some(dir) => {
            tokio::task::spawn_blocking(move || {
                draughts::egdb::Library::load(&dir)
                    .map_err(|e| anyhow::anyhow!("--endgames {}: {e}", dir.display()))
            })
            .await??
        }
        None => draughts::egdb::Library::default(),
    };
    let tables = endgames.summary();
    let mut engine = crate::engine::Engine::new(crate::engine::stockfish::find(config.stockfish))
        .with_endgames(endgames);
    if let Some(threads) = config.analysis_threads {
        engine = engine.with_analysis_threads(threads);
    }
    state.engine = engine;
    let db = database::Database::open(&config.database).await?;
    state.database = Some(db.clone());
    let state = Arc::new(state);
    if let Some(dir) = config.examples.clone() {
        tokio::spawn(archive::import_examples(db.clone(), dir));
    }
    tokio::spawn(archive::sweep_finished(state.clone(), db));
    if let Some(changes) = changes {
        tokio::spawn(games_api::follow::follow_changes(state.clone(), changes));
    }
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let local = listener.local_addr()?;
    eprintln!(
        "scoresheet: serving http://{local}/ (database {}, at most {} connections)",
        shown(&config.database),
        limits.max_connections
    );
    if !tables.is_empty() {
        eprintln!("scoresheet: endgame tables: {tables}");
    }
    listener::serve(listener, router(state), limits, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    Ok(())
}

/// A database name fit to print: a URL's password left out.
fn shown(database: &str) -> String {
    match (database.find("://"), database.rfind('@')) {
        (Some(scheme), Some(at)) if scheme + 3 < at => {
            let user = &database[scheme + 3..at];
            let user = user.split_once(':').map_or(user, |(name, _)| name);
            format!("{}{user}{}", &database[..scheme + 3], &database[at..])
        }
        _ => database.to_string(),
    }
}

#[cfg(test)]
mod shown_tests {
    use super::shown;

    #[test]
    fn a_database_url_is_shown_without_its_password() {
        assert_eq!(
            shown("postgres://ann:s3cret@db:5432/games"),
            "postgres://ann@db:5432/games"
        );
        assert_eq!(shown("postgres://ann@db/games"), "postgres://ann@db/games");
        assert_eq!(shown("postgresql://db/games"), "postgresql://db/games");
        assert_eq!(
            shown("/var/lib/scoresheet.sqlite3"),
            "/var/lib/scoresheet.sqlite3"
        );
    }
}
