//! What the draughts endgame tables say of a position, as the analysis reports it.

use serde::{Deserialize, Serialize};

use draughts::egdb::Wdl;

/// The value the endgame tables give a position, from White's side: perfect play from both
/// sides, the variants' draws by move counts ignored (see [`draughts::egdb`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TableResult {
    /// White wins.
    WhiteWins,
    /// Neither side can win.
    Draw,
    /// Black wins.
    BlackWins,
}

impl TableResult {
    /// The value `wdl` for the side to move, as White's.
    pub fn of(wdl: Wdl, white_to_move: bool) -> TableResult {
        match (wdl, white_to_move) {
            (Wdl::Draw, _) => TableResult::Draw,
            (Wdl::Win, true) | (Wdl::Loss, false) => TableResult::WhiteWins,
            _ => TableResult::BlackWins,
        }
    }
}
