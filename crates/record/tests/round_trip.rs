//! Writing a game and reading it back gives the same game.

mod common;

use common::files;
use record::{Game, ReadError, Reader, ResultToken, WriteOptions, read_games, write_game};

/// The game as a record: no places, and the result the writer writes.
fn record_of(mut g: Game<String>) -> Game<String> {
    g.clear_positions();
    g.result = Some(ResultToken::new(g.result_text()));
    g
}

fn write(g: &Game<String>, o: &WriteOptions) -> String {
    let mut s = String::new();
    write_game(g, o, &mut s).unwrap();
    s
}

fn option_sets() -> Vec<WriteOptions> {
    let d = WriteOptions::default();
    vec![
        d.clone(),
        WriteOptions {
            width: 0,
            ..d.clone()
        },
        WriteOptions {
            width: 12,
            ..d.clone()
        },
        WriteOptions {
            move_numbers: false,
            ..d.clone()
        },
        WriteOptions {
            strength_glyphs: false,
            other_glyphs: true,
            ..d.clone()
        },
        WriteOptions {
            ply_separator: Some(','),
            first_ply: 1,
            ..d.clone()
        },
    ]
}

/// Checks that `game` survives writing with every option set; returns the default text.
pub fn check_round_trip(game: &Game<String>, context: &str) -> String {
    let mut first = String::new();
    // Unoptimised builds are slow: there, two option sets are enough.
    let sets = option_sets();
    let sets = if cfg!(debug_assertions) {
        &sets[..2]
    } else {
        &sets[..]
    };
    for o in sets.iter().cloned() {
        let text = write(game, &o);
        let mut again: Vec<Result<Game<String>, ReadError>> = read_games(&text);
        assert_eq!(again.len(), 1, "{context}: {o:?}\n{text}");
        let again = again
            .remove(0)
            .unwrap_or_else(|e| panic!("{context}: {e}\n{text}"));
        assert_eq!(
            record_of(again.clone()),
            record_of(game.clone()),
            "{context}: {o:?}\n{text}"
        );
        assert_eq!(write(&again, &o), text, "{context}: writing is not stable");
        // Narrow widths cannot hold every token; the usual one can.
        if o.width >= 80 {
            for line in text.lines() {
                let long = line.chars().count() > o.width;
                assert!(
                    !long
                        || !line.contains(' ')
                        || line.starts_with(['[', '%'])
                        || line.contains(['{', ';']),
                    "{context}: line too long: {line}"
                );
            }
        }
        if first.is_empty() {
            first = text;
        }
    }
    first
}

#[test]
fn every_game_of_every_file_round_trips() {
    let mut paths = files("draughts/pdn-spec-games/succeed", "pdn");
    paths.extend(files("draughts/pdn-spec-games/fail", "pdn"));
    paths.extend(files("draughts", "pdn"));
    paths.extend(files("chess", "pgn"));
    paths.extend(files("chess/edge", "pgn"));
    let mut games = 0;
    for path in paths {
        let bytes = std::fs::read(&path).unwrap();
        for (i, game) in Reader::from_bytes(&bytes).games().enumerate() {
            let Ok(game) = game else { continue };
            check_round_trip(&game, &format!("{} game {}", path.display(), i + 1));
            games += 1;
        }
    }
    // Every game of the data reads (the three with `$902` too).
    assert_eq!(games, 6720);
}

#[test]
fn tricky_games_round_trip() {
    for text in [
        "1. e4 $1 $5 $200 {c} e5 !? ; line\n2. Nf3 (2. f4 (2. d4) exf4 {x}) (2. c3) *",
        "% escape first\n[A \"q\\\"uote\"]\n{before} ( (1. d4) ) 1. 35x 4 1- 7 2. 0-0 0-0",
        "1. e4 {a { nested } b} e5 2. QxP ch N-B6 dis ch 3. e8(Q) C(AR)xP /FEN \"W:W1\"/ 1-0",
        "1. e4 () (()) e5 ; x\n( ; y\n) *",
        "1. e4 { multi\nline } e5 ± N ⩲ 1/2-1/2",
        "1. P4R, P4R 2. 0-0 *",
        "{only a comment}",
        "[Event \"tags only\"]",
        "1. e4 e5 \n%esc\n2. Nf3 Nc6 *",
    ] {
        let game = read_games(text).remove(0).unwrap();
        check_round_trip(&game, text);
    }
}

#[test]
fn default_layout() {
    let game = read_games(
        "[Event \"E\"]\n[Site \"S\"]\n1. e4 $1 $14 {c} e5 $2 2. Nf3 (2. f4 exf4; gambit\n) Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 1-0",
    )
    .remove(0)
    .unwrap();
    assert_eq!(
        write(&game, &WriteOptions::default()),
        "[Event \"E\"]\n[Site \"S\"]\n\n1. e4! $14 {c} 1... e5? 2. Nf3 (2. f4 exf4 ; gambit\n) 2... Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 1-0\n\n"
    );
    let o = WriteOptions {
        move_numbers: false,
        strength_glyphs: false,
        other_glyphs: true,
        width: 30,
        ..WriteOptions::default()
    };
    assert_eq!(
        write(&game, &o),
        "[Event \"E\"]\n[Site \"S\"]\n\ne4 $1 ⩲ {c} e5 $2 Nf3 (f4 exf4\n; gambit\n) Nc6 Bb5 a6 Ba4 Nf6 O-O Be7\nRe1 b5 Bb3 d6 1-0\n\n"
    );
    let black_first = WriteOptions {
        first_ply: 1,
        ..WriteOptions::default()
    };
    let g = read_games("12-16 24-20 (23-19) 16x23 *").remove(0).unwrap();
    assert_eq!(
        write(&g, &black_first),
        "1... 12-16 2. 24-20 (2. 23-19) 2... 16x23 *\n\n"
    );
}

#[test]
fn nags_written_one_after_the_other_are_one_run() {
    let game = read_games("1. e4 ! $14 $1 {c} $2 (1. d4 $3) $4 e5 $1 2. Nf3 *")
        .remove(0)
        .unwrap();
    let after = &game.moves.nodes[0].after;
    let run = |n: &[u16]| record::Extra::Nags(n.iter().map(|&k| record::Nag(k)).collect());
    assert_eq!(after[0], run(&[1, 14, 1]));
    assert_eq!(after[2], run(&[2]));
    assert_eq!(after[4], run(&[4]));
    let spanish = WriteOptions {
        ply_separator: Some(','),
        ..WriteOptions::default()
    };
    // A mark alone after the move is glued to it and the separator follows; a run of more
    // than the mark is not followed by the separator.
    assert_eq!(
        write(&game, &spanish),
        "1. e4! $14 $1 {c} $2 (1. d4!!) $4 1... e5! 2. Nf3 *\n\n"
    );
    check_round_trip(&game, "runs");
    let game = read_games("1. e4 ! e5 2. d4 ! $14 d5 *").remove(0).unwrap();
    assert_eq!(
        write(&game, &spanish),
        "1. e4!, e5 2. d4! $14 2... d5 *\n\n"
    );
    check_round_trip(&game, "runs and separator");
}

#[test]
fn writing_to_io_and_display_agree() {
    let game = read_games("[Event \"x\"]\n1. e4 {c} e5 1/2-1/2")
        .remove(0)
        .unwrap();
    let mut bytes = Vec::new();
    record::write_game_io(&game, &WriteOptions::default(), &mut bytes).unwrap();
    assert_eq!(String::from_utf8(bytes).unwrap(), game.to_string());
    assert_eq!(
        game.to_string(),
        "[Event \"x\"]\n\n1. e4 {c} 1... e5 1/2-1/2\n\n"
    );
}

#[test]
fn games_built_by_a_program_write_and_read_back() {
    let mut b = record::GameBuilder::new();
    b.tag("Event", "built", record::Pos::default());
    for (i, m) in ["32-28", "19-23", "28x19", "14x23"].iter().enumerate() {
        b.push_move(m.to_string(), record::Pos::default());
        if i == 1 {
            b.begin_variation();
            b.push_move("18-23".to_string(), record::Pos::default());
            b.push_nag(record::Nag(14));
            b.end_variation();
        }
    }
    b.push_escape("engine eval 0.00");
    b.push_setup("FEN", "W:W31-50:B1-20", record::Pos::default());
    b.push_comment("the end", record::CommentKind::Line);
    let mut game = b.finish();
    game.tags.set("Result", "2-0");
    let text = check_round_trip(&game, "built");
    assert_eq!(
        text,
        "[Event \"built\"]\n[Result \"2-0\"]\n\n1. 32-28 19-23 (1... 18-23 $14) 2. 28x19 14x23\n%engine eval 0.00\n/FEN \"W:W31-50:B1-20\"/ ; the end\n2-0\n\n"
    );
}
