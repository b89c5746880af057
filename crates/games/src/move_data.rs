//! The data that sites and programs put in a move's comment as embedded commands: lichess's
//! and chess.com's clock `[%clk 0:03:00]`, the time a move took `[%emt 0:00:05]`, the engine's
//! evaluation `[%eval 0.17]` or `[%eval #-3]`, and lidraughts' two clocks
//! `[%clock w0:10:00 B0:10:00]`. Read into values, so that clocks and evaluations are data;
//! the comment itself is kept as it came, and written back so.

use std::time::Duration;

use record::{Extra, Extras};

/// An engine's evaluation, from White's side (positive: White is better), as `[%eval]` has it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    /// An advantage in hundredths of a pawn (`[%eval 0.17]` is 17).
    Centipawns(i32),
    /// Mate in this many moves, negative when Black mates (`[%eval #-3]` is -3).
    Mate(i32),
}

/// What a move's comments say in embedded commands.
///
/// ```
/// use games::{Eval, MoveData};
/// use std::time::Duration;
///
/// let data = MoveData::of_comment("[%eval -1.25,22] [%clk 0:02:58.4] a slip");
/// assert_eq!(data.eval, Some(Eval::Centipawns(-125)));
/// assert_eq!(data.clock, Some(Duration::from_millis(178_400)));
/// let lidraughts = MoveData::of_comment("[%clock w0:09:58 B0:10:00]");
/// assert_eq!(lidraughts.clocks, Some((Duration::from_secs(598), Duration::from_secs(600))));
/// assert_eq!(MoveData::of_comment("[%eval #-3]").eval, Some(Eval::Mate(-3)));
/// assert!(MoveData::of_comment("just words").is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveData {
    /// The mover's clock after the move (`%clk`).
    pub clock: Option<Duration>,
    /// The time the move took (`%emt`).
    pub elapsed: Option<Duration>,
    /// The evaluation of the position after the move (`%eval`).
    pub eval: Option<Eval>,
    /// Both clocks after the move, White's then Black's (lidraughts' `%clock`).
    pub clocks: Option<(Duration, Duration)>,
}

impl MoveData {
    /// The commands of one comment; anything else in it is left alone, and a command that
    /// does not read is skipped.
    pub fn of_comment(text: &str) -> MoveData {
        let mut data = MoveData::default();
        data.read(text);
        data
    }

    /// The commands of the comments after a move (the first of each kind counts).
    pub fn of_extras<M>(extras: &Extras<M>) -> MoveData {
        let mut data = MoveData::default();
        for extra in extras.iter() {
            if let Extra::Comment { text, .. } = extra {
                data.read(text);
            }
        }
        data
    }

    /// Whether no command was found.
    pub fn is_empty(&self) -> bool {
        *self == MoveData::default()
    }

    /// The clock of the side that moved: `%clk`, else its clock of `%clock`.
    pub fn mover_clock(&self, white_moved: bool) -> Option<Duration> {
        self.clock.or_else(|| {
            self.clocks
                .map(|(white, black)| if white_moved { white } else { black })
        })
    }

    /// The words of a comment beside the commands this reads (`[%clk]`, `[%emt]`, `[%eval]`,
    /// `[%clock]`), trimmed: what a move list shows as the comment when it shows the clock and
    /// evaluation as such; `None` when nothing else is left. Other commands (`[%csl]`,
    /// `[%cal]`) stay; the blanks around a command taken out become one.
    ///
    /// ```
    /// use games::MoveData;
    /// assert_eq!(MoveData::remark("[%eval 0.2] [%clk 0:03:00]"), None);
    /// assert_eq!(MoveData::remark("Better was Nf3. [%clk 0:01:00]").as_deref(), Some("Better was Nf3."));
    /// assert_eq!(MoveData::remark("[%csl Gd4] a plan").as_deref(), Some("[%csl Gd4] a plan"));
    /// ```
    pub fn remark(text: &str) -> Option<String> {
        if !text.contains("[%") {
            let text = text.trim();
            return (!text.is_empty()).then(|| text.to_owned());
        }
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find("[%") {
            let Some(len) = rest[start..].find(']') else {
                break;
            };
            let command = &rest[start + 2..start + len];
            let name = command.split(char::is_whitespace).next().unwrap_or("");
            let read = matches!(name, "clk" | "emt" | "eval" | "clock")
                && !MoveData::of_comment(&rest[start..=start + len]).is_empty();
            out.push_str(&rest[..start]);
            if !read {
                out.push_str(&rest[start..=start + len]);
            }
            rest = &rest[start + len + 1..];
        }
        out.push_str(rest);
        let words: Vec<&str> = out.split_whitespace().collect();
        (!words.is_empty()).then(|| words.join(" "))
    }

    fn read(&mut self, text: &str) {
        let mut rest = text;
        while let Some(start) = rest.find("[%") {
            rest = &rest[start + 2..];
            let Some(end) = rest.find(']') else {
                return;
            };
            let command = &rest[..end];
            rest = &rest[end + 1..];
            let (name, arg) = command
                .split_once(char::is_whitespace)
                .unwrap_or((command, ""));
            let arg = arg.trim();
            match name {
                "clk" if self.clock.is_none() => self.clock = duration(arg),
                "emt" if self.elapsed.is_none() => self.elapsed = duration(arg),
                "eval" if self.eval.is_none() => self.eval = eval(arg),
                "clock" if self.clocks.is_none() => self.clocks = both_clocks(arg),
                _ => {}
            }
        }
    }
}

/// `H:MM:SS`, `M:SS` or `SS`, each with a fraction of a second if written (`0:09:58.2`).
fn duration(text: &str) -> Option<Duration> {
    let mut seconds = 0f64;
    let mut parts = 0;
    for part in text.split(':') {
        parts += 1;
        if parts > 3 || part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            return None;
        }
        seconds = seconds * 60.0 + part.parse::<f64>().ok()?;
    }
    (seconds.is_finite() && seconds < 1e9).then(|| Duration::from_secs_f64(seconds))
}

/// `0.17`, `-1.5`, `#3`, `#-2`, with a depth after a comma (`0.17,25`) left aside.
fn eval(text: &str) -> Option<Eval> {
    let value = text.split(',').next()?.trim();
    if let Some(mate) = value.strip_prefix('#') {
        return mate.parse().ok().map(Eval::Mate);
    }
    if value.is_empty()
        || !value
            .bytes()
            .all(|b| b.is_ascii_digit() || b"+-.".contains(&b))
    {
        return None;
    }
    let pawns: f64 = value.parse().ok()?;
    let centipawns = (pawns * 100.0).round();
    (centipawns.abs() < 1e9).then_some(Eval::Centipawns(centipawns as i32))
}

/// lidraughts' `w0:10:00 B0:10:00`: each side's letter (the side to move in lower case) and
/// its clock.
fn both_clocks(text: &str) -> Option<(Duration, Duration)> {
    let (mut white, mut black) = (None, None);
    for part in text.split_whitespace() {
        let (side, clock) = part.split_at_checked(1)?;
        match side {
            "w" | "W" => white = duration(clock),
            "b" | "B" => black = duration(clock),
            _ => return None,
        }
    }
    Some((white?, black?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_as_the_sites_write_them() {
        let lichess = MoveData::of_comment("[%eval 0.18] [%clk 0:03:00]");
        assert_eq!(lichess.eval, Some(Eval::Centipawns(18)));
        assert_eq!(lichess.clock, Some(Duration::from_secs(180)));
        let chesscom = MoveData::of_comment("[%clk 0:09:58.2]");
        assert_eq!(chesscom.clock, Some(Duration::from_millis(598_200)));
        let emt = MoveData::of_comment("[%emt 0:00:05] [%clk 1:29:55]");
        assert_eq!(emt.elapsed, Some(Duration::from_secs(5)));
        assert_eq!(emt.clock, Some(Duration::from_secs(5395)));
        assert_eq!(MoveData::of_comment("[%eval #5]").eval, Some(Eval::Mate(5)));
        assert_eq!(
            MoveData::of_comment("[%eval +2.04,30]").eval,
            Some(Eval::Centipawns(204))
        );
        let both = MoveData::of_comment("[%clock W0:04:12 b0:03:59]");
        assert_eq!(
            both.clocks,
            Some((Duration::from_secs(252), Duration::from_secs(239)))
        );
        assert_eq!(both.mover_clock(true), Some(Duration::from_secs(252)));
        assert_eq!(both.mover_clock(false), Some(Duration::from_secs(239)));
    }

    #[test]
    fn what_does_not_read_is_left_alone() {
        for text in [
            "",
            "[%clk]",
            "[%clk 1:2:3:4]",
            "[%clk x]",
            "[%eval]",
            "[%eval big]",
            "[%eval #]",
            "[%clock w1:00]",
            "[%clock x1:00 b1:00]",
            "[%csl Gd4][%cal Ge2e4]",
            "[%clk 0:03:00",
            "[%eval 1e400]",
            "[%clk 99999999999:00:00]",
        ] {
            let data = MoveData::of_comment(text);
            assert!(data.is_empty(), "{text:?}: {data:?}");
        }
        // The first of each kind counts.
        let twice = MoveData::of_comment("[%clk 0:01:00] [%clk 0:02:00] [%eval 1] [%eval 2]");
        assert_eq!(twice.clock, Some(Duration::from_secs(60)));
        assert_eq!(twice.eval, Some(Eval::Centipawns(100)));
    }
}
