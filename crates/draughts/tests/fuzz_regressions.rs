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
            assert!(parse_move_among(&pos, &pos.legal_moves(), &text).is_err(), "{text}");
        }
    }
}
