//! `scoresheet check`: read and replay every game, report each bad one with its place.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use games::{
    AnyGame, Checked, Checker, DraughtsGame, FileGames, FileVariants, GameError, GameWork, Made,
    ReadOptions, Step, Turn, VariantSource,
};
use record::{ReadError, Reader};
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
    /// For a draughts game that several variants replay and nothing decided: all of them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    variants: Vec<&'static str>,
    /// The rules' title in the totals ("Brazilian draughts or Russian draughts" when
    /// undecided).
    #[serde(skip)]
    title: String,
    /// Whether the rules were not given by a tag or the user.
    #[serde(skip)]
    inferred: bool,
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
            variants: Vec::new(),
            title: String::new(),
            inferred: false,
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
    variants: BTreeMap<String, (u64, u64)>,
}

impl Totals {
    fn count(&mut self, report: &Report) {
        self.games += 1;
        if report.ok {
            self.ok += 1;
            let entry = self.variants.entry(report.title.clone()).or_default();
            entry.0 += 1;
            entry.1 += u64::from(report.inferred);
        } else {
            self.failed += 1;
        }
    }
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
        let work = CheckReports {
            options: args.read.options_for(path),
        };
        let mut progress = Progress::new(input.size);
        let bytes = input.read.clone();
        // The reports in the order of the file, made on `jobs` threads or on this one.
        for step in
            FileGames::new(input.reader, work, args.read.jobs()).with_max_game(args.read.max_game())
        {
            match step {
                Ok(Step::Read(number, ())) => progress.update(bytes.get(), number),
                Ok(Step::Out(_, report)) => {
                    let report = Report {
                        file: &input.name,
                        ..report
                    };
                    totals.count(&report);
                    print_report(&mut out, &report, args.json)?;
                }
                // The games read before the error still come out.
                Err(e) => {
                    eprintln!("scoresheet: {}: {e}", input.name);
                    io_failure = true;
                }
            }
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

/// A check's work on each game: its report, made where the game is read (on the threads of
/// `check -j N`); the file's name is filled in as it comes out.
struct CheckReports {
    options: ReadOptions,
}

impl GameWork for CheckReports {
    type State = Checker;
    type Said = ();
    type Done = Report<'static>;
    /// The moves of a waiting game's main line.
    type Aside = usize;

    fn state(&self) -> Checker {
        Checker::new(self.options)
    }

    fn next<R: std::io::Read>(
        &self,
        checker: &mut Checker,
        input: &mut Reader<R>,
    ) -> Option<std::io::Result<Made<Self>>> {
        let read = checker.next(input)?;
        let number = input.game_count();
        let report = match read {
            Ok(Checked::Good { game, plies }) => {
                return Some(Ok(Made {
                    rules: FileVariants::rules_of(&game),
                    said: (),
                    turn: Turn::of(game, plies, |game| good_report("", number, &game, plies)),
                }));
            }
            Ok(Checked::Bad(e)) => Report {
                ok: false,
                error: Some(Problem::from(&e)),
                ..Report::new("", number, e.at)
            },
            Err(ReadError::Syntax { at, message, .. }) => Report {
                ok: false,
                error: Some(Problem {
                    line: at.line,
                    column: at.column,
                    ply: None,
                    r#move: None,
                    message,
                }),
                ..Report::new("", number, at)
            },
            Err(ReadError::Io(e)) => return Some(Err(e)),
        };
        // A bad game decides nothing of the file's variants.
        Some(Ok(Made {
            rules: None,
            said: (),
            turn: Turn::Done(report),
        }))
    }

    fn number(&self, made: &mut Made<Self>, game: u64) {
        if let Turn::Done(report) = &mut made.turn {
            report.game = game;
        }
    }

    fn settled(&self, number: u64, game: DraughtsGame, plies: usize) -> Report<'static> {
        good_report("", number, &AnyGame::Draughts(game), plies)
    }
}

/// The report of a game that replays.
fn good_report<'a>(file: &'a str, number: u64, any: &AnyGame, plies: usize) -> Report<'a> {
    let mut report = Report::new(file, number, any.at());
    report.variant = Some(any.rules().name());
    report.plies = Some(plies);
    report.warnings = any.warnings().iter().map(Problem::from).collect();
    match any {
        AnyGame::Draughts(g) => {
            report.variant_source = Some(g.source);
            report.result = g.outcome().map(|o| o.text(&g.variant).to_string());
            report.winner = g.winner().map(|c| c.name());
            if g.source == VariantSource::Undecided {
                report.variants = g.replaying_variants().iter().map(|v| v.name).collect();
            }
            report.title = g.rules_title();
            report.inferred = !matches!(
                g.source,
                VariantSource::GameType | VariantSource::VariantTag | VariantSource::Selected
            );
        }
        AnyGame::Chess(g) => {
            report.result = g.result_text().map(str::to_string);
            report.winner = g.winner().map(|c| c.fold_wb("white", "black"));
            // Once per game: without the formatting machinery.
            report.reading = Some([g.notation.name(), " (", g.language.name(), ")"].concat());
            // The variant as the Parquet tables name it: `chess`, `chess960`, `crazyhouse`, ...
            report.variant = Some(g.variant.report_name());
            report.title = match g.variant {
                games::ChessVariant::Standard => "Chess".to_string(),
                other => other.to_string(),
            };
        }
    }
    report
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
