//! Positions: pieces on the board, the side to move, and the rules in force.

use crate::bits::Bits;
use crate::color::Color;
use crate::geometry::{Geometry, to_bit_set, to_index_set, with_geometry};
use crate::king_run::KingRun;
use crate::mask::Mask;
use crate::move_buf::{Buffered, MoveBuf, MoveBufs, Raw};
use crate::movegen::{self, Rules, Step};
use crate::moves::Move;
use crate::piece::{Piece, Role};
use crate::square::{BoardSize, Square};
use crate::square_set::SquareSet;
use crate::variant::{Goal, Variant};

/// A position of a draughts variant.
///
/// ```
/// use draughts::{Position, Variant};
/// let start = Position::start(Variant::INTERNATIONAL);
/// assert_eq!(start.legal_moves().len(), 9);
/// assert_eq!(start.to_fen(), format!("W:W{}:B{}",
///     (31..=50).map(|n| n.to_string()).collect::<Vec<_>>().join(","),
///     (1..=20).map(|n| n.to_string()).collect::<Vec<_>>().join(",")));
/// ```
///
/// Two positions are equal when their pieces, side to move and rules are: the rules are
/// compared by address, which is exact because every position's variant is interned (one
/// object for each set of rules, [`Variant::interned`]).
#[derive(Clone, Copy, Debug)]
pub struct Position {
    variant: &'static Variant,
    /// The pieces in the bit layout of the variant's board, widened to 128 bits.
    bits: Bits<u128>,
    /// Each side's run of moves with one king, when the variant limits it (Frisian).
    run: KingRun,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        std::ptr::eq(self.variant, other.variant)
            && self.bits == other.bits
            && self.run == other.run
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Equal addresses have equal names; the name keeps hashes the same from run to run.
        self.variant.name.hash(state);
        self.bits.hash(state);
        self.run.hash(state);
    }
}

impl Position {
    /// The variant's starting position.
    pub fn start(variant: Variant) -> Position {
        Position::start_of(variant.interned())
    }

    /// The starting position of an interned variant (see [`Variant::interned`]): what
    /// [`Position::start`] gives, without looking the variant up.
    ///
    /// ```
    /// use draughts::{Position, Variant};
    /// let russian = Variant::RUSSIAN.interned();
    /// assert_eq!(Position::start_of(russian), Position::start(Variant::RUSSIAN));
    /// ```
    pub fn start_of(variant: &'static Variant) -> Position {
        let men = variant.men_per_side();
        let n = variant.size.squares();
        let mut p = Position::empty_of(variant, variant.first);
        // Black's men on the first squares, White's on the last: the bits made at once in the
        // board's layout (a game's readings start from here, once per candidate variant).
        let (black, white) = with_geometry!(variant.size, G => {
            let side = |squares: std::ops::Range<u8>| {
                squares.fold(0u128, |bits, i| bits | G::bit(i).wide())
            };
            (side(0..men), side(n - men..n))
        });
        p.bits.black = black;
        p.bits.white = white;
        p
    }

    /// An empty board with `side` to move.
    pub fn empty(variant: Variant, side: Color) -> Position {
        Position::empty_of(variant.interned(), side)
    }

    /// An empty board of an interned variant.
    fn empty_of(variant: &'static Variant, side: Color) -> Position {
        Position {
            variant,
            bits: Bits {
                white: 0,
                black: 0,
                kings: 0,
                side,
            },
            run: KingRun::default(),
        }
    }

    /// The board with White's pieces on the squares of `white`, Black's on `black` and kings
    /// where `kings` says, each a set of square indices (bit `i` for the square of index
    /// `i`); the sets must not meet, and `kings` must lie in their union.
    pub(crate) fn from_index_sets(
        variant: Variant,
        side: Color,
        white: u128,
        black: u128,
        kings: u128,
    ) -> Position {
        let mut p = Position::empty(variant, side);
        with_geometry!(variant.size, G => {
            p.bits.white = to_bit_set::<G>(white).wide();
            p.bits.black = to_bit_set::<G>(black).wide();
            p.bits.kings = to_bit_set::<G>(kings).wide();
        });
        p
    }

    /// The same pieces and side to move under the rules of `variant`, which must be played on
    /// this position's board (`None` on another board); the count of each side's moves with a
    /// lone king (Frisian) starts afresh.
    ///
    /// ```
    /// use draughts::{Position, Variant};
    /// let american = Position::from_fen("B:W21,22:B9,K10", Variant::AMERICAN).unwrap();
    /// let russian = american.under(Variant::RUSSIAN).unwrap();
    /// assert_eq!(russian.variant(), &Variant::RUSSIAN);
    /// assert_eq!(russian.to_fen(), american.to_fen());
    /// assert!(american.under(Variant::INTERNATIONAL).is_none());
    /// ```
    pub fn under(&self, variant: Variant) -> Option<Position> {
        (variant.size == self.size()).then(|| Position {
            variant: variant.interned(),
            bits: self.bits,
            run: KingRun::default(),
        })
    }

    /// The rules in force.
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.variant.size
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.bits.side
    }

    /// Changes the side to move.
    pub fn set_side_to_move(&mut self, side: Color) {
        self.bits.side = side;
    }

    fn bit(&self, sq: Square) -> u128 {
        with_geometry!(self.variant.size, G => G::bit(sq.index()).wide())
    }

    fn index_set(&self, bits: u128) -> SquareSet {
        SquareSet(
            with_geometry!(self.variant.size, G => to_index_set::<G>(<G as Geometry>::B::narrow(bits))),
        )
    }

    /// The pieces in the width of the board's geometry `G`.
    #[inline]
    pub(crate) fn bits_in<G: Geometry>(&self) -> Bits<G::B> {
        self.bits.cast()
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if sq.index() >= self.variant.size.squares() {
            return None;
        }
        let b = self.bit(sq);
        let role = if self.bits.kings & b != 0 {
            Role::King
        } else {
            Role::Man
        };
        if self.bits.white & b != 0 {
            Some(Piece {
                color: Color::White,
                role,
            })
        } else if self.bits.black & b != 0 {
            Some(Piece {
                color: Color::Black,
                role,
            })
        } else {
            None
        }
    }

    /// Puts a piece on `sq`, replacing what was there. Squares off the board are ignored.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        if sq.index() >= self.variant.size.squares() {
            return;
        }
        self.remove(sq);
        let b = self.bit(sq);
        match piece.color {
            Color::White => self.bits.white |= b,
            Color::Black => self.bits.black |= b,
        }
        if piece.role == Role::King {
            self.bits.kings |= b;
        }
    }

    /// Empties `sq`.
    pub fn remove(&mut self, sq: Square) {
        if sq.index() >= self.variant.size.squares() {
            return;
        }
        let b = !self.bit(sq);
        self.bits.white &= b;
        self.bits.black &= b;
        self.bits.kings &= b;
    }

    /// The squares of `color`'s pieces.
    pub fn pieces(&self, color: Color) -> SquareSet {
        self.index_set(match color {
            Color::White => self.bits.white,
            Color::Black => self.bits.black,
        })
    }

    /// The squares of `color`'s kings.
    pub fn kings(&self, color: Color) -> SquareSet {
        self.pieces(color)
            .intersection(self.index_set(self.bits.kings))
    }

    /// The squares of `color`'s men.
    pub fn men(&self, color: Color) -> SquareSet {
        let kings = self.kings(color);
        SquareSet(self.pieces(color).0 & !kings.0)
    }

    /// Whether the side to move must capture.
    pub fn has_capture(&self) -> bool {
        let r = Rules::of(self.variant);
        with_geometry!(self.variant.size, G => movegen::has_capture::<G>(&self.bits_in::<G>(), &r))
    }

    /// Whether the side to move has any legal move (without one, it has lost).
    pub fn has_legal_move(&self) -> bool {
        if self.frozen_king().is_some() {
            return self.legal_move_count() > 0;
        }
        let r = Rules::of(self.variant);
        with_geometry!(self.variant.size, G => {
            let b = self.bits_in::<G>();
            movegen::has_capture::<G>(&b, &r) || movegen::has_quiet_move::<G>(&b)
        })
    }

    /// The bit of the king of the side to move that may not move again without capturing
    /// (see [`Variant::king_move_limit`]).
    #[inline]
    pub(crate) fn frozen_king(&self) -> Option<u8> {
        let limit = self.variant.king_move_limit?;
        self.run.frozen(&self.bits, limit)
    }

    /// The king of `side` that made the side's last moves in a row without capturing, and
    /// how many, in a variant that limits them (Frisian: while a side has men, the same
    /// king may not make a fourth such move). `None` when the side's last move was not a
    /// king move without capture, or the variant has no limit.
    ///
    /// ```
    /// use draughts::{BoardSize, Color, Position, Square, Variant};
    /// let mut p = Position::from_fen("W:WK46,50:B3", Variant::FRISIAN).unwrap();
    /// for (from, to) in [(46, 41), (3, 8), (41, 46), (8, 12), (46, 41), (12, 17)] {
    ///     let mv = p.legal_moves().into_iter()
    ///         .find(|m| m.from().number() == from && m.to().number() == to).unwrap();
    ///     p.play(&mv).unwrap();
    /// }
    /// assert_eq!(p.king_run(Color::White), Some((Square::from_number(41, BoardSize::Ten).unwrap(), 3)));
    /// // The king on 41 made three moves in a row and White has a man: it may not move.
    /// assert!(p.legal_moves().iter().all(|m| m.from().number() == 50));
    /// ```
    pub fn king_run(&self, side: Color) -> Option<(Square, u8)> {
        self.variant.king_move_limit?;
        let (bit, moves) = self.run.of(side)?;
        let index = with_geometry!(self.variant.size, G => G::index(u32::from(bit)));
        Some((Square::from_index_unchecked(index), moves))
    }

    /// The side that has won in this position by the variant's goal, if the game is over by
    /// it: the side to move has no move (it lost, or in Antidraughts won), or in Breakthrough
    /// a side has a king.
    ///
    /// ```
    /// use draughts::{Color, Position, Variant};
    /// let blocked = "B:W32:B28"; // Black's man on h2 is stuck behind g1
    /// let p = Position::from_fen(blocked, Variant::AMERICAN).unwrap();
    /// assert_eq!(p.winner(), Some(Color::White));
    /// let p = Position::from_fen("W:W46:B5", Variant::ANTIDRAUGHTS).unwrap();
    /// assert_eq!(p.winner(), None);
    /// let p = Position::from_fen("B:WK3:B40", Variant::BREAKTHROUGH).unwrap();
    /// assert_eq!(p.winner(), Some(Color::White));
    /// ```
    pub fn winner(&self) -> Option<Color> {
        let side = self.side_to_move();
        if self.variant.goal == Goal::FirstKing {
            let crowned = |c: Color| !self.kings(c).is_empty();
            if crowned(!side) {
                return Some(!side);
            }
            if crowned(side) {
                return Some(side);
            }
        }
        if self.has_legal_move() {
            return None;
        }
        Some(match self.variant.goal {
            Goal::Anti => side,
            Goal::Standard | Goal::FirstKing => !side,
        })
    }

    /// The number of legal moves, counted without building them.
    pub fn legal_move_count(&self) -> u64 {
        if self.frozen_king().is_some() {
            return self.legal_moves().len() as u64;
        }
        let r = Rules::of(self.variant);
        with_geometry!(self.variant.size, G => {
            let mut scratch = MoveBuf::default();
            movegen::count::<G>(&self.bits_in::<G>(), &r, &mut scratch)
        })
    }

    /// Every legal move, captures with their paths.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut bufs = MoveBufs::default();
        self.legal_moves_into(&mut bufs)
    }

    /// Every legal move, generated into the buffer of the board's width in `bufs` (which
    /// keeps them in bit layout for the caller).
    pub(crate) fn legal_moves_into(&self, bufs: &mut MoveBufs) -> Vec<Move> {
        let r = Rules::of(self.variant);
        with_geometry!(self.variant.size, G => {
            let buf = <G as Geometry>::B::pick(bufs);
            movegen::generate::<G, true>(&self.bits_in::<G>(), &r, buf);
            if let Some(bit) = self.frozen_king() {
                KingRun::restrict(buf, bit);
            }
            buf.moves.iter().map(|m| to_move::<G>(m, buf.path(m))).collect()
        })
    }

    /// Plays a legal move. A move that is not legal here is refused and the position is
    /// unchanged.
    pub fn play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        let legal = self.legal_moves();
        match legal.into_iter().find(|m| m == mv) {
            Some(m) => {
                self.play_unchecked(&m);
                Ok(())
            }
            None => Err(IllegalMove),
        }
    }

    /// Plays a move taken from [`Position::legal_moves`] of this position, without checking
    /// it again. Playing any other move leaves a position that may break the rules.
    pub fn play_unchecked(&mut self, mv: &Move) {
        self.play_raw(&self.raw(mv));
    }

    /// `mv` in the generator's bit layout (without its path), the form
    /// [`Position::play_raw`], the Zobrist keys and the draw counters take.
    pub(crate) fn raw(&self, mv: &Move) -> Raw<u128> {
        with_geometry!(self.variant.size, G => Raw {
            from: G::TO_BIT[mv.from.index() as usize],
            to: G::TO_BIT[mv.to.index() as usize],
            crown: mv.crowns,
            path_len: 0,
            path_start: 0,
            captured: to_bit_set::<G>(mv.captured.0).wide(),
        })
    }

    /// Plays a move already in bit layout (see [`Position::raw`]), unchecked like
    /// [`Position::play_unchecked`].
    pub(crate) fn play_raw(&mut self, raw: &Raw<u128>) {
        if self.variant.king_move_limit.is_some() {
            self.run = self.run.after_move(&self.bits, raw);
        }
        movegen::play(&mut self.bits, raw);
    }

    /// The same position turned round: the colours swapped and the board turned half round
    /// (square index `i` becomes `last - i`), the other side to move. Its game is the same
    /// game seen from the other side, so a fair evaluation or search scores both alike.
    /// Frisian's count of a king's moves in a row is not carried over.
    ///
    /// ```
    /// use draughts::{Position, Variant};
    /// let p = Position::from_fen("B:W46:B1,2,3", Variant::INTERNATIONAL).unwrap();
    /// assert_eq!(p.mirrored().to_fen(), "W:W48,49,50:B5");
    /// assert_eq!(p.mirrored().mirrored(), p);
    /// ```
    pub fn mirrored(&self) -> Position {
        let size = self.size();
        let last = size.squares() - 1;
        let mut m = Position::empty(*self.variant(), !self.side_to_move());
        for sq in size.all_squares() {
            if let Some(p) = self.piece_at(sq) {
                let turned = Square::from_index_unchecked(last - sq.index());
                m.put(
                    turned,
                    Piece {
                        color: !p.color,
                        ..p
                    },
                );
            }
        }
        m
    }

    /// The position after a legal move (see [`Position::play_unchecked`]).
    pub fn after(&self, mv: &Move) -> Position {
        let mut p = *self;
        p.play_unchecked(mv);
        p
    }

    pub(crate) fn bits(&self) -> &Bits<u128> {
        &self.bits
    }

    /// The position of `variant` with the pieces of `bits` (in the board's bit layout) and
    /// no run of king moves.
    pub(crate) fn from_bits(variant: &'static Variant, bits: Bits<u128>) -> Position {
        Position {
            variant,
            bits,
            run: KingRun::default(),
        }
    }

    /// The position's 64-bit Zobrist hash: its pieces and the side to move (what repetition
    /// compares), the same in every run and on every machine (the keys are fixed). Positions
    /// of different variants on one board size hash alike.
    ///
    /// ```
    /// use draughts::{Position, Variant};
    /// let start = Position::start(Variant::INTERNATIONAL);
    /// let m = start.legal_moves()[0].clone();
    /// assert_ne!(start.zobrist(), start.after(&m).zobrist());
    /// assert_eq!(start.zobrist(), Position::start(Variant::FRISIAN).zobrist());
    /// ```
    pub fn zobrist(&self) -> u64 {
        crate::zobrist::hash(&self.bits)
    }

    /// The runs of king moves (see [`Position::king_run`]), in the position's bit layout.
    pub(crate) fn run(&self) -> KingRun {
        self.run
    }
}

/// The error of [`Position::play`]: the move is not legal in the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the move is not legal in this position")]
pub struct IllegalMove;

fn to_move<G: Geometry>(m: &Raw<G::B>, path: &[u8]) -> Move {
    let sq = |bit: u8| Square::from_index_unchecked(G::index(u32::from(bit)));
    Move {
        from: sq(m.from),
        to: sq(m.to),
        captured: SquareSet(to_index_set::<G>(m.captured)),
        crowns: m.crown,
        path: path.iter().map(|&b| sq(b)).collect(),
    }
}

impl Position {
    /// Every path (landing squares, ending with the end square) by which `mv` can be played
    /// here, at most `limit` of them. A move without capture has the one path `[to]`.
    pub fn capture_paths(&self, mv: &Move, limit: usize) -> Vec<Vec<Square>> {
        if !mv.is_capture() {
            return vec![vec![mv.to]];
        }
        let r = Rules::of(self.variant);
        with_geometry!(self.variant.size, G => {
            let sq = |bit: u8| Square::from_index_unchecked(G::index(u32::from(bit)));
            movegen::paths_of::<G>(
                &self.bits_in::<G>(),
                &r,
                G::TO_BIT[mv.from.index() as usize],
                G::TO_BIT[mv.to.index() as usize],
                to_bit_set::<G>(mv.captured.0),
                limit,
            )
            .into_iter()
            .map(|p| p.into_iter().map(sq).collect())
            .collect()
        })
    }
}

impl Position {
    /// The legal move written as the squares `squares` (start, landing squares, end) when
    /// they name it without doubt: the only move from the start to the end, or the move
    /// whose landing squares are exactly those written. `None` leaves the decision to the
    /// full reader. Uses `buf` for the generated moves, so a caller replaying many moves
    /// allocates nothing per move.
    pub(crate) fn find_written(&self, bufs: &mut MoveBufs, squares: &[Square]) -> Option<Move> {
        let (&first, &last) = (squares.first()?, squares.last()?);
        let r = Rules::of(self.variant);
        with_geometry!(self.variant.size, G => {
            let from = G::TO_BIT[first.index() as usize];
            let to = G::TO_BIT[last.index() as usize];
            let bits = self.bits_in::<G>();
            if squares.len() == 2 {
                // The usual move, a step without capture: asked of the generator alone.
                match movegen::step::<G>(&bits, &r, from, to, self.frozen_king()) {
                    Step::Legal(m) => return Some(to_move::<G>(&m, &[m.to])),
                    Step::Illegal => return None,
                    Step::Capturing => {}
                }
            }
            let buf = <G as Geometry>::B::pick(bufs);
            movegen::generate::<G, true>(&bits, &r, buf);
            if let Some(bit) = self.frozen_king() {
                KingRun::restrict(buf, bit);
            }
            let landings = &squares[1..];
            let mut found: Option<&Raw<<G as Geometry>::B>> = None;
            let mut count = 0;
            for m in buf.moves.iter().filter(|m| m.from == from && m.to == to) {
                count += 1;
                let path = buf.path(m);
                if landings.len() > 1
                    && path.len() == landings.len()
                    && path.iter().zip(landings).all(|(&b, s)| b == G::TO_BIT[s.index() as usize])
                {
                    // A full landing path names one move: each stretch takes one piece.
                    return Some(to_move::<G>(m, path));
                }
                found = Some(m);
            }
            match (count, found) {
                (1, Some(m)) if landings.len() == 1 => Some(to_move::<G>(m, buf.path(m))),
                _ => None,
            }
        })
    }
}
