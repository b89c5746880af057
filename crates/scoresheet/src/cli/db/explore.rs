//! `scoresheet db explore`: the moves played from a position in the database's games.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use database::ExploreQuery;

use super::DatabaseArg;
use super::filter_args::FilterArgs;
use super::position_args::PositionArgs;
use super::tables::{game_line, percent};

#[derive(Debug, Args)]
pub struct ExploreArgs {
    #[command(flatten)]
    db: DatabaseArg,
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    filters: FilterArgs,
    /// How many of the highest-rated and of the latest games to list.
    #[arg(long, default_value_t = 4)]
    games: usize,
    /// Write the answer as JSON (the shape of `GET /api/explorer`).
    #[arg(long)]
    json: bool,
}

pub fn run(args: ExploreArgs) -> anyhow::Result<ExitCode> {
    let mut filters = args.filters.filters()?;
    let position = args.position.position(filters.variant)?;
    // The position's variant is the search's.
    filters.variant = None;
    let query = ExploreQuery {
        filters,
        top: args.games,
        recent: args.games,
        ..ExploreQuery::new(position)
    };
    let answer = super::runtime()?
        .block_on(async { Ok::<_, anyhow::Error>(args.db.open().await?.explore(&query).await?) })?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.json {
        serde_json::to_writer(&mut out, &answer)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let c = answer.counts;
    writeln!(out, "{}", answer.fen)?;
    writeln!(
        out,
        "{} games: white {}, draws {}, black {}",
        c.games,
        percent(c.white, c.games),
        percent(c.draws, c.games),
        percent(c.black, c.games)
    )?;
    if !answer.moves.is_empty() {
        writeln!(
            out,
            "\n{:<12} {:>8} {:>7} {:>7} {:>7} {:>7} {:>7} {:>6}",
            "move", "games", "white", "draws", "black", "score", "rating", "since"
        )?;
    }
    for m in &answer.moves {
        let n = m.counts.games;
        writeln!(
            out,
            "{:<12} {:>8} {:>7} {:>7} {:>7} {:>7} {:>7} {:>6}",
            m.san,
            n,
            percent(m.counts.white, n),
            percent(m.counts.draws, n),
            percent(m.counts.black, n),
            m.score.map_or("-".into(), |s| format!("{s:.1}%")),
            m.average_rating.map_or("-".into(), |r| r.to_string()),
            m.first_year.map_or("-".into(), |y| y.to_string()),
        )?;
    }
    for (title, list) in [
        ("Top games", &answer.top_games),
        ("Recent games", &answer.recent_games),
    ] {
        if !list.is_empty() {
            writeln!(out, "\n{title}:")?;
            for g in list {
                writeln!(
                    out,
                    "  {}  {}",
                    game_line(&g.game),
                    g.uci.as_deref().unwrap_or("(end)")
                )?;
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
