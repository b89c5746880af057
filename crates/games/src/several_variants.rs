//! Games that several variants replay: a Russian game written with algebraic squares and `x`
//! is a legal Brazilian game too (and often a Czech one), and an American game exported with
//! its squares named from the other side of the board replays as Russian until a rule tells
//! them apart. Without a tag that says, such a game is decided by the rest of its file (the
//! variant its decided games share with it), then by its Event or Site, then by the capture
//! separator (`:` is the Russian way; `x` is everyone's); else it stays undecided, and says so.

use draughts::Variant;
use record::Pos;

use super::error::GameError;
use super::variant_source::VariantSource;

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

/// Which of `variants` (at least two, all replaying a game) to read the game under, and what
/// decided: its Event or Site naming exactly one of them, else its captures written with `:`
/// and no `x` (`colon_only`) when Russian is one of them, else the first, undecided.
pub(crate) fn decide_by(
    event: Option<&str>,
    site: Option<&str>,
    colon_only: bool,
    variants: &[Variant],
) -> (usize, VariantSource) {
    let mut named: Vec<Variant> = Vec::new();
    for text in [event, site].into_iter().flatten() {
        for v in named_in(text, variants) {
            if !named.contains(&v) {
                named.push(v);
            }
        }
    }
    if let [v] = named[..]
        && let Some(i) = variants.iter().position(|x| *x == v)
    {
        return (i, VariantSource::EventOrSite);
    }
    if colon_only && let Some(i) = variants.iter().position(|x| *x == Variant::RUSSIAN) {
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
