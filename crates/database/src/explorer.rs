//! The opening explorer: for a position, how the games that reach it (by any move order) went
//! on, move by move, in the shape lichess's explorer answers.

use std::collections::{HashMap, HashSet};

use games::{AnyPosition, NotationChoice};
use serde::Serialize;

use crate::error::DbError;
use crate::filters::{Bind, Filters};
use crate::key::position_key;
use crate::move_code::MoveCode;
use crate::pool::{Pool, on_pool};
use crate::postings::postings_in;
use crate::postings::{Outcome, Posting};
use crate::segments::blocks_of;
use crate::summary::{GameSummary, summaries};

/// What to explore.
#[derive(Clone, Debug)]
pub struct ExploreQuery {
    /// The position.
    pub position: AnyPosition,
    /// The games taken (dates to the month: the index knows no finer date, and a date with
    /// days asks the games table).
    pub filters: Filters,
    /// How many of the highest-rated games to list.
    pub top: usize,
    /// How many of the latest games to list.
    pub recent: usize,
    /// How to write the moves.
    pub notation: NotationChoice,
}

impl ExploreQuery {
    /// The position, every game, four top and four recent games, moves in the rules' own
    /// notation.
    pub fn new(position: AnyPosition) -> ExploreQuery {
        ExploreQuery {
            position,
            filters: Filters::default(),
            top: 4,
            recent: 4,
            notation: NotationChoice::default(),
        }
    }
}

/// Counts of games by outcome.
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "schema", schema(as = ExplorerCounts))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// White won.
    pub white: u64,
    /// Drawn.
    pub draws: u64,
    /// Black won.
    pub black: u64,
    /// Every game, those without a result too.
    pub games: u64,
}

impl Counts {
    /// Adds the counts of another share of the games.
    fn merge(&mut self, other: Counts) {
        self.games += other.games;
        self.white += other.white;
        self.draws += other.draws;
        self.black += other.black;
    }

    fn add(&mut self, outcome: Outcome) {
        self.games += 1;
        match outcome {
            Outcome::White => self.white += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Black => self.black += 1,
            Outcome::Unknown => {}
        }
    }
}

/// One move played in the position.
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExplorerMove {
    /// The move's id: UCI for chess, every square's number for draughts (`32x23x14`).
    pub uci: String,
    /// The move in the notation asked (SAN for chess, the variant's own for draughts).
    pub san: String,
    /// The games that played it, by outcome.
    #[serde(flatten)]
    pub counts: Counts,
    /// The average of the games' players' average ratings, of the games that have one.
    pub average_rating: Option<u16>,
    /// The score of the side that plays the move, in percent of the games with a result
    /// (a win 1, a draw ½).
    pub score: Option<f64>,
    /// The first year it was played (of the games with a date).
    pub first_year: Option<u16>,
    /// The last year it was played.
    pub last_year: Option<u16>,
}

/// The explorer's answer.
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Explorer {
    /// The position's FEN.
    pub fen: String,
    /// The games that reach the position, by outcome.
    #[serde(flatten)]
    pub counts: Counts,
    /// The moves played, the most played first.
    pub moves: Vec<ExplorerMove>,
    /// The highest-rated games, with the move each played here.
    pub top_games: Vec<ListedGame>,
    /// The latest games.
    pub recent_games: Vec<ListedGame>,
}

/// A game listed by the explorer, with the move it played in the position.
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ListedGame {
    /// The game.
    #[serde(flatten)]
    pub game: GameSummary,
    /// The id of the move it played here, null when it ended here.
    pub uci: Option<String>,
}

/// What the explorer adds up for one move.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    counts: Counts,
    rating_sum: u64,
    rated: u64,
    first_year: Option<u16>,
    last_year: Option<u16>,
}

impl Tally {
    fn add(&mut self, p: &Posting) {
        self.counts.add(p.outcome);
        if p.rating > 0 {
            self.rating_sum += u64::from(p.rating);
            self.rated += 1;
        }
        if p.month > 0 {
            let year = (p.month / 100) as u16;
            self.first_year = Some(self.first_year.map_or(year, |y| y.min(year)));
            self.last_year = Some(self.last_year.map_or(year, |y| y.max(year)));
        }
    }

    /// Adds the tally of another share of the games.
    fn merge(&mut self, other: Tally) {
        self.counts.merge(other.counts);
        self.rating_sum += other.rating_sum;
        self.rated += other.rated;
        self.first_year = self.first_year.into_iter().chain(other.first_year).min();
        self.last_year = self.last_year.into_iter().chain(other.last_year).max();
    }
}

/// The `n` postings of the highest ranks offered (a rank and then the game, so that of
/// equal ranks the latest game wins), kept as they are offered: no list of every game.
struct Best {
    n: usize,
    kept: Vec<((u32, u64), Posting)>,
}

impl Best {
    fn new(n: usize) -> Best {
        Best {
            n,
            kept: Vec::with_capacity(n + 1),
        }
    }

    fn offer(&mut self, rank: (impl Into<u32>, u64), p: &Posting) {
        let rank = (rank.0.into(), rank.1);
        if self.n == 0 {
            return;
        }
        if self.kept.len() == self.n {
            // The lowest kept is the last.
            if rank <= self.kept[self.n - 1].0 {
                return;
            }
            self.kept.pop();
        }
        let at = self.kept.partition_point(|(r, _)| *r > rank);
        self.kept.insert(at, (rank, *p));
    }

    /// The postings kept, the highest rank first.
    fn into_sorted(self) -> Vec<Posting> {
        self.kept.into_iter().map(|(_, p)| p).collect()
    }
}

/// Blocks of a position from which it is counted on several threads (each thread takes at
/// least this many).
const PARALLEL_BLOCKS: usize = 32;

/// What the explorer adds up over a position's games.
struct Sums {
    counts: Counts,
    /// Few moves are played in a position: a short list, the most played found first.
    tallies: Vec<(MoveCode, Tally)>,
    top: Best,
    recent: Best,
}

impl Sums {
    fn new(query: &ExploreQuery) -> Sums {
        Sums {
            counts: Counts::default(),
            tallies: Vec::new(),
            top: Best::new(query.top),
            recent: Best::new(query.recent),
        }
    }

    fn add(&mut self, p: &Posting) {
        self.counts.add(p.outcome);
        if p.rating > 0 {
            self.top.offer((p.rating, p.game), p);
        }
        self.recent.offer((p.month, p.game), p);
        if p.code.is_none() || p.code == MoveCode::NULL {
            return;
        }
        let at = self.slot(p.code);
        let tallies = &mut self.tallies;
        tallies[at].1.add(p);
        // Keeps the list in the order of the games played, so that the common moves are
        // found at once.
        if at > 0 && tallies[at - 1].1.counts.games < tallies[at].1.counts.games {
            tallies.swap(at - 1, at);
        }
    }

    /// Where the move `code` is tallied, a new tally when it is not yet.
    fn slot(&mut self, code: MoveCode) -> usize {
        match self.tallies.iter().position(|(c, _)| *c == code) {
            Some(at) => at,
            None => {
                self.tallies.push((code, Tally::default()));
                self.tallies.len() - 1
            }
        }
    }

    /// Adds what another share of the postings summed.
    fn merge(&mut self, other: Sums) {
        self.counts.merge(other.counts);
        for (code, tally) in other.tallies {
            let at = self.slot(code);
            self.tallies[at].1.merge(tally);
        }
        for (rank, p) in other.top.kept {
            self.top.offer(rank, &p);
        }
        for (rank, p) in other.recent.kept {
            self.recent.offer(rank, &p);
        }
    }
}

/// Explores `query`'s position.
pub(crate) async fn explore(pool: &Pool, query: &ExploreQuery) -> Result<Explorer, DbError> {
    let position = &query.position;
    let named = if query.filters.has_names() || query.filters.has_fine_dates() {
        Some(matching_ids(pool, &query.filters).await?)
    } else {
        None
    };
    let key = position_key(position);
    let blocks = blocks_of(pool, key).await?;
    let keep = |p: &Posting| {
        query.filters.takes(p)
            && named
                .as_ref()
                .is_none_or(|ids| ids.contains(&(p.game as i64)))
    };
    let count = |blocks: &[Vec<u8>]| -> Result<Sums, DbError> {
        let mut sums = Sums::new(query);
        for data in blocks {
            postings_in(data, key, |p| {
                if keep(p) {
                    sums.add(p);
                }
            })?;
        }
        Ok(sums)
    };
    // A position of many games (the start: every game) is counted on every core, a share
    // of its blocks each.
    let threads = games::every_core()
        .min(blocks.len() / PARALLEL_BLOCKS)
        .max(1);
    let sums = if threads == 1 {
        count(&blocks)?
    } else {
        let share = blocks.len().div_ceil(threads);
        let parts: Vec<Result<Sums, DbError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = blocks
                .chunks(share)
                .map(|part| scope.spawn(move || count(part)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        let mut sums = Sums::new(query);
        for part in parts {
            sums.merge(part?);
        }
        sums
    };
    let Sums {
        counts,
        tallies,
        top,
        recent,
    } = sums;
    let white_moves = position.white_to_move();
    let legal = position.moves();
    let by_code: HashMap<MoveCode, &games::AnyMove> = legal
        .iter()
        .map(|m| (MoveCode::of(position, m), m))
        .collect();
    let mut moves: Vec<ExplorerMove> = tallies
        .into_iter()
        // A code no legal move has: a key shared by two positions (a 64-bit hash's rare
        // collision); its games are not this position's.
        .filter_map(|(code, t)| {
            let m = by_code.get(&code)?;
            let (id, text) = position.describe(m, &query.notation);
            let decided = t.counts.white + t.counts.draws + t.counts.black;
            let won = if white_moves {
                t.counts.white
            } else {
                t.counts.black
            };
            Some(ExplorerMove {
                uci: id,
                san: text,
                counts: t.counts,
                average_rating: (t.rated > 0).then(|| (t.rating_sum / t.rated) as u16),
                score: (decided > 0)
                    .then(|| (won as f64 + t.counts.draws as f64 / 2.0) * 100.0 / decided as f64),
                first_year: t.first_year,
                last_year: t.last_year,
            })
        })
        .collect();
    moves.sort_by(|a, b| b.counts.games.cmp(&a.counts.games).then(a.uci.cmp(&b.uci)));
    let move_of = |p: &Posting| by_code.get(&p.code).map(|m| position.move_id(m));
    let top = top.into_sorted();
    let recent = recent.into_sorted();
    Ok(Explorer {
        fen: position.fen(),
        counts,
        moves,
        top_games: listed(pool, &top, &move_of).await?,
        recent_games: listed(pool, &recent, &move_of).await?,
    })
}

/// The games of `list`, each with the move it played.
async fn listed(
    pool: &Pool,
    list: &[Posting],
    move_of: &impl Fn(&Posting) -> Option<String>,
) -> Result<Vec<ListedGame>, DbError> {
    let ids: Vec<i64> = list.iter().map(|p| p.game as i64).collect();
    let games = summaries(pool, &ids).await?;
    let played: HashMap<i64, Option<String>> =
        list.iter().map(|p| (p.game as i64, move_of(p))).collect();
    Ok(games
        .into_iter()
        .map(|game| ListedGame {
            uci: played.get(&game.id).cloned().flatten(),
            game,
        })
        .collect())
}

/// The ids of the games the filters' names (and exact dates) take.
pub(crate) async fn matching_ids(pool: &Pool, filters: &Filters) -> Result<HashSet<i64>, DbError> {
    let w = filters.names_and_dates_where();
    let sql = format!("SELECT id FROM db_games WHERE {}", w.clause());
    let ids: Vec<i64> = on_pool!(pool, p => {
        let mut q = sqlx::query_scalar(&sql);
        for b in &w.binds {
            q = match b {
                Bind::Text(t) => q.bind(t.clone()),
                Bind::Int(i) => q.bind(*i),
            };
        }
        q.fetch_all(p).await?
    });
    Ok(ids.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::AnyVariant;

    /// Summed in shares and merged, as a position of many games is on several threads, the
    /// postings give what they give summed in one.
    #[test]
    fn sums_of_shares_merge_into_the_whole() {
        let query = ExploreQuery::new(AnyVariant::Chess(games::ChessVariant::Standard).start());
        let postings: Vec<Posting> = (1..5000u64)
            .map(|game| Posting {
                game,
                code: MoveCode((game * 7 % 13) as u32),
                outcome: match game % 4 {
                    0 => Outcome::Unknown,
                    1 => Outcome::White,
                    2 => Outcome::Draw,
                    _ => Outcome::Black,
                },
                month: if game % 5 == 0 {
                    0
                } else {
                    190001 + (game * 31 % 1200) as u32
                },
                rating: (game * 17 % 2900) as u16,
            })
            .collect();
        let mut whole = Sums::new(&query);
        postings.iter().for_each(|p| whole.add(p));
        let mut merged = Sums::new(&query);
        for share in postings.chunks(1234) {
            let mut part = Sums::new(&query);
            share.iter().for_each(|p| part.add(p));
            merged.merge(part);
        }
        assert_eq!(merged.counts, whole.counts);
        let sorted = |mut t: Vec<(MoveCode, Tally)>| {
            t.sort_by_key(|(c, _)| c.0);
            t
        };
        assert_eq!(sorted(merged.tallies), sorted(whole.tallies));
        assert_eq!(merged.recent.into_sorted(), whole.recent.into_sorted());
        // The top games are the highest rated, as a plain sort of every game finds them.
        let mut by_rating: Vec<&Posting> = postings.iter().filter(|p| p.rating > 0).collect();
        by_rating.sort_by(|a, b| b.rating.cmp(&a.rating).then(b.game.cmp(&a.game)));
        let top: Vec<Posting> = by_rating.into_iter().take(4).copied().collect();
        assert_eq!(whole.top.into_sorted(), top);
        assert_eq!(merged.top.into_sorted(), top);
    }
}
