//! The values of a game played on the site: how it is played, where it stands, the sides and
//! who plays them, the computer's level, what a player does about a draw.

text_enum! {
    /// How a game is played: on one device, against the computer, or with a friend.
    pub enum GameMode {
        /// Both sides played on one device, by whoever holds it.
        Device = "device",
        /// Against the computer.
        Computer = "computer",
        /// Against a friend, who joins by the game's link.
        Friend = "friend",
    }
}

text_enum! {
    /// Where a game is: waiting for a friend, in progress, or over.
    pub enum GameStatus {
        /// A friend game whose second seat is free.
        Waiting = "waiting",
        /// In progress.
        Ongoing = "ongoing",
        /// Over: it has a result and a reason.
        Finished = "finished",
    }
}

text_enum! {
    /// A side.
    pub enum Side {
        /// White (in American checkers the side that moves second).
        White = "white",
        /// Black.
        Black = "black",
    }
}

impl Side {
    /// White when `white` is true, else Black.
    pub const fn white_if(white: bool) -> Side {
        if white { Side::White } else { Side::Black }
    }

    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// Whether this is White.
    pub const fn is_white(self) -> bool {
        matches!(self, Side::White)
    }

    /// The draughts crate's colour of this side.
    pub const fn draughts(self) -> draughts::Color {
        match self {
            Side::White => draughts::Color::White,
            Side::Black => draughts::Color::Black,
        }
    }
}

text_enum! {
    /// Which side(s) the request's holder plays.
    pub enum Role {
        /// White's player.
        White = "white",
        /// Black's player.
        Black = "black",
        /// Both sides: a game on one device.
        Both = "both",
    }
}

impl Role {
    /// The role of a player of `side` alone.
    pub const fn of(side: Side) -> Role {
        match side {
            Side::White => Role::White,
            Side::Black => Role::Black,
        }
    }

    /// The side a player in this role acts for when `to_move` is to move: their own, or the
    /// side to move on one device.
    pub const fn side(self, to_move: Side) -> Side {
        match self {
            Role::White => Side::White,
            Role::Black => Side::Black,
            Role::Both => to_move,
        }
    }

    /// Whether this role may play `side`'s moves.
    pub fn plays(self, side: Side) -> bool {
        self == Role::Both || self == Role::of(side)
    }
}

text_enum! {
    /// The side a game's creator takes.
    pub enum ColorChoice {
        /// White.
        White = "white",
        /// Black.
        Black = "black",
        /// Either, drawn at random.
        Random = "random",
    }
}

text_enum! {
    /// The computer's strength.
    pub enum Level {
        /// Sees two plies ahead and errs.
        Beginner = "beginner",
        /// Sees a few plies ahead (the default).
        Intermediate = "intermediate",
        /// Searches as deep as its time allows.
        Strong = "strong",
    }
}

text_enum! {
    /// What to do about a draw.
    pub enum DrawAction {
        /// Offer a draw (on one device it is agreed at once).
        Offer = "offer",
        /// Accept the other side's offer.
        Accept = "accept",
        /// Decline or withdraw an offer.
        Decline = "decline",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON of every value is its text, and the text reads back as the value.
    #[test]
    fn json_text_and_parse_agree() {
        fn check<T>(all: &[T], text: fn(&T) -> &'static str)
        where
            T: serde::Serialize + serde::de::DeserializeOwned + std::str::FromStr + PartialEq,
            T: std::fmt::Debug,
        {
            for v in all {
                let json = serde_json::to_value(v).unwrap();
                assert_eq!(json, text(v));
                assert_eq!(&serde_json::from_value::<T>(json).unwrap(), v);
                assert!(text(v).parse::<T>().ok().as_ref() == Some(v));
            }
        }
        check(GameMode::ALL, |v| v.as_str());
        check(GameStatus::ALL, |v| v.as_str());
        check(Side::ALL, |v| v.as_str());
        check(Role::ALL, |v| v.as_str());
        check(ColorChoice::ALL, |v| v.as_str());
        check(Level::ALL, |v| v.as_str());
        check(DrawAction::ALL, |v| v.as_str());
        assert!("Device".parse::<GameMode>().is_err());
        assert_eq!(
            "nope".parse::<Level>().unwrap_err().to_string(),
            "unknown Level `nope`: beginner, intermediate, strong"
        );
    }

    #[test]
    fn roles_and_sides() {
        assert_eq!(Side::White.other(), Side::Black);
        assert_eq!(Side::white_if(false), Side::Black);
        assert!(Role::Both.plays(Side::Black));
        assert!(!Role::White.plays(Side::Black));
        assert_eq!(Role::Both.side(Side::Black), Side::Black);
        assert_eq!(Role::White.side(Side::Black), Side::White);
    }
}
