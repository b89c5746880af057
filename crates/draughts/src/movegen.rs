//! The move generator: one code path for every variant, steered by [`Rules`].
//!
//! Positions are plain bitboards in the layout of [`Geometry`]; moves are [`Raw`] records
//! (bit indices, the captured set, whether the piece is crowned). Captures are found by a
//! depth-first search that leaves captured pieces on the board until the move is over (they
//! block, and none may be taken twice), treats the start square as empty, applies the
//! majority rule when the variant has it, and keeps one move per (start, end, captured set).

use crate::bits::Bits;
use crate::color::Color;
use crate::geometry::{DL, DOWN, DR, Geometry, LEFT, RIGHT, UL, UP, UR, opposite};
use crate::mask::Mask;
use crate::move_buf::{MoveBuf, Raw};
use crate::variant::{CaptureCrowning, CapturePriority, Variant};

/// The rule flags the generator reads, taken from a [`Variant`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rules {
    pub men_back: bool,
    pub men_take_kings: bool,
    pub orthogonal: bool,
    pub flying: bool,
    pub land_behind: bool,
    pub halt_behind_king: bool,
    pub leave_at_once: bool,
    pub priority: CapturePriority,
    pub crowning: CaptureCrowning,
    /// Keep one capture per (start, end, captured set); otherwise every route is a move of
    /// its own (perft's "keep" counting).
    pub dedupe: bool,
    /// [`Rules::plain`], worked out once by [`Rules::of`] from the flags above.
    plain: bool,
}

impl Rules {
    pub fn of(v: &Variant) -> Rules {
        let rules = Rules {
            men_back: v.men_capture_backward,
            men_take_kings: v.men_capture_kings,
            orthogonal: v.orthogonal_captures,
            flying: v.flying_kings,
            land_behind: v.king_lands_behind,
            halt_behind_king: v.king_halts_behind_king,
            leave_at_once: v.pieces_leave_at_once,
            priority: v.priority,
            crowning: v.capture_crowning,
            dedupe: true,
            plain: false,
        };
        Rules {
            plain: rules.is_plain(),
            ..rules
        }
    }

    /// The same rules, but every route of a capture is a move of its own.
    pub fn every_route(self) -> Rules {
        Rules {
            dedupe: false,
            ..self
        }
    }

    /// Whether the rules are plain: men take kings, captures are diagonal, flying kings land
    /// anywhere behind a piece, taken pieces stay until the move is over and the priority
    /// is at most the number of pieces. The capture search has a copy for plain rules in
    /// which the other rules' tests compile away.
    #[inline(always)]
    pub fn plain(&self) -> bool {
        self.plain
    }

    /// `orthogonal`, known false when the caller knows the rules are plain (`PLAIN`).
    #[inline(always)]
    fn orthogonal_in<const PLAIN: bool>(&self) -> bool {
        !PLAIN && self.orthogonal
    }

    /// `men_take_kings`, known true when the rules are plain (`PLAIN`).
    #[inline(always)]
    fn men_take_kings_in<const PLAIN: bool>(&self) -> bool {
        PLAIN || self.men_take_kings
    }

    /// `land_behind`, known false when the rules are plain (`PLAIN`).
    #[inline(always)]
    fn land_behind_in<const PLAIN: bool>(&self) -> bool {
        !PLAIN && self.land_behind
    }

    /// `halt_behind_king`, known false when the rules are plain (`PLAIN`).
    #[inline(always)]
    fn halt_behind_king_in<const PLAIN: bool>(&self) -> bool {
        !PLAIN && self.halt_behind_king
    }

    /// Works out [`Rules::plain`] from the flags.
    fn is_plain(&self) -> bool {
        self.men_take_kings
            && !self.orthogonal
            && !self.land_behind
            && !self.halt_behind_king
            && !self.leave_at_once
            && matches!(
                self.priority,
                CapturePriority::Free | CapturePriority::MostPieces
            )
    }
}

/// The two directions in which the men of `side` move.
#[inline(always)]
pub(crate) fn forward(side: Color) -> [usize; 2] {
    match side {
        Color::White => [UL, UR],
        Color::Black => [DL, DR],
    }
}

#[inline(always)]
fn crown_row<G: Geometry>(side: Color) -> G::B {
    match side {
        Color::White => G::TOP,
        Color::Black => G::BOTTOM,
    }
}

/// Men of the side to move that can take a piece next to them in direction `D`.
#[inline(always)]
fn men_jumping<G: Geometry, const D: usize>(men: G::B, prey: G::B, empty: G::B) -> G::B {
    // A man on m jumps when step(m) is prey and step(step(m)) is empty; walk back from the
    // landing squares to find the men.
    let back = opposite(D);
    G::step(G::step(empty, back) & prey, back) & men
}

/// The pieces a man of the side to move may take.
#[inline(always)]
fn man_prey<B: Mask, const PLAIN: bool>(b: &Bits<B>, r: &Rules) -> B {
    if r.men_take_kings_in::<PLAIN>() {
        b.opp()
    } else {
        b.opp() & !b.kings
    }
}

/// The men of the side to move that have a capture.
#[inline(always)]
fn capturing_men<G: Geometry, const PLAIN: bool>(b: &Bits<G::B>, r: &Rules) -> G::B {
    let men = b.own() & !b.kings;
    if men.none() {
        return men;
    }
    let prey = man_prey::<G::B, PLAIN>(b, r);
    let empty = G::VALID & !(b.white | b.black);
    let forward = b.side == Color::White;
    let mut found = G::B::ZERO;
    if r.men_back || forward {
        found |= men_jumping::<G, UL>(men, prey, empty) | men_jumping::<G, UR>(men, prey, empty);
    }
    if r.men_back || !forward {
        found |= men_jumping::<G, DL>(men, prey, empty) | men_jumping::<G, DR>(men, prey, empty);
    }
    if r.orthogonal_in::<PLAIN>() {
        found |= men_jumping::<G, UP>(men, prey, empty)
            | men_jumping::<G, DOWN>(men, prey, empty)
            | men_jumping::<G, LEFT>(men, prey, empty)
            | men_jumping::<G, RIGHT>(men, prey, empty);
    }
    found
}

/// Whether the kings `kings` can take something in direction `D` (flying or not).
#[inline(always)]
fn kings_jump<G: Geometry, const D: usize>(
    kings: G::B,
    opp: G::B,
    empty: G::B,
    flying: bool,
) -> bool {
    let mut reach = kings;
    if flying {
        let mut t = G::step(kings, D) & empty;
        while t.any() {
            reach |= t;
            t = G::step(t, D) & empty;
        }
    }
    (G::step(G::step(reach, D) & opp, D) & empty).any()
}

/// Whether the side to move has a capture.
#[inline]
pub(crate) fn has_capture<G: Geometry>(b: &Bits<G::B>, r: &Rules) -> bool {
    if r.plain() {
        capture_sources::<G, true>(b, r).is_some()
    } else {
        capture_sources::<G, false>(b, r).is_some()
    }
}

/// The men of the side to move that have a capture (none when only kings have one), or
/// `None` when the side has no capture.
#[inline(always)]
fn capture_sources<G: Geometry, const PLAIN: bool>(b: &Bits<G::B>, r: &Rules) -> Option<G::B> {
    let men = capturing_men::<G, PLAIN>(b, r);
    if men.any() || kings_capture::<G, PLAIN>(b, r) {
        Some(men)
    } else {
        None
    }
}

/// Whether a king of the side to move has a capture.
#[inline(always)]
fn kings_capture<G: Geometry, const PLAIN: bool>(b: &Bits<G::B>, r: &Rules) -> bool {
    let kings = b.own() & b.kings;
    if kings.none() {
        return false;
    }
    let opp = b.opp();
    let empty = G::VALID & !(b.white | b.black);
    let f = r.flying;
    kings_jump::<G, UL>(kings, opp, empty, f)
        || kings_jump::<G, UR>(kings, opp, empty, f)
        || kings_jump::<G, DL>(kings, opp, empty, f)
        || kings_jump::<G, DR>(kings, opp, empty, f)
        || (r.orthogonal_in::<PLAIN>()
            && (kings_jump::<G, UP>(kings, opp, empty, f)
                || kings_jump::<G, DOWN>(kings, opp, empty, f)
                || kings_jump::<G, LEFT>(kings, opp, empty, f)
                || kings_jump::<G, RIGHT>(kings, opp, empty, f)))
}

/// Whether the side to move has a man a step from its crowning row.
#[inline(always)]
pub(crate) fn men_near_crown<G: Geometry>(b: &Bits<G::B>) -> bool {
    let near = match b.side {
        Color::White => G::NEAR_TOP,
        Color::Black => G::NEAR_BOTTOM,
    };
    (b.own() & !b.kings & near).any()
}

/// Whether the side to move has a move that takes nothing.
#[inline(always)]
pub(crate) fn has_quiet_move<G: Geometry>(b: &Bits<G::B>) -> bool {
    let own = b.own();
    let empty = G::VALID & !(b.white | b.black);
    let men = own & !b.kings;
    let kings = own & b.kings;
    let [d1, d2] = forward(b.side);
    if ((G::step(men | kings, d1) | G::step(men | kings, d2)) & empty).any() {
        return true;
    }
    // Kings also move backward: the other side's forward directions.
    let [d3, d4] = forward(!b.side);
    ((G::step(kings, d3) | G::step(kings, d4)) & empty).any()
}

/// Number of legal moves, counting non-captures in bulk.
#[inline]
pub(crate) fn count<G: Geometry>(b: &Bits<G::B>, r: &Rules, scratch: &mut MoveBuf<G::B>) -> u64 {
    if r.plain() {
        count_in::<G, true>(b, r, scratch)
    } else {
        count_in::<G, false>(b, r, scratch)
    }
}

/// [`count`], `PLAIN` when the rules are [`Rules::plain`].
#[inline(always)]
fn count_in<G: Geometry, const PLAIN: bool>(
    b: &Bits<G::B>,
    r: &Rules,
    scratch: &mut MoveBuf<G::B>,
) -> u64 {
    if let Some(men) = capture_sources::<G, PLAIN>(b, r) {
        scratch.clear();
        captures_in::<G, false, PLAIN>(b, r, scratch, men);
        return scratch.moves.len() as u64;
    }
    let own = b.own();
    let empty = G::VALID & !(b.white | b.black);
    u64::from(quiet_count::<G>(
        own & !b.kings,
        own & b.kings,
        b.side,
        empty,
        r.flying,
    ))
}

/// Number of non-capturing moves of the men `men` of `side` and of the kings `kings`
/// (flying when `flying`) onto the squares `empty`, counted in bulk.
#[inline(always)]
pub(crate) fn quiet_count<G: Geometry>(
    men: G::B,
    kings: G::B,
    side: Color,
    empty: G::B,
    flying: bool,
) -> u32 {
    let [d1, d2] = forward(side);
    let mut n = (G::step(men, d1) & empty).count() + (G::step(men, d2) & empty).count();
    if kings.any() {
        for d in [UL, UR, DL, DR] {
            let mut t = G::step(kings, d) & empty;
            n += t.count();
            if flying {
                while t.any() {
                    t = G::step(t, d) & empty;
                    n += t.count();
                }
            }
        }
    }
    n
}

/// All legal moves of the side to move into `out` (cleared first).
pub(crate) fn generate<G: Geometry, const PATHS: bool>(
    b: &Bits<G::B>,
    r: &Rules,
    out: &mut MoveBuf<G::B>,
) {
    if r.plain() {
        generate_in::<G, PATHS, true>(b, r, out);
    } else {
        generate_in::<G, PATHS, false>(b, r, out);
    }
}

/// [`generate`], `PLAIN` when the rules are [`Rules::plain`].
#[inline(always)]
fn generate_in<G: Geometry, const PATHS: bool, const PLAIN: bool>(
    b: &Bits<G::B>,
    r: &Rules,
    out: &mut MoveBuf<G::B>,
) {
    out.clear();
    if let Some(men) = capture_sources::<G, PLAIN>(b, r) {
        captures_in::<G, PATHS, PLAIN>(b, r, out, men);
    } else {
        quiet::<G, PATHS>(b, r, out);
    }
}

fn quiet<G: Geometry, const PATHS: bool>(b: &Bits<G::B>, r: &Rules, out: &mut MoveBuf<G::B>) {
    let own = b.own();
    let empty = G::VALID & !(b.white | b.black);
    men_steps::<G, PATHS>(b, own & !b.kings, empty, out);
    for from in crate::mask::bits(own & b.kings) {
        for d in [UL, UR, DL, DR] {
            let mut t = G::step(G::B::bit(from), d) & empty;
            while t.any() {
                push_quiet::<G::B, PATHS>(out, from as u8, t.lowest() as u8, false);
                if !r.flying {
                    break;
                }
                t = G::step(t, d) & empty;
            }
        }
    }
}

/// The steps forward of `men` (the side to move's) onto the squares of `onto` (empty ones).
#[inline(always)]
fn men_steps<G: Geometry, const PATHS: bool>(
    b: &Bits<G::B>,
    men: G::B,
    onto: G::B,
    out: &mut MoveBuf<G::B>,
) {
    let crown = crown_row::<G>(b.side);
    for d in forward(b.side) {
        let targets = G::step(men, d) & onto;
        for to in crate::mask::bits(targets) {
            let from = match d {
                UL => to + G::R + 1,
                UR => to + G::R,
                DL => to - G::R,
                _ => to - G::R - 1,
            };
            push_quiet::<G::B, PATHS>(out, from as u8, to as u8, crown.has(to));
        }
    }
}

/// The crowning moves of the side to move (its men's steps onto its crowning row), in
/// `out`, when it has no capture: the moves of [`generate`] that crown, without the others.
pub(crate) fn crowning_moves<G: Geometry>(b: &Bits<G::B>, out: &mut MoveBuf<G::B>) {
    out.clear();
    // Only the men a row from the crowning row step onto it.
    let empty = G::VALID & !(b.white | b.black);
    men_steps::<G, false>(b, b.own() & !b.kings, empty & crown_row::<G>(b.side), out);
}

/// What the generator says of one move without capture, asked for by its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step<B> {
    /// The side to move has a capture: no move without capture is legal, but the squares
    /// may name a capture (the caller asks the full generator).
    Capturing,
    /// The move without capture from the start to the end square is legal.
    Legal(Raw<B>),
    /// No move without capture goes from the start to the end square, and the side has no
    /// capture.
    Illegal,
}

/// Whether a move without capture from bit `from` to bit `to` is legal, without generating
/// the other moves: the answer [`quiet`] would give for that one move. `frozen` is a king
/// that may not move without capturing (Frisian's limit).
#[inline]
pub(crate) fn step<G: Geometry>(
    b: &Bits<G::B>,
    r: &Rules,
    from: u8,
    to: u8,
    frozen: Option<u8>,
) -> Step<G::B> {
    if has_capture::<G>(b, r) {
        return Step::Capturing;
    }
    let own = b.own();
    let empty = G::VALID & !(b.white | b.black);
    let (from_bit, to_bit) = (u32::from(from), u32::from(to));
    if !own.has(from_bit) || !empty.has(to_bit) || frozen == Some(from) {
        return Step::Illegal;
    }
    let start = G::B::bit(from_bit);
    let legal = if b.kings.has(from_bit) {
        [UL, UR, DL, DR].into_iter().any(|d| {
            let mut t = G::step(start, d) & empty;
            while t.any() {
                if t.has(to_bit) {
                    return true;
                }
                if !r.flying {
                    break;
                }
                t = G::step(t, d) & empty;
            }
            false
        })
    } else {
        forward(b.side)
            .into_iter()
            .any(|d| G::step(start, d).has(to_bit))
    };
    if !legal {
        return Step::Illegal;
    }
    let crown = !b.kings.has(from_bit) && crown_row::<G>(b.side).has(to_bit);
    Step::Legal(Raw {
        from,
        to,
        crown,
        path_len: 1,
        path_start: 0,
        captured: G::B::ZERO,
    })
}

#[inline(always)]
fn push_quiet<B: Mask, const PATHS: bool>(out: &mut MoveBuf<B>, from: u8, to: u8, crown: bool) {
    let path_start = out.paths.len() as u32;
    if PATHS {
        out.paths.push(to);
    }
    out.moves.push(Raw {
        from,
        to,
        crown,
        path_len: u8::from(PATHS),
        path_start,
        captured: B::ZERO,
    });
}

/// Generates the captures of the side to move (the caller knows there is at least one, or
/// accepts an empty result).
pub(crate) fn captures<G: Geometry, const PATHS: bool>(
    b: &Bits<G::B>,
    r: &Rules,
    out: &mut MoveBuf<G::B>,
) {
    if r.plain() {
        captures_in::<G, PATHS, true>(b, r, out, capturing_men::<G, true>(b, r));
    } else {
        captures_in::<G, PATHS, false>(b, r, out, capturing_men::<G, false>(b, r));
    }
}

/// The captures of the side to move, whose men that have a capture are `men`; `PLAIN` when
/// the rules are [`Rules::plain`].
#[inline(always)]
fn captures_in<G: Geometry, const PATHS: bool, const PLAIN: bool>(
    b: &Bits<G::B>,
    r: &Rules,
    out: &mut MoveBuf<G::B>,
    men: G::B,
) {
    search_captures::<G, PATHS, PLAIN>(b, r, out, men, None, usize::MAX);
}

/// The capture search, keeping only the moves `want` names (start, end, captured set) when
/// it names one, at most `limit` of them. The filter is for path searches (`PATHS`), the
/// only ones that ask for it; other searches keep every move. `men` are the men of the side
/// to move that have a capture; `PLAIN` when the rules are [`Rules::plain`].
#[inline]
fn search_captures<G: Geometry, const PATHS: bool, const PLAIN: bool>(
    b: &Bits<G::B>,
    r: &Rules,
    out: &mut MoveBuf<G::B>,
    men: G::B,
    want: Option<(u8, u8, G::B)>,
    limit: usize,
) {
    debug_assert!(PATHS || (want.is_none() && limit == usize::MAX));
    debug_assert_eq!(PLAIN, r.plain());
    let own = b.own();
    let mut search = CaptureSearch::<G, PATHS, PLAIN> {
        rules: *r,
        side: b.side,
        opp: b.opp(),
        prey: man_prey::<G::B, PLAIN>(b, r),
        opp_kings: b.opp() & b.kings,
        empty: G::B::ZERO,
        crown: crown_row::<G>(b.side),
        from: 0,
        by_king: false,
        promoted: false,
        king_order: 0,
        max: 0,
        path: [0; 64],
        depth: 0,
        want,
        limit,
        out,
    };
    let occupied = b.white | b.black;
    for from in crate::mask::bits(men) {
        search.from = from as u8;
        search.empty = G::VALID & !(occupied & !G::B::bit(from));
        search.by_king = false;
        search.man(G::B::bit(from), G::B::ZERO);
    }
    for from in crate::mask::bits(own & b.kings) {
        search.from = from as u8;
        search.empty = G::VALID & !(occupied & !G::B::bit(from));
        search.by_king = true;
        search.king(G::B::bit(from), G::B::ZERO);
    }
}

/// A direction that is none of the eight.
const NO_DIRECTION: usize = 8;

/// The state of one capture search. `PLAIN` when the rules are [`Rules::plain`].
struct CaptureSearch<'a, G: Geometry, const PATHS: bool, const PLAIN: bool> {
    rules: Rules,
    side: Color,
    opp: G::B,
    /// The pieces a man may take.
    prey: G::B,
    opp_kings: G::B,
    /// Squares a capturing piece may land on or pass over: empty, plus its start square
    /// (plus the squares of pieces taken, where they leave at once).
    empty: G::B,
    crown: G::B,
    from: u8,
    /// The capture is made by a piece that was a king at its start.
    by_king: bool,
    /// The capturing piece started as a man and was crowned during this capture.
    promoted: bool,
    /// Bit `31 - i` set when the i-th piece taken is a king (the Italian rule of the
    /// earliest king).
    king_order: u32,
    /// The best priority key among the moves kept.
    max: u32,
    path: [u8; 64],
    depth: usize,
    want: Option<(u8, u8, G::B)>,
    limit: usize,
    out: &'a mut MoveBuf<G::B>,
}

impl<G: Geometry, const PATHS: bool, const PLAIN: bool> CaptureSearch<'_, G, PATHS, PLAIN> {
    #[inline(always)]
    fn land(&mut self, at: G::B) {
        if PATHS && self.depth < self.path.len() {
            self.path[self.depth] = at.lowest() as u8;
        }
        self.depth += 1;
    }

    /// Records that `victim` is taken as the next piece: for the Italian rule of the earliest
    /// king and, where taken pieces leave at once, in the empty squares. Returns what to restore.
    #[inline(always)]
    fn take(&mut self, victim: G::B) -> (u32, G::B) {
        let saved = (self.king_order, self.empty);
        if PLAIN {
            return saved;
        }
        if self.rules.priority == CapturePriority::Italian
            && (victim & self.opp_kings).any()
            && self.depth < 32
        {
            self.king_order |= 1 << (31 - self.depth);
        }
        if self.rules.leave_at_once {
            self.empty |= victim;
        }
        saved
    }

    #[inline(always)]
    fn untake(&mut self, saved: (u32, G::B)) {
        if !PLAIN {
            (self.king_order, self.empty) = saved;
        }
    }

    fn man(&mut self, at: G::B, captured: G::B) {
        let forward = self.side == Color::White;
        let mut any = false;
        if self.rules.men_back || forward {
            any |= self.man_dir::<UL>(at, captured);
            any |= self.man_dir::<UR>(at, captured);
        }
        if self.rules.men_back || !forward {
            any |= self.man_dir::<DL>(at, captured);
            any |= self.man_dir::<DR>(at, captured);
        }
        if self.rules.orthogonal_in::<PLAIN>() {
            any |= self.man_dir::<UP>(at, captured);
            any |= self.man_dir::<DOWN>(at, captured);
            any |= self.man_dir::<LEFT>(at, captured);
            any |= self.man_dir::<RIGHT>(at, captured);
        }
        if !any && captured.any() {
            self.emit(at, captured, (at & self.crown).any());
        }
    }

    /// A man's jump in direction `D`, and everything after it. Returns whether there was one.
    #[inline(always)]
    fn man_dir<const D: usize>(&mut self, at: G::B, captured: G::B) -> bool {
        let victim = G::step(at, D) & self.prey & !captured;
        if victim.none() {
            return false;
        }
        let landing = G::step(victim, D) & self.empty;
        if landing.none() {
            return false;
        }
        let taken = captured | victim;
        let saved = self.take(victim);
        self.land(landing);
        if (landing & self.crown).any() {
            match self.rules.crowning {
                CaptureCrowning::Stop => self.emit(landing, taken, true),
                CaptureCrowning::Continue => {
                    self.promoted = true;
                    self.king(landing, taken);
                    self.promoted = false;
                }
                CaptureCrowning::PassThrough => self.man(landing, taken),
            }
        } else {
            self.man(landing, taken);
        }
        self.depth -= 1;
        self.untake(saved);
        true
    }

    /// Whether a king standing on `at`, having taken `captured`, can take another piece.
    #[inline]
    fn king_can_capture(&self, at: G::B, captured: G::B) -> bool {
        self.king_can_capture_dir::<UL>(at, captured)
            || self.king_can_capture_dir::<UR>(at, captured)
            || self.king_can_capture_dir::<DL>(at, captured)
            || self.king_can_capture_dir::<DR>(at, captured)
            || (self.rules.orthogonal_in::<PLAIN>()
                && (self.king_can_capture_dir::<UP>(at, captured)
                    || self.king_can_capture_dir::<DOWN>(at, captured)
                    || self.king_can_capture_dir::<LEFT>(at, captured)
                    || self.king_can_capture_dir::<RIGHT>(at, captured)))
    }

    #[inline(always)]
    fn king_can_capture_dir<const D: usize>(&self, at: G::B, captured: G::B) -> bool {
        let mut t = G::step(at, D);
        if self.rules.flying {
            while (t & self.empty).any() {
                t = G::step(t, D);
            }
        }
        let victim = t & self.opp & !captured;
        victim.any() && (G::step(victim, D) & self.empty).any()
    }

    fn king(&mut self, at: G::B, captured: G::B) {
        self.king_but(at, captured, NO_DIRECTION);
    }

    /// A king on `at` goes on capturing, in every direction but `skip`. A king that landed
    /// beyond the first empty square behind a piece goes on in the same direction from the
    /// first square already, so going on that way from the later ones would count one route
    /// several times.
    fn king_but(&mut self, at: G::B, captured: G::B, skip: usize) {
        let mut any = false;
        if skip != UL {
            any |= self.king_dir::<UL>(at, captured);
        }
        if skip != UR {
            any |= self.king_dir::<UR>(at, captured);
        }
        if skip != DL {
            any |= self.king_dir::<DL>(at, captured);
        }
        if skip != DR {
            any |= self.king_dir::<DR>(at, captured);
        }
        if self.rules.orthogonal_in::<PLAIN>() {
            if skip != UP {
                any |= self.king_dir::<UP>(at, captured);
            }
            if skip != DOWN {
                any |= self.king_dir::<DOWN>(at, captured);
            }
            if skip != LEFT {
                any |= self.king_dir::<LEFT>(at, captured);
            }
            if skip != RIGHT {
                any |= self.king_dir::<RIGHT>(at, captured);
            }
        }
        if !any
            && captured.any()
            && (skip == NO_DIRECTION || !self.king_can_capture_in(at, captured, skip))
        {
            self.emit(at, captured, self.promoted);
        }
    }

    /// Whether a king on `at` can take a piece in direction `dir`.
    fn king_can_capture_in(&self, at: G::B, captured: G::B, dir: usize) -> bool {
        match dir {
            UL => self.king_can_capture_dir::<UL>(at, captured),
            UR => self.king_can_capture_dir::<UR>(at, captured),
            DL => self.king_can_capture_dir::<DL>(at, captured),
            DR => self.king_can_capture_dir::<DR>(at, captured),
            UP => self.king_can_capture_dir::<UP>(at, captured),
            DOWN => self.king_can_capture_dir::<DOWN>(at, captured),
            LEFT => self.king_can_capture_dir::<LEFT>(at, captured),
            _ => self.king_can_capture_dir::<RIGHT>(at, captured),
        }
    }

    /// A king's jump in direction `D`, and everything after it. Returns whether there was one.
    #[inline(always)]
    fn king_dir<const D: usize>(&mut self, at: G::B, captured: G::B) -> bool {
        let mut t = G::step(at, D);
        if self.rules.flying {
            while (t & self.empty).any() {
                t = G::step(t, D);
            }
        }
        let victim = t & self.opp & !captured;
        if victim.none() {
            return false;
        }
        let mut landing = G::step(victim, D) & self.empty;
        if landing.none() {
            return false;
        }
        let taken = captured | victim;
        let saved = self.take(victim);
        if !self.rules.flying || self.rules.land_behind_in::<PLAIN>() {
            self.land(landing);
            self.king(landing, taken);
            self.depth -= 1;
            self.untake(saved);
            return true;
        }
        // A flying king may land on any empty square beyond the victim, but a capture must
        // be completed: if it can go on from some of them, it must land on one of those.
        let mut landings = [G::B::ZERO; 16];
        let mut n = 0;
        let mut go_on = G::B::ZERO;
        while landing.any() && n < landings.len() {
            landings[n] = landing;
            n += 1;
            if self.king_can_capture(landing, taken) {
                go_on |= landing;
            }
            landing = G::step(landing, D) & self.empty;
        }
        // Killer: a capture that ends by taking a king ends right behind it.
        if go_on.none()
            && self.rules.halt_behind_king_in::<PLAIN>()
            && (victim & self.opp_kings).any()
        {
            n = 1;
        }
        for (i, &l) in landings[..n].iter().enumerate() {
            if go_on.none() || (go_on & l).any() {
                self.land(l);
                // Paths are asked for to match written landing squares, so they keep every
                // square; counts need each route once.
                let skip = if i == 0 || PATHS { NO_DIRECTION } else { D };
                self.king_but(l, taken, skip);
                self.depth -= 1;
            }
        }
        self.untake(saved);
        true
    }

    /// The priority key of a capture: of two captures, the rules demand the larger key. Only
    /// read when the priority is not [`CapturePriority::Free`].
    #[inline(always)]
    fn key(&self, captured: G::B) -> u32 {
        match self.rules.priority {
            CapturePriority::MostPieces => captured.count(),
            _ if PLAIN => 0,
            _ => self.ranked_key(captured),
        }
    }

    /// [`Self::key`] under the priorities that look at more than the number of pieces.
    #[inline(never)]
    fn ranked_key(&self, captured: G::B) -> u32 {
        let pieces = captured.count();
        let kings = (captured & self.opp_kings).count();
        let by_king = u32::from(self.by_king);
        match self.rules.priority {
            CapturePriority::Free => 0,
            CapturePriority::MostPieces => pieces,
            CapturePriority::MostPiecesThenKings => pieces << 8 | kings,
            CapturePriority::Italian => {
                pieces << 24 | by_king << 23 | kings << 16 | self.king_order >> 16
            }
            CapturePriority::KingFirst => by_king,
            CapturePriority::FrisianValue => ((pieces - kings) * 32 + kings * 63) << 1 | by_king,
        }
    }

    /// Whether the path search's filter lets the capture (`from`, `to`, `captured`) in.
    #[inline(always)]
    fn wanted(&self, to: u8, captured: G::B) -> bool {
        match self.want {
            Some((f, t, c)) => f == self.from && t == to && c == captured,
            None => true,
        }
    }

    #[inline]
    fn emit(&mut self, at: G::B, captured: G::B, crown: bool) {
        let to = at.lowest() as u8;
        let from = self.from;
        if PATHS && !self.wanted(to, captured) {
            return;
        }
        if self.rules.priority != CapturePriority::Free {
            let key = self.key(captured);
            if key < self.max {
                return;
            }
            if key > self.max {
                self.max = key;
                self.out.clear();
            }
        }
        if PATHS && self.out.moves.len() >= self.limit {
            return;
        }
        if self.rules.dedupe
            && self
                .out
                .moves
                .iter()
                .any(|m| m.captured == captured && m.to == to && m.from == from)
        {
            return;
        }
        let path_start = self.out.paths.len() as u32;
        let path_len = if PATHS {
            let len = self.depth.min(self.path.len());
            self.out.paths.extend_from_slice(&self.path[..len]);
            len as u8
        } else {
            0
        };
        self.out.moves.push(Raw {
            from,
            to,
            crown,
            path_len,
            path_start,
            captured,
        });
    }
}

/// Plays a move on the bitboards.
#[inline(always)]
pub(crate) fn play<B: Mask>(b: &mut Bits<B>, m: &Raw<B>) {
    let from = B::bit(u32::from(m.from));
    let to = B::bit(u32::from(m.to));
    let (own, opp) = match b.side {
        Color::White => (&mut b.white, &mut b.black),
        Color::Black => (&mut b.black, &mut b.white),
    };
    *own = (*own & !from) | to;
    *opp &= !m.captured;
    if (b.kings & from).any() {
        b.kings = (b.kings & !from) | to;
    } else if m.crown {
        b.kings |= to;
    }
    b.kings &= !m.captured;
    b.side = !b.side;
}

/// Every landing-square sequence (bit indices) by which the piece on `from` can take exactly
/// the pieces `target` and end on `to`, at most `limit` of them: the routes of that capture
/// the rules allow.
pub(crate) fn paths_of<G: Geometry>(
    b: &Bits<G::B>,
    r: &Rules,
    from: u8,
    to: u8,
    target: G::B,
    limit: usize,
) -> Vec<Vec<u8>> {
    if target.none() {
        return Vec::new();
    }
    let rules = r.every_route();
    let mut buf = MoveBuf::default();
    let want = Some((from, to, target));
    if rules.plain() {
        let men = capturing_men::<G, true>(b, r);
        search_captures::<G, true, true>(b, &rules, &mut buf, men, want, limit);
    } else {
        let men = capturing_men::<G, false>(b, r);
        search_captures::<G, true, false>(b, &rules, &mut buf, men, want, limit);
    }
    buf.moves.iter().map(|m| buf.path(m).to_vec()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::with_geometry;
    use crate::random_games::positions;
    use crate::variant::Variant;

    /// Over random games of every variant, each position without capture: the crowning moves
    /// are exactly the full generator's moves that crown.
    #[test]
    fn crowning_moves_are_the_generated_moves_that_crown() {
        let mut seen = 0;
        for v in Variant::ALL {
            let rules = Rules::of(&v);
            for pos in positions(v, 20) {
                with_geometry!(pos.size(), G => {
                    let b = pos.bits_in::<G>();
                    if !has_capture::<G>(&b, &rules) {
                        let mut all = MoveBuf::default();
                        generate::<G, false>(&b, &rules, &mut all);
                        let mut crowning = MoveBuf::default();
                        crowning_moves::<G>(&b, &mut crowning);
                        let mut want: Vec<_> =
                            all.moves.iter().filter(|m| m.crown).copied().collect();
                        let mut got = crowning.moves.clone();
                        want.sort_by_key(|m| (m.from, m.to));
                        got.sort_by_key(|m| (m.from, m.to));
                        assert_eq!(got, want, "{}", pos.to_fen());
                        seen += got.len();
                    }
                });
            }
        }
        assert!(seen > 100, "crowning moves met: {seen}");
    }
}
