//! What a chess variant adds to a position as the API shows it: the pieces in hand of
//! Crazyhouse (its pockets), the checks left in Three-check, and the piece a drop puts
//! down (a legal move's `drop`).

use serde::Serialize;
use shakmaty::uci::UciMove;
use shakmaty::variant::VariantPosition;
use shakmaty::{ByColor, ByRole, Position as _, RemainingChecks};

use games::{AnyPosition, LegalMove};

use crate::models::DropPiece;

/// A legal move as the board takes it: the games crate's description of it (id, text,
/// squares), and for a Crazyhouse drop the piece dropped.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LegalMoveView {
    /// The move as every family describes it (`from` is empty for a drop).
    #[serde(flatten)]
    pub legal: LegalMove,
    /// Crazyhouse: the piece this move drops on `to` (its `from` is then empty, its id
    /// `N@e3`). Absent for every other move.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub drop: Option<DropPiece>,
}

impl LegalMoveView {
    /// The view of a legal move: a drop is told by its id (UCI `N@e3`).
    pub fn of(legal: LegalMove) -> LegalMoveView {
        let drop = match legal.id.parse::<UciMove>() {
            Ok(UciMove::Put { role, .. }) => DropPiece::of(role),
            _ => None,
        };
        LegalMoveView { legal, drop }
    }
}

/// The pieces one side holds in hand, each counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PocketView {
    /// Pawns in hand.
    pub pawn: u8,
    /// Knights in hand.
    pub knight: u8,
    /// Bishops in hand.
    pub bishop: u8,
    /// Rooks in hand.
    pub rook: u8,
    /// Queens in hand.
    pub queen: u8,
}

impl PocketView {
    fn of(pocket: &ByRole<u8>) -> PocketView {
        PocketView {
            pawn: pocket.pawn,
            knight: pocket.knight,
            bishop: pocket.bishop,
            rook: pocket.rook,
            queen: pocket.queen,
        }
    }
}

/// Crazyhouse's pieces in hand: what each side has taken and may drop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PocketsView {
    /// White's pieces in hand (taken from Black).
    pub white: PocketView,
    /// Black's pieces in hand (taken from White).
    pub black: PocketView,
}

/// Three-check: how many checks each side still has to give to win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ChecksView {
    /// The checks White still has to give (3 at the start).
    pub white: u32,
    /// The checks Black still has to give.
    pub black: u32,
}

/// The pockets of a Crazyhouse position; `None` for any other.
pub fn pockets_of(pos: &AnyPosition) -> Option<PocketsView> {
    let pockets: &ByColor<ByRole<u8>> = chess(pos)?.pockets()?;
    Some(PocketsView {
        white: PocketView::of(&pockets.white),
        black: PocketView::of(&pockets.black),
    })
}

/// The checks left of a Three-check position; `None` for any other.
pub fn checks_of(pos: &AnyPosition) -> Option<ChecksView> {
    let checks: &ByColor<RemainingChecks> = chess(pos)?.remaining_checks()?;
    Some(ChecksView {
        white: u32::from(checks.white),
        black: u32::from(checks.black),
    })
}

fn chess(pos: &AnyPosition) -> Option<&VariantPosition> {
    match pos {
        AnyPosition::Chess(p) => Some(p),
        AnyPosition::Draughts(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::{ChessVariant, NotationChoice};

    #[test]
    fn crazyhouse_shows_its_pockets_and_its_drops() {
        let fen = "r2q1rk1/ppp2pp1/2np3p/3Bp3/4P1b1/2PPPN2/PP4PP/R2Q1RK1[NBnb] b - - 0 11";
        let pos = AnyPosition::chess_from_fen(ChessVariant::Crazyhouse, fen).unwrap();
        let pockets = pockets_of(&pos).unwrap();
        assert_eq!(
            (
                pockets.white.knight,
                pockets.black.bishop,
                pockets.black.pawn
            ),
            (1, 1, 0)
        );
        assert_eq!(checks_of(&pos), None);
        let drops: Vec<LegalMoveView> = pos
            .legal_moves(&NotationChoice::default())
            .into_iter()
            .map(LegalMoveView::of)
            .filter(|m| m.drop.is_some())
            .collect();
        let b6 = drops.iter().find(|m| m.legal.id == "B@b6").unwrap();
        assert_eq!(
            (b6.legal.text.as_str(), b6.legal.to.as_str()),
            ("B@b6", "b6")
        );
        assert_eq!(b6.drop, Some(DropPiece::Bishop));
        assert!(drops.iter().all(|m| m.legal.from.is_empty()));
        assert_eq!(
            drops.len(),
            2 * 36,
            "a bishop or a knight on each empty square"
        );
    }

    #[test]
    fn three_check_counts_its_checks_and_standard_chess_has_neither() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1";
        let pos = AnyPosition::chess_from_fen(ChessVariant::ThreeCheck, fen).unwrap();
        assert_eq!(checks_of(&pos), Some(ChecksView { white: 2, black: 3 }));
        let standard = AnyPosition::start(games::Rules::Chess);
        assert_eq!((pockets_of(&standard), checks_of(&standard)), (None, None));
    }
}
