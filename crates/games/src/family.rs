//! The one place that decides what a game is: chess or draughts, and under which variant,
//! from its tags, the reader's options and what its moves look like; and, once its moves are
//! replayed, which reading of it stands.
//!
//! The decision follows the words of the text as they come ([`Facts`]). Before the first move
//! the tags and options may decide ([`before_moves`]); else the first move points to the
//! family and, for draughts, to the variant that is most likely ([`guess`]): a game is read
//! first under that guess alone, and the guess is checked against the whole game at its end
//! ([`Facts::keeps_guess`]). A game the guess does not fit is read again with every candidate
//! (see [`GameReader`](super::game_reader)): the one re-reading of the text, done only then.

use std::sync::OnceLock;

use chess_notation::variant_position_from_fen_repaired;
use draughts::{BoardSize, Variant};
use record::{Pos, Text};
use shakmaty::variant::VariantPosition;
use shakmaty::{CastlingMode, Chess, Setup};

use super::chess_game::ChessVariant;
use super::error::GameError;
use super::keep::Kept;
use super::options::ReadOptions;
use super::rules::Rules;
use super::several_variants;
use super::site_forms;
use super::variant_choice::{
    board_size_hint, draughts_variant_named, is_neutral_variant_name, scan_squares,
    variant_from_tags,
};
use super::variant_source::VariantSource;

/// The tags that the rules read, the first of each name (as PGN readers take them), with
/// their places.
#[derive(Clone, Debug, Default)]
pub(crate) struct RuleTags {
    pub(crate) game_type: Option<(Text, Pos)>,
    pub(crate) fen: Option<(Text, Pos)>,
    pub(crate) variant: Option<(Text, Pos)>,
    pub(crate) result: Option<Text>,
    pub(crate) event: Option<Text>,
    pub(crate) site: Option<Text>,
    /// Whether the FEN tag names squares of a 10×10 board only, once asked.
    fen_ten: std::cell::OnceCell<bool>,
}

impl RuleTags {
    /// Notes a tag.
    #[inline]
    pub(crate) fn tag(&mut self, name: &str, value: &str, at: Pos) {
        let slot = match name {
            "GameType" => &mut self.game_type,
            "FEN" => {
                self.fen_ten.take();
                &mut self.fen
            }
            "Variant" => &mut self.variant,
            "Result" => {
                self.result.get_or_insert_with(|| value.into());
                return;
            }
            "Event" => {
                self.event.get_or_insert_with(|| value.into());
                return;
            }
            "Site" => {
                self.site.get_or_insert_with(|| value.into());
                return;
            }
            _ => return,
        };
        slot.get_or_insert_with(|| (value.into(), at));
    }

    /// The Result tag when it is a score PDN does not know as a result (`4-6`): a last move
    /// word equal to it is the game's result (see [`site_forms::score_as_result`]).
    pub(crate) fn score(&self) -> Option<&str> {
        let value = self.result.as_deref()?.trim();
        (!record::ResultToken::is_result(value) && site_forms::looks_like_score(value))
            .then_some(value)
    }

    fn variant_value(&self) -> Option<&str> {
        self.variant.as_ref().map(|(v, _)| v.as_str())
    }

    fn fen_value(&self) -> Option<&str> {
        self.fen.as_ref().map(|(f, _)| f.as_str())
    }

    /// A Variant tag that names a chess variant, not a draughts one (nor one that chess and
    /// draughts sites both write, such as `Standard`).
    fn chess_variant(&self) -> bool {
        self.variant_value()
            .is_some_and(|v| !is_neutral_variant_name(v) && draughts_variant_named(v).is_none())
    }
}

/// What the tags and options decide before the first move.
#[derive(Clone, Debug)]
pub(crate) enum Before {
    /// Chess.
    Chess,
    /// Draughts under this variant, as this says.
    Draughts(Variant, VariantSource),
    /// Nothing yet: the moves decide.
    Open,
    /// The tags name rules that are not played here, or wrongly.
    Refused(GameError),
}

/// What the tags and the options decide before the first move: a GameType tag (0 is
/// chess), else the options' rules (a draughts Variant tag before the draughts variant they
/// select), else a draughts Variant tag. A game read as one family only (`only`) is of
/// that family: a draughts game's GameType must name a draughts variant.
pub(crate) fn before_moves(tags: &RuleTags, options: &ReadOptions, only: Option<Kept>) -> Before {
    if only == Some(Kept::Chess) {
        return Before::Chess;
    }
    if let Some((value, at)) = &tags.game_type {
        if only.is_none() && value.trim().split(',').next().map(str::trim) == Some("0") {
            return Before::Chess;
        }
        return match variant_from_tags(value, tags.variant_value()) {
            Ok(v) => Before::Draughts(v, VariantSource::GameType),
            Err(m) => Before::Refused(GameError::at(*at, m)),
        };
    }
    let named = tags.variant_value().and_then(draughts_variant_named);
    match (options.rules, named) {
        (Some(Rules::Chess), _) => Before::Chess,
        (_, Some(v)) => Before::Draughts(v, VariantSource::VariantTag),
        (Some(Rules::Draughts(v)), None) => Before::Draughts(v, VariantSource::Selected),
        (None, None) => Before::Open,
    }
}

/// What the first move word says of a game whose tags and options did not decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Guess {
    /// Chess, read in English at once.
    Chess,
    /// Draughts under this variant alone, the first its squares point to (interned).
    Draughts(&'static Variant),
    /// Nothing safe: every candidate of both families is read.
    Everything,
}

/// The guess at the first move word `word`: chess for a word (or tags) only chess has;
/// draughts for squares of one variant's kind, under the variant inference tries first;
/// else nothing. A game read as draughts only is never guessed chess.
pub(crate) fn guess(word: &str, tags: &RuleTags, only: Option<Kept>) -> Guess {
    let marks = Marks::of(word.as_bytes());
    if chessy(word, marks)
        || tags.fen_value().is_some_and(|f| f.contains('/'))
        || tags.chess_variant()
    {
        return if only == Some(Kept::Draughts) {
            Guess::Everything
        } else {
            Guess::Chess
        };
    }
    // Draughts words: the variant inference would try first, from what is known now.
    if !word
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'x' | b':'))
    {
        return Guess::Everything;
    }
    let ten = fen_is_ten(tags) || board_size_hint(None, [word]) == BoardSize::Ten;
    let algebraic = word.starts_with(|c: char| c.is_ascii_alphabetic());
    if several_variants::shared_squares(ten, algebraic) {
        // Squares of several variants: every one is read.
        return Guess::Everything;
    }
    Guess::Draughts(inference_order_from(ten, algebraic, marks.has(Marks::COLON))[0])
}

/// Whether the FEN tag names squares of a 10×10 board only.
fn fen_is_ten(tags: &RuleTags) -> bool {
    *tags.fen_ten.get_or_init(|| {
        tags.fen_value()
            .is_some_and(|f| board_size_hint(Some(f), []) == BoardSize::Ten)
    })
}

/// A word that only chess writes: a piece letter (`Nf3`, `Kt`, not draughts' `X`), castling,
/// a check, mate or promotion sign, a lone destination square (`e4`), a figurine. `marks` are
/// the word's own ([`Marks::of`]).
#[inline]
fn chessy(w: &str, marks: Marks) -> bool {
    let b = w.as_bytes();
    if !marks.has(Marks::NON_ASCII) {
        // No figurine: the same tests a byte at a time.
        let Some(&first) = b.first() else {
            return false;
        };
        return (first.is_ascii_uppercase() && first != b'X')
            || first == b'o'
            || marks.has(Marks::SIGNS)
            || (b.len() == 2 && first.is_ascii_lowercase() && b[1].is_ascii_digit());
    }
    chessy_beyond_ascii(w, marks)
}

/// [`chessy`] for a word with a byte outside ASCII.
#[cold]
#[inline(never)]
fn chessy_beyond_ascii(w: &str, marks: Marks) -> bool {
    w.starts_with(|c: char| c.is_uppercase() && c != 'X')
        || w.starts_with(['O', 'o'])
        || marks.has(Marks::SIGNS)
        || (w.len() == 2
            && w.as_bytes()[0].is_ascii_lowercase()
            && w.as_bytes()[1].is_ascii_digit())
        || w.chars().any(|c| ('\u{2654}'..='\u{265F}').contains(&c))
}

/// The characters of a word that the facts look for, found in one pass over its bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Marks(u8);

impl Marks {
    /// A check, mate or promotion sign (`+`, `#`, `=`).
    const SIGNS: u8 = 1;
    /// A `:`.
    const COLON: u8 = 2;
    /// An `x` or `X`.
    const CROSS: u8 = 4;
    /// A byte outside ASCII.
    const NON_ASCII: u8 = 8;
    /// The mark of each byte.
    const OF_BYTE: [u8; 256] = {
        let mut t = [0u8; 256];
        t[b'+' as usize] = Marks::SIGNS;
        t[b'#' as usize] = Marks::SIGNS;
        t[b'=' as usize] = Marks::SIGNS;
        t[b':' as usize] = Marks::COLON;
        t[b'x' as usize] = Marks::CROSS;
        t[b'X' as usize] = Marks::CROSS;
        let mut c = 0x80;
        while c < 256 {
            t[c] = Marks::NON_ASCII;
            c += 1;
        }
        t
    };

    #[inline]
    fn of(b: &[u8]) -> Marks {
        Marks(b.iter().fold(0, |m, &c| m | Marks::OF_BYTE[usize::from(c)]))
    }

    fn has(self, mark: u8) -> bool {
        self.0 & mark != 0
    }
}

/// A word that reads as chess too: square pairs without separator (`g1f3` is UCI), or joined
/// by `-`, `x` or `:` (`e2-e4`, `e5xd4`: long algebraic; a game of pawn moves alone has no
/// piece letter to show it).
fn chess_too(word: &str) -> bool {
    let b = word.as_bytes();
    let square = |s: &[u8]| s.len() == 2 && s[0].is_ascii_lowercase() && s[1].is_ascii_digit();
    // A promotion letter may follow (`e7e8q`, `e7-e8q`).
    let uci = (4..=5).contains(&b.len()) && square(&b[..2]) && square(&b[2..4]);
    let long = (5..=6).contains(&b.len())
        && square(&b[..2])
        && matches!(b[2], b'-' | b'x' | b':')
        && square(&b[3..5]);
    uci || long
}

/// What the main line's words show, gathered as they come.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Facts {
    /// Main-line words so far.
    words: usize,
    /// One of the first 20 looks like chess only.
    chessy: bool,
    /// One of the first 20 does not read as chess (UCI or long algebraic).
    not_chess: bool,
    /// One of the first 40 names a square that only 10×10 has.
    ten: bool,
    /// One of the first 10 starts with a letter (algebraic squares).
    algebraic: bool,
    /// One has a `:` (the Russian capture separator).
    colon: bool,
    /// One has a `:` and no `x` (captures written the Russian way only).
    colon_only: bool,
}

impl Facts {
    /// Notes the next main-line word.
    #[inline]
    pub(crate) fn word(&mut self, w: &str) {
        let n = self.words;
        self.words += 1;
        let marks = if n < 40 && !self.ten {
            // The marks and the squares in one pass.
            let mut marks = 0;
            self.ten = scan_squares(w.as_bytes(), |c| marks |= Marks::OF_BYTE[usize::from(c)]);
            Marks(marks)
        } else {
            Marks::of(w.as_bytes())
        };
        if n < 20 {
            self.chessy |= chessy(w, marks);
            self.not_chess |= !chess_too(w);
        }
        if n < 10 {
            self.algebraic |= w.starts_with(|c: char| c.is_ascii_alphabetic());
        }
        if marks.has(Marks::COLON) {
            self.colon = true;
            self.colon_only |= !marks.has(Marks::CROSS);
        }
    }

    /// Whether the game looks like chess: a chess Variant tag or FEN, or a word only chess
    /// writes among the first 20.
    pub(crate) fn looks_like_chess(&self, tags: &RuleTags) -> bool {
        tags.chess_variant() || tags.fen_value().is_some_and(|f| f.contains('/')) || self.chessy
    }

    /// Whether every one of the first 20 words reads as chess too (and there is one).
    pub(crate) fn could_be_chess(&self) -> bool {
        self.words > 0 && !self.not_chess
    }

    /// The family of a game whose tags and options did not decide, from all its words: chess
    /// when it looks like chess (or shows nothing and `prefer_chess`), draughts when a word
    /// does not read as chess, else either (draughts first).
    pub(crate) fn family(&self, tags: &RuleTags, prefer_chess: bool) -> Family {
        let shows_nothing = self.words == 0 && tags.fen.is_none();
        if self.looks_like_chess(tags) || (shows_nothing && prefer_chess) {
            Family::Chess
        } else if !self.could_be_chess() {
            Family::Draughts
        } else {
            Family::Either
        }
    }

    /// Whether the board is 10×10: the FEN's squares, or those of the first 40 words.
    fn is_ten(&self, tags: &RuleTags) -> bool {
        self.ten || fen_is_ten(tags)
    }

    /// The draughts variants to try, in order, for a game that does not say, and whether its
    /// squares are those of several variants of their board (then every one of those that
    /// replays the game is a reading of it).
    pub(crate) fn inference(&self, tags: &RuleTags) -> (&'static [&'static Variant], bool) {
        let ten = self.is_ten(tags);
        (
            inference_order_from(ten, self.algebraic, self.colon),
            several_variants::shared_squares(ten, self.algebraic),
        )
    }

    /// Whether the guess made at the first word holds for the whole game: it is still the
    /// first variant tried, its squares are no other variant's, and (when the game may be
    /// chess, `chess_too`) nothing looks like chess.
    pub(crate) fn keeps_guess(
        &self,
        guess: &'static Variant,
        tags: &RuleTags,
        chess_too: bool,
    ) -> bool {
        let ten = self.is_ten(tags);
        !(chess_too && self.looks_like_chess(tags))
            && std::ptr::eq(
                inference_order_from(ten, self.algebraic, self.colon)[0],
                guess,
            )
            && !several_variants::shared_squares(ten, self.algebraic)
    }

    /// Whether a capture is written with `:` and no `x` somewhere: the Russian way.
    pub(crate) fn colon_only(&self) -> bool {
        self.colon_only
    }
}

/// The family the words of a game point to, once all are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    Chess,
    Draughts,
    /// Both could read it: draughts first, then chess.
    Either,
}

/// The variants to try, in order: the board the squares point to first (10×10 when a FEN or
/// one of the first 40 moves names a square only it has), then, on 8×8, American first for
/// numbered squares, Russian first for algebraic squares with `:` captures, Brazilian first
/// for other algebraic squares (`algebraic`: one of the first 10 moves starts with a letter).
/// Italian (numbered squares, White first, on its turned board) and Czech come after those:
/// a game is taken for one of them only when none of the others replays it.
pub(crate) fn inference_order_from(
    ten: bool,
    algebraic: bool,
    colon: bool,
) -> &'static [&'static Variant] {
    // Made once, of interned variants: a reading compares its variant with them by address.
    static ORDERS: OnceLock<[[&'static Variant; 6]; 6]> = OnceLock::new();
    let orders = ORDERS.get_or_init(|| {
        let eights = [
            [
                Variant::AMERICAN,
                Variant::ITALIAN,
                Variant::RUSSIAN,
                Variant::BRAZILIAN,
                Variant::CZECH,
            ],
            [
                Variant::RUSSIAN,
                Variant::BRAZILIAN,
                Variant::CZECH,
                Variant::AMERICAN,
                Variant::ITALIAN,
            ],
            [
                Variant::BRAZILIAN,
                Variant::RUSSIAN,
                Variant::CZECH,
                Variant::AMERICAN,
                Variant::ITALIAN,
            ],
        ];
        // International first when the squares point to 10x10, last otherwise.
        std::array::from_fn(|k| {
            let mut order = [Variant::INTERNATIONAL.interned(); 6];
            let eight = if k >= 3 {
                &mut order[1..]
            } else {
                &mut order[..5]
            };
            eight.copy_from_slice(&eights[k % 3].map(Variant::interned));
            order
        })
    });
    let eight = match (algebraic, colon) {
        (false, _) => 0,
        (true, true) => 1,
        (true, false) => 2,
    };
    &orders[usize::from(ten) * 3 + eight]
}

/// The chess variant and start of a game, from its Variant and FEN tags.
/// The variant and start of a chess game from its tags, and what a lax FEN tag needed
/// dropped, as warnings at the tag ([`FenRepair`]).
pub(crate) fn chess_start(
    tags: &RuleTags,
    at: Pos,
) -> Result<(ChessVariant, VariantPosition, Vec<GameError>), GameError> {
    let variant = match &tags.variant {
        None => ChessVariant::Standard,
        Some((value, at)) => ChessVariant::from_tag(value).ok_or_else(|| {
            GameError::at(
                *at,
                format!(
                    "variant not supported: {value} (standard chess, Chess960, Crazyhouse, \
                     Atomic, Antichess, King of the Hill, Three-check, Horde and Racing Kings \
                     are played here)"
                ),
            )
        })?,
    };
    chess_start_as(variant, tags, at)
}

/// The start of a chess game in `variant`, from its FEN tag.
pub(crate) fn chess_start_as(
    variant: ChessVariant,
    tags: &RuleTags,
    at: Pos,
) -> Result<(ChessVariant, VariantPosition, Vec<GameError>), GameError> {
    let chess960 = variant == ChessVariant::Chess960;
    let (start, repairs) = match &tags.fen {
        Some((fen, at)) => {
            let (start, repairs) =
                variant_position_from_fen_repaired(fen, variant.rules(), chess960)
                    .map_err(|e| GameError::at(*at, format!("FEN tag: {e}")))?;
            let repairs = repairs
                .iter()
                .map(|r| GameError::at(*at, format!("FEN tag: {r}")))
                .collect();
            (start, repairs)
        }
        // Without a FEN, a Chess960 game starts from position 518, the standard one
        // (python-chess writes such games without a FEN), with Chess960 castling.
        None if chess960 => {
            let standard = Setup::default();
            let start = standard
                .position::<Chess>(CastlingMode::Chess960)
                .map_err(|e| GameError::at(at, format!("{e}")))?;
            (VariantPosition::Chess(start), Vec::new())
        }
        None => (VariantPosition::new(variant.rules()), Vec::new()),
    };
    Ok((variant, start, repairs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_orders_hold_interned_variants_each_once() {
        for bits in 0..8 {
            let (ten, algebraic, colon) = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0);
            let order = inference_order_from(ten, algebraic, colon);
            let names: Vec<&str> = order.iter().map(|v| v.name).collect();
            let first = match (ten, algebraic, colon) {
                (true, _, _) => "international",
                (false, false, _) => "american",
                (false, true, true) => "russian",
                (false, true, false) => "brazilian",
            };
            assert_eq!(names[0], first);
            assert_eq!(names.len(), 6);
            for (i, v) in order.iter().enumerate() {
                assert!(std::ptr::eq(*v, v.interned()), "{}", v.name);
                assert!(!names[..i].contains(&v.name), "{names:?}");
            }
        }
    }

    fn tags(pairs: &[(&str, &str)]) -> RuleTags {
        let mut t = RuleTags::default();
        for (n, v) in pairs {
            t.tag(n, v, Pos::default());
        }
        t
    }

    #[test]
    fn the_first_word_guesses() {
        let none = RuleTags::default();
        assert_eq!(guess("e4", &none, None), Guess::Chess);
        assert_eq!(guess("Nf3", &none, None), Guess::Chess);
        assert_eq!(guess("e4", &none, Some(Kept::Draughts)), Guess::Everything);
        assert_eq!(
            guess("11-15", &none, None),
            Guess::Draughts(Variant::AMERICAN.interned())
        );
        assert_eq!(
            guess("33-28", &none, None),
            Guess::Draughts(Variant::INTERNATIONAL.interned())
        );
        assert_eq!(guess("c3-d4", &none, None), Guess::Everything);
        assert_eq!(guess("g1f3", &none, None), Guess::Everything);
        let fen = tags(&[(
            "FEN",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )]);
        assert_eq!(guess("11-15", &fen, None), Guess::Chess);
    }

    #[test]
    fn the_words_decide_the_family() {
        let none = RuleTags::default();
        let facts = |words: &[&str]| {
            let mut f = Facts::default();
            for w in words {
                f.word(w);
            }
            f
        };
        assert_eq!(facts(&["e4", "e5"]).family(&none, false), Family::Chess);
        assert_eq!(
            facts(&["11-15", "23-19"]).family(&none, false),
            Family::Draughts
        );
        assert_eq!(
            facts(&["g1f3", "c7c5"]).family(&none, false),
            Family::Either
        );
        assert_eq!(facts(&[]).family(&none, true), Family::Chess);
        assert_eq!(facts(&[]).family(&none, false), Family::Draughts);
    }
}
