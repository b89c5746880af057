//! `scoresheet db`: the games database (the `database` crate) on the command line: import
//! files, explore a position, search, export.

use std::process::ExitCode;

use clap::{Args, Subcommand};

mod explore;
mod filter_args;
mod import;
mod position_args;
mod search;
mod tables;

#[derive(Debug, Args)]
pub struct DbArgs {
    #[command(subcommand)]
    command: DbCommand,
}

/// The database every `db` command works on.
#[derive(Debug, Args)]
pub struct DatabaseArg {
    /// The database: a SQLite file (created when missing; the one `serve` uses by default) or
    /// `postgres://user@host/db`.
    #[arg(long, default_value = "scoresheet.sqlite3")]
    database: String,
}

impl DatabaseArg {
    /// Opens the database (bringing its tables up to date).
    async fn open(&self) -> anyhow::Result<database::Database> {
        database::Database::open(&self.database)
            .await
            .map_err(|e| anyhow::anyhow!("{}: {e}", self.database))
    }
}

#[derive(Debug, Subcommand)]
enum DbCommand {
    /// Import PDN/PGN files: every game with its tags and text, every position of its main
    /// line indexed. Games the database has already are left out.
    Import(import::ImportArgs),
    /// The moves played from a position in the database's games, with their results, and the
    /// top and latest games.
    Explore(explore::ExploreArgs),
    /// Find games by player, event, site, date, rating, result, variant, opening moves or a
    /// position reached by any move order.
    Search(search::SearchArgs),
    /// Write the games a search finds as PDN/PGN, as they were written.
    Export(search::ExportArgs),
    /// How many games and indexed positions the database holds, and its index's size.
    Stats(DatabaseArg),
}

/// A runtime for the database's asynchronous calls.
fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?)
}

pub fn run(args: DbArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        DbCommand::Import(args) => import::run(args),
        DbCommand::Explore(args) => explore::run(args),
        DbCommand::Search(args) => search::run(args),
        DbCommand::Export(args) => search::export(args),
        DbCommand::Stats(db) => runtime()?.block_on(async {
            let stats = db.open().await?.stats().await?;
            println!("{}", serde_json::to_string_pretty(&stats)?);
            Ok(ExitCode::SUCCESS)
        }),
    }
}
