//! `scoresheet check`: read and replay every game, report each bad one with its place.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use record::{ReadError, Reader};
use scoresheet::games::{AnyGame, Checked, Checker, GameError, ReadOptions, VariantSource};
use serde::Serialize;

use super::input::open;
use super::progress::Progress;
use super::read_args::ReadArgs;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// PDN or PGN files (`-` for standard input).
    #[arg(required = true)]
    files: Vec<String>,
    #[command(flatten)]
    read: ReadArgs,
    /// Write one JSON object per game instead of text.
    #[arg(long)]
    json: bool,
}

/// What `check` says about one game.
#[derive(Debug, Serialize)]
struct Report<'a> {
    file: &'a str,
    game: u64,
    line: u32,
    column: u32,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant_source: Option<VariantSource>,
    #[serde(skip_serializing_if = "Option::is_none")]
    plies: Option<usize>,
    /// For chess: the notation and language the moves were read in.
    #[serde(skip_serializing_if = "Option::is_none")]
    reading: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<Problem>,
    warnings: Vec<Problem>,
}

impl<'a> Report<'a> {
    /// A good game's report, the details still to fill in.
    fn new(file: &'a str, game: u64, at: record::Pos) -> Report<'a> {
        Report {
            file,
            game,
            line: at.line,
            column: at.column,
            ok: true,
            variant: None,
            variant_source: None,
            plies: None,
            reading: None,
            result: None,
            winner: None,
            error: None,
            warnings: Vec::new(),
        }
    }
}

#[derive(Debug, Serialize)]
struct Problem {
    line: u32,
    column: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    r#move: Option<String>,
    message: String,
}

impl From<&GameError> for Problem {
    fn from(e: &GameError) -> Problem {
        Problem {
            line: e.at.line,
            column: e.at.column,
            ply: e.ply.as_ref().map(|p| p.index),
            r#move: e.ply.as_ref().map(|p| p.text.clone()),
            message: e.to_string(),
        }
    }
}

#[derive(Default)]
struct Totals {
    games: u64,
    ok: u64,
    failed: u64,
    /// Games per variant title, and how many of them had their variant inferred.
    variants: BTreeMap<&'static str, (u64, u64)>,
}

pub fn run(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut totals = Totals::default();
    let mut io_failure = false;
    for path in &args.files {
        let input = match open(path) {
            Ok(i) => i,
            Err(e) => {
                eprintln!("scoresheet: {e:#}");
                io_failure = true;
                continue;
            }
        };
        let options: ReadOptions = args.read.options_for(path);
        let mut progress = Progress::new(input.size);
        let bytes = input.read.clone();
        let mut reader = Reader::new(input.reader);
        let mut checker = Checker::new(options);
        while let Some(read) = checker.next(&mut reader) {
            let number = reader.game_count();
            let report = match read {
                Ok(game) => {
                    let at = match &game {
                        Checked::Good { game, .. } => game.at(),
                        Checked::Bad(e) => e.at,
                    };
                    let mut report = Report::new(&input.name, number, at);
                    match game {
                        Checked::Good { game: any, plies } => {
                            report.variant = Some(any.rules().name());
                            report.plies = Some(plies);
                            report.warnings = any.warnings().iter().map(Problem::from).collect();
                            let (title, inferred) = match &*any {
                                AnyGame::Draughts(g) => {
                                    report.variant_source = Some(g.source);
                                    report.result =
                                        g.outcome().map(|o| o.text(&g.variant).to_string());
                                    report.winner = g.winner().map(|c| c.name());
                                    (g.variant.title, g.source == VariantSource::Inferred)
                                }
                                AnyGame::Chess(g) => {
                                    report.result = g.result_text().map(str::to_string);
                                    report.winner = g.winner().map(|c| c.fold_wb("white", "black"));
                                    report.reading =
                                        Some(format!("{} ({})", g.notation, g.language.name()));
                                    (
                                        if g.variant == scoresheet::games::ChessVariant::Chess960 {
                                            "Chess960"
                                        } else {
                                            "Chess"
                                        },
                                        false,
                                    )
                                }
                            };
                            let entry = totals.variants.entry(title).or_default();
                            entry.0 += 1;
                            entry.1 += u64::from(inferred);
                        }
                        Checked::Bad(e) => {
                            report.ok = false;
                            report.error = Some(Problem::from(&e));
                        }
                    }
                    report
                }
                Err(ReadError::Syntax {
                    at,
                    message,
                    game_number,
                }) => Report {
                    ok: false,
                    error: Some(Problem {
                        line: at.line,
                        column: at.column,
                        ply: None,
                        r#move: None,
                        message,
                    }),
                    ..Report::new(&input.name, game_number, at)
                },
                Err(ReadError::Io(e)) => {
                    eprintln!("scoresheet: {}: {e}", input.name);
                    io_failure = true;
                    break;
                }
            };
            totals.games += 1;
            if report.ok {
                totals.ok += 1;
            } else {
                totals.failed += 1;
            }
            print_report(&mut out, &report, args.json)?;
            progress.update(bytes.get(), totals.games);
        }
        progress.finish();
    }
    if !args.json {
        let variants: Vec<String> = totals
            .variants
            .iter()
            .map(|(title, (n, inferred))| {
                if *inferred > 0 {
                    format!("{title} {n} ({inferred} inferred: no GameType tag and no --variant)")
                } else {
                    format!("{title} {n}")
                }
            })
            .collect();
        if !variants.is_empty() {
            writeln!(out, "variants: {}", variants.join(", "))?;
        }
        writeln!(
            out,
            "{} games, {} ok, {} failed",
            totals.games, totals.ok, totals.failed
        )?;
    }
    out.flush()?;
    Ok(if io_failure {
        ExitCode::from(2)
    } else if totals.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn print_report(out: &mut impl Write, r: &Report, json: bool) -> anyhow::Result<()> {
    if json {
        // As an io::Error, a closed pipe is recognised as one (see main).
        serde_json::to_writer(&mut *out, r).map_err(std::io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    if let Some(e) = &r.error {
        writeln!(
            out,
            "{}:{}:{}: game {}: {}",
            r.file, e.line, e.column, r.game, e.message
        )?;
    }
    for w in &r.warnings {
        writeln!(
            out,
            "{}:{}:{}: game {}: warning: {}",
            r.file, w.line, w.column, r.game, w.message
        )?;
    }
    Ok(())
}
