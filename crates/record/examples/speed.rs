//! Reads a file many times with a counting visitor, for profiling: `speed FILE [collect]`.

use record::{Collect, Flow, Pos, Reader, Visitor};

struct Count(usize);

impl Visitor for Count {
    type Output = ();
    fn move_word(&mut self, _text: &str, _at: Pos) -> Flow {
        self.0 += 1;
        Flow::Continue
    }
    fn end_game(&mut self) {}
}

struct PgnCount;

impl pgn_reader::Visitor for PgnCount {
    type Tags = ();
    type Movetext = usize;
    type Output = usize;
    fn begin_tags(&mut self) -> std::ops::ControlFlow<usize> {
        std::ops::ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> std::ops::ControlFlow<usize, usize> {
        std::ops::ControlFlow::Continue(0)
    }
    fn san(&mut self, n: &mut usize, _: pgn_reader::SanPlus) -> std::ops::ControlFlow<usize> {
        *n += 1;
        std::ops::ControlFlow::Continue(())
    }
    fn end_game(&mut self, n: usize) -> usize {
        n
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let one = std::fs::read(&args[1]).expect("read");
    let mut data = Vec::new();
    while data.len() < 8 << 20 {
        data.extend_from_slice(&one);
    }
    let collect = args.get(2).is_some_and(|a| a == "collect");
    let pgn = args.get(2).is_some_and(|a| a == "pgn-reader");
    let start = std::time::Instant::now();
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);
    let mut n = 0;
    for _ in 0..rounds {
        let mut reader = Reader::from_bytes(&data);
        if pgn {
            let mut r = pgn_reader::Reader::new(&data[..]);
            while let Some(m) = r.read_game(&mut PgnCount).unwrap() {
                n += m;
            }
        } else if collect {
            let mut c = Collect::default();
            while let Some(g) = reader.read_game(&mut c).unwrap() {
                n += g.moves.nodes.len();
            }
        } else {
            let mut c = Count(0);
            while let Some(()) = reader.read_game(&mut c).unwrap() {}
            n += c.0;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} moves, {:.0} MB/s",
        (data.len() * rounds) as f64 / secs / 1e6
    );
}
