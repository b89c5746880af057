//! The variants under which a file's games were read where their rules were decided, which
//! decide the file's games that several variants replay (see
//! [`several_variants`](super::several_variants)).

use draughts::Variant;

use super::any_game::AnyGame;
use super::draughts_game::DraughtsGame;
use super::variant_source::VariantSource;

/// The variants under which a file's games were read where their rules were decided (by a
/// tag, the user, or because only those rules replay them), to decide its games that several
/// variants replay: such a game takes the one variant among those that replay it that the
/// decided games were read under, when there is exactly one.
///
/// ```
/// use games::{AnyGame, FileVariants, ReadOptions, VariantSource};
/// let read = |t: &str| match AnyGame::read(record::read_games(t).remove(0).unwrap(), &ReadOptions::default()) {
///     Ok(AnyGame::Draughts(g)) => g,
///     _ => panic!(),
/// };
/// let mut file = FileVariants::default();
/// file.note(&AnyGame::Draughts(read("[GameType \"25\"]\n1. c3-d4 f6-g5 *")));
/// // Both Brazilian and Russian rules replay this game.
/// let open = read("1. c3-d4 f6-g5 2. d4-e5 *");
/// assert_eq!(open.source, VariantSource::Undecided);
/// let settled = file.settle(open);
/// assert_eq!((settled.variant.name, settled.source), ("russian", VariantSource::File));
/// ```
#[derive(Clone, Debug, Default)]
pub struct FileVariants {
    /// The variants decided (interned) and how many games each.
    decided: Vec<(&'static Variant, u64)>,
}

impl FileVariants {
    /// Notes the rules of `game`, if they were decided and it has moves (every variant of
    /// its board replays a game without moves: its rules are only the default then).
    pub fn note(&mut self, game: &AnyGame) {
        if let Some((variant, source)) = FileVariants::rules_of(game) {
            self.note_rules(variant, source);
        }
    }

    /// What [`FileVariants::note`] notes of `game`, for a caller that keeps it apart from
    /// the game (the game read on another thread): the variant and its source of a draughts
    /// game with moves. The variant is its positions' (interned, see
    /// [`Variant::interned`]), which the reader makes from the game's variant.
    pub fn rules_of(game: &AnyGame) -> Option<(&'static Variant, VariantSource)> {
        match game {
            AnyGame::Draughts(g) if g.start != g.end => Some((g.start.variant(), g.source)),
            _ => None,
        }
    }

    /// Notes the rules of a draughts game with moves read under `variant`, if `source`
    /// decided them.
    pub fn note_rules(&mut self, variant: &'static Variant, source: VariantSource) {
        if !source.is_decided() {
            return;
        }
        match self
            .decided
            .iter_mut()
            .find(|(v, _)| std::ptr::eq(*v, variant))
        {
            Some((_, n)) => *n += 1,
            None => self.decided.push((variant, 1)),
        }
    }

    /// The variant among those that replay `game` that this file's decided games share with
    /// it, when there is exactly one.
    pub fn choice(&self, game: &DraughtsGame) -> Option<Variant> {
        let shared: Vec<Variant> = game
            .replaying_variants()
            .into_iter()
            .filter(|v| self.decided.iter().any(|(d, _)| **d == *v))
            .collect();
        match shared[..] {
            [v] => Some(v),
            _ => None,
        }
    }

    /// `game` read under [`FileVariants::choice`], when several variants replay it and the
    /// file decides; else `game` as it is.
    pub fn settle(&self, game: DraughtsGame) -> DraughtsGame {
        if game.others.is_empty() {
            return game;
        }
        match self.choice(&game) {
            Some(v) => game.settled(v, VariantSource::File),
            None => game,
        }
    }
}
