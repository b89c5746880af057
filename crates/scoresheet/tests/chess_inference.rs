//! Chess games that show no piece letter: games of pawn moves alone written in long algebraic
//! (`1. e2-e4 e7-e5 2. d2-d4 e5xd4`) look like draughts squares and must still be read as
//! chess without `--variant chess`. Random such games are generated with shakmaty (pawn
//! moves only, every legal one may be picked), written in long algebraic here, and read back
//! by the library and by `scoresheet check`, in `.pgn` and `.pdn` files.

mod random_games;

use games::{AnyGame, ChessMove, ReadOptions};
use random_games::pick;
use shakmaty::{Chess, Move, Position, Role};

/// `m` in long algebraic: `e2-e4`, `e5xd4`, `e7-e8q`.
fn long(m: &Move) -> String {
    let (from, to) = (m.from().expect("a pawn move"), m.to());
    let sep = if m.is_capture() { 'x' } else { '-' };
    let promotion = m
        .promotion()
        .map(|r| r.char().to_string())
        .unwrap_or_default();
    format!("{from}{sep}{to}{promotion}")
}

/// A random game of pawn moves only (seeded), its moves and movetext.
fn pawn_game(seed: u64) -> (Vec<Move>, String) {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut pos = Chess::default();
    let (mut moves, mut text) = (Vec::new(), String::new());
    for ply in 0..(6 + seed as usize % 30) {
        let pawn: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.role() == Role::Pawn)
            .collect();
        if pawn.is_empty() {
            break;
        }
        let m = pawn[pick(&mut state, pawn.len())];
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(&long(&m));
        text.push(' ');
        pos.play_unchecked(m);
        moves.push(m);
    }
    text.push('*');
    (moves, text)
}

#[test]
fn pawn_games_in_long_algebraic_are_chess() {
    let mut file = String::new();
    let mut all = Vec::new();
    for seed in 1..=60u64 {
        let (moves, text) = pawn_game(seed);
        let game = record::read_games(&text).remove(0).unwrap();
        let read = AnyGame::read(game, &ReadOptions::default())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let AnyGame::Chess(g) = read else {
            panic!("seed {seed}: read as draughts\n{text}");
        };
        let got: Vec<Move> = g
            .game
            .moves
            .nodes
            .iter()
            .map(|n| match &n.mov {
                ChessMove::Move(m) => *m,
                ChessMove::Null => panic!("null move"),
            })
            .collect();
        assert_eq!(got, moves, "seed {seed}\n{text}");
        file.push_str(&format!("{text}\n\n"));
        all.push(moves.len());
    }
    for ext in ["pgn", "pdn"] {
        let path =
            std::env::temp_dir().join(format!("scoresheet-pawns-{}.{ext}", std::process::id()));
        std::fs::write(&path, &file).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
            .args(["check", "--json", path.to_str().unwrap()])
            .output()
            .unwrap();
        let reports: Vec<serde_json::Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(reports.len(), all.len());
        for (r, plies) in reports.iter().zip(&all) {
            assert_eq!(
                (&r["ok"], &r["variant"]),
                (&true.into(), &"chess".into()),
                "{r}"
            );
            assert_eq!(r["plies"], *plies as u64, "{r}");
        }
    }
}

/// A Chess960 game without a FEN starts from position 518, the standard setup (python-chess
/// writes such games without a FEN), with Chess960 castling: `O-O` and UCI's king-takes-rook
/// `e1h1` both castle.
#[test]
fn chess960_without_a_fen_starts_from_the_standard_setup() {
    for (text, plies) in [
        (
            "[Variant \"Chess960\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *",
            7,
        ),
        (
            "[Variant \"Chess960\"]\n\ne2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1h1 *",
            7,
        ),
    ] {
        let game = record::read_games(text).remove(0).unwrap();
        let AnyGame::Chess(g) =
            AnyGame::read(game, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}\n{text}"))
        else {
            panic!("draughts");
        };
        assert_eq!(g.plies(), plies);
        let board = g.end.board();
        assert_eq!(
            board.king_of(shakmaty::Color::White),
            Some(shakmaty::Square::G1)
        );
        assert_eq!(board.role_at(shakmaty::Square::F1), Some(Role::Rook));
    }
}

/// Claims of move texts that do not hold: real games of `lichess_db_1000k.pgn` with false
/// signs put on some moves (`+` on a move that gives no check, `#` on a check, `x` on a
/// move that takes nothing), read by `scoresheet check`: one warning per false sign with its
/// line, column and ply, the same through the one-pass reader and the general one (a side
/// line sends a game there); `--strict` makes the first an error.
#[test]
fn false_claims_are_warnings_and_errors_when_strict() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/chess/lichess_db_1000k.pgn");
    let text = std::fs::read_to_string(path).unwrap();
    let mut file = String::new();
    let mut expected = Vec::new();
    for (k, game) in record::read_games(&text).into_iter().take(40).enumerate() {
        let game = game.unwrap();
        let Ok(AnyGame::Chess(g)) = AnyGame::read(game, &ReadOptions::default()) else {
            continue;
        };
        let mut pos = g.start.clone();
        let mut words = Vec::new();
        let mut false_signs = 0;
        for (i, node) in g.game.moves.nodes.iter().enumerate() {
            let ChessMove::Move(m) = &node.mov else {
                break;
            };
            let san = shakmaty::san::San::from_move(&pos, *m).to_string();
            // The sign as SAN writes it.
            let san_plus = shakmaty::san::SanPlus::from_move(pos.clone(), *m).to_string();
            pos.play_unchecked(*m);
            let word = if i % 7 == 3 && !pos.is_check() {
                false_signs += 1;
                format!("{san}+")
            } else if i % 11 == 5 && !m.is_capture() && san.len() > 2 && !san.starts_with('O') {
                false_signs += 1;
                format!("{}x{}", &san[..san.len() - 2], &san[san.len() - 2..])
            } else if pos.is_check() && !pos.is_checkmate() && i % 2 == 0 {
                false_signs += 1;
                format!("{san}#")
            } else {
                san_plus
            };
            words.push(if i % 2 == 0 {
                format!("{}. {word}", i / 2 + 1)
            } else {
                word
            });
        }
        // Every third game goes to the general reader through a side line.
        if k % 3 == 0 && words.len() > 2 {
            words.insert(2, "(1... a6)".into());
        }
        file.push_str(&format!("[Event \"{k}\"]\n\n{} *\n\n", words.join(" ")));
        expected.push(false_signs);
    }
    let path = std::env::temp_dir().join(format!("scoresheet-claims-{}.pgn", std::process::id()));
    std::fs::write(&path, &file).unwrap();
    let run = |strict: bool| check_json(&path, strict);
    let reports = run(false);
    assert_eq!(reports.len(), expected.len());
    for (r, n) in reports.iter().zip(&expected) {
        assert_eq!(r["ok"], true, "{r}");
        let claims: Vec<&serde_json::Value> = r["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|w| {
                let m = w["message"].as_str().unwrap();
                m.contains("claims") || m.contains("written as a capture")
            })
            .collect();
        assert_eq!(claims.len(), *n, "{r}");
        assert!(
            claims
                .iter()
                .all(|w| w["ply"].as_u64().is_some() && w["line"].as_u64().is_some())
        );
    }
    assert!(expected.iter().sum::<usize>() > 40);
    for (r, n) in run(true).iter().zip(&expected) {
        assert_eq!(r["ok"], *n == 0, "{r}");
        if *n > 0 {
            let m = r["error"]["message"].as_str().unwrap();
            assert!(
                m.contains("claims") || m.contains("written as a capture"),
                "{m}"
            );
        }
    }
}

/// Move numbers that skip or repeat one: real games of `lichess_db_1000k.pgn` written again
/// with some numbers changed (one more, one less, Black's move numbered with dots, some
/// games from a FEN numbered from the FEN or from 1), read by `scoresheet check`: one
/// warning per wrong number with its ply, none for the right ones, the same through the
/// one-pass reader and the general one (a side line sends a game there); `--strict` makes
/// the first an error.
#[test]
fn move_numbers_that_skip_or_repeat_are_warnings_and_errors_when_strict() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/chess/lichess_db_1000k.pgn");
    let text = std::fs::read_to_string(path).unwrap();
    let mut file = String::new();
    // Per game: the plies (1-based) of the wrong numbers.
    let mut expected: Vec<Vec<u64>> = Vec::new();
    for (k, game) in record::read_games(&text).into_iter().take(60).enumerate() {
        let game = game.unwrap();
        let Ok(AnyGame::Chess(g)) = AnyGame::read(game, &ReadOptions::default()) else {
            continue;
        };
        let moves: Vec<shakmaty::Move> = g
            .game
            .moves
            .nodes
            .iter()
            .map_while(|n| match &n.mov {
                ChessMove::Move(m) => Some(*m),
                ChessMove::Null => None,
            })
            .collect();
        if moves.len() < 16 {
            continue;
        }
        // Every fourth game starts from the position after 9 plies (Black to move), given
        // by a FEN; half of those are numbered from 1, the others from the FEN's number.
        let from_fen = k % 4 == 1;
        let skip = if from_fen { 9 } else { 0 };
        let mut pos = Chess::default();
        for m in &moves[..skip] {
            pos.play_unchecked(*m);
        }
        let fen = shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal);
        let first = if from_fen && k % 8 == 1 {
            1
        } else {
            pos.fullmoves().get()
        };
        let black_first = pos.turn() == shakmaty::Color::Black;
        let mut words = Vec::new();
        let mut wrong = Vec::new();
        for (i, m) in moves[skip..].iter().enumerate() {
            let san = shakmaty::san::SanPlus::from_move(pos.clone(), *m).to_string();
            pos.play_unchecked(*m);
            let number = first + ((i + usize::from(black_first)) / 2) as u32;
            let white = (i + usize::from(black_first)) % 2 == 0;
            // Which numbers are changed: a few per game, at places that differ by game.
            let slip = (i * 7 + k) % 13 == 5 && i > 0 && k % 5 != 0;
            let written = match slip {
                true if i % 2 == 0 || number == 1 => number + 1,
                true => number - 1,
                false => number,
            };
            if white {
                if slip {
                    wrong.push((i + 1) as u64);
                }
                words.push(format!("{written}. {san}"));
                // Every third game goes to the general reader through a side line: the
                // same move again, numbered right.
                if k % 3 == 0 && i == 2 - usize::from(black_first) {
                    words.push(format!("({number}. {san})"));
                }
            } else if i == 0 || i % 5 == 2 || slip {
                // Black's moves carry a number with dots at the start and here and there.
                if slip {
                    wrong.push((i + 1) as u64);
                }
                words.push(format!("{written}... {san}"));
            } else {
                words.push(san);
            }
        }
        let tags = if from_fen {
            format!("[Event \"{k}\"]\n[FEN \"{fen}\"]\n\n")
        } else {
            format!("[Event \"{k}\"]\n\n")
        };
        file.push_str(&format!("{tags}{} *\n\n", words.join(" ")));
        expected.push(wrong);
    }
    let path = std::env::temp_dir().join(format!("scoresheet-numbers-{}.pgn", std::process::id()));
    std::fs::write(&path, &file).unwrap();
    let run = |strict: bool| check_json(&path, strict);
    let is_number =
        |m: &str| m.contains("a move number skipped") || m.contains("a move number repeated");
    let reports = run(false);
    assert_eq!(reports.len(), expected.len());
    for (r, plies) in reports.iter().zip(&expected) {
        assert_eq!(r["ok"], true, "{r}");
        let found: Vec<u64> = r["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|w| is_number(w["message"].as_str().unwrap()))
            .map(|w| w["ply"].as_u64().unwrap())
            .collect();
        assert_eq!(&found, plies, "{r}");
        assert_eq!(r["warnings"].as_array().unwrap().len(), plies.len(), "{r}");
    }
    let slips: usize = expected.iter().map(Vec::len).sum();
    assert!(slips > 40, "{slips}");
    assert!(expected.iter().filter(|w| w.is_empty()).count() > 3);
    for (r, plies) in run(true).iter().zip(&expected) {
        assert_eq!(r["ok"], plies.is_empty(), "{r}");
        if let Some(first) = plies.first() {
            assert!(is_number(r["error"]["message"].as_str().unwrap()), "{r}");
            assert_eq!(r["error"]["ply"].as_u64(), Some(*first), "{r}");
        }
    }
    std::fs::remove_file(&path).ok();
}

/// The reports of `scoresheet check --json` (with `--strict` if asked) on `path`, one per game.
fn check_json(path: &std::path::Path, strict: bool) -> Vec<serde_json::Value> {
    let mut args = vec!["check", "--json", path.to_str().unwrap()];
    if strict {
        args.push("--strict");
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(&args)
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .collect()
}
