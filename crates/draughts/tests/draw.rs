//! The draw rules of each variant and the end of the game, on constructed positions.

use draughts::{Color, DrawReason, DrawRules, GameHistory, GameState, Move, Position, Variant};

fn game(fen: &str, v: Variant) -> GameHistory {
    GameHistory::new(Position::from_fen(fen, v).unwrap())
}

/// The legal move from `from` to `to` (square numbers).
fn mv(game: &GameHistory, from: u32, to: u32) -> Move {
    game.position()
        .legal_moves()
        .into_iter()
        .find(|m| m.from().number() == from && m.to().number() == to)
        .unwrap_or_else(|| panic!("no move {from}-{to} in {}", game.position().to_fen()))
}

fn play(game: &mut GameHistory, from: u32, to: u32) {
    let m = mv(game, from, to);
    game.push(&m).unwrap();
}

/// The king moves that take nothing, leave the opponent no capture, repeat no position of
/// the game and pass `allow`.
fn safe_king_moves(game: &GameHistory, allow: &dyn Fn(&Position, &Move) -> bool) -> Vec<Move> {
    let pos = *game.position();
    pos.legal_moves()
        .into_iter()
        .filter(|m| {
            let after = pos.after(m);
            pos.piece_at(m.from()).unwrap().is_king()
                && !m.is_capture()
                && !after.has_capture()
                && !game.positions().any(|p| *p == after)
                && allow(&pos, m)
        })
        .collect()
}

/// Plays `plies` safe king moves (see [`safe_king_moves`]), searching for a sequence that
/// never runs out of them; checks that the game goes on until the last of them.
fn walk(game: &mut GameHistory, plies: usize, allow: impl Fn(&Position, &Move) -> bool) {
    fn extend(
        game: &mut GameHistory,
        plies: usize,
        allow: &dyn Fn(&Position, &Move) -> bool,
        budget: &mut u32,
    ) -> bool {
        if plies == 0 {
            return true;
        }
        assert_eq!(
            game.state(),
            GameState::Ongoing,
            "{}",
            game.position().to_fen()
        );
        let moves = safe_king_moves(game, allow);
        let n = moves.len();
        for k in 0..n {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let m = &moves[(k + game.moves().len() * 7) % n];
            game.push(m).unwrap();
            if extend(game, plies - 1, allow, budget) {
                return true;
            }
            game.pop();
        }
        false
    }
    let mut budget = 100_000;
    assert!(
        extend(game, plies, &allow, &mut budget),
        "no walk of {plies} safe king moves from {}",
        game.position().to_fen()
    );
}

/// Plays a man move of the side to move that leaves the opponent no capture.
fn man_move(game: &mut GameHistory) {
    let pos = *game.position();
    let m = pos
        .legal_moves()
        .into_iter()
        .find(|m| {
            !pos.piece_at(m.from()).unwrap().is_king()
                && !m.is_capture()
                && !m.crowns()
                && !pos.after(m).has_capture()
        })
        .unwrap_or_else(|| panic!("no safe man move in {}", pos.to_fen()));
    game.push(&m).unwrap();
}

fn any(_: &Position, _: &Move) -> bool {
    true
}

/// Walks `plies` safe king moves (see [`walk`]) passing `allow`, and checks that the game
/// still goes on before the last of them and is drawn by `reason` after it. `context` is
/// added to the failure messages.
#[track_caller]
fn draws_after(
    game: &mut GameHistory,
    plies: usize,
    allow: impl Fn(&Position, &Move) -> bool,
    reason: DrawReason,
    context: &str,
) {
    walk(game, plies - 1, &allow);
    assert_eq!(game.state(), GameState::Ongoing, "{context}");
    walk(game, 1, &allow);
    assert_eq!(game.state(), GameState::Draw { reason }, "{context}");
}

#[test]
fn rules_of_each_variant() {
    assert_eq!(DrawRules::of(&Variant::INTERNATIONAL).kings_only, Some(25));
    assert_eq!(DrawRules::of(&Variant::BRAZILIAN).kings_only, Some(20));
    assert_eq!(DrawRules::of(&Variant::RUSSIAN).kings_only, Some(15));
    assert_eq!(DrawRules::of(&Variant::AMERICAN).kings_only, Some(40));
    let lone = DrawRules::of(&Variant::INTERNATIONAL).lone_king.unwrap();
    assert_eq!((lone.three_against_one, lone.two_against_one), (16, 5));
    assert_eq!(DrawRules::of(&Variant::RUSSIAN).main_road, Some(5));
    assert_eq!(
        DrawRules::of(&Variant::RUSSIAN).kings_against_king,
        Some(15)
    );
    for v in Variant::ALL {
        assert_eq!(DrawRules::of(&v).repetitions, 3);
    }
    // The other variants: International's rules for its near copies, Italian's 40 moves,
    // repetition only elsewhere (not American's 40 moves, which the 8x8 descriptions start
    // from).
    assert_eq!(DrawRules::of(&Variant::KILLER), DrawRules::INTERNATIONAL);
    assert_eq!(DrawRules::of(&Variant::CANADIAN), DrawRules::INTERNATIONAL);
    assert_eq!(DrawRules::of(&Variant::ITALIAN).kings_only, Some(40));
    assert_eq!(DrawRules::of(&Variant::FRISIAN), DrawRules::FRISIAN);
    assert_eq!(DrawRules::of(&Variant::FRYSK), DrawRules::FRISIAN);
    for v in [
        Variant::ANTIDRAUGHTS,
        Variant::SPANISH,
        Variant::POOL,
        Variant::CZECH,
        Variant::THAI,
        Variant::BREAKTHROUGH,
    ] {
        assert_eq!(DrawRules::of(&v), DrawRules::REPETITION_ONLY, "{}", v.name);
    }
}

/// Four king moves that bring the position back: a king of the side to move goes and an
/// opposing king goes, then both come back, none of them giving a capture.
fn cycle(game: &GameHistory) -> [Move; 4] {
    let safe = |pos: &Position, m: &Move| {
        pos.piece_at(m.from()).unwrap().is_king() && !m.is_capture() && !pos.after(m).has_capture()
    };
    let back = |pos: &Position, m: &Move| {
        pos.legal_moves()
            .into_iter()
            .find(|r| r.from() == m.to() && r.to() == m.from() && safe(pos, r))
    };
    let p0 = *game.position();
    for a in p0.legal_moves().into_iter().filter(|m| safe(&p0, m)) {
        let p1 = p0.after(&a);
        for b in p1.legal_moves().into_iter().filter(|m| safe(&p1, m)) {
            let p2 = p1.after(&b);
            let Some(a2) = back(&p2, &a) else { continue };
            let p3 = p2.after(&a2);
            if let Some(b2) = back(&p3, &b) {
                return [a, b, a2, b2];
            }
        }
    }
    panic!("no cycle in {}", p0.to_fen());
}

#[test]
fn threefold_repetition_in_every_variant() {
    let cases = [
        (Variant::AMERICAN, "W:WK29,K32:BK1,K4"),
        (Variant::RUSSIAN, "W:WK31,K32:BK1,K2"),
        (Variant::BRAZILIAN, "W:WK30,K31:BK2,K3"),
        (Variant::INTERNATIONAL, "W:WK46,K50,K49:BK5,K1,K2"),
    ];
    for (v, fen) in cases {
        let mut g = game(fen, v);
        assert_eq!(g.repetitions(), 1);
        let moves = cycle(&g);
        for round in 1..=2 {
            for (i, m) in moves.iter().enumerate() {
                assert_eq!(
                    g.state(),
                    GameState::Ongoing,
                    "{} round {round} ply {i}",
                    v.name
                );
                g.push(m).unwrap();
            }
            assert_eq!(g.repetitions(), round + 1, "{}", v.name);
        }
        assert_eq!(
            g.state(),
            GameState::Draw {
                reason: DrawReason::Repetition
            },
            "{}",
            v.name
        );
        // Taking the last move back undoes the draw (that position occurred twice).
        g.pop().unwrap();
        assert_eq!(g.state(), GameState::Ongoing);
        assert_eq!(g.repetitions(), 2);
    }
}

#[test]
fn repetition_count_restarts_after_a_man_move() {
    // Kings shuffle twice through the start position, then a man moves: the earlier
    // occurrences no longer count, and two more full cycles are needed.
    let mut g = game("W:WK29,K32,21:BK1,K4,12", Variant::AMERICAN);
    let cycle = [(29, 25), (1, 5), (25, 29), (5, 1)];
    for &(f, t) in &cycle {
        play(&mut g, f, t);
    }
    assert_eq!(g.repetitions(), 2);
    play(&mut g, 21, 17); // a man moves
    play(&mut g, 1, 5);
    play(&mut g, 29, 25);
    play(&mut g, 5, 1);
    play(&mut g, 25, 29);
    assert_eq!(g.repetitions(), 2);
    let cycle2 = [(1, 5), (29, 25), (5, 1), (25, 29)];
    for &(f, t) in &cycle2 {
        assert_eq!(g.state(), GameState::Ongoing);
        play(&mut g, f, t);
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.state(),
        GameState::Draw {
            reason: DrawReason::Repetition
        }
    );
}

#[test]
fn repetition_count_restarts_after_a_capture() {
    // White's king on 32 takes the black man on 27; the shuffling before the capture does
    // not count towards a repetition after it.
    let mut g = game("W:WK29,K32:BK1,K4,27", Variant::AMERICAN);
    // White must take at once (27 is next to 32 with 23 empty): play it, then shuffle.
    assert!(g.position().has_capture());
    play(&mut g, 32, 23);
    let cycle = [(1, 5), (29, 25), (5, 1), (25, 29)];
    for _ in 0..2 {
        for &(f, t) in &cycle {
            assert_eq!(g.state(), GameState::Ongoing);
            play(&mut g, f, t);
        }
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.state(),
        GameState::Draw {
            reason: DrawReason::Repetition
        }
    );
    // The position before the capture, with the same side to move, is not the same
    // position: the black man is gone.
    assert_ne!(g.start(), g.position());
}

#[test]
fn no_legal_move_loses() {
    // Black has no piece left.
    let g = game("B:W18,K1:B", Variant::AMERICAN);
    assert_eq!(
        g.state(),
        GameState::Win {
            winner: Color::White
        }
    );
    assert_eq!(g.state().result(&Variant::AMERICAN), Some("0-1"));
    assert_eq!(g.state().to_string(), "White wins");
    // White's man on 29 is blocked by Black's men on 25 and 22: White cannot move.
    let blocked = game("W:W29:B25,22", Variant::AMERICAN);
    assert_eq!(
        blocked.state(),
        GameState::Win {
            winner: Color::Black
        }
    );
    assert_eq!(blocked.state().result(&Variant::AMERICAN), Some("1-0"));
    let ongoing = GameHistory::new(Position::start(Variant::INTERNATIONAL));
    assert_eq!(ongoing.state(), GameState::Ongoing);
    assert_eq!(ongoing.state().result(&Variant::INTERNATIONAL), None);
}

#[test]
fn a_win_counts_before_a_draw_count() {
    // Two kings against one in International, Black to move: the 5-move count runs out on
    // the tenth ply, a White move. Here that move takes the last black piece: a win.
    let mut g = game("B:WK46,K50:BK3", Variant::INTERNATIONAL);
    walk(&mut g, 8, any);
    let pos = *g.position();
    assert_eq!(pos.side_to_move(), Color::Black);
    let line = pos.legal_moves().into_iter().find_map(|b| {
        let after = pos.after(&b);
        let take = after.legal_moves().into_iter().find(|m| m.is_capture())?;
        (!b.is_capture() && !g.positions().any(|p| *p == after)).then_some((b, take))
    });
    let (b, take) = line.expect("Black can give its king away");
    g.push(&b).unwrap();
    assert_eq!(g.state(), GameState::Ongoing);
    // Any other tenth ply would have drawn; this one takes the last black piece.
    g.push(&take).unwrap();
    assert_eq!(g.moves().len(), 10);
    assert_eq!(
        g.state(),
        GameState::Win {
            winner: Color::White
        }
    );
}

#[test]
fn international_twenty_five_king_moves() {
    let mut g = game("W:WK45,46,47,48:BK6,3,4,5", Variant::INTERNATIONAL);
    draws_after(&mut g, 50, any, DrawReason::KingsOnly { moves: 25 }, "");
}

#[test]
fn international_man_move_restarts_the_twenty_five_moves() {
    let mut g = game("W:WK45,46,47,48:BK6,3,4,5", Variant::INTERNATIONAL);
    walk(&mut g, 40, any);
    man_move(&mut g); // White moves a man
    draws_after(&mut g, 50, any, DrawReason::KingsOnly { moves: 25 }, "");
}

#[test]
fn international_sixteen_moves_three_kings_against_one() {
    for fen in [
        "W:WK46,K50,K45:BK3", // three kings
        "W:WK46,K50,36:BK3",  // two kings and a man
        "W:WK46,36,37:BK3",   // a king and two men
    ] {
        let mut g = game(fen, Variant::INTERNATIONAL);
        draws_after(&mut g, 32, any, DrawReason::LoneKing { moves: 16 }, fen);
    }
    // Three kings against a king and a man: Black is not a lone king, so the rule does not
    // apply.
    let mut g = game("W:WK46,K50,K45:BK3,8", Variant::INTERNATIONAL);
    walk(&mut g, 32, any);
    assert_eq!(g.state(), GameState::Ongoing);
}

#[test]
fn international_sixteen_moves_count_from_the_capture() {
    // Two white kings and a man, a black king and a man: White's man on 33 must take the
    // black man on 28 (33x22), which leaves two kings and a man against a king.
    let mut g = game("W:WK50,K49,33:BK3,28", Variant::INTERNATIONAL);
    let take = g
        .position()
        .legal_moves()
        .into_iter()
        .find(|m| m.is_capture())
        .expect("White must take the man on 28");
    g.push(&take).unwrap();
    draws_after(&mut g, 32, any, DrawReason::LoneKing { moves: 16 }, "");
}

#[test]
fn international_five_moves_two_against_one() {
    for fen in ["W:WK46,K50:BK3", "W:WK46,36:BK3", "W:WK46:BK3"] {
        let mut g = game(fen, Variant::INTERNATIONAL);
        draws_after(&mut g, 10, any, DrawReason::LoneKing { moves: 5 }, fen);
    }
}

#[test]
fn brazilian_twenty_king_moves_and_lone_king_rules() {
    let mut g = game("W:WK32,29,30:BK1,3,4", Variant::BRAZILIAN);
    draws_after(&mut g, 40, any, DrawReason::KingsOnly { moves: 20 }, "");
    let mut g = game("W:WK30,K31,K32:BK1", Variant::BRAZILIAN);
    draws_after(&mut g, 32, any, DrawReason::LoneKing { moves: 16 }, "");
    let mut g = game("W:WK31,K32:BK1", Variant::BRAZILIAN);
    draws_after(&mut g, 10, any, DrawReason::LoneKing { moves: 5 }, "");
}

#[test]
fn russian_fifteen_king_moves() {
    // Six pieces, both sides with kings: the 15-move rule comes before the 60-move one.
    let mut g = game("W:WK32,29,30:BK1,3,4", Variant::RUSSIAN);
    draws_after(&mut g, 30, any, DrawReason::KingsOnly { moves: 15 }, "");
}

const MAIN_ROAD: [u32; 8] = [29, 25, 22, 18, 15, 11, 8, 4];

fn off_main_road(_: &Position, m: &Move) -> bool {
    !MAIN_ROAD.contains(&m.to().number())
}

#[test]
fn russian_three_kings_against_one_fifteen_moves() {
    // Three kings and a man against a king: men moves keep the kings-only count low, the
    // balance rule (5 pieces: 30 moves) is further away, and the lone king keeps off the
    // main road. The count runs from the start: 30 plies.
    let mut g = game("W:WK29,K25,K32,21:BK3", Variant::RUSSIAN);
    walk(&mut g, 10, off_main_road);
    man_move(&mut g);
    walk(&mut g, 9, off_main_road);
    man_move(&mut g);
    draws_after(
        &mut g,
        9,
        off_main_road,
        DrawReason::KingsAgainstKing { moves: 15 },
        "",
    );
    assert_eq!(g.moves().len(), 30);
}

fn on_main_road(pos: &Position, m: &Move) -> bool {
    // The lone (black) king stays on the main road.
    pos.side_to_move() == Color::White || MAIN_ROAD.contains(&m.to().number())
}

#[test]
fn russian_main_road_five_moves() {
    for fen in [
        "B:WK30,K31,K32:BK18",
        "B:WK30,K31,24:BK18",
        "B:WK31,21,28:BK15",
    ] {
        let mut g = game(fen, Variant::RUSSIAN);
        draws_after(
            &mut g,
            10,
            on_main_road,
            DrawReason::MainRoad { moves: 5 },
            fen,
        );
    }
}

#[test]
fn russian_unchanged_balance() {
    // Three pieces, both sides with kings: 5 moves.
    let mut g = game("W:WK32,21:BK1", Variant::RUSSIAN);
    draws_after(
        &mut g,
        10,
        any,
        DrawReason::UnchangedBalance { moves: 5 },
        "",
    );
    // Five pieces: 30 moves, man moves included (they keep the kings-only count down).
    let mut g = game("W:WK30,29,21:BK3,12", Variant::RUSSIAN);
    walk(&mut g, 20, any);
    man_move(&mut g);
    walk(&mut g, 19, any);
    man_move(&mut g);
    draws_after(
        &mut g,
        19,
        any,
        DrawReason::UnchangedBalance { moves: 30 },
        "",
    );
    assert_eq!(g.moves().len(), 60);
}

#[test]
fn american_forty_moves() {
    let mut g = game("W:WK29,K32,21:BK1,K4,12", Variant::AMERICAN);
    walk(&mut g, 60, any);
    man_move(&mut g); // a man move starts the count again
    draws_after(&mut g, 80, any, DrawReason::KingsOnly { moves: 40 }, "");
    assert_eq!(g.state().result(&Variant::AMERICAN), Some("1/2-1/2"));
    assert_eq!(
        g.state().to_string(),
        "draw: 40 moves each without a capture or a man move"
    );
}

#[test]
fn illegal_moves_are_refused_and_pop_undoes() {
    let mut g = GameHistory::new(Position::start(Variant::RUSSIAN));
    let other = Position::start(Variant::RUSSIAN);
    let mut after = other;
    let first = other.legal_moves()[0].clone();
    after.play_unchecked(&first);
    // A move of the side not to move is not legal.
    let black = after.legal_moves()[0].clone();
    assert!(g.push(&black).is_err());
    assert_eq!(g.moves().len(), 0);
    g.push(&first).unwrap();
    assert_eq!(g.position(), &after);
    assert_eq!(g.pop(), Some(first));
    assert_eq!(g.position(), &other);
    assert_eq!(g.pop(), None);
}

/// Plays a crowning man move of the side to move that leaves the opponent no capture.
fn crown(game: &mut GameHistory) {
    let pos = *game.position();
    let m = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.crowns() && !m.is_capture() && !pos.after(m).has_capture())
        .unwrap_or_else(|| panic!("no safe crowning in {}", pos.to_fen()));
    game.push(&m).unwrap();
}

#[test]
fn international_crowning_does_not_restart_the_sixteen_moves() {
    // A king and two men against a king; a man is crowned on the 11th ply: the count of 32
    // plies still runs from the start.
    let mut g = game("W:WK46,6,7:BK35", Variant::INTERNATIONAL);
    walk(&mut g, 10, any);
    crown(&mut g);
    draws_after(&mut g, 21, any, DrawReason::LoneKing { moves: 16 }, "");
    assert_eq!(g.moves().len(), 32);
}

#[test]
fn russian_crowning_restarts_the_unchanged_balance() {
    // A king and a man against a king (3 pieces: 5 moves). The man is crowned on the 9th
    // ply, changing the balance: the 10 plies run again from there.
    let mut g = game("W:WK32,6:BK29", Variant::RUSSIAN);
    walk(&mut g, 8, any);
    crown(&mut g);
    draws_after(
        &mut g,
        10,
        any,
        DrawReason::UnchangedBalance { moves: 5 },
        "",
    );
    assert_eq!(g.moves().len(), 19);
}

/// Frisian (pydraughts, after lidraughts): kings only, two against one, drawn after 7 moves
/// each without a capture; one against one after 2; two against two, three against one or
/// a man on the board play on. (The count is the kings-only rule's: plies since the last
/// capture or man move.)
#[test]
fn frisian_kings_only_endings() {
    let two_one = "W:WK47,K49:BK5";
    let mut g = game(two_one, Variant::FRISIAN);
    draws_after(&mut g, 14, any, DrawReason::FewKings { moves: 7 }, two_one);
    let mut g = game("B:WK47,K49:BK5", Variant::FRYSK);
    draws_after(
        &mut g,
        14,
        any,
        DrawReason::FewKings { moves: 7 },
        "Frysk!, Black first",
    );
    let one_one = "W:WK47:BK5";
    let mut g = game(one_one, Variant::FRISIAN);
    draws_after(&mut g, 4, any, DrawReason::FewKings { moves: 2 }, one_one);
    // Two against two: no such rule (repetition is avoided by the walk).
    let mut g = game("W:WK47,K49:BK5,K1", Variant::FRISIAN);
    walk(&mut g, 20, any);
    assert_eq!(g.state(), GameState::Ongoing);
    // Three kings against one, or a man on the board: the rule does not apply.
    let mut g = game("W:WK47,K49,K50:BK5", Variant::FRISIAN);
    walk(&mut g, 16, any);
    assert_eq!(g.state(), GameState::Ongoing);
    // (The man is White's: the side with the man and two kings keeps a king move free
    // under the limit of three moves in a row with one king.)
    let mut g = game("W:WK47,K49,36:BK5", Variant::FRISIAN);
    walk(&mut g, 16, any);
    assert_eq!(g.state(), GameState::Ongoing);
}
