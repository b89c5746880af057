//! The syntax the reader accepts, token by token, and the errors it reports.

mod common;

use common::{events, events_of, moves, one};
use record::{Collect, Flow, Pos, ReadError, Reader, Visitor, read_games};

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn error_of(text: &str) -> (String, Pos) {
    let mut reader = Reader::from_str(text);
    match reader.read_game(&mut Collect::default()) {
        Err(ReadError::Syntax { at, message, .. }) => (message, at),
        other => panic!("{text:?}: expected a syntax error, got {other:?}"),
    }
}

// Tags.

#[test]
fn tags_with_escapes_unicode_spaces_and_curly_quotes() {
    let g = one(concat!(
        "[White \"say \\\"hi\\\" \\\\o/\"]\n",
        "[  Black   \"Сергей Фадеев\"   ]  \n",
        "[Site “Amsterdam”]\n",
        "\n",
        "[Round \"1\"][Date \"2024.01.02\"]  [Odd \"a\\b\"]\n",
        "*"
    ));
    assert_eq!(
        g,
        strs(&[
            "tag White=say \"hi\" \\o/",
            "tag Black=Сергей Фадеев",
            "tag Site=Amsterdam",
            "tag Round=1",
            "tag Date=2024.01.02",
            "tag Odd=a\\b",
            "result *",
        ])
    );
}

#[test]
fn tag_followed_by_movetext_or_result_on_the_same_line() {
    assert_eq!(
        one("[FEN \"B:W18:B14\"] *"),
        strs(&["tag FEN=B:W18:B14", "result *"])
    );
    assert_eq!(
        one("[White \"x\"] 32-28"),
        strs(&["tag White=x", "move 32-28"])
    );
}

#[test]
fn unknown_and_repeated_tags_are_kept_in_order() {
    let g = read_games("[Zeta \"1\"]\n[Alpha \"2\"]\n[Zeta \"3\"]\n*")
        .remove(0)
        .unwrap();
    let all: Vec<_> = g
        .tags
        .iter()
        .map(|t| (t.name.as_str(), t.value.as_str()))
        .collect();
    assert_eq!(all, [("Zeta", "1"), ("Alpha", "2"), ("Zeta", "3")]);
    assert_eq!(g.tags.get("Zeta"), Some("1"));
    assert_eq!(g.tags.get("zeta"), None);
}

#[test]
fn malformed_tags_are_errors_with_their_place() {
    // A value without its closing quote, or without quotes, is read to its line's end, with
    // a warning at its start (tests/leniency.rs); no value at all is an error.
    assert_eq!(
        events_of(b"[Event \"x\"]\n[White \"open\n1. e4 *", true)[0][3],
        "lenient UnclosedTagValue open @2:8"
    );
    assert_eq!(
        events_of(b"[Event x]\n*", true)[0][2],
        "lenient UnquotedTagValue x @1:8"
    );
    assert_eq!(
        error_of("[Event ]\n*").1,
        Pos {
            line: 1,
            column: 8,
            offset: 7
        }
    );
    assert!(error_of("[Event ]\n*").0.starts_with("tag value missing"));
    assert_eq!(
        error_of("[Event \"x\" junk]\n*"),
        (
            "expected `]` to close the tag".into(),
            Pos {
                line: 1,
                column: 12,
                offset: 11
            }
        )
    );
    assert_eq!(error_of("[ \"x\"]").0, "tag name missing after `[`");
    assert_eq!(error_of("[Event \"x\"").0, "expected `]` to close the tag");
}

// Move numbers.

#[test]
fn move_numbers_in_every_form() {
    let all = events_of(
        b"1. e4 1... e5 2.Nf3 2...Nc6 03. Bb5 3. ... a6 ... Ba4 *",
        false,
    );
    let nums: Vec<_> = all[0]
        .iter()
        .filter(|e| e.starts_with("num"))
        .cloned()
        .collect();
    assert_eq!(
        nums,
        strs(&[
            "num 1.", "num 1...", "num 2.", "num 2...", "num 3.", "num 3.", "num -...", "num -..."
        ])
    );
    assert_eq!(
        moves("1. e4 1... e5 2.Nf3 2...Nc6 03. Bb5 3. ... a6 ... Ba4 *"),
        strs(&["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"])
    );
    assert_eq!(moves("1.32-28 1.a3b4"), strs(&["32-28", "a3b4"]));
    assert_eq!(moves("11-15 23-19 8-11"), strs(&["11-15", "23-19", "8-11"]));
    assert_eq!(moves("3. 8-3 . 1-0"), strs(&["8-3"]));
}

#[test]
fn too_large_move_number_is_an_error() {
    assert_eq!(
        error_of("99999999999. e4 *").0,
        "move number 99999999999 is too large"
    );
}

// Move words.

#[test]
fn move_words_of_every_notation() {
    let words = [
        "11-15", "24x15x6", "a3b4", "3228", "e1:a5", "Nf3", "exd6e.p.", "O-O", "O-O-O", "e8=Q",
        "B@b6", "g1f3", "P4R", "P-K4", "C(AR)xP", "T(TR)1R", "e8(Q)", "P-K8(Q)", "♘f3", "Qh4#",
        "Nf3+", "Kg2++", "Z0", "--", "1-2-3",
    ];
    assert_eq!(moves(&words.join(" ")), strs(&words));
}

#[test]
fn spaced_capture_and_move_separators_join_the_word() {
    assert_eq!(
        moves("52. 46-41 47x 9  53.  4x 1 1- 7 e1: a5"),
        strs(&["46-41", "47x9", "4x1", "1-7", "e1:a5"])
    );
    // Not across a line end, and not when nothing separates them.
    assert_eq!(moves("47x\n9"), strs(&["47x", "9"]));
    // Nor when the joined word would be a result.
    assert_eq!(moves("1- 0 *"), strs(&["1-", "0"]));
}

#[test]
fn glued_parenthesis_continues_the_word_only_when_short() {
    assert_eq!(
        moves("e8(Q) P-K8(Q) C(AR)xP e8(♕)"),
        strs(&["e8(Q)", "P-K8(Q)", "C(AR)xP", "e8(♕)"])
    );
    assert_eq!(one("e8(é)"), strs(&["move e8", "(", "move é", ")"]));
    assert_eq!(
        one("e4(e5 Nf3) d4"),
        strs(&["move e4", "(", "move e5", "move Nf3", ")", "move d4"])
    );
    assert_eq!(
        one("e4(c5xd4) d4"),
        strs(&["move e4", "(", "move c5xd4", ")", "move d4"])
    );
    assert_eq!(
        one("e4 (e5) d4"),
        strs(&["move e4", "(", "move e5", ")", "move d4"])
    );
}

#[test]
fn move_strength_marks_become_nags() {
    assert_eq!(
        one("1.32-28!? 19-23(!?!!!) 2.28x19 *"),
        strs(&[
            "move 32-28",
            "nag 5",
            "move 19-23",
            "nag 5",
            "nag 3",
            "nag 1",
            "move 28x19",
            "result *"
        ])
    );
    assert_eq!(
        one("e4!!? Nf3+! Qh5# ?!"),
        strs(&[
            "move e4",
            "nag 3",
            "nag 2",
            "move Nf3+",
            "nag 1",
            "move Qh5#",
            "nag 6"
        ])
    );
    assert_eq!(
        one("e4 (!) d4"),
        strs(&["move e4", "(", "nag 1", ")", "move d4"])
    );
}

#[test]
fn descriptive_suffix_words_join_the_move() {
    assert_eq!(
        moves("1. QxP ch K-Q1 2. PxP e.p. N-B6 dis ch 3. P-K4 dis.ch R-Q1 mate"),
        strs(&[
            "QxP ch",
            "K-Q1",
            "PxP e.p.",
            "N-B6 dis ch",
            "P-K4 dis.ch",
            "R-Q1 mate"
        ])
    );
    // Only right after a move.
    assert_eq!(
        one("QxP {!} ch"),
        strs(&["move QxP", "comment{} !", "move ch"])
    );
    // A check sign standing alone is a word of its own.
    assert_eq!(moves("Nf3 + e5"), strs(&["Nf3", "+", "e5"]));
}

#[test]
fn comma_separates_plies() {
    assert_eq!(
        moves("1. P4R, P4R 2. C3AR,C3AD,"),
        strs(&["P4R", "P4R", "C3AR", "C3AD"])
    );
}

// NAGs and glyphs.

#[test]
fn nags_and_glyphs() {
    assert_eq!(
        one("e4 $0 $1 $255 $902 $65535 □ = ∞ +/= ⩲ =/+ ⩱ +/- ± -/+ ∓ +- -+ N !! ??"),
        strs(&[
            "move e4",
            "nag 0",
            "nag 1",
            "nag 255",
            "nag 902",
            "nag 65535",
            "nag 7",
            "nag 10",
            "nag 13",
            "nag 14",
            "nag 14",
            "nag 15",
            "nag 15",
            "nag 16",
            "nag 16",
            "nag 17",
            "nag 17",
            "nag 18",
            "nag 19",
            "nag 146",
            "nag 3",
            "nag 4",
        ])
    );
    assert_eq!(
        error_of("1. e4\n e5 $65536 *"),
        (
            "NAG $65536 out of range 0–65535".into(),
            Pos {
                line: 2,
                column: 5,
                offset: 10
            }
        )
    );
    assert_eq!(
        error_of("e4 $ e5").0,
        "`$` must be followed by a number, as in `$1`"
    );
}

// Comments and escape lines.

#[test]
fn comments_of_both_kinds() {
    assert_eq!(
        one("e4 {  two\r\nlines  } e5 ; to the end \r\nNf3 {}"),
        strs(&[
            "move e4",
            "comment{} two\r\nlines",
            "move e5",
            "comment; to the end",
            "move Nf3",
            "comment{} ",
        ])
    );
    assert_eq!(
        one("e4{glued}e5"),
        strs(&["move e4", "comment{} glued", "move e5"])
    );
}

#[test]
fn nested_braces_stay_in_one_comment() {
    assert_eq!(
        one("1. 33-29 { nested { comment } } 19-23"),
        strs(&["move 33-29", "comment{} nested { comment }", "move 19-23"])
    );
    // When nesting would swallow the next game, the first `}` closes the comment.
    let games = events("1. e4 { a { b } e5 *\n\n[Event \"x\"]\n1. d4 *");
    assert_eq!(
        games[0],
        strs(&["game", "move e4", "comment{} a { b", "move e5", "result *"])
    );
    assert_eq!(
        games[1],
        strs(&["game", "tag Event=x", "move d4", "result *"])
    );
}

#[test]
fn escape_lines_are_kept_as_items() {
    assert_eq!(
        one("% Board game\n[Date \"2012\"]\n1. 32-28 % not an escape\n%escape\n19-23"),
        strs(&[
            "tag Date=2012",
            "escape  Board game",
            "move 32-28",
            "move %",
            "move not",
            "move an",
            "move escape",
            "escape escape",
            "move 19-23",
        ])
    );
}

#[test]
fn unterminated_comment_is_an_error_and_reading_goes_on_at_the_next_tag_line() {
    let text = "[Event \"a\"]\n1. e4 { never closed\n1-0\n\n[Event \"b\"]\n1. d4 *\n";
    let games = events(text);
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0],
        strs(&["error 2:7: comment not closed: this `{` has no matching `}` (game 1)"])
    );
    assert_eq!(
        games[1],
        strs(&["game", "tag Event=b", "move d4", "result *"])
    );
}

// Variations.

#[test]
fn nested_variations() {
    assert_eq!(
        one("32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23"),
        strs(&[
            "move 32-28",
            "move 19-23",
            "(",
            "move 18-23",
            "move 38-32",
            "(",
            "move 37-32",
            "nag 2",
            "move 23-29",
            "nag 1",
            "comment{} Black wins",
            ")",
            "move 12-18",
            ")",
            "move 28x19",
            "move 14x23",
        ])
    );
}

#[test]
fn unbalanced_variations_are_errors_with_their_place() {
    assert_eq!(
        error_of("1. e4 e5 ) 2. Nf3 *"),
        (
            "`)` without an open variation".into(),
            Pos {
                line: 1,
                column: 10,
                offset: 9
            }
        )
    );
    let (msg, at) = error_of("1. e4 (1. d4 (1. c4) e5 *");
    assert!(msg.starts_with("variation not closed"), "{msg}");
    assert_eq!(
        at,
        Pos {
            line: 1,
            column: 7,
            offset: 6
        }
    );
    // A tag ends the game even inside a variation; the next game is fine.
    let games = events("1. e4 (1. d4\n\n[Event \"x\"]\n1. c4 *");
    assert!(games[0][0].starts_with("error 1:7: variation not closed"));
    assert_eq!(
        games[1],
        strs(&["game", "tag Event=x", "move c4", "result *"])
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let text = format!(
        "1. e4 {} e5 *\n[Event \"next\"]\n1. d4 *",
        "(".repeat(100_000)
    );
    let games = events(&text);
    assert_eq!(games.len(), 2);
    assert!(
        games[0][0].contains("variations nested more than 256 deep"),
        "{:?}",
        games[0]
    );
    assert_eq!(
        games[1],
        strs(&["game", "tag Event=next", "move d4", "result *"])
    );

    let ok = format!("e4 {}e5{} *", "(".repeat(256), ")".repeat(256));
    let game = read_games(&ok).remove(0).unwrap();
    let mut extra = &game.moves.nodes[0].after[0];
    let mut depth = 1;
    while let record::Extra::Variation(v) = extra {
        if let Some(n) = v.nodes.first() {
            assert_eq!(n.mov, "e5");
            break;
        }
        extra = &v.before[0];
        depth += 1;
    }
    assert_eq!(depth, 256);
}

// Setup, results and game boundaries.

#[test]
fn setup_command_in_movetext() {
    assert_eq!(
        one("/FEN \"W:W31-50:B1-20\"/ 1. 32-28 *"),
        strs(&["setup FEN=W:W31-50:B1-20", "move 32-28", "result *"])
    );
    assert!(
        error_of("/FEN \"W:W31-50 *")
            .0
            .starts_with("setup command not closed")
    );
}

#[test]
fn results_in_every_form() {
    for r in [
        "1-0", "0-1", "1/2-1/2", "½-½", "2-0", "0-2", "1-1", "*", "2-1", "1/2-0",
    ] {
        assert_eq!(
            events(&format!("e4 {r} d4 *")),
            vec![
                strs(&["game", "move e4", &format!("result {r}")]),
                strs(&["game", "move d4", "result *"])
            ],
            "{r}"
        );
    }
    assert_eq!(
        events("e4 0-0 d4 *"),
        vec![strs(&[
            "game", "move e4", "move 0-0", "move d4", "result *"
        ])]
    );
}

#[test]
fn zero_zero_is_castling_unless_the_game_ends_there() {
    assert_eq!(
        moves("1. P-K4 P-K4 2. 0-0 0-0 *"),
        strs(&["P-K4", "P-K4", "0-0", "0-0"])
    );
    assert_eq!(moves("1. P-K4 (0-0) 0-0 *"), strs(&["P-K4", "0-0", "0-0"]));
    // Comments after the last result make a game of their own: nothing is dropped.
    assert_eq!(
        events("1. 0-0 {end} ; really\n% esc\n"),
        vec![
            strs(&["game", "result 0-0"]),
            strs(&["game", "comment{} end", "comment; really", "escape  esc"])
        ]
    );
    let games = events("[Round \"1\"]\n1. 32-28 0-0 {draw}\n\n[Round \"2\"]\n1. 33-29 0-0");
    assert_eq!(
        games[0],
        strs(&["game", "tag Round=1", "move 32-28", "result 0-0"])
    );
    assert_eq!(
        games[1],
        strs(&[
            "game",
            "tag Round=2",
            "comment{} draw",
            "move 33-29",
            "result 0-0"
        ])
    );
    let (msg, _) = error_of("e4 (d4 1-0) *");
    assert!(msg.starts_with("variation not closed"), "{msg}");
}

#[test]
fn game_boundaries() {
    // A tag after movetext starts the next game even without a result.
    let games = events("1. e4 e5\n[Event \"b\"]\n1. d4 *\n");
    assert_eq!(
        games,
        vec![
            strs(&["game", "move e4", "move e5"]),
            strs(&["game", "tag Event=b", "move d4", "result *"])
        ]
    );
    // Blank lines alone end nothing; bare moves with no tags or result are one game.
    assert_eq!(
        moves("1. e4 e5\n\n\n2. Nf3\n\n"),
        strs(&["e4", "e5", "Nf3"])
    );
    // Tags with neither movetext nor result are a game; trailing blanks and escape lines are not.
    assert_eq!(
        events("[A \"1\"]\n[B \"2\"]\n\n  \n%eof\n"),
        vec![strs(&["game", "tag A=1", "tag B=2", "escape eof"])]
    );
    assert_eq!(
        events("1-0\n\n% trailing\n\n"),
        vec![strs(&["game", "result 1-0"])]
    );
    assert!(events("  \n\r\n% only\n").is_empty());
    assert!(events("").is_empty());
    // An empty line inside the tag section.
    assert_eq!(one("[A \"1\"]\n\n[B \"2\"]\n\n1. e4 *").len(), 4);
    // A text after the result of a game starts the next one.
    assert_eq!(events("e4 1-0 d4").len(), 2);
}

// Bytes.

#[test]
fn bom_crlf_and_lone_cr() {
    let all = events_of(
        b"\xEF\xBB\xBF[A \"1\"]\r\n1. e4\re5 *\r\n\xEF\xBB\xBF[B \"2\"] *",
        true,
    );
    assert_eq!(
        all,
        vec![
            strs(&[
                "game @1:1",
                "tag A=1 @1:1",
                "num 1. @2:1",
                "move e4 @2:4",
                "move e5 @3:1",
                "result * @3:4"
            ]),
            // A byte order mark in the middle of the input counts as one column.
            strs(&["game @4:2", "tag B=2 @4:2", "result * @4:10"]),
        ]
    );
}

#[test]
fn games_that_are_not_utf8_are_read_as_latin1() {
    let bytes = b"[White \"M\xfcller\"]\n1. e4 {\xe9t\xe9} \xbd-\xbd\n\n[Black \"M\xc3\xbcller\"]\n1. d4 {\xc3\xa9} 1-0";
    let all = events_of(bytes, true);
    assert_eq!(
        all[0],
        strs(&[
            "game @1:1",
            "tag White=Müller @1:1",
            "num 1. @2:1",
            "move e4 @2:4",
            "comment{} été @2:7",
            "result ½-½ @2:13"
        ])
    );
    assert_eq!(
        all[1],
        strs(&[
            "game @4:1",
            "tag Black=Müller @4:1",
            "num 1. @5:1",
            "move d4 @5:4",
            "comment{} é @5:7",
            "result 1-0 @5:11"
        ])
    );
    // Latin-1 ± is a glyph.
    assert_eq!(
        one(std::str::from_utf8(b"e4 +/-").unwrap()),
        strs(&["move e4", "nag 16"])
    );
    assert_eq!(
        events_of(b"e4 \xb1", false)[0],
        strs(&["game", "move e4", "nag 16"])
    );
}

#[test]
fn places_count_characters_and_bytes() {
    let all = events_of("[W \"Фадеев\"] e4 ♘f3 {é} d4\n  e5".as_bytes(), true);
    assert_eq!(
        all[0],
        strs(&[
            "game @1:1",
            "tag W=Фадеев @1:1",
            "move e4 @1:14",
            "move ♘f3 @1:17",
            "comment{} é @1:21",
            "move d4 @1:25",
            "move e5 @2:3"
        ])
    );
    let mut reader = Reader::from_str("1-0 \n  é 0-1 [A \"x\"] *");
    let mut v = common::Events {
        with_pos: true,
        ..Default::default()
    };
    assert_eq!(
        reader.read_game(&mut v).unwrap().unwrap(),
        strs(&["game @1:1", "result 1-0 @1:1"])
    );
    assert_eq!(
        reader.read_game(&mut v).unwrap().unwrap(),
        strs(&["game @2:3", "move é @2:3", "result 0-1 @2:5"])
    );
    assert_eq!(
        reader.read_game(&mut v).unwrap().unwrap(),
        strs(&["game @2:9", "tag A=x @2:9", "result * @2:17"])
    );
    // Offsets are bytes from the start of the input.
    let g = read_games("é\n[A \"1\"] é *").remove(1).unwrap();
    assert_eq!(
        g.at,
        Pos {
            line: 2,
            column: 1,
            offset: 3
        }
    );
    assert_eq!(
        g.moves.nodes[0].at,
        Pos {
            line: 2,
            column: 9,
            offset: 11
        }
    );
}

// Errors and recovery.

#[test]
fn one_bad_game_never_loses_the_others() {
    let text =
        "[Event \"1\"]\n1. e4 e5 1-0\n\n[Event \"2\"]\n1. e4 } e5 0-1\n\n[Event \"3\"]\n1. d4 *\n";
    let mut reader = Reader::from_str(text);
    let mut c = Collect::default();
    assert!(reader.read_game(&mut c).unwrap().is_some());
    let err = reader.read_game(&mut c).unwrap_err();
    assert_eq!(err.to_string(), "5:7: `}` without an open comment (game 2)");
    assert_eq!(
        err.pos(),
        Some(Pos {
            line: 5,
            column: 7,
            offset: 44
        })
    );
    assert_eq!(reader.last_game_raw(), b"[Event \"2\"]\n1. e4 } e5 0-1");
    let third = reader.read_game(&mut c).unwrap().unwrap();
    assert_eq!(third.tags.get("Event"), Some("3"));
    assert_eq!(reader.last_game_raw(), b"[Event \"3\"]\n1. d4 *");
    assert_eq!(reader.game_count(), 3);
    assert!(reader.read_game(&mut c).unwrap().is_none());
    assert_eq!(reader.last_game_raw(), b"");
}

#[test]
fn a_bad_tag_section_is_skipped_whole() {
    // Text after a value's closing quote (a value without quotes, or without its closing
    // quote, is read, with a warning: tests/leniency.rs).
    let games = events("[Event \"x\" y]\n[Site \"y\"]\n1. e4 1-0\n[Event \"z\"] *");
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(
        games[0][0].starts_with("error 1:12: expected `]`"),
        "{games:?}"
    );
    assert_eq!(games[1], strs(&["game", "tag Event=z", "result *"]));
}

#[test]
fn stray_closing_bracket_is_an_error() {
    assert_eq!(error_of("e4 ] e5").0, "`]` without a tag to close");
}

// Visitor flow.

/// Records moves and variations, skipping as told.
struct Skipper {
    skip_move: &'static str,
    flow: Flow,
    skip_variations: bool,
    seen: Vec<String>,
}

impl Visitor for Skipper {
    type Output = Vec<String>;
    fn move_word(&mut self, text: &str, _at: Pos) -> Flow {
        self.seen.push(text.to_owned());
        if text == self.skip_move {
            self.flow
        } else {
            Flow::Continue
        }
    }
    fn begin_variation(&mut self, _at: Pos) -> Flow {
        self.seen.push("(".into());
        if self.skip_variations {
            Flow::SkipVariation
        } else {
            Flow::Continue
        }
    }
    fn end_variation(&mut self, _at: Pos) {
        self.seen.push(")".into());
    }
    fn result(&mut self, text: &str, _at: Pos) {
        self.seen.push(text.to_owned());
    }
    fn end_game(&mut self) -> Vec<String> {
        std::mem::take(&mut self.seen)
    }
}

fn skip(
    text: &str,
    skip_move: &'static str,
    flow: Flow,
    skip_variations: bool,
) -> Vec<Vec<String>> {
    let mut v = Skipper {
        skip_move,
        flow,
        skip_variations,
        seen: vec![],
    };
    let mut reader = Reader::from_str(text);
    let mut out = vec![];
    while let Some(g) = reader.read_game(&mut v).unwrap() {
        out.push(g);
    }
    out
}

#[test]
fn visitors_can_skip_games_and_variations() {
    let text = "e4 (d4 d5 (c4) Nf3) e5 (c5) Nf3 1-0\n[A \"b\"]\nc4 *";
    assert_eq!(
        skip(text, "d4", Flow::SkipVariation, false),
        vec![
            strs(&["e4", "(", "d4", ")", "e5", "(", "c5", ")", "Nf3", "1-0"]),
            strs(&["c4", "*"])
        ]
    );
    assert_eq!(
        skip(text, "e5", Flow::SkipGame, false),
        vec![
            strs(&["e4", "(", "d4", "d5", "(", "c4", ")", "Nf3", ")", "e5"]),
            strs(&["c4", "*"])
        ]
    );
    assert_eq!(
        skip(text, "e4", Flow::SkipVariation, false),
        vec![strs(&["e4"]), strs(&["c4", "*"])]
    );
    assert_eq!(
        skip(text, "", Flow::Continue, true),
        vec![
            strs(&["e4", "(", "e5", "(", "Nf3", "1-0"]),
            strs(&["c4", "*"])
        ]
    );
}

#[test]
fn input_errors_are_reported_and_end_the_reading() {
    struct Broken;
    impl std::io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let mut reader = Reader::new(Broken);
    let err = reader.read_game(&mut Collect::default()).unwrap_err();
    assert!(matches!(err, ReadError::Io(_)));
    assert!(!err.is_syntax());
    assert!(reader.read_game(&mut Collect::default()).unwrap().is_none());
}

#[test]
fn the_raw_text_of_a_game_reads_as_the_game_whatever_its_last_line() {
    // A `;` comment or an escape line runs to the end of its line: commas and blanks at the
    // end are its text, not blanks between games (found by fuzzing: `1.;,652,yyy,,`).
    for text in [
        "1.;,652,yyy,,\n",
        "1. e4 ;note,,\n\n1. d4 *",
        "1. e4 ;a ,, \u{b}\r\n",
        "1. e4 {b ;} ,,\n",
        "1. e4\n%escape  ,,\n\n1. d4 *",
        "1. e4 e5 *,,\n",
        "[Event \"a;b\"],,\n",
    ] {
        let mut reader = Reader::from_str(text);
        let mut c = Collect::default();
        let mut game = reader.read_game(&mut c).unwrap().unwrap();
        let raw = reader.last_game_raw().to_vec();
        let mut again = Reader::from_bytes(&raw).read_game(&mut c).unwrap().unwrap();
        game.clear_positions();
        again.clear_positions();
        assert_eq!(again, game, "{text:?}");
    }
}
