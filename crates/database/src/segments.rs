//! The position index as rows of the database: each import writes a segment, the postings of
//! its games sorted by position key and packed into blocks of about 16 kB (see `postings`);
//! a position's games are the blocks that may hold its key, one or two B-tree lookups in each
//! segment. Segments of like size are merged as they pile up (four of a tier make one of the
//! next), so that a lookup visits a few segments whatever the number of imports.

use std::collections::VecDeque;

use crate::error::DbError;
use crate::key::{stored, unstored};
use crate::pool::{Dialect, Pool, Tx, on_pool, on_tx};
use crate::postings::{Block, BlockWriter, Group, Posting, postings_in, read_block};

/// The size a block is cut at.
const BLOCK_BYTES: usize = 16 * 1024;

/// Blocks written by one statement.
const BLOCKS_PER_INSERT: usize = 64;

/// Segments of one tier that are merged into one.
const FANOUT: usize = 4;

/// The postings of the smallest tier: a segment's tier is how many times [`FANOUT`] its size
/// is above this.
const TIER_BASE: i64 = 1 << 16;

/// What a segment holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SegmentInfo {
    pub id: i64,
    pub postings: i64,
    pub blocks: i64,
    pub bytes: i64,
}

/// Writes `entries` (sorted by key, then game) as a new segment.
pub(crate) async fn write_segment(tx: &mut Tx, entries: &[(u64, Posting)]) -> Result<(), DbError> {
    if entries.is_empty() {
        return Ok(());
    }
    let mut segment = SegmentWriter::start(tx, entries.len() as i64).await?;
    let mut start = 0;
    while start < entries.len() {
        let key = entries[start].0;
        let end = start
            + entries[start..]
                .iter()
                .take_while(|(k, _)| *k == key)
                .count();
        let postings: Vec<Posting> = entries[start..end].iter().map(|(_, p)| *p).collect();
        segment.push(tx, key, &postings).await?;
        start = end;
    }
    segment.finish(tx).await
}

/// A segment being written: its blocks go to the database as they fill.
struct SegmentWriter {
    id: i64,
    writer: BlockWriter,
    seq: i64,
    blocks: i64,
    bytes: i64,
}

impl SegmentWriter {
    async fn start(tx: &mut Tx, postings: i64) -> Result<SegmentWriter, DbError> {
        let id: i64 = on_tx!(tx, c => {
            sqlx::query_scalar(
                "INSERT INTO db_segments (postings, blocks, bytes) VALUES ($1, 0, 0) RETURNING id",
            )
            .bind(postings)
            .fetch_one(c)
            .await?
        });
        Ok(SegmentWriter {
            id,
            writer: BlockWriter::new(BLOCK_BYTES),
            seq: 0,
            blocks: 0,
            bytes: 0,
        })
    }

    async fn push(&mut self, tx: &mut Tx, key: u64, postings: &[Posting]) -> Result<(), DbError> {
        self.writer.push(key, postings);
        let finished = self.writer.take_finished();
        if !finished.is_empty() {
            self.write(tx, finished).await?;
        }
        Ok(())
    }

    async fn write(&mut self, tx: &mut Tx, blocks: Vec<Block>) -> Result<(), DbError> {
        for chunk in blocks.chunks(BLOCKS_PER_INSERT) {
            let mut sql = String::from(
                "INSERT INTO db_blocks (segment, last_key, seq, first_key, data) VALUES ",
            );
            for i in 0..chunk.len() {
                let n = i * 4;
                if i > 0 {
                    sql.push(',');
                }
                sql.push_str(&format!(
                    "($1, ${}, ${}, ${}, ${})",
                    n + 2,
                    n + 3,
                    n + 4,
                    n + 5
                ));
            }
            on_tx!(tx, c => {
                let mut q = sqlx::query(&sql).bind(self.id);
                for (i, b) in chunk.iter().enumerate() {
                    q = q
                        .bind(stored(b.last))
                        .bind(self.seq + i as i64)
                        .bind(stored(b.first))
                        .bind(b.data.as_slice());
                }
                q.execute(c).await?;
            });
            self.seq += chunk.len() as i64;
            self.blocks += chunk.len() as i64;
            self.bytes += chunk.iter().map(|b| b.data.len() as i64).sum::<i64>();
        }
        Ok(())
    }

    async fn finish(mut self, tx: &mut Tx) -> Result<(), DbError> {
        let last = std::mem::replace(&mut self.writer, BlockWriter::new(0)).finish();
        self.write(tx, last).await?;
        on_tx!(tx, c => {
            sqlx::query("UPDATE db_segments SET blocks = $1, bytes = $2 WHERE id = $3")
                .bind(self.blocks)
                .bind(self.bytes)
                .bind(self.id)
                .execute(c)
                .await?;
        });
        Ok(())
    }
}

/// Every segment, oldest first.
pub(crate) async fn segments(pool: &Pool) -> Result<Vec<SegmentInfo>, DbError> {
    let rows: Vec<(i64, i64, i64, i64)> = on_pool!(pool, p => {
        sqlx::query_as("SELECT id, postings, blocks, bytes FROM db_segments ORDER BY id")
            .fetch_all(p)
            .await?
    });
    Ok(rows
        .into_iter()
        .map(|(id, postings, blocks, bytes)| SegmentInfo {
            id,
            postings,
            blocks,
            bytes,
        })
        .collect())
}

/// The postings of the games that reach the position `key`, sorted by game.
pub(crate) async fn postings_of(pool: &Pool, key: u64) -> Result<Vec<Posting>, DbError> {
    let mut out = Vec::new();
    for segment in segments(pool).await? {
        // The blocks that end at the key (it may fill several), and the first one after.
        let rows: Vec<(i64, Vec<u8>)> = on_pool!(pool, p => {
            sqlx::query_as(
                "SELECT first_key, data FROM db_blocks WHERE segment = $1 AND last_key = $2
                 UNION ALL
                 SELECT first_key, data FROM (SELECT first_key, data FROM db_blocks
                     WHERE segment = $1 AND last_key > $2 ORDER BY last_key, seq LIMIT 1) AS next_block",
            )
            .bind(segment.id)
            .bind(stored(key))
            .fetch_all(p)
            .await?
        });
        for (first, data) in rows {
            if unstored(first) <= key {
                postings_in(&data, key, &mut out)?;
            }
        }
    }
    out.sort_unstable_by_key(|p| p.game);
    Ok(out)
}

/// A segment's tier: segments of one tier are merged together.
fn tier(postings: i64) -> u32 {
    let mut tier = 0;
    let mut size = TIER_BASE;
    while postings > size {
        size = size.saturating_mul(FANOUT as i64);
        tier += 1;
    }
    tier
}

/// Merges segments while some tier holds [`FANOUT`] of them or more.
pub(crate) async fn compact(pool: &Pool) -> Result<(), DbError> {
    loop {
        let all = segments(pool).await?;
        let mut by_tier: std::collections::BTreeMap<u32, Vec<SegmentInfo>> = Default::default();
        for s in all {
            by_tier.entry(tier(s.postings)).or_default().push(s);
        }
        let Some(group) = by_tier.into_values().find(|s| s.len() >= FANOUT) else {
            return Ok(());
        };
        merge(pool, &group).await?;
    }
}

/// Merges `segments` into one new segment, in one transaction: a lookup sees either the old
/// segments or the new one.
async fn merge(pool: &Pool, segments: &[SegmentInfo]) -> Result<(), DbError> {
    let mut tx = pool.begin_write().await?;
    if tx.dialect() == Dialect::Postgres {
        on_tx!(&mut tx, c => {
            sqlx::query("SELECT pg_advisory_xact_lock(7305264430651155301)").execute(c).await?;
        });
    }
    // Another process may have merged them meanwhile.
    let ids: Vec<i64> = segments.iter().map(|s| s.id).collect();
    let mut present = 0;
    for id in &ids {
        let n: i64 = on_tx!(&mut tx, c => {
            sqlx::query_scalar("SELECT count(*) FROM db_segments WHERE id = $1")
                .bind(*id)
                .fetch_one(c)
                .await?
        });
        present += n;
    }
    if present != ids.len() as i64 {
        return Ok(());
    }
    let total: i64 = segments.iter().map(|s| s.postings).sum();
    let mut cursors: Vec<Cursor> = ids.iter().map(|&id| Cursor::new(id)).collect();
    let mut out = SegmentWriter::start(&mut tx, total).await?;
    loop {
        // The smallest key any segment has next.
        let mut smallest: Option<u64> = None;
        for c in &mut cursors {
            if let Some(key) = c.peek(&mut tx).await? {
                smallest = Some(smallest.map_or(key, |s: u64| s.min(key)));
            }
        }
        let Some(key) = smallest else { break };
        let mut postings = Vec::new();
        for c in &mut cursors {
            while c.peek(&mut tx).await? == Some(key) {
                if let Some(g) = c.groups.pop_front() {
                    postings.extend(g.postings);
                }
            }
        }
        postings.sort_unstable_by_key(|p| p.game);
        out.push(&mut tx, key, &postings).await?;
    }
    out.finish(&mut tx).await?;
    for id in &ids {
        on_tx!(&mut tx, c => {
            sqlx::query("DELETE FROM db_blocks WHERE segment = $1").bind(*id).execute(&mut *c).await?;
            sqlx::query("DELETE FROM db_segments WHERE id = $1").bind(*id).execute(&mut *c).await?;
        });
    }
    tx.commit().await
}

/// A segment read in key order, a page of blocks at a time.
struct Cursor {
    segment: i64,
    /// Where the next page starts: after this block's (last_key, seq).
    after: Option<(i64, i64)>,
    groups: VecDeque<Group>,
    done: bool,
}

/// Blocks read at a time by a [`Cursor`].
const PAGE_BLOCKS: i64 = 64;

impl Cursor {
    fn new(segment: i64) -> Cursor {
        Cursor {
            segment,
            after: None,
            groups: VecDeque::new(),
            done: false,
        }
    }

    /// The key of the next group, reading a page when needed.
    async fn peek(&mut self, tx: &mut Tx) -> Result<Option<u64>, DbError> {
        while self.groups.is_empty() && !self.done {
            let (last, seq) = self.after.unwrap_or((i64::MIN, -1));
            let rows: Vec<(i64, i64, Vec<u8>)> = on_tx!(tx, c => {
                sqlx::query_as(
                    "SELECT last_key, seq, data FROM db_blocks
                     WHERE segment = $1 AND (last_key > $2 OR (last_key = $2 AND seq > $3))
                     ORDER BY last_key, seq LIMIT $4",
                )
                .bind(self.segment)
                .bind(last)
                .bind(seq)
                .bind(PAGE_BLOCKS)
                .fetch_all(c)
                .await?
            });
            self.done = (rows.len() as i64) < PAGE_BLOCKS;
            for (last, seq, data) in rows {
                self.after = Some((last, seq));
                self.groups.extend(read_block(&data)?);
            }
        }
        Ok(self.groups.front().map(|g| g.key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_grow_by_the_fanout() {
        assert_eq!(tier(1), 0);
        assert_eq!(tier(TIER_BASE), 0);
        assert_eq!(tier(TIER_BASE + 1), 1);
        assert_eq!(tier(TIER_BASE * 4), 1);
        assert_eq!(tier(TIER_BASE * 4 + 1), 2);
    }
}
