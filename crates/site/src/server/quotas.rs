//! Rate limits and budgets, per client address ([`Client::group`]) and in total, so that no
//! client fills the store or the computer's queue for everyone: games created, analyses
//! saved (their count and their bytes), the bytes all saved analyses may take, and computer
//! games running at once. Each is a `serve` option ([`Quotas`]); docs/api.md lists them.
//!
//! The hourly rates are [governor]'s (the generic cell rate algorithm): a rate of N an hour
//! lets N through in a row and then one every hour/N, so that no hour takes more than twice
//! N. A client is checked before the total, so that a client over its share does not use up
//! everyone's.

use std::net::{IpAddr, Ipv4Addr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota};

use super::error::ApiError;
use super::forwarded::Client;
use crate::models::{GameMode, GameStatus};
use crate::store::{Store, now_ms};

/// The limits `serve` keeps on what clients may store and start; [`Quotas::default`] gives
/// its defaults. A rate or count of 0 is no limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotas {
    /// Games one client may create in an hour (`POST /api/games`, rematches).
    pub games_per_client: u32,
    /// Games all clients together may create in an hour.
    pub games: u32,
    /// Analyses one client may save in an hour (`POST /api/analyses`).
    pub analyses_per_client: u32,
    /// Analyses all clients together may save in an hour.
    pub analyses: u32,
    /// Bytes of analyses one client may save in an hour.
    pub analysis_bytes_per_client: u32,
    /// Bytes of analyses all clients together may save in an hour.
    pub analysis_bytes: u32,
    /// Bytes all saved analyses may take in the store; beyond it, saving answers 507.
    pub analyses_budget: u64,
    /// Games against the computer one client may have running at once (a game runs while it
    /// is in progress and was played in the last [`RUNNING_IDLE`]).
    pub computer_games_per_client: u32,
    /// Games against the computer running at once on the server.
    pub computer_games: u32,
}

impl Default for Quotas {
    fn default() -> Quotas {
        Quotas {
            games_per_client: 600,
            games: 20_000,
            analyses_per_client: 120,
            analyses: 2_000,
            analysis_bytes_per_client: 30 << 20,
            analysis_bytes: 300 << 20,
            analyses_budget: 2 << 30,
            computer_games_per_client: 8,
            computer_games: 128,
        }
    }
}

/// A game against the computer that nobody played for this long no longer counts as running.
pub const RUNNING_IDLE: Duration = Duration::from_secs(10 * 60);

/// How long a running game's state, read from the store, is believed before it is read again.
const RECHECK: Duration = Duration::from_secs(30);

/// How long the bytes of all saved analyses, read from the store, are believed (and counted
/// on from) before they are read again: other processes on the store save too.
const RECOUNT: Duration = Duration::from_secs(30);

/// Seconds to wait before saving again once the analyses' budget is spent: it frees only
/// when the site's keeper makes room.
const BUDGET_RETRY_SECONDS: u64 = 3_600;

/// What clients may do, as the server counts it.
pub struct Limiter {
    games: Rate,
    analyses: Rate,
    analysis_bytes: Rate,
    budget: Budget,
    running: Running,
}

impl Limiter {
    /// The counters for `quotas`, all empty.
    pub fn new(quotas: &Quotas) -> Limiter {
        Limiter {
            games: Rate::new(quotas.games_per_client, quotas.games),
            analyses: Rate::new(quotas.analyses_per_client, quotas.analyses),
            analysis_bytes: Rate::new(quotas.analysis_bytes_per_client, quotas.analysis_bytes),
            budget: Budget::new(quotas.analyses_budget),
            running: Running::new(quotas.computer_games_per_client, quotas.computer_games),
        }
    }

    /// Counts a game created by `client`, or says `429 too-many-games` (with `Retry-After`)
    /// when the client or the server has created its hourly share.
    pub fn game(&self, client: Option<Client>) -> Result<(), ApiError> {
        self.games.take(key(client), 1).map_err(|over| {
            over.error(
                "too-many-games",
                "this address has created as many games as the server allows in an hour",
                "the server has taken as many new games as it allows in an hour",
            )
        })
    }

    /// Counts an analysis of `bytes` saved by `client`: `429 too-many-analyses` when the
    /// client or the server has saved its hourly share (in count or in bytes), `507
    /// analyses-full` when the saved analyses take the budget, both with `Retry-After`.
    pub async fn analysis(
        &self,
        store: &dyn Store,
        client: Option<Client>,
        bytes: usize,
    ) -> Result<(), ApiError> {
        let key = key(client);
        let too_many = |over: Over| {
            over.error(
                "too-many-analyses",
                "this address has saved as many analyses (or bytes of them) as the server allows in an hour",
                "the server has saved as many analyses (or bytes of them) as it allows in an hour",
            )
        };
        self.analyses.take(key, 1).map_err(too_many)?;
        let cells = u32::try_from(bytes).unwrap_or(u32::MAX);
        self.analysis_bytes.take(key, cells).map_err(too_many)?;
        self.budget.spend(store, bytes as u64).await
    }

    /// Admits game `id` against the computer, about to be created by `client`, among the
    /// running ones: `429 too-many-computer-games` (with `Retry-After`) when the client or
    /// the server has as many running as allowed. A game admitted and then not stored is
    /// given back with [`Limiter::not_running`].
    pub async fn computer_game(
        &self,
        store: &dyn Store,
        client: Option<Client>,
        id: &str,
    ) -> Result<(), ApiError> {
        self.running.admit(store, key(client), id).await
    }

    /// Game `id` no longer counts among the running games against the computer: it ended,
    /// or it was admitted by [`Limiter::computer_game`] and then not stored.
    pub async fn not_running(&self, id: &str) {
        self.running.forget(id).await;
    }
}

/// The address a client's quotas are kept under (all requests without one as one client).
fn key(client: Option<Client>) -> IpAddr {
    client.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), Client::group)
}

/// Over a rate: whose (one client's or everyone's) and how long until it lets one through.
enum Over {
    Client(Duration),
    Total(Duration),
}

impl Over {
    /// The 429 answer, with code `code`, saying `client` or `total`.
    fn error(self, code: &'static str, client: &str, total: &str) -> ApiError {
        let (wait, message) = match self {
            Over::Client(wait) => (wait, client),
            Over::Total(wait) => (wait, total),
        };
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            code,
            format!("{message}: try again in {seconds} s"),
        )
        .retry_after(seconds)
    }
}

/// An hourly rate per client and in total (either absent: no limit).
struct Rate {
    per_client: Option<DefaultKeyedRateLimiter<IpAddr>>,
    total: Option<DefaultDirectRateLimiter>,
    /// Checks made, to forget the clients whose cells are full again now and then.
    checks: AtomicU32,
}

/// Every this many checks, the clients back to a full allowance are forgotten.
const FORGET_EVERY: u32 = 4_096;

impl Rate {
    fn new(per_client: u32, total: u32) -> Rate {
        let quota = |n: u32| NonZeroU32::new(n).map(Quota::per_hour);
        Rate {
            per_client: quota(per_client).map(DefaultKeyedRateLimiter::hashmap),
            total: quota(total).map(DefaultDirectRateLimiter::direct),
            checks: AtomicU32::new(0),
        }
    }

    /// Takes `n` cells (at least one) for `client`, first from its own share, then from the
    /// total.
    fn take(&self, client: IpAddr, n: u32) -> Result<(), Over> {
        let n = NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
        let now = DefaultClock::default().now();
        // More cells than the share ever holds wait for a whole hour: they never pass.
        let hour = Duration::from_secs(3_600);
        if let Some(limiter) = &self.per_client {
            if self.checks.fetch_add(1, Ordering::Relaxed) % FORGET_EVERY == FORGET_EVERY - 1 {
                limiter.retain_recent();
                limiter.shrink_to_fit();
            }
            match limiter.check_key_n(&client, n) {
                Ok(Ok(())) => {}
                Ok(Err(not_until)) => return Err(Over::Client(not_until.wait_time_from(now))),
                Err(_) => return Err(Over::Client(hour)),
            }
        }
        if let Some(limiter) = &self.total {
            match limiter.check_n(n) {
                Ok(Ok(())) => {}
                Ok(Err(not_until)) => return Err(Over::Total(not_until.wait_time_from(now))),
                Err(_) => return Err(Over::Total(hour)),
            }
        }
        Ok(())
    }
}

/// The bytes all saved analyses may take.
struct Budget {
    max: u64,
    /// The bytes counted, and when they were last read from the store.
    used: tokio::sync::Mutex<Option<(u64, Instant)>>,
}

impl Budget {
    fn new(max: u64) -> Budget {
        Budget {
            max,
            used: tokio::sync::Mutex::new(None),
        }
    }

    /// Counts `bytes` more, or says `507 analyses-full` when they would go over.
    async fn spend(&self, store: &dyn Store, bytes: u64) -> Result<(), ApiError> {
        if self.max == 0 {
            return Ok(());
        }
        let mut used = self.used.lock().await;
        let now = Instant::now();
        let counted = match *used {
            Some((bytes, at)) if now.duration_since(at) < RECOUNT => bytes,
            _ => {
                let bytes = store.analysis_bytes().await?;
                *used = Some((bytes, now));
                bytes
            }
        };
        if counted.saturating_add(bytes) > self.max {
            return Err(ApiError::new(
                StatusCode::INSUFFICIENT_STORAGE,
                "analyses-full",
                "the saved analyses take all the room the server gives them",
            )
            .retry_after(BUDGET_RETRY_SECONDS));
        }
        if let Some((total, _)) = used.as_mut() {
            *total += bytes;
        }
        Ok(())
    }
}

/// Games against the computer running at once.
struct Running {
    per_client: usize,
    total: usize,
    games: tokio::sync::Mutex<Vec<RunningGame>>,
}

/// A game against the computer counted as running.
struct RunningGame {
    id: String,
    client: IpAddr,
    /// When the store last said it runs (or when it was admitted).
    checked: Instant,
}

impl Running {
    fn new(per_client: u32, total: u32) -> Running {
        let cap = |n: u32| if n == 0 { usize::MAX } else { n as usize };
        Running {
            per_client: cap(per_client),
            total: cap(total),
            games: tokio::sync::Mutex::new(Vec::new()),
        }
    }

    async fn admit(&self, store: &dyn Store, client: IpAddr, id: &str) -> Result<(), ApiError> {
        let mut games = self.games.lock().await;
        let mine = |games: &Vec<RunningGame>| games.iter().filter(|g| g.client == client).count();
        if mine(&games) >= self.per_client {
            prune(store, &mut games, Some(client)).await?;
        }
        let over = if mine(&games) >= self.per_client {
            Some(
                "this address already plays as many games against the computer as the server allows at once",
            )
        } else {
            if games.len() >= self.total {
                prune(store, &mut games, None).await?;
            }
            (games.len() >= self.total).then_some(
                "the server already runs as many games against the computer as it allows at once",
            )
        };
        if let Some(message) = over {
            let seconds = RECHECK.as_secs();
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-computer-games",
                format!("{message}: finish one, or try again later"),
            )
            .retry_after(seconds));
        }
        games.push(RunningGame {
            id: id.to_string(),
            client,
            checked: Instant::now(),
        });
        Ok(())
    }

    async fn forget(&self, id: &str) {
        self.games.lock().await.retain(|g| g.id != id);
    }
}

/// Drops from `games` (those of `client`, or all) the ones that no longer run, asking the
/// store about those not checked for [`RECHECK`].
async fn prune(
    store: &dyn Store,
    games: &mut Vec<RunningGame>,
    client: Option<IpAddr>,
) -> Result<(), ApiError> {
    let now = Instant::now();
    let idle_ms = RUNNING_IDLE.as_millis() as i64;
    let mut kept = Vec::with_capacity(games.len());
    for mut game in games.drain(..) {
        let asked = client.is_none_or(|c| c == game.client);
        if asked && now.duration_since(game.checked) >= RECHECK {
            let runs = store.game(&game.id).await?.is_some_and(|g| {
                g.mode == GameMode::Computer
                    && g.status == GameStatus::Ongoing
                    && now_ms().saturating_sub(g.updated_at) < idle_ms
            });
            if !runs {
                continue;
            }
            game.checked = now;
        }
        kept.push(game);
    }
    *games = kept;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(n: u8) -> IpAddr {
        IpAddr::from([192, 0, 2, n])
    }

    #[test]
    fn a_client_over_its_share_waits_and_others_go_on() {
        let rate = Rate::new(3, 5);
        for _ in 0..3 {
            assert!(rate.take(client(1), 1).is_ok());
        }
        match rate.take(client(1), 1) {
            Err(Over::Client(wait)) => {
                // One cell comes back every 20 minutes.
                assert!(wait > Duration::from_secs(1_100) && wait <= Duration::from_secs(1_200));
            }
            _ => panic!("a fourth game in a row passed"),
        }
        // The refused one did not use the total: two more pass for another client.
        assert!(rate.take(client(2), 1).is_ok());
        assert!(rate.take(client(2), 1).is_ok());
        assert!(matches!(rate.take(client(3), 1), Err(Over::Total(_))));
    }

    #[test]
    fn more_cells_than_a_share_holds_never_pass() {
        let rate = Rate::new(1_000, 0);
        assert!(
            matches!(rate.take(client(1), 1_001), Err(Over::Client(w)) if w == Duration::from_secs(3_600))
        );
        assert!(rate.take(client(1), 1_000).is_ok());
    }

    #[test]
    fn zero_is_no_limit() {
        let rate = Rate::new(0, 0);
        for _ in 0..10_000 {
            assert!(rate.take(client(1), u32::MAX).is_ok());
        }
    }

    #[test]
    fn the_answer_says_when_to_come_back() {
        let response = axum::response::IntoResponse::into_response(
            Over::Client(Duration::from_millis(1_500)).error("too-many-games", "c", "t"),
        );
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(response.headers()["retry-after"], "2");
    }
}
