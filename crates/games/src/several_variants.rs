//! Games that several variants replay: a Russian game written with algebraic squares and `x`
//! is a legal Brazilian game too (and often a Czech one), and an American game exported with
//! its squares named from the other side of the board replays as Russian until a rule tells
//! them apart. Without a tag that says, such a game is decided by the rest of its file (the
//! variant its decided games share with it), then by its Event or Site, then by the capture
//! separator (`:` is the Russian way; `x` is everyone's); else it stays undecided, and says so.

use draughts::Variant;
use record::{Game, Pos};

use super::any_game::AnyGame;
use super::draughts_game::{DraughtsGame, VariantSource};
use super::error::GameError;

/// Whether squares written so are those of several variants of their board, so that a game
/// without a tag is tried under each: algebraic squares on 8×8 (numbered squares on 8×8 are
/// American by convention, numbered and algebraic squares on 10×10 International).
pub(crate) fn shared_squares(ten: bool, algebraic: bool) -> bool {
    !ten && algebraic
}

/// The order in which the variants that replay a game are named.
pub(crate) fn rank(v: &Variant) -> usize {
    [
        Variant::BRAZILIAN,
        Variant::RUSSIAN,
        Variant::CZECH,
        Variant::AMERICAN,
        Variant::ITALIAN,
    ]
    .iter()
    .position(|x| x == v)
    .unwrap_or(usize::MAX)
}

/// Words of an Event or Site tag that name a variant (lower case; a prefix of a word or a
/// phrase is enough: `brazil` names Brazilian in "Brazilian championship" and "Brazil").
const NAMES: [(&str, Variant); 14] = [
    ("russian", Variant::RUSSIAN),
    ("russia", Variant::RUSSIAN),
    ("русск", Variant::RUSSIAN),
    ("ссср", Variant::RUSSIAN),
    ("ussr", Variant::RUSSIAN),
    ("soviet", Variant::RUSSIAN),
    ("brazil", Variant::BRAZILIAN),
    ("brasil", Variant::BRAZILIAN),
    ("czech", Variant::CZECH),
    ("česk", Variant::CZECH),
    ("american", Variant::AMERICAN),
    ("checkers", Variant::AMERICAN),
    ("italian", Variant::ITALIAN),
    ("italia", Variant::ITALIAN),
];

/// The variants among `variants` that `text` (an Event or Site) names.
fn named_in(text: &str, variants: &[Variant]) -> Vec<Variant> {
    let lower = text.to_lowercase();
    let mut out: Vec<Variant> = Vec::new();
    for (word, v) in NAMES {
        if variants.contains(&v) && !out.contains(&v) && names_word(&lower, word) {
            out.push(v);
        }
    }
    out
}

/// Whether `word` starts a word of `text` (so `ussr` is not found in "Russr").
fn names_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        text[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Which of `variants` (at least two, all replaying `game`) to read `game` under, and what
/// decided: its Event or Site naming exactly one of them, else its captures written with
/// `:` when Russian is one of them, else the first, undecided.
pub(crate) fn decide(game: &Game<String>, variants: &[Variant]) -> (usize, VariantSource) {
    let mut named: Vec<Variant> = Vec::new();
    for tag in ["Event", "Site"] {
        if let Some(text) = game.tags.get(tag) {
            for v in named_in(text, variants) {
                if !named.contains(&v) {
                    named.push(v);
                }
            }
        }
    }
    if let [v] = named[..]
        && let Some(i) = variants.iter().position(|x| *x == v)
    {
        return (i, VariantSource::EventOrSite);
    }
    let colon = game
        .moves
        .nodes
        .iter()
        .any(|n| n.mov.contains(':') && !n.mov.contains(['x', 'X']));
    if colon && let Some(i) = variants.iter().position(|x| *x == Variant::RUSSIAN) {
        return (i, VariantSource::Separator);
    }
    (0, VariantSource::Undecided)
}

/// A variant's name without "draughts" or "checkers".
fn short_name(v: &Variant) -> &'static str {
    v.title
        .strip_suffix(" draughts")
        .or_else(|| v.title.strip_suffix(" checkers"))
        .unwrap_or(v.title)
}

/// "Brazilian or Russian", "Brazilian, Russian or Czech".
pub(crate) fn either(variants: &[Variant]) -> String {
    let mut names: Vec<&Variant> = variants.iter().collect();
    names.sort_by_key(|v| rank(v));
    let names: Vec<&str> = names.into_iter().map(short_name).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// What the warning about a game that `variants` replay says first.
const REPLAY: &str = "replay this game";

/// The warning on a game that `variants` replay, read under `chosen` as `source` decided.
pub(crate) fn warning(
    at: Pos,
    variants: &[Variant],
    chosen: &Variant,
    source: VariantSource,
) -> GameError {
    let all = match variants.len() {
        2 => "the rules of both".to_string(),
        n => format!("the rules of all {n}"),
    };
    let name = short_name(chosen);
    let why = match source {
        VariantSource::File => format!(
            "read as {name}, the rules under which this file's games whose rules are decided \
             were read"
        ),
        VariantSource::EventOrSite => format!("read as {name}, which the Event or Site names"),
        VariantSource::Separator => {
            format!("read as {name}, whose captures are written with `:` as here")
        }
        _ => format!(
            "nothing decides between them (no GameType or Variant tag, no other game of the \
             file, Event, Site or capture separator names one): read as {name}, written without \
             a GameType"
        ),
    };
    GameError::at(at, format!("{}: {all} {REPLAY}; {why}", either(variants)))
}

/// Whether `e` is the warning [`warning`] writes.
pub(crate) fn is_warning(e: &GameError) -> bool {
    e.ply.is_none() && e.message.contains(REPLAY) && e.message.contains(": the rules of ")
}

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
    decided: Vec<(Variant, u64)>,
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
    /// game with moves.
    pub fn rules_of(game: &AnyGame) -> Option<(Variant, VariantSource)> {
        match game {
            AnyGame::Draughts(g) if g.start != g.end => Some((g.variant, g.source)),
            _ => None,
        }
    }

    /// Notes the rules of a draughts game with moves read under `variant`, if `source`
    /// decided them.
    pub fn note_rules(&mut self, variant: Variant, source: VariantSource) {
        if !source.is_decided() {
            return;
        }
        match self.decided.iter_mut().find(|(v, _)| *v == variant) {
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
            .filter(|v| self.decided.iter().any(|(d, _)| d == v))
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

    /// [`FileVariants::settle`] for a game of either family.
    pub fn settle_any(&self, game: AnyGame) -> AnyGame {
        match game {
            AnyGame::Draughts(g) => AnyGame::Draughts(self.settle(g)),
            chess => chess,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_events() {
        let all = [Variant::BRAZILIAN, Variant::RUSSIAN, Variant::CZECH];
        assert_eq!(
            named_in("Чемпионат СССР 1970", &all),
            vec![Variant::RUSSIAN]
        );
        assert_eq!(
            named_in("Brazilian championship", &all),
            vec![Variant::BRAZILIAN]
        );
        assert_eq!(named_in("Mistrovství ČR", &all), Vec::<Variant>::new());
        assert_eq!(named_in("Prussian open", &all), Vec::<Variant>::new());
        assert_eq!(
            named_in("Russia - Brazil match", &all).len(),
            2,
            "two names decide nothing"
        );
    }

    #[test]
    fn lists() {
        assert_eq!(
            either(&[Variant::RUSSIAN, Variant::BRAZILIAN]),
            "Brazilian or Russian"
        );
        assert_eq!(
            either(&[Variant::CZECH, Variant::RUSSIAN, Variant::BRAZILIAN]),
            "Brazilian, Russian or Czech"
        );
        let w = warning(
            Pos::default(),
            &[Variant::RUSSIAN, Variant::BRAZILIAN],
            &Variant::BRAZILIAN,
            VariantSource::Undecided,
        );
        assert!(is_warning(&w), "{w}");
        assert!(
            w.message
                .starts_with("Brazilian or Russian: the rules of both")
        );
    }
}
