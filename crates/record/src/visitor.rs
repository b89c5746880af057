//! The callbacks through which the reader hands over a game, token by token.

use crate::{CommentKind, Leniency, Nag, Pos};

/// What the reader should do after a callback.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[must_use]
pub enum Flow {
    /// Go on with the next token.
    #[default]
    Continue,
    /// Skip the rest of the innermost variation: the one just begun when returned from
    /// [`Visitor::begin_variation`] (its `end_variation` is then not called), or the one
    /// holding the move when returned from [`Visitor::move_word`] (its `end_variation` is
    /// still called). In the main line this is the same as [`Flow::SkipGame`].
    SkipVariation,
    /// Skip the rest of the game's movetext: the next callback is [`Visitor::end_game`].
    SkipGame,
}

/// Receives a game token by token, from [`Reader::read_game`](crate::Reader::read_game).
///
/// The reader hands over each token as soon as it has read it, in one pass over the text. The
/// tags are held back until the movetext starts, so a game whose tag section is broken reaches
/// the visitor not at all. A game that turns out to be broken further on may have shown the
/// visitor the start of its movetext: the visitor then gets no `end_game`,
/// [`read_game`](crate::Reader::read_game) returns the error, and the next game starts with
/// `begin_game` as always. So a visitor that keeps anything per game should start afresh in
/// `begin_game`. For a game without error, the calls come in this order:
///
/// 1. [`begin_game`](Visitor::begin_game),
/// 2. [`tag`](Visitor::tag) for each tag pair, in order,
/// 3. [`begin_movetext`](Visitor::begin_movetext),
/// 4. the movetext: moves, move numbers, NAGs, comments, variations, setup commands and
///    escape lines in the order written (comments and escape lines written before the tags
///    come first),
/// 5. [`result`](Visitor::result) if the game has a result token,
/// 6. [`end_game`](Visitor::end_game), which returns what the reader hands back.
///
/// Text arguments borrow from the reader's buffer: keep them by copying. Every method except
/// `end_game` does nothing by default.
///
/// ```
/// use record::{Flow, Pos, Reader, Visitor};
///
/// /// Counts the moves of the main line.
/// struct MainLineLength { plies: usize }
///
/// impl Visitor for MainLineLength {
///     type Output = usize;
///     fn begin_game(&mut self, _at: Pos) { self.plies = 0; }
///     fn begin_variation(&mut self, _at: Pos) -> Flow { Flow::SkipVariation }
///     fn move_word(&mut self, _text: &str, _at: Pos) -> Flow {
///         self.plies += 1;
///         Flow::Continue
///     }
///     fn end_game(&mut self) -> usize { self.plies }
/// }
///
/// let mut reader = Reader::from_str("1. 32-28 (1. 33-29 18-23) 1... 19-23 2. 28x19 *");
/// let mut v = MainLineLength { plies: 0 };
/// assert_eq!(reader.read_game(&mut v).unwrap(), Some(3));
/// assert_eq!(reader.read_game(&mut v).unwrap(), None);
/// ```
pub trait Visitor {
    /// What a game turns into.
    type Output;

    /// A game starts; `at` is the place of its first token. Whatever was kept of a game
    /// before (which may have ended with a syntax error instead of `end_game`) is done with.
    fn begin_game(&mut self, at: Pos) {
        let _ = at;
    }

    /// A tag pair; `value` has its escapes undone.
    fn tag(&mut self, name: &str, value: &str, at: Pos) {
        let _ = (name, value, at);
    }

    /// The tags are over and the movetext begins. Return [`Flow::SkipGame`] (or
    /// [`Flow::SkipVariation`]) to skip the movetext.
    fn begin_movetext(&mut self) -> Flow {
        Flow::Continue
    }

    /// A move number such as `12.` or `12...` (`number`, and the count of dots), or a run of
    /// dots alone (`...`, with `number` `None`). Move numbers are not part of the game tree;
    /// this is only for checking them.
    fn move_number(&mut self, number: Option<u32>, dots: u32, at: Pos) {
        let _ = (number, dots, at);
    }

    /// A move, as written, without move number and without glued move-strength marks (which
    /// come next as NAGs). Return [`Flow::SkipVariation`] or [`Flow::SkipGame`] to skip the
    /// rest of the line or game, for example after an illegal move.
    fn move_word(&mut self, text: &str, at: Pos) -> Flow {
        let _ = (text, at);
        Flow::Continue
    }

    /// A numeric annotation glyph, from `$n` or from a mark such as `!?` or `±`.
    fn nag(&mut self, nag: Nag, at: Pos) {
        let _ = (nag, at);
    }

    /// A comment, trimmed of surrounding white space.
    fn comment(&mut self, text: &str, kind: CommentKind, at: Pos) {
        let _ = (text, kind, at);
    }

    /// A variation begins (an alternative to the last move). Return [`Flow::SkipVariation`]
    /// to skip it.
    fn begin_variation(&mut self, at: Pos) -> Flow {
        let _ = at;
        Flow::Continue
    }

    /// A variation ends.
    fn end_variation(&mut self, at: Pos) {
        let _ = at;
    }

    /// A setup command in the movetext, such as `/FEN "W:W31-50:B1-20"/`.
    fn setup(&mut self, name: &str, value: &str, at: Pos) {
        let _ = (name, value, at);
    }

    /// An escape line: the text after the `%`, without the line end.
    fn escape(&mut self, line: &str, at: Pos) {
        let _ = (line, at);
    }

    /// The result token that ends the game (with `-` for a Unicode dash, see
    /// [`Leniency::ResultDash`]).
    fn result(&mut self, text: &str, at: Pos) {
        let _ = (text, at);
    }

    /// Something the reader read although the text breaks the format (see [`Leniency`]),
    /// with the text concerned, in the order of the text among the other calls (one in the
    /// tag section comes after [`begin_movetext`](Visitor::begin_movetext)).
    fn lenient(&mut self, what: Leniency, text: &str, at: Pos) {
        let _ = (what, text, at);
    }

    /// The game is over; what this returns is what `read_game` returns.
    fn end_game(&mut self) -> Self::Output;
}

impl<V: Visitor + ?Sized> Visitor for &mut V {
    type Output = V::Output;
    fn begin_game(&mut self, at: Pos) {
        (**self).begin_game(at)
    }
    fn tag(&mut self, name: &str, value: &str, at: Pos) {
        (**self).tag(name, value, at)
    }
    fn begin_movetext(&mut self) -> Flow {
        (**self).begin_movetext()
    }
    fn move_number(&mut self, number: Option<u32>, dots: u32, at: Pos) {
        (**self).move_number(number, dots, at)
    }
    fn move_word(&mut self, text: &str, at: Pos) -> Flow {
        (**self).move_word(text, at)
    }
    fn nag(&mut self, nag: Nag, at: Pos) {
        (**self).nag(nag, at)
    }
    fn comment(&mut self, text: &str, kind: CommentKind, at: Pos) {
        (**self).comment(text, kind, at)
    }
    fn begin_variation(&mut self, at: Pos) -> Flow {
        (**self).begin_variation(at)
    }
    fn end_variation(&mut self, at: Pos) {
        (**self).end_variation(at)
    }
    fn setup(&mut self, name: &str, value: &str, at: Pos) {
        (**self).setup(name, value, at)
    }
    fn escape(&mut self, line: &str, at: Pos) {
        (**self).escape(line, at)
    }
    fn result(&mut self, text: &str, at: Pos) {
        (**self).result(text, at)
    }
    fn lenient(&mut self, what: Leniency, text: &str, at: Pos) {
        (**self).lenient(what, text, at)
    }
    fn end_game(&mut self) -> Self::Output {
        (**self).end_game()
    }
}
