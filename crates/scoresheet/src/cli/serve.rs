//! `scoresheet serve`: the web site.

use std::net::SocketAddr;
use std::process::ExitCode;

use clap::Args;
use scoresheet::server::{ServerConfig, serve};

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8000")]
    addr: SocketAddr,
    /// The SQLite database file (created and migrated at start).
    #[arg(long, default_value = "scoresheet.sqlite3")]
    database: String,
}

pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(serve(ServerConfig {
        addr: args.addr,
        database: args.database,
    }))?;
    Ok(ExitCode::SUCCESS)
}
