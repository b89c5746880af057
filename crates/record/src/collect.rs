//! The visitor that collects whole games as trees of move words.

use crate::{CommentKind, Flow, Game, GameBuilder, Nag, Pos, Visitor};

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
#[derive(Debug, Default, Clone)]
pub struct Collect {
    builder: GameBuilder<String>,
}

impl Visitor for Collect {
    type Output = Game<String>;

    fn begin_game(&mut self, at: Pos) {
        self.builder.begin_game(at);
    }

    fn tag(&mut self, name: &str, value: &str, at: Pos) {
        self.builder.tag(name, value, at);
    }

    fn move_word(&mut self, text: &str, at: Pos) -> Flow {
        self.builder.push_move(text.to_owned(), at);
        Flow::Continue
    }

    fn nag(&mut self, nag: Nag, _at: Pos) {
        self.builder.push_nag(nag);
    }

    fn comment(&mut self, text: &str, kind: CommentKind, _at: Pos) {
        self.builder.push_comment(text, kind);
    }

    fn begin_variation(&mut self, _at: Pos) -> Flow {
        self.builder.begin_variation();
        Flow::Continue
    }

    fn end_variation(&mut self, _at: Pos) {
        self.builder.end_variation();
    }

    fn setup(&mut self, name: &str, value: &str, at: Pos) {
        self.builder.push_setup(name, value, at);
    }

    fn escape(&mut self, line: &str, _at: Pos) {
        self.builder.push_escape(line);
    }

    fn result(&mut self, text: &str, at: Pos) {
        self.builder.set_result(text, at);
    }

    fn end_game(&mut self) -> Game<String> {
        self.builder.finish()
    }
}
