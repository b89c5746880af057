//! What is kept of a game as it is read: its whole tree ([`Keep::Tree`]), only what a check
//! reports ([`Keep::Check`]: no moves, so that memory goes with the text of the game, not the
//! number of its moves), or its text written in another notation as it is read
//! ([`Keep::Write`], see [`Converter`](super::Converter)). The reader hands every token here
//! once the move it names is known, in the order of the text.

use chess_notation::{ChessMove, ChessRules};
use draughts::{Position, Variant};
use record::{CommentKind, GameBuilder, Nag, Pos};

use super::rules::RULE_TAGS;
use super::writing::Writing;

/// What is kept of a game as it is read.
// One per reader: its size does not matter.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Keep {
    /// The whole tree: moves, side lines, comments, NAGs, setup commands, escape lines.
    Tree {
        draughts: GameBuilder<draughts::Move>,
        chess: GameBuilder<ChessMove>,
        family: Option<Kept>,
    },
    /// What a check reports: no tree.
    Check,
    /// The game written as it is read.
    Write(Box<Writing>),
}

/// The family whose tree is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kept {
    Draughts,
    Chess,
}

impl Keep {
    /// A keeper of the whole tree.
    pub(crate) fn tree() -> Keep {
        Keep::Tree {
            draughts: GameBuilder::new(),
            chess: GameBuilder::new(),
            family: None,
        }
    }

    /// Whether the tree is built.
    pub(crate) fn keeps_tree(&self) -> bool {
        matches!(self, Keep::Tree { .. })
    }

    /// Whether a tag of this name is kept with the game: every tag, but for a check those the
    /// rules read. (A game written keeps them all: one that several variants replay is
    /// written again, whole, once its file decides; short tags take no allocation.)
    #[inline]
    pub(crate) fn keeps_tag(&self, name: &str) -> bool {
        match self {
            Keep::Tree { .. } | Keep::Write(_) => true,
            Keep::Check => RULE_TAGS.contains(&name),
        }
    }

    pub(crate) fn begin_game(&mut self, at: Pos) {
        match self {
            Keep::Tree {
                draughts,
                chess,
                family,
            } => {
                draughts.begin_game(at);
                chess.begin_game(at);
                *family = None;
            }
            Keep::Check => {}
            Keep::Write(w) => w.begin_game(),
        }
    }

    pub(crate) fn tag(&mut self, name: &str, value: &str) {
        if let Keep::Write(w) = self {
            w.tag(name, value);
        }
    }

    pub(crate) fn begin_movetext(&mut self) {
        if let Keep::Write(w) = self {
            w.begin_movetext();
        }
    }

    /// The game is draughts under `variant`.
    pub(crate) fn draughts(&mut self, variant: &Variant) {
        match self {
            Keep::Tree { family, .. } => *family = Some(Kept::Draughts),
            Keep::Check => {}
            Keep::Write(w) => w.draughts_decided(variant),
        }
    }

    /// The game is chess, from `start`.
    pub(crate) fn chess<R: ChessRules>(&mut self, start: &R) {
        match self {
            Keep::Tree { family, .. } => *family = Some(Kept::Chess),
            Keep::Check => {}
            Keep::Write(w) => w.chess_decided(start),
        }
    }

    /// The draughts move `mv`, made from `before`, written at `at` with the move number
    /// `number` before it.
    #[inline]
    pub(crate) fn draughts_move(
        &mut self,
        before: &Position,
        mv: draughts::Move,
        at: Pos,
        number: Option<u32>,
    ) {
        match self {
            Keep::Tree { draughts, .. } => draughts.push_numbered_move(mv, at, number),
            Keep::Check => {}
            Keep::Write(w) => w.draughts_move(before, &mv),
        }
    }

    /// The chess move `mv`, made from `before`.
    #[inline]
    pub(crate) fn chess_move<R: ChessRules>(
        &mut self,
        before: &R,
        mv: &ChessMove,
        at: Pos,
        number: Option<u32>,
    ) {
        match self {
            Keep::Tree { chess, .. } => chess.push_numbered_move(mv.clone(), at, number),
            Keep::Check => {}
            Keep::Write(w) => w.chess_move(before, mv),
        }
    }

    /// Runs `f` on the builder of the family decided.
    fn each(
        &mut self,
        d: impl FnOnce(&mut GameBuilder<draughts::Move>),
        c: impl FnOnce(&mut GameBuilder<ChessMove>),
    ) {
        if let Keep::Tree {
            draughts,
            chess,
            family,
        } = self
        {
            match family {
                Some(Kept::Draughts) => d(draughts),
                Some(Kept::Chess) => c(chess),
                None => {}
            }
        }
    }

    pub(crate) fn nag(&mut self, nag: Nag) {
        if let Keep::Check = self {
            return;
        }
        if let Keep::Write(w) = self {
            w.nag(nag);
        }
        self.each(|b| b.push_nag(nag), |b| b.push_nag(nag));
    }

    #[inline]
    pub(crate) fn comment(&mut self, text: &str, kind: CommentKind) {
        if let Keep::Check = self {
            return;
        }
        if let Keep::Write(w) = self {
            w.comment(text, kind);
        }
        self.each(
            |b| b.push_comment(text, kind),
            |b| b.push_comment(text, kind),
        );
    }

    pub(crate) fn begin_variation(&mut self) {
        if let Keep::Write(w) = self {
            w.begin_variation();
        }
        self.each(|b| b.begin_variation(), |b| b.begin_variation());
    }

    pub(crate) fn end_variation(&mut self) {
        if let Keep::Write(w) = self {
            w.end_variation();
        }
        self.each(
            |b| {
                b.end_variation();
            },
            |b| {
                b.end_variation();
            },
        );
    }

    pub(crate) fn setup(&mut self, name: &str, value: &str, at: Pos) {
        if let Keep::Write(w) = self {
            w.setup(name, value);
        }
        self.each(
            |b| b.push_setup(name, value, at),
            |b| b.push_setup(name, value, at),
        );
    }

    pub(crate) fn escape(&mut self, line: &str) {
        if let Keep::Write(w) = self {
            w.escape(line);
        }
        self.each(|b| b.push_escape(line), |b| b.push_escape(line));
    }

    /// The draughts tree built (empty when none is kept).
    pub(crate) fn draughts_tree(&mut self) -> record::Game<draughts::Move> {
        match self {
            Keep::Tree { draughts, .. } => draughts.finish(),
            _ => record::Game::new(),
        }
    }

    /// The chess tree built (empty when none is kept).
    pub(crate) fn chess_tree(&mut self) -> record::Game<ChessMove> {
        match self {
            Keep::Tree { chess, .. } => chess.finish(),
            _ => record::Game::new(),
        }
    }
}
