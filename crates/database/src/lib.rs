//! The games database: collections of draughts and chess games imported from PDN/PGN files
//! into SQLite (a file, the default) or PostgreSQL, every position of every main line indexed
//! by a 64-bit key of the position as the rules see it ([`position_key`]), so that games that
//! reach a position by any move order meet; the opening explorer over them ([`Explorer`], in
//! lichess's shape), and the search by tags, position and opening moves.
//!
//! Layers: `entry` (a game read, made a row and its positions, on the reading threads) and
//! `postings` (the index's packed blocks) know nothing of SQL; `pool` is the one place
//! SQLite and PostgreSQL differ; `schema`, `game_rows` and `segments` are the tables (`bulk`
//! the upkeep of their indexes a big import defers to its end);
//! `import`, `explorer` and `search` are what callers ask, through [`Database`].
//!
//! ```
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! use database::{Database, ExploreQuery, ImportOptions};
//! use games::{AnyPosition, Rules};
//! let db = Database::open(":memory:").await?;
//! let pgn = "[White \"A\"]\n[Result \"1-0\"]\n1. e4 e5 2. Nf3 1-0\n\n[White \"B\"]\n[Result \"0-1\"]\n1. d4 d5 0-1\n";
//! let imported = db.import_text("two.pgn", pgn, ImportOptions::default()).await?;
//! assert_eq!(imported.added, 2);
//! let start = db.explore(&ExploreQuery::new(AnyPosition::start(Rules::Chess))).await?;
//! assert_eq!((start.counts.games, start.counts.white, start.counts.black), (2, 1, 1));
//! assert_eq!(start.moves[0].san, "d4");
//! // The same games again add nothing.
//! assert_eq!(db.import_text("two.pgn", pgn, ImportOptions::default()).await?.added, 0);
//! # Ok::<(), database::DbError>(())
//! # }).unwrap();
//! ```

mod bulk;
mod entry;
mod error;
mod explorer;
mod filters;
mod game_rows;
mod import;
mod key;
mod move_code;
mod names;
mod pattern;
mod pool;
mod postings;
mod schema;
mod search;
mod segments;
mod summary;

pub use entry::{GameEntry, date_key};
pub use error::DbError;
pub use explorer::{Counts, ExploreQuery, Explorer, ExplorerMove, ListedGame};
pub use filters::{Filters, Side, date_bound};
pub use game_rows::Source;
pub use import::{BadGame, ImportOptions, Imported};
pub use key::position_key;
pub use move_code::MoveCode;
pub use names::{name_key, name_words};
pub use pattern::Pattern;
pub use postings::{Outcome, Posting};
pub use search::{SearchPage, SearchQuery};
pub use summary::{GameSummary, StoredGame};

use pool::{Pool, on_pool};
use serde::Serialize;

/// A games database: a SQLite file or a PostgreSQL database, its tables brought up to date
/// when opened. Cheap to clone (a pool of connections).
#[derive(Clone, Debug)]
pub struct Database {
    pool: Pool,
}

/// How big the database is.
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DatabaseStats {
    /// Games stored.
    pub games: u64,
    /// Postings in the position index (a game at a position).
    pub positions: u64,
    /// Segments of the index.
    pub segments: u64,
    /// Bytes of the index's blocks.
    pub index_bytes: u64,
}

impl Database {
    /// Opens the database at `url`: `postgres://user@host/db` for PostgreSQL, else the path
    /// of a SQLite file (created when missing; `:memory:` for one in memory), and brings its
    /// tables up to date.
    ///
    /// # Errors
    ///
    /// When the database cannot be reached or was made by a newer scoresheet.
    pub async fn open(url: &str) -> Result<Database, DbError> {
        let pool = Pool::connect(url).await?;
        schema::migrate(&pool).await?;
        bulk::catch_up(&pool).await?;
        Ok(Database { pool })
    }

    /// Imports the games of `input`, read on `options.jobs` threads; `name` names the input in
    /// the reports. `progress` is called now and then with the number of games read.
    ///
    /// # Errors
    ///
    /// When the database fails, or the input cannot be read (the games before stay imported).
    pub async fn import<R: std::io::Read + Send + 'static>(
        &self,
        name: &str,
        input: R,
        options: ImportOptions,
        progress: impl FnMut(u64),
    ) -> Result<Imported, DbError> {
        import::import(&self.pool, name, input, options, progress).await
    }

    /// Imports the games of a text (see [`Database::import`]).
    ///
    /// # Errors
    ///
    /// When the database fails.
    pub async fn import_text(
        &self,
        name: &str,
        text: &str,
        options: ImportOptions,
    ) -> Result<Imported, DbError> {
        let input = std::io::Cursor::new(text.as_bytes().to_vec());
        self.import(name, input, options, |_| {}).await
    }

    /// The explorer's answer for a position.
    ///
    /// # Errors
    ///
    /// When the database fails.
    pub async fn explore(&self, query: &ExploreQuery) -> Result<Explorer, DbError> {
        explorer::explore(&self.pool, query).await
    }

    /// A page of the games a search finds, and their count.
    ///
    /// # Errors
    ///
    /// When an opening move does not read, or the database fails.
    pub async fn search(&self, query: &SearchQuery) -> Result<SearchPage, DbError> {
        search::search(&self.pool, query).await
    }

    /// The game `id`, whole.
    ///
    /// # Errors
    ///
    /// When the database fails.
    pub async fn game(&self, id: i64) -> Result<Option<StoredGame>, DbError> {
        summary::stored_game(&self.pool, id).await
    }

    /// The games `ids`, whole, in the order of `ids` (ids not stored left out): a page of
    /// a search read at once.
    ///
    /// ```
    /// # tokio::runtime::Runtime::new().unwrap().block_on(async {
    /// use database::{Database, ImportOptions, SearchQuery};
    /// let db = Database::open(":memory:").await?;
    /// let pgn = "[White \"A\"]\n[Result \"1-0\"]\n1. e4 1-0\n\n[White \"B\"]\n[Result \"0-1\"]\n1. d4 0-1\n";
    /// db.import_text("two.pgn", pgn, ImportOptions::default()).await?;
    /// let every = SearchQuery { limit: 10, ..SearchQuery::default() };
    /// let ids: Vec<i64> = db.search(&every).await?.games.iter().map(|g| g.id).collect();
    /// let games = db.games(&[ids[1], 999, ids[0]]).await?;
    /// let lines: Vec<&str> = games.iter().map(|g| g.line.as_str()).collect();
    /// let first = db.game(ids[1]).await?.unwrap();
    /// assert_eq!(lines, [first.line.as_str(), db.game(ids[0]).await?.unwrap().line.as_str()]);
    /// assert_eq!(games[0], first);
    /// # Ok::<(), database::DbError>(())
    /// # }).unwrap();
    /// ```
    ///
    /// # Errors
    ///
    /// When the database fails.
    pub async fn games(&self, ids: &[i64]) -> Result<Vec<StoredGame>, DbError> {
        summary::stored_games(&self.pool, ids).await
    }

    /// A value the database keeps for its users under `name` (where a sweep stands, say).
    ///
    /// # Errors
    ///
    /// When the database fails.
    pub async fn mark(&self, name: &str) -> Result<Option<String>, DbError> {
        let key = format!("mark:{name}");
        Ok(on_pool!(&self.pool, p => {
            sqlx::query_scalar("SELECT value FROM db_meta WHERE name = $1")
                .bind(&key)
                .fetch_optional(p)
                .await?
        }))
    }

    /// Keeps `value` under `name` (see [`Database::mark`]).
    ///
    /// # Errors
    ///
    /// When the database fails.
    pub async fn set_mark(&self, name: &str, value: &str) -> Result<(), DbError> {
        let key = format!("mark:{name}");
        on_pool!(&self.pool, p => {
            sqlx::query(
                "INSERT INTO db_meta (name, value) VALUES ($1, $2)
                 ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            )
            .bind(&key)
            .bind(value)
            .execute(p)
            .await?;
        });
        Ok(())
    }

    /// How big the database is.
    ///
    /// # Errors
    ///
    /// When the database fails.
    pub async fn stats(&self) -> Result<DatabaseStats, DbError> {
        let games: i64 = on_pool!(&self.pool, p => {
            sqlx::query_scalar("SELECT count(*) FROM db_games").fetch_one(p).await?
        });
        let segments = segments::segments(&self.pool).await?;
        Ok(DatabaseStats {
            games: games as u64,
            positions: segments.iter().map(|s| s.postings as u64).sum(),
            segments: segments.len() as u64,
            index_bytes: segments.iter().map(|s| s.bytes as u64).sum(),
        })
    }
}
