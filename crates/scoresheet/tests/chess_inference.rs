//! Chess games that show no piece letter: games of pawn moves alone written in long algebraic
//! (`1. e2-e4 e7-e5 2. d2-d4 e5xd4`) look like draughts squares and must still be read as
//! chess without `--variant chess`. Random such games are generated with shakmaty (pawn
//! moves only, every legal one may be picked), written in long algebraic here, and read back
//! by the library and by `scoresheet check`, in `.pgn` and `.pdn` files.

use scoresheet::games::{AnyGame, ChessMove, ReadOptions};
use shakmaty::{Chess, Move, Position, Role};

/// A number below `n` from the xorshift generator `state`.
fn pick(state: &mut u64, n: usize) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state % n as u64) as usize
}

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
