//! Reading on several threads gives what one reader gives: every callback with its place,
//! every error with its place and game number, every game's raw text, whatever the chunk
//! size, on every data file and on texts made to be cut in awkward places.

mod common;

use common::{Events, files};
use record::parallel::{Parallel, Work};
use record::{Pos, ReadError, Reader};

/// What one game gave: its callbacks (with places) or its error, and its raw text.
#[derive(Debug, PartialEq, Eq)]
struct Seen {
    read: Result<Vec<String>, (Pos, String, u64)>,
    raw: Vec<u8>,
}

/// Reads a game with [`Events`] and keeps what it gave.
fn seen(reader: &mut Reader<&[u8]>, events: &mut Events) -> Option<Seen> {
    let read = match reader.read_game(events) {
        Ok(None) => return None,
        Ok(Some(out)) => Ok(out),
        Err(ReadError::Syntax {
            at,
            message,
            game_number,
        }) => Err((at, message, game_number)),
        Err(ReadError::Io(e)) => panic!("{e}"),
    };
    Some(Seen {
        read,
        raw: reader.last_game_raw().to_vec(),
    })
}

struct Watch;

impl Work for Watch {
    type State = Events;
    type Item = Seen;
    fn state(&self) -> Events {
        Events {
            with_pos: true,
            ..Events::default()
        }
    }
    fn next(&self, events: &mut Events, reader: &mut Reader<&[u8]>) -> Option<Seen> {
        seen(reader, events)
    }
    fn number(&self, item: &mut Seen, game: u64) {
        if let Err((_, _, n)) = &mut item.read {
            *n = game;
        }
    }
}

fn one_reader(text: &[u8]) -> Vec<(u64, Seen)> {
    let mut reader = Reader::from_bytes(text);
    let mut events = Watch.state();
    let mut out = Vec::new();
    while let Some(s) = seen(&mut reader, &mut events) {
        out.push((reader.game_count(), s));
    }
    out
}

fn parallel(text: &[u8], jobs: usize, chunk: usize) -> Vec<(u64, Seen)> {
    Parallel::new(text, Watch, jobs, chunk)
        .map(Result::unwrap)
        .collect()
}

fn same(name: &str, text: &[u8], sizes: &[usize]) {
    let expected = one_reader(text);
    for &size in sizes {
        for jobs in [1, 2, 3] {
            let got = parallel(text, jobs, size);
            assert_eq!(
                got.len(),
                expected.len(),
                "{name}: {jobs} jobs, chunks of {size}"
            );
            for (g, e) in got.iter().zip(&expected) {
                assert_eq!(g, e, "{name}: {jobs} jobs, chunks of {size}");
            }
        }
    }
}

#[test]
fn every_data_file_reads_alike() {
    let mut paths = files("draughts/pdn-spec-games/succeed", "pdn");
    paths.extend(files("draughts/pdn-spec-games/fail", "pdn"));
    paths.extend(files("draughts", "pdn"));
    paths.extend(files("chess", "pgn"));
    paths.extend(files("chess/edge", "pgn"));
    assert!(paths.len() > 50);
    for path in paths {
        let text = std::fs::read(&path).unwrap();
        let name = path.display().to_string();
        let big = text.len() > 100_000;
        let sizes: &[usize] = if big {
            &[4096, 65536, 1 << 20]
        } else {
            &[1, 50, 4096]
        };
        same(&name, &text, sizes);
    }
}

#[test]
fn awkward_cuts_read_alike() {
    // Results and tag lines inside comments that span lines, tag-only blocks, escape lines
    // between games, syntax errors at the end of a chunk, CR and CR LF line ends, a BOM,
    // Latin-1, games without results, a variation left open.
    let pieces = [
        "\u{feff}[Event \"bom\"]\n1. e4 e5 1-0\n",
        "[Event \"comment\"]\n1. d4 { 1-0\n[Event \"inside\"]\n0-1\n\n[x] } d5 0-1\n",
        "[Event \"tags only\"]\n\n[Event \"then a game\"]\n1. c4 *\n",
        "1. Nf3 1/2-1/2\n%escape line\n[Event \"after escape\"]\n1. g3 *\n",
        "[Event \"broken\"]\n1. e4 ) e5 1-0\n",
        "[Event \"cr\"]\r1. e4 e5 1-0\r[Event \"crlf\"]\r\n1. d4 d5 0-1\r\n",
        "[Event \"no result\"]\n1. e4 e5\n[Event \"next\"]\n1. d4 *\n",
        "[Event \"open\"]\n1. e4 (1. d4 d5 1-0\n[Event \"after\"]\n1. c4 *\n",
        "[Event \"semicolon\"]\n1. e4 ; 1-0\n[Event \"x\"]\n1. d4 0-1\n",
        "[Event \"unclosed {\"]\n1. e4 { never closed 1-0\n[Event \"y\"]\n1. d4 0-1\n",
    ];
    let mut text: Vec<u8> = pieces.concat().into_bytes();
    text.extend_from_slice(b"[Event \"Lat\xe9n\"]\n1. e4 \xbd-\xbd\n");
    // The same pieces in every order of pairs: each one before and after each other.
    for a in &pieces {
        for b in &pieces {
            let pair = format!("{a}{b}{a}");
            same(&format!("{a:?} {b:?}"), pair.as_bytes(), &[1, 10, 40]);
        }
    }
    let sizes: Vec<usize> = (1..text.len()).step_by(3).collect();
    same("awkward", &text, &sizes);
}

#[test]
fn big_input_in_many_chunks() {
    let path = common::data_dir().join("chess/lichess_db_1000k.pgn");
    let text = std::fs::read(path).unwrap();
    let mut all = Vec::new();
    for _ in 0..3 {
        all.extend_from_slice(&text);
    }
    let expected = one_reader(&all);
    let got = parallel(&all, 2, 10_000);
    assert_eq!(got.len(), expected.len());
    assert!(got == expected);
}
