//! Reading the English SAN moves of lichess_db_1000k.pgn (already cut into
//! words) with `read_line`, side by side with shakmaty's own SAN path on
//! the same words.
//!
//! `cargo bench -p chess-notation --bench read_line`

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use shakmaty::{Chess, Move, Position, san::San};

#[path = "../tests/common/mod.rs"]
mod common;

use chess_notation::{ReadHint, read_line};

fn shakmaty_line(start: &Chess, words: &[String], moves: &mut Vec<Move>) {
    let mut pos = start.clone();
    for w in words {
        let m = San::from_ascii(w.as_bytes())
            .unwrap()
            .to_move(&pos)
            .unwrap();
        pos.play_unchecked(m);
        moves.push(m);
    }
}

fn run_ours(games: &[common::Game]) {
    for game in games {
        let line = read_line(&game.start, &game.words, ReadHint::NONE).unwrap();
        black_box(line.moves);
    }
}

fn run_shakmaty(games: &[common::Game]) {
    for game in games {
        let mut moves = Vec::with_capacity(game.words.len());
        shakmaty_line(&game.start, &game.words, &mut moves);
        black_box(moves);
    }
}

/// The two paths timed in turn, many rounds, keeping each one's fastest
/// round: on a busy machine the minimum is the figure least disturbed by
/// other work, and alternating exposes both to the same conditions.
fn print_ratio(games: &[common::Game]) {
    let time = |f: fn(&[common::Game])| {
        let start = std::time::Instant::now();
        f(games);
        start.elapsed()
    };
    let (mut ours, mut theirs) = (std::time::Duration::MAX, std::time::Duration::MAX);
    for _ in 0..200 {
        ours = ours.min(time(run_ours));
        theirs = theirs.min(time(run_shakmaty));
    }
    eprintln!(
        "fastest of 200 alternating rounds: read_line {ours:?}, shakmaty {theirs:?}, ratio {:.3}",
        ours.as_secs_f64() / theirs.as_secs_f64()
    );
}

fn bench(c: &mut Criterion) {
    let games = common::load("lichess_db_1000k.pgn");
    print_ratio(&games);
    let plies: usize = games.iter().map(|g| g.words.len()).sum();
    let mut group = c.benchmark_group("lichess_db_1000k");
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("chess_notation::read_line", |b| b.iter(|| run_ours(&games)));
    group.bench_function("shakmaty San::from_ascii + to_move + play_unchecked", |b| {
        b.iter(|| run_shakmaty(&games))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
