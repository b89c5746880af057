//! The rest of an input as one [`Read`]: texts already taken out of it (chunks, a
//! splitter's buffer), in order, then the input still unread. What
//! [`crate::parallel::Parallel`] reads on its calling thread once the chunks run into a
//! stretch too long for one.

use std::collections::VecDeque;
use std::io::{self, Read};

/// Texts taken from an input, then the input itself.
pub(crate) struct Pieces<R> {
    /// The texts, in the order of the input; each is let go once read.
    pub texts: VecDeque<Vec<u8>>,
    /// The bytes read of the first text.
    pub read: usize,
    /// The input after the texts.
    pub unread: R,
}

impl<R: Read> Read for Pieces<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while let Some(front) = self.texts.front() {
            let left = &front[self.read..];
            if !left.is_empty() {
                let n = left.len().min(out.len());
                out[..n].copy_from_slice(&left[..n]);
                self.read += n;
                return Ok(n);
            }
            self.texts.pop_front();
            self.read = 0;
        }
        self.unread.read(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_texts_then_the_input() {
        let mut pieces = Pieces {
            texts: VecDeque::from([b"ab".to_vec(), Vec::new(), b"cde".to_vec()]),
            read: 0,
            unread: &b"fg"[..],
        };
        let mut all = Vec::new();
        let mut small = [0u8; 2];
        loop {
            let n = pieces.read(&mut small).unwrap();
            if n == 0 {
                break;
            }
            all.extend_from_slice(&small[..n]);
        }
        assert_eq!(all, b"abcdefg");
    }
}
