//! A game tree handed to a [`Visitor`] token by token, as [`Reader::read_game`](crate::Reader::read_game)
//! hands over the text of a game: so that a game already read into a tree (a game pasted on
//! a web page, one built by a program) goes down the same path as a game read from a file.

use crate::{Extra, Flow, Game, Line, Pos, Visitor};

/// Hands `game` to `visitor` in the order the reader hands over a game's text (see
/// [`Visitor`]), honouring the [`Flow`] the visitor returns, and returns what its
/// `end_game` gives. The places of the items between moves (comments, NAGs, escape lines)
/// are not in the tree: they are given as unknown.
///
/// ```
/// use record::{Collect, Reader, visit_game};
///
/// let text = "[Event \"x\"]\n1. e4 {best} (1. d4 d5) e5 $1 2. Nf3 1-0";
/// let game = Reader::from_str(text).read_game(&mut Collect::default()).unwrap().unwrap();
/// // Collecting the tree's tokens again gives the same tree.
/// assert_eq!(visit_game(&game, &mut Collect::default()), game);
/// ```
pub fn visit_game<V: Visitor>(game: &Game<String>, visitor: &mut V) -> V::Output {
    visitor.begin_game(game.at);
    for tag in game.tags.iter() {
        visitor.tag(&tag.name, &tag.value, tag.at);
    }
    // In the main line, skipping the rest of the line is skipping the rest of the game.
    let go_on = visitor.begin_movetext() == Flow::Continue;
    if go_on {
        for note in &game.lenient {
            visitor.lenient(note.what, &note.text, note.at);
        }
    }
    if go_on
        && visit_line(&game.moves, visitor) == Flow::Continue
        && let Some(result) = &game.result
    {
        visitor.result(&result.text, result.at);
    }
    visitor.end_game()
}

/// Hands one line to `visitor`: [`Flow::SkipGame`] when the visitor asked to skip the rest
/// of the game, [`Flow::SkipVariation`] when it asked to skip the rest of this line.
fn visit_line<V: Visitor>(line: &Line<String>, visitor: &mut V) -> Flow {
    for extra in &line.before {
        match visit_extra(extra, visitor) {
            Flow::Continue => {}
            skip => return skip,
        }
    }
    for node in &line.nodes {
        if node.number.is_some() {
            visitor.move_number(node.number, 1, node.at);
        }
        match visitor.move_word(&node.mov, node.at) {
            Flow::Continue => {}
            skip => return skip,
        }
        for extra in &node.after {
            match visit_extra(extra, visitor) {
                Flow::Continue => {}
                skip => return skip,
            }
        }
    }
    Flow::Continue
}

/// Hands one item between moves to `visitor`.
fn visit_extra<V: Visitor>(extra: &Extra<String>, visitor: &mut V) -> Flow {
    let unknown = Pos::default();
    match extra {
        Extra::Nags(run) => {
            for nag in run {
                visitor.nag(*nag, unknown);
            }
        }
        Extra::Comment { text, kind } => visitor.comment(text, *kind, unknown),
        Extra::Escape(text) => visitor.escape(text, unknown),
        Extra::Setup(setup) => visitor.setup(&setup.name, &setup.value, setup.at),
        Extra::Variation(line) => match visitor.begin_variation(unknown) {
            Flow::Continue => {
                let flow = visit_line(line, visitor);
                if flow == Flow::SkipGame {
                    return flow;
                }
                visitor.end_variation(unknown);
            }
            Flow::SkipVariation => {}
            Flow::SkipGame => return Flow::SkipGame,
        },
    }
    Flow::Continue
}
