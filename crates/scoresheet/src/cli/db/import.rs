//! `scoresheet db import`: files of games into the database.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use database::{ImportOptions, Imported};

use super::DatabaseArg;
use crate::cli::input::open;
use crate::cli::progress::Progress;
use crate::cli::read_args::ReadArgs;

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// PDN or PGN files (`-` for standard input).
    #[arg(required = true)]
    files: Vec<String>,
    #[command(flatten)]
    db: DatabaseArg,
    #[command(flatten)]
    read: ReadArgs,
    /// Keep the games that do not replay, as their text with their error (they are listed
    /// and exported, but have no positions).
    #[arg(long)]
    keep_bad: bool,
    /// Write what the import did as one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(args: ImportArgs) -> anyhow::Result<ExitCode> {
    super::runtime()?.block_on(async {
        let db = args.db.open().await?;
        let started = Instant::now();
        let mut total = Imported::default();
        let mut io_failure = false;
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        for path in &args.files {
            let input = match open(path) {
                Ok(i) => i,
                Err(e) => {
                    eprintln!("scoresheet: {e:#}");
                    io_failure = true;
                    continue;
                }
            };
            let options = ImportOptions {
                read: args.read.options_for(path),
                jobs: args.read.jobs(),
                keep_bad: args.keep_bad,
                max_game: args.read.max_game(),
                ..ImportOptions::default()
            };
            let mut progress = Progress::new(input.size);
            let bytes = input.read.clone();
            let imported = db
                .import(&input.name, input.reader, options, |games| {
                    progress.update(bytes.get(), games)
                })
                .await;
            progress.finish();
            match imported {
                Ok(imported) => {
                    if !args.json {
                        for bad in &imported.bad {
                            writeln!(out, "{bad}")?;
                        }
                    }
                    total.add(imported);
                }
                Err(database::DbError::Io(e)) => {
                    eprintln!("scoresheet: {}: {e}", input.name);
                    io_failure = true;
                }
                Err(e) => return Err(anyhow::anyhow!("{}: {e}", input.name)),
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        if args.json {
            serde_json::to_writer(&mut out, &total)?;
            writeln!(out)?;
        } else {
            writeln!(
                out,
                "{} games read, {} added, {} already there, {} bad{}; {} positions indexed; {:.1} s ({:.0} games/s)",
                total.games,
                total.added,
                total.duplicates,
                total.bad.len(),
                if args.keep_bad {
                    format!(" ({} kept)", total.kept_bad)
                } else {
                    String::new()
                },
                total.positions,
                seconds,
                total.games as f64 / seconds.max(1e-9),
            )?;
        }
        out.flush()?;
        Ok(if io_failure {
            ExitCode::from(2)
        } else if total.bad.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        })
    })
}
