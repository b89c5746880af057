//! The chess variants in JSON and in the description: [`games::ChessVariant`] written as its
//! key (`crazyhouse`, `kingofthehill`), and the piece a Crazyhouse drop puts down.

use games::ChessVariant;

text_enum! {
    /// A chess variant, as [`games::ChessVariant::key`] names it. A chess position of
    /// another variant than standard chess needs it beside its FEN.
    pub enum VariantName {
        /// Standard chess.
        Standard = "standard",
        /// Chess960: standard rules from a shuffled back rank.
        Chess960 = "chess960",
        /// Crazyhouse: a piece taken may be dropped back on the board (`N@e3`).
        Crazyhouse = "crazyhouse",
        /// Atomic: a capture explodes the pieces around it; exploding the king wins.
        Atomic = "atomic",
        /// Antichess: captures are forced, and losing every piece wins.
        Antichess = "antichess",
        /// King of the Hill: a king reaching the centre wins.
        KingOfTheHill = "kingofthehill",
        /// Three-check: the third check wins.
        ThreeCheck = "threecheck",
        /// Horde: 36 White pawns against Black's army.
        Horde = "horde",
        /// Racing Kings: the first king on the eighth rank wins.
        RacingKings = "racingkings",
    }
}

impl VariantName {
    /// The games crate's variant.
    pub const fn variant(self) -> ChessVariant {
        match self {
            VariantName::Standard => ChessVariant::Standard,
            VariantName::Chess960 => ChessVariant::Chess960,
            VariantName::Crazyhouse => ChessVariant::Crazyhouse,
            VariantName::Atomic => ChessVariant::Atomic,
            VariantName::Antichess => ChessVariant::Antichess,
            VariantName::KingOfTheHill => ChessVariant::KingOfTheHill,
            VariantName::ThreeCheck => ChessVariant::ThreeCheck,
            VariantName::Horde => ChessVariant::Horde,
            VariantName::RacingKings => ChessVariant::RacingKings,
        }
    }

    /// The name of the games crate's variant.
    pub const fn of(variant: ChessVariant) -> VariantName {
        match variant {
            ChessVariant::Standard => VariantName::Standard,
            ChessVariant::Chess960 => VariantName::Chess960,
            ChessVariant::Crazyhouse => VariantName::Crazyhouse,
            ChessVariant::Atomic => VariantName::Atomic,
            ChessVariant::Antichess => VariantName::Antichess,
            ChessVariant::KingOfTheHill => VariantName::KingOfTheHill,
            ChessVariant::ThreeCheck => VariantName::ThreeCheck,
            ChessVariant::Horde => VariantName::Horde,
            ChessVariant::RacingKings => VariantName::RacingKings,
        }
    }
}

text_enum! {
    /// The piece a drop puts on the board (Crazyhouse), as SAN and UCI write it (`N@e3`).
    pub enum DropPiece {
        /// A pawn (`P@e3`, written `@e3` too).
        Pawn = "P",
        /// A knight.
        Knight = "N",
        /// A bishop.
        Bishop = "B",
        /// A rook.
        Rook = "R",
        /// A queen.
        Queen = "Q",
    }
}

impl DropPiece {
    /// The piece of a role that may be dropped (a king never is).
    pub const fn of(role: shakmaty::Role) -> Option<DropPiece> {
        Some(match role {
            shakmaty::Role::Pawn => DropPiece::Pawn,
            shakmaty::Role::Knight => DropPiece::Knight,
            shakmaty::Role::Bishop => DropPiece::Bishop,
            shakmaty::Role::Rook => DropPiece::Rook,
            shakmaty::Role::Queen => DropPiece::Queen,
            shakmaty::Role::King => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_is_named_by_its_key() {
        for v in ChessVariant::ALL {
            let name = VariantName::of(v);
            assert_eq!(name.as_str(), v.key());
            assert_eq!(name.variant(), v);
        }
        assert_eq!(VariantName::ALL.len(), ChessVariant::ALL.len());
    }
}
