//! Positions of random games, for the crate's tests.

use crate::history::{GameHistory, GameState};
use crate::position::Position;
use crate::variant::Variant;
use crate::zobrist::splitmix;

/// The positions of `games` random games of `variant` from the start (at most 200 plies
/// each), the same on every run: kings and captures among them.
pub(crate) fn positions(variant: Variant, games: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut game = GameHistory::new(Position::start(variant));
        let mut r = splitmix(g + 1);
        while game.state() == GameState::Ongoing && game.moves().len() < 200 {
            let moves = game.position().legal_moves();
            r = splitmix(r);
            game.push(&moves[(r % moves.len() as u64) as usize])
                .unwrap();
            out.push(*game.position());
        }
    }
    out
}
