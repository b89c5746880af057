//! The filters of `db explore`, `db search` and `db export`.

use clap::Args;
use database::{Filters, Outcome, Side};
use games::AnyVariant;

#[derive(Debug, Args)]
pub struct FilterArgs {
    /// A player (matching names that start with it, whatever the case: `kasparov`).
    #[arg(long)]
    player: Option<String>,
    /// The colour the player had: white or black.
    #[arg(long, requires = "player")]
    color: Option<Side>,
    /// White's name (from its start).
    #[arg(long)]
    white: Option<String>,
    /// Black's name (from its start).
    #[arg(long)]
    black: Option<String>,
    /// The event (from its start).
    #[arg(long)]
    event: Option<String>,
    /// The site (from its start).
    #[arg(long)]
    site: Option<String>,
    /// Played on or after: 1990, 1990.05 or 1990.05.17.
    #[arg(long)]
    since: Option<String>,
    /// Played on or before: 1999, 1999.12 or 1999.12.31.
    #[arg(long)]
    until: Option<String>,
    /// The players' average rating at least.
    #[arg(long)]
    min_rating: Option<u16>,
    /// The players' average rating at most.
    #[arg(long)]
    max_rating: Option<u16>,
    /// The result: white, draw, black or unknown (or 1-0, 1/2-1/2, 0-1, *).
    #[arg(long)]
    result: Option<Outcome>,
    /// The variant: a chess variant (standard, chess960, crazyhouse, ...) or a draughts
    /// variant (international, american, ...). For a position, the rules it is read under.
    #[arg(long)]
    pub variant: Option<AnyVariant>,
}

impl FilterArgs {
    pub fn filters(&self) -> anyhow::Result<Filters> {
        Filters {
            player: self.player.clone(),
            color: self.color,
            white: self.white.clone(),
            black: self.black.clone(),
            event: self.event.clone(),
            site: self.site.clone(),
            min_rating: self.min_rating,
            max_rating: self.max_rating,
            outcome: self.result,
            variant: self.variant,
            ..Filters::default()
        }
        .with_dates(self.since.as_deref(), self.until.as_deref())
        .map_err(anyhow::Error::msg)
    }
}
