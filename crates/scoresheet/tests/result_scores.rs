//! Results as club files and the variants write them: a match score (`4-6`) that equals the
//! Result tag ends the moves as their result; elsewhere such a word is said to be neither a
//! move nor a result; and `convert`, writing a result in the variant's form (`0-1` as `0-2`
//! in International draughts), says so. Random legal games are generated here and end with
//! the forms under test.

mod random_games;

use draughts::{MoveStyle, Variant};
use random_games::{movetext, random_moves};

/// A random legal International game (seeded) as movetext without a result, and its plies.
fn international(seed: u64, plies: usize) -> (String, usize) {
    let style = MoveStyle::of(&Variant::INTERNATIONAL);
    let moves = random_moves(Variant::INTERNATIONAL, seed, plies, &style);
    let text = movetext(&moves);
    (text.trim_end_matches('*').to_string(), moves.len())
}

fn run(args: &[&str], input: &str) -> (String, String) {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!(
        "scoresheet-scores-{}-{run}.pdn",
        std::process::id()
    ));
    std::fs::write(&path, input).unwrap();
    let mut all: Vec<&str> = args.to_vec();
    all.push(path.to_str().unwrap());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(&all)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Scores of Dutch club files: the games end with the score their Result tag gives.
const SCORES: [&str; 6] = ["4-6", "1-9", "10-0", "5-5", "6-4", "0-10"];

#[test]
fn a_score_equal_to_the_result_tag_is_the_result() {
    let mut file = String::new();
    let mut plies = Vec::new();
    for seed in 1..=30u64 {
        let (moves, n) = international(seed, 6 + seed as usize);
        let score = SCORES[seed as usize % SCORES.len()];
        file.push_str(&format!(
            "[Event \"club\"]\n[Result \"{score}\"]\n\n{moves}{score}\n\n"
        ));
        plies.push(n);
    }
    // The library (the general reader).
    for (i, game) in record::read_games(&file).into_iter().enumerate() {
        let game = game.unwrap();
        let g =
            games::DraughtsGame::read(game, None).unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
        assert_eq!(g.plies(), plies[i], "game {}", i + 1);
        assert_eq!(g.variant, Variant::INTERNATIONAL);
        assert!(g.warnings[0].message.contains("read as the result"));
    }
    // `check`: every game good, its plies, the warning.
    let (out, _) = run(&["check", "--json"], &file);
    let reports: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), plies.len());
    for (r, n) in reports.iter().zip(&plies) {
        assert_eq!(r["ok"], true, "{r}");
        assert_eq!(r["plies"], *n as u64, "{r}");
        assert!(
            r["warnings"][0]["message"]
                .as_str()
                .unwrap()
                .contains("read as the result")
        );
    }
    // `convert` keeps the score as the result, and what it writes reads the same.
    let (written, _) = run(&["convert"], &file);
    let (again, _) = run(&["convert"], &written);
    assert_eq!(written, again);
    for (game, seed) in record::read_games(&written).into_iter().zip(1..) {
        let g = games::DraughtsGame::read(game.unwrap(), None).unwrap();
        let score = SCORES[seed % SCORES.len()];
        assert_eq!(g.game.result.map(|r| r.text), Some(score.to_string()));
    }
}

#[test]
fn a_score_elsewhere_is_neither_a_move_nor_a_result() {
    let (moves, _) = international(7, 10);
    // Another score than the tag's, at the end.
    let (out, _) = run(
        &["check"],
        &format!("[GameType \"20\"]\n[Result \"1-1\"]\n\n{moves}4-6\n"),
    );
    assert!(
        out.contains("4-6 is neither a legal move nor a result PDN knows"),
        "{out}"
    );
    // So in the middle of the moves: no piece moves from 4 to 6 on any board position.
    let (out, _) = run(
        &["check"],
        &format!("[GameType \"20\"]\n[Result \"4-6\"]\n\n{moves}4-6 32-28 4-6\n"),
    );
    assert!(out.contains("4-6 is neither a legal move"), "{out}");
    // Two squares on one diagonal are a move that is not legal here, whatever the tag says.
    let (out, _) = run(
        &["check"],
        &format!("[GameType \"20\"]\n[Result \"1-1\"]\n\n{moves}46-41\n"),
    );
    assert!(out.contains("46-41 is not a legal move"), "{out}");
}

#[test]
fn convert_says_when_it_writes_a_result_in_the_variant_s_form() {
    let (moves, _) = international(3, 12);
    let (out, err) = run(
        &["convert"],
        &format!("[GameType \"20\"]\n[Result \"0-1\"]\n\n{moves}0-1\n"),
    );
    assert!(
        out.contains("[Result \"0-2\"]") && out.trim_end().ends_with("0-2"),
        "{out}"
    );
    assert!(err.contains("the result 0-1 is written 0-2"), "{err}");
    // American checkers writes 0-1 as it is: nothing to say.
    let (out, err) = run(&["convert"], "[GameType \"21\"]\n\n1. 11-15 23-19 0-1\n");
    assert!(out.trim_end().ends_with("0-1"), "{out}");
    assert!(!err.contains("warning"), "{err}");
}
