//! A store for the server's tests: SQLite in memory, with two faults on command. Its reads of a
//! game's moves can be held open (to hold the moment between a read and what follows it), and
//! every write can fail (as on a full disk or a lost connection), to check that a request that
//! fails to write changes nothing.

use std::sync::atomic::{AtomicBool, Ordering};

use async_trait::async_trait;
use tokio::sync::Notify;

use super::{
    ClockRow, Finish, SqliteStore, Store, StoreError, StoredAnalysis, StoredGame, StoredMove,
};
use crate::models::Side;

/// SQLite in memory with faults on command.
pub(crate) struct TestStore {
    inner: SqliteStore,
    /// Once set, the next read of moves tells `entered` and waits for `release`.
    pub hold_moves: AtomicBool,
    pub entered: Notify,
    pub release: Notify,
    /// While set, every write fails (and writes nothing).
    pub fail_writes: AtomicBool,
}

impl TestStore {
    /// A new store, empty, no fault armed.
    pub async fn new() -> TestStore {
        TestStore {
            inner: SqliteStore::open(":memory:")
                .await
                .expect("SQLite in memory"),
            hold_moves: AtomicBool::new(false),
            entered: Notify::new(),
            release: Notify::new(),
            fail_writes: AtomicBool::new(false),
        }
    }

    /// The error of a write while writes fail, as a full disk gives it.
    fn write(&self) -> Result<(), StoreError> {
        if self.fail_writes.load(Ordering::SeqCst) {
            Err(StoreError::Database(sqlx::Error::Protocol(
                "database or disk is full (a test's fault)".into(),
            )))
        } else {
            Ok(())
        }
    }
}

#[async_trait]
impl Store for TestStore {
    async fn create_game(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.write()?;
        self.inner.create_game(game).await
    }
    async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.inner.game(id).await
    }
    async fn moves(&self, id: &str) -> Result<Vec<StoredMove>, StoreError> {
        let moves = self.inner.moves(id).await;
        if self.hold_moves.swap(false, Ordering::SeqCst) {
            self.entered.notify_one();
            self.release.notified().await;
        }
        moves
    }
    async fn append_move(
        &self,
        id: &str,
        mv: &StoredMove,
        finish: Option<&Finish>,
        clock: Option<&ClockRow>,
    ) -> Result<bool, StoreError> {
        self.write()?;
        self.inner.append_move(id, mv, finish, clock).await
    }
    async fn set_rematch(&self, id: &str, rematch: &str) -> Result<bool, StoreError> {
        self.write()?;
        self.inner.set_rematch(id, rematch).await
    }
    async fn take_seat(
        &self,
        id: &str,
        color: Side,
        secret: &str,
        visitor: &str,
        name: Option<&str>,
    ) -> Result<bool, StoreError> {
        self.write()?;
        self.inner.take_seat(id, color, secret, visitor, name).await
    }
    async fn finish(
        &self,
        id: &str,
        plies: i64,
        finish: &Finish,
        clock: Option<&ClockRow>,
    ) -> Result<bool, StoreError> {
        self.write()?;
        self.inner.finish(id, plies, finish, clock).await
    }
    async fn set_draw_offer(&self, id: &str, by: Option<Side>) -> Result<(), StoreError> {
        self.write()?;
        self.inner.set_draw_offer(id, by).await
    }
    async fn recent_finished(&self, limit: i64) -> Result<Vec<StoredGame>, StoreError> {
        self.inner.recent_finished(limit).await
    }
    async fn finished_after(
        &self,
        updated_at: i64,
        id: &str,
        limit: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        self.inner.finished_after(updated_at, id, limit).await
    }
    async fn open_games(&self, since: i64, limit: i64) -> Result<Vec<StoredGame>, StoreError> {
        self.inner.open_games(since, limit).await
    }
    async fn games_of(&self, visitor: &str, limit: i64) -> Result<Vec<StoredGame>, StoreError> {
        self.inner.games_of(visitor, limit).await
    }
    async fn save_analysis(&self, a: &StoredAnalysis) -> Result<(), StoreError> {
        self.write()?;
        self.inner.save_analysis(a).await
    }
    async fn analysis(&self, id: &str) -> Result<Option<StoredAnalysis>, StoreError> {
        self.inner.analysis(id).await
    }
    async fn analysis_bytes(&self) -> Result<u64, StoreError> {
        self.inner.analysis_bytes().await
    }
    async fn save_computer_analysis(
        &self,
        key: &str,
        rules: games::Rules,
        json: &str,
    ) -> Result<(), StoreError> {
        self.write()?;
        self.inner.save_computer_analysis(key, rules, json).await
    }
    async fn computer_analysis(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.inner.computer_analysis(key).await
    }
}
