//! Inputs that the fuzz targets (fuzz/, scripts/fuzz) found to crash, kept as tests.

use draughts::{MoveReader, Position, Variant, parse_move_among};

/// A move word with a long run of digits overflowed the square number of the quick reader
/// (found by `draughts_moves`).
#[test]
fn a_long_run_of_digits_is_no_square() {
    let digits = "7".repeat(120);
    for variant in Variant::ALL {
        let pos = Position::start(variant);
        for text in [
            format!("45-{digits}40"),
            digits.clone(),
            format!("a{digits}-b4"),
            format!("{digits}x{digits}"),
        ] {
            assert!(MoveReader::new().read(&pos, &text).is_err(), "{text}");
            assert!(
                parse_move_among(&pos, &pos.legal_moves(), &text).is_err(),
                "{text}"
            );
        }
    }
}

/// A long run of digits without separators can be split into squares in exponentially many
/// ways; the reader searched them all (found by `draughts_moves` as a timeout: one word took
/// minutes). It now reads such words at once, as an error or as the move they name.
#[test]
fn a_long_run_of_digits_is_read_at_once() {
    let pos = Position::from_fen(
        "W:W7,17,18,19,23,37,43:B10,27,29,34,35,39.",
        Variant::INTERNATIONAL,
    )
    .unwrap();
    let run = "2".repeat(90);
    for text in [
        format!("2x30{run}"),
        format!("{run}00"),
        format!("1{run}1x2"),
        format!("{run}-{run}"),
    ] {
        assert!(
            parse_move_among(&pos, &pos.legal_moves(), &text).is_err(),
            "{text}"
        );
        assert!(MoveReader::new().read(&pos, &text).is_err(), "{text}");
    }
    // Squares run together still read when there are few ways to split them.
    let pos = Position::from_fen("W:W28,31:B17,20,26", Variant::AMERICAN).unwrap();
    assert_eq!(pos.parse_move("312213").unwrap().to().number(), 13);
}

/// A move text of many squares with separators (`1-2-1-2-…`) was read in time quadratic in
/// its length: every reading was copied again for each square. Readings longer than any
/// move are dropped now: such a text is an illegal move, and syntax errors after it are
/// still found.
#[test]
fn a_move_text_of_many_squares_is_illegal() {
    let many = ["1", "2"].repeat(100_000).join("-");
    for variant in Variant::ALL {
        let pos = Position::start(variant);
        let legal = pos.legal_moves();
        let err = parse_move_among(&pos, &legal, &many).unwrap_err();
        assert!(
            matches!(err, draughts::MoveTextError::Illegal { .. }),
            "{err}"
        );
        assert!(MoveReader::new().read(&pos, &many).is_err());
        let bad = format!("{many}-0");
        let err = parse_move_among(&pos, &legal, &bad).unwrap_err();
        assert!(
            matches!(err, draughts::MoveTextError::Syntax { .. }),
            "{err}"
        );
    }
    // Long but not too long: still read as before.
    let pos = Position::from_fen("W:W28,31:B17,20,26", Variant::AMERICAN).unwrap();
    assert_eq!(pos.parse_move("31x22x13").unwrap().to().number(), 13);
}
