//! What the benchmarks share: the binary's allocator, the shared data files, the report line.

use std::path::{Path, PathBuf};

/// The same allocator as the `scoresheet` binary.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A file of ../shared/data.
pub fn shared(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(rel)
}

/// A file of ../shared/data repeated `times` times, each copy ended by a blank line.
pub fn repeated(rel: &str, times: usize) -> Vec<u8> {
    let one = std::fs::read(shared(rel)).expect("shared data");
    let mut out = Vec::with_capacity((one.len() + 1) * times);
    for _ in 0..times {
        out.extend_from_slice(&one);
        out.push(b'\n');
    }
    out
}

/// One line of results: games, good games, time, games and megabytes per second.
pub fn report(who: &str, bytes: usize, (games, ok, secs): (u64, u64, f64)) {
    println!(
        "  {who:<34} {games:>6} games ({ok} ok) {:>9.1} ms {:>10.0} games/s {:>7.1} MB/s",
        secs * 1e3,
        games as f64 / secs,
        bytes as f64 / secs / 1e6
    );
}
