//! Games as tables for the analytics engines: Parquet files (DuckDB, Polars, Spark read
//! them) and Arrow IPC files, one row per game ([`GameRow`]) or one row per position
//! ([`PositionRow`]), written while reading, in batches (memory bounded by a row group, not
//! the file).
//!
//! The games table's columns: `game` (its number in the file), `line`, `ok`, `family`
//! (`draughts` or `chess`), `variant` (`american`, ..., `chess`, `chess960`; null when
//! several variants replay the game and nothing decided), `variants` (those, then),
//! `variant_source`, `event`, `site`, `date`, `round`, `white`, `black`, `result`, `winner`
//! (`white`, `black` or null), `plies`, `moves` (draughts: numbers with every landing
//! square; chess: UCI), `moves_text` (the rules' notation: SAN for chess), `start_fen`,
//! `final_fen`, `tags` (every other tag, a map), `error` and `warnings` (each with its
//! `line:column`). The positions table's: `game`, `ply`, `fen`, `move` (the move played from
//! the position, null after the last), `move_text`, and what the comment of the move that
//! reached the position says ([`MoveData`](crate::MoveData)): `clock_ms` (the mover's clock
//! after it), `eval_cp` (hundredths of a pawn, White's side) and `eval_mate` (mate in n,
//! negative when Black mates), null where it says nothing.
//!
//! Feature `arrow` gives the Arrow IPC format only; `parquet` (on by default) adds Parquet.

use std::io::Write;
use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Int32Builder, ListBuilder, MapBuilder, StringBuilder, UInt32Builder,
    UInt64Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, SchemaRef};
#[cfg(feature = "parquet")]
use parquet::arrow::ArrowWriter;
#[cfg(feature = "parquet")]
use parquet::basic::Compression;
#[cfg(feature = "parquet")]
use parquet::file::properties::WriterProperties;

use crate::{GameRow, PositionRow};

/// The file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Apache Parquet, Snappy-compressed (feature `parquet`).
    #[cfg(feature = "parquet")]
    Parquet,
    /// Arrow IPC file format (Feather v2).
    Arrow,
}

/// An error writing a table.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// From Arrow.
    #[error("{0}")]
    Arrow(#[from] ArrowError),
    /// From Parquet.
    #[cfg(feature = "parquet")]
    #[error("{0}")]
    Parquet(#[from] parquet::errors::ParquetError),
}

/// Rows gathered before they are handed to the file writer.
const BATCH_ROWS: usize = 4096;

/// Rows of a Parquet row group: games (positions are ten times as many, and smaller).
#[cfg_attr(not(feature = "parquet"), allow(dead_code))]
const GAMES_PER_ROW_GROUP: usize = 32 * 1024;

/// Where the batches go.
enum Sink<W: Write + Send> {
    #[cfg(feature = "parquet")]
    Parquet(Box<ArrowWriter<W>>),
    Arrow(Box<arrow_ipc::writer::FileWriter<W>>),
}

impl<W: Write + Send> Sink<W> {
    fn new(
        out: W,
        format: Format,
        schema: SchemaRef,
        #[cfg_attr(not(feature = "parquet"), allow(unused_variables))] row_group: usize,
    ) -> Result<Self, TableError> {
        Ok(match format {
            #[cfg(feature = "parquet")]
            Format::Parquet => {
                let props = WriterProperties::builder()
                    .set_compression(Compression::SNAPPY)
                    .set_max_row_group_row_count(Some(row_group))
                    .build();
                Sink::Parquet(Box::new(ArrowWriter::try_new(out, schema, Some(props))?))
            }
            Format::Arrow => Sink::Arrow(Box::new(arrow_ipc::writer::FileWriter::try_new(
                out, &schema,
            )?)),
        })
    }

    fn write(&mut self, batch: &RecordBatch) -> Result<(), TableError> {
        match self {
            #[cfg(feature = "parquet")]
            Sink::Parquet(w) => w.write(batch)?,
            Sink::Arrow(w) => w.write(batch)?,
        }
        Ok(())
    }

    fn finish(self) -> Result<(), TableError> {
        match self {
            #[cfg(feature = "parquet")]
            Sink::Parquet(w) => {
                w.close()?;
            }
            Sink::Arrow(mut w) => w.finish()?,
        }
        Ok(())
    }
}

/// The builders of the games table's columns.
struct GameColumns {
    game: UInt64Builder,
    line: UInt32Builder,
    ok: BooleanBuilder,
    family: StringBuilder,
    variant: StringBuilder,
    variants: ListBuilder<StringBuilder>,
    variant_source: StringBuilder,
    roster: [StringBuilder; 6],
    result: StringBuilder,
    winner: StringBuilder,
    plies: UInt32Builder,
    moves: ListBuilder<StringBuilder>,
    moves_text: ListBuilder<StringBuilder>,
    start_fen: StringBuilder,
    final_fen: StringBuilder,
    tags: MapBuilder<StringBuilder, StringBuilder>,
    error: StringBuilder,
    warnings: ListBuilder<StringBuilder>,
    rows: usize,
}

fn list() -> ListBuilder<StringBuilder> {
    ListBuilder::new(StringBuilder::new())
}

fn push_list<'a>(b: &mut ListBuilder<StringBuilder>, items: impl IntoIterator<Item = &'a str>) {
    for item in items {
        b.values().append_value(item);
    }
    b.append(true);
}

impl GameColumns {
    fn new() -> GameColumns {
        GameColumns {
            game: UInt64Builder::new(),
            line: UInt32Builder::new(),
            ok: BooleanBuilder::new(),
            family: StringBuilder::new(),
            variant: StringBuilder::new(),
            variants: list(),
            variant_source: StringBuilder::new(),
            roster: std::array::from_fn(|_| StringBuilder::new()),
            result: StringBuilder::new(),
            winner: StringBuilder::new(),
            plies: UInt32Builder::new(),
            moves: list(),
            moves_text: list(),
            start_fen: StringBuilder::new(),
            final_fen: StringBuilder::new(),
            tags: MapBuilder::new(None, StringBuilder::new(), StringBuilder::new()),
            error: StringBuilder::new(),
            warnings: list(),
            rows: 0,
        }
    }

    fn push(&mut self, row: &GameRow) -> Result<(), ArrowError> {
        self.game.append_value(row.game);
        self.line.append_value(row.line);
        self.ok.append_value(row.ok);
        self.family.append_option(row.family);
        self.variant.append_option(row.variant);
        push_list(&mut self.variants, row.variants.iter().copied());
        self.variant_source
            .append_option(row.variant_source.map(|s| s.as_str()));
        for (b, value) in self.roster.iter_mut().zip(&row.roster) {
            b.append_option(value.as_deref());
        }
        self.result.append_option(row.result.as_deref());
        self.winner.append_option(row.winner);
        self.plies.append_value(row.plies);
        push_list(&mut self.moves, row.moves.iter().map(String::as_str));
        push_list(
            &mut self.moves_text,
            row.moves_text.iter().map(String::as_str),
        );
        self.start_fen.append_option(row.start_fen.as_deref());
        self.final_fen.append_option(row.final_fen.as_deref());
        for (name, value) in &row.tags {
            self.tags.keys().append_value(name);
            self.tags.values().append_value(value);
        }
        self.tags.append(true)?;
        self.error.append_option(row.error.as_deref());
        push_list(&mut self.warnings, row.warnings.iter().map(String::as_str));
        self.rows += 1;
        Ok(())
    }

    fn batch(&mut self) -> Result<RecordBatch, ArrowError> {
        self.rows = 0;
        let [event, site, date, round, white, black] = &mut self.roster;
        let columns: Vec<(&str, ArrayRef, bool)> = vec![
            ("game", Arc::new(self.game.finish()), false),
            ("line", Arc::new(self.line.finish()), false),
            ("ok", Arc::new(self.ok.finish()), false),
            ("family", Arc::new(self.family.finish()), true),
            ("variant", Arc::new(self.variant.finish()), true),
            ("variants", Arc::new(self.variants.finish()), false),
            (
                "variant_source",
                Arc::new(self.variant_source.finish()),
                true,
            ),
            ("event", Arc::new(event.finish()), true),
            ("site", Arc::new(site.finish()), true),
            ("date", Arc::new(date.finish()), true),
            ("round", Arc::new(round.finish()), true),
            ("white", Arc::new(white.finish()), true),
            ("black", Arc::new(black.finish()), true),
            ("result", Arc::new(self.result.finish()), true),
            ("winner", Arc::new(self.winner.finish()), true),
            ("plies", Arc::new(self.plies.finish()), false),
            ("moves", Arc::new(self.moves.finish()), false),
            ("moves_text", Arc::new(self.moves_text.finish()), false),
            ("start_fen", Arc::new(self.start_fen.finish()), true),
            ("final_fen", Arc::new(self.final_fen.finish()), true),
            ("tags", Arc::new(self.tags.finish()), false),
            ("error", Arc::new(self.error.finish()), true),
            ("warnings", Arc::new(self.warnings.finish()), false),
        ];
        RecordBatch::try_from_iter_with_nullable(columns)
    }
}

/// The builders of the positions table's columns.
struct PositionColumns {
    game: UInt64Builder,
    ply: UInt32Builder,
    fen: StringBuilder,
    next: StringBuilder,
    next_text: StringBuilder,
    clock_ms: UInt64Builder,
    eval_cp: Int32Builder,
    eval_mate: Int32Builder,
    rows: usize,
}

impl PositionColumns {
    fn new() -> PositionColumns {
        PositionColumns {
            game: UInt64Builder::new(),
            ply: UInt32Builder::new(),
            fen: StringBuilder::new(),
            next: StringBuilder::new(),
            next_text: StringBuilder::new(),
            clock_ms: UInt64Builder::new(),
            eval_cp: Int32Builder::new(),
            eval_mate: Int32Builder::new(),
            rows: 0,
        }
    }

    fn push(&mut self, row: &PositionRow) {
        self.game.append_value(row.game);
        self.ply.append_value(row.ply);
        self.fen.append_value(&row.fen);
        self.next.append_option(row.next.as_deref());
        self.next_text.append_option(row.next_text.as_deref());
        self.clock_ms.append_option(row.clock_ms);
        self.eval_cp.append_option(row.eval_cp);
        self.eval_mate.append_option(row.eval_mate);
        self.rows += 1;
    }

    fn batch(&mut self) -> Result<RecordBatch, ArrowError> {
        self.rows = 0;
        let columns: Vec<(&str, ArrayRef, bool)> = vec![
            ("game", Arc::new(self.game.finish()), false),
            ("ply", Arc::new(self.ply.finish()), false),
            ("fen", Arc::new(self.fen.finish()), false),
            ("move", Arc::new(self.next.finish()), true),
            ("move_text", Arc::new(self.next_text.finish()), true),
            ("clock_ms", Arc::new(self.clock_ms.finish()), true),
            ("eval_cp", Arc::new(self.eval_cp.finish()), true),
            ("eval_mate", Arc::new(self.eval_mate.finish()), true),
        ];
        RecordBatch::try_from_iter_with_nullable(columns)
    }
}

enum Columns {
    Games(Box<GameColumns>),
    Positions(Box<PositionColumns>),
}

impl Columns {
    fn rows(&self) -> usize {
        match self {
            Columns::Games(c) => c.rows,
            Columns::Positions(c) => c.rows,
        }
    }

    fn batch(&mut self) -> Result<RecordBatch, ArrowError> {
        match self {
            Columns::Games(c) => c.batch(),
            Columns::Positions(c) => c.batch(),
        }
    }
}

/// Writes a table of games or of positions to a Parquet or Arrow file, batch by batch.
///
/// ```
/// use games::columnar::{Format, TableWriter};
/// use games::{AnyGame, GameRow, ReadOptions};
///
/// let read = record::read_games("1. e4 e5 1-0").remove(0).unwrap();
/// let game = AnyGame::read(read, &ReadOptions::default()).unwrap();
/// let (row, _) = GameRow::of(1, &game, false);
/// let mut file = Vec::new();
/// let mut table = TableWriter::games(&mut file, Format::Arrow)?;
/// table.push(&row, &[])?;
/// table.finish()?;
/// assert!(file.starts_with(b"ARROW1") && file.ends_with(b"ARROW1"));
/// # Ok::<(), games::columnar::TableError>(())
/// ```
pub struct TableWriter<W: Write + Send> {
    columns: Columns,
    sink: Sink<W>,
}

impl<W: Write + Send> TableWriter<W> {
    /// A writer of the games table (one row per game) to `out`.
    pub fn games(out: W, format: Format) -> Result<TableWriter<W>, TableError> {
        TableWriter::new(
            out,
            format,
            Columns::Games(Box::new(GameColumns::new())),
            GAMES_PER_ROW_GROUP,
        )
    }

    /// A writer of the positions table (one row per position of each game's main line).
    pub fn positions(out: W, format: Format) -> Result<TableWriter<W>, TableError> {
        TableWriter::new(
            out,
            format,
            Columns::Positions(Box::new(PositionColumns::new())),
            GAMES_PER_ROW_GROUP * 8,
        )
    }

    fn new(
        out: W,
        format: Format,
        mut columns: Columns,
        row_group: usize,
    ) -> Result<TableWriter<W>, TableError> {
        // The schema is that of the builders' arrays: take it from an empty batch.
        let schema = columns.batch()?.schema();
        let sink = Sink::new(out, format, schema, row_group)?;
        Ok(TableWriter { columns, sink })
    }

    /// Adds what the table holds of a game: its row to a games table, the rows of its
    /// positions to a positions table.
    pub fn push(&mut self, game: &GameRow, positions: &[PositionRow]) -> Result<(), TableError> {
        if let Columns::Games(c) = &mut self.columns {
            c.push(game)?;
            return self.flush_full();
        }
        for p in positions {
            if let Columns::Positions(c) = &mut self.columns {
                c.push(p);
            }
            self.flush_full()?;
        }
        Ok(())
    }

    fn flush_full(&mut self) -> Result<(), TableError> {
        if self.columns.rows() >= BATCH_ROWS {
            let batch = self.columns.batch()?;
            self.sink.write(&batch)?;
        }
        Ok(())
    }

    /// Writes the rows left and ends the file.
    pub fn finish(mut self) -> Result<(), TableError> {
        if self.columns.rows() > 0 {
            let batch = self.columns.batch()?;
            self.sink.write(&batch)?;
        }
        self.sink.finish()
    }
}
