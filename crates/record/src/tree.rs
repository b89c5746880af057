//! The lossless game tree: tags, lines of moves, and everything written between the moves.

use crate::{Nag, Pos, ResultToken, Tags};

/// The text of a comment, a tag name or a tag value: a string that keeps short texts (up to
/// 24 bytes, such as `[%clk 0:05:00]` or `Rated Blitz game`) inline, so that a game with a
/// comment on every move does not pay an allocation for each. It dereferences to `str`.
///
/// ```
/// let text = record::Text::from("[%clk 0:05:00]");
/// assert_eq!(text, "[%clk 0:05:00]");
/// assert!(!text.is_heap_allocated());
/// ```
pub type Text = compact_str::CompactString;

/// The two ways of writing a comment.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum CommentKind {
    /// `{ ... }`, which may span lines.
    #[default]
    Brace,
    /// `; ...` up to the end of the line.
    Line,
}

/// One game: its tags, its moves with everything written between them, and its result.
///
/// `M` is the type of a move. The reader produces `Game<String>`, where a move is the word as
/// written (`"11-15"`, `"Nf3"`, `"QxP ch"`); a layer that knows the rules can replay the words
/// into its own move type with [`Game::try_map`] or by building `Game<TheirMove>` directly
/// with a [`GameBuilder`](crate::GameBuilder).
///
/// ```
/// use record::{read_games, Extra};
///
/// let games = read_games("[Event \"Demo\"]\n1. e4 $1 {best by test} (1. d4) 1... e5 1-0\n");
/// let game = games[0].as_ref().unwrap();
/// assert_eq!(game.tags.get("Event"), Some("Demo"));
/// let first = &game.moves.nodes[0];
/// assert_eq!(first.mov, "e4");
/// assert!(matches!(first.after[0], Extra::Nag(n) if n.0 == 1));
/// assert!(matches!(&first.after[2], Extra::Variation(line) if line.nodes[0].mov == "d4"));
/// assert_eq!(game.result_text(), "1-0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game<M> {
    /// The tag pairs, in order.
    pub tags: Tags,
    /// The main line.
    pub moves: Line<M>,
    /// The result token that ended the movetext, if there was one.
    pub result: Option<ResultToken>,
    /// Where the game starts in the text it was read from.
    pub at: Pos,
}

/// A line of moves: the main line of a game or one variation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line<M> {
    /// What was written before the first move of the line (comments, a setup command, ...).
    pub before: Vec<Extra<M>>,
    /// The moves, each with what was written after it.
    pub nodes: Vec<Node<M>>,
}

/// A move and what was written after it up to the next move of its line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Node<M> {
    /// The move.
    pub mov: M,
    /// Where the move was written.
    pub at: Pos,
    /// What follows the move, in order. A [`Extra::Variation`] here is an alternative to this
    /// move (it starts from the position before it).
    pub after: Extras<M>,
}

/// What follows a move: a vector that holds one item without an allocation (most moves have
/// nothing after them, or one comment). It dereferences to a slice and has `push`.
pub type Extras<M> = smallvec::SmallVec<[Extra<M>; 1]>;

/// Anything written between moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Extra<M> {
    /// A numeric annotation glyph, from `$n` or from a mark such as `!?`.
    Nag(Nag),
    /// A comment, its text trimmed of surrounding white space.
    Comment {
        /// The text.
        text: Text,
        /// How it was written.
        kind: CommentKind,
    },
    /// A variation: an alternative to the move it follows.
    Variation(Line<M>),
    /// A setup command in the movetext, such as PDN's `/FEN "W:W31-50:B1-20"/`.
    Setup {
        /// The command name (`FEN`).
        name: String,
        /// The value, escapes undone.
        value: String,
        /// Where it was written.
        at: Pos,
    },
    /// An escape line (`%` at the start of a line): the text after the `%`.
    Escape(String),
}

impl<M> Default for Line<M> {
    fn default() -> Self {
        Line {
            before: Vec::new(),
            nodes: Vec::new(),
        }
    }
}

impl<M> Default for Game<M> {
    fn default() -> Self {
        Game {
            tags: Tags::new(),
            moves: Line::default(),
            result: None,
            at: Pos::default(),
        }
    }
}

impl<M> Line<M> {
    /// Whether the line has neither moves nor anything else.
    pub fn is_empty(&self) -> bool {
        self.before.is_empty() && self.nodes.is_empty()
    }

    /// Replaces every move of the line and its variations, stopping at the first error.
    pub fn try_map<N, E>(self, f: &mut impl FnMut(M) -> Result<N, E>) -> Result<Line<N>, E> {
        Ok(Line {
            before: map_extras(self.before, f)?,
            nodes: self
                .nodes
                .into_iter()
                .map(|n| {
                    Ok(Node {
                        mov: f(n.mov)?,
                        at: n.at,
                        after: map_extras(n.after, f)?,
                    })
                })
                .collect::<Result<_, E>>()?,
        })
    }

    fn clear_positions(&mut self) {
        for e in &mut self.before {
            e.clear_positions();
        }
        for n in &mut self.nodes {
            n.at = Pos::default();
            for e in &mut n.after {
                e.clear_positions();
            }
        }
    }
}

impl<M> Extra<M> {
    fn clear_positions(&mut self) {
        match self {
            Extra::Variation(line) => line.clear_positions(),
            Extra::Setup { at, .. } => *at = Pos::default(),
            _ => {}
        }
    }
}

fn map_extras<M, N, E, C: FromIterator<Extra<N>>>(
    extras: impl IntoIterator<Item = Extra<M>>,
    f: &mut impl FnMut(M) -> Result<N, E>,
) -> Result<C, E> {
    extras
        .into_iter()
        .map(|e| {
            Ok(match e {
                Extra::Nag(n) => Extra::Nag(n),
                Extra::Comment { text, kind } => Extra::Comment { text, kind },
                Extra::Variation(line) => Extra::Variation(line.try_map(f)?),
                Extra::Setup { name, value, at } => Extra::Setup { name, value, at },
                Extra::Escape(s) => Extra::Escape(s),
            })
        })
        .collect()
}

impl<M> Game<M> {
    /// An empty game: no tags, no moves, no result.
    pub fn new() -> Game<M> {
        Game::default()
    }

    /// The result to write for this game: the result token if there is one, else the value of
    /// the `Result` tag if it is a valid result, else `*`.
    pub fn result_text(&self) -> &str {
        if let Some(r) = &self.result {
            return &r.text;
        }
        match self.tags.get("Result") {
            Some(v) if ResultToken::is_result(v) => v,
            _ => "*",
        }
    }

    /// Replaces every move (main line and variations), stopping at the first error.
    ///
    /// ```
    /// use record::read_games;
    ///
    /// let game = read_games("1. 32-28 19-23 *").remove(0).unwrap();
    /// let lens = game.try_map(|m| Ok::<_, ()>(m.len())).unwrap();
    /// assert_eq!(lens.moves.nodes[0].mov, 5);
    /// ```
    pub fn try_map<N, E>(self, mut f: impl FnMut(M) -> Result<N, E>) -> Result<Game<N>, E> {
        Ok(Game {
            tags: self.tags,
            moves: self.moves.try_map(&mut f)?,
            result: self.result,
            at: self.at,
        })
    }

    /// Replaces every move (main line and variations).
    pub fn map<N>(self, mut f: impl FnMut(M) -> N) -> Game<N> {
        match self.try_map(|m| Ok::<N, std::convert::Infallible>(f(m))) {
            Ok(game) => game,
            Err(never) => match never {},
        }
    }

    /// Forgets every place (of the game, tags, moves, setup commands and result), so that two
    /// games read from different texts compare equal when they hold the same record.
    pub fn clear_positions(&mut self) {
        self.at = Pos::default();
        for t in self.tags.iter_mut() {
            t.at = Pos::default();
        }
        self.moves.clear_positions();
        if let Some(r) = &mut self.result {
            r.at = Pos::default();
        }
    }
}
