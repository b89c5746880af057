//! What a game's tags say about how it was written, as warnings: a tag given twice (the
//! first counts, as PGN readers do), and a block of tags without moves that the reader joined
//! to the next game's tags (a game needs at least a result, so PGN reads the two blocks as
//! one game's tags).

use record::{Pos, Tags};

use super::error::GameError;

/// Watches a game's tags as they are read, in order, and says what looks wrong.
#[derive(Debug, Default)]
pub(crate) struct TagWatch {
    /// Each tag name seen (as a number, see [`hash`]: a watch kept from game to game
    /// allocates nothing) and its line.
    seen: Vec<(u128, u32)>,
    /// One bit per hash value modulo 64 of the names seen: a name whose bit is clear is new
    /// without a search.
    bits: u64,
    /// The line of the first tag of the current block, and of the last tag.
    block_start: u32,
    last_line: u32,
    notes: Vec<GameError>,
}

impl TagWatch {
    /// Forgets the last game.
    pub(crate) fn clear(&mut self) {
        self.seen.clear();
        self.bits = 0;
        self.block_start = 0;
        self.last_line = 0;
        self.notes.clear();
    }

    /// The next tag of the game.
    pub(crate) fn tag(&mut self, name: &str, at: Pos) {
        if self.last_line != 0 && at.line > self.last_line + 1 {
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
        if self.last_line == 0 {
            self.block_start = at.line;
        }
        self.last_line = at.line;
        let key = hash(name);
        let bit = 1u64 << ((key as u64 ^ (key >> 64) as u64) % 64);
        let again = if self.bits & bit == 0 {
            None
        } else {
            self.seen.iter().find(|(k, _)| *k == key)
        };
        self.bits |= bit;
        match again {
            Some(&(_, first)) => self.notes.push(GameError::at(
                at,
                format!("the tag {name} is given again: the first, on line {first}, counts"),
            )),
            None => self.seen.push((key, at.line)),
        }
    }

    /// The warnings about the game's tags, in the order of the text.
    pub(crate) fn take(&mut self) -> Vec<GameError> {
        std::mem::take(&mut self.notes)
    }
}

/// The warnings [`TagWatch`] gives for `tags`.
pub(crate) fn of(tags: &Tags) -> Vec<GameError> {
    let mut watch = TagWatch::default();
    for t in tags.iter() {
        watch.tag(&t.name, t.at);
    }
    watch.take()
}

/// A name as a number: its bytes themselves when there are at most 15 (every usual tag name;
/// the length in the top byte keeps `A` and `A\0` apart), so that equal keys are equal
/// names; a longer name is hashed (FNV-1a, with its top byte 0xff so that it never equals a
/// short name's key).
fn hash(name: &str) -> u128 {
    let b = name.as_bytes();
    if b.len() < 16 {
        let mut bytes = [0u8; 16];
        bytes[..b.len()].copy_from_slice(b);
        bytes[15] = b.len() as u8;
        return u128::from_le_bytes(bytes);
    }
    let h = b.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &c| {
        (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3)
    });
    u128::from(h) | (0xff << 120)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
