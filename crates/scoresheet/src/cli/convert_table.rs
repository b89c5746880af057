//! `scoresheet convert --to parquet|arrow`: games as a table for the analytics engines (see
//! `games::columnar`), read on every core, rows in the order of the input.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use draughts::Variant;
use games::columnar::{Format, TableWriter};
use games::{
    AnyGame, CHUNK_SIZE, FileVariants, GameRow, OnePass, PositionRow, ReadGame, ReadOptions,
    VariantSource,
};
use record::parallel::{Parallel, Work};
use record::{Pos, ReadError, Reader};

use super::input::Input;
use super::progress::Progress;

/// What the table gets of one game.
enum Row {
    /// Its rows.
    Done(Box<GameRow>, Vec<PositionRow>),
    /// A draughts game that several variants replay: its rows wait for the end of the file,
    /// which may decide its variant (see `FileVariants`).
    Open(u64, Box<AnyGame>),
}

/// The rows of a game, the rules to note of it, and for a bad game its error's text.
type Item = io::Result<(Row, Option<(Variant, VariantSource)>, Option<(Pos, String)>)>;

/// The reading of a chunk's games for the table: each game read whole (its tree kept) and
/// turned into rows where it is read.
struct TableWork {
    options: ReadOptions,
    positions: bool,
}

impl Work for TableWork {
    type State = OnePass;
    type Item = Item;

    fn state(&self) -> OnePass {
        OnePass::new(self.options)
    }

    fn next(&self, one_pass: &mut OnePass, reader: &mut Reader<&[u8]>) -> Option<Item> {
        let read = one_pass.next(reader)?;
        let number = reader.game_count();
        Some(Ok(match read {
            Ok(ReadGame::Game(game)) => {
                let rules = FileVariants::rules_of(&game);
                let row = match &*game {
                    AnyGame::Draughts(g) if !g.others.is_empty() => Row::Open(number, game),
                    _ => {
                        let (row, positions) = GameRow::of(number, &game, self.positions);
                        Row::Done(Box::new(row), positions)
                    }
                };
                (row, rules, None)
            }
            Ok(ReadGame::Bad(e)) => {
                let message = e.to_string();
                let row = GameRow::bad(number, e.at, message.clone());
                (
                    Row::Done(Box::new(row), Vec::new()),
                    None,
                    Some((e.at, message)),
                )
            }
            Err(ReadError::Syntax { at, message, .. }) => {
                let row = GameRow::bad(number, at, message.clone());
                (
                    Row::Done(Box::new(row), Vec::new()),
                    None,
                    Some((at, message)),
                )
            }
            Err(ReadError::Io(e)) => return Some(Err(e)),
        }))
    }

    fn number(&self, item: &mut Item, game: u64) {
        match item {
            Ok((Row::Done(row, positions), _, _)) => {
                row.game = game;
                for p in positions {
                    p.game = game;
                }
            }
            Ok((Row::Open(number, _), _, _)) => *number = game,
            Err(_) => {}
        }
    }
}

/// What `convert --to parquet|arrow` was asked.
pub struct TableArgs<'a> {
    pub format: Format,
    pub output: Option<&'a str>,
    pub positions: bool,
    pub skip_bad: bool,
    pub jobs: usize,
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
    let name = input.name.clone();
    let work = TableWork {
        options,
        positions: args.positions,
    };
    let mut bad = 0u64;
    let mut file = FileVariants::default();
    // Once a game waits for the end of the file, the rows after it wait too: the table
    // keeps the order of the input.
    let mut waiting: Vec<Row> = Vec::new();
    for item in Parallel::new(input.reader, work, args.jobs, CHUNK_SIZE) {
        let (_, read) = item.with_context(|| format!("reading {name}"))?;
        let (row, rules, error) = read.with_context(|| format!("reading {name}"))?;
        if let Some((variant, source)) = rules {
            file.note_rules(variant, source);
        }
        if let (Some((at, error)), Row::Done(r, _)) = (&error, &row) {
            bad += 1;
            let what = if args.skip_bad {
                "left out"
            } else {
                "a row with its error"
            };
            eprintln!(
                "{name}:{}:{}: game {}: {error} ({what})",
                at.line, at.column, r.game
            );
            if args.skip_bad {
                continue;
            }
        }
        match row {
            Row::Done(r, p) if waiting.is_empty() => table.push(&r, &p)?,
            row => waiting.push(row),
        }
        progress.update(bytes.get(), 0);
    }
    for row in waiting {
        match row {
            Row::Done(r, p) => table.push(&r, &p)?,
            Row::Open(number, game) => {
                let game = file.settle_any(*game);
                let (r, p) = GameRow::of(number, &game, args.positions);
                table.push(&r, &p)?;
            }
        }
    }
    table.finish()?;
    progress.finish();
    Ok(if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
