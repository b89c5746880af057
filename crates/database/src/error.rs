//! What can go wrong with the games database.

/// An error of the games database.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The database said no, or could not be reached.
    #[error("database: {0}")]
    Sql(#[from] sqlx::Error),
    /// A block of the position index does not read.
    #[error(transparent)]
    Block(#[from] crate::postings::BadBlock),
    /// The database was made by a newer scoresheet.
    #[error(
        "the games database has schema version {found}; this scoresheet knows up to {known}: use a newer scoresheet"
    )]
    Newer {
        /// The database's version.
        found: i64,
        /// The newest this program knows.
        known: i64,
    },
    /// A query that cannot be answered as asked: a FEN or move that does not read, a filter
    /// out of range. The message is for a person.
    #[error("{0}")]
    Query(String),
    /// Reading a file to import failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}
