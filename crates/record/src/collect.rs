//! The visitor that collects whole games as trees of move words.

use crate::{CommentKind, Flow, Game, GameBuilder, Leniency, Nag, Pos, Visitor};

/// A [`Visitor`] that builds each game as a [`Game<String>`], keeping everything: tags,
/// moves as written, NAGs, comments, variations, setup commands, escape lines and the result.
///
/// ```
/// use record::{Collect, Reader};
///
/// let mut reader = Reader::from_str("[FEN \"W:W31-50:B1-20\"] 1. 32-28 19-23 *");
/// let game = reader.read_game(&mut Collect::default()).unwrap().unwrap();
/// assert_eq!(game.tags.get("FEN"), Some("W:W31-50:B1-20"));
/// assert_eq!(game.moves.nodes[1].mov, "19-23");
/// ```
///
/// A program that needs less can say so, and the game then takes less memory:
///
/// ```
/// use record::{Collect, Reader};
///
/// let text = "[Event \"x\"]\n[FEN \"W:W31-50:B1-20\"]\n1. 32-28 {a note} $1 19-23 2. 37-32 *";
/// let mut collect = Collect::default()
///     .keeping_tags(&["FEN"])
///     .without_annotations()
///     .stopping_after(2);
/// let game = Reader::from_str(text).read_game(&mut collect).unwrap().unwrap();
/// assert_eq!(game.tags.len(), 1);
/// assert!(game.moves.nodes[0].after.is_empty());
/// assert_eq!(game.moves.nodes.len(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct Collect {
    builder: GameBuilder<String>,
    /// Keep only the tags of these names, if set.
    tags: Option<&'static [&'static str]>,
    annotations: bool,
    /// Move words to keep in each game, in the order of the text.
    words: u64,
    words_left: u64,
    /// The move number written before the next move, if any.
    number: Option<u32>,
}

impl Default for Collect {
    fn default() -> Self {
        Collect {
            builder: GameBuilder::default(),
            tags: None,
            annotations: true,
            words: u64::MAX,
            words_left: u64::MAX,
            number: None,
        }
    }
}

impl Collect {
    /// Keeps only the tags named in `names`.
    pub fn keeping_tags(mut self, names: &'static [&'static str]) -> Collect {
        self.tags = Some(names);
        self
    }

    /// Leaves out NAGs, comments and escape lines.
    pub fn without_annotations(mut self) -> Collect {
        self.annotations = false;
        self
    }

    /// Keeps the first `words` move words of each game (at least one; counted in the order
    /// of the text, side lines included) and skips the rest of the game, its result too
    /// ([`Flow::SkipGame`]).
    pub fn stopping_after(mut self, words: u64) -> Collect {
        self.words = words;
        self
    }
}

impl Visitor for Collect {
    type Output = Game<String>;

    fn begin_game(&mut self, at: Pos) {
        self.builder.begin_game(at);
        self.words_left = self.words;
        self.number = None;
    }

    fn tag(&mut self, name: &str, value: &str, at: Pos) {
        if self.tags.is_none_or(|names| names.contains(&name)) {
            self.builder.tag(name, value, at);
        }
    }

    fn move_number(&mut self, number: Option<u32>, _dots: u32, _at: Pos) {
        if number.is_some() {
            self.number = number;
        }
    }

    fn move_word(&mut self, text: &str, at: Pos) -> Flow {
        let number = self.number.take();
        self.builder.push_numbered_move(text.to_owned(), at, number);
        self.words_left = self.words_left.saturating_sub(1);
        if self.words_left == 0 {
            Flow::SkipGame
        } else {
            Flow::Continue
        }
    }

    fn nag(&mut self, nag: Nag, _at: Pos) {
        if self.annotations {
            self.builder.push_nag(nag);
        }
    }

    fn comment(&mut self, text: &str, kind: CommentKind, _at: Pos) {
        if self.annotations {
            self.builder.push_comment(text, kind);
        }
    }

    fn begin_variation(&mut self, _at: Pos) -> Flow {
        self.number = None;
        self.builder.begin_variation();
        Flow::Continue
    }

    fn end_variation(&mut self, _at: Pos) {
        self.number = None;
        self.builder.end_variation();
    }

    fn setup(&mut self, name: &str, value: &str, at: Pos) {
        self.builder.push_setup(name, value, at);
    }

    fn escape(&mut self, line: &str, _at: Pos) {
        if self.annotations {
            self.builder.push_escape(line);
        }
    }

    fn result(&mut self, text: &str, at: Pos) {
        self.builder.set_result(text, at);
    }

    fn lenient(&mut self, what: Leniency, text: &str, at: Pos) {
        self.builder.push_lenient(what, text, at);
    }

    fn end_game(&mut self) -> Game<String> {
        self.builder.finish()
    }
}
