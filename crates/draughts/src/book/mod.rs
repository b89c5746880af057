//! Opening books: for positions of the opening, the moves worth playing, with how often they
//! were played in real games and what a search thought of them.
//!
//! A [`Book`] holds the positions of one [`Variant`], each matched exactly (its pieces and
//! the side to move), with their [`BookMove`]s. The computer opponent plays from it while the
//! game is in it ([`Book::choose`]): the strongest level its best move, the weaker levels a
//! move drawn among the sound ones, weighted by how often people played them, so that they do
//! not play the same game every time. The analysis does not use it: it judges every move by
//! its own search.
//!
//! Books are data files ([`Book::from_bytes`], format [`FORMAT_VERSION`]) made by the
//! `book` example of the `games` crate from the first moves of real games and from the
//! engine's own choices, every move checked by a search at a fixed budget. The book of
//! International draughts is built into the crate ([`Book::builtin`]).
//!
//! ```
//! use draughts::{Book, Level, Position, Variant};
//! let book = Book::builtin(&Variant::INTERNATIONAL).expect("built in");
//! let start = Position::start(Variant::INTERNATIONAL);
//! assert!(book.moves(&start).len() > 1);
//! let mv = book.choose(&start, Level::Strong, 7).expect("the start is in the book");
//! assert!(start.legal_moves().contains(&mv));
//! ```

mod file;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::sync::OnceLock;

pub use file::{BookError, FORMAT_VERSION};

use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::search::Level;
use crate::variant::Variant;
use crate::zobrist::splitmix;

/// A book move and what is known of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move, legal in its position (with one of its capture paths).
    pub mv: Move,
    /// The games of the collections the book was made from that played it here (0 for a move
    /// only the engine chose).
    pub games: u32,
    /// What those games gave the side that played it, in half-points: 2 a win, 1 a draw.
    pub points: u32,
    /// The engine's score of the move for the side that plays it, in hundredths of a man:
    /// a search of the position after it, at the book's fixed budget.
    pub engine_score: i16,
}

impl BookMove {
    /// The share of the points the side that played it took in the games that played it
    /// (1 a win every time, 0.5 draws), `None` when no game played it.
    ///
    /// ```
    /// use draughts::{BookMove, Position, Variant};
    /// let mv = Position::start(Variant::INTERNATIONAL).legal_moves()[0].clone();
    /// let played = BookMove { mv, games: 4, points: 5, engine_score: 0 };
    /// assert_eq!(played.result_share(), Some(0.625));
    /// ```
    pub fn result_share(&self) -> Option<f64> {
        (self.games > 0).then(|| f64::from(self.points) / (2.0 * f64::from(self.games)))
    }

    /// How likely a weaker level is to pick the move among the sound ones: the games that
    /// played it, plus one so that the engine's own moves have a chance.
    fn weight(&self) -> u64 {
        u64::from(self.games) + 1
    }
}

/// A position as the book matches it: the pieces (square index sets) and the side to move.
/// Ordered, so that a book's file is the same from build to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Key {
    side: Color,
    white: u128,
    black: u128,
    kings: u128,
}

impl Key {
    fn of(pos: &Position) -> Key {
        let white = pos.pieces(Color::White).0;
        let black = pos.pieces(Color::Black).0;
        let kings = pos.kings(Color::White).0 | pos.kings(Color::Black).0;
        Key {
            side: pos.side_to_move(),
            white,
            black,
            kings,
        }
    }

    /// The position of `variant` with these pieces.
    fn position(&self, variant: Variant) -> Position {
        Position::from_index_sets(variant, self.side, self.white, self.black, self.kings)
    }
}

/// The opening book of one variant: positions, each with its book moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    variant: &'static Variant,
    positions: BTreeMap<Key, Vec<BookMove>>,
}

static INTERNATIONAL: OnceLock<Book> = OnceLock::new();

impl Book {
    /// An empty book of `variant`.
    pub fn new(variant: Variant) -> Book {
        Book {
            variant: variant.interned(),
            positions: BTreeMap::new(),
        }
    }

    /// The book built into the crate for `variant`, if it has one (International draughts).
    ///
    /// ```
    /// use draughts::{Book, Variant};
    /// assert!(Book::builtin(&Variant::INTERNATIONAL).is_some());
    /// assert!(Book::builtin(&Variant::RUSSIAN).is_none());
    /// ```
    pub fn builtin(variant: &Variant) -> Option<&'static Book> {
        if *variant != Variant::INTERNATIONAL {
            return None;
        }
        Some(INTERNATIONAL.get_or_init(|| {
            Book::from_bytes_of(
                include_bytes!("../../data/international.book"),
                &Variant::INTERNATIONAL,
            )
            .expect("the built-in opening book is read")
        }))
    }

    /// The variant of the book's positions.
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The number of positions with book moves.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The number of book moves, all positions together.
    pub fn move_count(&self) -> usize {
        self.positions.values().map(Vec::len).sum()
    }

    /// Every position of the book with its moves, in the book's order.
    pub fn positions(&self) -> impl Iterator<Item = (Position, &[BookMove])> + '_ {
        self.positions
            .iter()
            .map(|(k, moves)| (k.position(*self.variant), moves.as_slice()))
    }

    /// Adds `mv` to the moves of `pos`, or replaces the book move of the same move there.
    ///
    /// # Errors
    /// [`BookError::OtherVariant`] when `pos` is of another variant than the book,
    /// [`BookError::IllegalMove`] when the move is not legal in `pos`.
    pub fn insert(&mut self, pos: &Position, mv: BookMove) -> Result<(), BookError> {
        if pos.variant() != self.variant {
            return Err(BookError::OtherVariant {
                found: pos.variant().name,
                expected: self.variant.name,
            });
        }
        let Some(legal) = pos.legal_moves().into_iter().find(|m| *m == mv.mv) else {
            return Err(BookError::IllegalMove {
                position: pos.to_fen(),
                from: mv.mv.from().number(),
                to: mv.mv.to().number(),
            });
        };
        let mv = BookMove { mv: legal, ..mv };
        let moves = self.positions.entry(Key::of(pos)).or_default();
        match moves.iter_mut().find(|m| m.mv == mv.mv) {
            Some(old) => *old = mv,
            None => moves.push(mv),
        }
        Ok(())
    }

    /// The book moves of `pos` (none when the position is not in the book, or is of another
    /// variant).
    pub fn moves(&self, pos: &Position) -> &[BookMove] {
        if pos.variant() != self.variant {
            return &[];
        }
        self.positions.get(&Key::of(pos)).map_or(&[], Vec::as_slice)
    }

    /// The move the computer plays from the book in `pos` at `level`, `None` when the
    /// position is not in the book.
    ///
    /// [`Level::Strong`] takes the best book move: the highest engine score, the most played
    /// of equal ones, whatever the seed. The weaker levels draw among the sound book moves
    /// (within [`sound_margin`] of the best's engine score), each as likely as the games that
    /// played it plus one; the same seed and position give the same move.
    ///
    /// ```
    /// use draughts::{Book, Level, Position, Variant};
    /// let book = Book::builtin(&Variant::INTERNATIONAL).unwrap();
    /// let start = Position::start(Variant::INTERNATIONAL);
    /// let strong = book.choose(&start, Level::Strong, 1);
    /// assert_eq!(strong, book.choose(&start, Level::Strong, 2));
    /// assert_eq!(book.choose(&start, Level::Beginner, 3), book.choose(&start, Level::Beginner, 3));
    /// ```
    pub fn choose(&self, pos: &Position, level: Level, seed: u64) -> Option<Move> {
        let moves = self.moves(pos);
        let best = best_of(moves)?;
        let chosen = match sound_margin(level) {
            None => best,
            Some(margin) => {
                let floor = i32::from(best.engine_score) - margin;
                let sound: Vec<&BookMove> = moves
                    .iter()
                    .filter(|m| i32::from(m.engine_score) >= floor)
                    .collect();
                let total: u64 = sound.iter().map(|m| m.weight()).sum();
                let mut pick = splitmix(seed ^ pos.zobrist()) % total;
                sound
                    .into_iter()
                    .find(|m| {
                        let w = m.weight();
                        if pick < w {
                            return true;
                        }
                        pick -= w;
                        false
                    })
                    .unwrap_or(best)
            }
        };
        // The book's moves were legal when it was read; the position's own move generator
        // has the last word (a Frisian run of king moves is not part of the match).
        pos.legal_moves().into_iter().find(|m| *m == chosen.mv)
    }
}

/// The best of some book moves: the highest engine score, then the most played, then the
/// first.
fn best_of(moves: &[BookMove]) -> Option<&BookMove> {
    moves.iter().reduce(|best, m| {
        if (m.engine_score, m.games) > (best.engine_score, best.games) {
            m
        } else {
            best
        }
    })
}

/// How far below the best book move's engine score (in hundredths of a man) a book move may
/// be for `level` to play it: `None` for [`Level::Strong`], which plays the best alone.
///
/// ```
/// use draughts::{Level, book::sound_margin};
/// assert_eq!(sound_margin(Level::Strong), None);
/// assert!(sound_margin(Level::Beginner) >= sound_margin(Level::Intermediate));
/// ```
pub fn sound_margin(level: Level) -> Option<i32> {
    match level {
        Level::Beginner => Some(30),
        Level::Intermediate => Some(15),
        Level::Strong => None,
    }
}
