//! The computer's evaluation of a position, in hundredths of a man, from the side to move's
//! point of view.
//!
//! Where the variant has learned values ([`crate::learn`], International draughts) and the
//! search is asked for them ([`crate::Evaluation::Learned`]), they take the place of the
//! hand-made terms below; the lone-king draws and the losing variants' sign apply to both.
//!
//! The hand-made evaluation: one function for every variant, steered by the variant's fields and the board's geometry:
//!
//! - **material**: a man is 100; a king is 300 where kings fly (a flying king is worth about
//!   three men) and 165 where they step (American checkers: about 1.5–2 men);
//! - **advancement** of men, row by row towards the crowning row, worth little while the
//!   board is full and more as men come off (in the ending, a man that runs is what counts);
//! - **promotion threats**: a man on the row before the crowning row, more when a square in
//!   front of it is free;
//! - **back-rank guard**: men still on their own first row, which keep the opponent from
//!   crowning, worth most early and nothing once the board has emptied;
//! - **centre**: men and kings in the middle of the board;
//! - **mobility**: the number of non-capturing moves of each side;
//! - **main road**: a flying king on the long diagonal;
//! - **trades when ahead**: the side with more material gains a little for every piece that
//!   has left the board, so it exchanges;
//! - **drawn endings**: where kings fly, a lone king against two pieces (three on 10×10, or
//!   three when the lone king holds the main road on 8×8) is scored near zero, as it is a
//!   known draw.

use crate::bits::Bits;
use crate::color::Color;
use crate::geometry::{Geometry, main_road};
use crate::learn::{EvalWeights, Folded};
use crate::mask::Mask;
use crate::movegen::{forward, quiet_count};
use crate::square::Square;
use crate::variant::Variant;

/// Value of a man.
pub(crate) const MAN: i32 = 100;

/// The weights of the evaluation terms (see the module documentation), in hundredths of a
/// man.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Weights {
    /// Per row gained, per man, on a full board.
    pub advance: i32,
    /// Added per row gained as men come off, on an empty board.
    pub advance_ending: i32,
    /// A man on the row before the crowning row.
    pub near_crowning: i32,
    /// Each free square in front of such a man.
    pub near_crowning_free: i32,
    /// A man on its own first row, on a full board.
    pub back_rank: i32,
    /// A man in the centre.
    pub centre_man: i32,
    /// A king in the centre.
    pub centre_king: i32,
    /// A flying king on the main road.
    pub main_road: i32,
    /// Each non-capturing move.
    pub mobility: i32,
    /// Each piece off the board, for the side ahead.
    pub trade: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            advance: 2,
            advance_ending: 6,
            near_crowning: 15,
            near_crowning_free: 15,
            back_rank: 20,
            centre_man: 5,
            centre_king: 3,
            main_road: 10,
            mobility: 2,
            trade: 3,
        }
    }
}

/// Masks and weights of one variant, computed once per search.
#[derive(Clone, Debug)]
pub(crate) struct EvalTables<B> {
    /// Bits of each row, from the top (row 0 holds square 1).
    rows: [B; 12],
    n_rows: usize,
    centre: B,
    main_road: B,
    /// The side that cannot move wins (Antidraughts).
    anti: bool,
    flying: bool,
    king: i32,
    /// Men of both sides at the start.
    initial: i32,
    /// Most pieces a side may have against a lone king and still only draw, where kings fly.
    lone_king_draw: u32,
    w: Weights,
    /// The learned evaluation, which takes the place of the terms above.
    learned: Option<Folded<B>>,
}

impl<B: Mask> EvalTables<B> {
    pub fn new<G: Geometry<B = B>>(
        v: &Variant,
        w: Weights,
        learned: Option<&'static EvalWeights>,
    ) -> EvalTables<B> {
        let size = v.size;
        let mut rows = [B::ZERO; 12];
        let mut centre = B::ZERO;
        let side = size.side();
        for i in 0..size.squares() {
            let sq = Square::from_index_unchecked(i);
            let bit = G::bit(i);
            let row = sq.row(size);
            rows[row as usize] |= bit;
            let file = sq.file(size);
            let mid_rows = side / 2 - 2..=side / 2 + 1;
            if (2..side - 2).contains(&file) && mid_rows.contains(&row) {
                centre |= bit;
            }
        }
        EvalTables {
            rows,
            n_rows: side as usize,
            centre,
            main_road: main_road::<G>(),
            anti: v.goal == crate::variant::Goal::Anti,
            flying: v.flying_kings,
            king: if v.flying_kings { 300 } else { 165 },
            initial: 2 * i32::from(v.men_per_side()),
            lone_king_draw: if side >= 10 { 3 } else { 2 },
            w,
            learned: learned.map(Folded::new::<G>),
        }
    }
}

/// The score of one side (White's view of its own pieces; Black's of its own).
#[inline(always)]
fn side_score<G: Geometry>(
    t: &EvalTables<G::B>,
    b: &Bits<G::B>,
    side: Color,
    men_total: i32,
) -> i32 {
    let (own, opp) = (b.of(side), b.of(!side));
    let men = own & !b.kings;
    let kings = own & b.kings;
    let empty = G::VALID & !(b.white | b.black);
    let mut s = men.count() as i32 * MAN + kings.count() as i32 * t.king;

    // Advancement: rows gained from the own first row.
    let last = t.n_rows - 1;
    let mut adv = 0;
    for r in 0..t.n_rows {
        let n = (men & t.rows[r]).count() as i32;
        if n > 0 {
            let gained = match side {
                Color::White => last - r,
                Color::Black => r,
            };
            adv += n * gained as i32;
        }
    }
    let gone = t.initial - men_total;
    let w = &t.w;
    s += adv * (w.advance * t.initial + w.advance_ending * gone) / t.initial;

    // The row before the crowning row.
    let (pre, back) = match side {
        Color::White => (t.rows[1], t.rows[last]),
        Color::Black => (t.rows[last - 1], t.rows[0]),
    };
    let near = men & pre;
    if near.any() {
        let [d1, d2] = forward(side);
        let free = (G::step(near, d1) | G::step(near, d2)) & empty;
        s += near.count() as i32 * w.near_crowning + free.count() as i32 * w.near_crowning_free;
    }

    // Back-rank guard, while the opponent has no king and the board is full enough.
    if (opp & b.kings).none() {
        s += (men & back).count() as i32 * w.back_rank * men_total / t.initial;
    }

    s += (men & t.centre).count() as i32 * w.centre_man
        + (kings & t.centre).count() as i32 * w.centre_king;
    if t.flying {
        s += (kings & t.main_road).count() as i32 * w.main_road;
    }
    s += w.mobility * quiet_count::<G>(men, kings, side, empty, t.flying) as i32;
    s
}

/// The evaluation of `b` for the side to move.
#[inline]
pub(crate) fn evaluate<G: Geometry>(t: &EvalTables<G::B>, b: &Bits<G::B>) -> i32 {
    let mut score = match &t.learned {
        Some(folded) => {
            let own = folded.evaluate::<G>(b);
            match b.side {
                Color::White => own,
                Color::Black => -own,
            }
        }
        None => handmade::<G>(t, b),
    };
    if t.flying {
        let (pieces_w, pieces_b) = (b.white.count(), b.black.count());
        let lone = |own: G::B, other: u32| {
            own.count() == 1
                && (own & b.kings).any()
                && (other <= t.lone_king_draw || (other == 3 && (own & t.main_road).any()))
        };
        if lone(b.white, pieces_b) || lone(b.black, pieces_w) {
            score /= 8;
        }
    }

    // Giveaway: what helps in the ordinary game hurts here (a rough guide, which the
    // search's look at who has no move makes good).
    if t.anti {
        score = -score;
    }
    match b.side {
        Color::White => score,
        Color::Black => -score,
    }
}

/// The hand-made evaluation of `b`, for White.
#[inline(always)]
fn handmade<G: Geometry>(t: &EvalTables<G::B>, b: &Bits<G::B>) -> i32 {
    let men_total = ((b.white | b.black) & !b.kings).count() as i32;
    let mut score = side_score::<G>(t, b, Color::White, men_total)
        - side_score::<G>(t, b, Color::Black, men_total);

    // Material balance in man units, for trades and drawn endings.
    let pieces_w = b.white.count();
    let pieces_b = b.black.count();
    let mat =
        |own: G::B| (own & !b.kings).count() as i32 * MAN + (own & b.kings).count() as i32 * t.king;
    let diff = mat(b.white) - mat(b.black);
    let gone = t.initial - (pieces_w + pieces_b) as i32;
    if diff > 0 {
        score += t.w.trade * gone;
    } else if diff < 0 {
        score -= t.w.trade * gone;
    }
    score
}
