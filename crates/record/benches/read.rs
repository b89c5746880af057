//! Reading speed: `record` with a no-op visitor and with `Collect`, next to the pgn-reader
//! crate's no-op visitor, on the same inputs (a chess and a draughts file, repeated in memory
//! to about 8 MB).
//!
//! Run with `cargo bench -p record --bench read`.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use record::{Collect, Flow, Pos, Reader, Visitor};

const TARGET_SIZE: usize = 8 << 20;

fn load(file: &str) -> Vec<u8> {
    let path = format!("{}/../../../shared/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let one = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut data = Vec::with_capacity(TARGET_SIZE + one.len());
    while data.len() < TARGET_SIZE {
        data.extend_from_slice(&one);
        data.extend_from_slice(b"\n\n");
    }
    data
}

/// Counts moves and games, and nothing else.
struct Count {
    moves: usize,
}

impl Visitor for Count {
    type Output = ();
    fn move_word(&mut self, _text: &str, _at: Pos) -> Flow {
        self.moves += 1;
        Flow::Continue
    }
    fn end_game(&mut self) {}
}

fn record_count(data: &[u8]) -> usize {
    let mut reader = Reader::from_bytes(data);
    let mut v = Count { moves: 0 };
    let mut games = 0;
    while let Some(()) = reader.read_game(&mut v).expect("syntax") {
        games += 1;
    }
    games + v.moves
}

fn record_collect(data: &[u8]) -> usize {
    let mut reader = Reader::from_bytes(data);
    let mut v = Collect::default();
    let mut n = 0;
    while let Some(game) = reader.read_game(&mut v).expect("syntax") {
        n += game.moves.nodes.len();
    }
    n
}

/// pgn-reader's equivalent of `Count`.
struct PgnCount;

impl pgn_reader::Visitor for PgnCount {
    type Tags = ();
    type Movetext = usize;
    type Output = usize;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(0)
    }

    fn san(&mut self, moves: &mut usize, _san: pgn_reader::SanPlus) -> ControlFlow<usize> {
        *moves += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, moves: usize) -> usize {
        moves
    }
}

fn pgn_reader_count(data: &[u8]) -> usize {
    let mut reader = pgn_reader::Reader::new(data);
    let mut n = 0;
    while let Some(moves) = reader.read_game(&mut PgnCount).expect("io") {
        n += moves + 1;
    }
    n
}

fn bench(c: &mut Criterion) {
    for (name, file) in [
        ("lichess", "chess/lichess_db_1000k.pgn"),
        ("twic", "chess/twic1599_1000k.pgn"),
        ("tinsley", "draughts/american-tinsley.pdn"),
    ] {
        let data = load(file);
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Bytes(data.len() as u64));
        group.sample_size(20);
        group.measurement_time(Duration::from_secs(4));
        group.bench_function("record-noop", |b| b.iter(|| record_count(black_box(&data))));
        group.bench_function("record-collect", |b| {
            b.iter(|| record_collect(black_box(&data)))
        });
        group.bench_function("pgn-reader-noop", |b| {
            b.iter(|| pgn_reader_count(black_box(&data)))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
