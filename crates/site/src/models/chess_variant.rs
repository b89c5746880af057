//! The piece a Crazyhouse drop puts down, in JSON and in the description. The variants
//! themselves are [`games::ChessVariant`], written as its key (`crazyhouse`,
//! `kingofthehill`).

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
    use games::ChessVariant;

    #[test]
    fn every_variant_is_written_and_read_as_its_key() {
        for v in ChessVariant::ALL {
            let json = serde_json::to_value(v).unwrap();
            assert_eq!(json, serde_json::json!(v.key()));
            assert_eq!(serde_json::from_value::<ChessVariant>(json).unwrap(), v);
            assert_eq!(ChessVariant::from_name(v.key()), Some(v));
        }
        assert!(serde_json::from_value::<ChessVariant>(serde_json::json!("bughouse")).is_err());
    }
}
