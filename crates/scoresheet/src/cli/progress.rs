//! A progress line on standard error for long runs on a terminal.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Shows how far through an input a command is, when the input is large and standard error
/// is a terminal; otherwise does nothing.
pub struct Progress {
    total: u64,
    active: bool,
    last: Instant,
}

/// Inputs smaller than this finish too quickly to need a progress line.
const LARGE: u64 = 4 << 20;

impl Progress {
    pub fn new(total: Option<u64>) -> Progress {
        let total = total.unwrap_or(0);
        Progress {
            total,
            active: total >= LARGE && std::io::stderr().is_terminal(),
            last: Instant::now(),
        }
    }

    /// Reports that `done` bytes and `games` games are through.
    pub fn update(&mut self, done: u64, games: u64) {
        if !self.active || self.last.elapsed() < Duration::from_millis(200) {
            return;
        }
        self.last = Instant::now();
        let percent = done as f64 * 100.0 / self.total.max(1) as f64;
        let width = 30;
        let filled = ((percent / 100.0) * width as f64) as usize;
        let bar: String = "#".repeat(filled.min(width)) + &"-".repeat(width - filled.min(width));
        eprint!("\r[{bar}] {percent:5.1}%  {games} games");
        let _ = std::io::stderr().flush();
    }

    /// Clears the progress line.
    pub fn finish(&mut self) {
        if self.active {
            eprint!("\r{:60}\r", "");
            self.active = false;
        }
    }
}
