//! The reader's buffer: the input read and not yet consumed. It is kept as a `String` while
//! it is valid UTF-8 (checked once each time more is read), so that the text of each game can
//! be handed over without checking it again.

use std::io::{self, Read};

#[derive(Debug, Default)]
pub(crate) struct Buffer {
    /// The bytes, when they are not valid UTF-8 (else empty).
    bytes: Vec<u8>,
    /// The bytes, when they are valid UTF-8 (else empty).
    text: String,
    is_text: bool,
    /// A run of ASCII bytes, and the non-ASCII byte or end of the buffer that stops it.
    ascii: Option<(usize, usize)>,
}

impl Buffer {
    pub fn bytes(&self) -> &[u8] {
        if self.is_text {
            self.text.as_bytes()
        } else {
            &self.bytes
        }
    }

    /// The whole buffer as text, if it is valid UTF-8.
    pub fn text(&self) -> Option<&str> {
        self.is_text.then_some(self.text.as_str())
    }

    /// Drops the bytes before `from`, then reads up to `more` bytes at the end. Returns how
    /// many bytes were read: fewer than `more` only at the end of the input. After an input
    /// error, what was read before it is kept.
    pub fn refill<R: Read>(
        &mut self,
        from: usize,
        inner: &mut R,
        more: usize,
    ) -> io::Result<usize> {
        let mut v = if self.is_text {
            std::mem::take(&mut self.text).into_bytes()
        } else {
            std::mem::take(&mut self.bytes)
        };
        self.is_text = false;
        self.ascii = None;
        let from = from.min(v.len());
        v.copy_within(from.., 0);
        v.truncate(v.len() - from);
        let before = v.len();
        if v.capacity() == 0 {
            // Room for as much again, so that the next reads need not move the buffer.
            v.reserve_exact(more.saturating_mul(2).min(u32::MAX as usize));
        } else {
            v.reserve(more);
        }
        let read = inner.take(more as u64).read_to_end(&mut v);
        let n = v.len() - before;
        self.hold(v);
        read.map(|_| n)
    }

    /// A buffer holding `v`, without copying it.
    pub fn from_vec(v: Vec<u8>) -> Buffer {
        let mut buf = Buffer::default();
        buf.hold(v);
        buf
    }

    /// The bytes, given back.
    pub fn into_vec(self) -> Vec<u8> {
        if self.is_text {
            self.text.into_bytes()
        } else {
            self.bytes
        }
    }

    /// Makes `v` the buffer, kept as text if it is valid UTF-8.
    fn hold(&mut self, v: Vec<u8>) {
        match String::from_utf8(v) {
            Ok(text) => {
                self.text = text;
                self.is_text = true;
            }
            Err(e) => self.bytes = e.into_bytes(),
        }
    }

    /// Where the run of ASCII bytes that starts at `at` ends: at a non-ASCII byte or at the
    /// end of the buffer. Each byte is looked at once between two reads, as the games of the
    /// buffer are read in order.
    pub fn ascii_end(&mut self, at: usize) -> usize {
        if let Some((from, to)) = self.ascii
            && from <= at
            && at <= to
        {
            return to;
        }
        let bytes = self.bytes();
        let to = at + ascii_len(bytes.get(at..).unwrap_or_default());
        self.ascii = Some((at, to));
        to
    }
}

/// The length of the ASCII prefix of `b`, looking at 32 bytes at a time.
fn ascii_len(b: &[u8]) -> usize {
    let mut chunks = b.chunks_exact(32);
    let mut n = 0;
    for chunk in chunks.by_ref() {
        if chunk.iter().fold(0, |acc, &c| acc | c) >= 0x80 {
            break;
        }
        n += 32;
    }
    n + b[n..]
        .iter()
        .position(|c| !c.is_ascii())
        .unwrap_or(b.len() - n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_runs() {
        for (text, at, end) in [
            (&b""[..], 0, 0),
            (b"abc", 0, 3),
            (b"abc\xe9", 1, 3),
            (b"\xe9", 0, 0),
            (&[b'x'; 100], 7, 100),
        ] {
            assert_eq!(ascii_len(&text[at..]) + at, end);
        }
        let mut long = vec![b'a'; 70];
        long[65] = 0xC3;
        assert_eq!(ascii_len(&long), 65);
        let mut buf = Buffer::default();
        let mut input = &long[..];
        assert_eq!(buf.refill(0, &mut input, 1000).unwrap(), 70);
        assert!(buf.text().is_none());
        assert_eq!(buf.ascii_end(3), 65);
        assert_eq!(buf.ascii_end(66), 70);
        let mut input = "é d".as_bytes();
        buf.refill(70, &mut input, 1000).unwrap();
        assert_eq!(buf.text(), Some("é d"));
        assert_eq!(buf.ascii_end(0), 0);
        assert_eq!(buf.ascii_end(2), 4);
    }
}
