//! The move generator: one code path for every variant, steered by [`Rules`].
//!
//! Positions are plain bitboards in the layout of [`Geometry`]; moves are [`Raw`] records
//! (bit indices, the captured set, whether the piece is crowned). Captures are found by a
//! depth-first search that leaves captured pieces on the board until the move is over (they
//! block, and none may be taken twice), treats the start square as empty, applies the
//! majority rule when the variant has it, and keeps one move per (start, end, captured set).

use crate::color::Color;
use crate::geometry::{DL, DR, Geometry, UL, UR};
use crate::variant::{CaptureCrowning, Variant};

/// Pieces and the side to move, in the bit layout of a [`Geometry`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Bits {
    pub white: u64,
    pub black: u64,
    pub kings: u64,
    pub side: Color,
}

impl Bits {
    /// The pieces of `color`.
    #[inline(always)]
    pub(crate) fn of(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The pieces of the side to move.
    #[inline(always)]
    pub(crate) fn own(&self) -> u64 {
        self.of(self.side)
    }

    /// The pieces of the side not to move.
    #[inline(always)]
    pub(crate) fn opp(&self) -> u64 {
        self.of(!self.side)
    }
}

/// The rule flags the generator reads, taken from a [`Variant`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rules {
    pub men_back: bool,
    pub flying: bool,
    pub majority: bool,
    pub crowning: CaptureCrowning,
}

impl Rules {
    pub fn of(v: &Variant) -> Rules {
        Rules {
            men_back: v.men_capture_backward,
            flying: v.flying_kings,
            majority: v.majority_capture,
            crowning: v.capture_crowning,
        }
    }
}

/// A move in bit layout. `path_start..path_start + path_len` indexes the landing squares
/// (bit indices) in [`MoveBuf::paths`] when paths were asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Raw {
    pub from: u8,
    pub to: u8,
    pub crown: bool,
    pub path_len: u8,
    pub path_start: u32,
    pub captured: u64,
}

/// Moves and the landing squares of captures.
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveBuf {
    pub moves: Vec<Raw>,
    pub paths: Vec<u8>,
}

impl MoveBuf {
    pub fn clear(&mut self) {
        self.moves.clear();
        self.paths.clear();
    }

    pub fn path(&self, m: &Raw) -> &[u8] {
        &self.paths[m.path_start as usize..m.path_start as usize + m.path_len as usize]
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
fn crown_row<G: Geometry>(side: Color) -> u64 {
    match side {
        Color::White => G::TOP,
        Color::Black => G::BOTTOM,
    }
}

/// Men of the side to move that can take a piece next to them in direction `D`.
#[inline(always)]
fn men_jumping<G: Geometry, const D: usize>(men: u64, opp: u64, empty: u64) -> u64 {
    // A man on m jumps when step(m) is an opponent and step(step(m)) is empty; walk back from
    // the landing squares to find the men.
    let back = 3 - D;
    G::step(G::step(empty, back) & opp, back) & men
}

/// The men of the side to move that have a capture.
#[inline(always)]
fn capturing_men<G: Geometry>(b: &Bits, r: &Rules) -> u64 {
    let opp = b.opp();
    let empty = G::VALID & !(b.white | b.black);
    let men = b.own() & !b.kings;
    if men == 0 {
        return 0;
    }
    let forward = b.side == Color::White;
    let mut found = 0;
    if r.men_back || forward {
        found |= men_jumping::<G, UL>(men, opp, empty) | men_jumping::<G, UR>(men, opp, empty);
    }
    if r.men_back || !forward {
        found |= men_jumping::<G, DL>(men, opp, empty) | men_jumping::<G, DR>(men, opp, empty);
    }
    found
}

/// Whether the kings `kings` can take something in direction `D` (flying or not).
#[inline(always)]
fn kings_jump<G: Geometry, const D: usize>(kings: u64, opp: u64, empty: u64, flying: bool) -> bool {
    let mut reach = kings;
    if flying {
        let mut t = G::step(kings, D) & empty;
        while t != 0 {
            reach |= t;
            t = G::step(t, D) & empty;
        }
    }
    G::step(G::step(reach, D) & opp, D) & empty != 0
}

/// Whether the side to move has a capture.
#[inline]
pub(crate) fn has_capture<G: Geometry>(b: &Bits, r: &Rules) -> bool {
    if capturing_men::<G>(b, r) != 0 {
        return true;
    }
    let kings = b.own() & b.kings;
    if kings == 0 {
        return false;
    }
    let opp = b.opp();
    let empty = G::VALID & !(b.white | b.black);
    kings_jump::<G, UL>(kings, opp, empty, r.flying)
        || kings_jump::<G, UR>(kings, opp, empty, r.flying)
        || kings_jump::<G, DL>(kings, opp, empty, r.flying)
        || kings_jump::<G, DR>(kings, opp, empty, r.flying)
}

/// Whether the side to move has a move that takes nothing.
#[inline(always)]
pub(crate) fn has_quiet_move<G: Geometry>(b: &Bits) -> bool {
    let own = b.own();
    let empty = G::VALID & !(b.white | b.black);
    let men = own & !b.kings;
    let kings = own & b.kings;
    let [d1, d2] = forward(b.side);
    if (G::step(men | kings, d1) | G::step(men | kings, d2)) & empty != 0 {
        return true;
    }
    // Kings also move backward: the other side's forward directions.
    let [d3, d4] = forward(!b.side);
    (G::step(kings, d3) | G::step(kings, d4)) & empty != 0
}

/// Number of legal moves, counting non-captures in bulk.
#[inline]
pub(crate) fn count<G: Geometry>(b: &Bits, r: &Rules, scratch: &mut MoveBuf) -> u64 {
    if has_capture::<G>(b, r) {
        scratch.clear();
        captures::<G, false>(b, r, scratch);
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
    men: u64,
    kings: u64,
    side: Color,
    empty: u64,
    flying: bool,
) -> u32 {
    let [d1, d2] = forward(side);
    let mut n = (G::step(men, d1) & empty).count_ones() + (G::step(men, d2) & empty).count_ones();
    if kings != 0 {
        for d in [UL, UR, DL, DR] {
            let mut t = G::step(kings, d) & empty;
            n += t.count_ones();
            if flying {
                while t != 0 {
                    t = G::step(t, d) & empty;
                    n += t.count_ones();
                }
            }
        }
    }
    n
}

/// All legal moves of the side to move into `out` (cleared first).
pub(crate) fn generate<G: Geometry, const PATHS: bool>(b: &Bits, r: &Rules, out: &mut MoveBuf) {
    out.clear();
    if has_capture::<G>(b, r) {
        captures::<G, PATHS>(b, r, out);
    } else {
        quiet::<G, PATHS>(b, r, out);
    }
}

fn quiet<G: Geometry, const PATHS: bool>(b: &Bits, r: &Rules, out: &mut MoveBuf) {
    let own = b.own();
    let empty = G::VALID & !(b.white | b.black);
    let men = own & !b.kings;
    let crown = crown_row::<G>(b.side);
    for d in forward(b.side) {
        let mut targets = G::step(men, d) & empty;
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            let from = match d {
                UL => to + G::R + 1,
                UR => to + G::R,
                DL => to - G::R,
                _ => to - G::R - 1,
            };
            push_quiet::<PATHS>(out, from as u8, to as u8, crown >> to & 1 == 1);
        }
    }
    let mut kings = own & b.kings;
    while kings != 0 {
        let from = kings.trailing_zeros();
        kings &= kings - 1;
        for d in [UL, UR, DL, DR] {
            let mut t = G::step(1 << from, d) & empty;
            while t != 0 {
                push_quiet::<PATHS>(out, from as u8, t.trailing_zeros() as u8, false);
                if !r.flying {
                    break;
                }
                t = G::step(t, d) & empty;
            }
        }
    }
}

#[inline(always)]
fn push_quiet<const PATHS: bool>(out: &mut MoveBuf, from: u8, to: u8, crown: bool) {
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
        captured: 0,
    });
}

/// Generates the captures of the side to move (the caller knows there is at least one, or
/// accepts an empty result).
pub(crate) fn captures<G: Geometry, const PATHS: bool>(b: &Bits, r: &Rules, out: &mut MoveBuf) {
    let own = b.own();
    let mut search = CaptureSearch::<G, PATHS> {
        rules: *r,
        side: b.side,
        opp: b.opp(),
        empty: 0,
        crown: crown_row::<G>(b.side),
        from: 0,
        promoted: false,
        max: 0,
        path: [0; 64],
        depth: 0,
        out,
        _g: std::marker::PhantomData,
    };
    let occupied = b.white | b.black;
    let mut men = capturing_men::<G>(b, r);
    while men != 0 {
        let from = men.trailing_zeros();
        men &= men - 1;
        search.from = from as u8;
        search.empty = G::VALID & !(occupied & !(1u64 << from));
        search.promoted = false;
        search.man(1u64 << from, 0);
    }
    let mut kings = own & b.kings;
    while kings != 0 {
        let from = kings.trailing_zeros();
        kings &= kings - 1;
        search.from = from as u8;
        search.empty = G::VALID & !(occupied & !(1u64 << from));
        search.promoted = false;
        search.king(1u64 << from, 0);
    }
}

struct CaptureSearch<'a, G: Geometry, const PATHS: bool> {
    rules: Rules,
    side: Color,
    opp: u64,
    /// Squares a capturing piece may land on or pass over: empty, plus its start square.
    empty: u64,
    crown: u64,
    from: u8,
    /// The capturing piece started as a man and was crowned during this capture.
    promoted: bool,
    max: u32,
    path: [u8; 64],
    depth: usize,
    out: &'a mut MoveBuf,
    _g: std::marker::PhantomData<G>,
}

impl<G: Geometry, const PATHS: bool> CaptureSearch<'_, G, PATHS> {
    #[inline(always)]
    fn land(&mut self, at: u64) {
        if PATHS && self.depth < self.path.len() {
            self.path[self.depth] = at.trailing_zeros() as u8;
        }
        self.depth += 1;
    }

    fn man(&mut self, at: u64, captured: u64) {
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
        if !any && captured != 0 {
            self.emit(at, captured, at & self.crown != 0);
        }
    }

    /// A man's jump in direction `D`, and everything after it. Returns whether there was one.
    #[inline(always)]
    fn man_dir<const D: usize>(&mut self, at: u64, captured: u64) -> bool {
        let victim = G::step(at, D) & self.opp & !captured;
        if victim == 0 {
            return false;
        }
        let landing = G::step(victim, D) & self.empty;
        if landing == 0 {
            return false;
        }
        let taken = captured | victim;
        self.land(landing);
        if landing & self.crown != 0 {
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
        true
    }

    /// Whether a king standing on `at`, having taken `captured`, can take another piece.
    #[inline]
    fn king_can_capture(&self, at: u64, captured: u64) -> bool {
        self.king_can_capture_dir::<UL>(at, captured)
            || self.king_can_capture_dir::<UR>(at, captured)
            || self.king_can_capture_dir::<DL>(at, captured)
            || self.king_can_capture_dir::<DR>(at, captured)
    }

    #[inline(always)]
    fn king_can_capture_dir<const D: usize>(&self, at: u64, captured: u64) -> bool {
        let mut t = G::step(at, D);
        if self.rules.flying {
            while t & self.empty != 0 {
                t = G::step(t, D);
            }
        }
        let victim = t & self.opp & !captured;
        victim != 0 && G::step(victim, D) & self.empty != 0
    }

    fn king(&mut self, at: u64, captured: u64) {
        let any = self.king_dir::<UL>(at, captured)
            | self.king_dir::<UR>(at, captured)
            | self.king_dir::<DL>(at, captured)
            | self.king_dir::<DR>(at, captured);
        if !any && captured != 0 {
            self.emit(at, captured, self.promoted);
        }
    }

    /// A king's jump in direction `D`, and everything after it. Returns whether there was one.
    #[inline(always)]
    fn king_dir<const D: usize>(&mut self, at: u64, captured: u64) -> bool {
        let mut t = G::step(at, D);
        if self.rules.flying {
            while t & self.empty != 0 {
                t = G::step(t, D);
            }
        }
        let victim = t & self.opp & !captured;
        if victim == 0 {
            return false;
        }
        let mut landing = G::step(victim, D) & self.empty;
        if landing == 0 {
            return false;
        }
        let taken = captured | victim;
        if !self.rules.flying {
            self.land(landing);
            self.king(landing, taken);
            self.depth -= 1;
            return true;
        }
        // A flying king may land on any empty square beyond the victim, but a capture must
        // be completed: if it can go on from some of them, it must land on one of those.
        let mut landings = [0u64; 12];
        let mut n = 0;
        let mut go_on = 0u64;
        while landing != 0 && n < landings.len() {
            landings[n] = landing;
            n += 1;
            if self.king_can_capture(landing, taken) {
                go_on |= landing;
            }
            landing = G::step(landing, D) & self.empty;
        }
        for &l in &landings[..n] {
            if go_on == 0 || go_on & l != 0 {
                self.land(l);
                self.king(l, taken);
                self.depth -= 1;
            }
        }
        true
    }

    fn emit(&mut self, at: u64, captured: u64, crown: bool) {
        let count = captured.count_ones();
        if self.rules.majority {
            if count < self.max {
                return;
            }
            if count > self.max {
                self.max = count;
                self.out.clear();
            }
        }
        let to = at.trailing_zeros() as u8;
        let from = self.from;
        if self
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
pub(crate) fn play(b: &mut Bits, m: &Raw) {
    let from = 1u64 << m.from;
    let to = 1u64 << m.to;
    let (own, opp) = match b.side {
        Color::White => (&mut b.white, &mut b.black),
        Color::Black => (&mut b.black, &mut b.white),
    };
    *own = (*own & !from) | to;
    *opp &= !m.captured;
    if b.kings & from != 0 {
        b.kings = (b.kings & !from) | to;
    } else if m.crown {
        b.kings |= to;
    }
    b.kings &= !m.captured;
    b.side = !b.side;
}

/// Every landing-square sequence (bit indices) by which the piece on `from` can take exactly
/// the pieces `target` and end on `to`, at most `limit` of them.
pub(crate) fn paths_of<G: Geometry>(
    b: &Bits,
    r: &Rules,
    from: u8,
    to: u8,
    target: u64,
    limit: usize,
) -> Vec<Vec<u8>> {
    let start = 1u64 << from;
    let king = b.kings & start != 0;
    let mut search = PathSearch::<G> {
        rules: *r,
        side: b.side,
        target,
        empty: G::VALID & !((b.white | b.black) & !start),
        crown: crown_row::<G>(b.side),
        to: 1u64 << to,
        stack: Vec::new(),
        paths: Vec::new(),
        limit,
        _g: std::marker::PhantomData,
    };
    if target != 0 {
        search.walk(start, 0, king);
    }
    search.paths
}

struct PathSearch<G: Geometry> {
    rules: Rules,
    side: Color,
    target: u64,
    empty: u64,
    crown: u64,
    to: u64,
    stack: Vec<u8>,
    paths: Vec<Vec<u8>>,
    limit: usize,
    _g: std::marker::PhantomData<G>,
}

impl<G: Geometry> PathSearch<G> {
    fn walk(&mut self, at: u64, captured: u64, king: bool) {
        if self.paths.len() >= self.limit {
            return;
        }
        if captured == self.target {
            if at == self.to {
                self.paths.push(self.stack.clone());
            }
            return;
        }
        let forward = forward(self.side);
        for d in [UL, UR, DL, DR] {
            if !king && !self.rules.men_back && !forward.contains(&d) {
                continue;
            }
            let flying = king && self.rules.flying;
            let mut t = G::step(at, d);
            if flying {
                while t & self.empty != 0 {
                    t = G::step(t, d);
                }
            }
            let victim = t & self.target & !captured;
            if victim == 0 {
                continue;
            }
            let mut landing = G::step(victim, d) & self.empty;
            while landing != 0 {
                let crowned = !king && landing & self.crown != 0;
                self.stack.push(landing.trailing_zeros() as u8);
                match (crowned, self.rules.crowning) {
                    (true, CaptureCrowning::Stop) => {
                        if captured | victim == self.target && landing == self.to {
                            self.paths.push(self.stack.clone());
                        }
                    }
                    (true, CaptureCrowning::Continue) => {
                        self.walk(landing, captured | victim, true)
                    }
                    _ => self.walk(landing, captured | victim, king),
                }
                self.stack.pop();
                if !flying {
                    break;
                }
                landing = G::step(landing, d) & self.empty;
            }
        }
    }
}
