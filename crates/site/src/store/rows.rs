//! Rows of the tables as the store's types, in either database (the tables are alike): a
//! column that does not read (an unknown rules name or mode, say) is an error, never a panic.

use games::Rules;
use sqlx::{ColumnIndex, Decode, Row, Type};

use super::{StoredAnalysis, StoredGame, StoredMove};
use crate::models::{GameMode, GameStatus, Level, Side};

/// A row of a database whose columns read as the store's types.
pub(super) trait ReadRow {
    /// A game from a row of the `games` table.
    fn game(&self) -> Result<StoredGame, sqlx::Error>;
    /// A move from a row of the `moves` table.
    fn stored_move(&self) -> Result<StoredMove, sqlx::Error>;
    /// An analysis from a row of the `analyses` table.
    fn analysis(&self) -> Result<StoredAnalysis, sqlx::Error>;
    /// A whole number from the row's column `name` (a count, a sum).
    fn number(&self, name: &'static str) -> Result<i64, sqlx::Error>;
    /// A text from the row's column `name`.
    fn text(&self, name: &'static str) -> Result<String, sqlx::Error>;
}

impl<R> ReadRow for R
where
    R: Row,
    &'static str: ColumnIndex<R>,
    for<'r> &'r str: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> GameMode: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> GameStatus: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> Level: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> Side: Decode<'r, R::Database> + Type<R::Database>,
{
    fn number(&self, name: &'static str) -> Result<i64, sqlx::Error> {
        self.try_get(name)
    }

    fn text(&self, name: &'static str) -> Result<String, sqlx::Error> {
        self.try_get(name)
    }

    fn game(&self) -> Result<StoredGame, sqlx::Error> {
        Ok(StoredGame {
            id: self.try_get("id")?,
            rules: rules(self.try_get("rules")?)?,
            mode: self.try_get("mode")?,
            level: self.try_get("level")?,
            computer: self.try_get("computer")?,
            start_fen: self.try_get("start_fen")?,
            status: self.try_get("status")?,
            result: self.try_get("result")?,
            reason: self.try_get("reason")?,
            draw_offer: self.try_get("draw_offer")?,
            white_name: self.try_get("white_name")?,
            black_name: self.try_get("black_name")?,
            white_secret: self.try_get("white_secret")?,
            black_secret: self.try_get("black_secret")?,
            creator: self.try_get("creator")?,
            guest: self.try_get("guest")?,
            plies: self.try_get("plies")?,
            created_at: self.try_get("created_at")?,
            updated_at: self.try_get("updated_at")?,
            time_control: self.try_get("time_control")?,
            white_ms: self.try_get("white_ms")?,
            black_ms: self.try_get("black_ms")?,
            clock_at: self.try_get("clock_at")?,
            rematch: self.try_get("rematch")?,
            seat_for: self.try_get("seat_for")?,
            listed: self.try_get::<i64, _>("listed")? != 0,
        })
    }

    fn stored_move(&self) -> Result<StoredMove, sqlx::Error> {
        Ok(StoredMove {
            ply: self.try_get("ply")?,
            mv: self.try_get("move")?,
            text: self.try_get("text")?,
            fen: self.try_get("fen")?,
            clock_ms: self.try_get("clock_ms")?,
        })
    }

    fn analysis(&self) -> Result<StoredAnalysis, sqlx::Error> {
        Ok(StoredAnalysis {
            id: self.try_get("id")?,
            rules: rules(self.try_get("rules")?)?,
            text: self.try_get("text")?,
            creator: self.try_get("creator")?,
            created_at: self.try_get("created_at")?,
        })
    }
}

/// The rules a `rules` column names.
fn rules(name: &str) -> Result<Rules, sqlx::Error> {
    name.parse().map_err(|e: String| sqlx::Error::ColumnDecode {
        index: "rules".into(),
        source: e.into(),
    })
}
