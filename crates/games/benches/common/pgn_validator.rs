//! pgn-reader's validation, as in its `validate` example: every SAN parsed by shakmaty and
//! played. The anchor the `check` benchmark and the `check_speed` example compare against.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

struct Validator;

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Option<Chess>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<bool> {
        if name == b"FEN" {
            match Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Chess960).ok())
            {
                Some(pos) => *tags = Some(pos),
                None => return ControlFlow::Break(false),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<bool> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _pos: Chess) -> bool {
        true
    }
}

/// Validates every game of `bytes`: (games, valid games).
pub fn validate(bytes: &[u8]) -> (u64, u64) {
    let mut reader = pgn_reader::Reader::new(bytes);
    let (mut games, mut ok) = (0, 0);
    while let Ok(Some(valid)) = reader.read_game(&mut Validator) {
        games += 1;
        ok += u64::from(valid);
    }
    (games, ok)
}
