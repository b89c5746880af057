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
