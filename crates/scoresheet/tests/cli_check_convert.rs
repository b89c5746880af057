//! `check` and `convert` run as a user runs them, on real files and on small texts.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn data(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/draughts")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

fn run(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        input.write_all(text.as_bytes()).unwrap();
    }
    drop(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn temp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("scoresheet-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn check_reports_each_bad_game_and_a_summary() {
    let file = data("american-tinsley.pdn");
    let (code, out, _) = run(&["check", &file], None);
    assert_eq!(code, 1, "a failed game makes the exit code 1");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"724 games, 721 ok, 3 failed"));
    assert!(
        lines[0].starts_with(&format!("{file}:5588:5: game 541: ply 123 (62. 32-28)")),
        "{}",
        lines[0]
    );
    assert!(out.contains("American checkers 721 (721 inferred"), "{out}");
}

#[test]
fn check_exit_codes() {
    let (code, out, _) = run(&["check", &data("american-11man-ballots.pdn")], None);
    assert_eq!(code, 0);
    assert!(out.ends_with("2400 games, 2400 ok, 0 failed\n"), "{out}");
    let (code, _, err) = run(&["check", "/no/such/file.pdn"], None);
    assert_eq!(code, 2);
    assert!(err.contains("cannot open /no/such/file.pdn"), "{err}");
    let (code, _, _) = run(&["check"], None);
    assert_eq!(code, 2, "usage error");
}

#[test]
fn check_json_has_one_object_per_game() {
    let text = "[GameType \"21\"]\n1. 11-15 23-19 1-0\n\n[GameType \"28\"]\n1. 22-18 *\n\n1. 32-28 19-23 2-0\n";
    let (code, out, _) = run(&["check", "--json", "-"], Some(text));
    assert_eq!(code, 1);
    let games: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0]["ok"], true);
    assert_eq!(
        games[0]["winner"], "black",
        "American 1-0 is a win for Black"
    );
    assert_eq!(games[0]["variant_source"], "gametype");
    assert_eq!(games[1]["ok"], false);
    assert!(
        games[1]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("Portuguese draughts (GameType 28)")
    );
    assert_eq!(
        (
            games[1]["line"].as_u64(),
            games[1]["error"]["line"].as_u64()
        ),
        (Some(4), Some(4))
    );
    assert_eq!(games[2]["variant"], "international");
    assert_eq!(games[2]["variant_source"], "inferred");
    assert_eq!(games[2]["winner"], "white");
}

#[test]
fn check_with_a_selected_variant() {
    let text = "1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n";
    let (code, _, _) = run(&["check", "--variant", "russian", "-"], Some(text));
    assert_eq!(code, 0);
    // As American checkers the squares only fit turned half a circle, as the sites export
    // American games (their c3-d4 is Black's 11-15): read so, with a warning.
    let (code, out, _) = run(&["check", "--variant", "american", "-"], Some(text));
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("<stdin>:1:4: game 1: warning: the squares are named from the other side"),
        "{out}"
    );
    // A move that fits neither way is refused as written.
    let (code, out, _) = run(
        &["check", "--variant", "american", "-"],
        Some("1. a1-b2 *\n"),
    );
    assert_eq!(code, 1);
    assert!(
        out.contains(
            "<stdin>:1:4: game 1: ply 1 (1. a1-b2): a1-b2 is not a legal move in American checkers"
        ),
        "{out}"
    );
}

#[test]
fn convert_rewrites_notation_and_passes_bad_games_through() {
    let text = "[Event \"a\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n\n[Event \"bad\"]\n1. 11-15 23-19 2. 15-18x *\n\n[Event \"c\"]\n1. 9-14 22-18 *\n";
    let (code, out, err) = run(
        &["convert", "--squares", "algebraic", "--separator", ":"],
        Some(text),
    );
    assert_eq!(code, 1);
    assert!(out.contains("1. f6-e5 e3-f4 2. g7-f6 c3-b4 *"), "{out}");
    assert!(
        out.contains("[Event \"bad\"]\n1. 11-15 23-19 2. 15-18x *\n"),
        "the bad game is passed through unchanged: {out}"
    );
    assert!(
        out.contains("[Event \"c\"]\n[GameType \"21\"]\n\n1. b6-c5 c3-d4 *"),
        "{out}"
    );
    assert!(
        err.contains("game 2") && err.contains("passed through unchanged"),
        "{err}"
    );
    let (_, out, err) = run(&["convert", "--skip-bad"], Some(text));
    assert!(!out.contains("\"bad\""), "{out}");
    assert!(err.contains("left out"), "{err}");
}

#[test]
fn convert_files_and_round_trip_through_check() {
    let out_path =
        std::env::temp_dir().join(format!("scoresheet-convert-{}.pdn", std::process::id()));
    let out = out_path.to_string_lossy().into_owned();
    let (code, _, _) = run(
        &[
            "convert",
            &data("american-tinsley.pdn"),
            "-o",
            &out,
            "--full-path",
        ],
        None,
    );
    assert_eq!(code, 1, "three bad games");
    let (code, report, _) = run(&["check", &out], None);
    assert_eq!(code, 1);
    assert!(
        report.ends_with("724 games, 721 ok, 3 failed\n"),
        "{report}"
    );
    let text = std::fs::read_to_string(&out_path).unwrap();
    assert!(text.contains("[GameType \"21\"]"), "GameType is written");
    let _ = std::fs::remove_file(out_path);
    let p = temp("x.pdn", "1. 32-28 19-23 2. 28x19 14x23 *");
    let (code, out, _) = run(&["convert", &p.to_string_lossy()], None);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *"),
        "{out}"
    );
}

fn chess_data(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/chess")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn check_chess_files_through_the_same_reader() {
    let (code, out, _) = run(
        &[
            "check",
            &chess_data("lichess_db_1000k.pgn"),
            &chess_data("twic1599_1000k.pgn"),
        ],
        None,
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("1548 games, 1548 ok, 0 failed\n"), "{out}");
    let (code, out, _) = run(
        &["check", &chess_data("edge/saturs-jannlee-zh-lichess.pgn")],
        None,
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("variants: Crazyhouse 1"), "{out}");
    let (code, out, _) = run(
        &[
            "check",
            "--json",
            &chess_data("edge/saturs-jannlee-zh-lichess.pgn"),
        ],
        None,
    );
    assert_eq!(code, 0, "{out}");
    // lichess's PlyCount says 122: every move of it, drops and all.
    assert!(
        out.contains(r#""variant":"crazyhouse","plies":122,"#),
        "{out}"
    );
    assert!(out.contains(r#""result":"0-1","winner":"black""#), "{out}");
    let (code, out, _) = run(
        &["check", "-"],
        Some("[Variant \"Bughouse\"]\n\n1. e4 e5 *\n"),
    );
    assert_eq!(code, 1);
    assert!(out.contains("variant not supported: Bughouse"), "{out}");
}

#[test]
fn convert_chess_between_languages_and_notations() {
    let text = "[Event \"seed\"]\n\n1. e4 e5 2. Ac4 Cc6 3. Dh5 Cf6 4. Dxf7++ 1-0\n";
    let (code, out, err) = run(&["convert", "--lang", "de"], Some(text));
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("1. e4 e5 2. Lc4 Sc6 3. Dh5 Sf6 4. Dxf7# 1-0"),
        "{out}"
    );
    let (_, out, _) = run(
        &["convert", "--notation", "descriptive", "--lang", "es"],
        Some(text),
    );
    assert!(
        out.contains("1. P4R, P4R 2. A4AD, C3AD 3. D5T, C3A 4. DxP(7A)++ 1-0"),
        "{out}"
    );
    let (_, out, _) = run(&["convert", "--notation", "descriptive"], Some(text));
    assert!(
        out.contains("1. P-K4 P-K4 2. B-B4 N-QB3 3. Q-R5 N-B3 4. QxP(B7) mate 1-0"),
        "{out}"
    );
    let (_, out, _) = run(&["convert", "--figurine"], Some(text));
    assert!(out.contains("2. ♗c4 ♞c6"), "{out}");
    let (_, out, _) = run(&["convert", "--notation", "uci"], Some(text));
    assert!(out.contains("4. h5f7 1-0"), "{out}");
    // Annotation marks: strength marks glued, other NAGs as `$n` or, on request, glyphs.
    let marked = "1. e4! e5?! 2. Nf3 +/= Nc6 N 3. Bb5 $16 *\n";
    let (_, out, _) = run(&["convert"], Some(marked));
    assert!(
        out.contains("1. e4! e5?! 2. Nf3 $14 2... Nc6 $146 3. Bb5 $16 *"),
        "{out}"
    );
    let (_, out, _) = run(&["convert", "--glyphs"], Some(marked));
    assert!(
        out.contains("1. e4! e5?! 2. Nf3 ⩲ 2... Nc6 N 3. Bb5 ± *"),
        "{out}"
    );
}

#[test]
fn bare_move_lists_and_forced_input() {
    // A bare list of numbered moves, as people type them: a game.
    let (code, out, _) = run(
        &["check", "--variant", "chess", "-"],
        Some("1. e4 c5 2. Nf3 d6\n"),
    );
    assert_eq!(code, 0, "{out}");
    // Forcing English refuses a German game; forcing German reads it.
    let german = "1. e4 e5 2. Sf3 Sc6 3. Lb5 *\n";
    let (code, out, _) = run(&["check", "--input-lang", "en", "-"], Some(german));
    assert_eq!(code, 1);
    assert!(out.contains("Sf3"), "{out}");
    let (code, _, _) = run(&["check", "--input-lang", "de", "-"], Some(german));
    assert_eq!(code, 0);
}

/// A game whose side lines nest `depth` deep, then a good game.
fn deeply_nested(depth: usize) -> String {
    format!(
        "[Event \"deep\"]\n\n1. e4 {}{}*\n\n[Event \"after\"]\n\n1. d4 d5 *\n",
        "( 1. d4 ".repeat(depth),
        ") ".repeat(depth)
    )
}

#[test]
fn deep_nesting_is_a_clean_error_with_its_place_and_the_next_game_is_read() {
    for depth in [1_500, 100_000] {
        let path = temp(&format!("deep-{depth}.pgn"), &deeply_nested(depth));
        let file = path.to_str().unwrap();
        // The 257th `(`, after `1. e4 ` and 256 times `( 1. d4 `.
        let place = format!("{file}:3:{}: game 1: ", 6 + 256 * 8 + 1);
        let (code, out, err) = run(&["check", file], None);
        assert_eq!(code, 1, "{depth}: {err}");
        assert!(
            out.starts_with(&format!("{place}variations nested more than 256 deep")),
            "{depth}: {out}"
        );
        assert!(out.ends_with("2 games, 1 ok, 1 failed\n"), "{depth}: {out}");

        let (code, out, err) = run(&["convert", file, "--skip-bad"], None);
        assert_eq!(code, 1, "{depth}: {err}");
        assert!(err.starts_with(&place), "{depth}: {err}");
        assert!(err.contains("(left out)"), "{depth}: {err}");
        assert_eq!(out, "[Event \"after\"]\n\n1. d4 d5 *\n\n", "{depth}");

        let (code, out, _) = run(&["convert", file], None);
        assert_eq!(code, 1);
        assert!(
            out.starts_with("[Event \"deep\"]"),
            "passed through unchanged"
        );
        assert!(
            out.ends_with("[Event \"after\"]\n\n1. d4 d5 *\n\n"),
            "{depth}"
        );
    }
}

/// Issue 12: a game of each variant beyond the first four, written in square numbers, goes to
/// a1-h8 names and back unchanged, and `check` reads both under its GameType (and Variant
/// tag). The algebraic lines were worked out by hand on each board: the turned 8x8 of Italian
/// and Spanish (square 1 is a8, 21 is b3), 12x12 (43 is a5, 26 is d8), 10x10 (31 is b4).
#[test]
fn every_other_variant_round_trips_through_both_square_styles() {
    let games: [(&str, &str, &str, &str); 11] = [
        (
            "22",
            "",
            "1. 21-17 10-13 2. 17x10 6x13 *",
            "1. b3-a4 c6-b5 2. a4xc6 d7xb5 *",
        ),
        (
            "24",
            "",
            "1. 21-17 10-13 2. 17x10 6x13 *",
            "1. b3-a4 c6-b5 2. a4xc6 d7xb5 *",
        ),
        (
            "23",
            "",
            "1. 9-13 22-17 2. 13x22 *",
            "1. b6-a5 c3-b4 2. a5xc3 *",
        ),
        (
            "29",
            "",
            "1. a3-b4 d6-c5 2. b4xd6 *",
            "1. a3-b4 d6-c5 2. b4xd6 *",
        ),
        (
            "31",
            "",
            "1. 5-9 25-21 2. 1-5 21-17 *",
            "1. a7-b6 b2-a3 2. b8-a7 a3-b4 *",
        ),
        (
            "40",
            "",
            "1. 31-26 17-21 2. 26x17 *",
            "1. b4-a5 c7-b6 2. a5xc7 *",
        ),
        ("40", "Frysk!", "1. 46-41 5-10 *", "1. a1-b2 j10-i9 *"),
        (
            "20",
            "Antidraughts",
            "1. 31-26 17-21 2. 26x17 *",
            "1. b4-a5 c7-b6 2. a5xc7 *",
        ),
        (
            "20",
            "Breakthrough",
            "1. 31-26 17-21 2. 26x17 *",
            "1. b4-a5 c7-b6 2. a5xc7 *",
        ),
        (
            "20",
            "Killer",
            "1. 31-26 17-21 2. 26x17 *",
            "1. b4-a5 c7-b6 2. a5xc7 *",
        ),
        (
            "27",
            "",
            "1. 43-37 26-32 2. 37x26 *",
            "1. a5-b6 d8-c7 2. b6xd8 *",
        ),
    ];
    for (game_type, variant, numeric, algebraic) in games {
        let tags = if variant.is_empty() {
            format!("[GameType \"{game_type}\"]\n")
        } else {
            format!("[GameType \"{game_type}\"]\n[Variant \"{variant}\"]\n")
        };
        let input = format!("{tags}[Result \"*\"]\n\n{numeric}\n");
        let (code, out, err) = run(&["convert", "--squares", "algebraic"], Some(&input));
        assert_eq!(code, 0, "{game_type} {variant}: {err}");
        assert!(out.contains(algebraic), "{game_type} {variant}: {out}");
        let (code, back, err) = run(&["convert", "--squares", "numeric"], Some(&out));
        assert_eq!(code, 0, "{game_type} {variant}: {err}");
        // Czech is written a1-h8 by default: both directions are checked on the numbers.
        let numbers = if game_type == "29" {
            "1. 21-17 10-14 2. 17x10 *"
        } else {
            numeric
        };
        assert!(back.contains(numbers), "{game_type} {variant}: {back}");
        for text in [&out, &back] {
            let (code, report, err) = run(&["check", "--json", "-"], Some(text));
            assert_eq!(code, 0, "{game_type} {variant}: {report} {err}");
            assert!(report.contains(r#""ok":true"#), "{report}");
        }
    }
}

/// The chess variants' corpus (written by python-chess, crates/games/tests/import/variant-*)
/// converted to every notation that applies reads back as the same games: the same variant
/// and the same number of plies, game by game. A drop is written alike in every notation, in
/// the letters of the notation's language (Spanish descriptive `C@e3`), and a game from a FEN
/// with pieces in hand may start with one.
#[test]
fn chess_variants_convert_to_every_notation_and_read_back() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../games/tests/import");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("variant-"))
        })
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the variant corpus: {files:?}");
    // Per game: the variant and the plies `check --json` reports.
    let games = |path: &str| -> Vec<(String, u64)> {
        let (code, out, err) = run(&["check", "--json", path], None);
        assert_eq!(code, 0, "{path}: {out}{err}");
        out.lines()
            .map(|line| {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                (
                    v["variant"].as_str().unwrap().to_string(),
                    v["plies"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    let notations: [&[&str]; 7] = [
        &["--notation", "san", "--lang", "es"],
        &["--notation", "san", "--lang", "pt", "--figurine"],
        &["--notation", "long"],
        &["--notation", "uci"],
        &["--notation", "descriptive-en"],
        &["--notation", "descriptive-es"],
        &["--notation", "descriptive-es", "--lang", "de"],
    ];
    for file in &files {
        let path = file.to_string_lossy();
        let expected = games(&path);
        assert!(!expected.is_empty(), "{path}");
        for args in notations {
            let out = temp(
                &format!(
                    "{}-{}.pgn",
                    file.file_stem().unwrap().to_string_lossy(),
                    args.join("")
                ),
                "",
            );
            let out_path = out.to_string_lossy();
            let mut convert = vec!["convert"];
            convert.extend_from_slice(args);
            convert.extend([&*path, "-o", &*out_path]);
            let (code, _, err) = run(&convert, None);
            assert_eq!(code, 0, "{path} {args:?}: {err}");
            assert_eq!(games(&out_path), expected, "{path} {args:?}");
        }
    }
}
