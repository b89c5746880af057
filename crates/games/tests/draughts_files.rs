//! Every draughts file in ../shared/data, read and replayed: real files written by other
//! programs and people, which nobody here wrote.

use std::path::{Path, PathBuf};

use draughts::{Position, Variant};
use games::{DraughtsGame, GameError, VariantSource, WriteStyle};
use record::{Collect, Extra, Game, Line, ReadError, Reader};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/draughts")
        .join(rel)
}

/// Reads every game of a file: Ok(replayed game) or Err(place, message), in order.
fn read_file(
    path: &Path,
    selected: Option<Variant>,
) -> Vec<Result<DraughtsGame, (u32, u32, String)>> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = Reader::new(file);
    let mut collect = Collect::default();
    let mut out = Vec::new();
    loop {
        match reader.read_game(&mut collect) {
            Ok(None) => break,
            Ok(Some(game)) => out.push(
                DraughtsGame::read(game, selected)
                    .map_err(|e: GameError| (e.at.line, e.at.column, e.to_string())),
            ),
            Err(ReadError::Syntax { at, message, .. }) => {
                out.push(Err((at.line, at.column, message)))
            }
            Err(e) => panic!("{}: {e}", path.display()),
        }
    }
    out
}

fn spec_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["pdn-spec-games/succeed", "pdn-spec-games/fail"] {
        for entry in std::fs::read_dir(data(dir)).unwrap() {
            files.push(entry.unwrap().path());
        }
    }
    files.sort();
    assert_eq!(files.len(), 42, "the PDN 3.0 test collection");
    files
}

/// Checks a replayed main line move by move with `Position::play`, which refuses any move
/// that is not among the legal moves.
fn assert_main_line_legal(g: &DraughtsGame) {
    let mut pos = g.start;
    for node in &g.game.moves.nodes {
        pos.play(&node.mov)
            .unwrap_or_else(|_| panic!("{} under {}", pos.to_fen(), g.variant.title));
    }
    assert_eq!(pos, g.end);
}

#[test]
fn tinsley_722_games_replay_and_the_bad_ones_are_placed() {
    let games = read_file(&data("american-tinsley.pdn"), None);
    assert_eq!(games.len(), 724);
    let bad: Vec<(usize, &(u32, u32, String))> = games
        .iter()
        .enumerate()
        .filter_map(|(i, g)| g.as_ref().err().map(|e| (i + 1, e)))
        .collect();
    let places: Vec<(usize, u32, u32)> = bad.iter().map(|(n, e)| (*n, e.0, e.1)).collect();
    // Game 541: a move that is not legal (32-28 with Black to move); games 623 and 693: a
    // comment glued to the last move without braces.
    assert_eq!(
        places,
        [(541, 5588, 5), (623, 6434, 70), (693, 7170, 17)],
        "{bad:#?}"
    );
    assert!(
        bad[0].1.2.contains("32-28 is not a legal move"),
        "{}",
        bad[0].1.2
    );
    assert!(
        bad[1]
            .1
            .2
            .contains("8-11Redoversteppedthetimecontrolonthismove."),
        "{}",
        bad[1].1.2
    );
    assert!(bad[2].1.2.contains("is not a move"), "{}", bad[2].1.2);
    for g in games.iter().flatten() {
        assert_eq!(
            (g.variant, g.source),
            (Variant::AMERICAN, VariantSource::Inferred)
        );
        assert_main_line_legal(g);
    }
}

#[test]
fn ballots_2400_positions_read() {
    let games = read_file(&data("american-11man-ballots.pdn"), None);
    assert_eq!(games.len(), 2400);
    for g in &games {
        let g = g.as_ref().expect("every ballot reads");
        assert_eq!(g.variant, Variant::AMERICAN);
        assert_eq!(g.plies(), 0);
        assert_eq!(g.start.pieces(draughts::Color::White).len(), 11);
        assert_eq!(g.start.pieces(draughts::Color::Black).len(), 11);
    }
}

/// Every game of the PDN 3.0 collection replays or gets an error with a place; nothing
/// panics; what is claimed to replay really does, under the variant claimed.
#[test]
fn spec_collection_replays_or_reports_with_a_place() {
    let mut ok = 0;
    for file in spec_files() {
        for g in read_file(&file, None) {
            match g {
                Ok(g) => {
                    assert_main_line_legal(&g);
                    ok += 1;
                }
                Err((line, column, message)) => {
                    assert!(
                        line > 0 && column > 0,
                        "{}: no place for: {message}",
                        file.display()
                    );
                    assert!(!message.is_empty());
                }
            }
        }
    }
    assert!(ok > 1500, "{ok} games replayed");
}

/// Two captures written by start and end that fit two routes each: the rest of the game
/// settles them, and the game says which route it took.
#[test]
fn captures_with_two_routes_are_settled_by_the_rest_of_the_game() {
    let games = read_file(
        &data("pdn-spec-games/succeed/Tricks traps and shots.pdn"),
        None,
    );
    for (n, ply, text) in [
        (
            57,
            37,
            "10x26 fits 2 routes (10x17x26, 10x19x26): read as 10x17x26",
        ),
        (
            90,
            22,
            "32x7 fits 2 routes (32x23x14x7, 32x23x16x7): read as 32x23x14x7",
        ),
    ] {
        let g = games[n - 1]
            .as_ref()
            .unwrap_or_else(|e| panic!("game {n}: {e:?}"));
        let w: Vec<&GameError> = g
            .warnings
            .iter()
            .filter(|w| w.message.contains("routes"))
            .collect();
        assert_eq!(w.len(), 1, "game {n}: {:?}", g.warnings);
        assert_eq!(w[0].ply.as_ref().unwrap().index, ply, "game {n}");
        assert!(
            w[0].message.starts_with(text)
                && w[0].message.ends_with("the rest of the game replays"),
            "game {n}: {}",
            w[0].message
        );
    }
}

/// Files of our variants: every game replays, except the listed ones, each for a reason
/// a reader of the file can check.
#[test]
fn spec_files_of_our_variants_replay() {
    let expected_failures: &[(&str, &[usize])] = &[
        // A FEN with a white man on White's crowning row (square 1, 3 or 4).
        ("beginner.pdn", &[10]),
        ("goulds.pdn", &[93]),
        ("lpc.pdn", &[73]),
    ];
    let ours = [
        "090417ronde12.pdn",
        "Cat.B1.pdn",
        "Cat.D1.pdn",
        "DUTCH96H.pdn",
        "OCA_2.0.pdn",
        "PROF2.pdn",
        "PWCP 2a.pdn",
        "PWCP_2.pdn",
        "Principles of Strategy.pdn",
        "Tricks traps and shots.pdn",
        "alphanumeric.pdn",
        "beginner.pdn",
        "borderclassics.pdn",
        "bridges.pdn",
        "candidate95.pdn",
        "fen.pdn",
        "gameterminator.pdn",
        "gem.pdn",
        "goulds.pdn",
        "inferno.pdn",
        "linecomment.pdn",
        "lpc.pdn",
        "movestrength.pdn",
        "nk ronde 01.pdn",
        "nk ronde 02.pdn",
        "nk2003-amsterdam.pdn",
        "rk ronde 12.pdn",
        "string.pdn",
        "unicode.pdn",
        "variation.pdn",
        "windragon.pdn",
        "wk2003.pdn",
    ];
    for name in ours {
        let games = read_file(&data(&format!("pdn-spec-games/succeed/{name}")), None);
        assert!(!games.is_empty(), "{name}");
        let failed: Vec<usize> = games
            .iter()
            .enumerate()
            .filter(|(_, g)| g.is_err())
            .map(|(i, _)| i + 1)
            .collect();
        let want = expected_failures
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(&[][..], |(_, f)| f);
        assert_eq!(
            failed,
            want,
            "{name}: {:#?}",
            games
                .iter()
                .filter_map(|g| g.as_ref().err())
                .collect::<Vec<_>>()
        );
    }
}

/// The Italian championship file (53 games) and the Czech championship files (186 games
/// in a1-h8 notation; 112 more in the team championship files) replay under their rules,
/// given with --variant and inferred. The one Italian game that does not: game 46 writes
/// `13... 3x26` where the man on 3 can take three men either by 10, 19 (over 6, 14, 22) or by
/// 10, 17 (over 6, 13, 21); Italian rules rank captures by pieces, then by the capturing
/// piece, then by kings taken and the order of kings, and both take three men and no king,
/// so both are legal and the move is ambiguous as written (checked by hand on the board).
#[test]
fn italian_and_czech_files_replay() {
    let italian = data("pdn-spec-games/succeed/Campionato Assoluto 2005.pdn");
    for selected in [Some(Variant::ITALIAN), None] {
        let games = read_file(&italian, selected);
        assert_eq!(games.len(), 53);
        let failed: Vec<(usize, &String)> = games
            .iter()
            .enumerate()
            .filter_map(|(i, g)| g.as_ref().err().map(|e| (i + 1, &e.2)))
            .collect();
        assert_eq!(failed.len(), 1, "{failed:#?}");
        assert_eq!(failed[0].0, 46);
        assert!(
            failed[0].1.contains("3x10x19x26") && failed[0].1.contains("3x10x17x26"),
            "{}",
            failed[0].1
        );
        for g in games.iter().flatten() {
            assert_eq!(g.variant, Variant::ITALIAN);
            assert_main_line_legal(g);
        }
    }
    let czech = [
        ("succeed/mrcd2000kval.pdn", 40),
        ("succeed/mrcd2006.pdn", 44),
        ("succeed/mrcd2007.pdn", 102),
        ("fail/mrdrcd07.pdn", 72),
        ("fail/mrdrcd08.pdn", 40),
    ];
    for (name, count) in czech {
        let path = data(&format!("pdn-spec-games/{name}"));
        let games = read_file(&path, Some(Variant::CZECH));
        assert_eq!(games.len(), count, "{name}");
        for g in &games {
            let g = g.as_ref().unwrap_or_else(|e| panic!("{name}: {e:?}"));
            assert_eq!(g.variant, Variant::CZECH);
            assert_main_line_legal(g);
        }
        // Inferred, each game is read under a variant whose rules allow every move (some
        // are legal Brazilian or Russian games too; which one a file means is the choice
        // between variants that replay a game).
        for g in read_file(&path, None) {
            assert_main_line_legal(&g.unwrap_or_else(|e| panic!("{name}: {e:?}")));
        }
    }
}

fn strip(line: &Line<draughts::Move>) -> Vec<String> {
    let mut out = Vec::new();
    for n in &line.nodes {
        out.push(format!(
            "{}-{}:{:?}",
            n.mov.from().number(),
            n.mov.to().number(),
            n.mov.captured()
        ));
        for e in &n.after {
            match e {
                Extra::Variation(v) => out.push(format!("({:?})", strip(v))),
                Extra::Comment { text, .. } => out.push(format!("{{{text}}}")),
                Extra::Nags(run) => out.extend(run.iter().map(|n| format!("${}", n.0))),
                other => out.push(format!("{other:?}")),
            }
        }
    }
    out
}

/// Writing any game that replays and reading it back gives the same moves, side lines,
/// comments and tags, in the variant's own notation and with full capture paths.
#[test]
fn round_trip_every_game() {
    let mut files = spec_files();
    files.push(data("american-tinsley.pdn"));
    files.push(data("american-11man-ballots.pdn"));
    let mut checked = 0;
    for file in files {
        for g in read_file(&file, None).into_iter().flatten() {
            for style in [
                WriteStyle::default(),
                WriteStyle {
                    moves: Some(draughts::MoveStyle::of(&g.variant).with_full_path()),
                    width: 80,
                    glyphs: false,
                },
            ] {
                let text = g.write(&style);
                let again: Game<String> = Reader::from_str(&text)
                    .read_game(&mut Collect::default())
                    .unwrap()
                    .unwrap();
                let again = DraughtsGame::read(again, None)
                    .unwrap_or_else(|e| panic!("{}\n{text}\n{e}", file.display()));
                assert_eq!(again.variant, g.variant);
                assert_eq!(again.start, g.start);
                assert_eq!(
                    strip(&again.game.moves),
                    strip(&g.game.moves),
                    "{}\n{text}",
                    file.display()
                );
                for tag in g.game.tags.iter() {
                    if !["GameType", "FEN", "Result"].contains(&tag.name.as_str()) {
                        assert_eq!(again.game.tags.get(&tag.name), Some(tag.value.as_str()));
                    }
                }
                // A game without a result is written with `*`.
                let unknown = games::Outcome::Unknown;
                assert_eq!(
                    again.outcome().unwrap_or(unknown),
                    g.outcome().unwrap_or(unknown)
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 4000, "{checked}");
}

#[test]
fn seed_fen_reads_under_every_8x8_variant() {
    for v in [Variant::AMERICAN, Variant::RUSSIAN, Variant::BRAZILIAN] {
        let p = Position::from_fen("W:W26,28,31:B17,19,20", v).unwrap();
        assert_eq!(p.to_fen(), "W:W26,28,31:B17,19,20");
    }
}
