//! `scoresheet convert`: rewrite games in another notation.

use std::fs::File;
use std::io::{self, Read, Write};
use std::process::ExitCode;

use anyhow::Context;
use chess_notation::{DescriptiveSystem, Language, Notation, WriteOptions as ChessOptions};
use clap::{Args, ValueEnum};
use draughts::SquareStyle;
use games::{
    AnyGame, ConvertStyle, ConvertWork, Converted, ConvertedGame, Converter, DraughtsGame,
    FileVariants, GameError, ReadOptions, convert_in_parallel,
};
use record::parallel::Parallel;
use record::{ReadError, Reader};

use super::input::open;
use super::progress::Progress;
use super::read_args::ReadArgs;

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Input file; `-` (the default) reads standard input.
    #[arg(default_value = "-")]
    input: String,
    /// Output file; standard output by default.
    #[arg(long, short)]
    output: Option<String>,
    #[command(flatten)]
    read: ReadArgs,
    /// Draughts: write squares as numbers or algebraic names (default: each variant's own way).
    #[arg(long, value_enum)]
    squares: Option<SquaresArg>,
    /// Draughts: the character between the squares of a capture (default: the variant's, `x` or `:`).
    #[arg(long)]
    separator: Option<char>,
    /// Draughts: write every landing square of a capture.
    #[arg(long)]
    full_path: bool,
    /// Chess: the notation to write: san, long, uci, descriptive (Spanish with --lang es,
    /// English otherwise), desc-es or desc-en.
    #[arg(long, default_value = "san")]
    notation: String,
    /// Chess: the language of the piece letters (en, es, eo, fr, de, it, pl, nl).
    #[arg(long, default_value = "en")]
    lang: Language,
    /// Chess: figurines instead of piece letters.
    #[arg(long)]
    figurine: bool,
    /// Chess: mate written `++` instead of `#`.
    #[arg(long)]
    double_plus_mate: bool,
    /// Chess: castling written with zeros (`0-0`).
    #[arg(long)]
    zeros: bool,
    /// Leave bad games out instead of passing them through unchanged.
    #[arg(long)]
    skip_bad: bool,
    /// Write annotation glyphs (`±`, `⩲`, `N`, ...) instead of `$n` where a NAG has one.
    #[arg(long)]
    glyphs: bool,
    /// Movetext line width (0: no wrapping).
    #[arg(long, default_value_t = 80)]
    width: usize,
    /// What to write: games as text (PDN/PGN), or a table for the analytics engines: a
    /// Parquet file or an Arrow IPC file, one row per game (see --positions).
    #[arg(long, value_enum, default_value = "text")]
    to: OutputFormat,
    /// With --to parquet or arrow: one row per position of each game's main line (game,
    /// ply, FEN, the move played from it) instead of one row per game.
    #[arg(long)]
    positions: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OutputFormat {
    Text,
    Parquet,
    Arrow,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SquaresArg {
    Numeric,
    Algebraic,
}

pub fn run(args: ConvertArgs) -> anyhow::Result<ExitCode> {
    let options: ReadOptions = args.read.options_for(&args.input);
    let style = convert_style(&args)?;
    let input = open(&args.input)?;
    if args.to != OutputFormat::Text {
        return table(input, options, &args);
    }
    if args.positions {
        anyhow::bail!("--positions goes with --to parquet or --to arrow");
    }
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(io::BufWriter::new(
            File::create(path).with_context(|| format!("cannot create {path}"))?,
        )),
        None => Box::new(io::BufWriter::new(io::stdout().lock())),
    };
    let mut progress = Progress::new(input.size);
    let bytes = input.read.clone();
    let name = input.name.clone();
    let jobs = args.read.jobs();
    // One reader on this thread, or the games read and written on `jobs` threads and handed
    // out in the order of the input: the same output either way.
    let mut games = if jobs > 1 {
        Games::Parallel(convert_in_parallel(
            input.reader,
            options,
            style.clone(),
            jobs,
        ))
    } else {
        Games::One(
            Reader::new(input.reader),
            Converter::new(options, style.clone()),
        )
    };
    // Writes the games that waited for the end of the input.
    let converter = Converter::new(options, style);
    let mut bad = 0u64;
    // Games that several variants replay wait for the end of the file, which may decide
    // them (see `FileVariants`), and so do the games after the first of them, so that the
    // output keeps the order of the input.
    let mut file = FileVariants::default();
    let mut waiting: Vec<Waiting> = Vec::new();
    while let Some(next) = games.next() {
        let (number, game) = next.with_context(|| format!("reading {name}"))?;
        let problem = match game.read {
            Ok(Converted::Text(text)) => {
                warn(&name, number, &game.warnings);
                if waiting.is_empty() {
                    out.write_all(text.as_bytes())?;
                } else {
                    waiting.push(Waiting::Text(text));
                }
                None
            }
            Ok(Converted::Open { game, .. }) => {
                waiting.push(Waiting::Open(game, number));
                None
            }
            Ok(Converted::Bad(e)) => Some(format!(
                "{name}:{}:{}: game {number}: {e}",
                e.at.line, e.at.column
            )),
            Err(ReadError::Syntax { at, message, .. }) => Some(format!(
                "{name}:{}:{}: game {number}: {message}",
                at.line, at.column
            )),
            Err(ReadError::Io(e)) => return Err(e).with_context(|| format!("reading {name}")),
        };
        if let Some(problem) = problem {
            bad += 1;
            if args.skip_bad {
                eprintln!("{problem} (left out)");
            } else {
                eprintln!("{problem} (passed through unchanged)");
                let mut text = game.raw.unwrap_or_default();
                text.extend_from_slice(b"\n\n");
                if waiting.is_empty() {
                    out.write_all(&text)?;
                } else {
                    waiting.push(Waiting::Text(String::from_utf8_lossy(&text).into_owned()));
                }
            }
        }
        if let Some((variant, source)) = game.rules {
            file.note_rules(variant, source);
        }
        progress.update(bytes.get(), number);
    }
    for item in waiting {
        match item {
            Waiting::Text(text) => out.write_all(text.as_bytes())?,
            Waiting::Open(game, number) => {
                let game = AnyGame::Draughts(file.settle(*game));
                warn(&name, number, &Converter::warnings(&game));
                out.write_all(converter.write(&game).as_bytes())?;
            }
        }
    }
    progress.finish();
    out.flush()?;
    Ok(if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `--to parquet|arrow`.
#[cfg(feature = "parquet")]
fn table(
    input: super::input::Input,
    options: ReadOptions,
    args: &ConvertArgs,
) -> anyhow::Result<ExitCode> {
    use games::columnar::Format;
    let format = match args.to {
        OutputFormat::Arrow => Format::Arrow,
        _ => Format::Parquet,
    };
    let table = super::convert_table::TableArgs {
        format,
        output: args.output.as_deref(),
        positions: args.positions,
        skip_bad: args.skip_bad,
        jobs: args.read.jobs(),
    };
    super::convert_table::run(input, options, table)
}

/// `--to parquet|arrow` in a build without them.
#[cfg(not(feature = "parquet"))]
fn table(
    _input: super::input::Input,
    _options: ReadOptions,
    _args: &ConvertArgs,
) -> anyhow::Result<ExitCode> {
    anyhow::bail!(
        "this scoresheet was built without Parquet and Arrow: build it with the feature `parquet` (on by default)"
    )
}

/// The games of an input, read on this thread or on several.
// One value per input read: its size does not matter.
#[allow(clippy::large_enum_variant)]
enum Games<R: Read> {
    One(Reader<R>, Converter),
    Parallel(Parallel<R, ConvertWork>),
}

impl<R: Read> Games<R> {
    /// The next game's number and what converting it gave.
    fn next(&mut self) -> Option<io::Result<(u64, ConvertedGame)>> {
        match self {
            Games::One(reader, converter) => {
                let game = ConvertedGame::next(converter, reader)?;
                Some(Ok((reader.game_count(), game)))
            }
            Games::Parallel(games) => games.next(),
        }
    }
}

/// A game's text, or a game that waits for the end of its file.
enum Waiting {
    Text(String),
    /// A draughts game that several variants replay, and its number in the file.
    Open(Box<DraughtsGame>, u64),
}

/// Says on standard error what converting a game found or changed.
fn warn(name: &str, number: u64, warnings: &[GameError]) {
    for w in warnings {
        eprintln!(
            "{name}:{}:{}: game {number}: warning: {w}",
            w.at.line, w.at.column
        );
    }
}

fn convert_style(args: &ConvertArgs) -> anyhow::Result<ConvertStyle> {
    let notation = match args.notation.to_ascii_lowercase().as_str() {
        "descriptive" if args.lang == Language::Spanish => {
            Notation::Descriptive(DescriptiveSystem::Spanish)
        }
        "descriptive" => Notation::Descriptive(DescriptiveSystem::English),
        other => other
            .parse::<Notation>()
            .map_err(|e| anyhow::anyhow!("--notation: {e}"))?,
    };
    let moves = ChessOptions::new(notation, args.lang)
        .with_figurines(args.figurine)
        .with_mate_sign_double(args.double_plus_mate)
        .with_castling_zeros(args.zeros);
    Ok(ConvertStyle {
        chess: moves,
        squares: args.squares.map(|s| match s {
            SquaresArg::Numeric => SquareStyle::Numeric,
            SquaresArg::Algebraic => SquareStyle::Algebraic,
        }),
        capture_separator: args.separator,
        full_path: args.full_path,
        width: args.width,
        glyphs: args.glyphs,
    })
}
