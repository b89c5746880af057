//! The `perft` and `fen` commands, run as a user runs them.

mod common;

use common::scoresheet;

#[test]
fn perft_prints_the_count_alone_on_the_last_line() {
    let (code, out, err) = scoresheet(&["perft", "--variant", "international", "--depth", "5"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().last(), Some("27117"));
    assert_eq!(out.lines().count(), 1);
    assert!(
        err.contains("leaves/s"),
        "timing goes to standard error: {err}"
    );
}

#[test]
fn perft_divide_lists_root_moves_in_the_variants_notation() {
    let (code, out, _) = scoresheet(&["perft", "-v", "russian", "-d", "3", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8, "seven root moves and the total: {out}");
    assert_eq!(lines[7], "302");
    assert!(lines.iter().any(|l| l.starts_with("c3-d4 ")), "{out}");
    let sum: u64 = lines[..7]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 302);
    assert!(
        lines[..7]
            .iter()
            .all(|l| l.as_bytes()[0].is_ascii_lowercase()),
        "algebraic squares: {out}"
    );
}

#[test]
fn perft_from_a_fen() {
    let (code, out, _) = scoresheet(&[
        "perft",
        "-v",
        "international",
        "--fen",
        "W:WK47:B14,19,29,31,42",
        "-d",
        "1",
        "--divide",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("47x38x24x13x36 1") && out.contains("47x38x20x9x36 1"),
        "{out}"
    );
    assert_eq!(out.lines().last(), Some("2"));
}

#[test]
fn fen_prints_canonical_fen_then_a_diagram() {
    let (code, out, _) = scoresheet(&["fen", "--variant", "american", "w:w 31,26,28:b17-19,k20."]);
    assert_eq!(code, 0);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("W:W26,28,31:B17,18,19,K20"));
    let board: Vec<&str> = lines.collect();
    assert!(
        board[0].contains(" 1 ") && board[0].ends_with(" 4"),
        "numbers label the squares: {out}"
    );
    assert!(
        board.iter().any(|l| l.contains(" B")),
        "a black king: {out}"
    );
}

#[test]
fn fen_errors_say_where() {
    let (code, _, err) = scoresheet(&["fen", "--variant", "american", "W:W26,26"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("character 7") && err.contains("twice"),
        "{err}"
    );
    let (code, _, err) = scoresheet(&["fen", "--variant", "brazilian", "?:W29:B2"]);
    assert_eq!(code, 1);
    assert!(err.contains("--side"), "{err}");
    let (code, _, err) = scoresheet(&["perft", "--variant", "portuguese", "-d", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown draughts variant"), "{err}");
}

#[test]
fn fen_svg_and_chess() {
    let (code, out, _) = scoresheet(&[
        "fen",
        "--variant",
        "international",
        "--svg",
        "W:W31-50:B1-20",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("<svg") && out.contains("data-sq=\"50\""),
        "{out}"
    );
    assert_eq!(out.matches("class=\"piece").count(), 40);
    let (code, out, _) = scoresheet(&[
        "fen",
        "--variant",
        "chess",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n8  r n b q k b n r"
        ),
        "{out}"
    );
}

/// Issue 12: FEN reads both square styles on every board, and each start FEN reads back as
/// itself. The algebraic names were worked out by hand: on the turned 8x8 board (Italian,
/// Spanish) 1 is a8, 29 is b1 and 17 is a4; on 12x12 1 is b12, 66 is l2, 67 is a1 and 72 is
/// k1 (`k1` is a square there, not a king on 1); on 10x10 5 is j10 and 46 is a1.
#[test]
fn fen_reads_both_square_styles_on_every_board() {
    let cases = [
        ("italian", "W:Wb1,h1,a4:Ba8,g8", "W:W17,29,32:B1,4"),
        ("spanish", "W:Wb1:Ba8", "W:W29:B1"),
        ("canadian", "W:Wa1,k1,Kl2:Bb12,l12", "W:WK66,67,72:B1,6"),
        ("czech", "W:Wa1:Bh8", "W:W29:B4"),
        ("thai", "B:Wa1:Bb8", "B:W29:B1"),
        ("frisian", "W:Wa1,Kj10:Bb8", "W:WK5,46:B11"),
        ("killer", "W:Wa1,Kj10:Bb8", "W:WK5,46:B11"),
    ];
    for (variant, fen, canonical) in cases {
        let (code, out, err) = scoresheet(&["fen", "--variant", variant, fen]);
        assert_eq!(code, 0, "{variant}: {err}");
        assert_eq!(out.lines().next(), Some(canonical), "{variant}");
    }
    for variant in draughts::Variant::ALL {
        let start = draughts::Position::start(variant).to_fen();
        let (code, out, err) = scoresheet(&["fen", "--variant", variant.name, &start]);
        assert_eq!(code, 0, "{}: {err}", variant.name);
        assert_eq!(out.lines().next(), Some(start.as_str()), "{}", variant.name);
    }
    // The turned board's diagram has square 1 in the top left corner.
    let (_, out, _) = scoresheet(&["fen", "--variant", "italian", "W:W29:B1"]);
    let diagram: Vec<&str> = out.lines().skip(1).collect();
    assert!(diagram[0].starts_with(" b "), "{out}");
    assert!(diagram[7].starts_with("    w "), "{out}");
}

/// A reader that stops reading (`| head`) ends the command quietly, with no panic.
#[test]
fn a_closed_standard_output_is_no_panic() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["perft", "-v", "canadian", "-d", "5", "--divide"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

/// The chess variants' perft tables that shakmaty's tests use (tests/chess_perft, copied
/// from shakmaty 0.30.1, GPL-3.0-or-later, which collected them from the variants' engines),
/// counted by `scoresheet perft` from each EPD: every depth up to two million leaves.
#[test]
fn perft_of_the_chess_variants_matches_their_published_tables() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/chess_perft");
    let mut checked = 0;
    for (file, variant) in [
        ("3check.perft", "threecheck"),
        ("antichess.perft", "antichess"),
        ("atomic.perft", "atomic"),
        ("crazyhouse.perft", "crazyhouse"),
        ("horde.perft", "horde"),
        ("racingkings.perft", "racingkings"),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let mut epd = String::new();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("epd ") {
                epd = rest.to_owned();
            } else if let Some(rest) = line.strip_prefix("perft ") {
                let (depth, count) = rest.split_once(' ').unwrap();
                let count: u64 = count.parse().unwrap();
                if count > 2_000_000 {
                    continue;
                }
                let args = ["perft", "-v", variant, "--fen", &epd, "-d", depth];
                let (code, out, err) = scoresheet(&args);
                assert_eq!(code, 0, "{file} {epd}: {err}");
                let got: u64 = out.lines().last().unwrap().parse().unwrap();
                assert_eq!(got, count, "{file} {epd} depth {depth}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 60, "{checked} counts checked");
    // Divided by root move, in SAN: Crazyhouse's drops among them.
    let (code, out, _) = scoresheet(&[
        "perft",
        "-v",
        "crazyhouse",
        "--fen",
        "2k5/8/8/8/8/8/8/4K3[Qn] w - -",
        "-d",
        "2",
        "--divide",
    ]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l == "Q@a1 66"), "{out}");
    assert_eq!(out.lines().last(), Some("3083"));
}
