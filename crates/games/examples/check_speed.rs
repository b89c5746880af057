//! One reader over a file, for instruction counts under callgrind (deterministic, unlike
//! timings on a busy machine): `valgrind --tool=callgrind target/release/examples/check_speed
//! MODE FILE`, MODE `inferred` (the rules inferred), `chess`, `american` or `pgn-reader`. The
//! `check` benchmark times them side by side.

use games::{OnePass, ReadGame, ReadOptions, Rules};
use record::Reader;

#[path = "../benches/common/pgn_validator.rs"]
mod pgn_validator;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bytes = std::fs::read(&args[2]).expect("file");
    let mut ok = 0u64;
    match args[1].as_str() {
        "pgn-reader" => ok = pgn_validator::validate(&bytes).1,
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
