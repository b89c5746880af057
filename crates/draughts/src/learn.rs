//! The learned evaluation: values for the configurations of men in small regions of the
//! board, and a few counts, fitted to game results by logistic regression.
//!
//! The board is covered by overlapping **windows** of 4×4 squares (their top-left corners on
//! every second row and file: 16 windows on 10×10, 9 on 8×8, 25 on 12×12). Each window holds
//! 8 playable squares, each empty, the side's man or the other side's man: 3⁸ = 6,561
//! configurations, each with its own value. Kings are not in the windows; they are counted.
//! The **counts** ([`Count`]) are men, kings, tempo (rows the men have gained), kings on the
//! main road and the side to move. (A count of free moves was tried and left out: fitted, it
//! took a large value, and the engine that used it lost 175 Elo against the hand-made
//! evaluation where the same fit without it won 49.)
//!
//! A position is scored from both sides' point of view with the same values (the board turned
//! half round for the side not to move, whose value is subtracted), so the evaluation is the
//! same for a position and its colour-swapped mirror by construction. Every value comes twice,
//! for the opening (a full board) and the ending (an empty one), and a position's score mixes
//! them by the number of pieces left.
//!
//! The values are a data file ([`EvalWeights::from_bytes`], format [`FORMAT_VERSION`]) made by
//! `examples/fit_eval.rs` from positions labelled by the result of their game
//! (`examples/selfplay.rs`); the file of International draughts is built into the crate,
//! and the search uses it by default ([`crate::Evaluation::Learned`]).
//!
//! ```
//! use draughts::learn::{EvalWeights, terms};
//! use draughts::{Position, Variant};
//!
//! // The start is even: every window seen by White is seen by Black the same, turned round,
//! // so the pattern terms cancel, and only the side to move's term is left.
//! let t = terms(&Position::start(Variant::INTERNATIONAL));
//! let weights = EvalWeights::builtin(&Variant::INTERNATIONAL).expect("built in");
//! let [opening, _] = weights.count_value(draughts::learn::Count::Move);
//! assert_eq!(weights.score(&t), i32::from(opening));
//! ```

use std::sync::OnceLock;

use crate::bits::Bits;
use crate::color::Color;
use crate::geometry::{Geometry, main_road, with_geometry};
use crate::mask::Mask;
use crate::position::Position;
use crate::square::{BoardSize, Square};
use crate::variant::Variant;

/// The version of the weights file's format: a file of another version is refused.
pub const FORMAT_VERSION: u16 = 2;

/// The first bytes of a weights file.
const MAGIC: &[u8; 4] = b"SSEV";

/// Configurations of a window's 8 squares.
pub const CONFIGS: usize = 6561;

/// The counts beside the windows, each the side's number minus the other side's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Count {
    /// Men.
    Men,
    /// Kings.
    Kings,
    /// Rows gained by the men from their own first row, summed.
    Tempo,
    /// Kings on the main road (where kings fly).
    MainRoad,
    /// 1: having the move.
    Move,
}

impl Count {
    /// Every count, in the order of the weights file.
    pub const ALL: [Count; 5] = [
        Count::Men,
        Count::Kings,
        Count::Tempo,
        Count::MainRoad,
        Count::Move,
    ];
}

/// Windows of 4×4 squares on a board of `side` squares a side.
const fn windows_per_side(side: usize) -> usize {
    (side - 4) / 2 + 1
}

/// The number of values of one phase on a board: the windows' configurations, then the
/// counts.
pub fn param_count(size: BoardSize) -> usize {
    let n = windows_per_side(size.side() as usize);
    n * n * CONFIGS + Count::ALL.len()
}

/// The place of a count among the values of a board.
fn count_param(size: BoardSize, c: Count) -> usize {
    param_count(size) - Count::ALL.len() + c as usize
}

/// The window the board turned half round puts in the place of window `k` (windows
/// numbered row by row, `n` a side).
const fn turned_window(n: usize, k: usize) -> usize {
    n * n - 1 - k
}

/// Base-3 value of an 8-bit set, bit k worth 3^k.
const fn base3(reversed: bool) -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut v = 0u16;
        let mut k = 0;
        let mut p = 1u16;
        while k < 8 {
            let bit = if reversed { 7 - k } else { k };
            if b >> bit & 1 == 1 {
                v += p;
            }
            p *= 3;
            k += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
}

/// An 8-bit set read in order, in base 3.
static BASE3: [u16; 256] = base3(false);
/// An 8-bit set read backwards (the window seen from the other side), in base 3.
static BASE3_REVERSED: [u16; 256] = base3(true);

/// One window: the bit of each of its 8 squares (in square order), and the place of its
/// values and of those of the window it becomes when the board is turned half round.
#[derive(Clone, Copy, Debug)]
struct Window {
    bits: [u8; 8],
    /// The first bit of each row's two squares, when the second is the next bit (boards not
    /// turned): the window is then read two bits at a time.
    pairs: Option<[u8; 4]>,
    base: u32,
    turned_base: u32,
}

/// The windows and rows of one board, in bit layout.
#[derive(Clone, Debug)]
pub(crate) struct Layout<B> {
    windows: Vec<Window>,
    /// For White and for Black: the squares whose rows gained from the side's own first row
    /// have bit k set, for k = 0..4 (tempo is the sum of 2^k times the men on them).
    tempo: [[B; 4]; 2],
    main_road: B,
    size: BoardSize,
    /// Pieces on a full board: the phase's scale.
    full: i32,
}

impl<B: Mask> Layout<B> {
    pub(crate) fn new<G: Geometry<B = B>>(v: &Variant) -> Layout<B> {
        let size = v.size;
        let side = size.side() as usize;
        let n = windows_per_side(side);
        let mut windows = Vec::with_capacity(n * n);
        for wr in 0..n {
            for wc in 0..n {
                let mut bits = [0u8; 8];
                let mut k = 0;
                for i in 0..size.squares() {
                    let sq = Square::from_index_unchecked(i);
                    let (r, c) = (sq.row(size) as usize, sq.file(size) as usize);
                    if (2 * wr..2 * wr + 4).contains(&r) && (2 * wc..2 * wc + 4).contains(&c) {
                        bits[k] = G::TO_BIT[i as usize];
                        k += 1;
                    }
                }
                debug_assert_eq!(k, 8);
                let turned = turned_window(n, wr * n + wc);
                let paired = (0..4).all(|j| bits[2 * j + 1] == bits[2 * j] + 1);
                windows.push(Window {
                    bits,
                    pairs: paired.then(|| [bits[0], bits[2], bits[4], bits[6]]),
                    base: ((wr * n + wc) * CONFIGS) as u32,
                    turned_base: (turned * CONFIGS) as u32,
                });
            }
        }
        let mut tempo = [[B::ZERO; 4]; 2];
        for i in 0..size.squares() {
            let row = Square::from_index_unchecked(i).row(size) as usize;
            for (c, gained) in [(0, side - 1 - row), (1, row)] {
                for (k, mask) in tempo[c].iter_mut().enumerate() {
                    if gained >> k & 1 == 1 {
                        *mask |= G::bit(i);
                    }
                }
            }
        }
        Layout {
            windows,
            tempo,
            main_road: if v.flying_kings {
                main_road::<G>()
            } else {
                B::ZERO
            },
            size,
            full: 2 * i32::from(v.men_per_side()),
        }
    }
}

/// The 8 bits of window `w` in `x`, in square order.
#[inline(always)]
fn gather(x: u128, w: &Window) -> usize {
    let mut v = 0;
    match w.pairs {
        Some(pairs) => {
            for (k, &b) in pairs.iter().enumerate() {
                v |= ((x >> b) as usize & 3) << (2 * k);
            }
        }
        None => {
            for (k, &b) in w.bits.iter().enumerate() {
                v |= ((x >> b) as usize & 1) << k;
            }
        }
    }
    v
}

/// Calls `visit(value, coefficient)` for every value that counts in `b`, from the side to
/// move's point of view, and returns the phase (pieces on the board, at most the full
/// board's). The one description of the learned evaluation: the search sums the values, the
/// fitting program collects the terms.
#[inline(always)]
pub(crate) fn visit<G: Geometry>(
    l: &Layout<G::B>,
    b: &Bits<G::B>,
    mut visit: impl FnMut(usize, i32),
) -> i32 {
    let us = b.side;
    let (own, opp) = (b.of(us), b.of(!us));
    let own_men = (own & !b.kings).wide();
    let opp_men = (opp & !b.kings).wide();
    // White's windows read in square order; Black's on the board turned round: the same
    // window, read backwards, in the place of the window it turns into.
    for w in &l.windows {
        let o = gather(own_men, w);
        let p = gather(opp_men, w);
        let (mine, theirs) = match us {
            Color::White => (
                w.base as usize + usize::from(BASE3[o]) + 2 * usize::from(BASE3[p]),
                w.turned_base as usize
                    + usize::from(BASE3_REVERSED[p])
                    + 2 * usize::from(BASE3_REVERSED[o]),
            ),
            Color::Black => (
                w.turned_base as usize
                    + usize::from(BASE3_REVERSED[o])
                    + 2 * usize::from(BASE3_REVERSED[p]),
                w.base as usize + usize::from(BASE3[p]) + 2 * usize::from(BASE3[o]),
            ),
        };
        visit(mine, 1);
        visit(theirs, -1);
    }
    visit_counts::<G>(l, b, visit)
}

/// The counts' part of [`visit`]: calls `visit(value, coefficient)` for each count that is
/// not level and for the side to move's, and returns the phase.
#[inline(always)]
fn visit_counts<G: Geometry>(
    l: &Layout<G::B>,
    b: &Bits<G::B>,
    mut visit: impl FnMut(usize, i32),
) -> i32 {
    let us = b.side;
    let count = |side: Color| -> [i32; 4] {
        let pieces = b.of(side);
        let men = pieces & !b.kings;
        let kings = pieces & b.kings;
        let masks = &l.tempo[side as usize];
        let tempo = (0..4).map(|k| ((men & masks[k]).count() as i32) << k).sum();
        [
            men.count() as i32,
            kings.count() as i32,
            tempo,
            (kings & l.main_road).count() as i32,
        ]
    };
    let (a, z) = (count(us), count(!us));
    let first = count_param(l.size, Count::Men);
    for i in 0..4 {
        if a[i] != z[i] {
            visit(first + i, a[i] - z[i]);
        }
    }
    visit(count_param(l.size, Count::Move), 1);
    ((b.white | b.black).count() as i32).min(l.full)
}

/// The terms of a position's learned evaluation, for fitting: see [`terms`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Pieces on the board (at most [`Terms::full`]): the opening's values count
    /// `pieces / full`, the ending's the rest.
    pub pieces: i32,
    /// Pieces on a full board.
    pub full: i32,
    /// Each value that counts, with its coefficient: a window's configuration +1 for the side
    /// to move and −1 for the other side; a count's difference.
    pub terms: Vec<(u32, i32)>,
}

/// The terms of the learned evaluation of `pos`, from the side to move's point of view: its
/// score is the sum of each value times its coefficient, the values mixed by
/// [`Terms::pieces`] (see [`EvalWeights::score`]).
pub fn terms(pos: &Position) -> Terms {
    with_geometry!(pos.size(), G => {
        let layout = Layout::<<G as Geometry>::B>::new::<G>(pos.variant());
        let b = pos.bits_in::<G>();
        let mut terms = Vec::with_capacity(48);
        let pieces = visit::<G>(&layout, &b, |i, c| terms.push((i as u32, c)));
        Terms { pieces, full: layout.full, terms }
    })
}

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum WeightsError {
    /// It does not start with the format's mark.
    #[error("not a scoresheet evaluation file (it does not start with SSEV)")]
    NotWeights,
    /// It is of another version of the format.
    #[error("evaluation file format {found}, this build reads format {FORMAT_VERSION}")]
    Version {
        /// The file's version.
        found: u16,
    },
    /// Its variant is not known.
    #[error("evaluation file for an unknown variant {0:?}")]
    Variant(String),
    /// Its scale is not a positive number.
    #[error("evaluation file with the scale {0}, where a positive number is needed")]
    Scale(f32),
    /// It ends early or goes on after its values.
    #[error("evaluation file of {found} bytes where its variant needs {expected}")]
    Length {
        /// The file's length.
        found: usize,
        /// The length its variant's values need.
        expected: usize,
    },
}

/// The values of the learned evaluation of one variant, in hundredths of a man: the
/// opening's and the ending's of each window configuration and count, and the scale of the
/// scores ([`EvalWeights::scale`]).
///
/// The file: `SSEV`, the format version (u16), the length of the variant's name (u8) and the
/// name, the scale (f32), then for every value ([`param_count`] of them) the opening's and
/// the ending's, each an i16; all little-endian.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalWeights {
    variant: Variant,
    /// Hundredths of a man a logistic unit.
    scale: f32,
    /// Opening and ending value of each term.
    values: Vec<[i16; 2]>,
    /// The windows' values folded for the search (see [`Folded`]), made from `values`.
    folded: Vec<[i32; 2]>,
}

/// The scale is a finite number (the file's reader refuses another), so equality is total.
impl Eq for EvalWeights {}

static INTERNATIONAL: OnceLock<EvalWeights> = OnceLock::new();

impl EvalWeights {
    /// Values for `variant` from the fitted values of the opening and the ending (rounded,
    /// and held within ±32,767), whose scores are `scale` hundredths a logistic unit.
    ///
    /// # Panics
    /// When the slices are not [`param_count`] long, or the scale is not a positive number.
    pub fn new(variant: &Variant, opening: &[f64], ending: &[f64], scale: f64) -> EvalWeights {
        let n = param_count(variant.size);
        assert!(
            opening.len() == n && ending.len() == n,
            "{n} values a phase"
        );
        assert!(scale.is_finite() && scale > 0.0, "a positive scale");
        let q = |x: f64| x.round().clamp(-32767.0, 32767.0) as i16;
        let values: Vec<_> = opening
            .iter()
            .zip(ending)
            .map(|(&o, &e)| [q(o), q(e)])
            .collect();
        EvalWeights {
            variant: *variant,
            scale: scale as f32,
            folded: fold(variant.size, &values),
            values,
        }
    }

    /// The values built into the crate for `variant`, if it has some (International
    /// draughts).
    pub fn builtin(variant: &Variant) -> Option<&'static EvalWeights> {
        if *variant != Variant::INTERNATIONAL {
            return None;
        }
        Some(INTERNATIONAL.get_or_init(|| {
            EvalWeights::from_bytes(include_bytes!("../data/international.eval"))
                .expect("the built-in evaluation file is read")
        }))
    }

    /// The variant the values are for.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// How scores turn into expected results: a score of `s` hundredths is worth
    /// `1 / (1 + e^(-s / scale))` of a game to the side it favours, a draw counting a half.
    /// `fit_eval` measures it on the games it is given (`--scale-on` on real games alone, for
    /// the analysis's judgement of human moves).
    ///
    /// ```
    /// use draughts::{Variant, learn::EvalWeights};
    /// let w = EvalWeights::builtin(&Variant::INTERNATIONAL).expect("built in");
    /// assert!(w.scale() > 10.0 && w.scale() < 1000.0);
    /// ```
    pub fn scale(&self) -> f64 {
        f64::from(self.scale)
    }

    /// The same values with the scale `scale`.
    ///
    /// # Panics
    /// When the scale is not a positive number.
    pub fn with_scale(mut self, scale: f64) -> EvalWeights {
        assert!(scale.is_finite() && scale > 0.0, "a positive scale");
        self.scale = scale as f32;
        self
    }

    /// Reads a weights file.
    pub fn from_bytes(bytes: &[u8]) -> Result<EvalWeights, WeightsError> {
        if bytes.len() < 7 || &bytes[..4] != MAGIC {
            return Err(WeightsError::NotWeights);
        }
        let found = u16::from_le_bytes([bytes[4], bytes[5]]);
        if found != FORMAT_VERSION {
            return Err(WeightsError::Version { found });
        }
        let name_len = usize::from(bytes[6]);
        let name = bytes.get(7..7 + name_len).ok_or(WeightsError::Length {
            found: bytes.len(),
            expected: 7 + name_len,
        })?;
        let name = String::from_utf8_lossy(name).into_owned();
        let variant = Variant::ALL
            .into_iter()
            .find(|v| v.name == name)
            .ok_or(WeightsError::Variant(name))?;
        let n = param_count(variant.size);
        let head = 7 + name_len + 4;
        if bytes.len() != head + 4 * n {
            return Err(WeightsError::Length {
                found: bytes.len(),
                expected: head + 4 * n,
            });
        }
        let scale = &bytes[head - 4..head];
        let scale = f32::from_le_bytes([scale[0], scale[1], scale[2], scale[3]]);
        if !(scale.is_finite() && scale > 0.0) {
            return Err(WeightsError::Scale(scale));
        }
        let body = &bytes[head..];
        let values: Vec<_> = body
            .chunks_exact(4)
            .map(|c| {
                [
                    i16::from_le_bytes([c[0], c[1]]),
                    i16::from_le_bytes([c[2], c[3]]),
                ]
            })
            .collect();
        Ok(EvalWeights {
            variant,
            scale,
            folded: fold(variant.size, &values),
            values,
        })
    }

    /// The weights file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let name = self.variant.name.as_bytes();
        let mut out = Vec::with_capacity(11 + name.len() + 4 * self.values.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.push(name.len() as u8);
        out.extend_from_slice(name);
        out.extend_from_slice(&self.scale.to_le_bytes());
        for [o, e] in &self.values {
            out.extend_from_slice(&o.to_le_bytes());
            out.extend_from_slice(&e.to_le_bytes());
        }
        out
    }

    /// The score of a position's terms, as the search computes it.
    pub fn score(&self, t: &Terms) -> i32 {
        let (mut o, mut e) = (0, 0);
        for &(i, c) in &t.terms {
            let [vo, ve] = self.values[i as usize];
            o += i32::from(vo) * c;
            e += i32::from(ve) * c;
        }
        mix(o, e, t.pieces, t.full)
    }

    /// Every value, the opening's and the ending's, in the order of the file: the windows'
    /// configurations, then the counts ([`param_count`] of them).
    pub fn values(&self) -> &[[i16; 2]] {
        &self.values
    }

    /// The value of a count in the opening and in the ending.
    pub fn count_value(&self, c: Count) -> [i16; 2] {
        self.values[count_param(self.variant.size, c)]
    }
}

/// The windows' values folded for the search: for each window `k` (in [`Layout`]'s order,
/// whose values start at `k · CONFIGS`) and each configuration `c` of White's and Black's men
/// in it (base 3: digit 1 a White man, 2 a Black man), at `k · CONFIGS + c`, the opening's
/// and the ending's value for White: the window's value for White less that of the turned
/// window for Black. [`visit`] reads these two values apart (the fitting needs each); their
/// difference is all the search needs.
fn fold(size: BoardSize, v: &[[i16; 2]]) -> Vec<[i32; 2]> {
    let n = windows_per_side(size.side() as usize);
    let mut folded = vec![[0; 2]; n * n * CONFIGS];
    for (k, values) in folded.chunks_exact_mut(CONFIGS).enumerate() {
        let turned = turned_window(n, k) * CONFIGS;
        for white in 0..256 {
            for black in (0..256).filter(|black| black & white == 0) {
                let (w3, b3) = (usize::from(BASE3[white]), usize::from(BASE3[black]));
                let own = v[k * CONFIGS + w3 + 2 * b3];
                let other = v[turned
                    + usize::from(BASE3_REVERSED[black])
                    + 2 * usize::from(BASE3_REVERSED[white])];
                values[w3 + 2 * b3] = [0, 1].map(|p| i32::from(own[p]) - i32::from(other[p]));
            }
        }
    }
    folded
}

/// The learned evaluation as the search sums it: [`visit`]'s values, each window's two (its
/// configuration seen by the side to move, counted once, and the turned one seen by the
/// other side, counted minus once) read as one folded value (see [`fold`]). Half the reads,
/// the same score: the test `the_search_scores_what_the_terms_say` holds the two together.
#[derive(Clone, Debug)]
pub(crate) struct Folded<B> {
    layout: Layout<B>,
    weights: &'static EvalWeights,
}

impl<B: Mask> Folded<B> {
    /// The search's evaluation with `weights`, on `G`'s board (their variant's).
    pub(crate) fn new<G: Geometry<B = B>>(weights: &'static EvalWeights) -> Folded<B> {
        Folded {
            layout: Layout::new::<G>(&weights.variant),
            weights,
        }
    }

    /// The score of `b` for the side to move: the search's evaluation.
    #[inline(always)]
    pub(crate) fn evaluate<G: Geometry<B = B>>(&self, b: &Bits<B>) -> i32 {
        let white = (b.white & !b.kings).wide();
        let black = (b.black & !b.kings).wide();
        let (mut o, mut e) = (0, 0);
        let folded = &self.weights.folded[..];
        for w in &self.layout.windows {
            let c = usize::from(BASE3[gather(white, w)]) + 2 * usize::from(BASE3[gather(black, w)]);
            let [vo, ve] = folded[w.base as usize + c];
            o += vo;
            e += ve;
        }
        if b.side == Color::Black {
            (o, e) = (-o, -e);
        }
        let values = &self.weights.values[..];
        let pieces = visit_counts::<G>(&self.layout, b, |i, c| {
            let [vo, ve] = values[i];
            o += i32::from(vo) * c;
            e += i32::from(ve) * c;
        });
        mix(o, e, pieces, self.layout.full)
    }
}

/// The opening's score `o` and the ending's `e` mixed: `pieces` of `full` on the board.
#[inline(always)]
fn mix(o: i32, e: i32, pieces: i32, full: i32) -> i32 {
    (o * pieces + e * (full - pieces)) / full
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Ten;
    use crate::hub::position_text;
    use crate::random_games::positions;
    use crate::zobrist::splitmix;

    /// Values drawn from a seeded generator, within ±1,000.
    fn random_weights(variant: &Variant) -> EvalWeights {
        let n = param_count(variant.size);
        let mut r = 7;
        let mut draw = || {
            r = splitmix(r);
            (r % 2001) as f64 - 1000.0
        };
        let o: Vec<f64> = (0..n).map(|_| draw()).collect();
        let e: Vec<f64> = (0..n).map(|_| draw()).collect();
        EvalWeights::new(variant, &o, &e, 59.5)
    }

    #[test]
    fn a_position_and_its_mirror_score_the_same() {
        let w = random_weights(&Variant::INTERNATIONAL);
        let all = positions(Variant::INTERNATIONAL, 20);
        assert!(all.len() > 1000);
        assert!(all.iter().any(|p| !p.kings(Color::White).is_empty()));
        for pos in &all {
            let m = pos.mirrored();
            assert_ne!(position_text(pos), position_text(&m));
            assert_eq!(
                w.score(&terms(pos)),
                w.score(&terms(&m)),
                "{}",
                pos.to_fen()
            );
        }
    }

    #[test]
    fn the_search_scores_what_the_terms_say() {
        let w: &'static EvalWeights = Box::leak(Box::new(random_weights(&Variant::INTERNATIONAL)));
        let folded = Folded::new::<Ten>(w);
        let mut differ = 0;
        for pos in positions(Variant::INTERNATIONAL, 10) {
            let t = terms(&pos);
            assert_eq!(folded.evaluate::<Ten>(&pos.bits_in::<Ten>()), w.score(&t));
            // Each window is counted from both sides; the counts that differ follow.
            assert!(t.terms.len() > 2 * 16);
            differ += usize::from(w.score(&t) != 0);
        }
        assert!(differ > 0);
    }

    /// The folded evaluation is the terms' score on every board, not only International's
    /// (a weights file may be fitted for any variant): 8×8 in both orientations, 12×12.
    #[test]
    fn the_fold_holds_on_every_board() {
        for v in Variant::ALL {
            let w: &'static EvalWeights = Box::leak(Box::new(random_weights(&v)));
            with_geometry!(v.size, G => {
                let folded = Folded::new::<G>(w);
                for pos in positions(v, 3) {
                    let score = folded.evaluate::<G>(&pos.bits_in::<G>());
                    assert_eq!(score, w.score(&terms(&pos)), "{} {}", v.name, position_text(&pos));
                }
            });
        }
    }

    #[test]
    fn the_counts_are_the_sides_differences() {
        // White has two men more (and the move); Black a king.
        let pos = Position::from_fen("W:W31,32,33,34:BK1,20", Variant::INTERNATIONAL).unwrap();
        let t = terms(&pos);
        let count = |c: Count| {
            let i = count_param(BoardSize::Ten, c) as u32;
            t.terms.iter().find(|(j, _)| *j == i).map_or(0, |(_, v)| *v)
        };
        assert_eq!(count(Count::Men), 3);
        assert_eq!(count(Count::Kings), -1);
        assert_eq!(count(Count::Move), 1);
        assert_eq!(t.pieces, 6);
        assert_eq!(t.full, 40);
        // Rows gained: White's four men on the 7th row from the top, 3 above their first
        // (the 10th); Black's man on 20, on the 4th row, 3 below its first.
        assert_eq!(count(Count::Tempo), 4 * 3 - 3);
    }

    #[test]
    fn the_file_reads_back_and_other_files_are_refused() {
        let w = random_weights(&Variant::INTERNATIONAL);
        let bytes = w.to_bytes();
        assert_eq!(EvalWeights::from_bytes(&bytes), Ok(w));
        assert_eq!(
            EvalWeights::from_bytes(b"PNG\0\0\0\0\0"),
            Err(WeightsError::NotWeights)
        );
        let mut older = bytes.clone();
        older[4] = 1;
        assert_eq!(
            EvalWeights::from_bytes(&older),
            Err(WeightsError::Version { found: 1 })
        );
        let mut flat = bytes.clone();
        let at = 7 + Variant::INTERNATIONAL.name.len();
        flat[at..at + 4].copy_from_slice(&0f32.to_le_bytes());
        assert_eq!(
            EvalWeights::from_bytes(&flat),
            Err(WeightsError::Scale(0.0))
        );
        let short = &bytes[..bytes.len() - 1];
        assert!(matches!(
            EvalWeights::from_bytes(short),
            Err(WeightsError::Length { .. })
        ));
        let mut unknown = bytes.clone();
        unknown[7] = b'X';
        assert!(matches!(
            EvalWeights::from_bytes(&unknown),
            Err(WeightsError::Variant(_))
        ));
        assert_eq!(
            EvalWeights::builtin(&Variant::INTERNATIONAL).map(EvalWeights::variant),
            Some(&Variant::INTERNATIONAL)
        );
        assert_eq!(EvalWeights::builtin(&Variant::AMERICAN), None);
    }
}
