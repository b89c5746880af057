//! Inputs that the fuzz targets (fuzz/, scripts/fuzz) found to go wrong, kept as tests.

use games::{AnyGame, OnePass, ReadGame, ReadOptions};
use record::Reader;

/// Each game of `text` read the general way and the one-pass way: rules and plies, or the
/// error.
fn both_ways(text: &str) -> (Vec<String>, Vec<String>) {
    both_ways_under(text, ReadOptions::default())
}

/// [`both_ways`] under `options`.
fn both_ways_under(text: &str, options: ReadOptions) -> (Vec<String>, Vec<String>) {
    let summary = |read: Result<AnyGame, String>| match read {
        Ok(g) => format!("{} {} plies", g.rules(), g.plies()),
        Err(e) => format!("error: {e}"),
    };
    let general = record::read_games(text)
        .into_iter()
        .map(|g| summary(AnyGame::read(g.unwrap(), &options).map_err(|e| e.to_string())))
        .collect();
    let mut reader = Reader::from_str(text);
    let mut one_pass = OnePass::new(options);
    let mut fast = Vec::new();
    while let Some(read) = one_pass.next(&mut reader) {
        fast.push(match read.unwrap() {
            ReadGame::Game(g) => summary(Ok(*g)),
            ReadGame::Bad(e) => summary(Err(e.to_string())),
        });
    }
    (general, fast)
}

/// A game with two FEN tags: the one-pass reader used the last, the general reader the first
/// (found by `record_games`). Both use the first now, as for GameType and Variant.
#[test]
fn repeated_tags_count_once_the_first() {
    let text = "[FEN \"W:W9,10,20,34,4331\"]\n[FEN \"W:W9,10,20,34,43:B12,22,32,39,41.\"]\n\n\
                1. 34-30 39x48 2. 9-3 48x5 3. 3x46 1-0\n";
    let (general, fast) = both_ways(text);
    assert_eq!(fast, general);
    assert!(
        general[0].contains("square 4331 is not on the 10×10 board"),
        "{general:?}"
    );

    let text = "[FEN \"W:W9,10,20,34,43:B12,22,32,39,41.\"]\n[FEN \"W:W9,10,20,34,4331\"]\n\n\
                1. 34-30 39x48 2. 9-3 48x5 3. 3x46 1-0\n";
    let (general, fast) = both_ways(text);
    assert_eq!(fast, general);
    assert_eq!(general, ["International draughts 5 plies"]);

    let text = "[GameType \"21\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 *\n\n\
                [Variant \"Chess960\"]\n[Variant \"Atomic\"]\n\n1. e4 e5 *\n";
    let (general, fast) = both_ways(text);
    assert_eq!(fast, general);
}

/// A game whose first word starts with `%` after a blank on its line: the one-pass reader
/// read the game's text again on its own, where the `%` stood at the start of the text and
/// so began an escape line, and found no game (found by `record_games`). The text read again
/// now goes on with the line it starts in.
#[test]
fn a_game_read_again_keeps_its_place_in_its_line() {
    let text = "\t%Boa\0\0 International Draughts 10x10\r\n[Date \"2012.02.01\"]\r\n\
                1. 32-28'19-23\reeee\n";
    let (general, fast) = both_ways(text);
    assert_eq!(fast, general);
    assert!(general[0].contains("%Boa"), "{general:?}");
    // The same game after another on the same line.
    let text = "1. e4 e5 * %x 1. d4 *";
    let (general, fast) = both_ways(text);
    assert_eq!(fast, general);
}

/// Three backticks before a tag on the same line: a word of a game (of no game's rules), where
/// alone on a line they would be a Markdown fence. The one-pass reader read the game's text
/// (the backticks) again on its own, found a fence and so no game, and said "could not be read
/// again" (found by `record_games`). The text read again now runs to the end of its last line.
#[test]
fn backticks_before_a_tag_are_a_word_when_read_again() {
    let text = "```[FEN \"?:W29,13,11:B22,4\"]\r\n*\r\n";
    for options in [
        ReadOptions::default(),
        ReadOptions {
            rules: Some("chess".parse().unwrap()),
            ..ReadOptions::default()
        },
    ] {
        let (general, fast) = both_ways_under(text, options);
        assert_eq!(fast, general);
        assert!(general[0].contains("```"), "{general:?}");
    }
    // Alone on their line, they are a fence around the game that follows.
    let (general, fast) = both_ways("```\n1. e4 e5 *\n```\n");
    assert_eq!(fast, general);
    assert_eq!(general, ["Chess 2 plies"]);
}

/// A chess word that does not read, followed by a check sign written apart (`Rxg\u{c8}\u{e9}24xQg.8
/// +`): the general reader joins the sign to the word and names both in its error; the
/// one-pass reader, which reads again only the game's words up to the one that failed, named
/// the word alone (found by `record_games`). It now reads the whole game when the next word
/// may join the one that failed.
#[test]
fn a_sign_apart_after_a_word_that_fails_is_named_with_it() {
    let text = "1. d4 d5 2. Nc3 Nf6 3. Bf4 c6 4. e3 Bf5 5. f3 e6 6. g4 Bg6 7. h4 h6 8. Bd3 Bxd3\n\
                9. Qxd3 Bd6 10. Nge2 Qc7 11. Bxd6 Qxd6 12. O-O-O Nbd7 13. e4 dxe4 14. fxe4 e5\n\
                15. Qf3 O-O-O 16. g5 hxg5 17. hxg5 Rxh1 18. Rxh1 exd4 19. gxf6 dxc3 20. fxg7\n\
                Qd2+ 21. Kb1 cxb2 22. Qxf7 Qxe2 23. g8=Q Rxg\u{c8}\u{e9}24xQg.8 + Kc7 25. Qg3+ 1-0\n";
    let (general, fast) = both_ways(text);
    assert_eq!(fast, general);
    assert!(general[0].contains("24xQg.8+"), "{general:?}");
}

/// A word far longer than any move (a file that is one word, say) is refused at once with
/// its length and its start quoted, read from text or from a tree, draughts or chess: each
/// reading used to copy it into its error, dozens of copies of a 9 MB word (issue 26).
#[test]
fn a_word_longer_than_any_move_is_refused_at_once() {
    for first in ["", "1. e4 ", "1. 32-28 "] {
        let word = "a".repeat(5_000);
        let text = format!("{first}{word} *\n\n[Event \"next\"]\n1. d4 d5 *\n");
        let (general, fast) = both_ways(&text);
        assert_eq!(fast, general, "{first}");
        let quoted = format!(
            "a word of 5000 bytes where a move should be (`{}…`)",
            &word[..40]
        );
        assert!(general[0].contains(&quoted), "{first}: {}", general[0]);
        assert!(general[1].ends_with("2 plies"), "{}", general[1]);
    }
}

/// A game read under rules that share their GameType with others (Killer, Antidraughts,
/// Breakthrough with 20, Frysk! with 40), whose Variant tag names no draughts variant
/// (`Antichess`) or another one: it was written with the GameType but kept its Variant tag,
/// and so read back as International or Frisian draughts (found by `record_games`). The
/// Variant tag is written with the variant's name now, and every rules choice reads back
/// as itself.
#[test]
fn rules_that_share_a_game_type_are_written_with_their_variant_tag() {
    use games::{DraughtsGame, Rules, WriteStyle};
    for tag in ["Antichess", "Standard", "Russian", "Killer", "Frysk!"] {
        let text = format!("[Variant \"{tag}\"]\n\n*\n");
        for rules in Rules::all().filter(|r| matches!(r, Rules::Draughts(_))) {
            let options = ReadOptions {
                rules: Some(rules),
                ..ReadOptions::default()
            };
            let game = record::read_games(&text).remove(0).unwrap();
            let Ok(AnyGame::Draughts(game)) = AnyGame::read(game, &options) else {
                panic!("{text} does not read as draughts under {rules}");
            };
            let written = game.write(&WriteStyle::default());
            let again = record::read_games(&written).remove(0).unwrap();
            let again = DraughtsGame::read(again, None).unwrap();
            assert_eq!(again.variant.name, game.variant.name, "{rules}:\n{written}");
            assert_eq!(again.end, game.end, "{rules}:\n{written}");
        }
    }
}

/// What the reader read leniently (a tag value not closed, forum markup, a result written
/// `1:0`) was a warning of the one-pass reader only: the general reader, through the game
/// tree, did not know of it (found by `record_games`). The tree keeps it now
/// (`record::Game::lenient`), and both readers warn alike.
#[test]
fn lenient_readings_warn_the_same_both_ways() {
    let text = "[pgn]\n[Event 'Club']\n[Site \"Lille]\n[Round 3]\n1. e4 e5 2. Nf3 Nc6 1:0[/pgn]\n\n\
                [Event \"x\"]\n[Result \"1/2-1/2\"]\n\n1. 32-28 19-23 2. 28x19 14x23 1/2 - 1/2\n";
    let warnings = |g: &AnyGame| {
        g.warnings()
            .iter()
            .map(|w| w.to_string())
            .collect::<Vec<_>>()
    };
    let general: Vec<Vec<String>> = record::read_games(text)
        .into_iter()
        .map(|g| warnings(&AnyGame::read(g.unwrap(), &ReadOptions::default()).unwrap()))
        .collect();
    let mut reader = Reader::from_str(text);
    let mut one_pass = OnePass::new(ReadOptions::default());
    let mut fast = Vec::new();
    while let Some(read) = one_pass.next(&mut reader) {
        match read.unwrap() {
            ReadGame::Game(g) => fast.push(warnings(&g)),
            ReadGame::Bad(e) => panic!("{e}"),
        }
    }
    assert_eq!(fast, general);
    assert_eq!(general[0].len(), 6, "{general:?}");
    assert_eq!(general[1].len(), 1, "{general:?}");
}
