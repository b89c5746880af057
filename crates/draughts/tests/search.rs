//! The computer opponent: forced wins, legal moves only, deadlines, draws seen in the
//! search, and the levels in order.

use std::time::Duration;

use draughts::{
    Color, GameHistory, GameState, Level, Move, Piece, Position, SearchOptions, Searcher, Square,
    Variant, best_move,
};
use proptest::prelude::*;

fn history(fen: &str, v: Variant) -> GameHistory {
    GameHistory::new(Position::from_fen(fen, v).unwrap())
}

fn search(game: &GameHistory, options: SearchOptions) -> draughts::SearchResult {
    Searcher::with_table_size(8)
        .search(game, &options.with_time(Duration::from_secs(60)))
        .expect("a legal move")
}

fn numbers(m: &Move) -> (u32, u32) {
    (m.from().number(), m.to().number())
}

#[test]
fn american_shot_two_for_one() {
    // 22-18 gives a man: Black must take 15x22 (29 is held, so the jump stops there), then
    // 25x18x9 takes two.
    let game = history("W:W22,23,25,29,30:B1,3,14,15", Variant::AMERICAN);
    let found = search(&game, SearchOptions::new(Level::Strong).with_depth(6));
    assert_eq!(numbers(&found.mv), (22, 18), "{found:?}");
    assert!(found.score > 50, "{found:?}");
    assert_eq!(found.pv.first(), Some(&found.mv));
}

#[test]
fn international_shot_two_for_one() {
    // 32-28 gives a man: Black must take 23x32, then 37x17 takes two.
    let game = history("W:W32,33,37,41,46,48:B1,3,22,23", Variant::INTERNATIONAL);
    let found = search(&game, SearchOptions::new(Level::Strong).with_depth(6));
    assert_eq!(numbers(&found.mv), (32, 28), "{found:?}");
    assert!(found.score > 50, "{found:?}");
}

#[test]
fn a_man_about_to_crown_is_seen_past_the_horizon() {
    // Breakthrough: the first king wins. Black's man on 20 is far from crowning; White's man
    // on 8 crowns on its next move whatever Black plays. A one-ply search ends on White to
    // move with no capture: the quiescence plays the crowning move instead of judging the
    // position by the evaluation, and finds Black lost in two plies.
    let game = history("B:W8:B20", Variant::BREAKTHROUGH);
    let found = search(&game, SearchOptions::new(Level::Strong).with_depth(1));
    assert_eq!(found.forced_result_in(), Some(-2), "{found:?}");
}

#[test]
fn king_against_man_is_a_forced_win() {
    for (fen, v) in [
        ("W:WK46:B16", Variant::INTERNATIONAL),
        ("W:WK29:B9", Variant::RUSSIAN),
        ("W:WK29:B9", Variant::BRAZILIAN),
        ("W:WK27:B6", Variant::AMERICAN),
    ] {
        let game = history(fen, v);
        let found = search(&game, SearchOptions::new(Level::Strong).with_depth(20));
        let plies = found.forced_result_in();
        assert!(
            matches!(plies, Some(n) if n > 0),
            "{} {fen}: {found:?}",
            v.name
        );
    }
}

#[test]
fn a_lost_position_is_seen_as_lost() {
    // Black's lone man against two white kings that close in (American).
    let game = history("B:WK22,K23:B6", Variant::AMERICAN);
    let found = search(&game, SearchOptions::new(Level::Strong).with_depth(16));
    assert!(
        matches!(found.forced_result_in(), Some(n) if n < 0),
        "{found:?}"
    );
}

/// A move's start, end and taken squares (sorted), by square index, with the board turned
/// half round when `turned`. (Two moves that differ only in their landing squares between
/// start and end, as Frisian's circles of captures can, do the same.)
fn squares(m: &Move, size: draughts::BoardSize, turned: bool) -> (u8, u8, Vec<u8>) {
    let last = size.squares() - 1;
    let index = |s: Square| if turned { last - s.index() } else { s.index() };
    let mut taken: Vec<u8> = m.captured().iter().map(index).collect();
    taken.sort_unstable();
    (index(m.from()), index(m.to()), taken)
}

#[test]
fn a_position_and_its_mirror_are_searched_alike() {
    // Positions of random games in every variant, each searched a few plies deep, and the
    // same position turned round with the colours swapped: the searches visit the same tree
    // (the same nodes), score the same and choose the same move, turned round. The move
    // order, the pruning, the evaluation and the transposition table must all treat the two
    // colours alike. The two searches' positions have unrelated hashes, so each meets other
    // positions in the table's buckets: a bucket keeps two, and three meeting in one would
    // part the searches. The searches are kept small against the table (a few thousand
    // positions in four million buckets) so that this does not happen here.
    let mut compared = 0;
    for v in Variant::ALL {
        let depth = match v.size.squares() {
            32 => 6,
            _ => 5,
        };
        let mut r = 0x4D49_5252_u64 ^ u64::from(v.size.squares());
        let mut game = GameHistory::new(Position::start(v));
        let mut searcher = Searcher::with_table_size(256);
        for ply in 0..80 {
            let pos = *game.position();
            let moves = pos.legal_moves();
            if moves.is_empty() || game.state() != GameState::Ongoing {
                break;
            }
            if ply % 4 == 3 && moves.len() > 1 {
                let options = SearchOptions::new(Level::Strong)
                    .with_depth(depth)
                    .with_time(Duration::from_secs(600));
                searcher.clear();
                let a = searcher.search(&GameHistory::new(pos), &options).unwrap();
                let turned = pos.mirrored();
                assert_eq!(turned.mirrored(), pos);
                searcher.clear();
                let b = searcher
                    .search(&GameHistory::new(turned), &options)
                    .unwrap();
                let at = format!("{} {}: {a:?} against {b:?}", v.name, pos.to_fen());
                assert!(a.nodes < 10_000, "a search small against the table: {at}");
                assert_eq!(
                    (a.score, a.depth, a.nodes),
                    (b.score, b.depth, b.nodes),
                    "{at}"
                );
                assert_eq!(
                    squares(&a.mv, v.size, true),
                    squares(&b.mv, v.size, false),
                    "{at}"
                );
                assert_eq!(a.pv.len(), b.pv.len(), "{at}");
                for (x, y) in a.pv.iter().zip(&b.pv) {
                    assert_eq!(squares(x, v.size, true), squares(y, v.size, false), "{at}");
                }
                compared += 1;
            }
            r = r
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            game.push(&moves[((r >> 33) % moves.len() as u64) as usize])
                .unwrap();
        }
    }
    assert!(compared > 100, "{compared} positions compared");
}

#[test]
fn one_legal_move_is_played_at_once() {
    // Black can only take.
    let game = history("B:W18:B14,1", Variant::AMERICAN);
    let found = best_move(&game, Level::Strong, Duration::from_secs(5), 0).unwrap();
    assert_eq!(found.depth, 0);
    assert_eq!(found.nodes, 0);
    assert!(found.mv.is_capture());
    assert!(found.elapsed < Duration::from_millis(500));
}

#[test]
fn no_move_no_result() {
    let game = history("W:W29:B25,22", Variant::AMERICAN);
    assert!(matches!(
        game.state(),
        GameState::Win {
            winner: Color::Black
        }
    ));
    assert!(best_move(&game, Level::Strong, Duration::from_millis(50), 0).is_none());
}

#[test]
fn the_deadline_is_kept() {
    for v in Variant::ALL {
        let game = GameHistory::new(Position::start(v));
        let found = best_move(&game, Level::Strong, Duration::from_millis(300), 0).unwrap();
        // The search stops on its own clock; the slack covers a busy machine.
        assert!(
            found.elapsed < Duration::from_millis(1300),
            "{}: {found:?}",
            v.name
        );
        assert!(found.depth >= 1);
    }
}

#[test]
fn a_move_time_is_used_to_its_end_and_kept() {
    // A fixed time a move saves nothing for later: the search deepens until the time runs
    // out (it never stops on its own from the start position, which is far from any
    // forced end), and stops then.
    let t = Duration::from_millis(300);
    for v in [Variant::INTERNATIONAL, Variant::AMERICAN] {
        let game = GameHistory::new(Position::start(v));
        let options = SearchOptions::new(Level::Strong).with_move_time(t);
        let found = Searcher::with_table_size(8)
            .search(&game, &options)
            .unwrap();
        assert!(found.elapsed >= t, "{}: {found:?}", v.name);
        assert!(
            found.elapsed < t + Duration::from_millis(1000),
            "{}: {found:?}",
            v.name
        );
        assert!(found.depth >= 1);
    }
}

#[test]
fn a_tiny_budget_still_gives_a_legal_move() {
    for v in Variant::ALL {
        let game = GameHistory::new(Position::start(v));
        for level in Level::ALL {
            let found = best_move(&game, level, Duration::from_micros(1), 3).unwrap();
            assert!(game.position().legal_moves().contains(&found.mv));
            assert!(found.score.abs() < 1_000, "{found:?}");
        }
    }
}

#[test]
fn the_forty_move_rule_is_seen_in_the_search() {
    // Two kings against one in American checkers win, but not with one ply left before the
    // 40-move rule: the history below brings the count to 79 plies.
    let start = Position::from_fen("B:WK1,K3:BK30", Variant::AMERICAN).unwrap();
    let fresh = GameHistory::new(start);
    let ahead = search(&fresh, SearchOptions::new(Level::Strong).with_depth(6));
    // Black, the lone king, is behind.
    assert!(ahead.score < -100, "{ahead:?}");
    let mut game = GameHistory::new(start);
    walk(&mut game, 79);
    assert_eq!(game.state(), GameState::Ongoing);
    let pos = game.position();
    // Black to move would have been on ply 80 if the count was even; 79 plies leaves White
    // to move and one ply before the draw: unless White takes at once, the game is drawn.
    assert_eq!(pos.side_to_move(), Color::White);
    let found = search(&game, SearchOptions::new(Level::Strong).with_depth(6));
    assert!(!pos.has_capture());
    assert_eq!(found.score, 0, "{found:?} in {}", pos.to_fen());
}

/// King moves that take nothing, leave no capture and repeat nothing, found depth first.
fn walk(game: &mut GameHistory, plies: usize) {
    fn extend(game: &mut GameHistory, plies: usize, budget: &mut u32) -> bool {
        if plies == 0 {
            return true;
        }
        let pos = *game.position();
        let moves: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let after = pos.after(m);
                !m.is_capture() && !after.has_capture() && !game.positions().any(|p| *p == after)
            })
            .collect();
        let n = moves.len();
        for k in 0..n {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            game.push(&moves[(k + game.moves().len() * 5) % n]).unwrap();
            if extend(game, plies - 1, budget) {
                return true;
            }
            game.pop();
        }
        false
    }
    assert!(extend(game, plies, &mut 200_000), "no walk");
}

#[test]
fn beginner_is_deterministic_for_a_seed_and_varies_with_it() {
    let game = GameHistory::new(Position::start(Variant::INTERNATIONAL));
    let options = SearchOptions::new(Level::Beginner);
    let a = search(&game, options.with_seed(7));
    let b = search(&game, options.with_seed(7));
    assert_eq!(a.mv, b.mv);
    let distinct: std::collections::HashSet<_> = (0..12)
        .map(|seed| numbers(&search(&game, options.with_seed(seed)).mv))
        .collect();
    assert!(distinct.len() >= 2, "{distinct:?}");
}

#[test]
fn beginner_never_gives_two_men_away_at_once() {
    // Four men each and no capture for either side: whatever the seed, the beginner's move
    // scores above -1.5 men by its own search, so it does not give two men away at once.
    let game = history("W:W22,23,30,31:B1,3,14,15", Variant::AMERICAN);
    for seed in 0..8 {
        let found = search(&game, SearchOptions::new(Level::Beginner).with_seed(seed));
        assert!(found.score > -150, "seed {seed}: {found:?}");
    }
}

/// Material in men (kings count as the search's king value, roughly), White minus Black.
fn material(pos: &Position) -> i32 {
    let king = if pos.variant().flying_kings { 3 } else { 2 };
    let count = |c: Color| pos.men(c).len() as i32 + king * pos.kings(c).len() as i32;
    count(Color::White) - count(Color::Black)
}

/// Plays a game between two levels; returns the first level's points (2 win, 1 draw, 0
/// loss), adjudicating unfinished games by material.
fn play_game(
    v: Variant,
    first: (Level, SearchOptions),
    second: (Level, SearchOptions),
    first_is_white: bool,
    max_plies: usize,
) -> u32 {
    let mut game = GameHistory::new(Position::start(v));
    let mut searchers = [Searcher::with_table_size(4), Searcher::with_table_size(4)];
    for ply in 0..max_plies {
        if game.state().is_over() {
            break;
        }
        let white = game.position().side_to_move() == Color::White;
        let first_to_move = white == first_is_white;
        let (i, opts) = if first_to_move {
            (0, first.1)
        } else {
            (1, second.1)
        };
        let found = searchers[i]
            .search(&game, &opts.with_seed(ply as u64))
            .expect("the game is not over");
        game.push(&found.mv).expect("legal");
    }
    let first_color = if first_is_white {
        Color::White
    } else {
        Color::Black
    };
    match game.state() {
        GameState::Win { winner } => 2 * u32::from(winner == first_color),
        GameState::Draw { .. } => 1,
        GameState::Ongoing => {
            let m = material(game.position());
            let m = if first_is_white { m } else { -m };
            match m {
                m if m > 0 => 2,
                0 => 1,
                _ => 0,
            }
        }
    }
}

fn match_points(
    v: Variant,
    strong: SearchOptions,
    weak: SearchOptions,
    games: u32,
    max_plies: usize,
) -> (u32, u32) {
    let mut points = 0;
    for g in 0..games {
        points += play_game(
            v,
            (strong.level, strong),
            (weak.level, weak.with_seed(u64::from(g))),
            g % 2 == 0,
            max_plies,
        );
    }
    (points, 2 * games - points)
}

#[test]
fn strong_beats_beginner_in_a_short_match() {
    let strong = SearchOptions::new(Level::Strong)
        .with_nodes(5_000)
        .with_time(Duration::from_secs(30));
    let weak = SearchOptions::new(Level::Beginner).with_time(Duration::from_secs(30));
    let (s, b) = match_points(Variant::AMERICAN, strong, weak, 2, 100);
    assert!(s > b, "Strong {s} – Beginner {b}");
}

/// Longer matches in every variant, at a tenth of a second a move: Strong against
/// Beginner and against Intermediate, Intermediate against Beginner.
#[test]
#[ignore = "takes a few minutes: cargo test -p draughts --test search -- --ignored"]
fn levels_are_ordered_in_every_variant() {
    for v in Variant::ALL {
        let t = Duration::from_millis(100);
        let strong = SearchOptions::new(Level::Strong).with_time(t);
        let mid = SearchOptions::new(Level::Intermediate).with_time(t);
        let weak = SearchOptions::new(Level::Beginner).with_time(t);
        let (s, b) = match_points(v, strong, weak, 4, 200);
        println!("{}: Strong {s} – Beginner {b}", v.name);
        assert!(s > b, "{}: Strong {s} – Beginner {b}", v.name);
        let (i, b) = match_points(v, mid, weak, 4, 200);
        println!("{}: Intermediate {i} – Beginner {b}", v.name);
        assert!(i > b, "{}: Intermediate {i} – Beginner {b}", v.name);
        let (s, i) = match_points(v, strong, mid, 4, 200);
        println!("{}: Strong {s} – Intermediate {i}", v.name);
        assert!(s >= i, "{}: Strong {s} – Intermediate {i}", v.name);
    }
}

fn variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

/// A random position: each square empty or holding a random piece (no man on its own
/// crowning row), either side to move.
fn random_position(v: Variant, cells: &[u8], black_to_move: bool) -> Position {
    let side = if black_to_move {
        Color::Black
    } else {
        Color::White
    };
    let mut pos = Position::empty(v, side);
    let size = v.size;
    for (i, &c) in cells.iter().enumerate().take(size.squares() as usize) {
        let sq = Square::from_index(i as u8, size).unwrap();
        let row = sq.row(size);
        let piece = match c % 16 {
            0..=1 => Piece::man(Color::White),
            2..=3 => Piece::man(Color::Black),
            4 => Piece::king(Color::White),
            5 => Piece::king(Color::Black),
            _ => continue,
        };
        let crowning = match piece.color {
            Color::White => row == 0,
            Color::Black => row == size.side() - 1,
        };
        if !piece.is_king() && crowning {
            continue;
        }
        pos.put(sq, piece);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// Over random positions and random games of every variant, the move returned is legal,
    /// the expected line is playable, and there is a move exactly when the game can go on.
    #[test]
    fn the_search_returns_only_legal_moves(
        v in variant(),
        cells in prop::collection::vec(any::<u8>(), 50),
        black in any::<bool>(),
        plies in prop::collection::vec(any::<u16>(), 0..40),
        level in 0usize..3,
        seed in any::<u64>(),
    ) {
        let level = Level::ALL[level];
        let options = SearchOptions::new(level).with_nodes(3_000).with_depth(4).with_seed(seed);
        // A random placement, and a random game from the start.
        let mut game = GameHistory::new(Position::start(v));
        for c in plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            game.push(&moves[c as usize % moves.len()]).unwrap();
        }
        for game in [GameHistory::new(random_position(v, &cells, black)), game] {
            let pos = *game.position();
            let found = Searcher::with_table_size(1).search(&game, &options.with_time(Duration::from_secs(30)));
            match found {
                None => prop_assert!(!pos.has_legal_move()),
                Some(found) => {
                    prop_assert!(pos.legal_moves().contains(&found.mv));
                    let legal = pos.legal_moves().into_iter().find(|m| *m == found.mv).unwrap();
                    prop_assert_eq!(found.mv.path(), legal.path());
                    prop_assert_eq!(found.pv.first(), Some(&found.mv));
                    let mut p = pos;
                    for m in &found.pv {
                        prop_assert!(p.legal_moves().contains(m));
                        p.play_unchecked(m);
                    }
                }
            }
        }
    }
}
