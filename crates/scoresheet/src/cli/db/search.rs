//! `scoresheet db search` and `db export`: the games that match, as a list or as PDN/PGN.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use database::SearchQuery;

use super::DatabaseArg;
use super::filter_args::FilterArgs;
use super::position_args::PositionArgs;
use super::tables::game_line;
use crate::cli::convert::OutputFormat;

/// What to look for, for `search` and `export`.
#[derive(Debug, Args)]
pub struct QueryArgs {
    #[command(flatten)]
    db: DatabaseArg,
    #[command(flatten)]
    filters: FilterArgs,
    /// Games that reach this position, by any move order (`--fen`, and `--moves` played
    /// from it or from the start).
    #[command(flatten)]
    position: PositionArgs,
    /// Games whose main line starts with these moves (from the variant's start), separated
    /// by spaces.
    #[arg(long)]
    opening: Option<String>,
    /// Games with a position that shows these pieces (of `--variant`, standard chess by
    /// default): `W27 W28 BK*` (draughts: W, WK, B, BK and a square, `*` anywhere, `*N`
    /// exactly N), `Pe4 pd5 Q*0` (chess: FEN letters).
    #[arg(long)]
    pattern: Option<String>,
}

impl QueryArgs {
    fn query(&self, offset: u64, limit: u64) -> anyhow::Result<SearchQuery> {
        let filters = self.filters.filters()?;
        let position = if self.position.given() {
            Some(self.position.position(filters.variant)?)
        } else {
            None
        };
        let variant = filters
            .variant
            .unwrap_or(games::AnyVariant::Chess(games::ChessVariant::Standard));
        let pattern = self
            .pattern
            .as_deref()
            .map(|p| database::Pattern::parse(p, variant))
            .transpose()
            .map_err(|e| anyhow::anyhow!("--pattern: {e}"))?;
        Ok(SearchQuery {
            filters,
            position,
            pattern,
            opening: self.opening.as_ref().map(|o| {
                o.split_whitespace()
                    .filter(|w| !w.ends_with('.') && w.parse::<u32>().is_err())
                    .map(str::to_string)
                    .collect()
            }),
            offset,
            limit,
        })
    }
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    #[command(flatten)]
    query: QueryArgs,
    /// The page to show, from 1.
    #[arg(long, default_value_t = 1)]
    page: u64,
    /// Games per page (at most 1000).
    #[arg(long, default_value_t = 20)]
    limit: u64,
    /// Write the page as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: SearchArgs) -> anyhow::Result<ExitCode> {
    let limit = args.limit.clamp(1, 1000);
    let offset = (args.page.max(1) - 1) * limit;
    let query = args.query.query(offset, limit)?;
    let page = super::runtime()?.block_on(async {
        Ok::<_, anyhow::Error>(args.query.db.open().await?.search(&query).await?)
    })?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.json {
        serde_json::to_writer(&mut out, &page)?;
        writeln!(out)?;
    } else {
        for g in &page.games {
            writeln!(out, "{}", game_line(g))?;
        }
        let shown = if page.games.is_empty() {
            String::new()
        } else {
            format!(
                " (showing {} to {})",
                offset + 1,
                offset + page.games.len() as u64
            )
        };
        writeln!(out, "{} games{shown}", page.total)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    query: QueryArgs,
    /// The file to write (standard output by default).
    #[arg(long, short)]
    output: Option<std::path::PathBuf>,
    /// What to write: the games as text (PDN/PGN, as they were written), or a table for the
    /// analytics engines with the columns `convert --to` writes: a Parquet file or an Arrow
    /// IPC file, one row per game (see --positions), its `game` column the game's id in the
    /// database.
    #[arg(long, value_enum, default_value = "text")]
    to: OutputFormat,
    /// With --to parquet or arrow: one row per position of each game's main line instead of
    /// one row per game.
    #[arg(long)]
    positions: bool,
}

/// Games exported per page read from the database.
const EXPORT_PAGE: u64 = 1000;

pub fn export(args: ExportArgs) -> anyhow::Result<ExitCode> {
    #[cfg(feature = "parquet")]
    if let Some(format) = args.to.table() {
        return export_table(&args, format);
    }
    #[cfg(not(feature = "parquet"))]
    if args.to != OutputFormat::Text {
        return Err(crate::cli::convert::without_tables());
    }
    if args.positions {
        anyhow::bail!("--positions goes with --to parquet or --to arrow");
    }
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(std::io::BufWriter::new(std::fs::File::create(path)?)),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    each_game(&args.query, |game| {
        writeln!(out, "{}\n", game.text.trim_end())?;
        Ok(())
    })?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Hands each game `query` finds to `f`, page by page, in the order of the search.
fn each_game(
    query: &QueryArgs,
    mut f: impl FnMut(database::StoredGame) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    super::runtime()?.block_on(async {
        let db = query.db.open().await?;
        let mut offset = 0;
        loop {
            let page = db.search(&query.query(offset, EXPORT_PAGE)?).await?;
            let ids: Vec<i64> = page.games.iter().map(|g| g.id).collect();
            for game in db.games(&ids).await? {
                f(game)?;
            }
            offset += page.games.len() as u64;
            if page.games.is_empty() || offset >= page.total {
                return Ok(());
            }
        }
    })
}

/// `--to parquet|arrow`: each game's text read again under the rules it was stored with,
/// and written as `convert --to` writes a game ([`games::GameRow`]), its `game` column the
/// game's id in the database.
#[cfg(feature = "parquet")]
fn export_table(args: &ExportArgs, format: games::columnar::Format) -> anyhow::Result<ExitCode> {
    use games::columnar::TableWriter;
    use games::{AnyVariant, GameRow, OnePass, ReadGame, ReadOptions};

    let out: Box<dyn Write + Send> = match &args.output {
        Some(path) => Box::new(std::io::BufWriter::new(std::fs::File::create(path)?)),
        None => Box::new(std::io::BufWriter::new(std::io::stdout())),
    };
    let mut table = if args.positions {
        TableWriter::positions(out, format)?
    } else {
        TableWriter::games(out, format)?
    };
    each_game(&args.query, |game| {
        let id = game.summary.id as u64;
        let rules = game
            .summary
            .variant
            .as_deref()
            .and_then(|v| v.parse().ok())
            .map(AnyVariant::rules);
        let mut one_pass = OnePass::new(ReadOptions {
            rules,
            ..ReadOptions::default()
        });
        let mut reader = record::Reader::from_str(&game.text);
        let (row, positions) = match one_pass.next(&mut reader) {
            Some(Ok(ReadGame::Game(read))) => GameRow::of(id, &read, args.positions),
            Some(Ok(ReadGame::Bad(e))) => (GameRow::bad(id, e.at, e.to_string()), vec![]),
            Some(Err(e)) => (
                GameRow::bad(id, e.pos().unwrap_or_default(), e.to_string()),
                vec![],
            ),
            None => (
                GameRow::bad(id, record::Pos::default(), "no game".into()),
                vec![],
            ),
        };
        table.push(&row, &positions)?;
        Ok(())
    })?;
    table.finish()?;
    Ok(ExitCode::SUCCESS)
}
