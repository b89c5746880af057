//! Endgame databases: the numbering of positions, the generator checked against the rules
//! and against an independent solver, and results known from the literature.

use std::collections::HashMap;

use draughts::egdb::{Endgames, Indexer, Slice, Wdl, generate, solve, verify};
use draughts::{
    BoardSize, Color, GameHistory, GameState, Level, Position, SearchOptions, Searcher, Square,
    Variant,
};

fn slice(white_men: u8, white_kings: u8, black_men: u8, black_kings: u8, side: Color) -> Slice {
    Slice {
        white_men,
        white_kings,
        black_men,
        black_kings,
        side,
    }
}

/// Every position of a slice, with its index.
fn positions(variant: &Variant, s: Slice) -> impl Iterator<Item = (u64, Position)> {
    let ix = Indexer::new(variant.size, s);
    let v = variant.interned();
    (0..ix.len()).filter_map(move |i| ix.position(v, i).map(|p| (i, p)))
}

fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Whether `sq` is on the main road, the long diagonal from White's left corner (a1-h8,
/// a1-j10).
fn on_main_road(sq: Square, size: BoardSize) -> bool {
    sq.file(size) + 1 == sq.rank(size)
}

/// Whether the side not to move would have a capture if it were its turn.
fn threatens(p: &Position) -> bool {
    let mut q = *p;
    q.set_side_to_move(!p.side_to_move());
    q.has_capture()
}

/// Solves the slices of kings only, White with 1 to `white` kings against one black king.
fn kings_against_one(variant: &Variant, white: u8) -> Endgames {
    let mut tables = Endgames::new(variant);
    for k in 1..=white {
        solve(&mut tables, slice(0, k, 0, 1, Color::White));
    }
    tables
}

#[test]
fn every_index_names_a_position_that_names_it_back() {
    let cases = [
        (Variant::AMERICAN, slice(1, 1, 1, 0, Color::White)),
        (Variant::RUSSIAN, slice(2, 0, 1, 0, Color::Black)),
        (Variant::ITALIAN, slice(1, 0, 1, 1, Color::White)),
        (Variant::INTERNATIONAL, slice(1, 0, 1, 0, Color::Black)),
        (Variant::INTERNATIONAL, slice(0, 1, 1, 1, Color::White)),
        (Variant::CANADIAN, slice(1, 0, 0, 1, Color::White)),
    ];
    for (v, s) in cases {
        let ix = Indexer::new(v.size, s);
        let mut named = 0u64;
        for (i, p) in positions(&v, s) {
            assert_eq!(Slice::of(&p), s);
            assert_eq!(ix.index(&p), Some(i), "{}", p.to_fen());
            named += 1;
        }
        // Positions counted directly: White's men on their back row (`a` of them) or on the
        // rows both sides' men share, Black's men on the squares left to them, then the kings.
        let n = u64::from(v.size.squares());
        let row = u64::from(v.size.per_row());
        let both = n - 2 * row;
        let (wm, bm) = (u64::from(s.white_men), u64::from(s.black_men));
        let men: u64 = (0..=wm)
            .map(|a| choose(row, a) * choose(both, wm - a) * choose(row + both - (wm - a), bm))
            .sum();
        let free = n - wm - bm;
        let wk = u64::from(s.white_kings);
        let expected = men * choose(free, wk) * choose(free - wk, u64::from(s.black_kings));
        assert_eq!(named, expected, "{} {s}", v.name);
    }
}

#[test]
fn men_on_their_crowning_row_have_no_index() {
    let mut p = Position::empty(Variant::INTERNATIONAL, Color::White);
    let sq = |n| Square::from_number(n, BoardSize::Ten).unwrap();
    p.put(sq(1), draughts::Piece::man(Color::White));
    p.put(sq(40), draughts::Piece::man(Color::Black));
    let s = Slice::of(&p);
    assert_eq!(Indexer::new(BoardSize::Ten, s).index(&p), None);
    let tables = generate(&Variant::INTERNATIONAL, 2, |_, _| {});
    assert_eq!(tables.probe(&p), None);
}

/// Solves the slices of `variant` up to `pieces` pieces and checks every position against
/// its successors.
fn consistent(variant: &Variant, pieces: u8) -> u64 {
    let tables = generate(variant, pieces, |_, _| {});
    let mut checked = 0;
    for s in Slice::up_to(pieces) {
        let v = verify(&tables, s).expect("held");
        assert_eq!(v.inconsistent, 0, "{} {s}: {:?}", variant.name, v.examples);
        assert_eq!(v.positions, v.wins + v.draws + v.losses);
        checked += v.positions;
    }
    checked
}

#[test]
fn every_position_agrees_with_its_successors_on_8x8() {
    for v in [
        Variant::AMERICAN,
        Variant::RUSSIAN,
        Variant::BRAZILIAN,
        Variant::ITALIAN,
    ] {
        assert!(consistent(&v, 3) > 100_000);
    }
}

#[test]
fn every_position_agrees_with_its_successors_on_10x10() {
    assert!(consistent(&Variant::INTERNATIONAL, 2) > 8_000);
    assert!(consistent(&Variant::KILLER, 2) > 8_000);
}

/// The values of every position of the slices by forward solving: rounds over all positions
/// until nothing changes, from the crate's moves alone.
fn forward_solve(variant: &Variant, slices: &[Slice]) -> HashMap<Position, Wdl> {
    let all: Vec<Position> = slices
        .iter()
        .flat_map(|&s| positions(variant, s).map(|(_, p)| p))
        .collect();
    let mut known: HashMap<Position, Wdl> = HashMap::new();
    let mut open = all.clone();
    loop {
        let before = open.len();
        open.retain(|p| {
            let mut all_won = true;
            for m in p.legal_moves() {
                let q = p.after(&m);
                let v = if q.pieces(q.side_to_move()).is_empty() {
                    Some(Wdl::Loss)
                } else {
                    known.get(&q).copied()
                };
                match v {
                    Some(Wdl::Loss) => {
                        known.insert(*p, Wdl::Win);
                        return false;
                    }
                    Some(Wdl::Win) => {}
                    _ => all_won = false,
                }
            }
            if all_won {
                known.insert(*p, Wdl::Loss);
            }
            !all_won
        });
        if open.len() == before {
            break;
        }
    }
    for p in &all {
        known.entry(*p).or_insert(Wdl::Draw);
    }
    known
}

#[test]
fn retrograde_analysis_agrees_with_forward_solving() {
    // American checkers, every slice of 2 and 3 pieces; Russian draughts, those with at most
    // one man (a few seconds each in a debug build).
    for (v, most_men) in [(Variant::AMERICAN, 3), (Variant::RUSSIAN, 1)] {
        let tables = generate(&v, 3, |_, _| {});
        let slices: Vec<Slice> = Slice::up_to(3)
            .into_iter()
            .filter(|s| s.men() <= most_men)
            .collect();
        let forward = forward_solve(&v, &slices);
        assert!(forward.len() > 10_000);
        for (p, value) in &forward {
            assert_eq!(tables.probe(p), Some(*value), "{} {}", v.name, p.to_fen());
        }
    }
}

#[test]
fn a_side_without_a_legal_move_has_lost() {
    let tables = generate(&Variant::AMERICAN, 2, |_, _| {});
    // Black's man on 28 (h2) has White's man on 32 (g1), its one square forward, in its way.
    let p = Position::from_fen("B:W32:B28", Variant::AMERICAN).unwrap();
    assert!(p.legal_moves().is_empty());
    assert_eq!(tables.probe(&p), Some(Wdl::Loss));
    let tables = generate(&Variant::INTERNATIONAL, 2, |_, _| {});
    // And every position of the tables without a legal move is stored as a loss.
    let mut blocked = 0;
    for s in Slice::up_to(2) {
        for (_, p) in positions(&Variant::INTERNATIONAL, s) {
            if p.legal_moves().is_empty() {
                assert_eq!(tables.probe(&p), Some(Wdl::Loss), "{}", p.to_fen());
                blocked += 1;
            }
        }
    }
    assert!(blocked > 0);
}

/// Counts of the values of `tables`' slice `s` among the positions that pass `keep`.
fn values_where(
    tables: &Endgames,
    s: Slice,
    keep: impl Fn(&Position) -> bool,
) -> HashMap<Wdl, u64> {
    let mut out = HashMap::new();
    for (_, p) in positions(tables.variant(), s).filter(|(_, p)| keep(p)) {
        *out.entry(tables.probe(&p).unwrap()).or_insert(0) += 1;
    }
    out
}

/// Neither side has a capture.
fn quiet(p: &Position) -> bool {
    !p.has_capture() && !threatens(p)
}

fn lone_king(p: &Position) -> Square {
    p.kings(Color::Black).iter().next().unwrap()
}

fn road(p: &Position) -> (bool, bool) {
    let size = p.size();
    (
        on_main_road(lone_king(p), size),
        p.kings(Color::White).iter().any(|k| on_main_road(k, size)),
    )
}

/// Checks that every win among the positions of `s` that pass `keep` starts with a move
/// that forces the other side to capture (a sacrifice, to drive the lone king off its road).
fn wins_only_by_sacrifice(tables: &Endgames, s: Slice, keep: impl Fn(&Position) -> bool) {
    for (_, p) in positions(tables.variant(), s) {
        if keep(&p) && tables.probe(&p) == Some(Wdl::Win) {
            let by_sacrifice = p.legal_moves().iter().any(|m| {
                let q = p.after(m);
                q.has_capture() && tables.probe(&q) == Some(Wdl::Loss)
            });
            assert!(by_sacrifice, "{}", p.to_fen());
        }
    }
}

#[test]
fn russian_three_kings_beat_one_off_the_main_road() {
    // Petrov's triangle: three kings catch a lone king that does not hold the main road
    // (a1-h8), with the strong side to move and no capture on the board.
    let tables = kings_against_one(&Variant::RUSSIAN, 3);
    let s = slice(0, 3, 0, 1, Color::White);
    let off = values_where(&tables, s, |p| quiet(p) && !road(p).0);
    assert!(off[&Wdl::Win] > 40_000);
    assert_eq!(off.get(&Wdl::Draw), None, "{off:?}");
    // The lone king that holds the main road, no white king on it, draws, unless a
    // sacrifice forces it off: every win there starts with a move after which it must take.
    let held = values_where(&tables, s, |p| quiet(p) && road(p) == (true, false));
    assert!(held[&Wdl::Draw] > 25 * held[&Wdl::Win], "{held:?}");
    wins_only_by_sacrifice(&tables, s, |p| quiet(p) && road(p) == (true, false));
    // Positions of each kind: the black king on the main road at h8, then off it at a3.
    let p = Position::from_fen("W:WKa3,Kc1,Ke1:BKh8", Variant::RUSSIAN).unwrap();
    assert_eq!(tables.probe(&p), Some(Wdl::Draw));
    let p = Position::from_fen("W:WKc1,Kc3,Ke1:BKa3", Variant::RUSSIAN).unwrap();
    assert_eq!(tables.probe(&p), Some(Wdl::Win));
}

#[test]
fn russian_two_kings_against_one_are_mostly_a_draw() {
    let tables = kings_against_one(&Variant::RUSSIAN, 2);
    let s = slice(0, 2, 0, 1, Color::White);
    let all = values_where(&tables, s, quiet);
    assert!(all[&Wdl::Draw] > 10 * all[&Wdl::Win], "{all:?}");
    let held = values_where(&tables, s, |p| quiet(p) && road(p) == (true, false));
    assert_eq!(held.get(&Wdl::Win), None, "{held:?}");
}

#[test]
fn international_two_kings_cannot_beat_one_on_the_main_road() {
    let tables = kings_against_one(&Variant::INTERNATIONAL, 2);
    let s = slice(0, 2, 0, 1, Color::White);
    let held = values_where(&tables, s, |p| quiet(p) && road(p) == (true, false));
    assert!(held[&Wdl::Draw] > 5_000);
    assert_eq!(held.get(&Wdl::Win), None, "{held:?}");
}

#[test]
#[ignore = "a few seconds in a release build: cargo test --release -- --ignored"]
fn international_three_kings_cannot_beat_one_on_the_main_road() {
    let tables = kings_against_one(&Variant::INTERNATIONAL, 3);
    let s = slice(0, 3, 0, 1, Color::White);
    let held = values_where(&tables, s, |p| quiet(p) && road(p) == (true, false));
    assert!(held[&Wdl::Draw] > 25 * held[&Wdl::Win], "{held:?}");
    wins_only_by_sacrifice(&tables, s, |p| quiet(p) && road(p) == (true, false));
}

/// The double corners of the American board: 1 and 5 (b8, a7), 28 and 32 (h2, g1).
fn in_double_corner(sq: Square) -> bool {
    matches!(sq.number(), 1 | 5 | 28 | 32)
}

#[test]
fn american_two_kings_beat_one() {
    let tables = kings_against_one(&Variant::AMERICAN, 2);
    let s = slice(0, 2, 0, 1, Color::White);
    let all = values_where(&tables, s, quiet);
    assert!(
        all[&Wdl::Win] > 1000 * all.get(&Wdl::Draw).copied().unwrap_or(0),
        "{all:?}"
    );
    // Even from the double corner.
    let cornered = values_where(&tables, s, |p| quiet(p) && in_double_corner(lone_king(p)));
    assert_eq!(cornered.get(&Wdl::Draw), None, "{cornered:?}");
    let p = Position::from_fen("W:WK14,K18:BK1", Variant::AMERICAN).unwrap();
    assert_eq!(tables.probe(&p), Some(Wdl::Win));
}

#[test]
fn american_one_king_draws_against_one_from_the_double_corner() {
    let tables = kings_against_one(&Variant::AMERICAN, 1);
    for side in Color::ALL {
        let s = slice(0, 1, 0, 1, side);
        // Black's king in a double corner is never lost (White's may be, elsewhere).
        let cornered = values_where(&tables, s, |p| quiet(p) && in_double_corner(lone_king(p)));
        assert!(cornered[&Wdl::Draw] > 50, "{cornered:?}");
        let black_lost = match side {
            Color::White => Wdl::Win,
            Color::Black => Wdl::Loss,
        };
        assert_eq!(cornered.get(&black_lost), None, "{cornered:?}");
    }
    let p = Position::from_fen("W:WK14:BK28", Variant::AMERICAN).unwrap();
    assert_eq!(tables.probe(&p), Some(Wdl::Draw));
}

#[test]
#[ignore = "about two minutes in a release build: cargo test --release -- --ignored"]
fn international_four_kings_beat_one() {
    let tables = kings_against_one(&Variant::INTERNATIONAL, 4);
    let s = slice(0, 4, 0, 1, Color::White);
    let all = values_where(&tables, s, quiet);
    println!("4 kings against 1, White to move, no capture on the board: {all:?}");
    assert!(all[&Wdl::Win] > 1_000_000);
    assert_eq!(all.get(&Wdl::Draw), None, "{all:?}");
}

#[test]
fn the_search_scores_positions_of_the_tables_by_them() {
    use draughts::{GameHistory, Level, SearchOptions, Searcher};
    use std::sync::Arc;
    let tables = Arc::new(kings_against_one(&Variant::RUSSIAN, 3));
    let options = SearchOptions::new(Level::Strong).with_depth(3);
    // Petrov's triangle: a win too long for a three-ply search to see, known from the tables.
    let won =
        GameHistory::new(Position::from_fen("W:WKc1,Kc3,Ke1:BKa3", Variant::RUSSIAN).unwrap());
    let plain = Searcher::with_table_size(1).search(&won, &options).unwrap();
    assert_eq!(plain.database_result(), None);
    let mut searcher = Searcher::with_table_size(1).with_endgames(tables.clone());
    let found = searcher.search(&won, &options).unwrap();
    assert_eq!(found.database_result(), Some(Wdl::Win), "{found:?}");
    assert!(found.score < draughts::WIN_BOUND && found.score >= draughts::DB_WIN_BOUND);
    // The move keeps the win.
    let after = won.position().after(&found.mv);
    assert_eq!(tables.probe(&after), Some(Wdl::Loss));
    // The lone king on the main road: the tables' draw scores 0.
    let drawn =
        GameHistory::new(Position::from_fen("W:WKa3,Kc1,Ke1:BKh8", Variant::RUSSIAN).unwrap());
    let found = searcher.search(&drawn, &options).unwrap();
    assert_eq!(found.score, 0);
    assert_eq!(found.database_result(), None);
    // Tables of another variant are not used.
    let mut other = Searcher::with_table_size(1)
        .with_endgames(Arc::new(kings_against_one(&Variant::BRAZILIAN, 1)));
    assert_eq!(
        other.search(&won, &options).unwrap().database_result(),
        None
    );
}

#[test]
fn tables_saved_load_back_and_bad_files_are_refused() {
    use draughts::egdb::{LoadError, TableError};
    let dir = std::env::temp_dir().join(format!("egdb-test-{}", std::process::id()));
    let tables = generate(&Variant::RUSSIAN, 2, |_, _| {});
    let bytes = tables.save(&dir).unwrap();
    assert!(bytes > tables.positions() / 4);
    let loaded = Endgames::load(&Variant::RUSSIAN, &dir).unwrap();
    assert_eq!(loaded.max_pieces(), 2);
    for s in Slice::up_to(2) {
        assert_eq!(loaded.table(s), tables.table(s));
    }
    // Tables of another variant on the same board are not read as Russian ones.
    assert_eq!(
        Endgames::load(&Variant::BRAZILIAN, &dir)
            .unwrap()
            .max_pieces(),
        0
    );
    let name = dir.join("russian-0m1k-0m1k-w.wdl");
    let mut file = std::fs::read(&name).unwrap();
    file[4] = 7;
    std::fs::write(&name, &file).unwrap();
    match Endgames::load(&Variant::RUSSIAN, &dir) {
        Err(LoadError::Table {
            source: TableError::Version { found: 7 },
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
    std::fs::write(&name, b"not a table").unwrap();
    assert!(matches!(
        Endgames::load(&Variant::RUSSIAN, &dir),
        Err(LoadError::Table {
            source: TableError::NotTable,
            ..
        })
    ));
    assert!(matches!(
        Endgames::load(&Variant::ANTIDRAUGHTS, &dir),
        Err(LoadError::Unsupported(_))
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Plays `start` out with the strong search on both sides, `depth` plies a move, probing
/// `tables`, until the game ends under the variant's rules (its move-count draws among them)
/// or 300 plies have been played; gives the game's state then.
fn play_out(tables: &std::sync::Arc<Endgames>, start: Position, depth: u32) -> GameState {
    let mut searcher = Searcher::with_table_size(1).with_endgames(std::sync::Arc::clone(tables));
    let options = SearchOptions::new(Level::Strong).with_depth(depth);
    let mut game = GameHistory::new(start);
    while game.state() == GameState::Ongoing && game.moves().len() < 300 {
        let found = searcher.search(&game, &options).expect("a move");
        game.push(&found.mv).unwrap();
    }
    game.state()
}

#[test]
fn won_table_endings_are_played_to_the_win_before_a_move_count_draws_them() {
    // Kings only, where the kings-only rule draws a game after 40 moves each in American
    // checkers and 15 in Russian draughts: two kings against one in a double corner, three
    // against one off the main road (Petrov's triangle). A search that only knew the
    // positions were won kept them won, round and round, until the rule drew them.
    fn russian_off_road(p: &Position) -> bool {
        road(p) == (false, false)
    }
    fn american_cornered(p: &Position) -> bool {
        in_double_corner(lone_king(p))
    }
    let cases = [
        (
            Variant::AMERICAN,
            2,
            american_cornered as fn(&Position) -> bool,
        ),
        (Variant::RUSSIAN, 3, russian_off_road),
    ];
    for (variant, white, keep) in cases {
        let tables = std::sync::Arc::new(kings_against_one(&variant, white));
        let won: Vec<Position> = positions(&variant, slice(0, white, 0, 1, Color::White))
            .map(|(_, p)| p)
            .filter(|p| quiet(p) && keep(p) && tables.probe(p) == Some(Wdl::Win))
            .collect();
        assert!(won.len() > 100, "{}", won.len());
        let mut longest = 0;
        for p in won.iter().step_by(won.len() / 25) {
            let (value, plies) = tables.probe_plies(p).unwrap();
            assert_eq!(value, Wdl::Win);
            longest = longest.max(plies);
            assert_eq!(
                play_out(&tables, *p, 2),
                GameState::Win {
                    winner: Color::White
                },
                "{} {}",
                variant.name,
                p.to_fen()
            );
        }
        // The sample holds long wins, not only shots.
        assert!(longest >= 9, "{} {longest}", variant.name);
    }
}

#[test]
fn a_wrong_distance_is_found_by_the_check() {
    let mut tables = kings_against_one(&Variant::AMERICAN, 2);
    let s = slice(0, 2, 0, 1, Color::White);
    let p = Position::from_fen("W:WK14,K18:BK1", Variant::AMERICAN).unwrap();
    let (value, plies) = tables.probe_plies(&p).unwrap();
    assert_eq!(value, Wdl::Win);
    assert_eq!(verify(&tables, s).unwrap().inconsistent, 0);
    let index = Indexer::new(Variant::AMERICAN.size, s).index(&p).unwrap();
    let mut table = tables.table(s).unwrap().clone();
    table.set_plies(index, plies + 2);
    tables.insert(table);
    let v = verify(&tables, s).unwrap();
    // The position itself, and the predecessors whose distance rested on it.
    assert!(v.inconsistent >= 1, "{v:?}");
    assert!(
        v.examples.iter().any(|m| m.fen == p.to_fen()
            && m.stored == (Wdl::Win, plies + 2)
            && m.expected == (Wdl::Win, plies)),
        "{:?}",
        v.examples
    );
}
