//! The position index as rows of the database: each import writes a segment, the postings of
//! its games sorted by position key and packed into blocks of about 16 kB (see `postings`);
//! a position's games are the blocks that may hold its key, one or two B-tree lookups in each
//! segment. Segments of like size are merged as they pile up (four of a small tier make one of
//! the next; 64 of the size of an import's runs or larger), so that a lookup visits a few
//! dozen segments at most whatever the number of imports.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::error::DbError;
use crate::key::stored;
use crate::pool::{Dialect, Pool, Tx, on_pool, on_tx};
use crate::postings::{Block, BlockWriter, Posting, postings_in, read_block};

/// The size a block is cut at.
const BLOCK_BYTES: usize = 16 * 1024;

/// Blocks written by one statement.
const BLOCKS_PER_INSERT: usize = 64;

/// Segments of one tier that are merged into one.
const FANOUT: usize = 4;

/// Postings an import gathers before it writes them as a segment (with their games, in one
/// transaction). An import's runs are left as they are written: merging them would write the
/// whole index a second time (and, in SQLite, leave the first writing's pages free).
pub(crate) const RUN_POSTINGS: usize = 2_000_000;

/// Segments of a tier of full runs (and above) that are merged into one: a lookup reads one
/// or two blocks of each segment, so that many cost a few milliseconds, and a million games
/// (about 45 runs) are one tier.
const WIDE_FANOUT: usize = 64;

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

/// Writes `entries` (sorted by key, then game) as a new segment, and gives its id (`None`
/// when there are no entries).
pub(crate) async fn write_segment(
    tx: &mut Tx,
    entries: &[(u64, Posting)],
) -> Result<Option<i64>, DbError> {
    if entries.is_empty() {
        return Ok(None);
    }
    let mut segment = SegmentWriter::start(tx, entries.len() as i64).await?;
    let mut postings = Vec::new();
    let mut start = 0;
    while start < entries.len() {
        let key = entries[start].0;
        let end = start
            + entries[start..]
                .iter()
                .take_while(|(k, _)| *k == key)
                .count();
        postings.clear();
        postings.extend(entries[start..end].iter().map(|(_, p)| *p));
        segment.push(tx, key, &postings).await?;
        start = end;
    }
    let id = segment.id;
    segment.finish(tx).await?;
    Ok(Some(id))
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

    /// Adds a key's postings, writing the blocks they fill.
    async fn push(&mut self, tx: &mut Tx, key: u64, postings: &[Posting]) -> Result<(), DbError> {
        if self.push_here(key, postings) {
            let finished = self.writer.take_finished();
            self.write(tx, finished).await?;
        }
        Ok(())
    }

    /// Adds a key's postings to the block being filled; `true` when blocks are finished and
    /// wait to be written (the common case, a key that fills none, costs no await).
    fn push_here(&mut self, key: u64, postings: &[Posting]) -> bool {
        self.writer.push(key, postings);
        self.writer.has_finished()
    }

    async fn write(&mut self, tx: &mut Tx, blocks: Vec<Block>) -> Result<(), DbError> {
        for chunk in blocks.chunks(BLOCKS_PER_INSERT) {
            let sql = format!(
                "INSERT INTO db_blocks (segment, last_key, seq, first_key, data) VALUES {}",
                tx.dialect().value_rows(chunk.len(), 5)
            );
            on_tx!(tx, c => {
                let mut q = sqlx::query(&sql);
                for (i, b) in chunk.iter().enumerate() {
                    q = q
                        .bind(self.id)
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

/// The blocks that may hold the position `key`: segment by segment, oldest first, in the
/// order of their keys (see [`postings_in`]).
pub(crate) async fn blocks_of(pool: &Pool, key: u64) -> Result<Vec<Vec<u8>>, DbError> {
    // In each segment, the blocks from the key's to the first that ends after it (a key may
    // fill several), those that may hold it: one statement for every segment (a statement
    // per segment cost 0.1 ms each, most of a lookup). The segments come first (CROSS JOIN:
    // SQLite keeps that order), each a range of its blocks' index.
    let rows: Vec<Vec<u8>> = on_pool!(pool, p => {
        sqlx::query_scalar(
            "SELECT b.data FROM db_segments s CROSS JOIN db_blocks b
             WHERE b.segment = s.id AND b.last_key >= $1 AND b.first_key <= $1
               AND b.last_key <= COALESCE((SELECT min(n.last_key) FROM db_blocks n
                                           WHERE n.segment = s.id AND n.last_key > $1), $1)
             ORDER BY s.id, b.last_key, b.seq",
        )
        .bind(stored(key))
        .fetch_all(p)
        .await?
    });
    Ok(rows)
}

/// The postings of the games that reach the position `key`, sorted by game.
pub(crate) async fn postings_of(pool: &Pool, key: u64) -> Result<Vec<Posting>, DbError> {
    let mut out = Vec::new();
    for data in blocks_of(pool, key).await? {
        postings_in(&data, key, |p| out.push(*p))?;
    }
    if !out.is_sorted_by_key(|p| p.game) {
        out.sort_unstable_by_key(|p| p.game);
    }
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

/// How many segments of `tier` are merged into one: [`FANOUT`] below the tier of an
/// import's full runs, [`WIDE_FANOUT`] from it on.
fn fanout(tier: u32) -> usize {
    if tier >= self::tier(RUN_POSTINGS as i64) {
        WIDE_FANOUT
    } else {
        FANOUT
    }
}

/// Merges segments while some tier holds its [`fanout`] of them or more.
pub(crate) async fn compact(pool: &Pool) -> Result<(), DbError> {
    loop {
        let all = segments(pool).await?;
        let mut by_tier: std::collections::BTreeMap<u32, Vec<SegmentInfo>> = Default::default();
        for s in all {
            by_tier.entry(tier(s.postings)).or_default().push(s);
        }
        let Some((_, group)) = by_tier
            .into_iter()
            .find(|(tier, s)| s.len() >= fanout(*tier))
        else {
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
    // The next key of each segment, smallest first (then the older segment).
    let mut heads = BinaryHeap::with_capacity(cursors.len());
    for (i, c) in cursors.iter_mut().enumerate() {
        if let Some(key) = c.head(&mut tx).await? {
            heads.push(Reverse((key, i)));
        }
    }
    let mut postings = Vec::new();
    while let Some(&Reverse((key, _))) = heads.peek() {
        postings.clear();
        while let Some(&Reverse((k, i))) = heads.peek() {
            if k != key {
                break;
            }
            heads.pop();
            let c = &mut cursors[i];
            c.take_key(key, &mut postings);
            // When the key goes on in the segment's next page, the segment comes back here.
            // The next key is most often in the page read: no await.
            let next = match c.page_head() {
                Some(next) => Some(next),
                None => c.head(&mut tx).await?,
            };
            if let Some(next) = next {
                heads.push(Reverse((next, i)));
            }
        }
        // Segments hold games in the order of their ids, as a rule; not when an old segment
        // was merged after a newer one was written.
        if !postings.is_sorted_by_key(|p| p.game) {
            postings.sort_unstable_by_key(|p| p.game);
        }
        if out.push_here(key, &postings) {
            let finished = out.writer.take_finished();
            out.write(&mut tx, finished).await?;
        }
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

/// A segment read in key order, a page of blocks at a time, its postings decoded into one
/// flat list.
struct Cursor {
    segment: i64,
    /// Where the next page starts: after this block's (last_key, seq).
    after: Option<(i64, i64)>,
    /// The page's postings with their keys, and how far they are taken.
    page: Vec<(u64, Posting)>,
    at: usize,
    done: bool,
}

/// Blocks read at a time by a [`Cursor`].
const PAGE_BLOCKS: i64 = 64;

impl Cursor {
    fn new(segment: i64) -> Cursor {
        Cursor {
            segment,
            after: None,
            page: Vec::new(),
            at: 0,
            done: false,
        }
    }

    /// Whether the page read is all taken.
    fn page_done(&self) -> bool {
        self.at == self.page.len()
    }

    /// The key of the next posting of the page read (`None` when it is all taken).
    fn page_head(&self) -> Option<u64> {
        self.page.get(self.at).map(|(key, _)| *key)
    }

    /// Moves the postings of `key` at the head of the page to `out`.
    fn take_key(&mut self, key: u64, out: &mut Vec<Posting>) {
        while let Some(&(k, p)) = self.page.get(self.at) {
            if k != key {
                break;
            }
            out.push(p);
            self.at += 1;
        }
    }

    /// The key of the next posting, reading a page when the last one is taken.
    async fn head(&mut self, tx: &mut Tx) -> Result<Option<u64>, DbError> {
        while self.page_done() && !self.done {
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
            self.page.clear();
            self.at = 0;
            for (last, seq, data) in rows {
                self.after = Some((last, seq));
                read_block(&data, &mut self.page)?;
            }
        }
        Ok(self.page_head())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::move_code::MoveCode;
    use crate::postings::Outcome;
    use std::collections::BTreeMap;

    fn posting(game: u64) -> Posting {
        Posting {
            game,
            code: MoveCode((game % 7) as u32),
            outcome: Outcome::White,
            month: 202001,
            rating: (game % 3000) as u16,
        }
    }

    /// Segments written as an import's runs are (overlapping keys, a key whose postings fill
    /// more than a cursor's page, keys found in one segment only), merged into one: every
    /// key's postings are the union, in the order of the games.
    #[tokio::test]
    async fn merging_keeps_every_posting_of_every_key() {
        let pool = Pool::connect(":memory:").await.unwrap();
        crate::schema::migrate(&pool).await.unwrap();
        let mut expected: BTreeMap<u64, Vec<Posting>> = BTreeMap::new();
        let mut ids = Vec::new();
        let mut game = 0;
        for run in 0..5u64 {
            let mut entries = Vec::new();
            for _ in 0..3000 {
                game += 1;
                for key in [
                    1,
                    2 + game % 11,
                    1000 + run * 100 + game % 50,
                    u64::MAX - run,
                ] {
                    entries.push((key, posting(game)));
                }
            }
            // Key 7 of the third run: about 300 blocks, more than a page of the cursor.
            if run == 2 {
                for _ in 0..600_000 {
                    game += 1;
                    entries.push((7, posting(game)));
                }
            }
            entries.sort_unstable_by_key(|(key, p)| (*key, p.game));
            for (key, p) in &entries {
                expected.entry(*key).or_default().push(*p);
            }
            let mut tx = pool.begin_write().await.unwrap();
            ids.extend(write_segment(&mut tx, &entries).await.unwrap());
            tx.commit().await.unwrap();
        }
        assert_eq!(ids.len(), 5);
        merge(&pool, &segments(&pool).await.unwrap()).await.unwrap();
        let left = segments(&pool).await.unwrap();
        assert_eq!(left.len(), 1);
        let total: usize = expected.values().map(Vec::len).sum();
        assert_eq!(left[0].postings, total as i64);
        for (key, postings) in &expected {
            assert_eq!(
                &postings_of(&pool, *key).await.unwrap(),
                postings,
                "key {key}"
            );
        }
        let mut all = Vec::new();
        let mut cursor = Cursor::new(left[0].id);
        let mut tx = pool.begin_write().await.unwrap();
        while let Some(key) = cursor.head(&mut tx).await.unwrap() {
            let mut here = Vec::new();
            cursor.take_key(key, &mut here);
            all.extend(here.into_iter().map(|p| (key, p)));
        }
        let flat: Vec<(u64, Posting)> = expected
            .iter()
            .flat_map(|(k, ps)| ps.iter().map(move |p| (*k, *p)))
            .collect();
        assert_eq!(all, flat);
    }

    #[test]
    fn tiers_grow_by_the_fanout() {
        assert_eq!(tier(1), 0);
        assert_eq!(tier(TIER_BASE), 0);
        assert_eq!(tier(TIER_BASE + 1), 1);
        assert_eq!(tier(TIER_BASE * 4), 1);
        assert_eq!(tier(TIER_BASE * 4 + 1), 2);
        // An import's runs (a full one may overshoot by a batch of games) share a tier.
        let run = tier(RUN_POSTINGS as i64);
        assert_eq!(tier(RUN_POSTINGS as i64 + 100_000), run);
        assert_eq!(fanout(run), WIDE_FANOUT);
        assert_eq!(fanout(run - 1), FANOUT);
    }
}
