//! What a search or an exploration is narrowed to: players, event, site, dates, ratings,
//! result, variant; as SQL on the games table, and as a test of an index posting for what
//! the posting carries (the year, the rating, the outcome).

use games::AnyVariant;
use serde::{Deserialize, Serialize};

use crate::names::{name_key, name_words};
use crate::postings::{Outcome, Posting};

/// A colour, for "this player with White".
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "schema", schema(as = PlayerColor))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl std::str::FromStr for Side {
    type Err = String;

    fn from_str(s: &str) -> Result<Side, String> {
        match s {
            "white" | "w" => Ok(Side::White),
            "black" | "b" => Ok(Side::Black),
            _ => Err(format!("unknown colour `{s}`: use white or black")),
        }
    }
}

/// The games a search or an exploration takes. Names match from their start, whatever the
/// case and spacing (`kasparov` matches `Kasparov, Garry`); dates are inclusive.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filters {
    /// A player, with either colour unless `color` says: each word asked starts a word of
    /// the player's name (see [`name_words`]).
    pub player: Option<String>,
    /// The colour `player` had.
    pub color: Option<Side>,
    /// White's name.
    pub white: Option<String>,
    /// Black's name.
    pub black: Option<String>,
    /// The event.
    pub event: Option<String>,
    /// The site.
    pub site: Option<String>,
    /// Played on or after this date (`yyyymmdd`, see [`date_bound`]).
    pub since: Option<u32>,
    /// Played on or before this date.
    pub until: Option<u32>,
    /// The players' average rating at least this.
    pub min_rating: Option<u16>,
    /// The players' average rating at most this.
    pub max_rating: Option<u16>,
    /// How the game ended.
    pub outcome: Option<Outcome>,
    /// The variant (an exploration's is its position's).
    pub variant: Option<AnyVariant>,
}

impl Filters {
    /// These filters with the dates `since` and `until` read as a search form or a command
    /// line gives them (see [`date_bound`]: `1990` is since its first day, until its last).
    ///
    /// ```
    /// use database::Filters;
    /// let f = Filters::default().with_dates(Some("1990"), Some("1999.06")).unwrap();
    /// assert_eq!((f.since, f.until), (Some(19900000), Some(19990699)));
    /// assert!(Filters::default().with_dates(Some("soon"), None).is_err());
    /// ```
    pub fn with_dates(
        mut self,
        since: Option<&str>,
        until: Option<&str>,
    ) -> Result<Filters, String> {
        self.since = since.map(|t| date_bound(t, false)).transpose()?;
        self.until = until.map(|t| date_bound(t, true)).transpose()?;
        Ok(self)
    }
}

/// A date bound as a search takes it: `1990`, `1990.05` or `1990.05.17` (or with `-`),
/// as the first (`end` false) or last (`end` true) day it names, as `yyyymmdd`.
///
/// ```
/// use database::date_bound;
/// assert_eq!(date_bound("1990", false), Ok(19900000));
/// assert_eq!(date_bound("1990", true), Ok(19909999));
/// assert_eq!(date_bound("1990-05", true), Ok(19900599));
/// assert_eq!(date_bound("1990.05.17", false), Ok(19900517));
/// assert!(date_bound("May 1990", false).is_err());
/// ```
pub fn date_bound(text: &str, end: bool) -> Result<u32, String> {
    let bad = || format!("`{text}` is not a date: write 1990, 1990.05 or 1990.05.17");
    let parts: Vec<&str> = text.trim().split(['.', '-', '/']).collect();
    let number = |i: usize, range: std::ops::RangeInclusive<u32>| -> Result<Option<u32>, String> {
        match parts.get(i) {
            None => Ok(None),
            Some(p) => p
                .parse::<u32>()
                .ok()
                .filter(|n| range.contains(n))
                .map(Some)
                .ok_or_else(bad),
        }
    };
    if parts.len() > 3 {
        return Err(bad());
    }
    let year = number(0, 1000..=2999)?.ok_or_else(bad)?;
    let open = if end { 99 } else { 0 };
    let month = number(1, 1..=12)?;
    let day = number(2, 1..=31)?;
    Ok(year * 10000 + month.unwrap_or(open) * 100 + day.unwrap_or(open))
}

/// A value bound to a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bind {
    Text(String),
    Int(i64),
}

/// A statement's `WHERE` conditions and their values, numbered from a given parameter.
#[derive(Clone, Debug, Default)]
pub(crate) struct Where {
    pub conditions: Vec<String>,
    pub binds: Vec<Bind>,
}

impl Where {
    fn param(&mut self, value: Bind) -> String {
        self.binds.push(value);
        format!("${}", self.binds.len())
    }

    /// `column` starts with `name` (both normalised).
    fn prefix(&mut self, column: &str, name: &str) -> String {
        let key = name_key(name);
        let low = self.param(Bind::Text(key.clone()));
        let high = self.param(Bind::Text(format!("{key}\u{10FFFF}")));
        format!("({column} >= {low} AND {column} < {high})")
    }

    fn add_prefix(&mut self, column: &str, name: &Option<String>) {
        if let Some(name) = name {
            let c = self.prefix(column, name);
            self.conditions.push(c);
        }
    }

    /// `AND`-joined conditions, or `TRUE`.
    pub fn clause(&self) -> String {
        if self.conditions.is_empty() {
            "1 = 1".into()
        } else {
            self.conditions.join(" AND ")
        }
    }

    /// Whether nothing is asked.
    pub fn is_empty(&self) -> bool {
        self.conditions.is_empty()
    }
}

/// The players' average rating in SQL, as [`crate::GameEntry::rating`] computes it.
const RATING: &str = "((COALESCE(white_elo, black_elo) + COALESCE(black_elo, white_elo)) / 2)";

impl Filters {
    /// The conditions on the games' names (player, white, black, event, site) and dates:
    /// what an exploration asks the games table, the rest being in the postings.
    pub(crate) fn names_and_dates_where(&self) -> Where {
        let mut w = Where::default();
        self.names_into(&mut w);
        self.dates_into(&mut w);
        w
    }

    /// Every condition, on the games table.
    pub(crate) fn games_where(&self) -> Where {
        let mut w = self.names_and_dates_where();
        if let Some(min) = self.min_rating {
            let p = w.param(Bind::Int(i64::from(min)));
            w.conditions.push(format!("{RATING} >= {p}"));
        }
        if let Some(max) = self.max_rating {
            let p = w.param(Bind::Int(i64::from(max)));
            w.conditions.push(format!("{RATING} <= {p}"));
        }
        if let Some(outcome) = self.outcome {
            let p = w.param(Bind::Text(outcome.name().into()));
            w.conditions.push(format!("outcome = {p}"));
        }
        if let Some(variant) = self.variant {
            let p = w.param(Bind::Text(variant.name().into()));
            w.conditions.push(format!("variant = {p}"));
        }
        w
    }

    fn names_into(&self, w: &mut Where) {
        if let Some(player) = &self.player {
            // Each word asked starts a word of the player's name, with the colour asked.
            let side = match self.color {
                Some(Side::White) => " AND side = 0",
                Some(Side::Black) => " AND side = 1",
                None => "",
            };
            let words = name_words(player);
            if words.is_empty() {
                w.conditions.push("1 = 0".into());
            }
            for word in words {
                let low = w.param(Bind::Text(word.clone()));
                let high = w.param(Bind::Text(format!("{word}\u{10FFFF}")));
                w.conditions.push(format!(
                    "id IN (SELECT game FROM db_players WHERE word >= {low} AND word < {high}{side})"
                ));
            }
        }
        w.add_prefix("white_key", &self.white);
        w.add_prefix("black_key", &self.black);
        w.add_prefix("event_key", &self.event);
        w.add_prefix("site_key", &self.site);
    }

    fn dates_into(&self, w: &mut Where) {
        if let Some(since) = self.since {
            let p = w.param(Bind::Int(i64::from(since)));
            w.conditions.push(format!("date_key >= {p}"));
        }
        if let Some(until) = self.until {
            let p = w.param(Bind::Int(i64::from(until)));
            w.conditions.push(format!("date_key <= {p}"));
        }
    }

    /// Whether the filters ask the games table anything beyond what postings carry.
    pub(crate) fn has_names(&self) -> bool {
        self.player.is_some()
            || self.white.is_some()
            || self.black.is_some()
            || self.event.is_some()
            || self.site.is_some()
    }

    /// Whether a posting passes what it carries: the month (the dates' months: a posting
    /// knows no finer date; a game whose month is unknown comes before every month of its
    /// year, as in the games table's `date_key`), the rating and the outcome.
    pub(crate) fn takes(&self, p: &Posting) -> bool {
        if let Some(since) = self.since
            && (p.month == 0 || p.month < since / 100)
        {
            return false;
        }
        if let Some(until) = self.until
            && (p.month == 0 || p.month > until / 100)
        {
            return false;
        }
        if let Some(min) = self.min_rating
            && (p.rating == 0 || p.rating < min)
        {
            return false;
        }
        if let Some(max) = self.max_rating
            && (p.rating == 0 || p.rating > max)
        {
            return false;
        }
        self.outcome.is_none_or(|o| o == p.outcome)
    }

    /// Whether days are asked (which postings cannot tell).
    pub(crate) fn has_fine_dates(&self) -> bool {
        self.since.is_some_and(|d| d % 100 != 0) || self.until.is_some_and(|d| d % 100 != 99)
    }
}
