//! `scoresheet analyse`: every game of a file analysed in full by the engine (the draughts
//! search, Stockfish for chess) and written back annotated: `[%eval]` after each move,
//! inaccuracies, mistakes and blunders marked with their NAG, the better line as a
//! variation, the players' accuracies in a comment (see the site crate's
//! `engine::judgement` for the method).

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use games::{AnyGame, ConvertStyle, OnePass, ReadGame, ReadOptions};
use record::{ReadError, Reader};
use site::engine::annotate::annotate;
use site::engine::evaluation::Budget;
use site::engine::game_analysis::{GameAnalysis, GameLine, Settings, evaluate_line};
use site::engine::stockfish;

use super::RulesArg;
use super::bad_games::BadGames;
use super::input::open;

/// The depth each position gets by default: draughts (the draughts search's plies) and
/// chess (Stockfish's).
const DEFAULT_DEPTH: (u32, u32) = (10, 16);

#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// Input file; `-` (the default) reads standard input.
    #[arg(default_value = "-")]
    input: String,
    /// Output file; standard output by default.
    #[arg(long, short)]
    output: Option<String>,
    /// Search each position to this depth, in plies (default: 10 for draughts, 16 for
    /// chess). The same depth gives the same analysis on every machine.
    #[arg(long, conflicts_with = "time")]
    depth: Option<u32>,
    /// Search each position for this many milliseconds instead of to a depth.
    #[arg(long)]
    time: Option<u64>,
    /// Positions searched at once (default: one per core).
    #[arg(long, short)]
    jobs: Option<usize>,
    /// Rules for games whose tags do not say (see `check --variant`).
    #[arg(long, short)]
    variant: Option<RulesArg>,
    /// Stockfish's executable for chess (default: `SCORESHEET_STOCKFISH`, then `stockfish`
    /// on the PATH, then /usr/games/stockfish).
    #[arg(long)]
    stockfish: Option<PathBuf>,
    /// A directory of draughts endgame tables (as `scoresheet egdb build` writes them), probed by the search.
    #[arg(long, value_name = "DIR")]
    endgames: Option<PathBuf>,
}

pub fn run(args: AnalyseArgs) -> anyhow::Result<ExitCode> {
    let input = open(&args.input)?;
    let name = input.name.clone();
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(io::BufWriter::new(
            File::create(path).with_context(|| format!("cannot create {path}"))?,
        )),
        None => Box::new(io::BufWriter::new(io::stdout().lock())),
    };
    let options = ReadOptions {
        prefer_chess: args.input.to_ascii_lowercase().ends_with(".pgn"),
        rules: args.variant.map(|r| r.0),
        ..ReadOptions::default()
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let stockfish = stockfish::find(args.stockfish.clone());
    let endgames = match &args.endgames {
        Some(dir) => draughts::egdb::Library::load(dir)
            .with_context(|| format!("--endgames {}", dir.display()))?,
        None => draughts::egdb::Library::default(),
    };
    let jobs = args.jobs.unwrap_or_else(games::every_core).max(1);
    let style = ConvertStyle::default();
    let mut reader = Reader::new(input.reader);
    let mut one_pass = OnePass::new(options);
    let mut bad = BadGames::new(&name, true, "left out");
    let mut number = 0u64;
    let terminal = io::stderr().is_terminal();
    while let Some(read) = one_pass.next(&mut reader) {
        number += 1;
        let mut game = match read {
            Ok(ReadGame::Game(game)) => game,
            Ok(ReadGame::Bad(e)) => {
                bad.tell(number, e.at, &e);
                continue;
            }
            Err(ReadError::Syntax { at, message, .. }) => {
                bad.tell(number, at, message);
                continue;
            }
            Err(ReadError::Io(e)) => return Err(e).with_context(|| format!("reading {name}")),
        };
        let line = GameLine::of(&game);
        let budget = match (args.depth, args.time) {
            (Some(d), _) => Budget::Depth(d),
            (None, Some(ms)) => Budget::TimeMs(ms),
            (None, None) => Budget::Depth(match &*game {
                AnyGame::Draughts(_) => DEFAULT_DEPTH.0,
                AnyGame::Chess(_) => DEFAULT_DEPTH.1,
            }),
        };
        let settings = Settings {
            budget,
            jobs,
            stockfish: stockfish.clone(),
            cpu: None,
            endgames: endgames.clone(),
        };
        let positions = line.positions();
        let started = Instant::now();
        let done = Arc::new(AtomicUsize::new(0));
        let evals = {
            let work = evaluate_line(&line, &settings, done.clone());
            if terminal {
                runtime.block_on(with_progress(work, done, positions.len(), number))
            } else {
                runtime.block_on(work)
            }
        };
        let evals = match evals {
            Ok(evals) => evals,
            Err(e) => {
                bad.tell(number, game.at(), format!("not analysed: {e}"));
                continue;
            }
        };
        let analysis = GameAnalysis::judge(&line, &evals, budget, &Default::default());
        annotate(&mut game, &line, &analysis);
        out.write_all(style.write(&game).as_bytes())?;
        out.flush()?;
        let accuracy = |a: Option<f64>| a.map_or_else(|| "-".to_string(), |a| format!("{a:.1}"));
        eprintln!(
            "{name}: game {number}: {} plies in {:.1} s; accuracy White {}, Black {}; blunders {} and {}",
            line.moves.len(),
            started.elapsed().as_secs_f64(),
            accuracy(analysis.white.accuracy),
            accuracy(analysis.black.accuracy),
            analysis.white.blunders,
            analysis.black.blunders,
        );
    }
    Ok(bad.exit_code())
}

/// Runs `work`, showing on standard error how many of `total` positions are done.
async fn with_progress<T>(
    work: impl Future<Output = T>,
    done: Arc<AtomicUsize>,
    total: usize,
    number: u64,
) -> T {
    let mut work = std::pin::pin!(work);
    loop {
        tokio::select! {
            out = &mut work => {
                eprint!("\r\x1b[K");
                return out;
            }
            () = tokio::time::sleep(std::time::Duration::from_millis(250)) => {
                let n = done.load(std::sync::atomic::Ordering::Relaxed);
                eprint!("\r\x1b[Kgame {number}: {n}/{total} positions");
            }
        }
    }
}
