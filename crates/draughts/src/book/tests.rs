use std::collections::HashSet;

use super::*;
use crate::square::Square;

fn builtin() -> &'static Book {
    Book::builtin(&Variant::INTERNATIONAL).expect("the International book is built in")
}

fn start() -> Position {
    Position::start(Variant::INTERNATIONAL)
}

/// A small book made here: the start with two moves, one played by many games and scored
/// lower, and the position after the first with one move.
fn small() -> Book {
    let start = start();
    let legal = start.legal_moves();
    let mut book = Book::new(Variant::INTERNATIONAL);
    for (i, games, score) in [(0, 0, 12), (1, 40, 0)] {
        let mv = BookMove {
            mv: legal[i].clone(),
            games,
            points: games,
            engine_score: score,
        };
        book.insert(&start, mv).unwrap();
    }
    let next = start.after(&legal[0]);
    let reply = BookMove {
        mv: next.legal_moves()[0].clone(),
        games: 300,
        points: 450,
        engine_score: -3,
    };
    book.insert(&next, reply).unwrap();
    book
}

/// The book file header with `version` and `name`, and no positions.
fn header(version: u16, name: &str) -> Vec<u8> {
    let mut out = b"SSBK".to_vec();
    out.extend_from_slice(&version.to_le_bytes());
    out.push(name.len() as u8);
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out
}

#[test]
fn the_builtin_book_loads_and_has_several_moves_at_the_start() {
    let book = builtin();
    assert_eq!(book.variant(), &Variant::INTERNATIONAL);
    assert!(book.len() > 100, "{} positions", book.len());
    assert!(book.moves(&start()).len() >= 3);
    assert!(Book::builtin(&Variant::AMERICAN).is_none());
}

#[test]
fn every_book_move_is_legal_in_its_position() {
    for (pos, moves) in builtin().positions() {
        let legal = pos.legal_moves();
        assert!(!moves.is_empty());
        for m in moves {
            assert!(legal.contains(&m.mv), "{:?} in {}", m.mv, pos.to_fen());
            assert!(m.points <= 2 * m.games);
        }
    }
}

#[test]
fn positions_reached_by_book_moves_are_in_the_book() {
    // The builder expands every position reached by book moves within its first plies
    // (`--engine-plies`, 6 for the built-in book): all of them have moves.
    let book = builtin();
    let mut level = vec![start()];
    for ply in 0..6 {
        let mut next = HashSet::new();
        for pos in &level {
            let moves = book.moves(pos);
            assert!(
                !moves.is_empty(),
                "ply {ply}: {} not in the book",
                pos.to_fen()
            );
            next.extend(moves.iter().map(|m| pos.after(&m.mv)));
        }
        level = next.into_iter().collect();
    }
}

#[test]
fn strong_plays_the_best_book_move_whatever_the_seed() {
    let book = small();
    let best = start().legal_moves()[0].clone();
    for seed in 0..50 {
        assert_eq!(
            book.choose(&start(), Level::Strong, seed),
            Some(best.clone())
        );
    }
    // In the built-in book as well: one move, the highest engine score.
    let book = builtin();
    let top = book
        .moves(&start())
        .iter()
        .map(|m| m.engine_score)
        .max()
        .unwrap();
    let strong = book.choose(&start(), Level::Strong, 0).unwrap();
    for seed in 1..50 {
        assert_eq!(
            book.choose(&start(), Level::Strong, seed).as_ref(),
            Some(&strong)
        );
    }
    let chosen = book
        .moves(&start())
        .iter()
        .find(|m| m.mv == strong)
        .unwrap();
    assert_eq!(chosen.engine_score, top);
}

#[test]
fn weaker_levels_vary_among_the_sound_moves_by_how_often_they_were_played() {
    let book = builtin();
    for level in [Level::Beginner, Level::Intermediate] {
        let chosen: HashSet<Move> = (0..200)
            .map(|seed| book.choose(&start(), level, seed).unwrap())
            .collect();
        assert!(chosen.len() > 1, "{level}: {chosen:?}");
        let same = book.choose(&start(), level, 17);
        assert_eq!(same, book.choose(&start(), level, 17));
    }
    // 41 games' weight against 1: the played move comes far more often.
    let book = small();
    let played = start().legal_moves()[1].clone();
    let times = (0..1000)
        .filter(|&seed| book.choose(&start(), Level::Beginner, seed) == Some(played.clone()))
        .count();
    assert!(times > 900, "{times}");
    // Intermediate keeps to 15 of the best: the move 12 below is sound, one 31 below is not.
    let mut book = small();
    let legal = start().legal_moves();
    let poor = BookMove {
        mv: legal[2].clone(),
        games: 5000,
        points: 5000,
        engine_score: 12 - 31,
    };
    book.insert(&start(), poor).unwrap();
    for seed in 0..300 {
        let mv = book.choose(&start(), Level::Intermediate, seed).unwrap();
        assert_ne!(mv, legal[2]);
    }
}

#[test]
fn positions_out_of_the_book_have_no_move() {
    let book = small();
    let legal = start().legal_moves();
    let elsewhere = start().after(&legal[1]);
    assert!(book.moves(&elsewhere).is_empty());
    assert_eq!(book.choose(&elsewhere, Level::Strong, 1), None);
    // Matched exactly: the same pieces with the other side to move are not the start.
    let mut turned = start();
    turned.set_side_to_move(Color::Black);
    assert!(book.moves(&turned).is_empty());
    // Nor the same squares under other rules.
    let frisian = start().under(Variant::FRISIAN).unwrap();
    assert!(book.moves(&frisian).is_empty());
}

#[test]
fn a_book_reads_back_as_written() {
    let book = small();
    let back = Book::from_bytes(&book.to_bytes()).unwrap();
    assert_eq!(back, book);
    assert_eq!(back.len(), 2);
    assert_eq!(back.move_count(), 3);
    let builtin = builtin();
    assert_eq!(&Book::from_bytes(&builtin.to_bytes()).unwrap(), builtin);
}

#[test]
fn files_of_another_kind_version_or_variant_are_refused() {
    assert_eq!(Book::from_bytes(b"SSEV\x02\x00"), Err(BookError::NotBook));
    assert_eq!(
        Book::from_bytes(&header(FORMAT_VERSION, "international")).map(|b| b.len()),
        Ok(0)
    );
    assert_eq!(
        Book::from_bytes(&header(FORMAT_VERSION + 1, "international")),
        Err(BookError::Version {
            found: FORMAT_VERSION + 1
        })
    );
    assert_eq!(
        Book::from_bytes(&header(FORMAT_VERSION, "hexdame")),
        Err(BookError::UnknownVariant("hexdame".into()))
    );
    assert_eq!(
        Book::from_bytes_of(&header(FORMAT_VERSION, "russian"), &Variant::INTERNATIONAL),
        Err(BookError::OtherVariant {
            found: "russian",
            expected: "international"
        })
    );
    let bytes = small().to_bytes();
    assert_eq!(
        Book::from_bytes(&bytes[..bytes.len() - 1]),
        Err(BookError::Truncated)
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(Book::from_bytes(&longer), Err(BookError::Trailing(1)));
}

#[test]
fn a_move_not_legal_in_its_position_is_refused() {
    // The small book's first position is the start; its first move goes from the start
    // square written at this offset: header, count, flags, two sets of 7 bytes, move count.
    let bytes = small().to_bytes();
    let from = 4 + 2 + 1 + "international".len() + 4 + 1 + 14 + 1;
    let legal = start().legal_moves();
    let sorted = {
        let book = small();
        book.positions.values().next().unwrap()[0].mv.clone()
    };
    assert_eq!(bytes[from], sorted.from().index());
    let mut wrong = bytes.clone();
    // Square 46 holds a man of White's that cannot move at the start.
    wrong[from] = Square::from_number(46, crate::BoardSize::Ten)
        .unwrap()
        .index();
    assert!(matches!(
        Book::from_bytes(&wrong),
        Err(BookError::IllegalMove { from: 46, .. })
    ));
    // Nor can one be added.
    let mut book = Book::new(Variant::INTERNATIONAL);
    let elsewhere = start().after(&legal[0]);
    let mv = BookMove {
        mv: legal[0].clone(),
        games: 1,
        points: 1,
        engine_score: 0,
    };
    assert!(matches!(
        book.insert(&elsewhere, mv.clone()),
        Err(BookError::IllegalMove { .. })
    ));
    let russian = Position::start(Variant::RUSSIAN);
    assert!(matches!(
        book.insert(&russian, mv),
        Err(BookError::OtherVariant { .. })
    ));
    assert!(book.is_empty());
}

#[test]
fn a_damaged_file_is_refused_or_read_never_a_panic() {
    let bytes = small().to_bytes();
    for i in 0..bytes.len() {
        for flip in [0x01, 0x10, 0x80, 0xff] {
            let mut damaged = bytes.clone();
            damaged[i] ^= flip;
            if let Ok(book) = Book::from_bytes(&damaged) {
                for (pos, moves) in book.positions() {
                    let legal = pos.legal_moves();
                    assert!(moves.iter().all(|m| legal.contains(&m.mv)));
                }
            }
        }
    }
}
