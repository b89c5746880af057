//! Cutting an input into chunks of whole games, for reading them on several threads.
//!
//! A cut is made only where a game starts: at a tag line (`[` at the start of a line) after a
//! result token. That is where a game starts unless the result and the tag line are inside a
//! comment that spans lines: the reader of a chunk says whether its last game ended where the
//! whole input's reading would have ended it ([`Chunk::read_whole`]), and a chunk that did not
//! is read again together with the next one (see [`crate::parallel`]).

use std::io::{self, Read};

use crate::lexer::is_closing_markup;
use crate::result::is_result_bytes;
use crate::{GameEnd, Pos, Reader};

/// A piece of an input that starts where a game starts, with its place in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The text.
    pub text: Vec<u8>,
    /// Where the text starts in the input.
    pub at: Pos,
    /// Whether the input ends with this chunk.
    pub last: bool,
}

impl Chunk {
    /// A reader of the chunk's games, placed where the chunk is in the input: its games'
    /// places are places in the input.
    pub fn reader(&self) -> Reader<&[u8]> {
        Reader::with_chunk_size(&self.text[..], self.text.len().max(1)).starting_at(self.at)
    }

    /// Whether `reader`, a reader of this chunk that has read all its games, read them as
    /// a reader of the whole input would have: the input ends with the chunk, or no game
    /// before the last found the chunk's end, the last game's end is settled (see
    /// [`crate::GameEnd`]) and nothing but blanks follows it.
    pub fn read_whole(&self, reader: &Reader<&[u8]>) -> bool {
        self.whole(
            reader.last_game_end(),
            reader.end_found_in(),
            reader.game_count(),
        )
    }

    /// Reads the chunk's games with `read`, which is given a reader placed where the chunk
    /// is and holding the chunk's text itself ([`Reader::from_vec`]: no copy), and says
    /// whether they were read as a reader of the whole input would have read them (see
    /// [`Chunk::read_whole`]). The chunk is the same afterwards.
    ///
    /// ```
    /// use record::{Collect, Splitter};
    ///
    /// let text = "[Event \"a\"]\n1. e4 e5 1-0\n\n[Event \"b\"]\n1. d4 d5 0-1\n";
    /// let mut chunks = Splitter::new(text.as_bytes(), 1).map(Result::unwrap);
    /// let mut first = chunks.next().unwrap();
    /// let (game, whole) = first.read_in_place(|reader| reader.read_game(&mut Collect::default()));
    /// assert_eq!(game.unwrap().unwrap().moves.nodes[0].mov, "e4");
    /// assert!(whole);
    /// assert!(first.text.starts_with(b"[Event \"a\"]"));
    /// ```
    pub fn read_in_place<T>(&mut self, read: impl FnOnce(&mut Reader<&[u8]>) -> T) -> (T, bool) {
        let text = std::mem::take(&mut self.text);
        let mut reader = Reader::from_vec(text).starting_at(self.at);
        let out = read(&mut reader);
        let (end, found_end_in, games) = (
            reader.last_game_end(),
            reader.end_found_in(),
            reader.game_count(),
        );
        self.text = reader.into_vec();
        (out, self.whole(end, found_end_in, games))
    }

    /// Whether a reading of the chunk whose last game ended at `end`, after `games` games of
    /// which the first to find the chunk's end was `found_end_in`, read it whole.
    fn whole(&self, end: GameEnd, found_end_in: Option<u64>, games: u64) -> bool {
        if self.last {
            return true;
        }
        let Some(rest) = end
            .offset
            .checked_sub(self.at.offset)
            .and_then(|i| self.text.get(i as usize..))
        else {
            return false;
        };
        // A game before the last that found the end of the chunk (an unclosed comment, say)
        // may have been read otherwise than in the whole input.
        let found_end_last = found_end_in.is_none_or(|game| game >= games);
        found_end_last && end.settled && rest.iter().all(|&b| is_blank(b))
    }

    /// This chunk followed by `next`, the chunk after it.
    pub fn join(mut self, next: Chunk) -> Chunk {
        self.text.extend_from_slice(&next.text);
        self.last = next.last;
        self
    }
}

/// White space between games, as the reader skips it.
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b',' | 0x0b | 0x0c | b'\n' | b'\r')
}

/// Cuts an input into [`Chunk`]s of about a given size, each starting where a game starts.
///
/// ```
/// use record::Splitter;
///
/// let text = "[Event \"a\"]\n1. e4 e5 1-0\n\n[Event \"b\"]\n1. d4 { 0-1\n[x] } d5 0-1\n";
/// let chunks: Vec<_> = Splitter::new(text.as_bytes(), 1).map(Result::unwrap).collect();
/// // A cut after each result before a tag line, even the one inside the comment: the reader
/// // of that chunk finds it (see `Chunk::read_whole`).
/// assert_eq!(chunks.len(), 3);
/// assert_eq!(chunks[1].at.line, 4);
/// assert!(chunks[1].text.starts_with(b"[Event \"b\"]"));
/// assert!(chunks[2].last);
/// ```
#[derive(Debug)]
pub struct Splitter<R> {
    inner: R,
    buf: Vec<u8>,
    /// Where `buf[0]` is in the input.
    at: Pos,
    /// How far `buf` was searched for a cut.
    searched: usize,
    size: usize,
    eof: bool,
    done: bool,
    /// Texts of chunks given back, to hold the next chunks (see [`Splitter::recycle`]).
    spare: Vec<Vec<u8>>,
    /// The most bytes held without a cut (see [`Splitter::with_max_piece`]).
    max_piece: usize,
    /// No cut came within `max_piece` bytes: the rest is the caller's.
    gave_up: bool,
}

impl<R: Read> Splitter<R> {
    /// A splitter of `inner` into chunks of at least `size` bytes (the last may be smaller;
    /// a chunk grows until a game starts).
    pub fn new(inner: R, size: usize) -> Splitter<R> {
        Splitter {
            inner,
            buf: Vec::new(),
            at: Pos::START,
            searched: 0,
            size: size.max(1),
            eof: false,
            done: false,
            spare: Vec::new(),
            max_piece: usize::MAX,
            gave_up: false,
        }
    }

    /// Makes the splitter give up when it holds more than `bytes` of input without finding a
    /// cut (no game boundary in sight: a huge game, or games without results): it ends its
    /// chunks there ([`Splitter::gave_up`]), and the rest of the input, from the end of the
    /// last chunk, is the caller's to read otherwise ([`Splitter::into_rest`]). A chunk is
    /// then never much longer than `bytes` (by a quarter of the chunk size at most).
    ///
    /// ```
    /// use std::io::Read;
    /// use record::Splitter;
    ///
    /// let text = format!("1. e4 1-0\n[A \"\"]\n1. d4 {{{}}} 1-0\n[B \"\"]\n*\n", "x".repeat(1000));
    /// let mut splitter = Splitter::new(text.as_bytes(), 4).with_max_piece(100);
    /// let first = splitter.next_chunk().unwrap().unwrap();
    /// assert_eq!(first.text, b"1. e4 1-0\n");
    /// assert!(splitter.next_chunk().unwrap().is_none());
    /// assert!(splitter.gave_up());
    /// let (held, at, mut unread) = splitter.into_rest();
    /// let mut rest = held;
    /// unread.read_to_end(&mut rest).unwrap();
    /// assert_eq!((at.line, at.offset), (2, 10));
    /// assert_eq!(rest, &text.as_bytes()[10..]);
    /// ```
    pub fn with_max_piece(mut self, bytes: usize) -> Self {
        self.max_piece = bytes.max(1);
        self
    }

    /// Whether the splitter gave up for want of a cut (see [`Splitter::with_max_piece`]).
    pub fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// The rest of the input after the chunks handed out: the bytes held, where they start
    /// in the input, and the input still unread.
    pub fn into_rest(self) -> (Vec<u8>, Pos, R) {
        (self.buf, self.at, self.inner)
    }

    /// Gives back the text of a chunk that is no longer needed, for the splitter to hold
    /// a later chunk in: memory taken once and used again, instead of fresh memory for each
    /// chunk (which the system has to clear first).
    pub fn recycle(&mut self, mut text: Vec<u8>) {
        // As many as the caller gives back before taking the next chunks: a few.
        if self.spare.len() < 8 {
            text.clear();
            self.spare.push(text);
        }
    }

    /// The next chunk, `None` at the end of the input.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        if self.done {
            return Ok(None);
        }
        loop {
            if self.buf.len() > self.size {
                let from = self.searched.max(self.size);
                if let Some(cut) = find_cut(&self.buf, from) {
                    return Ok(Some(self.take(cut, false)));
                }
                // The last bytes may be the start of a cut (a `[` whose line may turn out to
                // be closing forum markup, six bytes): search them again.
                self.searched = self.buf.len().saturating_sub(6).max(from);
                if self.buf.len() > self.max_piece && !self.eof {
                    self.gave_up = true;
                    self.done = true;
                    return Ok(None);
                }
            }
            if self.eof {
                self.done = true;
                if self.buf.is_empty() && self.at != Pos::START {
                    return Ok(None);
                }
                let all = self.buf.len();
                return Ok(Some(self.take(all, true)));
            }
            self.fill()?;
        }
    }

    /// Reads a quarter of `size` more bytes, or up to the end of the input (into the
    /// buffer's spare room: nothing is zeroed first). In quarters, the text read past a cut,
    /// which moves to the next chunk's buffer, is at most a quarter of a chunk.
    fn fill(&mut self) -> io::Result<()> {
        let want = (self.size as u64 / 4).max(1);
        let mut got = 0;
        while got < want {
            match (&mut self.inner)
                .take(want - got)
                .read_to_end(&mut self.buf)
            {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => got += n as u64,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.done = true;
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    /// Hands out `buf[..cut]` as a chunk.
    fn take(&mut self, cut: usize, last: bool) -> Chunk {
        // The rest goes to a buffer with room for the next chunk (no growing it as it fills).
        let room = (self.buf.len() - cut).max(self.size) + self.size;
        let mut rest = match self.spare.pop() {
            Some(spare) if spare.capacity() >= room => spare,
            _ => Vec::with_capacity(room),
        };
        rest.extend_from_slice(&self.buf[cut..]);
        self.buf.truncate(cut);
        let text = std::mem::replace(&mut self.buf, rest);
        let at = self.at;
        self.at = Pos {
            line: at.line.saturating_add(line_breaks(&text)),
            column: 1,
            offset: at.offset + text.len() as u64,
        };
        self.searched = 0;
        Chunk { text, at, last }
    }
}

impl<R: Read> Iterator for Splitter<R> {
    type Item = io::Result<Chunk>;

    fn next(&mut self) -> Option<io::Result<Chunk>> {
        self.next_chunk().transpose()
    }
}

/// Line breaks as the reader counts them: LF, CR LF and CR alone are one each.
fn line_breaks(text: &[u8]) -> u32 {
    let lf = memchr::memchr_iter(b'\n', text).count();
    let lone_cr = memchr::memchr_iter(b'\r', text)
        .filter(|&i| text.get(i + 1) != Some(&b'\n'))
        .count();
    u32::try_from(lf + lone_cr).unwrap_or(u32::MAX)
}

/// The first place at or after `from` where a tag line starts after a result token: `[` at
/// the start of a line, with only blanks between it and a result word before it.
fn find_cut(buf: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(j) = memchr::memchr(b'[', &buf[i..]) {
        let p = i + j;
        // Forum markup that closes a game after its result (`[/pgn]`) is that game's.
        if p > 0
            && matches!(buf[p - 1], b'\n' | b'\r')
            && after_result(&buf[..p])
            && buf.len() - p >= 6
            && !is_closing_markup(&buf[p..])
        {
            return Some(p);
        }
        i = p + 1;
    }
    None
}

/// Whether `before` ends with a result word and blanks.
fn after_result(before: &[u8]) -> bool {
    let Some(end) = before.iter().rposition(|&b| !is_blank(b)) else {
        return false;
    };
    let start = before[..end]
        .iter()
        .rposition(|&b| is_blank(b))
        .map_or(0, |i| i + 1);
    is_result_bytes(&before[start..=end])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(text: &str, size: usize) -> Vec<Chunk> {
        Splitter::new(text.as_bytes(), size)
            .map(Result::unwrap)
            .collect()
    }

    #[test]
    fn cuts_only_before_a_tag_line_after_a_result() {
        let text = "[A \"1\"]\n1. e4 1-0\n[B \"2\"]\n\n[C \"3\"]\n1. d4 *\r\n\r\n[D \"4\"]\r1. c4 0-1\r[E \"5\"]\r*";
        let parts = chunks(text, 1);
        let starts: Vec<&str> = parts
            .iter()
            .map(|c| std::str::from_utf8(&c.text[..4]).unwrap())
            .collect();
        assert_eq!(starts, ["[A \"", "[B \"", "[D \"", "[E \""]);
        let joined: Vec<u8> = parts.iter().flat_map(|c| c.text.clone()).collect();
        assert_eq!(joined, text.as_bytes());
        let lines: Vec<u32> = parts.iter().map(|c| c.at.line).collect();
        assert_eq!(lines, [1, 3, 8, 10]);
        assert_eq!(
            parts.iter().map(|c| c.last).collect::<Vec<_>>(),
            [false, false, false, true]
        );
    }

    #[test]
    fn big_chunks_and_empty_input() {
        let game = "[Event \"x\"]\n1. e4 e5 1-0\n\n";
        let text = game.repeat(100);
        let parts = chunks(&text, 300);
        assert!(parts.len() > 5 && parts.len() < 12, "{}", parts.len());
        assert!(parts.iter().rev().skip(1).all(|c| c.text.len() >= 300));
        assert_eq!(
            chunks("", 10),
            [Chunk {
                text: Vec::new(),
                at: Pos::START,
                last: true
            }]
        );
    }

    #[test]
    fn recycled_texts_hold_the_same_chunks() {
        let text = "[Event \"x\"]\n1. e4 e5 1-0\n\n".repeat(200);
        let plain = chunks(&text, 300);
        let mut splitter = Splitter::new(text.as_bytes(), 300);
        let mut got = Vec::new();
        while let Some(chunk) = splitter.next_chunk().unwrap() {
            got.push(chunk.clone());
            splitter.recycle(chunk.text);
        }
        assert_eq!(got, plain);
    }

    #[test]
    fn reading_in_place_is_reading_a_copy() {
        // Results and tag lines inside comments that span lines: chunks cut in them, alone
        // and joined with the chunks after them.
        let text = "\u{feff}[Event \"bom\"]\n1. e4 e5 1-0\n[Event \"comment\"]\n1. d4 { 1-0\n\
                    [Event \"inside\"]\n0-1\n\n[x] } d5 0-1\n[A \"x\"]\n1. d4 { 0-1\n[B \"y\"] } *\n";
        let parts = chunks(text, 1);
        let read = |reader: &mut Reader<&[u8]>| {
            let mut collect = crate::Collect::default();
            let mut games = Vec::new();
            while let Some(game) = reader.read_game(&mut collect).transpose() {
                games.push(game.map_err(|e| e.to_string()));
            }
            games
        };
        for from in 0..parts.len() {
            let mut chunk = parts[from].clone();
            for next in &parts[from + 1..] {
                let mut reader = chunk.reader();
                let games = read(&mut reader);
                let whole = chunk.read_whole(&reader);
                let copy = chunk.clone();
                assert_eq!(chunk.read_in_place(read), (games, whole), "{from}");
                assert_eq!(chunk, copy);
                chunk = chunk.join(next.clone());
            }
        }
    }

    #[test]
    fn a_chunk_knows_whether_it_was_read_whole() {
        let text = "1. e4 1-0\n[A \"x\"]\n1. d4 { 0-1\n[B \"y\"] } 1/2-1/2\n[C \"z\"]\n*";
        let parts = chunks(text, 1);
        assert_eq!(parts.len(), 4);
        let whole: Vec<bool> = parts
            .iter()
            .map(|c| {
                let mut reader = c.reader();
                while reader
                    .read_game(&mut crate::Collect::default())
                    .is_ok_and(|g| g.is_some())
                {}
                c.read_whole(&reader)
            })
            .collect();
        // The second chunk ends inside the comment (an unclosed comment to its reader), and
        // the third starts in it.
        assert_eq!(whole, [true, false, false, true]);
        let joined = parts[1].clone().join(parts[2].clone());
        let mut reader = joined.reader();
        let game = reader
            .read_game(&mut crate::Collect::default())
            .unwrap()
            .unwrap();
        assert_eq!(game.at.line, 2);
        assert!(joined.read_whole(&reader));
    }
}
