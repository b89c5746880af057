//! What the site and `convert` write, they read back as the same game, for every draughts
//! variant and chess: random legal games with side lines, hostile comments of both kinds and
//! hostile tags, built as the analysis board's export builds them, written by the family's
//! writer, read by the one reader. Texts PDN cannot hold come back as `record::comment_form`,
//! `name_form` and `one_line_form` write them; `record::changes` says which.

use draughts::{Position, Variant};
use games::{
    AnyGame, ChessGame, ChessMove, ChessVariant, ChessWriteStyle, ConvertStyle, Converted,
    Converter, DraughtsGame, OnePass,
};
use games::{ReadGame, ReadOptions, Rules, VariantSource, WriteStyle};
use proptest::prelude::*;
use record::{CommentKind, Extra, Game, GameBuilder, Line, Pos, Reader, comment_form};
use record::{name_form, one_line_form};
use shakmaty::{Chess, Position as _};

const PIECES: &[&str] = &[
    "{", "}", ";", "%", "\n", "\r\n", "\"", "\\", "[", "]", "(", ")", " ", "$1", "1-0", "2-0", "*",
    "1.", "e4", "11-15", "x", "a", "é", "“", "/", "½",
];

fn hostile() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..10).prop_map(|v| v.concat())
}

#[derive(Clone, Debug)]
enum Step {
    Move(u32),
    Comment(String, bool),
    Begin,
    End,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        5 => any::<u32>().prop_map(Step::Move),
        3 => (hostile(), any::<bool>()).prop_map(|(t, b)| Step::Comment(t, b)),
        1 => Just(Step::Begin),
        1 => Just(Step::End),
    ]
}

/// The rules a test game follows: how to list and play moves.
trait Play: Clone {
    type Move: Clone + std::fmt::Debug;
    fn moves(&self) -> Vec<Self::Move>;
    fn play(&mut self, m: &Self::Move);
}

impl Play for Position {
    type Move = draughts::Move;
    fn moves(&self) -> Vec<draughts::Move> {
        self.legal_moves()
    }
    fn play(&mut self, m: &draughts::Move) {
        Position::play(self, m).expect("a legal move");
    }
}

impl Play for Chess {
    type Move = ChessMove;
    fn moves(&self) -> Vec<ChessMove> {
        self.legal_moves()
            .into_iter()
            .map(ChessMove::Move)
            .collect()
    }
    fn play(&mut self, m: &ChessMove) {
        if let ChessMove::Move(m) = m {
            self.play_unchecked(*m);
        }
    }
}

/// A line being built: the position before its last move, and after it.
struct Frame<P> {
    before: P,
    now: P,
    moves: usize,
}

/// Builds a legal game from `start` by the steps, and its end position.
fn build<P: Play>(start: &P, tags: &[(String, String)], steps: &[Step]) -> (Game<P::Move>, P) {
    let mut b: GameBuilder<P::Move> = GameBuilder::new();
    b.begin_game(Pos::default());
    for (n, v) in tags {
        // A name of its own, so that no hostile tag names the rules.
        b.tag(&format!("X{n}"), v, Pos::default());
    }
    let mut frames = vec![Frame {
        before: start.clone(),
        now: start.clone(),
        moves: 0,
    }];
    for s in steps {
        let depth = frames.len();
        let top = frames.last_mut().expect("the main line");
        match s {
            Step::Move(i) => {
                let moves = top.now.moves();
                if moves.is_empty() {
                    continue;
                }
                let m = moves[*i as usize % moves.len()].clone();
                top.before = top.now.clone();
                top.now.play(&m);
                top.moves += 1;
                b.push_move(m, Pos::default());
            }
            Step::Comment(t, brace) => {
                b.push_comment(
                    t,
                    [CommentKind::Line, CommentKind::Brace][usize::from(*brace)],
                );
            }
            Step::Begin if top.moves > 0 && depth < 4 => {
                let before = top.before.clone();
                frames.push(Frame {
                    before: before.clone(),
                    now: before,
                    moves: 0,
                });
                b.begin_variation();
            }
            Step::End if depth > 1 && top.moves > 0 => {
                frames.pop();
                b.end_variation();
            }
            _ => {}
        }
    }
    while frames.len() > 1 {
        let top = frames.last_mut().expect("a side line");
        if top.moves == 0 {
            match top.now.moves().first() {
                Some(m) => {
                    b.push_move(m.clone(), Pos::default());
                    top.moves = 1;
                }
                None => {
                    // No move from here: the side line cannot be written; the test skips it.
                    return (Game::new(), start.clone());
                }
            }
        }
        frames.pop();
        b.end_variation();
    }
    b.set_result("*", Pos::default());
    let end = frames.pop().expect("the main line").now;
    (b.finish(), end)
}

/// The game's items in order: tags (as written when `written`), moves, comments as written
/// and trimmed as the reader trims them.
fn items<M: std::fmt::Debug>(game: &Game<M>, written: bool) -> Vec<String> {
    let mut out: Vec<String> = game
        .tags
        .iter()
        .filter(|t| t.name.starts_with('X'))
        .map(|t| match written {
            true => format!("[{} {:?}]", name_form(&t.name), one_line_form(&t.value)),
            false => format!("[{} {:?}]", t.name, t.value),
        })
        .collect();
    line_items(&game.moves, written, &mut out);
    out
}

fn line_items<M: std::fmt::Debug>(line: &Line<M>, written: bool, out: &mut Vec<String>) {
    for e in &line.before {
        extra_item(e, written, out);
    }
    for n in &line.nodes {
        out.push(format!("{:?}", n.mov));
        for e in n.after.iter() {
            extra_item(e, written, out);
        }
    }
}

fn extra_item<M: std::fmt::Debug>(e: &Extra<M>, written: bool, out: &mut Vec<String>) {
    match e {
        Extra::Comment { text, kind } => {
            let text = match written {
                true => comment_form(text, *kind).1.into_owned(),
                false => text.to_string(),
            };
            out.push(format!(
                "{{{:?}}}",
                text.trim_matches(|c: char| c.is_ascii_whitespace())
            ));
        }
        Extra::Variation(line) => {
            out.push("(".into());
            line_items(line, written, out);
            out.push(")".into());
        }
        other => out.push(format!("{other:?}")),
    }
}

/// `text` as `convert` writes it (the converter, with [`options`] and the default style).
fn converted(text: &str, rules: Rules) -> Result<String, String> {
    let mut reader = Reader::from_str(text);
    let mut converter = Converter::new(options(rules), ConvertStyle::default());
    let mut out = String::new();
    while let Some(read) = converter.next(&mut reader) {
        match read.map_err(|e| e.to_string())? {
            Converted::Text(t) | Converted::Open { text: t, .. } => out.push_str(&t),
            Converted::Bad(e) => return Err(format!("{} {e}", e.at)),
        }
    }
    Ok(out)
}

/// The options that read back what the writer wrote: `rules` selected as the analysis board
/// selects them (the tags still decide), and for chess the language written, English (a
/// random game may read legally in another language too, `Ke2` as Esperanto's bishop, where
/// the reader asks for the language rather than guess).
fn options(rules: Rules) -> ReadOptions {
    ReadOptions {
        rules: Some(rules),
        chess: games::ChessReadOptions {
            language: Some(chess_notation::Language::English),
            ..games::ChessReadOptions::default()
        },
        ..ReadOptions::default()
    }
}

/// Reads `text` back as one game with [`options`].
fn read_back(text: &str, rules: Rules) -> Result<AnyGame, String> {
    let mut reader = Reader::from_str(text);
    let options = options(rules);
    let mut pass = OnePass::new(options);
    let read = pass.next(&mut reader).ok_or("no game")?;
    let game = match read.map_err(|e| e.to_string())? {
        ReadGame::Game(g) => *g,
        ReadGame::Bad(e) => return Err(format!("{} {e}", e.at)),
    };
    if pass.next(&mut reader).is_some() {
        return Err("more than one game".into());
    }
    Ok(game)
}

fn draughts_round_trip(
    variant: Variant,
    tags: &[(String, String)],
    steps: &[Step],
) -> Result<(), TestCaseError> {
    let start = Position::start(variant);
    let (game, end) = build(&start, tags, steps);
    let expected = items(&game, true);
    let written = DraughtsGame {
        variant,
        source: VariantSource::Selected,
        start,
        end,
        game,
        warnings: Vec::new(),
        others: Vec::new(),
    };
    let text = written.write(&WriteStyle::default());
    let back = read_back(&text, Rules::Draughts(variant))
        .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let AnyGame::Draughts(back) = back else {
        return Err(TestCaseError::fail(format!("read as chess\n{text}")));
    };
    prop_assert_eq!(back.variant, variant, "{}", text);
    prop_assert_eq!(items(&back.game, false), expected.clone(), "\n{}", text);
    // The same through `convert`.
    let rules = Rules::Draughts(variant);
    let again = converted(&text, rules).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let AnyGame::Draughts(back) = read_back(&again, rules).map_err(TestCaseError::fail)? else {
        return Err(TestCaseError::fail(format!(
            "converted, read as chess\n{again}"
        )));
    };
    prop_assert_eq!(items(&back.game, false), expected, "\n{}", again);
    Ok(())
}

fn chess_round_trip(tags: &[(String, String)], steps: &[Step]) -> Result<(), TestCaseError> {
    let start = Chess::default();
    let (game, end) = build(&start, tags, steps);
    let expected = items(&game, true);
    let written = ChessGame {
        variant: ChessVariant::Standard,
        start: start.into(),
        end: end.into(),
        game,
        notation: chess_notation::Notation::San,
        language: chess_notation::Language::English,
        warnings: Vec::new(),
    };
    let text = written.write(&ChessWriteStyle::default());
    let back =
        read_back(&text, Rules::Chess).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let AnyGame::Chess(back) = back else {
        return Err(TestCaseError::fail(format!("read as draughts\n{text}")));
    };
    prop_assert_eq!(items(&back.game, false), expected.clone(), "\n{}", text);
    let again =
        converted(&text, Rules::Chess).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let AnyGame::Chess(back) = read_back(&again, Rules::Chess).map_err(TestCaseError::fail)? else {
        return Err(TestCaseError::fail(format!(
            "converted, read as draughts\n{again}"
        )));
    };
    prop_assert_eq!(items(&back.game, false), expected, "\n{}", again);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn every_draughts_variant_reads_back_what_it_writes(
        variant in prop::sample::select(Variant::ALL.to_vec()),
        tags in prop::collection::vec((hostile(), hostile()), 0..3),
        steps in prop::collection::vec(step(), 0..50),
    ) {
        draughts_round_trip(variant, &tags, &steps)?;
    }

    #[test]
    fn chess_reads_back_what_it_writes(
        tags in prop::collection::vec((hostile(), hostile()), 0..3),
        steps in prop::collection::vec(step(), 0..50),
    ) {
        chess_round_trip(&tags, &steps)?;
    }
}

/// Each variant at least once, whatever the sample above drew.
#[test]
fn each_variant_with_the_hostile_comments_of_the_finding() {
    let steps = [
        Step::Move(0),
        Step::Move(1),
        Step::Comment("}".into(), false),
        Step::Move(2),
        Step::Comment("a }\nb".into(), true),
        Step::Begin,
        Step::Move(3),
        Step::Comment("two\nlines".into(), false),
        Step::End,
        Step::Move(4),
    ];
    let tags = [(" name]".to_string(), "a\nb".to_string())];
    for variant in Variant::ALL {
        draughts_round_trip(variant, &tags, &steps)
            .unwrap_or_else(|e| panic!("{}: {e}", variant.name));
    }
    chess_round_trip(&tags, &steps).unwrap();
}
