//! A draughts game's move words replayed as they come, under every reading still open, side
//! by side: each candidate variant, each side to move that a FEN's `?` allows, the squares as
//! written and turned half a circle (American checkers as some sites export it, see
//! [`site_forms`](super::site_forms)), and each route of a capture that several routes fit
//! (see [`capture_routes`](super::capture_routes)). A word that no legal move fits ends a reading, unless it
//! may be the first part of a capture written in parts, which waits for the next word.
//!
//! Usually one reading is open and each word is read at once ([`Heard::Played`]). While
//! several are open, each keeps what it made of every word ([`DraughtsFate`]) until one is
//! left (the caller holds the text back meanwhile, see [`EventLog`](super::event_log)); the
//! readings that stopped are kept with why, for the error if none is left.

use draughts::{Fen, FenError, Move, MoveReader, MoveTextError, Position, Variant};
use record::Pos;

use super::capture_routes;
use super::error::{GameError, Ply};
use super::site_forms;

/// What hearing a word did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Heard {
    /// One reading is open and nothing waits: the word is the move that
    /// [`DraughtsReadings::played`] gives.
    Played,
    /// The word's move is not known yet: the readings part, or a word waits.
    Pending,
    /// No reading is left.
    Failed,
}

/// What one reading made of a word while the readings were held back.
#[derive(Clone, Debug)]
pub(crate) enum DraughtsFate {
    /// The word is this move, played from `before`.
    Move { mv: Move, before: Position },
    /// The word is a later part of the capture that a word before began.
    Part,
}

/// Why a reading stopped, kept so that a message is written only for the error reported.
// Made only when a reading stops: its size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub(crate) enum Failure {
    /// An error written out.
    Ready(GameError),
    /// A move word that no legal move fits, or several.
    Move {
        variant: Variant,
        pos: Position,
        text: String,
        at: Pos,
        ply: u32,
        error: MoveTextError,
    },
}

impl Failure {
    /// How far the reading got: the 1-based ply index of the word, 0 for an error at no move.
    pub(crate) fn reached(&self) -> usize {
        match self {
            Failure::Ready(e) => e.ply.as_ref().map_or(0, |p| p.index),
            Failure::Move { ply, .. } => *ply as usize + 1,
        }
    }

    /// The error, written out.
    pub(crate) fn into_error(self) -> GameError {
        match self {
            Failure::Ready(e) => e,
            Failure::Move {
                variant,
                pos,
                text,
                at,
                ply,
                error,
            } => capture_routes::move_error(&variant, &pos, &text, at, ply, error),
        }
    }
}

/// A reading of the game: its rules, the side that a FEN's `?` left to the first move, and
/// whether its squares are read turned half a circle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    /// The variant (interned: a key is copied with every reading).
    pub(crate) variant: &'static Variant,
    /// 0: the side that moves first under the variant, 1: the other (a FEN whose side to
    /// move is `?` is tried with both, in that order).
    pub(crate) side: u8,
    pub(crate) turned: bool,
}

impl Key {
    /// Whether this is the reading whose error stands for its variant's: as written, from
    /// the first side tried.
    pub(crate) fn is_primary(&self) -> bool {
        self.side == 0 && !self.turned
    }

    /// The order of the readings of one variant: as written before turned, the first side
    /// before the second.
    pub(crate) fn rank(&self) -> u8 {
        u8::from(self.turned) * 2 + self.side
    }
}

/// A reading that stopped: its key and why.
#[derive(Clone, Debug)]
pub(crate) struct Death {
    pub(crate) key: Key,
    pub(crate) failure: Failure,
}

/// A reading that replayed every word.
#[derive(Debug)]
pub(crate) struct Survivor {
    pub(crate) key: Key,
    pub(crate) start: Position,
    pub(crate) end: Position,
    /// What the replay recognised: squares turned, routes settled, captures in parts.
    pub(crate) warnings: Vec<GameError>,
    /// What it made of every word held back (see [`DraughtsReadings::take_fates`]).
    pub(crate) fates: Vec<DraughtsFate>,
    /// Moves of the main line.
    pub(crate) plies: usize,
}

/// The position of a line left for a side line, to come back to.
#[derive(Clone, Debug)]
struct Saved {
    pos: Position,
    prev: Position,
    ply: u32,
    last_ply: u32,
}

/// A capture written in parts, waiting for its next part (`16. d4xb6 b6xd8`).
#[derive(Clone, Debug)]
struct Join {
    /// The parts so far, joined (`d4xb6xd8`).
    joined: String,
    /// The parts as written.
    parts: Vec<String>,
    at: Pos,
    ply: u32,
    /// Why the first part alone is no move: the error if no join reads.
    error: MoveTextError,
}

/// Where a reading stands among the routes of an ambiguous capture: the fork, the route it
/// took, and how many words of the fork's line it has replayed since.
#[derive(Clone, Copy, Debug)]
struct Alt {
    fork: u32,
    route: usize,
    count: usize,
}

/// A count that stands for the rest of the line: a setup command replaced the position.
const TO_THE_END: usize = usize::MAX / 4;

/// At most this many words are replayed in all by the routes of one ambiguous capture.
const BUDGET: usize = 20_000;

#[derive(Clone, Debug)]
struct Branch {
    key: Key,
    start: Position,
    pos: Position,
    /// The position before the last move of the current line, or where the line starts.
    prev: Position,
    /// The 0-based ply index of the next word of the current line among the game's plies
    /// (a side line counts from the move it replaces).
    ply: u32,
    /// The ply index of the last move's first word in the current line, or of the line's
    /// start: a side line after it starts there.
    last_ply: u32,
    stack: Vec<Saved>,
    /// Moves of the main line.
    plies: usize,
    warnings: Vec<GameError>,
    fates: Vec<DraughtsFate>,
    /// The last move, for [`DraughtsReadings::played`].
    last: Option<Move>,
    join: Option<Join>,
    /// The routes taken at captures still undecided, outer forks first.
    routes: Vec<Alt>,
    /// The depth of the line where this route of an undecided capture failed: it reads no
    /// word until that line ends.
    stalled: Option<usize>,
    /// The first failure of a route, kept for the decision of its fork.
    failure: Option<Failure>,
}

impl Branch {
    fn new(key: Key, start: Position) -> Branch {
        Branch {
            key,
            start,
            pos: start,
            prev: start,
            ply: 0,
            last_ply: 0,
            stack: Vec::new(),
            plies: 0,
            warnings: Vec::new(),
            fates: Vec::new(),
            last: None,
            join: None,
            routes: Vec::new(),
            stalled: None,
            failure: None,
        }
    }

    /// Plays `mv`, the move of `words` words of the line at `depth`.
    #[inline]
    fn play(&mut self, mv: Move, words: usize, at: &Context) {
        let before = self.pos;
        self.prev = before;
        self.pos.play_unchecked(&mv);
        self.last_ply = self.ply;
        self.ply += words as u32;
        if at.depth == 0 {
            self.plies += 1;
        }
        for alt in &mut self.routes {
            if at
                .forks
                .iter()
                .any(|f| f.id == alt.fork && f.depth == at.depth && !f.frozen)
            {
                alt.count = alt.count.saturating_add(words);
            }
        }
        if at.logging {
            self.fates.push(DraughtsFate::Move { mv, before });
            for _ in 1..words {
                self.fates.push(DraughtsFate::Part);
            }
        } else {
            self.last = Some(mv);
        }
    }

    /// The failure of the move word `text` here.
    fn failure(&self, text: &str, at: Pos, error: MoveTextError) -> Failure {
        Failure::Move {
            variant: *self.key.variant,
            pos: self.pos,
            text: text.to_string(),
            at,
            ply: self.ply,
            error,
        }
    }
}

/// What a reading reads a word with.
struct Context<'a> {
    depth: usize,
    logging: bool,
    forks: &'a [Fork],
}

/// A capture that several routes fit, waiting for the rest of its line to decide.
#[derive(Clone, Debug)]
struct Fork {
    id: u32,
    /// The depth of the line it stands in.
    depth: usize,
    variant: Variant,
    text: String,
    at: Pos,
    ply: u32,
    pos: Position,
    candidates: Vec<Move>,
    /// What reading the word gave: the error if no route alone goes furthest.
    error: MoveTextError,
    /// Words still to replay before the counts are taken as they stand.
    budget: usize,
    /// The budget ran out: the counts are final.
    frozen: bool,
}

/// What a reading made of a word.
#[allow(clippy::large_enum_variant)]
enum Hearing {
    Done,
    Fork(Vec<Move>, MoveTextError),
    Failed(Failure),
}

/// The readings of one draughts game.
#[derive(Debug, Default)]
pub(crate) struct DraughtsReadings {
    branches: Vec<Branch>,
    deaths: Vec<Death>,
    forks: Vec<Fork>,
    next_fork: u32,
    reader: MoveReader,
    /// The variation depth of the text now.
    depth: usize,
    /// Each reading keeps its fates (the caller holds the text back).
    logging: bool,
    /// Readings turned half a circle may still be added, at the first main-line word.
    first_word_due: bool,
}

impl DraughtsReadings {
    /// Starts readings under each of `variants`, in this order, from the FEN tag `fen` (its
    /// text and place) or each variant's initial position. A variant under which the FEN
    /// does not read stops at once.
    pub(crate) fn start(&mut self, variants: &[&'static Variant], fen: Option<(&str, Pos)>) {
        self.branches.clear();
        self.deaths.clear();
        self.forks.clear();
        self.depth = 0;
        self.logging = false;
        self.first_word_due = true;
        // The FEN read under each board met: the variants of one board share it.
        let mut read: [Option<Result<Fen, FenError>>; 4] = Default::default();
        for &variant in variants {
            let primary = Key {
                variant,
                side: 0,
                turned: false,
            };
            let starts: Vec<Position> = match fen {
                None => vec![Position::start_of(variant)],
                Some((text, at)) => match fen_under(text, *variant, &mut read) {
                    Ok(Fen {
                        side: Some(_),
                        position,
                    }) => vec![position],
                    // `?` as the side to move: whichever side can play the first move.
                    Ok(Fen {
                        side: None,
                        position,
                    }) => [variant.first, variant.second()]
                        .into_iter()
                        .map(|side| {
                            let mut p = position;
                            p.set_side_to_move(side);
                            p
                        })
                        .collect(),
                    Err(e) => {
                        let message = format!("FEN tag under {} rules: {e}", variant.title);
                        self.deaths.push(Death {
                            key: primary,
                            failure: Failure::Ready(GameError::at(at, message)),
                        });
                        continue;
                    }
                },
            };
            for (side, start) in starts.into_iter().enumerate() {
                let key = Key {
                    side: side as u8,
                    ..primary
                };
                self.branches.push(Branch::new(key, start));
            }
        }
        self.logging = self.branches.len() > 1;
    }

    /// Whether every reading stopped.
    pub(crate) fn failed(&self) -> bool {
        self.branches.is_empty()
    }

    /// Makes every reading keep its fates from now on (the caller holds the text back for
    /// reasons of its own).
    pub(crate) fn start_logging(&mut self) {
        self.logging = true;
    }

    /// Whether one reading is left and no word waits: then the fates kept since the readings
    /// parted can be taken.
    pub(crate) fn settled(&self) -> bool {
        matches!(&self.branches[..], [b] if b.join.is_none())
    }

    /// The fates of the one reading left (see [`DraughtsReadings::settled`]); its words are
    /// read at once from now on.
    pub(crate) fn take_fates(&mut self) -> Vec<DraughtsFate> {
        self.logging = false;
        match self.branches.first_mut() {
            Some(b) => std::mem::take(&mut b.fates),
            None => Vec::new(),
        }
    }

    /// The move of the word just read ([`Heard::Played`]) and the position before it.
    pub(crate) fn played(&mut self) -> Option<(Position, Move)> {
        let b = self.branches.first_mut()?;
        Some((b.prev, b.last.take()?))
    }

    /// The key of the one reading left, if one is left.
    pub(crate) fn single(&self) -> Option<Key> {
        match &self.branches[..] {
            [b] => Some(b.key),
            _ => None,
        }
    }

    /// The next move word of the text, at `at`.
    #[inline]
    pub(crate) fn word(&mut self, text: &str, at: Pos) -> Heard {
        if self.first_word_due && self.depth == 0 {
            self.first_word_due = false;
            self.add_turned(text, at);
        }
        if !self.logging
            && let [b] = &mut self.branches[..]
            && b.join.is_none()
            && b.routes.is_empty()
            && !b.key.turned
            && let Ok(mv) = self.reader.read(&b.pos, text)
        {
            let at = Context {
                depth: self.depth,
                logging: false,
                forks: &[],
            };
            b.play(mv, 1, &at);
            return Heard::Played;
        }
        self.word_in_every_reading(text, at)
    }

    /// [`DraughtsReadings::word`] read in every reading: when there are several, a reading
    /// is turned or among the routes of a capture, a word waits or fails.
    #[cold]
    #[inline(never)]
    fn word_in_every_reading(&mut self, text: &str, at: Pos) -> Heard {
        let logging = self.logging || self.branches.len() > 1;
        let mut branches = std::mem::take(&mut self.branches);
        // What changes, reading by reading: a route fork or a failure.
        let mut changes: Vec<(usize, Hearing)> = Vec::new();
        for (i, b) in branches.iter_mut().enumerate() {
            if b.stalled.is_some() {
                continue;
            }
            self.spend(b);
            let turned;
            let text = if b.key.turned {
                turned = site_forms::turn_squares(text);
                turned.as_str()
            } else {
                text
            };
            let context = Context {
                depth: self.depth,
                logging,
                forks: &self.forks,
            };
            match hear(&mut self.reader, &context, b, text, at) {
                Hearing::Done => {}
                change => changes.push((i, change)),
            }
        }
        // From the last, so that the indices of those before stay.
        for (i, change) in changes.into_iter().rev() {
            match change {
                Hearing::Failed(failure) => self.fail(&mut branches, i, failure),
                Hearing::Fork(candidates, error) => {
                    let b = branches.remove(i);
                    let alternatives = self.fork(b, text, at, candidates, error, logging);
                    for (k, alt) in alternatives.into_iter().enumerate() {
                        branches.insert(i + k, alt);
                    }
                }
                Hearing::Done => {}
            }
        }
        self.branches = branches;
        self.decide_early();
        self.logging =
            logging || self.branches.len() > 1 || self.branches.iter().any(|b| b.join.is_some());
        if self.branches.is_empty() {
            Heard::Failed
        } else if self.logging {
            Heard::Pending
        } else {
            Heard::Played
        }
    }

    /// Spends a word of the budget of every fork whose line `b` reads now.
    fn spend(&mut self, b: &Branch) {
        for alt in &b.routes {
            if let Some(f) = self.forks.iter_mut().find(|f| f.id == alt.fork)
                && f.depth == self.depth
                && !f.frozen
            {
                f.budget = f.budget.saturating_sub(1);
                f.frozen = f.budget == 0;
            }
        }
    }

    /// The readings of `b` down each route of the ambiguous capture `text`.
    fn fork(
        &mut self,
        b: Branch,
        text: &str,
        at: Pos,
        candidates: Vec<Move>,
        error: MoveTextError,
        logging: bool,
    ) -> Vec<Branch> {
        let id = self.next_fork;
        self.next_fork += 1;
        self.forks.push(Fork {
            id,
            depth: self.depth,
            variant: *b.key.variant,
            text: text.to_string(),
            at,
            ply: b.ply,
            pos: b.pos,
            candidates: candidates.clone(),
            error,
            budget: BUDGET,
            frozen: false,
        });
        // The alternatives part from here: each keeps its fates, the word's too.
        let _ = logging;
        let context = Context {
            depth: self.depth,
            logging: true,
            forks: &self.forks,
        };
        candidates
            .into_iter()
            .enumerate()
            .map(|(route, mv)| {
                let mut alt = b.clone();
                // The ambiguous word counts for the forks around it; this fork counts the
                // words after it.
                alt.play(mv, 1, &context);
                alt.routes.push(Alt {
                    fork: id,
                    route,
                    count: 0,
                });
                alt
            })
            .collect()
    }

    /// Reading `i` of `branches` failed: it stops, or waits for the decision of its fork.
    fn fail(&mut self, branches: &mut Vec<Branch>, i: usize, failure: Failure) {
        let b = &mut branches[i];
        if b.routes.is_empty() {
            let b = branches.remove(i);
            self.deaths.push(Death {
                key: b.key,
                failure,
            });
        } else {
            b.stalled = Some(self.depth);
            b.failure.get_or_insert(failure);
        }
    }

    /// Decides the forks whose routes the rest of their line can no longer change.
    fn decide_early(&mut self) {
        let mut k = 0;
        while k < self.forks.len() {
            let fork = &self.forks[k];
            let reaches = self.reaches(fork);
            let live: Vec<usize> = (0..fork.candidates.len())
                .filter(|&route| {
                    self.branches.iter().any(|b| {
                        b.routes
                            .iter()
                            .any(|a| a.fork == fork.id && a.route == route)
                            && b.stalled.is_none_or(|s| s > fork.depth)
                    })
                })
                .collect();
            let settled = fork.frozen
                || live.is_empty()
                || (live.len() == 1
                    && reaches
                        .iter()
                        .enumerate()
                        .all(|(r, &n)| r == live[0] || n < reaches[live[0]]));
            if settled {
                self.decide(k);
            } else {
                k += 1;
            }
        }
    }

    /// The furthest each route of `fork` got.
    fn reaches(&self, fork: &Fork) -> Vec<usize> {
        let mut reach = vec![0; fork.candidates.len()];
        for b in &self.branches {
            for a in b.routes.iter().filter(|a| a.fork == fork.id) {
                reach[a.route] = reach[a.route].max(a.count);
            }
        }
        reach
    }

    /// Decides fork `k`: the route that got furthest, alone, is taken (a warning says so);
    /// else the reading stops there, the capture ambiguous.
    fn decide(&mut self, k: usize) {
        let fork = self.forks.remove(k);
        let reach = self.reaches(&fork);
        let best = reach.iter().copied().max().unwrap_or(0);
        let winners: Vec<usize> = (0..reach.len()).filter(|&r| reach[r] == best).collect();
        let route_of = |b: &Branch| -> Option<(usize, usize)> {
            let at = b.routes.iter().position(|a| a.fork == fork.id)?;
            Some((at, b.routes[at].route))
        };
        let mut branches = std::mem::take(&mut self.branches);
        if let [chosen] = winners[..] {
            let second = reach
                .iter()
                .copied()
                .filter(|&r| r != best)
                .max()
                .unwrap_or(0);
            let counts = fork.frozen.then_some((best, second));
            let warning = capture_routes::warning(
                &fork.variant,
                &fork.pos,
                &fork.text,
                fork.at,
                fork.ply,
                &fork.candidates,
                chosen,
                counts,
            );
            let mut kept = Vec::with_capacity(branches.len());
            for mut b in branches {
                match route_of(&b) {
                    Some((_, route)) if route != chosen => {}
                    Some((at, _)) => {
                        b.routes.remove(at);
                        insert_in_order(&mut b.warnings, warning.clone());
                        if b.routes.is_empty() {
                            if let Some(failure) = b.failure.take() {
                                self.deaths.push(Death {
                                    key: b.key,
                                    failure,
                                });
                                continue;
                            }
                            b.stalled = None;
                        }
                        kept.push(b);
                    }
                    None => kept.push(b),
                }
            }
            self.branches = kept;
            return;
        }
        // No route alone goes furthest: the capture is ambiguous. One of its readings stands
        // for them all, with the furthest count for the forks around it.
        let failure = Failure::Move {
            variant: fork.variant,
            pos: fork.pos,
            text: fork.text.clone(),
            at: fork.at,
            ply: fork.ply,
            error: fork.error.clone(),
        };
        let mut kept: Vec<Branch> = Vec::with_capacity(branches.len());
        let mut standing: Option<usize> = None;
        for b in branches.drain(..) {
            let Some((at, _)) = route_of(&b) else {
                kept.push(b);
                continue;
            };
            match standing {
                None => {
                    let mut b = b;
                    b.routes.remove(at);
                    standing = Some(kept.len());
                    kept.push(b);
                }
                Some(s) => {
                    let keep = &mut kept[s];
                    for a in &mut keep.routes {
                        if let Some(o) = b.routes.iter().find(|o| o.fork == a.fork) {
                            a.count = a.count.max(o.count);
                        }
                    }
                }
            }
        }
        if let Some(s) = standing {
            if kept[s].routes.is_empty() {
                let b = kept.remove(s);
                self.deaths.push(Death {
                    key: b.key,
                    failure,
                });
            } else {
                let b = &mut kept[s];
                b.stalled = Some(b.stalled.map_or(fork.depth, |d| d.min(fork.depth)));
                // The ambiguous word comes before anything its routes failed on since.
                b.failure = Some(failure);
            }
        }
        self.branches = kept;
    }

    /// Adds a reading turned half a circle after each reading of a variant that names its
    /// squares by number on the plain 8×8 board, when the first word `first` (at `at`) names
    /// squares algebraically (see [`site_forms::may_be_turned`]).
    fn add_turned(&mut self, first: &str, at: Pos) {
        let mut i = 0;
        while i < self.branches.len() {
            let b = &self.branches[i];
            if !b.key.turned && site_forms::may_be_turned(b.key.variant, first) {
                let key = Key {
                    turned: true,
                    ..b.key
                };
                let mut twin = Branch::new(key, b.start);
                twin.warnings
                    .push(site_forms::turned_warning(key.variant, at));
                self.branches.insert(i + 1, twin);
                self.logging = true;
                i += 2;
            } else {
                i += 1;
            }
        }
    }

    /// A side line begins.
    pub(crate) fn begin_variation(&mut self) {
        self.interrupt();
        for b in &mut self.branches {
            b.stack.push(Saved {
                pos: b.pos,
                prev: b.prev,
                ply: b.ply,
                last_ply: b.last_ply,
            });
            b.pos = b.prev;
            b.ply = b.last_ply;
        }
        self.depth += 1;
    }

    /// The side line ends.
    pub(crate) fn end_variation(&mut self) {
        self.interrupt();
        self.decide_line_end();
        for b in &mut self.branches {
            if let Some(s) = b.stack.pop() {
                b.pos = s.pos;
                b.prev = s.prev;
                b.ply = s.ply;
                b.last_ply = s.last_ply;
            }
            if b.stalled.is_some_and(|s| s >= self.depth) {
                b.stalled = None;
            }
        }
        self.depth = self.depth.saturating_sub(1);
        self.decide_early();
    }

    /// Something between two words (a comment, NAGs, an escape line): a capture written in
    /// parts takes nothing between its parts.
    pub(crate) fn interrupt(&mut self) {
        if !self.branches.iter().any(|b| b.join.is_some()) {
            return;
        }
        let mut branches = std::mem::take(&mut self.branches);
        let mut i = branches.len();
        while i > 0 {
            i -= 1;
            if let Some(join) = branches[i].join.take() {
                let failure = join_failure(&branches[i], join);
                self.fail(&mut branches, i, failure);
            }
        }
        self.branches = branches;
        self.decide_early();
    }

    /// A setup command in the movetext: a FEN sets the position of every reading.
    pub(crate) fn setup(&mut self, name: &str, value: &str, at: Pos) {
        self.interrupt();
        if !name.eq_ignore_ascii_case("FEN") {
            return;
        }
        let mut branches = std::mem::take(&mut self.branches);
        let mut i = branches.len();
        while i > 0 {
            i -= 1;
            let b = &mut branches[i];
            if b.stalled.is_some() {
                continue;
            }
            match Position::from_fen(value, *b.key.variant) {
                Ok(p) => {
                    b.pos = p;
                    if self.depth == 0 && b.ply == 0 {
                        b.start = p;
                    }
                    // A route that reaches a setup command counts as replaying the rest.
                    for alt in &mut b.routes {
                        if self
                            .forks
                            .iter()
                            .any(|f| f.id == alt.fork && f.depth == self.depth)
                        {
                            alt.count = TO_THE_END;
                        }
                    }
                }
                Err(e) => {
                    let failure = Failure::Ready(GameError::at(at, format!("setup command: {e}")));
                    self.fail(&mut branches, i, failure);
                }
            }
        }
        self.branches = branches;
        self.decide_early();
    }

    /// Decides the forks of the line that ends now, outer ones first.
    fn decide_line_end(&mut self) {
        while let Some(k) = self.forks.iter().position(|f| f.depth == self.depth) {
            self.decide(k);
        }
    }

    /// The game's movetext is over: the readings that replayed every word, and those that
    /// stopped, with why.
    pub(crate) fn finish(&mut self) -> (Vec<Survivor>, Vec<Death>) {
        self.interrupt();
        while self.depth > 0 {
            self.end_variation();
        }
        self.decide_line_end();
        let mut survivors = Vec::with_capacity(self.branches.len());
        for b in self.branches.drain(..) {
            match b.failure {
                Some(failure) => self.deaths.push(Death {
                    key: b.key,
                    failure,
                }),
                None => survivors.push(Survivor {
                    key: b.key,
                    start: b.start,
                    end: b.pos,
                    warnings: b.warnings,
                    fates: b.fates,
                    plies: b.plies,
                }),
            }
        }
        (survivors, std::mem::take(&mut self.deaths))
    }
}

/// What reading `b` makes of the word `text` (as it reads it: turned for a turned reading).
fn hear(
    reader: &mut MoveReader,
    context: &Context,
    b: &mut Branch,
    text: &str,
    at: Pos,
) -> Hearing {
    if let Some(mut join) = b.join.take() {
        // The next part of a capture written in parts.
        let (end, start) = (
            site_forms::last_square(&join.joined),
            site_forms::first_square(text),
        );
        if join.parts.len() >= site_forms::MAX_PARTS
            || end.is_empty()
            || end != start
            || !text.contains(['x', 'X', ':'])
        {
            return Hearing::Failed(join_failure(b, join));
        }
        join.joined.push_str(&text[start.len()..]);
        join.parts.push(text.to_string());
        return match reader.read(&b.pos, &join.joined) {
            Ok(mv) => {
                b.warnings.push(GameError {
                    at: join.at,
                    ply: Some(Ply::of(join.ply, &join.parts[0])),
                    message: format!(
                        "one capture written as {} plies ({}): read as {}",
                        join.parts.len(),
                        join.parts.join(" "),
                        join.joined
                    ),
                    problem: None,
                });
                b.ply = join.ply;
                b.play(mv, join.parts.len(), context);
                Hearing::Done
            }
            Err(_) => {
                b.join = Some(join);
                Hearing::Done
            }
        };
    }
    match reader.read(&b.pos, text) {
        Ok(mv) => {
            b.play(mv, 1, context);
            Hearing::Done
        }
        Err(error @ MoveTextError::Ambiguous { .. }) => match reader.read_all(&b.pos, text) {
            Ok(candidates) if candidates.len() >= 2 => Hearing::Fork(candidates, error),
            _ => Hearing::Failed(b.failure(text, at, error)),
        },
        Err(error) if text.contains(['x', 'X', ':']) => {
            // Perhaps the first part of a capture written in parts.
            b.join = Some(Join {
                joined: text.to_string(),
                parts: vec![text.to_string()],
                at,
                ply: b.ply,
                error,
            });
            Hearing::Done
        }
        Err(error) => Hearing::Failed(b.failure(text, at, error)),
    }
}

/// The failure of a capture written in parts that no join reads: the first part's.
fn join_failure(b: &Branch, join: Join) -> Failure {
    Failure::Move {
        variant: *b.key.variant,
        pos: b.pos,
        text: join.parts.into_iter().next().unwrap_or_default(),
        at: join.at,
        ply: join.ply,
        error: join.error,
    }
}

/// Inserts `warning` among `warnings` (in the order of the text) at its place.
fn insert_in_order(warnings: &mut Vec<GameError>, warning: GameError) {
    let at = (warning.at.line, warning.at.column);
    let i = warnings
        .iter()
        .rposition(|w| (w.at.line, w.at.column) <= at)
        .map_or(0, |i| i + 1);
    warnings.insert(i, warning);
}

/// The FEN `text` under `variant`, read once per board: `read` holds the readings of the
/// boards met so far (there are four boards).
fn fen_under(
    text: &str,
    variant: Variant,
    read: &mut [Option<Result<Fen, FenError>>; 4],
) -> Result<Fen, FenError> {
    let size = variant.size;
    let same_board = read.iter().flatten().find(|r| match r {
        Ok(fen) => fen.position.size() == size,
        Err(_) => false,
    });
    if let Some(Ok(fen)) = same_board
        && let Some(position) = fen.position.under(variant)
    {
        return Ok(Fen {
            side: fen.side,
            position,
        });
    }
    let fen = Fen::parse(text, variant);
    if let Some(free) = read.iter_mut().find(|r| r.is_none()) {
        *free = Some(fen.clone());
    }
    fen
}
