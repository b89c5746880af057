//! The lossless game tree: tags, lines of moves, and everything written between the moves.

use crate::{Lenient, Nag, Pos, ResultToken, Tags};

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
/// assert!(matches!(&first.after[0], Extra::Nags(n) if n[0].0 == 1));
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
    /// What the reader read leniently (a tag value not closed, a result written `1:0`, ...),
    /// in the order read: nothing of the record itself, which holds what was read.
    pub lenient: Vec<Lenient>,
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
    /// The move number written right before the move (`12` of `12.` or `12...`), if one
    /// was: readers that check the numbering compare it with the move's place in the game.
    /// [`Collect`](crate::Collect) keeps it; a visitor that checks numbers as it reads may
    /// build its tree without them.
    pub number: Option<u32>,
    /// What follows the move, in order. A [`Extra::Variation`] here is an alternative to this
    /// move (it starts from the position before it).
    pub after: Extras<M>,
}

/// What follows a move: a list of items that takes one pointer in its move, empty (as most
/// are) without an allocation, one item (a comment, say) in one allocation. It dereferences to a slice and has `push`.
///
/// ```
/// use record::{Extra, Extras, Nag};
///
/// let mut after = Extras::<String>::new();
/// assert!(after.is_empty());
/// after.push(Extra::Nags(Nag(1).into()));
/// assert_eq!(after[0], Extra::Nags(Nag(1).into()));
/// assert_eq!(std::mem::size_of::<Extras<String>>(), std::mem::size_of::<usize>());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Extras<M>(Option<Box<Items<M>>>);

/// The items of a non-empty [`Extras`]: one (most often) in the same allocation as the
/// pointer's target, or a vector.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Items<M> {
    One(Extra<M>),
    Many(Vec<Extra<M>>),
}

impl<M> Extras<M> {
    /// No items.
    pub const fn new() -> Self {
        Extras(None)
    }

    /// Appends an item.
    #[inline]
    pub fn push(&mut self, extra: Extra<M>) {
        match self.0.as_deref_mut() {
            None => self.0 = Some(Box::new(Items::One(extra))),
            Some(Items::Many(items)) => items.push(extra),
            Some(items) => {
                let old = std::mem::replace(items, Items::Many(Vec::with_capacity(2)));
                if let Items::Many(v) = items {
                    if let Items::One(first) = old {
                        v.push(first);
                    }
                    v.push(extra);
                }
            }
        }
    }
}

impl<M> Default for Extras<M> {
    fn default() -> Self {
        Extras::new()
    }
}

impl<M> std::ops::Deref for Extras<M> {
    type Target = [Extra<M>];

    #[inline]
    fn deref(&self) -> &[Extra<M>] {
        match self.0.as_deref() {
            None => &[],
            Some(Items::One(e)) => std::slice::from_ref(e),
            Some(Items::Many(v)) => v,
        }
    }
}

impl<M> std::ops::DerefMut for Extras<M> {
    fn deref_mut(&mut self) -> &mut [Extra<M>] {
        match self.0.as_deref_mut() {
            None => &mut [],
            Some(Items::One(e)) => std::slice::from_mut(e),
            Some(Items::Many(v)) => v,
        }
    }
}

impl<M> From<Vec<Extra<M>>> for Extras<M> {
    fn from(mut items: Vec<Extra<M>>) -> Self {
        match items.len() {
            0 => Extras::new(),
            1 => Extras(items.pop().map(|e| Box::new(Items::One(e)))),
            _ => Extras(Some(Box::new(Items::Many(items)))),
        }
    }
}

impl<M> FromIterator<Extra<M>> for Extras<M> {
    fn from_iter<I: IntoIterator<Item = Extra<M>>>(iter: I) -> Self {
        Extras::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl<M> Extend<Extra<M>> for Extras<M> {
    fn extend<I: IntoIterator<Item = Extra<M>>>(&mut self, iter: I) {
        for extra in iter {
            self.push(extra);
        }
    }
}

impl<M> IntoIterator for Extras<M> {
    type Item = Extra<M>;
    type IntoIter = std::iter::Chain<std::option::IntoIter<Extra<M>>, std::vec::IntoIter<Extra<M>>>;

    fn into_iter(self) -> Self::IntoIter {
        let (one, many) = match self.0.map(|items| *items) {
            None => (None, Vec::new()),
            Some(Items::One(e)) => (Some(e), Vec::new()),
            Some(Items::Many(v)) => (None, v),
        };
        one.into_iter().chain(many)
    }
}

impl<'a, M> IntoIterator for &'a Extras<M> {
    type Item = &'a Extra<M>;
    type IntoIter = std::slice::Iter<'a, Extra<M>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, M> IntoIterator for &'a mut Extras<M> {
    type Item = &'a mut Extra<M>;
    type IntoIter = std::slice::IterMut<'a, Extra<M>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

/// A run of NAGs written one after the other, such as `$1 $14 !?`: two bytes a NAG, and up to
/// eight without an allocation. It dereferences to a slice of [`Nag`]s.
///
/// ```
/// use record::{Nag, Nags};
///
/// let mut run = Nags::from(Nag(1));
/// run.push(Nag(14));
/// assert_eq!(&run[..], &[Nag(1), Nag(14)]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nags(smallvec::SmallVec<[Nag; 8]>);

impl Nags {
    /// An empty run.
    pub fn new() -> Nags {
        Nags::default()
    }

    /// Appends a NAG.
    pub fn push(&mut self, nag: Nag) {
        self.0.push(nag);
    }
}

impl From<Nag> for Nags {
    fn from(nag: Nag) -> Nags {
        let mut run = Nags::new();
        run.push(nag);
        run
    }
}

impl FromIterator<Nag> for Nags {
    fn from_iter<I: IntoIterator<Item = Nag>>(iter: I) -> Self {
        Nags(iter.into_iter().collect())
    }
}

impl std::ops::Deref for Nags {
    type Target = [Nag];

    fn deref(&self) -> &[Nag] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a Nags {
    type Item = &'a Nag;
    type IntoIter = std::slice::Iter<'a, Nag>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// A setup command in the movetext, such as PDN's `/FEN "W:W31-50:B1-20"/`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The command name (`FEN`).
    pub name: String,
    /// The value, escapes undone.
    pub value: String,
    /// Where it was written.
    pub at: Pos,
}

/// Anything written between moves.
///
/// The rare large items are boxed, so that the common ones (NAGs, comments) take little room.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Extra<M> {
    /// Numeric annotation glyphs, from `$n` or from marks such as `!?`: the NAGs written one
    /// after the other, as one run. A reader never puts two runs side by side (a program
    /// that does gets the same text written).
    Nags(Nags),
    /// A comment, its text trimmed of surrounding white space.
    Comment {
        /// The text.
        text: Text,
        /// How it was written.
        kind: CommentKind,
    },
    /// A variation: an alternative to the move it follows.
    Variation(Box<Line<M>>),
    /// A setup command in the movetext, such as PDN's `/FEN "W:W31-50:B1-20"/`.
    Setup(Box<Setup>),
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
            lenient: Vec::new(),
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
                        number: n.number,
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
            n.number = None;
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
            Extra::Setup(setup) => setup.at = Pos::default(),
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
                Extra::Nags(n) => Extra::Nags(n),
                Extra::Comment { text, kind } => Extra::Comment { text, kind },
                Extra::Variation(line) => Extra::Variation(Box::new(line.try_map(f)?)),
                Extra::Setup(setup) => Extra::Setup(setup),
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
            lenient: self.lenient,
        })
    }

    /// Replaces every move (main line and variations).
    pub fn map<N>(self, mut f: impl FnMut(M) -> N) -> Game<N> {
        match self.try_map(|m| Ok::<N, std::convert::Infallible>(f(m))) {
            Ok(game) => game,
            Err(never) => match never {},
        }
    }

    /// Forgets every place (of the game, tags, moves, setup commands and result), the move
    /// numbers written before moves, and what was read leniently, so that two games read from
    /// different texts compare equal when they hold the same record.
    pub fn clear_positions(&mut self) {
        self.at = Pos::default();
        self.lenient.clear();
        for t in self.tags.iter_mut() {
            t.at = Pos::default();
        }
        self.moves.clear_positions();
        if let Some(r) = &mut self.result {
            r.at = Pos::default();
        }
    }
}
