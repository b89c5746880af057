//! The rules that the variants beyond the first four add, each checked on a position built
//! for it from the rule's own text (perft from the start positions rarely reaches kings).

use draughts::{Color, Piece, Position, Square, Variant};

/// A position of `v` with `side` to move; pieces as algebraic squares: `w`/`b` men,
/// `W`/`B` kings.
fn pos(v: Variant, side: Color, pieces: &[(&str, char)]) -> Position {
    let mut p = Position::empty(v, side);
    for &(name, kind) in pieces {
        let sq = Square::parse(name, v.size).unwrap_or_else(|e| panic!("{name}: {e}"));
        let piece = match kind {
            'w' => Piece::man(Color::White),
            'b' => Piece::man(Color::Black),
            'W' => Piece::king(Color::White),
            'B' => Piece::king(Color::Black),
            _ => panic!("kind {kind}"),
        };
        p.put(sq, piece);
    }
    p
}

/// The legal moves as `from-to` (algebraic) with the number of pieces taken, sorted.
fn moves(p: &Position) -> Vec<String> {
    let size = p.size();
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| {
            format!(
                "{}-{}/{}",
                m.from().algebraic(size),
                m.to().algebraic(size),
                m.captured().len()
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn killer_king_stops_behind_a_king_it_takes_last() {
    let white = Color::White;
    let king_last = [("a1", 'W'), ("c3", 'B')];
    assert_eq!(moves(&pos(Variant::KILLER, white, &king_last)), ["a1-d4/1"]);
    assert_eq!(
        moves(&pos(Variant::INTERNATIONAL, white, &king_last)).len(),
        7,
        "International lets it land anywhere behind"
    );
    // A man taken last: any square behind, as in International.
    let man_last = [("a1", 'W'), ("c3", 'b')];
    assert_eq!(moves(&pos(Variant::KILLER, white, &man_last)).len(), 7);
    // A king taken first, then a man: free landing after the man.
    let king_then_man = [("a1", 'W'), ("c3", 'B'), ("f4", 'b')];
    let m = moves(&pos(Variant::KILLER, white, &king_then_man));
    assert_eq!(m, ["a1-g3/2", "a1-h2/2", "a1-i1/2"]);
}

#[test]
fn italian_men_do_not_take_kings() {
    let p = pos(Variant::ITALIAN, Color::White, &[("c2", 'w'), ("d3", 'B')]);
    assert_eq!(moves(&p), ["c2-b3/0"]);
    let p = pos(Variant::ITALIAN, Color::White, &[("c2", 'w'), ("d3", 'b')]);
    assert_eq!(moves(&p), ["c2-e4/1"]);
}

#[test]
fn italian_capture_order() {
    // Equal numbers of pieces: the king must capture.
    let p = pos(
        Variant::ITALIAN,
        Color::White,
        &[("c2", 'w'), ("d3", 'b'), ("g2", 'W'), ("f3", 'b')],
    );
    assert_eq!(moves(&p), ["g2-e4/1"]);
    // A king's captures of one piece each: the one that takes a king.
    let p = pos(
        Variant::ITALIAN,
        Color::White,
        &[("d3", 'W'), ("c4", 'b'), ("e4", 'B')],
    );
    assert_eq!(moves(&p), ["d3-f5/1"]);
    // A king and a man each way, both to d7: over c4 (king) then c6 (man), or over e4
    // (man) then e6 (king). The route that meets the king first must be taken.
    let p = pos(
        Variant::ITALIAN,
        Color::White,
        &[
            ("d3", 'W'),
            ("c4", 'B'),
            ("c6", 'b'),
            ("e4", 'b'),
            ("e6", 'B'),
        ],
    );
    let legal = p.legal_moves();
    assert_eq!(legal.len(), 1, "the king met first decides");
    let c4 = Square::parse("c4", Variant::ITALIAN.size).unwrap();
    assert!(legal[0].captured().contains(c4));
    // Most pieces first of all: a man taking two beats a king taking one.
    let p = pos(
        Variant::ITALIAN,
        Color::White,
        &[
            ("a2", 'w'),
            ("b3", 'b'),
            ("d5", 'b'),
            ("h3", 'W'),
            ("g4", 'b'),
        ],
    );
    assert_eq!(moves(&p), ["a2-e6/2"]);
}

#[test]
fn italian_kings_are_short() {
    let p = pos(Variant::ITALIAN, Color::White, &[("d3", 'W'), ("h1", 'b')]);
    assert_eq!(moves(&p), ["d3-c2/0", "d3-c4/0", "d3-e2/0", "d3-e4/0"]);
}

#[test]
fn czech_king_captures_before_a_man() {
    let p = pos(
        Variant::CZECH,
        Color::White,
        &[("c3", 'w'), ("d4", 'b'), ("h2", 'W'), ("g3", 'b')],
    );
    assert_eq!(
        moves(&p),
        ["h2-b8/1", "h2-c7/1", "h2-d6/1", "h2-e5/1", "h2-f4/1"]
    );
    // Without the king's capture, the choice among men's captures is free: one piece or two.
    let p = pos(
        Variant::CZECH,
        Color::White,
        &[
            ("a3", 'w'),
            ("b4", 'b'),
            ("h2", 'w'),
            ("g3", 'b'),
            ("e5", 'b'),
        ],
    );
    assert_eq!(moves(&p), ["a3-c5/1", "h2-d6/2"]);
}

#[test]
fn spanish_most_pieces_then_most_kings() {
    let p = pos(
        Variant::SPANISH,
        Color::White,
        &[("c2", 'w'), ("d3", 'b'), ("g2", 'w'), ("f3", 'B')],
    );
    assert_eq!(moves(&p), ["g2-e4/1"]);
    // Men capture forward only.
    let p = pos(Variant::SPANISH, Color::White, &[("d3", 'w'), ("c2", 'b')]);
    assert_eq!(moves(&p), ["d3-c4/0", "d3-e4/0"]);
}

#[test]
fn pool_men_capture_backward_and_choose_freely() {
    let p = pos(Variant::POOL, Color::White, &[("d4", 'w'), ("c3", 'b')]);
    assert_eq!(moves(&p), ["d4-b2/1"]);
    let p = pos(Variant::AMERICAN, Color::White, &[("d4", 'w'), ("c3", 'b')]);
    assert_eq!(moves(&p), ["d4-c5/0", "d4-e5/0"]);
    // One piece or two: both allowed.
    let p = pos(
        Variant::POOL,
        Color::White,
        &[("d4", 'w'), ("c5", 'b'), ("e5", 'b'), ("e7", 'b')],
    );
    assert_eq!(moves(&p), ["d4-b6/1", "d4-d8/2"]);
}

#[test]
fn thai_king_lands_right_behind() {
    let p = pos(Variant::THAI, Color::White, &[("a1", 'W'), ("c3", 'b')]);
    assert_eq!(moves(&p), ["a1-d4/1"]);
    // It flies to the next piece and again lands right behind it.
    let p = pos(
        Variant::THAI,
        Color::White,
        &[("a1", 'W'), ("c3", 'b'), ("f6", 'b')],
    );
    assert_eq!(moves(&p), ["a1-g7/2"]);
    // Taken pieces leave at once, so the king may cross a square it emptied: after c3 and
    // e3 (or c5), it goes back over the square of e3 (or c5) to take the last one.
    let p = pos(
        Variant::THAI,
        Color::White,
        &[("a1", 'W'), ("c3", 'b'), ("e3", 'b'), ("c5", 'b')],
    );
    assert_eq!(moves(&p), ["a1-b6/3", "a1-f2/3"]);
    // Czech kings fly too, but taken pieces stay until the move is over and block.
    let p = pos(
        Variant::CZECH,
        Color::White,
        &[("a1", 'W'), ("c3", 'b'), ("e3", 'b'), ("c5", 'b')],
    );
    assert!(
        moves(&p).iter().all(|m| m.ends_with("/2")),
        "{:?}",
        moves(&p)
    );
}

#[test]
fn frisian_orthogonal_captures() {
    let p = pos(Variant::FRISIAN, Color::White, &[("e5", 'w'), ("e7", 'b')]);
    assert_eq!(moves(&p), ["e5-e9/1"]);
    let p = pos(Variant::FRISIAN, Color::White, &[("e5", 'w'), ("c5", 'b')]);
    assert_eq!(moves(&p), ["e5-a5/1"]);
    // A flying king takes along a rank from afar.
    let p = pos(Variant::FRISIAN, Color::White, &[("a1", 'W'), ("g1", 'b')]);
    assert_eq!(moves(&p), ["a1-i1/1"]);
    assert!(
        moves(&pos(
            Variant::INTERNATIONAL,
            Color::White,
            &[("e5", 'w'), ("e7", 'b')]
        ))
        .iter()
        .all(|m| m.ends_with("/0"))
    );
}

#[test]
fn frisian_value_of_kings() {
    // Two men outweigh one king.
    let p = pos(
        Variant::FRISIAN,
        Color::White,
        &[
            ("c3", 'w'),
            ("d4", 'b'),
            ("f6", 'b'),
            ("j2", 'w'),
            ("i3", 'B'),
        ],
    );
    assert_eq!(moves(&p), ["c3-g7/2"]);
    // One king outweighs one man.
    let p = pos(
        Variant::FRISIAN,
        Color::White,
        &[("c3", 'w'), ("d4", 'b'), ("j2", 'w'), ("i3", 'B')],
    );
    assert_eq!(moves(&p), ["j2-h4/1"]);
    // Equal value: the king must capture.
    let p = pos(
        Variant::FRISIAN,
        Color::White,
        &[("a5", 'w'), ("b6", 'b'), ("j4", 'W'), ("i5", 'b')],
    );
    assert_eq!(
        moves(&p),
        ["j4-d10/1", "j4-e9/1", "j4-f8/1", "j4-g7/1", "j4-h6/1"]
    );
}

#[test]
fn goals_of_antidraughts_and_breakthrough() {
    // Antidraughts: the side without a move wins.
    let p = pos(Variant::ANTIDRAUGHTS, Color::Black, &[("a1", 'w')]);
    assert_eq!(p.winner(), Some(Color::Black));
    let p = pos(Variant::INTERNATIONAL, Color::Black, &[("a1", 'w')]);
    assert_eq!(p.winner(), Some(Color::White));
    // Breakthrough: the first king wins.
    let p = pos(
        Variant::BREAKTHROUGH,
        Color::Black,
        &[("b10", 'W'), ("a1", 'b'), ("c1", 'b')],
    );
    assert_eq!(p.winner(), Some(Color::White));
    assert_eq!(
        pos(
            Variant::INTERNATIONAL,
            Color::Black,
            &[("b10", 'W'), ("e5", 'b')]
        )
        .winner(),
        None
    );
}
