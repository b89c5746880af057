//! Checking a table against the rules: every position's value and distance to conversion
//! must follow from its successors'.

use crate::position::Position;

use super::endgames::Endgames;
use super::index::Slice;
use super::wdl::Wdl;

/// What [`verify`] found in one slice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verification {
    /// Positions checked.
    pub positions: u64,
    /// Of them won, drawn and lost for the side to move, as stored.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost.
    pub losses: u64,
    /// Positions whose stored value or distance does not follow from their successors'.
    pub inconsistent: u64,
    /// The first few of them.
    pub examples: Vec<Mismatch>,
}

/// A position whose stored value or distance to conversion does not follow from its
/// successors'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The position, in FEN.
    pub fen: String,
    /// The value and distance stored.
    pub stored: (Wdl, u8),
    /// The value and distance its successors give.
    pub expected: (Wdl, u8),
}

/// The value that the rules give a position from its successors' values (each looked up
/// with `probe`, for the side to move there): lost without a legal move; won when a move
/// leads to a position lost for the opponent; lost when every move leads to one won for the
/// opponent; drawn otherwise. `None` when a successor has no value. (The value of
/// [`plies_from_successors`], without the distances.)
pub fn value_from_successors(
    pos: &Position,
    mut probe: impl FnMut(&Position) -> Option<Wdl>,
) -> Option<Wdl> {
    plies_from_successors(pos, |p| probe(p).map(|value| (value, 0))).map(|(value, _)| value)
}

/// The value and the distance to conversion ([`super::Table::plies`]) that the rules give
/// a position from its successors' (each looked up with `probe`, for the side to move
/// there): a win is one ply more than its nearest lost successor, counting a capture or
/// crowning as 0 (it converts); a loss one more than its farthest won successor within the
/// material (1 when every move captures or crowns, 0 without a move); a draw 0. Distances
/// stop at 255. `None` when a successor has no value.
pub fn plies_from_successors(
    pos: &Position,
    mut probe: impl FnMut(&Position) -> Option<(Wdl, u8)>,
) -> Option<(Wdl, u8)> {
    let moves = pos.legal_moves();
    let (mut win, mut all_won, mut longest) = (None::<u8>, true, 0u8);
    for mv in &moves {
        let (value, plies) = probe(&pos.after(mv))?;
        let plies = if mv.is_capture() || mv.crowns() {
            0
        } else {
            plies
        };
        match value {
            Wdl::Loss => win = Some(win.map_or(plies, |w| w.min(plies))),
            Wdl::Draw => all_won = false,
            Wdl::Win => longest = longest.max(plies),
        }
    }
    Some(match win {
        Some(nearest) => (Wdl::Win, nearest.saturating_add(1)),
        None if moves.is_empty() => (Wdl::Loss, 0),
        None if all_won => (Wdl::Loss, longest.saturating_add(1)),
        None => (Wdl::Draw, 0),
    })
}

/// Checks every position of the held slice `slice` against its successors (which must be
/// held too; a missing one counts as an inconsistency). Gives `None` when `slice` is not
/// held.
pub fn verify(tables: &Endgames, slice: Slice) -> Option<Verification> {
    let table = tables.table(slice)?;
    let variant = tables.variant();
    let mut out = Verification::default();
    for idx in 0..table.len() {
        let Some(pos) = table.indexer().position(variant, idx) else {
            continue;
        };
        let stored = (table.get(idx), table.plies(idx));
        out.positions += 1;
        match stored.0 {
            Wdl::Win => out.wins += 1,
            Wdl::Draw => out.draws += 1,
            Wdl::Loss => out.losses += 1,
        }
        let expected = plies_from_successors(&pos, |p| tables.probe_plies(p));
        if expected != Some(stored) {
            out.inconsistent += 1;
            if out.examples.len() < 10 {
                out.examples.push(Mismatch {
                    fen: pos.to_fen(),
                    stored,
                    expected: expected.unwrap_or((Wdl::Draw, 0)),
                });
            }
        }
    }
    Some(out)
}
