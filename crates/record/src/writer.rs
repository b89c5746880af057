//! Writing games back as text.

use std::fmt::{self, Display, Write as _};
use std::io;

use crate::lexer::joins_previous_word;
use crate::tag::write_quoted;
use crate::{CommentKind, Extra, Game, Line, Nag};

/// How [`write_game`] lays out a game.
///
/// ```
/// use record::{read_games, write_game, WriteOptions};
///
/// let game = read_games("1. P4R P4R 2. C3AR C3AD *").remove(0).unwrap();
/// let spanish = WriteOptions { ply_separator: Some(','), ..WriteOptions::default() };
/// let mut out = String::new();
/// write_game(&game, &spanish, &mut out).unwrap();
/// assert_eq!(out, "1. P4R, P4R 2. C3AR, C3AD *\n\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// The longest line, in characters; lines are broken between tokens, never inside one
    /// (a token longer than this gets a line of its own). `0` means no wrapping.
    pub width: usize,
    /// The absolute index of the game's first move (ply): `0` when the first mover of the
    /// game's rules makes it, `1` when the other side does, `2 * (n - 1)` or `2 * (n - 1) + 1`
    /// when a setup position says move `n`.
    ///
    /// A ply whose absolute index `p` is even is the first mover's and is written `N. move`;
    /// an odd one is written `N... move` when it starts a line or follows a comment,
    /// variation, NAG (other than a mark glued to the move) or other item, and bare
    /// otherwise; `N = p / 2 + 1`. An odd ply whose text starts with a word that the reader
    /// would join to the move before it (`ch`, `e.p.`, ...) gets its number too.
    pub first_ply: u32,
    /// Whether to write move numbers at all. Without them, a move whose text starts with a
    /// descriptive suffix word (`ch`, `e.p.`, ...) and directly follows another move reads
    /// back joined to it.
    pub move_numbers: bool,
    /// A character written right after the first mover's ply when the second mover's ply
    /// follows it directly (`1. P4R, P4R` in Spanish descriptive notation).
    pub ply_separator: Option<char>,
    /// Write NAGs 1–6 as marks glued to the move (`e4!?`) rather than `$5`.
    pub strength_glyphs: bool,
    /// Write other NAGs that have a glyph (`±`, `∞`, `N`, ...) as that glyph rather than
    /// `$n`.
    pub other_glyphs: bool,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            width: 80,
            first_ply: 0,
            move_numbers: true,
            ply_separator: None,
            strength_glyphs: true,
            other_glyphs: false,
        }
    }
}

/// Writes a game: its tags in order, a blank line, the movetext wrapped to the width, the
/// result, and a blank line.
///
/// The result written is the game's result token, else the `Result` tag's value when it is a
/// valid result, else `*` (see [`Game::result_text`]). Moves are written with their
/// [`Display`] form, so any move type that prints as text can be written.
///
/// ```
/// use record::{read_games, write_game, WriteOptions};
///
/// let game = read_games("[White \"Tinsley\"]\n11-15 23-19 {old} (22-18) 8-11 1/2-1/2")
///     .remove(0)
///     .unwrap();
/// let mut out = String::new();
/// write_game(&game, &WriteOptions::default(), &mut out).unwrap();
/// assert_eq!(
///     out,
///     "[White \"Tinsley\"]\n\n1. 11-15 23-19 {old} (1... 22-18) 2. 8-11 1/2-1/2\n\n"
/// );
/// ```
pub fn write_game<M: Display>(
    game: &Game<M>,
    options: &WriteOptions,
    out: &mut impl fmt::Write,
) -> fmt::Result {
    write_game_with(
        game.tags
            .iter()
            .map(|t| (t.name.as_str(), t.value.as_str())),
        &game.moves,
        game.result_text(),
        &mut DisplayMoves,
        (),
        options,
        out,
    )
}

/// Writes the moves of a game for [`write_game_with`], replaying them as it goes: each move is
/// written in the state (a position) it is made in.
///
/// A line's moves are written in order, each advancing the state; a variation after a move
/// starts from a copy of the state before that move (a variation before a line's first move,
/// from the state at the start of the line).
pub trait MoveWriter<M> {
    /// What the writer knows between moves, such as the position.
    type State: Clone;

    /// Writes `mov`, made in `state`, at the end of `out`, and moves `state` past it.
    fn write_move(&mut self, state: &mut Self::State, mov: &M, out: &mut String);

    /// A setup command (`/FEN "..."/`) met after the move that led to `state`, or before a
    /// line's first move. It does nothing unless the writer overrides it.
    fn setup(&mut self, state: &mut Self::State, name: &str, value: &str) {
        let _ = (state, name, value);
    }
}

/// The [`MoveWriter`] of [`write_game`]: a move's [`Display`] form.
struct DisplayMoves;

impl<M: Display> MoveWriter<M> for DisplayMoves {
    type State = ();

    fn write_move(&mut self, _: &mut (), mov: &M, out: &mut String) {
        // Writing to a String cannot fail.
        let _ = write!(out, "{mov}");
    }
}

/// Writes a game from its parts, as [`write_game`] does, with each move written by `moves`
/// from the state `start`: a program that keeps moves of its own type (a move of the rules
/// rather than its text) writes them in any notation without first building a game of
/// strings. `tags` are the tag pairs to write, in order, and `result` the result.
///
/// ```
/// use record::{MoveWriter, WriteOptions, read_games, write_game_with};
///
/// /// Writes each move word with the number of the ply.
/// struct Count;
/// impl MoveWriter<String> for Count {
///     type State = u32;
///     fn write_move(&mut self, ply: &mut u32, mov: &String, out: &mut String) {
///         *ply += 1;
///         out.push_str(&format!("{mov}/{ply}"));
///     }
/// }
/// let game = read_games("1. e4 (1. d4 d5) e5 *").remove(0).unwrap();
/// let mut out = String::new();
/// let tags = [("Event", "Demo")];
/// write_game_with(tags, &game.moves, "*", &mut Count, 0, &WriteOptions::default(), &mut out)
///     .unwrap();
/// assert_eq!(out, "[Event \"Demo\"]\n\n1. e4/1 (1. d4/1 d5/2) 1... e5/2 *\n\n");
/// ```
pub fn write_game_with<'t, M, W: MoveWriter<M>>(
    tags: impl IntoIterator<Item = (&'t str, &'t str)>,
    moves: &Line<M>,
    result: &str,
    writer: &mut W,
    start: W::State,
    options: &WriteOptions,
    out: &mut impl fmt::Write,
) -> fmt::Result {
    let mut any_tag = false;
    for (name, value) in tags {
        write!(out, "[{name} ")?;
        write_quoted(out, value)?;
        out.write_str("]\n")?;
        any_tag = true;
    }
    if any_tag {
        out.write_char('\n')?;
    }
    let mut w = LineWriter {
        out,
        options,
        column: 0,
        break_next: false,
        opens: 0,
        word: String::new(),
    };
    w.line(moves, options.first_ply, writer, start)?;
    w.token(result)?;
    w.out.write_str("\n\n")
}

/// Writes a game to an [`io::Write`], as [`write_game`] does.
pub fn write_game_io<M: Display>(
    game: &Game<M>,
    options: &WriteOptions,
    out: &mut impl io::Write,
) -> io::Result<()> {
    let mut text = String::new();
    write_game(game, options, &mut text).map_err(io::Error::other)?;
    out.write_all(text.as_bytes())
}

impl<M: Display> Display for Game<M> {
    /// Writes the game with the default [`WriteOptions`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_game(self, &WriteOptions::default(), f)
    }
}

/// Lays out movetext tokens on lines of limited width.
struct LineWriter<'o, W> {
    out: &'o mut W,
    options: &'o WriteOptions,
    /// Characters on the current line.
    column: usize,
    /// The next token must start a new line (after a `;` comment, or after a word that a
    /// following word on the same line would be joined to).
    break_next: bool,
    /// `(` waiting to be glued to the next token.
    opens: usize,
    word: String,
}

impl<W: fmt::Write> LineWriter<'_, W> {
    /// Writes a token after a space or a line break.
    fn token(&mut self, text: &str) -> fmt::Result {
        let len = self.opens + text.chars().count();
        let wrap = self.options.width > 0 && self.column + 1 + len > self.options.width;
        if self.column > 0 && (self.break_next || wrap) {
            self.out.write_char('\n')?;
            self.column = 0;
        } else if self.column > 0 {
            self.out.write_char(' ')?;
            self.column += 1;
        }
        self.break_next = false;
        if self.column == 0 && self.opens == 0 && text.starts_with('%') {
            // Not an escape line: keep it off the first column.
            self.out.write_char(' ')?;
            self.column += 1;
        }
        for _ in 0..self.opens {
            self.out.write_char('(')?;
        }
        self.opens = 0;
        self.out.write_str(text)?;
        self.column = match text.rfind('\n') {
            Some(nl) => text[nl + 1..].chars().count(),
            None => self.column + len,
        };
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

    /// Writes a whole line of its own.
    fn own_line(&mut self, text: &str) -> fmt::Result {
        self.flush_opens()?;
        if self.column > 0 {
            self.out.write_char('\n')?;
        }
        self.out.write_str(text)?;
        self.out.write_char('\n')?;
        self.column = 0;
        self.break_next = false;
        Ok(())
    }

    /// Writes a line whose first ply has absolute index `first`.
    fn line<M, V: MoveWriter<M>>(
        &mut self,
        line: &Line<M>,
        first: u32,
        moves: &mut V,
        mut state: V::State,
    ) -> fmt::Result {
        let mut need_number = true;
        if !line.before.is_empty() {
            let start = state.clone();
            for extra in &line.before {
                self.extra(extra, first, moves, &mut state, Some(&start))?;
                need_number = true;
            }
        }
        for (k, node) in line.nodes.iter().enumerate() {
            let ply = first.saturating_add(k as u32);
            let n = ply / 2 + 1;
            // Only a move with a variation after it needs the state before it kept.
            let before_move = node
                .after
                .iter()
                .any(|e| matches!(e, Extra::Variation(_)))
                .then(|| state.clone());
            self.word.clear();
            moves.write_move(&mut state, &node.mov, &mut self.word);
            let mov_len = self.word.len();
            // A word such as `ch` right after a move would be read as part of that move.
            let first_piece = self.word.split(' ').next().unwrap_or_default();
            let joins = joins_previous_word(first_piece.as_bytes());
            if self.options.move_numbers && ply.is_multiple_of(2) {
                insert_number(&mut self.word, n, ". ");
            } else if self.options.move_numbers && (need_number || joins) {
                insert_number(&mut self.word, n, "... ");
            }
            let number_len = self.word.len() - mov_len;
            // A move-strength mark and the ply separator are glued to the move.
            let mut rest = &node.after[..];
            // The NAGs left of the first run after a glued mark.
            let mut run_rest: &[Nag] = &[];
            if let Some(Extra::Nags(run)) = rest.first()
                && let Some((nag, others)) = run.split_first()
                && nag.is_move_strength()
                && let Some(g) = self.glyph(*nag)
            {
                self.word.push_str(g);
                rest = &rest[1..];
                run_rest = others;
            }
            let nothing_after = rest.is_empty() && run_rest.is_empty();
            if let Some(sep) = self.options.ply_separator
                && ply.is_multiple_of(2)
                && nothing_after
                && k + 1 < line.nodes.len()
            {
                self.word.push(sep);
            }
            let word = std::mem::take(&mut self.word);
            self.token(&word)?;
            // The reader would join `35x` and a word after it on the same line.
            if word.len() > number_len && word.ends_with(['-', 'x', ':']) {
                self.break_next = true;
            }
            self.word = word;
            need_number = !nothing_after;
            for nag in run_rest {
                self.nag(*nag)?;
            }
            for extra in rest {
                self.extra(extra, ply, moves, &mut state, before_move.as_ref())?;
            }
        }
        Ok(())
    }

    /// Writes one item after (or before) the ply with absolute index `ply`: `state` is the
    /// state after that ply, `alternative` the one a variation starts from (kept only when
    /// there is a variation).
    fn extra<M, V: MoveWriter<M>>(
        &mut self,
        extra: &Extra<M>,
        ply: u32,
        moves: &mut V,
        state: &mut V::State,
        alternative: Option<&V::State>,
    ) -> fmt::Result {
        match extra {
            Extra::Nags(run) => {
                for nag in run {
                    self.nag(*nag)?;
                }
            }
            Extra::Comment {
                text,
                kind: CommentKind::Brace,
            } => {
                self.token(&format!("{{{text}}}"))?;
                // Braces nest only within a line: end it, so that a `{` in the text cannot
                // pair with a `}` written after the comment.
                if text.contains('{') {
                    self.break_next = true;
                }
            }
            Extra::Comment {
                text,
                kind: CommentKind::Line,
            } => {
                if text.is_empty() {
                    self.token(";")?;
                } else {
                    self.token(&format!("; {text}"))?;
                }
                self.break_next = true;
            }
            Extra::Variation(line) => {
                self.opens += 1;
                let start = alternative.unwrap_or(state).clone();
                self.line(line, ply, moves, start)?;
                self.flush_opens()?;
                let full = self.options.width > 0 && self.column >= self.options.width;
                if self.break_next || full {
                    self.token(")")?;
                } else {
                    self.glue(")")?;
                }
            }
            Extra::Setup(setup) => {
                moves.setup(state, &setup.name, &setup.value);
                let mut s = format!("/{} ", setup.name);
                write_quoted(&mut s, &setup.value)?;
                s.push('/');
                self.token(&s)?;
            }
            Extra::Escape(text) => self.own_line(&format!("%{text}"))?,
        }
        Ok(())
    }

    /// Writes a NAG that is not glued to its move: as its glyph if it has one that the
    /// options want (a move-strength mark only glued), else as `$n`.
    fn nag(&mut self, nag: Nag) -> fmt::Result {
        match self.glyph(nag) {
            Some(g) if !nag.is_move_strength() => self.token(g),
            _ => self.token(&nag.to_string()),
        }
    }

    fn glyph(&self, nag: Nag) -> Option<&'static str> {
        let wanted = if nag.is_move_strength() {
            self.options.strength_glyphs
        } else {
            self.options.other_glyphs
        };
        if wanted { nag.glyph() } else { None }
    }
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
    use super::insert_number;

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
