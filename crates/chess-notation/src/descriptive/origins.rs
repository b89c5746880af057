//! Where each piece started: books name a knight, bishop or rook by its wing (`KN`, `QR`,
//! Spanish `CR`, `TD`) and mean the piece by where it started, the king's knight being the
//! one that started on the king's side, wherever it stands now. A reader of a whole line
//! keeps this map from the standard start; after a FEN start, and for a promoted piece,
//! where a piece started is not known.

use shakmaty::{Board, Move, Position, Square};

use super::pattern::Wing;

const UNKNOWN: u8 = 0xff;

/// For each square, the square its piece started on, when known: what a reader of
/// descriptive notation needs to read a wing as books mean it. Kept along a line of moves
/// from the standard start; give it to [`read_line_from`](crate::read_line_from) to read a
/// side line as the line it branches from is read.
///
/// ```
/// use chess_notation::{Language, Notation, Origins, read_line_from};
/// use chess_notation::DescriptiveSystem;
/// use shakmaty::{Chess, Position, uci::UciMove};
///
/// // The king's knight goes g1-e2-c3, the queen's knight b1-d2-f1-g3.
/// let mut pos = Chess::default();
/// let mut origins = Origins::of_start(&pos);
/// for uci in ["e2e3", "d7d6", "g1e2", "e7e6", "e2c3", "a7a6", "d2d3", "h7h6", "b1d2", "a6a5",
///             "f1e2", "h6h5", "d2f1", "a8a7", "f1g3", "a7a8"] {
///     let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
///     origins.play(m);
///     pos.play_unchecked(m);
/// }
/// // "CR4R": the king's knight to K4, the knight that started on the king's side.
/// let notation = Notation::Descriptive(DescriptiveSystem::Spanish);
/// let moves = read_line_from(&pos, &origins, &["CR4R"], notation, Language::Spanish).unwrap();
/// assert_eq!(moves[0].from().unwrap().to_string(), "c3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origins([u8; 64]);

impl Origins {
    /// Nothing is known: wings are read by where pieces stand.
    pub const UNKNOWN: Origins = Origins([UNKNOWN; 64]);

    /// The pieces of `start` started where they stand if it is the standard setup; else
    /// nothing is known.
    pub fn of_start<R: Position>(start: &R) -> Origins {
        if *start.board() != Board::default() {
            return Origins::UNKNOWN;
        }
        let mut squares = [UNKNOWN; 64];
        for sq in start.board().occupied() {
            squares[sq as usize] = sq as u8;
        }
        Origins(squares)
    }

    /// Moves the pieces `m` moves (played in a position where it is legal).
    pub fn play(&mut self, m: Move) {
        let o = &mut self.0;
        match m {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                o[to as usize] = if promotion.is_some() {
                    UNKNOWN
                } else {
                    o[from as usize]
                };
                o[from as usize] = UNKNOWN;
            }
            Move::EnPassant { from, to } => {
                o[to as usize] = o[from as usize];
                o[from as usize] = UNKNOWN;
                o[Square::from_coords(to.file(), from.rank()) as usize] = UNKNOWN;
            }
            Move::Castle { king, rook } => {
                let side = m.castling_side().expect("a castling move");
                let (king_to, rook_to) = (
                    Square::from_coords(side.king_to_file(), king.rank()),
                    Square::from_coords(side.rook_to_file(), rook.rank()),
                );
                let (k, r) = (o[king as usize], o[rook as usize]);
                o[king as usize] = UNKNOWN;
                o[rook as usize] = UNKNOWN;
                o[king_to as usize] = k;
                o[rook_to as usize] = r;
            }
            Move::Put { to, .. } => o[to as usize] = UNKNOWN,
        }
    }

    /// The wing the piece on `square` started on, when known.
    pub(crate) fn wing(&self, square: Square) -> Option<Wing> {
        match self.0[square as usize] {
            UNKNOWN => None,
            o if o % 8 >= 4 => Some(Wing::King),
            _ => Some(Wing::Queen),
        }
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, Chess, Position, fen::Fen, uci::UciMove};

    use super::*;

    fn play(pos: &mut Chess, origins: &mut Origins, uci: &str) {
        let m = uci
            .parse::<UciMove>()
            .unwrap()
            .to_move(pos)
            .unwrap_or_else(|e| panic!("{uci}: {e}"));
        origins.play(m);
        pos.play_unchecked(m);
    }

    #[test]
    fn pieces_keep_the_wing_they_started_on() {
        let mut pos = Chess::default();
        let mut o = Origins::of_start(&pos);
        // The queen's knight goes round to g3, the king's knight stays on f3.
        for uci in [
            "e2e4", "e7e5", "g1f3", "b8c6", "f1e2", "g8f6", "d2d3", "f8c5", "b1d2", "d7d6", "d2f1",
            "c8e6", "f1g3",
        ] {
            play(&mut pos, &mut o, uci);
        }
        assert_eq!(o.wing(Square::G3), Some(Wing::Queen));
        assert_eq!(o.wing(Square::F3), Some(Wing::King));
        // Castling moves the king and the rook with their origins.
        play(&mut pos, &mut o, "e8g8");
        assert_eq!(o.wing(Square::F8), Some(Wing::King));
        assert_eq!(o.wing(Square::H8), None);
    }

    #[test]
    fn a_fen_start_and_a_promotion_are_not_known() {
        let pos: Chess = "4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let o = Origins::of_start(&pos);
        assert_eq!(o.wing(Square::A1), None);
        let mut pos = Chess::default();
        let mut o = Origins::of_start(&pos);
        for uci in [
            "b2b4", "a7a5", "b4a5", "b7b6", "a5b6", "c8a6", "b6b7", "b8c6", "b7a8q",
        ] {
            play(&mut pos, &mut o, uci);
        }
        assert_eq!(o.wing(Square::A8), None);
        assert_eq!(o.wing(Square::C6), Some(Wing::Queen));
    }
}
