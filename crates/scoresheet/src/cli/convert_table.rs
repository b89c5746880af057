//! `scoresheet convert --to parquet|arrow`: games as a table for the analytics engines (see
//! `games::columnar`), read on every core, rows in the order of the input.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use games::columnar::{Format, TableWriter};
use games::{
    AnyGame, DraughtsGame, FileGames, FileVariants, GameRow, GameWork, Made, OnePass, PositionRow,
    ReadGame, ReadOptions, Step, Turn,
};
use record::{Pos, ReadError, Reader};

use super::bad_games::BadGames;
use super::input::Input;
use super::progress::Progress;

/// The rows of one game.
struct Rows {
    game: Box<GameRow>,
    positions: Vec<PositionRow>,
}

/// The reading of each game for the table: read whole (its tree kept) and turned into rows
/// where it is read (on the threads of `-j N`).
struct TableWork {
    options: ReadOptions,
    positions: bool,
    skip_bad: bool,
}

impl TableWork {
    /// The rows of game `number`.
    fn rows(&self, number: u64, game: &AnyGame) -> Rows {
        let (row, positions) = GameRow::of(number, game, self.positions);
        Rows {
            game: Box::new(row),
            positions,
        }
    }

    /// What the table gets of bad game `number`: a row with its error, unless it is left out.
    fn bad(&self, number: u64, at: Pos, message: String) -> Made<Self> {
        let rows = (!self.skip_bad).then(|| Rows {
            game: Box::new(GameRow::bad(number, at, message.clone())),
            positions: Vec::new(),
        });
        Made {
            rules: None,
            said: Some((at, message)),
            turn: Turn::Done(rows),
        }
    }
}

impl GameWork for TableWork {
    type State = OnePass;
    /// A bad game's error, and where.
    type Said = Option<(Pos, String)>;
    /// The game's rows; none for a bad game left out.
    type Done = Option<Rows>;
    type Aside = ();

    fn state(&self) -> OnePass {
        OnePass::new(self.options)
    }

    fn next<R: io::Read>(
        &self,
        one_pass: &mut OnePass,
        input: &mut Reader<R>,
    ) -> Option<io::Result<Made<Self>>> {
        let read = one_pass.next(input)?;
        let number = input.game_count();
        Some(Ok(match read {
            Ok(ReadGame::Game(game)) => Made {
                rules: FileVariants::rules_of(&game),
                said: None,
                turn: Turn::of(game, (), |game| Some(self.rows(number, &game))),
            },
            Ok(ReadGame::Bad(e)) => self.bad(number, e.at, e.to_string()),
            Err(ReadError::Syntax { at, message, .. }) => self.bad(number, at, message),
            Err(ReadError::Io(e)) => return Some(Err(e)),
        }))
    }

    fn number(&self, made: &mut Made<Self>, game: u64) {
        if let Turn::Done(Some(rows)) = &mut made.turn {
            rows.game.game = game;
            for p in &mut rows.positions {
                p.game = game;
            }
        }
    }

    fn settled(&self, number: u64, game: DraughtsGame, _: ()) -> Option<Rows> {
        Some(self.rows(number, &AnyGame::Draughts(game)))
    }
}

/// What `convert --to parquet|arrow` was asked.
pub struct TableArgs<'a> {
    pub format: Format,
    pub output: Option<&'a str>,
    pub positions: bool,
    pub skip_bad: bool,
    pub jobs: usize,
    /// The most bytes one game may take.
    pub max_game: usize,
}

/// Writes the games of `input` as a table.
pub fn run(input: Input, options: ReadOptions, args: TableArgs) -> anyhow::Result<ExitCode> {
    let out: Box<dyn Write + Send> = match args.output {
        Some(path) => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("cannot create {path}"))?,
        )),
        None => Box::new(BufWriter::new(io::stdout())),
    };
    let mut table = if args.positions {
        TableWriter::positions(out, args.format)?
    } else {
        TableWriter::games(out, args.format)?
    };
    let mut progress = Progress::new(input.size);
    let bytes = input.read.clone();
    let name = input.name;
    let work = TableWork {
        options,
        positions: args.positions,
        skip_bad: args.skip_bad,
    };
    let mut bad = BadGames::new(&name, args.skip_bad, "a row with its error");
    // The rows in the order of the input; what is wrong with a game is said as it is read.
    for step in FileGames::new(input.reader, work, args.jobs).with_max_game(args.max_game) {
        match step.with_context(|| format!("reading {name}"))? {
            Step::Read(number, error) => {
                if let Some((at, error)) = error {
                    bad.tell(number, at, error);
                }
                progress.update(bytes.get(), number);
            }
            Step::Out(_, Some(rows)) => table.push(&rows.game, &rows.positions)?,
            Step::Out(_, None) => {}
        }
    }
    table.finish()?;
    progress.finish();
    Ok(bad.exit_code())
}
