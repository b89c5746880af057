//! How convert tells of the bad games it reads: each on standard error with its place and
//! what became of it, and the exit code that says whether there was one.

use std::fmt::Display;
use std::process::ExitCode;

use record::Pos;

/// The bad games of one input that convert told of.
pub(super) struct BadGames<'a> {
    /// The input's name, which each place starts with.
    name: &'a str,
    /// What became of a bad game: `left out`, `passed through unchanged`, ...
    fate: &'static str,
    /// How many were told of.
    count: u64,
}

impl<'a> BadGames<'a> {
    /// None yet, in input `name`; each one told of is `left out` if `skip_bad`, else `kept`.
    pub(super) fn new(name: &'a str, skip_bad: bool, kept: &'static str) -> BadGames<'a> {
        BadGames {
            name,
            fate: if skip_bad { "left out" } else { kept },
            count: 0,
        }
    }

    /// Tells of game `number`, bad at `at` for `problem`.
    pub(super) fn tell(&mut self, number: u64, at: Pos, problem: impl Display) {
        self.count += 1;
        eprintln!(
            "{}:{}:{}: game {number}: {problem} ({})",
            self.name, at.line, at.column, self.fate
        );
    }

    /// 1 when a game was bad, else success.
    pub(super) fn exit_code(&self) -> ExitCode {
        if self.count > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}
