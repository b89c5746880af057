//! The text of a line's last move word, kept for a word that may join it (`O-O ch`, `e4 +`):
//! copied at every move, so kept without a heap copy for the short words of most games.

/// A word's text: inline when it is short, else on the heap.
#[derive(Clone, Debug, Default)]
pub(crate) struct LastWord {
    short: [u8; LastWord::INLINE],
    /// The length of the inline text, or [`LastWord::LONG`] when the text is in `long`.
    len: u8,
    long: String,
}

impl LastWord {
    /// The longest text kept inline.
    const INLINE: usize = 16;
    const LONG: u8 = u8::MAX;

    /// Keeps `text`.
    #[inline(always)]
    pub(crate) fn set(&mut self, text: &str) {
        let b = text.as_bytes();
        let n = b.len();
        if n > LastWord::INLINE {
            self.long.clear();
            self.long.push_str(text);
            self.len = LastWord::LONG;
            return;
        }
        // Copies of fixed sizes that overlap, in place of a copy of `n` bytes.
        let s = &mut self.short;
        if n >= 8 {
            s[..8].copy_from_slice(&b[..8]);
            s[n - 8..n].copy_from_slice(&b[n - 8..]);
        } else if n >= 4 {
            s[..4].copy_from_slice(&b[..4]);
            s[n - 4..n].copy_from_slice(&b[n - 4..]);
        } else if n > 0 {
            s[0] = b[0];
            s[n / 2] = b[n / 2];
            s[n - 1] = b[n - 1];
        }
        self.len = n as u8;
    }

    /// The text kept.
    pub(crate) fn as_str(&self) -> &str {
        if self.len == LastWord::LONG {
            &self.long
        } else {
            // Whole UTF-8 text was copied: it reads back.
            std::str::from_utf8(&self.short[..usize::from(self.len)]).unwrap_or_default()
        }
    }

    /// Keeps the text kept with `sep` and `text` after it, and gives the whole.
    pub(crate) fn join(&mut self, sep: &str, text: &str) -> String {
        let joined = format!("{}{sep}{text}", self.as_str());
        self.set(&joined);
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_length_reads_back() {
        let text = "Ñe4xf5+abcdefghijklmnopqrstuvwxyz";
        let mut w = LastWord::default();
        for end in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            w.set(&text[..end]);
            assert_eq!(w.as_str(), &text[..end]);
        }
        w.set("O-O");
        assert_eq!(w.join(" ", "ch"), "O-O ch");
        assert_eq!(w.as_str(), "O-O ch");
        assert_eq!(w.join("", "abcdefghijklmnop"), "O-O chabcdefghijklmnop");
        assert_eq!(w.as_str(), "O-O chabcdefghijklmnop");
    }
}
