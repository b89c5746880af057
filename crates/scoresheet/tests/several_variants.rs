//! Games that several variants replay. Random Russian games written with algebraic squares
//! and `x` (as many Russian files are) are legal Brazilian games too, often Czech ones; an
//! American game exported with its squares named from the other side of the board may
//! replay as Russian. Which variants replay each generated game is found here independently
//! of the inference (each game's moves replayed under each variant with the draughts crate),
//! and `scoresheet check` and `convert` must name exactly those, decide by the file's decided
//! games, then the Event or Site, then the `:` separator, and otherwise say that the game is
//! undecided and write no GameType.

mod random_games;

use draughts::{MoveStyle, Position, SquareStyle, Variant};
use games::{AnyGame, ReadOptions, VariantSource};
use random_games::{movetext, random_moves};

/// Whether every move of `moves` names exactly one legal move under `v`, from its start.
fn replays(v: Variant, moves: &[String]) -> bool {
    let mut pos = Position::start(v);
    for text in moves {
        match pos.parse_move(text) {
            Ok(m) => pos.play(&m).unwrap(),
            Err(_) => return false,
        }
    }
    true
}

/// `text` with its algebraic squares turned half a circle.
fn turn(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'a'..='h' => (b'a' + b'h' - c as u8) as char,
            '1'..='8' => (b'1' + b'8' - c as u8) as char,
            c => c,
        })
        .collect()
}

/// The variants of the 8×8 inference that replay `moves` (American also with its squares
/// turned, as the sites export it), by the draughts crate alone.
fn replaying(moves: &[String]) -> Vec<&'static str> {
    let mut out = Vec::new();
    for v in [
        Variant::BRAZILIAN,
        Variant::RUSSIAN,
        Variant::CZECH,
        Variant::AMERICAN,
        Variant::ITALIAN,
    ] {
        let turned: Vec<String> = moves.iter().map(|m| turn(m)).collect();
        if replays(v, moves) || (v == Variant::AMERICAN && replays(v, &turned)) {
            out.push(v.name);
        }
    }
    out
}

fn scoresheet(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

fn check_json(path: &std::path::Path) -> Vec<serde_json::Value> {
    scoresheet(&["check", "--json", path.to_str().unwrap()])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("scoresheet-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// Random Russian games with `x` captures (full paths, so that no capture is ambiguous under
/// any variant), and which variants replay each.
fn russian_games(count: u64) -> Vec<(Vec<String>, Vec<&'static str>)> {
    let style = MoveStyle {
        squares: SquareStyle::Algebraic,
        capture_separator: 'x',
        ..MoveStyle::of(&Variant::RUSSIAN).with_full_path()
    };
    (1..=count)
        .map(|seed| {
            let moves = random_moves(Variant::RUSSIAN, seed, 10 + (seed as usize % 50), &style);
            let set = replaying(&moves);
            assert!(set.contains(&"russian"), "seed {seed}: {set:?}");
            (moves, set)
        })
        .collect()
}

#[test]
fn russian_games_with_x_are_decided_by_the_file_or_left_undecided() {
    let games = russian_games(80);
    let several = games.iter().filter(|(_, s)| s.len() > 1).count();
    let only_russian = games.len() - several;
    // The generator makes both kinds, or the test proves nothing.
    eprintln!(
        "{several} of {} random Russian games replay under other rules too",
        games.len()
    );
    assert!(
        several >= 20 && only_russian >= 5,
        "{several} {only_russian}"
    );

    // A file of games that several variants replay only: each is undecided, names them
    // all, and is written without a GameType.
    let open: Vec<_> = games.iter().filter(|(_, s)| s.len() > 1).collect();
    let mut alone = String::new();
    for (i, (moves, _)) in open.iter().enumerate() {
        alone.push_str(&format!("[Event \"Club {i}\"]\n\n{}\n\n", movetext(moves)));
    }
    let path = temp_file("several-alone.pdn", &alone);
    let reports = check_json(&path);
    assert_eq!(reports.len(), open.len());
    for ((_, set), r) in open.iter().zip(&reports) {
        assert_eq!(r["ok"], true, "{r}");
        if set.len() > 1 {
            assert_eq!(r["variant_source"], "undecided", "{r}");
            let named: Vec<&str> = r["variants"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            let (mut named, mut set) = (named, set.clone());
            named.sort_unstable();
            set.sort_unstable();
            assert_eq!(named, set, "{r}");
            let message = r["warnings"][0]["message"].as_str().unwrap();
            assert!(
                message.contains("Russian") && message.contains(" or "),
                "{message}"
            );
            assert!(message.contains("nothing decides"), "{message}");
        } else {
            assert_eq!(
                (&r["variant"], &r["variant_source"]),
                (&"russian".into(), &"inferred".into()),
                "{r}"
            );
        }
    }
    let converted = scoresheet(&["convert", path.to_str().unwrap()]);
    let written = record::read_games(&converted);
    assert_eq!(written.len(), open.len());
    for g in written {
        assert_eq!(
            g.unwrap().tags.get("GameType"),
            None,
            "no GameType that was not decided"
        );
    }

    // The file's games that only Russian rules replay decide the others: the whole file,
    // with decided Russian games before and after.
    let mut whole = String::new();
    for (moves, _) in &games {
        whole.push_str(&format!("{}\n\n", movetext(moves)));
    }

    let mut mixed = String::from("[GameType \"25\"]\n\n1. c3-d4 f6-g5 *\n\n");
    mixed.push_str(&whole);
    mixed.push_str("[GameType \"25\"]\n\n1. e3-f4 b6-a5 *\n\n");
    let path = temp_file("several-mixed.pdn", &mixed);
    let reports = check_json(&path);
    assert_eq!(reports.len(), games.len() + 2);
    for (i, r) in reports.iter().enumerate() {
        assert_eq!(r["variant"], "russian", "{r}");
        let expected = if i == 0 || i == games.len() + 1 {
            "gametype"
        } else if games[i - 1].1.len() > 1 {
            "file"
        } else {
            "inferred"
        };
        assert_eq!(r["variant_source"], expected, "{r}");
        assert_eq!(r["game"], i as u64 + 1, "reports in the order of the file");
    }
    let converted = scoresheet(&["convert", path.to_str().unwrap()]);
    let written = record::read_games(&converted);
    assert_eq!(written.len(), games.len() + 2);
    for g in written {
        assert_eq!(g.unwrap().tags.get("GameType"), Some("25"));
    }

    // A file whose decided games are Brazilian and Russian decides nothing between the two;
    // a game that Czech and Russian rules replay, not Brazilian, is Russian by the file.
    let mut both = String::from("[GameType \"26\"]\n\n1. c3-d4 *\n\n");
    both.push_str(&alone);
    both.push_str("[GameType \"25\"]\n\n1. c3-d4 *\n\n");
    let path = temp_file("several-both.pdn", &both);
    let reports = check_json(&path);
    for ((_, set), r) in open.iter().zip(&reports[1..]) {
        let expected = if set.contains(&"brazilian") {
            "undecided"
        } else {
            "file"
        };
        assert_eq!(r["variant_source"], expected, "{set:?} {r}");
    }
}

#[test]
fn event_site_and_separator_decide_a_game_alone() {
    let games = russian_games(40);
    let (moves, set) = games
        .iter()
        .find(|(m, s)| s.contains(&"brazilian") && m.iter().any(|m| m.contains('x')))
        .expect("a game with a capture that Brazilian rules replay too");
    let read = |text: &str| match AnyGame::read(
        record::read_games(text).remove(0).unwrap(),
        &ReadOptions::default(),
    )
    .unwrap()
    {
        AnyGame::Draughts(g) => g,
        AnyGame::Chess(_) => panic!("chess"),
    };
    let text = movetext(moves);
    let g = read(&format!("[Event \"Чемпионат СССР\"]\n\n{text}"));
    assert_eq!(
        (g.variant, g.source),
        (Variant::RUSSIAN, VariantSource::EventOrSite)
    );
    assert_eq!(g.others.len(), set.len() - 1);
    let g = read(&format!(
        "[Site \"Campeonato Brasileiro, Brazil\"]\n\n{text}"
    ));
    assert_eq!(
        (g.variant, g.source),
        (Variant::BRAZILIAN, VariantSource::EventOrSite)
    );
    let g = read(&text.replace('x', ":"));
    assert_eq!(
        (g.variant, g.source),
        (Variant::RUSSIAN, VariantSource::Separator)
    );
    let g = read(&text);
    assert_eq!(g.source, VariantSource::Undecided);
    assert!(g.warnings[0].message.contains("nothing decides"));
    // The user's choice decides: no other reading, no warning about it.
    let chosen = match AnyGame::read(
        record::read_games(&text).remove(0).unwrap(),
        &ReadOptions {
            rules: Some(games::Rules::Draughts(Variant::RUSSIAN)),
            ..ReadOptions::default()
        },
    )
    .unwrap()
    {
        AnyGame::Draughts(g) => g,
        AnyGame::Chess(_) => panic!("chess"),
    };
    assert!(chosen.others.is_empty() && chosen.warnings.is_empty());
}

/// American games exported with squares from the other side of the board and no Variant
/// tag: read as American when only American rules replay them, else said to be several
/// variants' games; never silently another variant.
#[test]
fn american_exports_without_a_variant_tag_are_not_taken_for_another_variant() {
    let algebraic = MoveStyle {
        squares: SquareStyle::Algebraic,
        ..MoveStyle::of(&Variant::AMERICAN).with_full_path()
    };
    let (mut alone, mut shared) = (0, 0);
    for seed in 1..=60u64 {
        let moves: Vec<String> =
            random_moves(Variant::AMERICAN, seed, 10 + seed as usize, &algebraic)
                .iter()
                .map(|m| turn(m))
                .collect();
        let set = replaying(&moves);
        assert!(set.contains(&"american"), "seed {seed}: {set:?}");
        let text = movetext(&moves);
        let AnyGame::Draughts(g) = AnyGame::read(
            record::read_games(&text).remove(0).unwrap(),
            &ReadOptions::default(),
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}")) else {
            panic!("seed {seed}: chess");
        };
        let mut named: Vec<&str> = g.replaying_variants().iter().map(|v| v.name).collect();
        named.sort_unstable();
        let mut set = set;
        set.sort_unstable();
        assert_eq!(named, set, "seed {seed}\n{text}");
        if set.len() == 1 {
            alone += 1;
            assert_eq!(
                (g.variant, g.source),
                (Variant::AMERICAN, VariantSource::Inferred)
            );
        } else {
            shared += 1;
            assert_eq!(g.source, VariantSource::Undecided, "seed {seed}");
            assert!(g.rules_title().contains("American"), "{}", g.rules_title());
        }
    }
    eprintln!("American exports: {alone} replay as American only, {shared} under other rules too");
    assert!(alone >= 10, "{alone} {shared}");
}
