//! `scoresheet hub`: the draughts engine as a Hub engine on standard input and output.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

/// Arguments of `scoresheet hub`.
#[derive(Debug, Args)]
pub struct HubArgs {
    /// A directory of endgame tables (as `scoresheet egdb build` writes
    /// them): the search probes the tables of the variant played.
    #[arg(long, value_name = "DIR")]
    endgames: Option<PathBuf>,
}

/// Serves the Hub protocol until `quit` or the end of the input.
pub fn run(args: HubArgs) -> anyhow::Result<ExitCode> {
    let endgames = match &args.endgames {
        Some(dir) => draughts::egdb::Library::load(dir)
            .with_context(|| format!("--endgames {}", dir.display()))?,
        None => draughts::egdb::Library::default(),
    };
    draughts::hub::serve(std::io::stdin().lock(), std::io::stdout().lock(), &endgames)?;
    Ok(ExitCode::SUCCESS)
}
