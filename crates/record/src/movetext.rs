//! Writing movetext one item at a time, in the order of the text: what [`write_game`]
//! writes for a tree, written by a program that replays a game as it reads it and keeps no
//! tree.
//!
//! [`write_game`]: crate::write_game

use std::fmt;

use crate::lexer::joins_previous_word;
use crate::tag::write_quoted;
use crate::{CommentKind, Nag, WriteOptions};

/// Writes movetext as it is handed over, move by move and item by item, laid out exactly as
/// [`write_game`](crate::write_game) lays out a tree holding the same items (which it does
/// through this writer): move numbers, wrapping, marks glued to their move, side lines in
/// parentheses. It keeps only the last move's text, since what follows a move decides how the
/// move is written (a mark glued to it, the ply separator after it).
///
/// ```
/// use record::{CommentKind, MovetextWriter, Nag, WriteOptions};
///
/// let mut w = MovetextWriter::new(String::new(), WriteOptions::default());
/// w.push_move("e4")?;
/// w.nag(Nag(1))?;
/// w.push_move("e5")?;
/// w.begin_variation()?;
/// w.push_move("c5")?;
/// w.end_variation()?;
/// w.comment("the open game", CommentKind::Brace)?;
/// w.push_move("Nf3")?;
/// let text = w.finish("*")?;
/// assert_eq!(text, "1. e4! e5 (1... c5) {the open game} 2. Nf3 *\n\n");
/// # Ok::<_, std::fmt::Error>(())
/// ```
#[derive(Debug)]
pub struct MovetextWriter<W> {
    out: W,
    options: WriteOptions,
    /// Characters on the current line.
    column: usize,
    /// The next token must start a new line (after a `;` comment, or after a word that a
    /// following word on the same line would be joined to).
    break_next: bool,
    /// `(` waiting to be glued to the next token.
    opens: usize,
    /// The last move's text with its number, while `pending` says it is not written yet.
    word: String,
    pending: Option<Pending>,
    /// The main line and the side lines open in it, innermost last.
    lines: Vec<LineState>,
}

/// The last move, not written yet: nothing but a glued mark has followed it.
#[derive(Clone, Copy, Debug)]
struct Pending {
    ply: u32,
    /// The length of the move number in front of the move's text.
    number_len: usize,
    /// A move-strength mark is glued to it.
    glued: bool,
}

#[derive(Clone, Copy, Debug)]
struct LineState {
    /// The absolute index of the line's first ply.
    first: u32,
    /// Moves of the line so far.
    moves: u32,
    /// The next second-mover's ply of the line gets its number (`N...`).
    need_number: bool,
}

/// What comes after a move that is still to be written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Next {
    /// The next move of its line.
    Move,
    /// An item between moves (a comment, a side line, a NAG not glued, ...).
    Item,
    /// The end of its line.
    End,
}

impl<W: fmt::Write> MovetextWriter<W> {
    /// A writer of movetext to `out`, laid out as `options` say; nothing is written yet.
    pub fn new(out: W, options: WriteOptions) -> MovetextWriter<W> {
        let main = LineState {
            first: options.first_ply,
            moves: 0,
            need_number: true,
        };
        MovetextWriter {
            out,
            options,
            column: 0,
            break_next: false,
            opens: 0,
            word: String::new(),
            pending: None,
            lines: vec![main],
        }
    }

    /// Sets how moves are numbered and separated ([`WriteOptions::first_ply`] and
    /// [`WriteOptions::ply_separator`]), for a program that learns them only after items that
    /// come before the first move (a comment before the moves, say). It must come before the
    /// main line's first move, and before any move of a side line opened before it (such a
    /// line starts where the main line does, so it is numbered anew too).
    pub fn set_numbering(&mut self, first_ply: u32, ply_separator: Option<char>) {
        debug_assert!(self.lines.iter().all(|line| line.moves == 0));
        self.options.first_ply = first_ply;
        self.options.ply_separator = ply_separator;
        for line in &mut self.lines {
            line.first = first_ply;
        }
    }

    /// The writer's output so far (the last move may still be missing from it).
    pub fn get_ref(&self) -> &W {
        &self.out
    }

    /// The writer's output, to write to it directly what comes before the movetext (the tags,
    /// say): the writer takes it that a line starts where it writes next, so what is written
    /// here must end with a line break, and come before anything else is handed to the writer.
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// A move of the current line, as its text (`"Nf3"`, `"11-15"`).
    pub fn push_move(&mut self, text: &str) -> fmt::Result {
        self.settle(Next::Move)?;
        let line = self
            .lines
            .last_mut()
            .expect("the main line is never closed");
        let ply = line.first.saturating_add(line.moves);
        line.moves = line.moves.saturating_add(1);
        let need_number = line.need_number;
        let n = ply / 2 + 1;
        self.word.clear();
        self.word.push_str(text);
        // A word such as `ch` right after a move would be read as part of that move.
        let first_piece = text.split(' ').next().unwrap_or_default();
        let joins = joins_previous_word(first_piece.as_bytes());
        if self.options.move_numbers && ply.is_multiple_of(2) {
            insert_number(&mut self.word, n, ". ");
        } else if self.options.move_numbers && (need_number || joins) {
            insert_number(&mut self.word, n, "... ");
        }
        self.pending = Some(Pending {
            ply,
            number_len: self.word.len() - text.len(),
            glued: false,
        });
        Ok(())
    }

    /// A numeric annotation glyph: glued to the move before it as its mark (`e4!?`) when it
    /// is the first thing after the move, a move-strength NAG, and the options want glyphs;
    /// else written on its own, as its glyph if it has one the options want, else as `$n`.
    pub fn nag(&mut self, nag: Nag) -> fmt::Result {
        if let Some(p) = &mut self.pending
            && !p.glued
            && nag.is_move_strength()
            && let Some(g) = glyph(&self.options, nag)
        {
            self.word.push_str(g);
            p.glued = true;
            return Ok(());
        }
        self.settle(Next::Item)?;
        match glyph(&self.options, nag) {
            Some(g) if !nag.is_move_strength() => self.token(g),
            _ => self.token(&nag.to_string()),
        }
    }

    /// A comment, written as `{text}` or `; text` up to the end of the line: as `kind` when
    /// that form holds the text, else as [`comment_form`] says.
    ///
    /// [`comment_form`]: crate::comment_form
    pub fn comment(&mut self, text: &str, kind: CommentKind) -> fmt::Result {
        self.settle(Next::Item)?;
        let (kind, text) = crate::comment_form(text, kind);
        let text = text.as_ref();
        match kind {
            CommentKind::Brace => {
                self.token_parts(&["{", text, "}"])?;
                // Braces nest only within a line: end it, so that a `{` in the text cannot
                // pair with a `}` written after the comment.
                if text.contains('{') {
                    self.break_next = true;
                }
            }
            CommentKind::Line => {
                if text.is_empty() {
                    self.token(";")?;
                } else {
                    self.token_parts(&["; ", text])?;
                }
                self.break_next = true;
            }
        }
        Ok(())
    }

    /// A side line begins: an alternative to the current line's last move (or, before its
    /// first move, to that move). Its moves come next, then [`end_variation`].
    ///
    /// [`end_variation`]: MovetextWriter::end_variation
    pub fn begin_variation(&mut self) -> fmt::Result {
        self.settle(Next::Item)?;
        let line = self.lines.last().expect("the main line is never closed");
        let first = match line.moves {
            0 => line.first,
            n => line.first.saturating_add(n - 1),
        };
        self.lines.push(LineState {
            first,
            moves: 0,
            need_number: true,
        });
        self.opens += 1;
        Ok(())
    }

    /// The side line begun last ends (nothing happens in the main line).
    pub fn end_variation(&mut self) -> fmt::Result {
        if self.lines.len() < 2 {
            return Ok(());
        }
        self.settle(Next::End)?;
        self.lines.pop();
        self.flush_opens()?;
        let full = self.options.width > 0 && self.column >= self.options.width;
        if self.break_next || full {
            self.token(")")
        } else {
            self.glue(")")
        }
    }

    /// A setup command, written `/name "value"/`.
    pub fn setup(&mut self, name: &str, value: &str) -> fmt::Result {
        self.settle(Next::Item)?;
        let mut s = format!("/{} ", crate::setup_name_form(name));
        write_quoted(&mut s, &crate::one_line_form(value))?;
        s.push('/');
        self.token(&s)
    }

    /// An escape line, written on a line of its own: `%` and `text`.
    pub fn escape(&mut self, text: &str) -> fmt::Result {
        self.settle(Next::Item)?;
        self.flush_opens()?;
        if self.column > 0 {
            self.out.write_char('\n')?;
        }
        self.out.write_char('%')?;
        self.out.write_str(&crate::one_line_form(text))?;
        self.out.write_char('\n')?;
        self.column = 0;
        self.break_next = false;
        Ok(())
    }

    /// Ends the movetext with the result (side lines still open are closed first) and a
    /// blank line, and gives the output back.
    pub fn finish(mut self, result: &str) -> Result<W, fmt::Error> {
        while self.lines.len() > 1 {
            self.end_variation()?;
        }
        self.settle(Next::End)?;
        self.token(result)?;
        self.out.write_str("\n\n")?;
        Ok(self.out)
    }

    /// Writes the last move if it is still to be written, now that `next` follows it.
    fn settle(&mut self, next: Next) -> fmt::Result {
        let Some(p) = self.pending.take() else {
            return Ok(());
        };
        // Nothing but a glued mark has come after the move so far.
        if let Some(sep) = self.options.ply_separator
            && p.ply.is_multiple_of(2)
            && next == Next::Move
        {
            self.word.push(sep);
        }
        let word = std::mem::take(&mut self.word);
        self.token(&word)?;
        // The reader would join `35x` and a word after it on the same line.
        if word.len() > p.number_len && word.ends_with(['-', 'x', ':']) {
            self.break_next = true;
        }
        self.word = word;
        if let Some(line) = self.lines.last_mut() {
            line.need_number = next == Next::Item;
        }
        Ok(())
    }

    /// Writes a token after a space or a line break.
    fn token(&mut self, text: &str) -> fmt::Result {
        self.token_parts(&[text])
    }

    /// Writes a token made of `parts` after a space or a line break.
    fn token_parts(&mut self, parts: &[&str]) -> fmt::Result {
        let chars: usize = parts.iter().map(|p| p.chars().count()).sum();
        let len = self.opens + chars;
        let wrap = self.options.width > 0 && self.column + 1 + len > self.options.width;
        if self.column > 0 && (self.break_next || wrap) {
            self.out.write_char('\n')?;
            self.column = 0;
        } else if self.column > 0 {
            self.out.write_char(' ')?;
            self.column += 1;
        }
        self.break_next = false;
        let first = parts.iter().find(|p| !p.is_empty()).copied().unwrap_or("");
        if self.column == 0 && self.opens == 0 && first.starts_with('%') {
            // Not an escape line: keep it off the first column.
            self.out.write_char(' ')?;
            self.column += 1;
        }
        for _ in 0..self.opens {
            self.out.write_char('(')?;
        }
        self.opens = 0;
        // Characters after the last line break written, if the token has one.
        let mut after_break: Option<usize> = None;
        for part in parts {
            self.out.write_str(part)?;
            match part.rfind('\n') {
                Some(nl) => after_break = Some(part[nl + 1..].chars().count()),
                None => {
                    if let Some(c) = &mut after_break {
                        *c += part.chars().count();
                    }
                }
            }
        }
        self.column = after_break.unwrap_or(self.column + len);
        Ok(())
    }

    /// Writes text glued to the previous token.
    fn glue(&mut self, text: &str) -> fmt::Result {
        self.out.write_str(text)?;
        self.column += text.chars().count();
        Ok(())
    }

    /// Writes the `(` still waiting for a token.
    fn flush_opens(&mut self) -> fmt::Result {
        if self.opens > 0 {
            let opens = std::mem::take(&mut self.opens);
            self.token(&"(".repeat(opens))?;
        }
        Ok(())
    }
}

fn glyph(options: &WriteOptions, nag: Nag) -> Option<&'static str> {
    let wanted = if nag.is_move_strength() {
        options.strength_glyphs
    } else {
        options.other_glyphs
    };
    if wanted { nag.glyph() } else { None }
}

/// Puts the move number `n` and then `dots` before the text of `word`, as `format!("{n}{dots}")`
/// would write them, but without making a string for them: this is done for every ply.
fn insert_number(word: &mut String, n: u32, dots: &str) {
    // `u32::MAX` has ten digits.
    let mut digits = [0u8; 10];
    let mut k = digits.len();
    let mut m = n;
    loop {
        k -= 1;
        digits[k] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    let digits = std::str::from_utf8(&digits[k..]).expect("ASCII digits");
    word.insert_str(0, dots);
    word.insert_str(0, digits);
}

#[cfg(test)]
mod tests {
    use super::{MovetextWriter, insert_number};
    use crate::writer::WriteOptions;

    #[test]
    fn numbering_set_after_a_side_line_before_the_first_move_numbers_both_lines() {
        let mut w = MovetextWriter::new(String::new(), WriteOptions::default());
        w.begin_variation().unwrap();
        // The second mover moves first here: the side line and the main line start at ply 1.
        w.set_numbering(1, None);
        w.push_move("11-15").unwrap();
        w.push_move("24-20").unwrap();
        w.end_variation().unwrap();
        w.push_move("11-16").unwrap();
        let text = w.finish("*").unwrap();
        assert_eq!(text.trim_end(), "(1... 11-15 2. 24-20) 1... 11-16 *");
    }

    #[test]
    fn move_numbers_are_written_as_format_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 12345, 999_999_999, 1 << 31, u32::MAX] {
            for dots in [". ", "... "] {
                let mut word = String::from("e4");
                insert_number(&mut word, n, dots);
                assert_eq!(word, format!("{n}{dots}e4"));
            }
        }
    }
}
