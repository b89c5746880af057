//! Checks and lists shared by the targets.
#![allow(dead_code)]

use chess_notation::{DescriptiveSystem, Notation};
use draughts::{MoveReader, MoveStyle, Position, SquareStyle, parse_move_among, write_move_among};

/// Every legal move of `pos`, written in each style, reads back as that move, through both
/// readers (the quick one and the full one, which must agree).
pub fn moves_round_trip(pos: &Position) {
    let legal = pos.legal_moves();
    let own = MoveStyle::of(pos.variant());
    let mut styles = vec![own, own.with_full_path()];
    for squares in [SquareStyle::Numeric, SquareStyle::Algebraic] {
        if squares != own.squares {
            styles.push(MoveStyle { squares, ..own });
            styles.push(MoveStyle {
                squares,
                ..own.with_full_path()
            });
        }
    }
    let mut reader = MoveReader::new();
    for m in legal.iter().take(64) {
        for style in &styles {
            let text = write_move_among(&legal, m, style, pos.size());
            let full = parse_move_among(pos, &legal, &text);
            assert_eq!(
                full.as_ref().ok(),
                Some(m),
                "{text:?} does not read back in {}",
                pos.to_fen()
            );
            let quick = reader.read(pos, &text);
            assert_eq!(
                quick.as_ref().ok(),
                Some(m),
                "{text:?} reads otherwise with MoveReader"
            );
        }
        let after = pos.after(m);
        let _ = after.to_fen();
    }
}

/// The quick reader and the full reader agree on `text` in `pos`.
pub fn readers_agree(
    reader: &mut MoveReader,
    pos: &Position,
    text: &str,
) -> Option<draughts::Move> {
    let legal = pos.legal_moves();
    let full = parse_move_among(pos, &legal, text);
    let quick = reader.read(pos, text);
    assert_eq!(
        full.as_ref().ok(),
        quick.as_ref().ok(),
        "the readers disagree on {text:?} in {}",
        pos.to_fen()
    );
    quick.ok()
}

/// Every chess notation.
pub const CHESS_NOTATIONS: [Notation; 5] = [
    Notation::San,
    Notation::Long,
    Notation::Uci,
    Notation::Descriptive(DescriptiveSystem::Spanish),
    Notation::Descriptive(DescriptiveSystem::English),
];
