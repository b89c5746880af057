//! Command-line arguments and the subcommands.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod analyse;
mod bad_games;
mod check;
mod convert;
#[cfg(feature = "parquet")]
mod convert_table;
mod db;
mod egdb;
mod fen;
mod hub;
mod input;
mod perft;
mod progress;
mod read_args;
mod serve;
mod variant_arg;

pub use variant_arg::RulesArg;

/// Read, check, convert and serve records of draughts and chess games.
#[derive(Debug, Parser)]
#[command(name = "scoresheet", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the move sequences of a given length from a position (checks the move generator).
    Perft(perft::PerftArgs),
    /// Normalise a FEN position and draw it.
    Fen(fen::FenArgs),
    /// Read and replay every game of PDN/PGN files; report each bad game with its place.
    Check(check::CheckArgs),
    /// Rewrite games in another notation (standard input to standard output by default).
    Convert(convert::ConvertArgs),
    /// Run the web site: analysis board, games, help pages.
    Serve(serve::ServeArgs),
    /// The games database: import collections, explore positions, search, export.
    Db(Box<db::DbArgs>),
    /// Analyse every game in full with the engine and write it annotated: `[%eval]` after
    /// each move, inaccuracies, mistakes and blunders marked (NAGs) with the better line.
    #[command(alias = "analyze")]
    Analyse(analyse::AnalyseArgs),
    /// Run the draughts engine as a Hub engine on standard input and output (Scan's
    /// protocol, as lidraughts and pydraughts drive it).
    Hub(hub::HubArgs),
    /// Build or check the draughts endgame tables that `serve`, `analyse` and `hub` load
    /// with `--endgames DIR`.
    Egdb(egdb::EgdbArgs),
}

/// Runs a parsed command line. `Ok` carries the exit code; `Err` is a usage or I/O problem
/// (exit code 2).
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Fen(args) => fen::run(args),
        Command::Check(args) => check::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Db(args) => db::run(*args),
        Command::Analyse(args) => analyse::run(args),
        Command::Hub(args) => hub::run(args),
        Command::Egdb(args) => egdb::run(args),
    }
}
