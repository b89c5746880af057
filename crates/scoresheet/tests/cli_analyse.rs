//! `scoresheet analyse` on real games with a known losing move: the move is marked a
//! blunder, a deeper search confirms every blunder marked, every move gets its `[%eval]`,
//! the annotated file reads back through `check`, and analysing it again gives the same
//! file.

mod common;

use std::path::{Path, PathBuf};

use common::scoresheet;
use games::{AnyGame, AnyPosition, MoveData, OnePass, ReadGame, ReadOptions};
use record::{Extra, Nag};
use site::engine::evaluation::Budget;
use site::engine::game_analysis::GameLine;
use site::engine::judgement::{Curve, Judgement, Score};

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(path)
}

/// The `n`-th game (from 1) of a file whose games each start with an `[Event` tag.
fn game_of(path: &str, n: usize) -> String {
    let text = std::fs::read_to_string(data(path)).unwrap();
    let starts: Vec<usize> = text
        .match_indices("[Event ")
        .map(|(i, _)| i)
        .filter(|&i| i == 0 || text.as_bytes()[i - 1] == b'\n')
        .collect();
    let end = starts.get(n).copied().unwrap_or(text.len());
    text[starts[n - 1]..end].to_string()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("scoresheet-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// `scoresheet analyse` of `text` (written to a file named `name`) with `args`: the
/// annotated text.
fn analysed(text: &str, name: &str, args: &[&str]) -> String {
    let input = temp(name);
    let output = temp(&format!("annotated-{name}"));
    std::fs::write(&input, text).unwrap();
    let mut all = vec![
        "analyse",
        input.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let (code, _, err) = scoresheet(&all);
    assert_eq!(code, 0, "analyse {name}: {err}");
    std::fs::read_to_string(output).unwrap()
}

fn read_one(text: &str) -> AnyGame {
    let mut reader = record::Reader::from_str(text);
    let mut one_pass = OnePass::new(ReadOptions::default());
    match one_pass.next(&mut reader) {
        Some(Ok(ReadGame::Game(game))) => *game,
        Some(Ok(ReadGame::Bad(e))) => panic!("the annotated game does not read back: {e}"),
        Some(Err(e)) => panic!("the annotated game does not read back: {e}"),
        None => panic!("no game in the annotated text"),
    }
}

/// For each move of the main line: its NAGs and the `[%eval]` after it.
fn marks(game: &AnyGame) -> Vec<(Vec<u16>, Option<games::Eval>)> {
    fn of<M>(nodes: &[record::Node<M>]) -> Vec<(Vec<u16>, Option<games::Eval>)> {
        nodes
            .iter()
            .map(|n| {
                let nags = n
                    .after
                    .iter()
                    .filter_map(|e| match e {
                        Extra::Nags(nags) => Some(nags.iter().map(|Nag(x)| *x).collect::<Vec<_>>()),
                        _ => None,
                    })
                    .flatten()
                    .collect();
                (nags, MoveData::of_extras(&n.after).eval)
            })
            .collect()
    }
    match game {
        AnyGame::Draughts(g) => of(&g.game.moves.nodes),
        AnyGame::Chess(g) => of(&g.game.moves.nodes),
    }
}

/// The plies marked blunder (`??`, NAG 4), from 0.
fn blunders(game: &AnyGame) -> Vec<usize> {
    marks(game)
        .iter()
        .enumerate()
        .filter(|(_, (nags, _))| nags.contains(&4))
        .map(|(i, _)| i)
        .collect()
}

/// What every move of an annotated game must carry, and that it reads back the same
/// through `check` and a second analysis.
fn check_annotated(text: &str, name: &str, args: &[&str]) -> AnyGame {
    let game = read_one(text);
    let marks = marks(&game);
    let positions = GameLine::of(&game).positions();
    for (i, (_, eval)) in marks.iter().enumerate() {
        let over = positions[i + 1].status() != games::Status::Ongoing;
        assert!(eval.is_some() || over, "ply {}: no [%eval]", i + 1);
    }
    let file = temp(&format!("check-{name}"));
    std::fs::write(&file, text).unwrap();
    let (code, out, err) = scoresheet(&["check", file.to_str().unwrap()]);
    assert_eq!(code, 0, "check of the annotated game: {out}{err}");
    assert_eq!(
        analysed(text, &format!("again-{name}"), args),
        text,
        "analysing an analysed game again gives the same file"
    );
    game
}

/// Stockfish's evaluation of `p` to `depth`.
async fn stockfish_score(
    session: &mut site::engine::stockfish::Session,
    p: &AnyPosition,
    depth: u32,
) -> Score {
    let AnyPosition::Chess(shakmaty::variant::VariantPosition::Chess(p)) = p else {
        unreachable!("a chess game")
    };
    session
        .evaluate(p, Budget::Depth(depth))
        .await
        .unwrap()
        .score
}

#[test]
fn a_draughts_blunder_is_marked_and_a_deeper_search_confirms_it() {
    // Dutch championship 2009, round 12: Meijer against Meurs. Black, already worse, played
    // 48... 14-19 and resigned: it walks into a forced win (+1.43 to a win in 6 at depth 10,
    // where 39-44 holds on).
    let text = game_of("draughts/pdn-spec-games/succeed/090417ronde12.pdn", 1);
    assert!(text.contains("Meurs"), "{text}");
    let args = ["--depth", "10", "-j", "2"];
    let annotated = analysed(&text, "nk2009-12.pdn", &args);
    let game = check_annotated(&annotated, "nk2009-12.pdn", &args);
    assert!(annotated.contains("48... 14-19??"), "{annotated}");
    let found = blunders(&game);
    assert!(found.contains(&95), "48... 14-19 is ply 96: {found:?}");
    let line = GameLine::of(&game);
    let AnyPosition::Draughts(start) = line.start else {
        unreachable!("a draughts game")
    };
    // The position after `plies` moves, searched to depth 14 with the game before it.
    let eval = |plies: usize| {
        let game = site::engine::draughts_game(start, &line.moves[..plies]);
        site::engine::draughts_search::evaluate(game, Budget::Depth(14), None).score
    };
    let positions = line.positions();
    for ply in found {
        let white = positions[ply].white_to_move();
        let (before, after) = (eval(ply), eval(ply + 1));
        assert_eq!(
            line.curve().judge(before, after, white),
            Some(Judgement::Blunder),
            "ply {}: the depth-14 search does not confirm the blunder ({before:?} to {after:?})",
            ply + 1
        );
    }
}

#[test]
fn a_chess_blunder_is_marked_and_a_deeper_stockfish_confirms_it() {
    let Some(stockfish) = site::engine::stockfish::find(None) else {
        panic!(
            "chess analysis needs Stockfish: install Debian's `stockfish` (scripts/setup-browser does)"
        );
    };
    // A blitz game of the lichess database: 6. e4?? drops the e-pawn and the game.
    let text = game_of("chess/lichess_db_1000k.pgn", 9);
    let args = ["--depth", "10", "-j", "2"];
    let annotated = analysed(&text, "lichess-9.pgn", &args);
    let game = check_annotated(&annotated, "lichess-9.pgn", &args);
    assert!(annotated.contains("6. e4??"), "{annotated}");
    let found = blunders(&game);
    assert!(found.contains(&10), "6. e4 is ply 11: {found:?}");
    // The players' summary before the first move counts White's blunders in words.
    let white_blunders = found.iter().filter(|&&ply| ply % 2 == 0).count();
    let counted = if white_blunders == 1 {
        "1 blunder. Black".to_string()
    } else {
        format!("{white_blunders} blunders. Black")
    };
    assert!(
        annotated.contains("{White: accuracy") && annotated.contains(&counted),
        "{annotated}"
    );
    let positions = GameLine::of(&game).positions();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let mut session = site::engine::stockfish::Session::start(&stockfish, false)
            .await
            .unwrap();
        for ply in found {
            let before = stockfish_score(&mut session, &positions[ply], 20).await;
            let after = stockfish_score(&mut session, &positions[ply + 1], 20).await;
            let white = positions[ply].white_to_move();
            assert_eq!(
                Curve::LICHESS.judge(before, after, white),
                Some(Judgement::Blunder),
                "ply {}: Stockfish at depth 20 does not confirm the blunder ({before:?} to {after:?})",
                ply + 1
            );
        }
    });
}
