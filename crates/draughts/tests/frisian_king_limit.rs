//! Frisian's limit on one king's moves, from the rule's text (lidraughts' Frisian page: while
//! a player has men, the same king may not make more than three moves in a row without
//! capturing) and pydraughts' `Game.legal_moves`, which follows lidraughts: the run counts
//! only moves of the piece while it was a king, and a capture ends it.

use std::time::Duration;

use draughts::{
    BoardSize, Color, GameHistory, IllegalMove, Level, Move, Position, Square, Variant, best_move,
    perft,
};

fn at(n: u32) -> Square {
    Square::from_number(n, BoardSize::Ten).unwrap()
}

/// The legal move from `from` to `to` (square numbers) of `p`.
fn find(p: &Position, from: u32, to: u32) -> Option<Move> {
    p.legal_moves()
        .into_iter()
        .find(|m| m.from() == at(from) && m.to() == at(to))
}

fn play(p: &mut Position, moves: &[(u32, u32)]) {
    for &(from, to) in moves {
        let m = find(p, from, to).unwrap_or_else(|| panic!("{from}-{to} in {}", p.to_fen()));
        p.play(&m).unwrap();
    }
}

/// The start squares of the legal moves.
fn movers(p: &Position) -> Vec<u32> {
    let mut v: Vec<u32> = p.legal_moves().iter().map(|m| m.from().number()).collect();
    v.sort();
    v.dedup();
    v
}

const SHUFFLE: [(u32, u32); 6] = [(46, 41), (3, 8), (41, 46), (8, 12), (46, 41), (12, 17)];

#[test]
fn a_king_with_men_beside_it_moves_three_times_in_a_row_at_most() {
    let mut p = Position::from_fen("W:WK46,50:B3,4", Variant::FRISIAN).unwrap();
    play(&mut p, &SHUFFLE[..4]);
    assert_eq!(p.king_run(Color::White), Some((at(46), 2)));
    assert_eq!(movers(&p), vec![46, 50]);
    play(&mut p, &SHUFFLE[4..]);
    assert_eq!(p.king_run(Color::White), Some((at(41), 3)));
    assert_eq!(movers(&p), vec![50], "the king on 41 made three moves");
    let fourth = Position::from_fen(&p.to_fen(), Variant::FRISIAN)
        .unwrap()
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == at(41))
        .expect("the same board without the run lets the king move");
    assert_eq!(p.play(&fourth), Err(IllegalMove));
    // Another piece moves: the king is free again.
    play(&mut p, &[(50, 44), (4, 9)]);
    assert_eq!(p.king_run(Color::White), None);
    assert_eq!(movers(&p), vec![41, 44]);
}

#[test]
fn without_men_the_king_moves_freely() {
    let mut p = Position::from_fen("W:WK46:B3", Variant::FRISIAN).unwrap();
    play(&mut p, &SHUFFLE);
    assert_eq!(p.king_run(Color::White), Some((at(41), 3)));
    assert_eq!(movers(&p), vec![41]);
    // Other variants have no such limit.
    let mut p = Position::from_fen("W:WK46,50:B3", Variant::INTERNATIONAL).unwrap();
    play(&mut p, &SHUFFLE);
    assert_eq!(p.king_run(Color::White), None);
    assert_eq!(movers(&p), vec![41, 50]);
}

#[test]
fn another_king_starts_its_own_run() {
    let mut p = Position::from_fen("W:WK46,K48,49:B3,4", Variant::FRISIAN).unwrap();
    play(&mut p, &SHUFFLE);
    assert_eq!(movers(&p), vec![48, 49]);
    play(&mut p, &[(48, 42), (4, 9)]);
    assert_eq!(p.king_run(Color::White), Some((at(42), 1)));
    assert_eq!(movers(&p), vec![41, 42, 49]);
}

#[test]
fn a_capture_ends_the_run_and_the_frozen_king_may_still_capture() {
    // Black's last move puts a man where the king on 41 can take it.
    let mut p = Position::from_fen("W:WK46,50:B3,9", Variant::FRISIAN).unwrap();
    play(
        &mut p,
        &[(46, 41), (3, 8), (41, 46), (8, 12), (46, 41), (9, 14)],
    );
    assert_eq!(p.king_run(Color::White), Some((at(41), 3)));
    let moves = p.legal_moves();
    assert!(!moves.is_empty() && moves.iter().all(|m| m.from() == at(41) && m.is_capture()));
    p.play(&moves[0]).unwrap();
    assert_eq!(p.king_run(Color::White), None);
}

#[test]
fn the_move_that_crowns_is_not_a_king_move() {
    // The man on 6 crowns on 1 (White moves up); then two king moves: the run is 2, so a
    // third king move is still allowed (the piece was a king for two of the three).
    let mut p = Position::from_fen("W:W6,46:B15", Variant::FRISIAN).unwrap();
    play(&mut p, &[(6, 1), (15, 20), (1, 6), (20, 25)]);
    assert_eq!(p.king_run(Color::White), Some((at(6), 1)));
    play(&mut p, &[(6, 1), (25, 30)]);
    assert_eq!(p.king_run(Color::White), Some((at(1), 2)));
    assert!(movers(&p).contains(&1));
    play(&mut p, &[(1, 6), (30, 35)]);
    assert_eq!(p.king_run(Color::White), Some((at(6), 3)));
    assert_eq!(movers(&p), vec![46]);
}

#[test]
fn a_side_left_only_with_its_frozen_king_has_lost() {
    // White's man on 46 is blocked by 41 and 37; after three moves of the king White has
    // no legal move and loses.
    let start = Position::from_fen("W:WK45,46:B41,37,3", Variant::FRISIAN).unwrap();
    let mut game = GameHistory::new(start);
    for (from, to) in [(45, 50), (3, 8), (50, 45), (8, 13), (45, 50), (13, 19)] {
        let m = find(game.position(), from, to)
            .unwrap_or_else(|| panic!("{from}-{to} in {}", game.position().to_fen()));
        game.push(&m).unwrap();
    }
    assert!(!game.position().has_legal_move());
    assert_eq!(game.position().legal_move_count(), 0);
    assert_eq!(game.position().winner(), Some(Color::Black));
    assert_eq!(
        game.state(),
        draughts::GameState::Win {
            winner: Color::Black
        }
    );
}

/// perft (bit boards, the run carried beside them) against a plain recursion over
/// [`Position::legal_moves`] and [`Position::after`] (the run carried in the position).
fn naive(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.legal_moves()
        .iter()
        .map(|m| naive(&p.after(m), depth - 1))
        .sum()
}

#[test]
fn perft_carries_the_runs() {
    let unlimited = Variant {
        king_move_limit: None,
        ..Variant::FRISIAN
    };
    // The first position, its mirror image with Black to move, and a busier one.
    for (fen, deepest) in [
        ("W:WK46,50:B3", 7),
        ("B:W48:BK5,1", 7),
        ("W:WK47,K48,36:BK4,10,15", 5),
    ] {
        let p = Position::from_fen(fen, Variant::FRISIAN).unwrap();
        for depth in 1..=deepest {
            assert_eq!(perft(&p, depth), naive(&p, depth), "{fen} depth {depth}");
        }
    }
    // The limit matters: the king's fourth move in a row is cut at depth 7. pydraughts 0.6.7
    // (whose Game applies the rule) counts 30809 for both positions too; 58267 is the count
    // without the limit.
    for fen in ["W:WK46,50:B3", "B:W48:BK5,1"] {
        let p = Position::from_fen(fen, Variant::FRISIAN).unwrap();
        let free = Position::from_fen(fen, unlimited).unwrap();
        assert_eq!(perft(&p, 6), perft(&free, 6), "{fen}");
        assert_eq!((perft(&p, 7), perft(&free, 7)), (30809, 58267), "{fen}");
    }
}

#[test]
fn the_computer_keeps_to_the_limit() {
    // White's king on 41 has made three moves; the search must move the man. Deeper in its
    // tree the runs are carried too: a line in which Black's king would move a fourth time
    // in a row is not searched.
    let start = Position::from_fen("W:WK46,50:B3,4", Variant::FRISIAN).unwrap();
    let mut game = GameHistory::new(start);
    for (from, to) in SHUFFLE {
        let m = find(game.position(), from, to).unwrap();
        game.push(&m).unwrap();
    }
    for level in [Level::Beginner, Level::Intermediate, Level::Strong] {
        let m = best_move(&game, level, Duration::from_millis(200), 7)
            .unwrap()
            .mv;
        assert_eq!(m.from(), at(50), "{level:?}");
    }
}
