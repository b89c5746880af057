//! The draw rules of each variant, as values: see [`DrawRules`].
//!
//! A [`DrawRules`] describes which draw rules a variant has and their move limits; the same
//! code reads it for every variant, in [`GameHistory`](crate::GameHistory) and inside the
//! computer's search.

/// The limits of the lone-king ending rules (FMJD article 6: the 16- and 5-move rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoneKingRule {
    /// Moves each when three pieces, at least one a king, face a lone king (16).
    pub three_against_one: u32,
    /// Moves each when two pieces with a king, or one king, face a lone king (5).
    pub two_against_one: u32,
}

/// The Frisian endings of kings only: two kings against one, or one against one, drawn
/// after so many moves each without a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FewKingsRule {
    /// Moves each with two kings against one (Frisian: 7).
    pub two_against_one: u32,
    /// Moves each with one king against one (Frisian: 2).
    pub one_against_one: u32,
}

/// One step of the Russian unchanged-balance rule: with at most `max_pieces` pieces on the
/// board (both sides), the game is drawn after `moves` moves each without a capture or a
/// crowning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BalanceLimit {
    /// The most pieces on the board for which this limit applies.
    pub max_pieces: u32,
    /// Moves each.
    pub moves: u32,
}

/// A variant's draw rules (besides "the side to move has no legal move", which is a loss).
///
/// Each [`Variant`](crate::Variant) carries its own in
/// [`Variant::draw`](crate::Variant::draw). The four variants with a federation's draw rules
/// modelled:
///
/// | rule | International | Brazilian | Russian | American |
/// | --- | --- | --- | --- | --- |
/// | same position, same side to move, 3 times | yes | yes | yes | yes |
/// | only kings moved, no capture, for N moves each | 25 | 20 | 15 | 40 |
/// | 3 pieces (≥ 1 king) against a lone king | 16 | 16 | — | — |
/// | 2 pieces (≥ 1 king) or 1 king against a lone king | 5 | 5 | — | — |
/// | 3 kings or more against a lone king | — | — | 15 | — |
/// | 3 pieces (≥ 1 king) against a lone king on the main road | — | — | 5 | — |
/// | both sides have kings, balance unchanged: 2–3 / 4–5 / 6–7 pieces | — | — | 5 / 30 / 60 | — |
///
/// The other variants. Where no federation text was at hand, the rules are those of
/// pydraughts 0.6.7 (`core/game.py`, `is_draw`), an independent Python implementation that
/// follows lidraughts for the variants lidraughts plays:
///
/// - **Killer** and **Canadian** are the International rules with one change (a king's
///   stop; the 12×12 board), and take International's draw rules whole.
/// - **Antidraughts**: threefold repetition only, as lidraughts (and pydraughts: "only way to
///   draw is threefold").
/// - **Breakthrough**: threefold repetition only. It can never apply: men only go forward
///   and the first king ends the game, so no position comes back (pydraughts: "there is no
///   draw").
/// - **Italian**: repetition and 40 moves each of kings only without a capture
///   ([`DrawRules::ITALIAN`], pydraughts' rule for Italian as for English draughts).
/// - **Frisian, Frysk!** ([`DrawRules::FRISIAN`]): repetition; kings only, two against one,
///   drawn after 7 moves each without a capture, one against one after 2 (pydraughts, after
///   lidraughts; the official text draws one against one at once when no capture is forced,
///   which the count of 2 moves stands for). Frisian's limit of three non-capturing moves in
///   a row for one king while its side has men is a rule of play, not a draw rule: see
///   [`Variant::king_move_limit`](crate::Variant::king_move_limit).
/// - **Spanish, Pool, Czech, Thai**: threefold repetition only: no federation text was at
///   hand, and pydraughts does not play them (a guessed count would end real games wrongly).
///
/// Sources, and how each rule is read:
///
/// - **International**: the FMJD Official Rules of International Draughts, article 6 (the
///   draw): threefold repetition, the 25-move rule, the 16-move rule and the 5-move rule,
///   read as lidraughts applies them: the 16- and 5-move counts run from the capture that
///   brought the ending about (a crowning does not restart them) and apply when the stronger
///   side has at least one king.
/// - **Brazilian**: the rules of the Confederação Brasileira de Damas, the International
///   rules on 8×8 as lidraughts plays them, with 20 moves (not 25) for the kings-only rule.
/// - **Russian**: the rules of the Draughts Federation of Russia (Правила вида спорта
///   «шашки», section on the draw): threefold repetition; 15 moves of kings only without a
///   capture or a man move; 3 kings (or more) against a lone king not won within 15 moves,
///   counted from the moment that balance arose; 3 pieces with a king against a lone king on
///   the main road (a1–h8) not won by the 5th move; and, when both sides have kings, a balance
///   of forces unchanged (no capture, no man crowned) for 5 moves with 2–3 pieces on the
///   board, 30 moves with 4–5, 60 moves with 6–7.
/// - **American**: the American Checker Federation's 40-move rule. The law is a claim: a
///   player asks the stronger side to show a win within 40 moves each. Software has no one to
///   claim, so it is modelled, as most checkers programs do, as an automatic draw after 40
///   moves by each side with no man moved and nothing taken.
///
/// Where the official rules make a draw something a player claims or an arbiter declares,
/// it is applied here automatically, the moment the condition holds. A move that leaves the
/// opponent without a legal move wins even if it also completes a draw count.
///
/// Counting: "N moves" means N moves by each side, so 2N plies, counted from:
///
/// - kings only: the last man move or capture;
/// - lone king (16 and 5 moves): the position where the ending arose, or the last capture
///   within it (a crowning does not restart it);
/// - three kings against a king, and the main road: the position from which the condition
///   has held without a break;
/// - unchanged balance: the last capture or crowning;
///
/// or from the first position of the game history, when that is later.
///
/// ```
/// use draughts::{DrawRules, Variant};
/// let rules = DrawRules::of(&Variant::INTERNATIONAL);
/// assert_eq!(rules.repetitions, 3);
/// assert_eq!(rules.kings_only, Some(25));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawRules {
    /// The game is drawn when a position occurs this many times with the same side to move
    /// (3 in every variant; 0 turns the rule off).
    pub repetitions: u32,
    /// Drawn after this many moves by each side in which only kings moved and nothing was
    /// taken (International 25, Brazilian 20, Russian 15, American 40).
    pub kings_only: Option<u32>,
    /// Lone-king endings (International and Brazilian).
    pub lone_king: Option<LoneKingRule>,
    /// Drawn when a side with three kings or more has not taken the opponent's lone king
    /// within this many moves (Russian: 15).
    pub kings_against_king: Option<u32>,
    /// Drawn when three pieces, at least one a king, have not won within this many moves
    /// against a lone king standing on the main road (Russian: 5).
    pub main_road: Option<u32>,
    /// When both sides have kings, drawn after the given moves without a capture or a
    /// crowning, by number of pieces on the board (Russian: 5, 30, 60), in increasing
    /// `max_pieces`.
    pub unchanged_balance: &'static [BalanceLimit],
    /// Kings only, two against one or one against one: drawn after so many moves each
    /// without a capture (Frisian: 7 and 2).
    pub few_kings: Option<FewKingsRule>,
}

const RUSSIAN_BALANCE: &[BalanceLimit] = &[
    BalanceLimit {
        max_pieces: 3,
        moves: 5,
    },
    BalanceLimit {
        max_pieces: 5,
        moves: 30,
    },
    BalanceLimit {
        max_pieces: 7,
        moves: 60,
    },
];

impl DrawRules {
    /// Threefold repetition and nothing else.
    pub const REPETITION_ONLY: DrawRules = DrawRules {
        repetitions: 3,
        kings_only: None,
        lone_king: None,
        kings_against_king: None,
        few_kings: None,
        main_road: None,
        unchanged_balance: &[],
    };

    /// FMJD rules, article 6.
    pub const INTERNATIONAL: DrawRules = DrawRules {
        kings_only: Some(25),
        lone_king: Some(LoneKingRule {
            three_against_one: 16,
            two_against_one: 5,
        }),
        ..DrawRules::REPETITION_ONLY
    };

    /// Brazilian rules: FMJD's on 8×8, with 20 moves for the kings-only rule.
    pub const BRAZILIAN: DrawRules = DrawRules {
        kings_only: Some(20),
        ..DrawRules::INTERNATIONAL
    };

    /// Rules of the Draughts Federation of Russia.
    pub const RUSSIAN: DrawRules = DrawRules {
        kings_only: Some(15),
        kings_against_king: Some(15),
        main_road: Some(5),
        unchanged_balance: RUSSIAN_BALANCE,
        ..DrawRules::REPETITION_ONLY
    };

    /// ACF 40-move rule, applied automatically.
    pub const AMERICAN: DrawRules = DrawRules {
        kings_only: Some(40),
        ..DrawRules::REPETITION_ONLY
    };

    /// Frisian draughts: repetition, and the endings of kings only, two against one (7
    /// moves each) and one against one (2 moves each).
    pub const FRISIAN: DrawRules = DrawRules {
        few_kings: Some(FewKingsRule {
            two_against_one: 7,
            one_against_one: 2,
        }),
        ..DrawRules::REPETITION_ONLY
    };

    /// Italian draughts: 40 moves each of kings only without a capture, and repetition.
    pub const ITALIAN: DrawRules = DrawRules {
        kings_only: Some(40),
        ..DrawRules::REPETITION_ONLY
    };
}
