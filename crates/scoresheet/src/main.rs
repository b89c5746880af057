//! `scoresheet`: read, check, convert and serve records of draughts and chess games.

use std::process::ExitCode;

use clap::Parser;

mod cli;

/// mimalloc: reading games makes many small strings (move words, comments), which it
/// allocates and frees markedly faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        // The reader of standard output went away (`| head`): nothing is left to say.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("scoresheet: {e:#}");
            ExitCode::from(2)
        }
    }
}
