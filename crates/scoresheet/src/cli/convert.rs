//! `scoresheet convert`: rewrite games in another notation.

use std::fs::File;
use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use chess_notation::{Language, Notation, WriteOptions as ChessOptions};
use clap::{Args, ValueEnum};
use draughts::SquareStyle;
use games::{
    AnyGame, ConvertStyle, Converted, Converter, DraughtsGame, FileGames, GameError, GameWork,
    Made, ReadOptions, Step, Turn,
};
use record::{Pos, ReadError, Reader};

use super::bad_games::BadGames;
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
    /// Chess: the language of the piece letters (en, es, eo, fr, de, it, pl, nl, pt).
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

/// What `convert --to` and `db export --to` write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum OutputFormat {
    Text,
    Parquet,
    Arrow,
}

impl OutputFormat {
    /// The table format asked for: `None` for text.
    #[cfg(feature = "parquet")]
    pub(crate) fn table(self) -> Option<games::columnar::Format> {
        use games::columnar::Format;
        match self {
            OutputFormat::Text => None,
            OutputFormat::Parquet => Some(Format::Parquet),
            OutputFormat::Arrow => Some(Format::Arrow),
        }
    }
}

/// What `--to parquet|arrow` gets in a build without them.
#[cfg(not(feature = "parquet"))]
pub(crate) fn without_tables() -> anyhow::Error {
    anyhow::anyhow!(
        "this scoresheet was built without Parquet and Arrow: build it with the feature `parquet` (on by default)"
    )
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
    #[cfg(feature = "parquet")]
    if let Some(format) = args.to.table() {
        return table(input, options, &args, format);
    }
    #[cfg(not(feature = "parquet"))]
    if args.to != OutputFormat::Text {
        return Err(without_tables());
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
    let name = input.name;
    let work = Conversion {
        options,
        style,
        skip_bad: args.skip_bad,
    };
    let mut bad = BadGames::new(&name, args.skip_bad, "passed through unchanged");
    // The games written in the order of the input, on `jobs` threads or on this one; what
    // is said of a game is said as it is read.
    for step in
        FileGames::new(input.reader, work, args.read.jobs()).with_max_game(args.read.max_game())
    {
        match step.with_context(|| format!("reading {name}"))? {
            Step::Read(number, said) => {
                warn(&name, number, &said.warnings);
                if let Some((at, problem)) = said.problem {
                    bad.tell(number, at, problem);
                }
                progress.update(bytes.get(), number);
            }
            Step::Out(number, written) => {
                warn(&name, number, &written.warnings);
                out.write_all(&written.text)?;
            }
        }
    }
    progress.finish();
    out.flush()?;
    Ok(bad.exit_code())
}

/// `--to parquet|arrow`.
#[cfg(feature = "parquet")]
fn table(
    input: super::input::Input,
    options: ReadOptions,
    args: &ConvertArgs,
    format: games::columnar::Format,
) -> anyhow::Result<ExitCode> {
    let table = super::convert_table::TableArgs {
        format,
        output: args.output.as_deref(),
        positions: args.positions,
        skip_bad: args.skip_bad,
        jobs: args.read.jobs(),
        max_game: args.read.max_game(),
    };
    super::convert_table::run(input, options, table)
}

/// A conversion's work on each game, done where the game is read (on the threads of
/// `convert -j N`).
struct Conversion {
    options: ReadOptions,
    style: ConvertStyle,
    skip_bad: bool,
}

/// What is said of a game as soon as it is read.
#[derive(Default)]
struct Said {
    /// What converting it found or changed.
    warnings: Vec<GameError>,
    /// For a bad game: its error and where.
    problem: Option<(Pos, String)>,
}

/// What comes out of a game in its turn.
struct Written {
    /// What converting it found or changed, for a game that waited for the end of the file
    /// (said as it comes out).
    warnings: Vec<GameError>,
    /// The game in the new notation; a bad game as it was, unless it is left out.
    text: Vec<u8>,
}

impl Conversion {
    /// What is said of the bad game just read from `input`, and its text: as it was written,
    /// unless it is left out.
    fn bad<R: std::io::Read>(
        &self,
        input: &Reader<R>,
        at: Pos,
        message: String,
    ) -> (Said, Vec<u8>) {
        let text = if self.skip_bad {
            Vec::new()
        } else {
            let mut text = input.last_game_raw().to_vec();
            text.extend_from_slice(b"\n\n");
            text
        };
        let said = Said {
            warnings: Vec::new(),
            problem: Some((at, message)),
        };
        (said, text)
    }
}

impl GameWork for Conversion {
    type State = Converter;
    type Said = Said;
    type Done = Written;
    type Aside = ();

    fn state(&self) -> Converter {
        Converter::new(self.options, self.style.clone())
    }

    fn next<R: std::io::Read>(
        &self,
        converter: &mut Converter,
        input: &mut Reader<R>,
    ) -> Option<io::Result<Made<Self>>> {
        let (said, text) = match converter.next(input)? {
            Ok(Converted::Text(text)) => {
                let warnings = converter.last_warnings().to_vec();
                let said = Said {
                    warnings,
                    problem: None,
                };
                (said, text.into_bytes())
            }
            Ok(Converted::Open { game, .. }) => {
                return Some(Ok(Made {
                    rules: converter.last_rules(),
                    said: Said::default(),
                    turn: Turn::Open(game, ()),
                }));
            }
            Ok(Converted::Bad(e)) => self.bad(input, e.at, e.to_string()),
            Err(ReadError::Syntax { at, message, .. }) => self.bad(input, at, message),
            Err(ReadError::Io(e)) => return Some(Err(e)),
        };
        let written = Written {
            warnings: Vec::new(),
            text,
        };
        Some(Ok(Made {
            rules: converter.last_rules(),
            said,
            turn: Turn::Done(written),
        }))
    }

    fn settled(&self, _: u64, game: DraughtsGame, _: ()) -> Written {
        let text = game.write(&self.style.draughts_style(&game.variant));
        Written {
            warnings: Converter::warnings(&AnyGame::Draughts(game)),
            text: text.into_bytes(),
        }
    }
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
    let notation = Notation::named(&args.notation, args.lang)
        .map_err(|e| anyhow::anyhow!("--notation: {e}"))?;
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
