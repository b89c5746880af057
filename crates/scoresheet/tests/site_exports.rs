//! Games as the draughts sites export them: a `Variant` tag naming the draughts variant and
//! no GameType tag (lidraughts writes `Russian`, `Brazilian`, `Frisian`, `Frysk!`,
//! `Antidraughts`, `Breakthrough`; other sites `International`, `American/English`, ...).
//! The games are generated here (random legal games of each variant, written in its own
//! notation), read by the library's general reader and by `scoresheet check` (the one-pass
//! reader), and must come back as the tagged variant with the moves played.

mod random_games;

use draughts::{MoveStyle, Position, Variant};
use games::{AnyGame, ReadOptions, VariantSource};
use random_games::pick;

/// The names the sites write in the Variant tag for each variant.
fn site_names(v: &Variant) -> Vec<String> {
    let mut names = vec![v.name.to_string()];
    if let Some(tag) = v.variant_tag {
        names.push(tag.to_string());
    }
    match v.name {
        "american" => names.extend(["American/English".into(), "English".into()]),
        "international" => names.push("International".into()),
        "russian" => names.push("Russian".into()),
        "brazilian" => names.push("Brazilian".into()),
        "frisian" => names.push("Frisian".into()),
        _ => {}
    }
    names
}

/// `scoresheet check --json FILE`: one report per game.
fn check_json(file: &std::path::Path) -> Vec<serde_json::Value> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["check", "--json", file.to_str().unwrap()])
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A random legal game of `plies` plies (seeded), as the move texts of the variant's style.
fn game_text(v: Variant, seed: u64, plies: usize) -> (String, usize) {
    let mut state = seed | 1;
    let mut pos = Position::start(v);
    let style = MoveStyle::of(&v);
    let mut text = String::new();
    let mut played = 0;
    for i in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = &legal[pick(&mut state, legal.len())];
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(&pos.write_move(m, &style));
        text.push(' ');
        pos.play(m).unwrap();
        played += 1;
    }
    text.push('*');
    (text, played)
}

#[test]
fn a_draughts_variant_tag_decides_the_rules() {
    let dir = std::env::temp_dir().join(format!("scoresheet-exports-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("exports.pdn");
    let mut all = String::new();
    let mut want = Vec::new();
    for (k, v) in Variant::ALL.iter().enumerate() {
        for (j, name) in site_names(v).into_iter().enumerate() {
            let (moves, plies) = game_text(*v, (k * 10 + j) as u64 + 7, 16);
            let text = format!(
                "[Event \"Casual game\"]\n[Site \"https://example.org/{k}{j}\"]\n\
                 [Variant \"{name}\"]\n[Result \"*\"]\n\n{moves}\n\n"
            );
            // The general reader.
            let game = record::read_games(&text).remove(0).unwrap();
            let read = AnyGame::read(game, &ReadOptions::default())
                .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
            let AnyGame::Draughts(g) = read else {
                panic!("{name}: read as chess");
            };
            assert_eq!(g.variant, *v, "{name}");
            assert_eq!(g.source, VariantSource::VariantTag, "{name}");
            assert_eq!(g.plies(), plies, "{name}");
            all.push_str(&text);
            want.push((v.name, plies));
        }
    }
    // A chess variant's name stays chess (Crazyhouse is read, Bughouse refused), and
    // `Standard` leaves the moves to decide.
    all.push_str("[Variant \"Crazyhouse\"]\n\n1. e4 e5 *\n\n");
    all.push_str("[Variant \"Bughouse\"]\n\n1. e4 e5 *\n\n");
    all.push_str("[Variant \"Standard\"]\n\n1. 32-28 19-23 *\n\n");
    all.push_str("[Variant \"Standard\"]\n\n1. e4 e5 *\n\n");
    std::fs::write(&file, &all).unwrap();
    let reports = check_json(&file);
    assert_eq!(reports.len(), want.len() + 4);
    for (r, (name, plies)) in reports.iter().zip(&want) {
        assert_eq!(r["ok"], true, "{r}");
        assert_eq!(r["variant"], *name, "{r}");
        assert_eq!(r["variant_source"], "varianttag", "{r}");
        assert_eq!(r["plies"], *plies, "{r}");
    }
    let n = want.len();
    assert_eq!(reports[n]["variant"], "crazyhouse", "{}", reports[n]);
    let n = n + 1;
    assert!(
        reports[n]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("variant not supported: Bughouse"),
        "{}",
        reports[n]
    );
    assert_eq!(
        reports[n + 1]["variant"],
        "international",
        "{}",
        reports[n + 1]
    );
    assert_eq!(reports[n + 1]["variant_source"], "inferred");
    assert_eq!(reports[n + 2]["variant"], "chess", "{}", reports[n + 2]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `text` with its algebraic squares turned half a circle, as the sites write American
/// checkers (their board has Black at the bottom).
fn turn(text: &str) -> String {
    let mut out = String::new();
    let b: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < b.len() {
        if ('a'..='h').contains(&b[i]) && b.get(i + 1).is_some_and(|c| ('1'..='8').contains(c)) {
            out.push((b'a' + b'h' - b[i] as u8) as char);
            out.push((b'1' + b'8' - b[i + 1] as u8) as char);
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

#[test]
fn american_exports_with_squares_from_the_other_side_read_turned() {
    // The anchor: the sites' `c3-d4` as Black's first move is PDN's 11-15.
    let game = record::read_games("[Variant \"American/English\"]\n\n1. c3-d4 *")
        .remove(0)
        .unwrap();
    let AnyGame::Draughts(g) = AnyGame::read(game, &ReadOptions::default()).unwrap() else {
        panic!("chess");
    };
    let first = &g.game.moves.nodes[0].mov;
    assert_eq!((first.from().number(), first.to().number()), (11, 15));
    assert!(g.warnings[0].message.contains("other side of the board"));
    // Random American games written with algebraic squares from Black's side.
    let algebraic = MoveStyle {
        squares: draughts::SquareStyle::Algebraic,
        ..MoveStyle::of(&Variant::AMERICAN)
    };
    for seed in 1..=40u64 {
        let mut state = seed.wrapping_mul(0x9E37_79B9);
        let mut pos = Position::start(Variant::AMERICAN);
        let mut text = String::from("[Variant \"American/English\"]\n\n");
        let mut played = Vec::new();
        for i in 0..60 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[pick(&mut state, legal.len())].clone();
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(&turn(&pos.write_move(&m, &algebraic)));
            text.push(' ');
            pos.play(&m).unwrap();
            played.push(m);
        }
        text.push('*');
        let game = record::read_games(&text).remove(0).unwrap();
        let read = AnyGame::read(game, &ReadOptions::default())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let AnyGame::Draughts(g) = read else {
            panic!("seed {seed}: chess");
        };
        let moves: Vec<_> = g.game.moves.nodes.iter().map(|n| n.mov.clone()).collect();
        assert_eq!(moves, played, "seed {seed}\n{text}");
        assert_eq!(g.warnings.len(), 1, "seed {seed}: {:?}", g.warnings);
    }
}

/// A multi-jump written as one ply per jump (`16. d4xb6 b6xd8`), as some sites export
/// games: random games of three variants with every capture split so, read back by the
/// library and by `scoresheet check`, give the game's moves, one warning per split capture.
#[test]
fn a_capture_written_one_jump_per_ply_is_one_move() {
    let dir = std::env::temp_dir().join(format!("scoresheet-split-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("split.pdn");
    let mut all = String::new();
    let mut expected = Vec::new();
    for v in [Variant::RUSSIAN, Variant::AMERICAN, Variant::INTERNATIONAL] {
        let style = MoveStyle::of(&v);
        let name = |s| style.squares.name(s, v.size);
        for seed in 1..=30u64 {
            let mut state = seed.wrapping_mul(0x2545_F491_4F6C_DD1D);
            let mut pos = Position::start(v);
            let mut words = Vec::new();
            let mut played = Vec::new();
            let mut split = 0;
            for _ in 0..80 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[pick(&mut state, legal.len())].clone();
                if m.path().len() > 1 {
                    let mut from = m.from();
                    for &to in m.path() {
                        words.push(format!(
                            "{}{}{}",
                            name(from),
                            style.capture_separator,
                            name(to)
                        ));
                        from = to;
                    }
                    split += 1;
                } else {
                    words.push(pos.write_move(&m, &style));
                }
                pos.play(&m).unwrap();
                played.push(m);
            }
            let mut text = format!("[GameType \"{}\"]\n\n", v.game_type);
            for (i, w) in words.iter().enumerate() {
                if i % 2 == 0 {
                    text.push_str(&format!("{}. ", i / 2 + 1));
                }
                text.push_str(w);
                text.push(' ');
            }
            text.push_str("*\n\n");
            let game = record::read_games(&text).remove(0).unwrap();
            let read = AnyGame::read(game, &ReadOptions::default())
                .unwrap_or_else(|e| panic!("{} seed {seed}: {e}\n{text}", v.name));
            let AnyGame::Draughts(g) = read else {
                panic!("chess");
            };
            let moves: Vec<_> = g.game.moves.nodes.iter().map(|n| n.mov.clone()).collect();
            assert_eq!(moves, played, "{} seed {seed}\n{text}", v.name);
            let warned = g
                .warnings
                .iter()
                .filter(|w| w.message.starts_with("one capture written as"))
                .count();
            assert_eq!(warned, split, "{} seed {seed}: {:?}", v.name, g.warnings);
            all.push_str(&text);
            expected.push((played.len(), split));
        }
    }
    assert!(
        expected.iter().map(|e| e.1).sum::<usize>() > 20,
        "{expected:?}"
    );
    std::fs::write(&file, &all).unwrap();
    let reports = check_json(&file);
    assert_eq!(reports.len(), expected.len());
    for (r, (plies, split)) in reports.iter().zip(&expected) {
        assert_eq!(r["ok"], true, "{r}");
        assert_eq!(r["plies"], *plies, "{r}");
        assert_eq!(r["warnings"].as_array().unwrap().len(), *split, "{r}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Players named by `P1` and `P2`, as some sites export them: `convert` writes White and
/// Black from them, P1 being who moves first under the game's rules (Black in American
/// checkers), through the one-pass writer and the general one (a side line sends a game
/// there) alike; a game with White and Black keeps its own.
#[test]
fn p1_and_p2_name_the_players() {
    let mut file = String::new();
    let mut expected = Vec::new();
    for (i, v) in [Variant::AMERICAN, Variant::INTERNATIONAL, Variant::RUSSIAN]
        .into_iter()
        .enumerate()
    {
        let (moves, _) = game_text(v, 11 + i as u64, 12);
        // A side line after the first move sends the International game to the general
        // writer.
        let mut words: Vec<&str> = moves.split_whitespace().collect();
        if i == 1 {
            words.insert(2, "(1. 33-29)");
        }
        let moves = words.join(" ");
        file.push_str(&format!(
            "[GameType \"{}\"]\n[P1 \"First {i}\"]\n[P2 \"Second {i}\"]\n\n{moves}\n\n",
            v.game_type
        ));
        let (first, second) = if v == Variant::AMERICAN {
            ("Black", "White")
        } else {
            ("White", "Black")
        };
        expected.push([
            (first, format!("First {i}")),
            (second, format!("Second {i}")),
        ]);
    }
    file.push_str("[GameType \"21\"]\n[White \"W\"]\n[Black \"B\"]\n[P1 \"x\"]\n\n1. 11-15 *\n\n");
    let path = std::env::temp_dir().join(format!("scoresheet-p1p2-{}.pdn", std::process::id()));
    std::fs::write(&path, &file).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["convert", path.to_str().unwrap()])
        .output()
        .unwrap();
    let written = record::read_games(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(written.len(), 4);
    for (game, want) in written.iter().zip(&expected) {
        let game = game.as_ref().unwrap();
        for (tag, name) in want {
            assert_eq!(game.tags.get(tag), Some(name.as_str()), "{tag}");
        }
    }
    let last = written[3].as_ref().unwrap();
    assert_eq!(
        (last.tags.get("White"), last.tags.get("Black")),
        (Some("W"), Some("B"))
    );
}
