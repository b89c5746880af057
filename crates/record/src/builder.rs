//! Building a game tree from the reader's callbacks.

use crate::{
    CommentKind, Extra, Extras, Game, Leniency, Lenient, Line, Nag, Nags, Node, Pos, ResultToken,
    Setup, Tag,
};

/// Builds a [`Game`] from a stream of moves and annotations, keeping track of open
/// variations.
///
/// The reader's [`Collect`](crate::Collect) visitor uses it to build `Game<String>`; a layer
/// that replays moves can drive it from its own [`Visitor`](crate::Visitor) to build a game of
/// its own move type directly. Annotations go after the last move of the current line, or
/// before its first move when it has none yet.
///
/// ```
/// use record::{CommentKind, Extra, GameBuilder, Nag, Pos};
///
/// let mut b = GameBuilder::new();
/// b.tag("White", "Sijbrands", Pos::default());
/// b.push_move(3228u16, Pos::default());
/// b.push_nag(Nag::GOOD_MOVE);
/// b.begin_variation();
/// b.push_move(3329, Pos::default());
/// b.push_comment("also good", CommentKind::Brace);
/// b.end_variation();
/// b.push_move(1923, Pos::default());
/// b.set_result("2-0", Pos::default());
/// let game = b.finish();
///
/// assert_eq!(game.moves.nodes.len(), 2);
/// let after = &game.moves.nodes[0].after;
/// assert_eq!(after[0], Extra::Nags(Nag(1).into()));
/// assert!(matches!(&after[1], Extra::Variation(v) if v.nodes[0].mov == 3329));
/// assert_eq!(game.result.unwrap().text, "2-0");
/// ```
#[derive(Debug, Clone)]
pub struct GameBuilder<M> {
    game: Game<M>,
    /// The variations being built, innermost last.
    open: Vec<Line<M>>,
    /// Sizes of the last game, to reserve room for the next one at once.
    last_moves: usize,
    last_tags: usize,
}

impl<M> Default for GameBuilder<M> {
    fn default() -> Self {
        GameBuilder {
            game: Game::default(),
            open: Vec::new(),
            last_moves: 0,
            last_tags: 0,
        }
    }
}

impl<M> GameBuilder<M> {
    /// A builder holding an empty game.
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts a new game at `at`, dropping whatever was being built.
    pub fn begin_game(&mut self, at: Pos) {
        self.game = Game::default();
        self.game.at = at;
        self.game.tags.reserve(self.last_tags);
        self.game.moves.nodes.reserve(self.last_moves);
        self.open.clear();
    }

    /// Appends a tag pair.
    pub fn tag(&mut self, name: &str, value: &str, at: Pos) {
        self.game.tags.push(Tag {
            name: name.into(),
            value: value.into(),
            at,
        });
    }

    /// The tags of the game being built, for a caller that gathered them itself.
    pub fn tags_mut(&mut self) -> &mut crate::Tags {
        &mut self.game.tags
    }

    /// Appends a move to the current line.
    pub fn push_move(&mut self, mov: M, at: Pos) {
        self.push_numbered_move(mov, at, None);
    }

    /// Appends a move to the current line with the move number written before it.
    pub fn push_numbered_move(&mut self, mov: M, at: Pos, number: Option<u32>) {
        self.line().nodes.push(Node {
            mov,
            at,
            number,
            after: Extras::new(),
        });
    }

    /// Appends a NAG: to the run of NAGs just before it, if the last item is one.
    pub fn push_nag(&mut self, nag: Nag) {
        let line = self.line();
        let last = match line.nodes.last_mut() {
            Some(node) => node.after.last_mut(),
            None => line.before.last_mut(),
        };
        match last {
            Some(Extra::Nags(run)) => run.push(nag),
            _ => self.push_extra(Extra::Nags(Nags::from(nag))),
        }
    }

    /// Appends a comment.
    pub fn push_comment(&mut self, text: &str, kind: CommentKind) {
        self.push_extra(Extra::Comment {
            text: text.into(),
            kind,
        });
    }

    /// Appends a setup command (`/FEN "..."/`).
    pub fn push_setup(&mut self, name: &str, value: &str, at: Pos) {
        self.push_extra(Extra::Setup(Box::new(Setup {
            name: name.to_owned(),
            value: value.to_owned(),
            at,
        })));
    }

    /// Appends an escape line (the text after the `%`).
    pub fn push_escape(&mut self, text: &str) {
        self.push_extra(Extra::Escape(text.to_owned()));
    }

    /// Appends any item.
    pub fn push_extra(&mut self, extra: Extra<M>) {
        let line = self.line();
        match line.nodes.last_mut() {
            Some(node) => node.after.push(extra),
            None => line.before.push(extra),
        }
    }

    /// Opens a variation: the next moves are an alternative to the last move of the current
    /// line.
    pub fn begin_variation(&mut self) {
        self.open.push(Line::default());
    }

    /// Closes the innermost open variation and attaches it where it was opened. Returns
    /// `false` (and does nothing) when no variation is open.
    pub fn end_variation(&mut self) -> bool {
        match self.open.pop() {
            Some(line) => {
                self.push_extra(Extra::Variation(Box::new(line)));
                true
            }
            None => false,
        }
    }

    /// Sets the result token.
    /// Notes something read leniently (see [`Game::lenient`]).
    pub fn push_lenient(&mut self, what: Leniency, text: &str, at: Pos) {
        self.game.lenient.push(Lenient {
            what,
            text: text.to_owned(),
            at,
        });
    }

    /// Sets the result token.
    pub fn set_result(&mut self, text: &str, at: Pos) {
        self.game.result = Some(ResultToken {
            text: text.to_owned(),
            at,
        });
    }

    /// How many variations are open.
    pub fn depth(&self) -> usize {
        self.open.len()
    }

    /// The line being built (the innermost open variation, or the main line).
    pub fn current_line(&self) -> &Line<M> {
        self.open.last().unwrap_or(&self.game.moves)
    }

    /// The game built so far (open variations not included yet).
    pub fn game(&self) -> &Game<M> {
        &self.game
    }

    /// Closes any open variation and returns the game, leaving the builder empty.
    pub fn finish(&mut self) -> Game<M> {
        while self.end_variation() {}
        // Games of a file tend to have similar sizes: room for half as many again as the last
        // one saves most copies of a growing list.
        let moves = self.game.moves.nodes.len();
        self.last_moves = (moves + moves / 2).clamp(16, 1024);
        self.last_tags = (self.game.tags.len() + 1).min(64);
        std::mem::take(&mut self.game)
    }

    fn line(&mut self) -> &mut Line<M> {
        self.open.last_mut().unwrap_or(&mut self.game.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotations_before_first_move_and_unbalanced_ends() {
        let mut b = GameBuilder::<u8>::new();
        b.push_comment("intro", CommentKind::Line);
        assert!(!b.end_variation());
        b.push_move(1, Pos::default());
        b.begin_variation();
        b.push_escape("x");
        b.begin_variation();
        b.push_move(2, Pos::default());
        assert_eq!(b.depth(), 2);
        let g = b.finish();
        assert_eq!(g.moves.before.len(), 1);
        let Extra::Variation(v) = &g.moves.nodes[0].after[0] else {
            panic!()
        };
        assert_eq!(v.before[0], Extra::Escape("x".into()));
        assert!(matches!(&v.before[1], Extra::Variation(w) if w.nodes[0].mov == 2));
        assert_eq!(b.depth(), 0);
    }
}
