//! Writing games back as text.

use std::fmt::{self, Display, Write as _};
use std::io;

use crate::tag::write_quoted;
use crate::{Extra, Game, Line, MovetextWriter};

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
        write_tag(out, name, value)?;
        any_tag = true;
    }
    if any_tag {
        out.write_char('\n')?;
    }
    let mut w = MovetextWriter::new(out, options.clone());
    let mut word = String::new();
    walk_line(&mut w, moves, writer, start, &mut word)?;
    w.finish(result).map(|_| ())
}

/// Writes one tag pair as [`write_game`] writes it: `[Name "value"]` and a line break, with
/// `"` and `\` in the value escaped, the name as [`name_form`] and the value as
/// [`one_line_form`] write them.
///
/// [`name_form`]: crate::name_form
/// [`one_line_form`]: crate::one_line_form
///
/// ```
/// let mut out = String::new();
/// record::write_tag(&mut out, "Event", "The \"Open\"").unwrap();
/// assert_eq!(out, "[Event \"The \\\"Open\\\"\"]\n");
/// ```
pub fn write_tag(out: &mut impl fmt::Write, name: &str, value: &str) -> fmt::Result {
    out.write_char('[')?;
    out.write_str(&crate::name_form(name))?;
    out.write_char(' ')?;
    write_quoted(out, &crate::one_line_form(value))?;
    out.write_str("]\n")
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

/// Hands a line's moves and items to `w` in the order of the text, each move written by
/// `moves` in `state`; a side line starts from the state before the move it is an alternative
/// to (before the line's first move: from the line's start).
fn walk_line<M, V: MoveWriter<M>, W: fmt::Write>(
    w: &mut MovetextWriter<W>,
    line: &Line<M>,
    moves: &mut V,
    mut state: V::State,
    word: &mut String,
) -> fmt::Result {
    if !line.before.is_empty() {
        let start = state.clone();
        for extra in &line.before {
            walk_extra(w, extra, moves, &mut state, Some(&start), word)?;
        }
    }
    for node in &line.nodes {
        // Only a move with a variation after it needs the state before it kept.
        let before_move = node
            .after
            .iter()
            .any(|e| matches!(e, Extra::Variation(_)))
            .then(|| state.clone());
        word.clear();
        moves.write_move(&mut state, &node.mov, word);
        w.push_move(word)?;
        for extra in &node.after {
            walk_extra(w, extra, moves, &mut state, before_move.as_ref(), word)?;
        }
    }
    Ok(())
}

/// Hands one item to `w`: `state` is the state after the move it follows, `alternative` the
/// one a variation starts from (kept only when there is a variation).
fn walk_extra<M, V: MoveWriter<M>, W: fmt::Write>(
    w: &mut MovetextWriter<W>,
    extra: &Extra<M>,
    moves: &mut V,
    state: &mut V::State,
    alternative: Option<&V::State>,
    word: &mut String,
) -> fmt::Result {
    match extra {
        Extra::Nags(run) => {
            for nag in run {
                w.nag(*nag)?;
            }
        }
        Extra::Comment { text, kind } => w.comment(text, *kind)?,
        Extra::Variation(line) => {
            w.begin_variation()?;
            let start = alternative.unwrap_or(state).clone();
            walk_line(w, line, moves, start, word)?;
            w.end_variation()?;
        }
        Extra::Setup(setup) => {
            moves.setup(state, &setup.name, &setup.value);
            w.setup(&setup.name, &setup.value)?;
        }
        Extra::Escape(text) => w.escape(text)?,
    }
    Ok(())
}
