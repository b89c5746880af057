//! The index's entries and how a block of them is packed: each position key with the games
//! that reach it, sorted, in variable-length integers (a block of the index is one row of the
//! database, see `segments`).

use crate::move_code::MoveCode;

/// How a game ended, as the index and the explorer count it.
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "schema", schema(as = GameOutcome))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// No result (`*`), or one the rules do not read.
    Unknown,
    /// White won.
    White,
    /// A draw.
    Draw,
    /// Black won.
    Black,
}

impl Outcome {
    /// The outcome's two bits in a posting.
    fn bits(self) -> u64 {
        match self {
            Outcome::Unknown => 0,
            Outcome::White => 1,
            Outcome::Draw => 2,
            Outcome::Black => 3,
        }
    }

    fn of_bits(bits: u64) -> Outcome {
        match bits & 3 {
            1 => Outcome::White,
            2 => Outcome::Draw,
            3 => Outcome::Black,
            _ => Outcome::Unknown,
        }
    }

    /// The outcome's name in the database and the API: `white`, `draw`, `black`, `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Unknown => "unknown",
            Outcome::White => "white",
            Outcome::Draw => "draw",
            Outcome::Black => "black",
        }
    }
}

impl std::str::FromStr for Outcome {
    type Err = String;

    /// Reads an outcome's name, or a chess result (`1-0`, `1/2-1/2`, `0-1`, `*`).
    fn from_str(s: &str) -> Result<Outcome, String> {
        Ok(match s {
            "white" | "1-0" => Outcome::White,
            "draw" | "1/2-1/2" => Outcome::Draw,
            "black" | "0-1" => Outcome::Black,
            "unknown" | "*" => Outcome::Unknown,
            _ => {
                return Err(format!(
                    "unknown result `{s}`: use white, draw, black or unknown"
                ));
            }
        })
    }
}

/// One game at one position: which game, what it played there, and what the explorer counts
/// of it without looking the game up (its outcome, month and players' average rating).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Posting {
    /// The game's id.
    pub game: u64,
    /// The move it played from the position ([`MoveCode::NONE`] when it ended there).
    pub code: MoveCode,
    /// How it ended.
    pub outcome: Outcome,
    /// The month it was played as `yyyymm` (`yyyy00` when only the year is known), 0 when
    /// unknown.
    pub month: u32,
    /// Its players' average rating (of those given), 0 when none is.
    pub rating: u16,
}

/// The format of a block, its first byte: a block of another version is refused, not
/// misread.
const BLOCK_VERSION: u8 = 1;

/// Appends `value` as a LEB128 variable-length integer.
fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// Reads a LEB128 variable-length integer at `*at`, moving past it.
#[inline]
fn get_varint(data: &[u8], at: &mut usize) -> Result<u64, BadBlock> {
    // One byte: most game steps, codes and ratings' first bytes.
    if let Some(&byte) = data.get(*at)
        && byte < 0x80
    {
        *at += 1;
        return Ok(u64::from(byte));
    }
    let mut value = 0u64;
    let mut shift = 0;
    loop {
        let byte = *data
            .get(*at)
            .ok_or(BadBlock("a number runs past the end"))?;
        *at += 1;
        if shift >= 64 {
            return Err(BadBlock("a number is too long"));
        }
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Ok(value);
        }
        shift += 7;
    }
}

/// A block of the index that does not decode: the database was written by another
/// program, or damaged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a block of the position index does not read: {0}")]
pub struct BadBlock(&'static str);

/// Packs groups, in the order of their keys, into blocks of about `target` bytes: a block
/// ends after the group that fills it, and a group larger than a block is cut into blocks of
/// its own (each holding that key only).
pub struct BlockWriter {
    target: usize,
    data: Vec<u8>,
    first: Option<u64>,
    last: u64,
    blocks: Vec<Block>,
}

/// A block: the first and last keys it holds, and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The smallest key in the block.
    pub first: u64,
    /// The largest key in the block.
    pub last: u64,
    /// The packed groups.
    pub data: Vec<u8>,
}

impl BlockWriter {
    /// A writer of blocks of about `target` bytes.
    pub fn new(target: usize) -> BlockWriter {
        BlockWriter {
            target,
            data: Vec::new(),
            first: None,
            last: 0,
            blocks: Vec::new(),
        }
    }

    /// Adds a key's postings (sorted by game; keys in increasing order from call to call).
    pub fn push(&mut self, key: u64, postings: &[Posting]) {
        let mut rest = postings;
        while !rest.is_empty() {
            // About 8 bytes a posting: what still fits in the block being filled.
            let room = self.target.saturating_sub(self.data.len()) / 8;
            let take = if rest.len() <= room {
                rest.len()
            } else if self.first.is_some() {
                // The group starts a block of its own.
                self.finish_block();
                continue;
            } else {
                rest.len().min((self.target / 8).max(1))
            };
            self.put_group(key, &rest[..take]);
            rest = &rest[take..];
            if self.data.len() >= self.target || !rest.is_empty() {
                self.finish_block();
            }
        }
    }

    fn put_group(&mut self, key: u64, postings: &[Posting]) {
        if self.first.is_none() {
            self.data.push(BLOCK_VERSION);
            put_varint(&mut self.data, key);
            self.first = Some(key);
            self.last = key;
        }
        put_varint(&mut self.data, key - self.last);
        self.last = key;
        put_varint(&mut self.data, postings.len() as u64);
        let mut previous = 0;
        for p in postings {
            put_varint(&mut self.data, p.game - previous);
            previous = p.game;
            put_varint(
                &mut self.data,
                (u64::from(p.code.0) << 2) | p.outcome.bits(),
            );
            put_varint(&mut self.data, u64::from(p.month));
            put_varint(&mut self.data, u64::from(p.rating));
        }
    }

    fn finish_block(&mut self) {
        if let Some(first) = self.first.take() {
            self.blocks.push(Block {
                first,
                last: self.last,
                data: std::mem::take(&mut self.data),
            });
        }
    }

    /// The blocks made so far, the last one finished.
    pub fn finish(mut self) -> Vec<Block> {
        self.finish_block();
        self.blocks
    }

    /// Whether blocks are finished and not yet taken.
    pub fn has_finished(&self) -> bool {
        !self.blocks.is_empty()
    }

    /// Takes the blocks finished so far (not the one being filled).
    pub fn take_finished(&mut self) -> Vec<Block> {
        std::mem::take(&mut self.blocks)
    }
}

/// Appends the postings of a block to `out`, each with its key, in the order of their keys
/// (then games): one flat list, whatever the number of keys.
pub fn read_block(data: &[u8], out: &mut Vec<(u64, Posting)>) -> Result<(), BadBlock> {
    each_posting(data, |key, p| {
        out.push((key, *p));
        true
    })
}

/// Calls `f` with each posting of `key` in a block (none when the block does not hold it),
/// decoded straight into it: the explorer's inner loop.
pub fn postings_in(data: &[u8], key: u64, mut f: impl FnMut(&Posting)) -> Result<(), BadBlock> {
    each_posting(data, |k, p| {
        if k == key {
            f(p);
        }
        k <= key
    })
}

/// Calls `f` with each posting of a block and its key, in order, while it returns `true`:
/// the one decoder of a block.
fn each_posting(data: &[u8], mut f: impl FnMut(u64, &Posting) -> bool) -> Result<(), BadBlock> {
    if data.first() != Some(&BLOCK_VERSION) {
        return Err(BadBlock("unknown block version"));
    }
    let mut at = 1;
    let mut key = get_varint(data, &mut at)?;
    while at < data.len() {
        key = key
            .checked_add(get_varint(data, &mut at)?)
            .ok_or(BadBlock("a key runs past 2^64"))?;
        let n = get_varint(data, &mut at)?;
        if n as usize > data.len() {
            return Err(BadBlock("a group longer than its block"));
        }
        let mut game = 0u64;
        for _ in 0..n {
            game = game.wrapping_add(get_varint(data, &mut at)?);
            let code = get_varint(data, &mut at)?;
            let month = get_varint(data, &mut at)?;
            let rating = get_varint(data, &mut at)?;
            let posting = Posting {
                game,
                code: MoveCode(u32::try_from(code >> 2).map_err(|_| BadBlock("a move code"))?),
                outcome: Outcome::of_bits(code),
                month: u32::try_from(month).map_err(|_| BadBlock("a month"))?,
                rating: u16::try_from(rating).map_err(|_| BadBlock("a rating"))?,
            };
            if !f(key, &posting) {
                return Ok(());
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A position key and the postings of the games that reach it, sorted by game.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Group {
        key: u64,
        postings: Vec<Posting>,
    }

    fn posting(game: u64, code: u32) -> Posting {
        Posting {
            game,
            code: MoveCode(code),
            outcome: Outcome::Draw,
            month: 199705,
            rating: 2450,
        }
    }

    fn groups() -> impl Strategy<Value = Vec<Group>> {
        proptest::collection::btree_map(
            any::<u64>(),
            proptest::collection::btree_map(
                0u64..1_000_000,
                (0u32..70000, 0u64..4, 0u32..300_000, 0u16..3000),
                1..40,
            ),
            0..60,
        )
        .prop_map(|map| {
            map.into_iter()
                .map(|(key, games)| Group {
                    key,
                    postings: games
                        .into_iter()
                        .map(|(game, (code, outcome, month, rating))| Posting {
                            game,
                            code: MoveCode(code),
                            outcome: Outcome::of_bits(outcome),
                            month,
                            rating,
                        })
                        .collect(),
                })
                .collect()
        })
    }

    proptest! {
        /// Blocks give back what was written, each key found, whatever the block size.
        #[test]
        fn blocks_round_trip(groups in groups(), target in 16usize..2000) {
            let mut writer = BlockWriter::new(target);
            for g in &groups {
                writer.push(g.key, &g.postings);
            }
            let blocks = writer.finish();
            let mut read: Vec<Group> = Vec::new();
            for b in &blocks {
                let mut flat = Vec::new();
                read_block(&b.data, &mut flat).unwrap();
                for (key, p) in flat {
                    prop_assert!(b.first <= key && key <= b.last);
                    match read.last_mut() {
                        Some(last) if last.key == key => last.postings.push(p),
                        _ => read.push(Group { key, postings: vec![p] }),
                    }
                }
            }
            prop_assert_eq!(&read, &groups);
            for g in &groups {
                let mut found = Vec::new();
                for b in blocks.iter().filter(|b| b.first <= g.key && g.key <= b.last) {
                    postings_in(&b.data, g.key, |p| found.push(*p)).unwrap();
                }
                prop_assert_eq!(&found, &g.postings);
            }
        }

        /// No byte string makes the reader panic.
        #[test]
        fn any_bytes_read_or_fail(data in proptest::collection::vec(any::<u8>(), 0..200)) {
            let _ = read_block(&data, &mut Vec::new());
        }
    }

    #[test]
    fn a_long_group_is_cut_into_blocks_of_its_own() {
        let postings: Vec<Posting> = (1..=1000).map(|g| posting(g, 5)).collect();
        let mut writer = BlockWriter::new(256);
        writer.push(7, &[posting(3, 1)]);
        writer.push(9, &postings);
        writer.push(11, &[posting(4, 1)]);
        let blocks = writer.finish();
        assert!(blocks.len() > 10);
        assert_eq!((blocks[0].first, blocks[0].last), (7, 7));
        assert!(
            blocks[1..blocks.len() - 1]
                .iter()
                .all(|b| b.first == 9 && b.last == 9)
        );
        assert!(blocks.iter().all(|b| b.data.len() < 256 + 64));
    }
}
