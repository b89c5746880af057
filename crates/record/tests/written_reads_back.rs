//! What the writer writes, the reader reads back as the same game: trees built by a program
//! (as the site builds them from an analysis board), with hostile texts in comments of both
//! kinds, tag names and values, setup commands and escape lines. Where PDN cannot hold a text,
//! it is changed as `comment_form`, `name_form` and `one_line_form` say, and `changes` says so.

use proptest::prelude::*;
use record::{
    CommentKind, Extra, Game, GameBuilder, Line, Nag, Pos, WriteOptions, changes, comment_form,
    name_form, one_line_form, read_games, setup_name_form, write_game,
};

/// Pieces of hostile text: the bytes that end comments, names and values, line breaks,
/// escapes, quotes, and words that look like moves, numbers and results.
const PIECES: &[&str] = &[
    "{", "}", "{", "}", ";", "%", "\n", "\r", "\r\n", "\"", "\\", "[", "]", "(", ")", " ", " ",
    "\t", "$1", "1-0", "*", "1.", "e4", "x", "a", "é", "“", "”", "/", ",", "\u{b}", "\u{c}", "½",
    "\u{FF5D}",
];

fn hostile() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..14).prop_map(|v| v.concat())
}

/// One step of building a game.
#[derive(Clone, Debug)]
enum Step {
    Move(usize),
    Nag(u8),
    Comment(String, bool),
    Begin,
    End,
    Setup(String, String),
    Escape(String),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => (0..6usize).prop_map(Step::Move),
        1 => (1..20u8).prop_map(Step::Nag),
        3 => (hostile(), any::<bool>()).prop_map(|(t, b)| Step::Comment(t, b)),
        1 => Just(Step::Begin),
        1 => Just(Step::End),
        1 => (hostile(), hostile()).prop_map(|(n, v)| Step::Setup(n, v)),
        1 => hostile().prop_map(Step::Escape),
    ]
}

const WORDS: [&str; 6] = ["e4", "d5", "Nf3", "11-15", "23x14", "O-O"];

/// Builds the game the steps make (a side line opens only after a move, closes only when it
/// has one; a NAG follows a move).
fn build(tags: &[(String, String)], steps: &[Step]) -> Game<String> {
    let mut b: GameBuilder<String> = GameBuilder::new();
    b.begin_game(Pos::default());
    for (n, v) in tags {
        b.tag(n, v, Pos::default());
    }
    for s in steps {
        let line = b.current_line();
        let moved = !line.nodes.is_empty();
        let last_is_move = moved
            && line
                .nodes
                .last()
                .is_some_and(|n| n.after.iter().next().is_none());
        match s {
            Step::Move(i) => b.push_move(WORDS[*i].to_string(), Pos::default()),
            Step::Nag(n) if last_is_move => b.push_nag(Nag(u16::from(*n))),
            Step::Comment(t, brace) => {
                b.push_comment(
                    t,
                    [CommentKind::Line, CommentKind::Brace][usize::from(*brace)],
                );
            }
            Step::Begin if moved => b.begin_variation(),
            Step::End if b.depth() > 0 && moved => {
                b.end_variation();
            }
            Step::Setup(n, v) => b.push_setup(n, v, Pos::default()),
            Step::Escape(t) => b.push_escape(t),
            _ => {}
        }
    }
    while b.depth() > 0 {
        if b.current_line().nodes.is_empty() {
            b.push_move(WORDS[0].to_string(), Pos::default());
        }
        b.end_variation();
    }
    b.set_result("*", Pos::default());
    b.finish()
}

/// The game as items in order, texts as the reader gives them back: a comment in the form
/// written, trimmed; names and values as written.
fn items(game: &Game<String>, written: bool) -> Vec<String> {
    let mut out: Vec<String> = game
        .tags
        .iter()
        .map(|t| {
            if written {
                format!("[{} {}]", name_form(&t.name), one_line_form(&t.value))
            } else {
                format!("[{} {}]", t.name, t.value)
            }
        })
        .collect();
    line_items(&game.moves, written, &mut out);
    out
}

fn line_items(line: &Line<String>, written: bool, out: &mut Vec<String>) {
    for e in &line.before {
        extra_item(e, written, out);
    }
    for n in &line.nodes {
        out.push(format!("move {}", n.mov));
        for e in n.after.iter() {
            extra_item(e, written, out);
        }
    }
}

fn extra_item(e: &Extra<String>, written: bool, out: &mut Vec<String>) {
    match e {
        Extra::Nags(run) => out.extend(run.iter().map(|n| format!("${}", n.0))),
        Extra::Comment { text, kind } => {
            let (kind, text) = if written {
                let (k, t) = comment_form(text, *kind);
                (k, t.into_owned())
            } else {
                (*kind, text.to_string())
            };
            let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
            out.push(format!("comment {kind:?} {text:?}"));
        }
        Extra::Variation(line) => {
            out.push("(".into());
            line_items(line, written, out);
            out.push(")".into());
        }
        Extra::Setup(s) => {
            if written {
                out.push(format!(
                    "setup {} {}",
                    setup_name_form(&s.name),
                    one_line_form(&s.value)
                ));
            } else {
                out.push(format!("setup {} {}", s.name, s.value));
            }
        }
        Extra::Escape(t) => {
            let t = if written {
                one_line_form(t).into_owned()
            } else {
                t.clone()
            };
            out.push(format!("escape {t:?}"));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn a_game_written_reads_back_as_written(
        tags in prop::collection::vec((hostile(), hostile()), 0..4),
        steps in prop::collection::vec(step(), 0..40),
        width in prop::sample::select(vec![8usize, 80]),
    ) {
        let game = build(&tags, &steps);
        let options = WriteOptions { width, ..WriteOptions::default() };
        let mut text = String::new();
        write_game(&game, &options, &mut text).unwrap();
        let mut read = read_games(&text);
        prop_assert_eq!(read.len(), 1, "{}", text);
        let back = read.remove(0).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(items(&back, false), items(&game, true), "\n{}", text);
        // What was changed beyond the form of a comment and the white space at its ends is
        // said, and nothing else is.
        let said = changes(&game);
        let changed = items(&game, true) != items(&game, false);
        let kinds_only = {
            let strip = |v: Vec<String>| -> Vec<String> {
                v.into_iter().map(|s| s.replace("comment Line", "comment").replace("comment Brace", "comment")).collect()
            };
            let trimmed = |g: &Game<String>, w| strip(items(g, w));
            trimmed(&game, true) == trimmed(&game, false)
        };
        prop_assert_eq!(!said.is_empty(), changed && !kinds_only, "{:?}", said);
    }
}
