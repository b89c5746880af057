//! Seeded random legal draughts games for the tests that generate their evidence: the same
//! games each run.
#![allow(dead_code)]

use draughts::{MoveStyle, Position, Variant};

/// A number below `n` from the xorshift generator `state` (seeded: the same games each run).
pub fn pick(state: &mut u64, n: usize) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state % n as u64) as usize
}

/// A random legal game of `v` of up to `plies` plies, each move written in `style`.
pub fn random_moves(v: Variant, seed: u64, plies: usize, style: &MoveStyle) -> Vec<String> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut pos = Position::start(v);
    let mut out = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[pick(&mut state, legal.len())].clone();
        out.push(pos.write_move(&m, style));
        pos.play(&m).unwrap();
    }
    out
}

/// Movetext with move numbers, ending with `*`.
pub fn movetext(moves: &[String]) -> String {
    let mut text = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(m);
        text.push(' ');
    }
    text.push('*');
    text
}
