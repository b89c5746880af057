//! Reads the files given as arguments and prints a summary of each game (or its error).

use std::fs::File;

use record::{Collect, Reader};

fn main() {
    let verbose = std::env::var("VERBOSE").is_ok();
    for path in std::env::args().skip(1) {
        let mut reader = Reader::new(File::open(&path).expect("open"));
        let mut collect = Collect::default();
        let (mut ok, mut bad) = (0, 0);
        loop {
            match reader.read_game(&mut collect) {
                Ok(Some(game)) => {
                    ok += 1;
                    if verbose {
                        println!("{game:?}");
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    bad += 1;
                    println!("{path}: {e}");
                }
            }
        }
        println!("{path}: {ok} games, {bad} errors");
    }
}
