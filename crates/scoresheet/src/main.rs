//! `scoresheet`: read, check, convert and serve records of draughts and chess games.

use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("scoresheet: {e:#}");
            ExitCode::from(2)
        }
    }
}
