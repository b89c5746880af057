//! One reader over a file, for instruction counts under callgrind (deterministic, unlike
//! timings on a busy machine): `valgrind --tool=callgrind target/release/examples/check_speed
//! ours|pgn-reader FILE`. The `check` benchmark times both side by side.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, SanPlus, Visitor};
use record::Reader;
use scoresheet::games::{OnePass, ReadGame, ReadOptions, Rules};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
            *tags = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Chess960).ok());
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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bytes = std::fs::read(&args[2]).expect("file");
    let mut ok = 0u64;
    match args[1].as_str() {
        "pgn-reader" => {
            let mut reader = pgn_reader::Reader::new(&bytes[..]);
            while let Ok(Some(valid)) = reader.read_game(&mut Validator) {
                ok += u64::from(valid);
            }
        }
        mode => {
            let rules = match mode {
                "chess" => Some(Rules::Chess),
                "american" => Some(Rules::Draughts(draughts::Variant::AMERICAN)),
                _ => None,
            };
            let options = ReadOptions {
                rules,
                prefer_chess: args[2].ends_with(".pgn"),
                ..ReadOptions::default()
            };
            let mut reader = Reader::from_bytes(&bytes);
            let mut one_pass = OnePass::new(options);
            while let Some(read) = one_pass.next(&mut reader) {
                ok += u64::from(matches!(read, Ok(ReadGame::Game(_))));
            }
        }
    }
    println!("{ok} games ok");
}
