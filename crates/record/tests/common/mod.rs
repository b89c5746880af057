//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::io::{self, Read};
use std::path::PathBuf;

use record::{Collect, CommentKind, Flow, Game, Leniency, Nag, Pos, ReadError, Reader, Visitor};

/// The shared data directory.
pub fn data_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data"))
}

/// Every file of a data subdirectory with the given extension, sorted.
pub fn files(sub: &str, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(data_dir().join(sub))
        .unwrap_or_else(|e| panic!("{sub}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    v.sort();
    v
}

/// A visitor that writes every callback as a line of text: `kind text @line:column`.
#[derive(Default)]
pub struct Events {
    pub out: Vec<String>,
    pub with_pos: bool,
}

impl Events {
    fn push(&mut self, s: String, at: Pos) {
        if self.with_pos {
            self.out.push(format!("{s} @{at}"));
        } else {
            self.out.push(s);
        }
    }
}

impl Visitor for Events {
    type Output = Vec<String>;
    fn begin_game(&mut self, at: Pos) {
        self.out.clear();
        self.push("game".into(), at);
    }
    fn tag(&mut self, name: &str, value: &str, at: Pos) {
        self.push(format!("tag {name}={value}"), at);
    }
    fn move_number(&mut self, number: Option<u32>, dots: u32, at: Pos) {
        let n = number.map_or("-".to_owned(), |n| n.to_string());
        self.push(format!("num {n}{}", ".".repeat(dots as usize)), at);
    }
    fn move_word(&mut self, text: &str, at: Pos) -> Flow {
        self.push(format!("move {text}"), at);
        Flow::Continue
    }
    fn nag(&mut self, nag: Nag, at: Pos) {
        self.push(format!("nag {}", nag.0), at);
    }
    fn comment(&mut self, text: &str, kind: CommentKind, at: Pos) {
        let k = if kind == CommentKind::Brace {
            "{}"
        } else {
            ";"
        };
        self.push(format!("comment{k} {text}"), at);
    }
    fn begin_variation(&mut self, at: Pos) -> Flow {
        self.push("(".into(), at);
        Flow::Continue
    }
    fn end_variation(&mut self, at: Pos) {
        self.push(")".into(), at);
    }
    fn setup(&mut self, name: &str, value: &str, at: Pos) {
        self.push(format!("setup {name}={value}"), at);
    }
    fn escape(&mut self, line: &str, at: Pos) {
        self.push(format!("escape {line}"), at);
    }
    fn result(&mut self, text: &str, at: Pos) {
        self.push(format!("result {text}"), at);
    }
    fn lenient(&mut self, what: Leniency, text: &str, at: Pos) {
        self.push(format!("lenient {what:?} {text}"), at);
    }
    fn end_game(&mut self) -> Vec<String> {
        std::mem::take(&mut self.out)
    }
}

/// The events of every game of `text` (errors as `error <message> @<pos>`), without places,
/// and without move numbers.
pub fn events(text: &str) -> Vec<Vec<String>> {
    events_of(text.as_bytes(), false)
        .into_iter()
        .map(|g| g.into_iter().filter(|e| !e.starts_with("num ")).collect())
        .collect()
}

/// The events of every game, with places if asked.
pub fn events_of(bytes: &[u8], with_pos: bool) -> Vec<Vec<String>> {
    events_read(Reader::from_bytes(bytes), with_pos)
}

/// The events of every game that `reader` reads, with places if asked.
pub fn events_read<R: Read>(mut reader: Reader<R>, with_pos: bool) -> Vec<Vec<String>> {
    let mut v = Events {
        with_pos,
        ..Events::default()
    };
    let mut games = Vec::new();
    loop {
        match reader.read_game(&mut v) {
            Ok(Some(g)) => games.push(g),
            Ok(None) => break,
            Err(e) => games.push(vec![format!("error {e}")]),
        }
        assert!(games.len() < 100_000, "runaway");
    }
    games
}

/// The events of the only game of `text`, without the `game` line.
pub fn one(text: &str) -> Vec<String> {
    let mut games = events(text);
    assert_eq!(games.len(), 1, "{text:?} gave {games:?}");
    let mut g = games.remove(0);
    if g[0] == "game" {
        g.remove(0);
    }
    g
}

/// The move words of the only game of `text`.
pub fn moves(text: &str) -> Vec<String> {
    one(text)
        .into_iter()
        .filter_map(|e| e.strip_prefix("move ").map(str::to_owned))
        .collect()
}

/// A reader that returns at most `n` bytes per call, to exercise buffer refills.
pub struct Trickle<'a> {
    pub bytes: &'a [u8],
    pub n: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let k = self.n.min(buf.len()).min(self.bytes.len());
        buf[..k].copy_from_slice(&self.bytes[..k]);
        self.bytes = &self.bytes[k..];
        Ok(k)
    }
}

/// Every game of `bytes`, read through a [`Trickle`] of `n` bytes per call into a buffer
/// that grows by `chunk`; fails rather than running away (more games than bytes).
pub fn read_trickled(bytes: &[u8], n: usize, chunk: usize) -> Vec<Result<Game<String>, ReadError>> {
    let mut reader = Reader::with_chunk_size(Trickle { bytes, n }, chunk);
    let mut c = Collect::default();
    let mut out = Vec::new();
    loop {
        match reader.read_game(&mut c) {
            Ok(Some(g)) => out.push(Ok(g)),
            Ok(None) => break,
            Err(e) => out.push(Err(e)),
        }
        assert!(out.len() <= bytes.len() + 1);
    }
    out
}
