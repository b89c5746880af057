//! What the reader reads although the text breaks the format (record::Leniency): a tag value
//! without its closing quote, forum markup around games, results written with Unicode dashes.
//! Each is read with a warning at its place; where two readings would differ it stays an error.
//! The cases come from what sites, forums and word processors write (see the corpus in
//! crates/games/tests/files/import).

mod common;

use common::{Trickle, events_of, events_read};
use record::{Leniency, Reader};

/// The events of every game of `text`, with places.
fn read(text: &str) -> Vec<Vec<String>> {
    events_of(text.as_bytes(), true)
}

/// `text` read through buffers of every small size gives what one read gives: the lexer's
/// new items resume right when the input runs out in their middle.
fn same_in_pieces(text: &str) {
    let whole = read(text);
    for n in 1..=9 {
        let pieces = events_read(
            Reader::with_chunk_size(
                Trickle {
                    bytes: text.as_bytes(),
                    n,
                },
                n,
            ),
            true,
        );
        assert_eq!(pieces, whole, "{text:?} in pieces of {n}");
    }
}

#[test]
fn a_tag_value_without_its_closing_quote_runs_to_the_bracket() {
    let text = "[Event \"NII - Lille 2 / Tour Blanche Paris]\n[Annotator \"Krush, I]  \n1. e4 *\n";
    let games = read(text);
    assert_eq!(
        games,
        [[
            "game @1:1",
            "tag Event=NII - Lille 2 / Tour Blanche Paris @1:1",
            "tag Annotator=Krush, I @2:1",
            "lenient UnclosedTagValue NII - Lille 2 / Tour Blanche Paris @1:8",
            "lenient UnclosedTagValue Krush, I @2:12",
            "num 1. @3:1",
            "move e4 @3:4",
            "result * @3:7",
        ]]
    );
    same_in_pieces(text);
}

#[test]
fn an_unclosed_value_ends_at_the_last_bracket_of_its_line() {
    let text = "[Event \"a]\t\r\n[Round \"x]y] \n[Site \"b\"]\n*";
    let games = read(text);
    assert_eq!(
        games[0][1..4],
        ["tag Event=a @1:1", "tag Round=x]y @2:1", "tag Site=b @3:1"]
    );
    same_in_pieces(text);
}

#[test]
fn an_unclosed_value_without_a_bracket_runs_to_the_line_end() {
    // As python-chess, which skips such a line, reads the game on.
    for (text, value) in [
        ("[Event \"a\n1. e4 *", "a"),
        ("[Event \"a] b  \r\n1. e4 *", "a] b"),
        ("[Event \"a", "a"),
    ] {
        let games = read(text);
        assert_eq!(
            games[0][1],
            format!("tag Event={value} @1:1"),
            "{text:?}: {games:?}"
        );
        assert_eq!(
            games[0][2],
            format!("lenient UnclosedTagValue {value} @1:8"),
            "{text:?}: {games:?}"
        );
        same_in_pieces(text);
    }
}

#[test]
fn a_value_in_single_quotes_or_none_runs_to_the_bracket() {
    // As python-chess, which skips such a line, reads the game on.
    for (text, value) in [
        ("[Event 'Club']\n1. e4 *", "Club"),
        ("[Event Club  ]\n1. e4 *", "Club"),
        ("[White 'O'Brien, J']\n1. e4 *", "O'Brien, J"),
        ("[Round 3]  \r\n1. e4 *", "3"),
    ] {
        let games = read(text);
        assert_eq!(
            games[0][1],
            format!("tag {}={value} @1:1", &text[1..text.find(' ').unwrap()]),
            "{text:?}"
        );
        assert!(
            games[0][2].starts_with(&format!("lenient UnquotedTagValue {value} @1:")),
            "{games:?}"
        );
        same_in_pieces(text);
    }
    // No value, a value with brackets or quotes, or no `]` ending the line: errors.
    for text in [
        "[Event]\n1. e4 *",
        "[Event a] [Site b]\n1. e4 *",
        "[Event a\"b]\n1. e4 *",
        "[Event a\n1. e4 *",
    ] {
        let games = read(text);
        assert!(games[0][0].starts_with("error "), "{text:?}: {games:?}");
    }
}

#[test]
fn a_result_written_with_a_colon_or_a_half_alone_is_the_result() {
    for (written, read_as) in [
        ("1:0", "1-0"),
        ("0:1", "0-1"),
        ("½:½", "½-½"),
        ("1/2", "1/2-1/2"),
        ("2:0", "2-0"),
        ("1/2 - 1/2", "1/2-1/2"),
        ("1/2  –  1/2", "1/2-1/2"),
        ("1/2\t-\t1/2", "1/2-1/2"),
        ("1 - 0", "1-0"),
        ("0 – 1", "0-1"),
        ("½ - ½", "½-½"),
        ("2 - 0", "2-0"),
    ] {
        let text = format!("1. e4 e5 {written}\n[Event \"next\"]\n*");
        let games = read(&text);
        assert_eq!(games.len(), 2, "{written}: {games:?}");
        assert_eq!(
            games[0][games[0].len() - 2..],
            [
                format!("lenient ResultForm {written} @1:10"),
                format!("result {read_as} @1:10"),
            ],
            "{written}"
        );
        same_in_pieces(&text);
    }
    assert_eq!(
        Leniency::ResultForm.describe("1/2"),
        "result written `1/2`: read as a draw"
    );
    assert_eq!(
        Leniency::ResultForm.describe("0:1"),
        "result written `0:1`: read as a win of the second side"
    );
    assert_eq!(
        Leniency::ResultForm.describe("1/2 - 1/2"),
        "result written `1/2 - 1/2`: read as a draw"
    );
    // `1/2` then another word is the result, and the word starts the next game.
    let games = read("1. e4 1/2 - 1/2x\n");
    assert_eq!(games.len(), 2, "{games:?}");
    // Without blanks on both sides of the dash, the pieces stay apart (pieces of a move).
    for text in ["1. e4 0 -2 *", "1. e4 0- 2 *"] {
        let games = read(text);
        assert_eq!(games.len(), 1, "{text:?}: {games:?}");
        assert!(
            games[0].last().unwrap().starts_with("result * @"),
            "{games:?}"
        );
    }
    // A number alone that no dash and score follow is a word, as before.
    let games = read("1 e4 e5 2 Nf3 *");
    assert_eq!(games.len(), 1, "{games:?}");
    assert!(
        games[0].iter().any(|e| e.starts_with("move 2 @")),
        "{games:?}"
    );
}

#[test]
fn forum_markup_around_a_game_is_skipped_with_a_warning() {
    // On lines of their own, in any case, for PGN and PDN.
    let text =
        "[pgn]\n[Event \"x\"]\n1. e4 e5 1-0\n[/pgn]\n\n[PDN]\n[Event \"y\"]\n1. 32-28 *\n[/PDN]\n";
    let games = read(text);
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(
        games[0],
        [
            "game @1:1",
            "tag Event=x @2:1",
            "lenient ForumMarkup [pgn] @1:1",
            "num 1. @3:1",
            "move e4 @3:4",
            "move e5 @3:7",
            "result 1-0 @3:10",
            "lenient ForumMarkup [/pgn] @4:1",
        ]
    );
    assert_eq!(games[1][2], "lenient ForumMarkup [PDN] @6:1");
    assert_eq!(games[1].last().unwrap(), "lenient ForumMarkup [/PDN] @9:1");
    same_in_pieces(text);
}

#[test]
fn forum_markup_on_the_game_line_is_the_game_s() {
    // All on one line; the closing markup after a result or after the last move.
    for text in [
        "[pgn][Event \"x\"] 1. e4 e5 1-0 [/pgn]",
        "[pgn][Event \"x\"] 1. e4 e5 1-0[/pgn]\n",
        "[pgn] 1. e4 e5 [/pgn]",
        "[pgn]1. e4 e5[/pgn]\n[pgn]1. d4 d5[/pgn]",
    ] {
        let games = read(text);
        for game in &games {
            let markup: Vec<&String> = game.iter().filter(|e| e.contains("ForumMarkup")).collect();
            assert_eq!(markup.len(), 2, "{text:?}: {game:?}");
            assert!(
                markup[0].contains("[pgn]") && markup[1].contains("[/pgn]"),
                "{game:?}"
            );
            assert!(
                game.iter()
                    .any(|e| e.starts_with("move e5") || e.starts_with("move d5"))
            );
        }
        assert_eq!(
            games.len(),
            1 + text.matches("d4").count(),
            "{text:?}: {games:?}"
        );
        same_in_pieces(text);
    }
}

#[test]
fn markup_alone_is_no_game() {
    for text in ["[pgn]", "[/pgn]\n", "[pgn]\n[/pgn]\n"] {
        assert!(read(text).is_empty(), "{text:?}: {:?}", read(text));
    }
    // Other short tags stay errors: only the four markup names are skipped.
    let games = read("[pgnx]\n1. e4 *");
    assert!(games[0][0].starts_with("error "), "{games:?}");
}

#[test]
fn a_result_with_a_unicode_dash_is_the_result() {
    for (written, read_as) in [
        ("1–0", "1-0"),
        ("0—1", "0-1"),
        ("½–½", "½-½"),
        ("1/2–1/2", "1/2-1/2"),
        ("1‑0", "1-0"),
        ("0−1", "0-1"),
        ("2–0", "2-0"),
    ] {
        let text = format!("[Result \"{read_as}\"]\n1. e4 e5 {written}\n\n[Event \"next\"]\n*");
        let games = read(&text);
        assert_eq!(games.len(), 2, "{written}: {games:?}");
        let dash = written
            .chars()
            .find(|c| !c.is_ascii_digit() && !"½/".contains(*c));
        let col = 10 + written.chars().position(|c| Some(c) == dash).unwrap();
        assert_eq!(
            games[0][games[0].len() - 2..],
            [
                format!("lenient ResultDash {} @2:{col}", dash.unwrap()),
                format!("result {read_as} @2:10"),
            ],
            "{written}"
        );
        same_in_pieces(&text);
    }
    assert_eq!(
        Leniency::ResultDash.describe("–"),
        "result written with `–` (U+2013) for `-`: read as if with `-`"
    );
}

#[test]
fn zero_dash_zero_followed_by_moves_is_castling_not_a_result() {
    let games = read("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0–0 Nf6 *");
    assert!(
        games[0].iter().any(|e| e.starts_with("move 0–0")),
        "{games:?}"
    );
    assert!(
        games[0].iter().any(|e| e.starts_with("result *")),
        "{games:?}"
    );
}

#[test]
fn a_result_in_latin_1_with_a_unicode_dash_is_read() {
    // A Latin-1 game (the byte 0xE9 in a comment) whose result has a UTF-8 dash: the result's
    // bytes are read as such.
    let mut bytes = b"1. e4 {caf\xE9} e5 1".to_vec();
    bytes.extend_from_slice("–".as_bytes());
    bytes.extend_from_slice(b"0\n");
    let games = events_of(&bytes, false);
    assert_eq!(games[0].last().unwrap(), "result 1-0", "{games:?}");
}

#[test]
fn a_markdown_code_fence_around_a_game_is_skipped_with_a_warning() {
    for text in [
        "```pgn\n[Event \"x\"]\n1. e4 e5 1-0\n```\n",
        "```\n1. e4 e5\n```",
        "```PGN  \r\n1. e4 e5 *\r\n```\r\n\r\n```pgn\n1. d4 d5 *\n```\n",
    ] {
        let games = read(text);
        assert!(!games.is_empty(), "{text:?}");
        for game in &games {
            let fences: Vec<&String> = game.iter().filter(|e| e.contains("ForumMarkup")).collect();
            assert_eq!(fences.len(), 2, "{text:?}: {game:?}");
            assert!(
                fences[0].contains("```") && fences[1].contains("```"),
                "{game:?}"
            );
            assert!(!game.iter().any(|e| e.starts_with("error")), "{game:?}");
        }
        same_in_pieces(text);
    }
    // Backticks within a line are no fence: the reader hands them on as a word.
    let games = read("1. e4 ```x\n");
    assert!(
        games[0].iter().any(|e| e.starts_with("move ```x")),
        "{games:?}"
    );
}

#[test]
fn a_result_tag_written_leniently_is_not_written_as_the_result() {
    // The writer writes a game's Result tag as its result only in PGN's form: the token it
    // writes must read back as itself (found by record_games: `1/2` read back as `1/2-1/2`).
    for value in ["1/2", "1:0", "1–0"] {
        let text = format!("[Result \"{value}\"]\n1. e4 e5\n");
        let game = record::read_games(&text).remove(0).unwrap();
        assert_eq!(game.result_text(), "*", "{value}");
        assert!(!record::ResultToken::is_result(value), "{value}");
    }
    let game = record::read_games("[Result \"1-0\"]\n1. e4 e5\n")
        .remove(0)
        .unwrap();
    assert_eq!(game.result_text(), "1-0");
}
