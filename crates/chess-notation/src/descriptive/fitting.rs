//! The legal moves that fit a descriptive [`Pattern`], a wing read by where pieces stand or
//! by where they started, and the shortest text of a system that names exactly one move.

use shakmaty::{Color, Move, MoveList, Role, Square};

use super::origins::Origins;
use super::pattern::{MovePattern, Pattern, Wing};

fn keep_wing(moves: &mut MoveList, wing: Option<Wing>, square: impl Fn(&Move) -> Square) {
    let Some(wing) = wing else { return };
    let files = moves.iter().map(|m| square(m).file());
    let target = match wing {
        Wing::King => files.max(),
        Wing::Queen => files.min(),
    };
    if let Some(target) = target {
        moves.retain(|m| square(m).file() == target);
    }
}

/// The legal moves of `pos` that fit `pattern`, from a precomputed list of
/// legal moves. A wing names the piece furthest toward it (nothing is known of
/// where pieces started: see [`fitting_in`]).
pub(crate) fn fitting(legal: &MoveList, turn: Color, pattern: &Pattern) -> MoveList {
    match pattern {
        Pattern::Move(p) => {
            let mut moves = matching(legal, turn, p);
            keep_by_position(&mut moves, p);
            moves
        }
        &Pattern::Drop(role, to) => {
            let mut moves = legal.clone();
            moves.retain(|m| *m == Move::Put { role, to });
            moves
        }
        _ => castling(legal, pattern),
    }
}

/// Keeps, of several moves, those whose piece (and taken piece) stand furthest toward the
/// wings the pattern names.
fn keep_by_position(moves: &mut MoveList, p: &MovePattern) {
    if moves.len() > 1 {
        keep_wing(moves, p.wing, |m| m.from().unwrap_or(m.to()));
    }
    if moves.len() > 1 {
        keep_wing(moves, p.captured_wing, |m| m.to());
    }
}

/// [`fitting`] in a line read from a known start, where `origins` tells where pieces
/// started: a wing names first the piece that started on it (what books mean by the king's
/// knight), then, when that is not the one furthest toward the wing, that one too (what
/// other books mean). The moves come in that order; the number returned is how many come
/// first by where the pieces started (all of them when that decides nothing).
pub(crate) fn fitting_in(
    legal: &MoveList,
    turn: Color,
    pattern: &Pattern,
    origins: &Origins,
) -> (MoveList, usize) {
    let p = match pattern {
        Pattern::Move(p) if p.wing.is_some() || p.captured_wing.is_some() => p,
        _ => {
            let moves = fitting(legal, turn, pattern);
            let n = moves.len();
            return (moves, n);
        }
    };
    let moves = matching(legal, turn, p);
    if moves.len() < 2 {
        let n = moves.len();
        return (moves, n);
    }
    let started =
        |wing: Option<Wing>, square: Square| wing.is_none_or(|w| origins.wing(square) == Some(w));
    let mut out = moves.clone();
    out.retain(|m| {
        started(p.wing, m.from().unwrap_or(m.to())) && started(p.captured_wing, taken_square(*m))
    });
    let by_origin = out.len();
    let mut by_position = moves;
    keep_by_position(&mut by_position, p);
    if by_origin == 0 {
        let n = by_position.len();
        return (by_position, n);
    }
    for m in by_position {
        if !out.contains(&m) {
            out.push(m);
        }
    }
    (out, by_origin)
}

fn castling(legal: &MoveList, pattern: &Pattern) -> MoveList {
    let mut moves = legal.clone();
    match pattern {
        Pattern::Castle(side) => moves.retain(|m| m.castling_side() == Some(*side)),
        _ => moves.retain(|m| m.is_castle()),
    }
    moves
}

/// The legal moves that fit a move pattern, wings aside.
fn matching(legal: &MoveList, turn: Color, p: &MovePattern) -> MoveList {
    let mut moves = legal.clone();
    moves.retain(|m| p.matches(*m, turn));
    if p.capture
        && !p.en_passant
        && moves.iter().any(|m| m.is_en_passant())
        && moves.iter().any(|m| !m.is_en_passant())
    {
        // An unmarked capture that may be an ordinary capture or en passant of the same
        // pawn is the ordinary one.
        moves.retain(|m| !m.is_en_passant());
    }
    if p.promotion.is_none()
        && moves.iter().any(|m| m.is_promotion())
        && moves.iter().any(|m| !m.is_promotion())
    {
        // A word that names no promotion piece, fitting a plain move and a promotion (`PxB`
        // for g5xf4 beside d7xc8), is the plain move: a promotion is written with its piece.
        moves.retain(|m| !m.is_promotion());
    }
    moves
}

/// Picks the first of `forms` (texts in order of preference) that names
/// exactly the move `m` among `legal`, each read with `parse` (the reader of
/// the writer's system); falls back to the last one.
pub(crate) fn first_unique(
    forms: impl IntoIterator<Item = String>,
    parse: impl Fn(&str) -> Option<Pattern>,
    legal: &MoveList,
    turn: Color,
    m: Move,
) -> String {
    let mut last = String::new();
    for form in forms {
        if let Some(pattern) = parse(&form) {
            let fit = fitting(legal, turn, &pattern);
            if fit.len() == 1 && fit[0] == m {
                return form;
            }
        }
        last = form;
    }
    last
}

/// The role taken by a capture, counting en passant.
pub(crate) fn taken(m: Move) -> Option<Role> {
    m.capture()
}

/// The square of the piece a capture takes (not the landing square for en
/// passant).
pub(crate) fn taken_square(m: Move) -> Square {
    match m {
        Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
        _ => m.to(),
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    use super::*;

    /// `PxB` with a pawn to take a bishop on f4 and another to take one on c8 and promote:
    /// the plain capture; `PxB=Q` the promotion.
    #[test]
    fn a_word_without_a_promotion_piece_is_the_plain_move() {
        let fen: Fen = "2b4k/3P4/8/8/5b2/6P1/8/4K3 w - - 0 1"
            .parse()
            .expect("a FEN");
        let pos: Chess = fen
            .into_position(CastlingMode::Standard)
            .expect("a position");
        let legal = pos.legal_moves();
        let takes = MovePattern {
            capture: true,
            captured: Some(Role::Bishop),
            ..MovePattern::new(Role::Pawn)
        };
        let named = |p: MovePattern| -> Vec<String> {
            fitting(&legal, Color::White, &Pattern::Move(p))
                .iter()
                .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                .collect()
        };
        assert_eq!(named(takes), ["g3f4"]);
        let queen = MovePattern {
            promotion: Some(Role::Queen),
            ..takes
        };
        assert_eq!(named(queen), ["d7c8q"]);
    }
}
