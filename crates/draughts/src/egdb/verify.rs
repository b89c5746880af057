//! Checking a table against the rules: every position's value must follow from its
//! successors' values.

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
    /// Positions whose stored value does not follow from their successors'.
    pub inconsistent: u64,
    /// The first few of them: the FEN, the stored value and the one that follows.
    pub examples: Vec<(String, Wdl, Wdl)>,
}

/// The value that the rules give a position from its successors' values (each looked up
/// with `probe`, for the side to move there): lost without a legal move; won when a move
/// leads to a position lost for the opponent; lost when every move leads to one won for the
/// opponent; drawn otherwise. `None` when a successor has no value.
pub fn value_from_successors(
    pos: &Position,
    mut probe: impl FnMut(&Position) -> Option<Wdl>,
) -> Option<Wdl> {
    let mut all_won = true;
    for mv in pos.legal_moves() {
        match probe(&pos.after(&mv))? {
            Wdl::Loss => return Some(Wdl::Win),
            Wdl::Draw => all_won = false,
            Wdl::Win => {}
        }
    }
    Some(if all_won { Wdl::Loss } else { Wdl::Draw })
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
        let stored = table.get(idx);
        out.positions += 1;
        match stored {
            Wdl::Win => out.wins += 1,
            Wdl::Draw => out.draws += 1,
            Wdl::Loss => out.losses += 1,
        }
        let expected = value_from_successors(&pos, |p| tables.probe(p));
        if expected != Some(stored) {
            out.inconsistent += 1;
            if out.examples.len() < 10 {
                out.examples
                    .push((pos.to_fen(), stored, expected.unwrap_or(Wdl::Draw)));
            }
        }
    }
    Some(out)
}
