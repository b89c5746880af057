//! `scoresheet serve`: the web site.

use std::net::SocketAddr;
use std::process::ExitCode;

use clap::Args;
use std::time::Duration;

use site::server::forwarded::Net;
use site::server::quotas::Quotas;
use site::server::{Limits, ServerConfig, serve};

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8000")]
    addr: SocketAddr,
    /// The SQLite database file (created and migrated at start).
    #[arg(long, default_value = "scoresheet.sqlite3")]
    database: String,
    /// The most client connections open at once (lowered to fit the open-file limit,
    /// `ulimit -n`, less 64). At the cap the connection idle the longest is closed for a
    /// new one; when all are busy, new ones get 503.
    #[arg(long, default_value_t = 4096)]
    max_connections: usize,
    /// Seconds a client has to send a request's headers; a connection silent that long
    /// (before its first request or between two) is closed.
    #[arg(long, default_value_t = 10)]
    header_timeout: u64,
    /// Seconds a connection may go without a byte read or written before it is closed.
    #[arg(long, default_value_t = 60)]
    stall_timeout: u64,
    /// Mark every cookie `Secure`: use when the site is reached over HTTPS. Behind a proxy
    /// that sends `X-Forwarded-Proto: https`, cookies are marked on those requests anyway.
    #[arg(long)]
    secure_cookies: bool,
    /// Stockfish's executable, for chess analysis and chess against the computer. Without
    /// it, the one named by SCORESHEET_STOCKFISH (`none`: no chess engine), else `stockfish`
    /// on the PATH, else /usr/games/stockfish; with none found, chess analysis is off.
    #[arg(long, value_name = "PATH")]
    stockfish: Option<std::path::PathBuf>,
    /// A directory of draughts endgame tables (as `scoresheet egdb build` writes them): the
    /// analysis board, the full-game analysis and the computer's strong moves probe them,
    /// and the board says "database win".
    #[arg(long, value_name = "DIR")]
    endgames: Option<std::path::PathBuf>,
    /// The most threads one draughts analysis of the board searches on at a time. The
    /// analysis pool has half the machine's cores; a step takes as many of them as are free,
    /// up to this (by default all), so a board analysed alone goes deeper and boards analysed
    /// together share the pool.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    analysis_threads: Option<u16>,
    /// A reverse proxy in front of the server (an address such as 127.0.0.1, or a network
    /// such as 10.0.0.0/8; repeat for several): its `X-Forwarded-For` names the client, so
    /// that the limits kept per client (live streams) count each client, not the proxy.
    /// Without it that header is ignored.
    #[arg(long, value_name = "ADDR")]
    trusted_proxy: Vec<Net>,
    /// Live event streams (games followed, engine analyses) one client may hold at once:
    /// counted by address (an IPv6 /64 as one; behind a trusted proxy, the address it
    /// forwards), never by cookie. Beyond it, `429 too-many-streams`.
    #[arg(long, default_value_t = site::server::streams::PER_CLIENT)]
    streams_per_client: usize,
    /// Connections one client address may hold open at once (an IPv6 /64 as one; a trusted
    /// proxy's are not counted). At the cap its connection idle the longest gives way to the
    /// new one; when all are busy, the new one gets 503.
    #[arg(long, default_value_t = site::server::listener::CONNECTIONS_PER_CLIENT)]
    connections_per_client: usize,
    /// Games one client address may create in an hour (`POST /api/games` and rematches):
    /// that many in a row, then one every hour/N. Beyond it, `429 too-many-games` with
    /// `Retry-After`. 0: no limit. (Each quota counts an IPv6 /64 as one address.)
    #[arg(long, default_value_t = Quotas::default().games_per_client)]
    games_per_hour_per_client: u32,
    /// Games all clients together may create in an hour. 0: no limit.
    #[arg(long, default_value_t = Quotas::default().games)]
    games_per_hour: u32,
    /// Analyses one client address may save in an hour (`POST /api/analyses`). Beyond it,
    /// `429 too-many-analyses` with `Retry-After`. 0: no limit.
    #[arg(long, default_value_t = Quotas::default().analyses_per_client)]
    analyses_per_hour_per_client: u32,
    /// Analyses all clients together may save in an hour. 0: no limit.
    #[arg(long, default_value_t = Quotas::default().analyses)]
    analyses_per_hour: u32,
    /// Megabytes of analyses one client address may save in an hour (at most 4095). 0: no
    /// limit.
    #[arg(long, default_value_t = Quotas::default().analysis_bytes_per_client >> 20)]
    analysis_mb_per_hour_per_client: u32,
    /// Megabytes of analyses all clients together may save in an hour (at most 4095). 0: no
    /// limit.
    #[arg(long, default_value_t = Quotas::default().analysis_bytes >> 20)]
    analysis_mb_per_hour: u32,
    /// Megabytes all saved analyses may take in the database. Beyond it, saving answers
    /// `507 analyses-full` with `Retry-After`. 0: no limit.
    #[arg(long, default_value_t = Quotas::default().analyses_budget >> 20)]
    analyses_budget_mb: u64,
    /// Games against the computer one client address may have running at once (in progress
    /// and played in the last 10 minutes). Beyond it, `429 too-many-computer-games`. 0: no
    /// limit.
    #[arg(long, default_value_t = Quotas::default().computer_games_per_client)]
    computer_games_per_client: u32,
    /// Games against the computer running at once on the server. 0: no limit.
    #[arg(long, default_value_t = Quotas::default().computer_games)]
    computer_games: u32,
    /// A folder of PDN/PGN files imported into the games database at start when it holds no
    /// game (in the background), so that the explorer and the database page have games to
    /// show: by default the shared game files beside the checkout.
    #[arg(long, value_name = "DIR", default_value = "../shared/data")]
    examples: std::path::PathBuf,
    /// Import no example games at start.
    #[arg(long)]
    no_examples: bool,
}

/// Megabytes as bytes, at most `u32::MAX`.
fn megabytes(mb: u32) -> u32 {
    u32::try_from(u64::from(mb) << 20).unwrap_or(u32::MAX)
}

pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(serve(ServerConfig {
        addr: args.addr,
        database: args.database,
        limits: Limits {
            max_connections: args.max_connections,
            header_timeout: Duration::from_secs(args.header_timeout.max(1)),
            stall_timeout: Duration::from_secs(args.stall_timeout.max(1)),
            trusted_proxies: args.trusted_proxy.into_iter().collect(),
            streams_per_client: args.streams_per_client.max(1),
            connections_per_client: args.connections_per_client.max(1),
            quotas: Quotas {
                games_per_client: args.games_per_hour_per_client,
                games: args.games_per_hour,
                analyses_per_client: args.analyses_per_hour_per_client,
                analyses: args.analyses_per_hour,
                analysis_bytes_per_client: megabytes(args.analysis_mb_per_hour_per_client),
                analysis_bytes: megabytes(args.analysis_mb_per_hour),
                analyses_budget: args.analyses_budget_mb.saturating_mul(1 << 20),
                computer_games_per_client: args.computer_games_per_client,
                computer_games: args.computer_games,
            },
        },
        secure_cookies: args.secure_cookies,
        stockfish: args.stockfish,
        examples: (!args.no_examples).then_some(args.examples),
        endgames: args.endgames,
        analysis_threads: args.analysis_threads.map(usize::from),
    }))?;
    Ok(ExitCode::SUCCESS)
}
