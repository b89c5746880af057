//! Skipping the rest of a game too long to hold ([`crate::Reader::with_max_game`]): the
//! bytes up to the next line that starts with `[` (where a game's tags start) are read
//! piece by piece and let go, counting their line breaks (so that the places of the games
//! after stay right) and looking for a NUL byte, which no text of games holds: input with
//! one is binary (`/dev/zero`, an image), and its reading stops there.

/// What a skip has seen so far.
#[derive(Debug)]
pub(crate) struct Skip {
    /// The byte before the next one scanned (a line break: a `[` first in the next piece
    /// starts a line).
    prev: u8,
    /// Line breaks skipped so far: LF, CR LF and CR alone count one each.
    pub lines: u32,
    /// The line (counted from the skip's start, as `lines`) of the first NUL byte skipped.
    pub nul: Option<u32>,
}

impl Skip {
    /// A skip whose first byte comes after `prev`.
    pub fn after(prev: u8) -> Skip {
        Skip {
            prev,
            lines: 0,
            nul: None,
        }
    }

    /// Skips `bytes` (at most the game's first bytes, looked at only for line breaks and
    /// NUL bytes): none of them starts the next game.
    pub fn pass(&mut self, bytes: &[u8]) {
        self.note(bytes);
    }

    /// Skips the next `bytes` up to the first `[` that starts a line, if there is one: its
    /// index, where the next game starts. A NUL byte before it ends the search (see
    /// [`Skip::nul`]): `None`.
    pub fn scan(&mut self, bytes: &[u8]) -> Option<usize> {
        let mut from = 0;
        let found = loop {
            let Some(j) = memchr::memchr(b'[', &bytes[from..]) else {
                break None;
            };
            let p = from + j;
            let before = if p == 0 { self.prev } else { bytes[p - 1] };
            if matches!(before, b'\n' | b'\r') {
                break Some(p);
            }
            from = p + 1;
        };
        self.note(&bytes[..found.unwrap_or(bytes.len())]);
        found.filter(|_| self.nul.is_none())
    }

    /// Counts the line breaks of `bytes` and notes a NUL byte among them.
    fn note(&mut self, bytes: &[u8]) {
        if self.nul.is_none()
            && let Some(k) = memchr::memchr(0, bytes)
        {
            self.nul = Some(
                self.lines
                    .saturating_add(line_breaks(self.prev, &bytes[..k])),
            );
        }
        self.lines = self.lines.saturating_add(line_breaks(self.prev, bytes));
        if let Some(&last) = bytes.last() {
            self.prev = last;
        }
    }
}

/// The line breaks of `bytes` after the byte `prev`: each CR, and each LF not right after a
/// CR.
fn line_breaks(prev: u8, bytes: &[u8]) -> u32 {
    let cr = memchr::memchr_iter(b'\r', bytes).count();
    let lf = memchr::memchr_iter(b'\n', bytes)
        .filter(|&i| (if i == 0 { prev } else { bytes[i - 1] }) != b'\r')
        .count();
    u32::try_from(cr + lf).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_tag_line_across_pieces_and_counts_the_lines_before_it() {
        let mut skip = Skip::after(b'x');
        assert_eq!(skip.scan(b"[no: mid-line] {a\r\nb\r"), None);
        // The `[` after the CR that ended the last piece starts a line.
        assert_eq!(skip.scan(b"\n[Event"), Some(1));
        // The CR LF and the lone CR: 2; the LF after the CR that ended the first piece is
        // part of a CR LF, not a third.
        assert_eq!(skip.lines, 2);
        assert_eq!(skip.nul, None);
    }

    #[test]
    fn a_nul_byte_ends_the_search() {
        let mut skip = Skip::after(b'\n');
        skip.pass(b"aaa\n");
        assert_eq!(skip.scan(b"bb\n\0\n[Event"), None);
        assert_eq!(skip.nul, Some(2));
    }

    #[test]
    fn a_tag_line_at_the_start_of_a_piece_counts_the_byte_before() {
        assert_eq!(Skip::after(b'\n').scan(b"[A"), Some(0));
        assert_eq!(Skip::after(b'\r').scan(b"[A"), Some(0));
        assert_eq!(Skip::after(b' ').scan(b"[A"), None);
    }
}
