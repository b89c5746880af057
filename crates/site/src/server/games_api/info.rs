//! A game as the pages see it ([`GameInfo`]): its row, moves, position, clocks and the
//! requester's side, as `GET /api/games/{id}` and the live events give it.

use serde::Serialize;

use super::players::role;
use crate::models::{GameMode, GameStatus, Level, Role, Side};
use crate::server::clocks::{self, ClockView};
use crate::server::error::ApiError;
use crate::server::play::{PlayedGame, reason_parts, winner_of};
use crate::server::views::PositionView;
use crate::store::{StoredGame, StoredMove, now_ms};
use games::{NotationChoice, Rules};

/// A game as the pages see it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameInfo {
    pub id: String,
    #[serde(with = "crate::models::rules")]
    #[schema(value_type = crate::models::RulesName)]
    pub rules: Rules,
    pub mode: GameMode,
    /// An open game, listed in the lobby while its seat is free.
    pub listed: bool,
    /// The computer's level in a game against it.
    pub level: Option<Level>,
    /// The computer's side in a game against it.
    pub computer: Option<Side>,
    pub status: GameStatus,
    /// The result in the rules' convention, counted from the side that moves first
    /// (American `1-0` is a win for Black; International scores `2-0`, `1-1`, `0-2`).
    pub result: Option<String>,
    /// Why it ended, as a code: `no-moves`, `checkmate`, `stalemate`, `insufficient-material`,
    /// `resigned`, `agreed`, `repetition`, `fifty-moves`, `kings-only`, `lone-king`,
    /// `three-kings`, `few-kings`, `main-road`, `unchanged-balance`.
    pub reason: Option<String>,
    /// The move count of a draw rule (`kings-only` after 25 moves each: 25).
    pub reason_moves: Option<u32>,
    pub winner: Option<Side>,
    /// The side that offers a draw.
    pub draw_offer: Option<Side>,
    /// White's name (null for the computer's side and for players who gave none).
    pub white: Option<String>,
    pub black: Option<String>,
    pub start_fen: String,
    /// The number of moves played.
    pub plies: i64,
    /// The side to move.
    pub turn: Side,
    pub moves: Vec<StoredMove>,
    /// The position now (without `svg`).
    pub position: PositionView,
    /// The side(s) the request's secret plays, or null for a watcher.
    pub you: Option<Role>,
    /// Milliseconds since 1970.
    pub created_at: i64,
    pub updated_at: i64,
    /// The clocks of a game with a time control, as they stood when the answer was made;
    /// null without a clock.
    pub clock: Option<ClockView>,
    /// The game offered as this one's rematch, once a player asked for one.
    pub rematch: Option<String>,
}

/// The info of a game from its row, moves and rules' state.
pub(crate) fn info_of(
    game: &StoredGame,
    moves: Vec<StoredMove>,
    played: &PlayedGame,
    secret: Option<&str>,
) -> Result<GameInfo, ApiError> {
    let pos = played.position();
    let turn = played.side_to_move();
    let (reason, reason_moves) = match game.reason.as_deref().map(reason_parts) {
        Some((code, moves)) => (Some(code), moves),
        None => (None, None),
    };
    Ok(GameInfo {
        id: game.id.clone(),
        rules: game.rules,
        mode: game.mode,
        listed: game.listed,
        level: game.level,
        computer: game.computer,
        status: game.status,
        result: game.result.clone(),
        reason,
        reason_moves,
        winner: game
            .result
            .as_deref()
            .and_then(|r| winner_of(game.rules, r)),
        draw_offer: game.draw_offer,
        white: game.white_name.clone(),
        black: game.black_name.clone(),
        start_fen: game.start_fen.clone(),
        plies: game.plies,
        turn,
        moves,
        position: PositionView::of(&pos, &NotationChoice::default(), None),
        you: role(game, secret),
        created_at: game.created_at,
        updated_at: game.updated_at,
        clock: clocks::view(game, turn.is_white(), now_ms()),
        rematch: game.rematch.clone(),
    })
}
