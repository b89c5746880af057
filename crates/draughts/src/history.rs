//! A game as it is played: its positions, the draw rules' counts, and whether it is over.

use crate::color::Color;
use crate::draw::{Counters, DrawCheck, DrawReason};
use crate::draw_rules::DrawRules;
use crate::moves::Move;
use crate::position::{IllegalMove, Position};
use crate::zobrist;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    /// The game goes on.
    Ongoing,
    /// The game is won by the variant's goal: in most variants the side to move has no legal
    /// move (no piece left, or all blocked) and has lost (see [`Position::winner`]).
    Win {
        /// The side that won.
        winner: Color,
    },
    /// The game is drawn by a rule of the variant.
    Draw {
        /// The rule that ended it.
        reason: DrawReason,
    },
}

impl GameState {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        !matches!(self, GameState::Ongoing)
    }

    /// The PDN result of a finished game in the variant's style (`2-0`, `0-1`, `1-1`, ...),
    /// `None` while it goes on.
    pub fn result(&self, variant: &crate::Variant) -> Option<&'static str> {
        match *self {
            GameState::Ongoing => None,
            GameState::Win { winner } => Some(variant.result_for(Some(winner))),
            GameState::Draw { .. } => Some(variant.result_for(None)),
        }
    }
}

impl std::fmt::Display for GameState {
    /// "game goes on", "White wins", "draw: threefold repetition", ...
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameState::Ongoing => f.write_str("game goes on"),
            GameState::Win { winner } => write!(f, "{winner} wins"),
            GameState::Draw { reason } => write!(f, "draw: {reason}"),
        }
    }
}

/// One position of the game and what the rules need to know about how it was reached.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub position: Position,
    pub hash: u64,
    pub counters: Counters,
}

/// The positions of a game from a start position, with the draw rules of its variant.
///
/// ```
/// use draughts::{DrawReason, GameHistory, GameState, Position, Variant};
/// // Two kings each, far apart: they walk back and forth.
/// let start = Position::from_fen("W:WK29,K32:BK1,K4", Variant::AMERICAN).unwrap();
/// let mut game = GameHistory::new(start);
/// for _ in 0..2 {
///     for (from, to) in [(29, 25), (1, 5), (25, 29), (5, 1)] {
///         let mv = game.position().legal_moves().into_iter()
///             .find(|m| m.from().number() == from && m.to().number() == to).unwrap();
///         game.push(&mv).unwrap();
///     }
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.state(), GameState::Draw { reason: DrawReason::Repetition });
/// ```
#[derive(Clone, Debug)]
pub struct GameHistory {
    check: DrawCheck,
    entries: Vec<Entry>,
    moves: Vec<Move>,
}

impl GameHistory {
    /// A game starting at `start`, under the draw rules of its variant ([`DrawRules::of`]).
    pub fn new(start: Position) -> GameHistory {
        GameHistory::with_rules(start, DrawRules::of(start.variant()))
    }

    /// A game starting at `start` under the given draw rules.
    pub fn with_rules(start: Position, rules: DrawRules) -> GameHistory {
        let check = DrawCheck::new(rules, start.size());
        let entry = Entry {
            position: start,
            hash: zobrist::hash(start.bits()),
            counters: Counters::start(&check, start.bits()),
        };
        GameHistory {
            check,
            entries: vec![entry],
            moves: Vec::new(),
        }
    }

    /// The draw rules in force.
    pub fn draw_rules(&self) -> &DrawRules {
        &self.check.rules
    }

    /// The first position.
    pub fn start(&self) -> &Position {
        &self.entries[0].position
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.last().position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game, the start first and the current one last.
    pub fn positions(&self) -> impl ExactSizeIterator<Item = &Position> + '_ {
        self.entries.iter().map(|e| &e.position)
    }

    /// Plays a legal move of the current position. A move that is not legal is refused and
    /// the history is unchanged. A move is accepted even when the game is already drawn, so
    /// that a game can be continued for analysis; [`GameHistory::state`] still tells that it
    /// was drawn (by the first rule that applies to the current position).
    pub fn push(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        let legal = self.position().legal_moves();
        let mv = legal.into_iter().find(|m| m == mv).ok_or(IllegalMove)?;
        self.push_legal(mv);
        Ok(())
    }

    fn push_legal(&mut self, mv: Move) {
        let prev = *self.last();
        let before = *prev.position.bits();
        let raw = prev.position.raw(&mv);
        let mut position = prev.position;
        position.play_raw(&raw);
        let after = position.bits();
        self.entries.push(Entry {
            position,
            hash: zobrist::after(prev.hash, &before, &raw),
            counters: prev.counters.next(&self.check, &before, &raw, after),
        });
        self.moves.push(mv);
    }

    /// Takes back the last move, returning it; `None` at the start.
    pub fn pop(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.entries.pop();
        Some(mv)
    }

    /// How many times the current position has occurred in the game, with the same side to
    /// move (1 the first time). Only positions since the last capture or man move can be
    /// equal to it.
    pub fn repetitions(&self) -> u32 {
        let last = self.entries.len() - 1;
        let cur = &self.entries[last];
        let window = (cur.counters.quiet as usize).min(last);
        let mut n = 1;
        let mut back = 2;
        while back <= window {
            let e = &self.entries[last - back];
            if e.hash == cur.hash && e.position == cur.position {
                n += 1;
            }
            back += 2;
        }
        n
    }

    /// The rule under which the current position is drawn, if any (whether or not the side
    /// to move also has no legal move; see [`GameHistory::state`]).
    pub fn draw_reason(&self) -> Option<DrawReason> {
        let rules = &self.check.rules;
        if rules.repetitions > 0 && self.repetitions() >= rules.repetitions {
            return Some(DrawReason::Repetition);
        }
        let e = self.last();
        e.counters.draw(&self.check, e.position.bits())
    }

    /// Whether the game goes on, was won, or was drawn. A side without a legal move has lost,
    /// even if the move that left it so also completed a draw count.
    pub fn state(&self) -> GameState {
        if let Some(winner) = self.position().winner() {
            return GameState::Win { winner };
        }
        match self.draw_reason() {
            Some(reason) => GameState::Draw { reason },
            None => GameState::Ongoing,
        }
    }

    fn last(&self) -> &Entry {
        self.entries
            .last()
            .expect("a history has at least its start")
    }

    pub(crate) fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub(crate) fn check(&self) -> &DrawCheck {
        &self.check
    }
}
