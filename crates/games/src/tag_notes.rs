//! What a game's tags say about how it was written, as warnings: a tag given twice (the
//! first counts, as PGN readers do), and a block of tags without moves that the reader joined
//! to the next game's tags (a game needs at least a result, so PGN reads the two blocks as
//! one game's tags). Also what the reader read although the text breaks the format
//! ([`record::Leniency`]: a tag value not closed, forum markup, a result with a Unicode dash).

use record::{Leniency, Pos, Tag};

use super::error::GameError;

/// Watches a game's tags as they are read, in order, and says what looks wrong.
#[derive(Debug, Default)]
pub(crate) struct TagWatch {
    /// The names seen (as numbers, see [`hash`]) and their lines, in order, when the
    /// caller does not keep the tags (a watch kept from game to game allocates nothing).
    seen: Vec<(Key, u32)>,
    /// One bit per value of [`filter`] of the names seen: a name whose bit is clear is new
    /// without a search.
    bits: [u64; 2],
    /// The line of the first tag of the current block, and of the last tag.
    block_start: u32,
    last_line: u32,
    notes: Vec<GameError>,
}

impl TagWatch {
    /// Forgets the last game.
    pub(crate) fn clear(&mut self) {
        self.seen.clear();
        self.bits = [0; 2];
        self.block_start = 0;
        self.last_line = 0;
        self.notes.clear();
    }

    /// The next tag of the game; `earlier`: all the game's tags before it, if the caller
    /// keeps them (the watch then keeps nothing of its own).
    #[inline(always)]
    pub(crate) fn tag(&mut self, name: &str, at: Pos, earlier: Option<&[Tag]>) {
        if self.last_line != 0 && at.line > self.last_line + 1 {
            self.joined_block(at);
        }
        if self.last_line == 0 {
            self.block_start = at.line;
        }
        self.last_line = at.line;
        let h = filter(name);
        let (i, bit) = ((h >> 6) as usize & 1, 1u64 << (h & 63));
        let seen_bit = self.bits[i] & bit != 0;
        self.bits[i] |= bit;
        match earlier {
            Some(earlier) => {
                if seen_bit {
                    self.again_among(earlier, name, at);
                }
            }
            None => {
                let key = hash(name);
                if seen_bit {
                    self.again(key, name, at);
                }
                self.seen.push((key, at.line));
            }
        }
    }

    /// A tag more than one line below the last one: the tags above were a block of their own.
    #[cold]
    fn joined_block(&mut self, at: Pos) {
        self.notes.push(GameError::at(
            at,
            format!(
                "the tags of lines {}-{} have no moves and no result, so they are read with \
                 the tags from line {} on as one game's (a result, `*` if none, after them \
                 makes them a game of their own)",
                self.block_start, self.last_line, at.line
            ),
        ));
        self.block_start = at.line;
    }

    /// A tag whose filter bit was set before: the same name again is noted.
    #[cold]
    #[inline(never)]
    fn again(&mut self, key: Key, name: &str, at: Pos) {
        if let Some(&(_, first)) = self.seen.iter().find(|(k, _)| *k == key) {
            self.repeated(name, first, at);
        }
    }

    /// [`TagWatch::again`] among the tags the caller keeps.
    #[cold]
    #[inline(never)]
    fn again_among(&mut self, earlier: &[Tag], name: &str, at: Pos) {
        if let Some(first) = earlier.iter().find(|t| t.name == name) {
            self.repeated(name, first.at.line, at);
        }
    }

    fn repeated(&mut self, name: &str, first: u32, at: Pos) {
        self.notes.push(GameError::at(
            at,
            format!("the tag {name} is given again: the first, on line {first}, counts"),
        ));
    }

    /// The warnings about the game's tags, in the order of the text.
    /// Something the reader read although the text breaks the format.
    #[cold]
    pub(crate) fn lenient(&mut self, what: Leniency, text: &str, at: Pos) {
        self.notes.push(GameError::at(at, what.describe(text)));
    }

    pub(crate) fn take(&mut self) -> Vec<GameError> {
        std::mem::take(&mut self.notes)
    }
}

/// A number of 7 bits from a name, the same for the same name, and mostly different for the
/// names of one game: its length and its first, middle and last bytes.
#[inline(always)]
fn filter(name: &str) -> u64 {
    let b = name.as_bytes();
    let n = b.len();
    let bytes = match b {
        [] => 0,
        _ => u64::from(b[0]) << 8 | u64::from(b[n / 2]) << 16 | u64::from(b[n - 1]) << 24,
    };
    (n as u64 | bytes).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 57
}

/// A name as numbers that are equal only for equal names of up to 16 bytes (every usual tag
/// name): its first and last bytes read as words, and its length; a longer name also by its
/// hash (FNV-1a).
type Key = (u64, u64, usize);

fn hash(name: &str) -> Key {
    let b = name.as_bytes();
    let n = b.len();
    let word = |s: &[u8]| s.iter().rev().fold(0u64, |w, &c| w << 8 | u64::from(c));
    match n {
        0..=3 => (word(b), 0, n),
        4..=7 => {
            let first = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            let last = u32::from_le_bytes([b[n - 4], b[n - 3], b[n - 2], b[n - 1]]);
            (u64::from(first), u64::from(last), n)
        }
        _ => {
            let first = u64::from_le_bytes(b[..8].try_into().unwrap_or_default());
            let last = u64::from_le_bytes(b[n - 8..].try_into().unwrap_or_default());
            if n <= 16 {
                (first, last, n)
            } else {
                let h = b.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &c| {
                    (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3)
                });
                (first ^ h, last, n)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The warnings a watch gives for `tags`.
    fn of(tags: &record::Tags) -> Vec<GameError> {
        let mut watch = TagWatch::default();
        for t in tags.iter() {
            watch.tag(&t.name, t.at, None);
        }
        watch.take()
    }

    fn notes(text: &str) -> Vec<String> {
        let game = record::read_games(text).remove(0).unwrap();
        of(&game.tags)
            .into_iter()
            .map(|e| format!("{}: {}", e.at.line, e.message))
            .collect()
    }

    #[test]
    fn repeated_tags_and_blocks() {
        assert!(notes("[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *").is_empty());
        assert!(notes("[Event \"a\"] [Site \"b\"]\n1. e4 *").is_empty());
        let n = notes("[Event \"C\"]\n[Event \"D\"]\n1. d4 *");
        assert_eq!(
            n,
            ["2: the tag Event is given again: the first, on line 1, counts"]
        );
        let n = notes("[Event \"A\"]\n[White \"x\"]\n\n[Event \"B\"]\n[Black \"y\"]\n\n1. e4 *");
        assert_eq!(n.len(), 2, "{n:?}");
        assert!(
            n[0].starts_with("4: the tags of lines 1-2 have no moves"),
            "{n:?}"
        );
        assert!(n[1].starts_with("4: the tag Event is given again"), "{n:?}");
    }

    #[test]
    fn names_are_told_apart_exactly() {
        let names = [
            "",
            "a",
            "ab",
            "abc",
            "abcd",
            "abce",
            "Event",
            "Evenu",
            "aaaaaaaa",
            "aaaaaaaaa",
            "WhiteRatingDiff",
            "BlackRatingDiff",
            "WhiteRatingDiffX",
            "abcdefghijklmnopq",
            "abcdefghijklmnopr",
        ];
        for (i, a) in names.iter().enumerate() {
            for (j, b) in names.iter().enumerate() {
                assert_eq!(hash(a) == hash(b), i == j, "{a} {b}");
            }
        }
    }
}
