//! Clocks of games played on the site: the time control, the time each side has left, and
//! what a move costs.
//!
//! Two kinds of control, as the PGN standard's `TimeControl` tag writes them (seconds):
//! minutes plus an increment (`300+3`: five minutes each, three seconds more after every
//! move) and a time per move, American checkers' tournament habit (`1/60`: every move within
//! a minute, the time left not carried over).
//!
//! ```
//! use games::{Clock, TimeControl};
//!
//! let control: TimeControl = "300+3".parse().unwrap();
//! let clock = Clock::start(control);
//! // The first move of the game costs nothing: the clock starts with it.
//! let clock = clock.charge(control, true, 1_000).unwrap();
//! assert_eq!(clock.white_ms, 300_000);
//! // Black thinks 10 s and gets the increment.
//! let clock = clock.charge(control, false, 11_000).unwrap();
//! assert_eq!(clock.black_ms, 293_000);
//! // White's clock runs from there: out of time 300 s later.
//! assert_eq!(clock.flag_at(true), Some(311_000));
//! assert!(clock.charge(control, true, 311_000).is_err());
//! ```

use std::fmt;
use std::str::FromStr;

/// The longest control accepted: a day for the game or for a move.
const MAX_MS: i64 = 24 * 3_600_000;

/// A time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `base_ms` for the game and `increment_ms` more after every move (Fischer).
    Increment { base_ms: i64, increment_ms: i64 },
    /// `ms` for every move; the time left is not carried over.
    PerMove { ms: i64 },
}

impl TimeControl {
    /// The time each side has at the start.
    pub fn start_ms(self) -> i64 {
        match self {
            TimeControl::Increment { base_ms, .. } => base_ms,
            TimeControl::PerMove { ms } => ms,
        }
    }
}

/// Why a time control could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "time control `{0}`: expected seconds plus increment (`300+3`) or seconds per move (`1/60`), at most a day"
)]
pub struct BadTimeControl(pub String);

impl FromStr for TimeControl {
    type Err = BadTimeControl;

    /// Reads `300+3`, `300` (no increment) or `1/60` (a minute per move), in seconds.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadTimeControl(s.chars().take(40).collect());
        let seconds = |t: &str| -> Result<i64, BadTimeControl> {
            if t.is_empty() || t.len() > 6 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            t.parse::<i64>().map(|n| n * 1000).map_err(|_| bad())
        };
        let s = s.trim();
        let control = if let Some((moves, per)) = s.split_once('/') {
            if moves != "1" {
                return Err(bad());
            }
            TimeControl::PerMove { ms: seconds(per)? }
        } else {
            let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
            TimeControl::Increment {
                base_ms: seconds(base)?,
                increment_ms: seconds(inc)?,
            }
        };
        let fine = match control {
            TimeControl::Increment {
                base_ms,
                increment_ms,
            } => base_ms + increment_ms > 0 && base_ms <= MAX_MS && increment_ms <= MAX_MS,
            TimeControl::PerMove { ms } => ms > 0 && ms <= MAX_MS,
        };
        if fine { Ok(control) } else { Err(bad()) }
    }
}

impl fmt::Display for TimeControl {
    /// The `TimeControl` tag's form: `300+3`, `1/60`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Increment {
                base_ms,
                increment_ms,
            } => write!(f, "{}+{}", base_ms / 1000, increment_ms / 1000),
            TimeControl::PerMove { ms } => write!(f, "1/{}", ms / 1000),
        }
    }
}

/// Both sides' time: what each had left when the clock last changed hands, and since when
/// the side to move has been thinking (`None` before the first move: the game's first move
/// costs nothing, as on lichess, so that nobody loses time waiting for a friend).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub white_ms: i64,
    pub black_ms: i64,
    /// Milliseconds since 1970 when the side to move's clock started running.
    pub running_since: Option<i64>,
}

/// A move made after its side's time ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("out of time")]
pub struct OutOfTime;

impl Clock {
    /// Both sides with the control's full time, the clock not yet running.
    pub fn start(control: TimeControl) -> Clock {
        Clock {
            white_ms: control.start_ms(),
            black_ms: control.start_ms(),
            running_since: None,
        }
    }

    fn stored(&self, white: bool) -> i64 {
        if white { self.white_ms } else { self.black_ms }
    }

    /// The time a side has at `now` when `white_to_move` says whose clock runs.
    pub fn left(&self, white: bool, white_to_move: bool, now: i64) -> i64 {
        match self.running_since {
            Some(since) if white == white_to_move => {
                self.stored(white) - now.saturating_sub(since).max(0)
            }
            _ => self.stored(white),
        }
    }

    /// The clock after the side to move (`white`) moves at `now`: its thinking time taken
    /// off, then the increment added (or its time per move given back), and the other side's
    /// clock running. `OutOfTime` when its time had run out.
    pub fn charge(&self, control: TimeControl, white: bool, now: i64) -> Result<Clock, OutOfTime> {
        let left = self.left(white, white, now);
        if left <= 0 {
            return Err(OutOfTime);
        }
        let after = match (self.running_since, control) {
            // The first move of the game: the clock starts.
            (None, _) => left,
            (Some(_), TimeControl::Increment { increment_ms, .. }) => left + increment_ms,
            (Some(_), TimeControl::PerMove { ms }) => ms,
        };
        let mut next = *self;
        if white {
            next.white_ms = after;
        } else {
            next.black_ms = after;
        }
        next.running_since = Some(now);
        Ok(next)
    }

    /// When the side to move (`white_to_move`) runs out of time, if its clock runs.
    pub fn flag_at(&self, white_to_move: bool) -> Option<i64> {
        self.running_since
            .map(|since| since.saturating_add(self.stored(white_to_move)))
    }

    /// Whether the side to move's time has run out at `now`.
    pub fn out_of_time(&self, white_to_move: bool, now: i64) -> bool {
        self.running_since.is_some() && self.left(white_to_move, white_to_move, now) <= 0
    }
}

/// A clock reading as lichess writes it in `[%clk h:mm:ss]` comments (whole seconds,
/// rounded down).
pub fn clk_text(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_read_and_write_as_the_tag() {
        for (text, control) in [
            (
                "300+3",
                TimeControl::Increment {
                    base_ms: 300_000,
                    increment_ms: 3_000,
                },
            ),
            (
                "2+0",
                TimeControl::Increment {
                    base_ms: 2_000,
                    increment_ms: 0,
                },
            ),
            ("1/60", TimeControl::PerMove { ms: 60_000 }),
        ] {
            assert_eq!(text.parse::<TimeControl>(), Ok(control));
            assert_eq!(control.to_string(), text);
        }
        assert_eq!(
            "600".parse::<TimeControl>().unwrap().to_string(),
            "600+0",
            "no increment"
        );
        for bad in [
            "", "0+0", "1/0", "40/9000", "abc", "5+", "+5", "-1+2", "1+2+3", "99999999", "86401",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?} is refused");
        }
    }

    #[test]
    fn per_move_gives_the_time_back_after_each_move() {
        let control = TimeControl::PerMove { ms: 60_000 };
        let c = Clock::start(control).charge(control, false, 0).unwrap();
        let c = c.charge(control, true, 50_000).unwrap();
        assert_eq!(c.white_ms, 60_000, "a minute again for the next move");
        assert_eq!(c.left(false, false, 80_000), 30_000);
        assert!(!c.out_of_time(false, 109_999));
        assert!(c.out_of_time(false, 110_000));
        assert_eq!(c.charge(control, false, 110_000), Err(OutOfTime));
    }

    #[test]
    fn the_waiting_side_keeps_its_time() {
        let control: TimeControl = "60+1".parse().unwrap();
        let c = Clock::start(control).charge(control, true, 0).unwrap();
        assert_eq!(c.left(true, false, 30_000), 60_000, "white waits");
        assert_eq!(c.left(false, false, 30_000), 30_000, "black thinks");
        assert_eq!(c.flag_at(false), Some(60_000));
        assert_eq!(Clock::start(control).flag_at(true), None, "not yet running");
    }

    #[test]
    fn clk_comments_as_lichess() {
        assert_eq!(clk_text(180_000), "0:03:00");
        assert_eq!(clk_text(3_725_999), "1:02:05");
        assert_eq!(clk_text(-5), "0:00:00");
    }
}
