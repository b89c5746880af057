//! The clocks of games with a time control, kept by the server: a move is charged when it
//! is stored (in the same write as the move); a side whose time has run out loses when the
//! game is next read or when its timer rings, whichever comes first (games_api/load.rs and
//! games_api/timer.rs). Here: the clocks' arithmetic on a stored game.

use serde::Serialize;

use super::error::ApiError;
use crate::models::{Ending, GameStatus, Side};
use crate::store::{ClockRow, StoredGame};
use games::{Clock, TimeControl};

/// A game's clocks as the pages see them, read when the answer was made.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ClockView {
    /// The control as the `TimeControl` tag writes it: `300+3` (seconds plus increment),
    /// `1/60` (seconds per move).
    pub control: String,
    /// White's time left (milliseconds).
    pub white_ms: i64,
    /// Black's time left (milliseconds).
    pub black_ms: i64,
    /// The side whose clock runs (null before the first move and after the end).
    pub running: Option<Side>,
}

/// The control and clocks of a stored game, if it has a clock.
pub fn clock_of(game: &StoredGame) -> Option<(TimeControl, Clock)> {
    let control: TimeControl = game.time_control.as_deref()?.parse().ok()?;
    Some((
        control,
        Clock {
            white_ms: game.white_ms.unwrap_or(control.start_ms()),
            black_ms: game.black_ms.unwrap_or(control.start_ms()),
            running_since: game.clock_at,
        },
    ))
}

/// The clocks of `game` at `now`, `white_to_move` saying whose clock runs.
pub fn view(game: &StoredGame, white_to_move: bool, now: i64) -> Option<ClockView> {
    let (control, clock) = clock_of(game)?;
    let ongoing = game.status == GameStatus::Ongoing;
    let (white_ms, black_ms) = if ongoing {
        left_now(&clock, white_to_move, now)
    } else if game
        .reason
        .as_deref()
        .and_then(|r| r.parse::<Ending>().ok())
        .is_some_and(Ending::by_time)
    {
        // Ended by time: the side that was to move has none left.
        if white_to_move {
            (0, clock.black_ms)
        } else {
            (clock.white_ms, 0)
        }
    } else {
        (clock.white_ms, clock.black_ms)
    };
    let running =
        (ongoing && clock.running_since.is_some()).then_some(Side::white_if(white_to_move));
    Some(ClockView {
        control: control.to_string(),
        white_ms,
        black_ms,
        running,
    })
}

/// The clocks of `game` stopped at `now`, when it ends otherwise than by a move or a flag
/// (a resignation, an agreed draw): the side to move (`white_to_move`) is charged the time
/// it thought, with no increment. `None` for a game without a clock or whose clock has not
/// started.
pub fn stopped(game: &StoredGame, white_to_move: bool, now: i64) -> Option<ClockRow> {
    let (_, clock) = clock_of(game)?;
    clock.running_since?;
    let (white_ms, black_ms) = left_now(&clock, white_to_move, now);
    Some(ClockRow {
        white_ms,
        black_ms,
        at: now,
    })
}

/// Each side's time left at `now` (White's, Black's), the side to move's running, none
/// below zero.
fn left_now(clock: &Clock, white_to_move: bool, now: i64) -> (i64, i64) {
    (
        clock.left(true, white_to_move, now).max(0),
        clock.left(false, white_to_move, now).max(0),
    )
}

/// The answer to a move made after its side's time ran out.
pub fn out_of_time() -> ApiError {
    ApiError::conflict(
        "out-of-time",
        "your time ran out before the move: the game is over",
    )
}

/// What storing the next move does to the clocks of `game` at `now`: the mover's time after
/// it and the clocks to store, or `None` for a game without a clock. An error when the
/// mover's time had run out.
pub fn charge(
    game: &StoredGame,
    white_moves: bool,
    now: i64,
) -> Result<Option<(i64, ClockRow)>, ApiError> {
    let Some((control, clock)) = clock_of(game) else {
        return Ok(None);
    };
    let next = clock
        .charge(control, white_moves, now)
        .map_err(|_| out_of_time())?;
    let mover = if white_moves {
        next.white_ms
    } else {
        next.black_ms
    };
    Ok(Some((
        mover,
        ClockRow {
            white_ms: next.white_ms,
            black_ms: next.black_ms,
            at: now,
        },
    )))
}
