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
fn seen<S: std::io::Read>(reader: &mut Reader<S>, events: &mut Events) -> Option<Seen> {
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
    fn next<S: std::io::Read>(&self, events: &mut Events, reader: &mut Reader<S>) -> Option<Seen> {
        seen(reader, events)
    }
    fn number(&self, item: &mut Seen, game: u64) {
        if let Err((_, _, n)) = &mut item.read {
            *n = game;
        }
    }
}

fn one_reader(text: &[u8]) -> Vec<(u64, Seen)> {
    one_reader_within(text, record::DEFAULT_MAX_GAME)
}

/// What one reader, whose games may take at most `max_game` bytes, gives.
fn one_reader_within(text: &[u8], max_game: usize) -> Vec<(u64, Seen)> {
    let mut reader = Reader::from_bytes(text).with_max_game(max_game);
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
    same_within(name, text, sizes, record::DEFAULT_MAX_GAME);
}

/// [`same`], with games of at most `max_game` bytes.
fn same_within(name: &str, text: &[u8], sizes: &[usize], max_game: usize) {
    let expected = one_reader_within(text, max_game);
    for &size in sizes {
        for jobs in [1, 2, 3] {
            let got: Vec<_> = Parallel::new(text, Watch, jobs, size)
                .with_max_game(max_game)
                .map(Result::unwrap)
                .collect();
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

/// Stretches with no game boundary in sight (a game longer than the most a game may take,
/// games without results, one endless word, a comment that never closes, binary zeros) read
/// on several threads as one reader reads them: the same errors at the same places, the
/// games after them with the same numbers, and the reading stopped at a NUL byte.
#[test]
fn stretches_too_long_for_a_game_read_alike() {
    let max_game = 256;
    let huge_comment = format!("[Event \"huge\"]\n1. e4 {{{}}} e5 1-0\n", "x".repeat(1000));
    let no_results = "[Event \"r\"]\n1. e4 e5\n".repeat(30);
    let word = format!("{}\n", "a".repeat(2000));
    let open_comment = format!("[Event \"open\"]\n1. d4 {{ {}", "y ".repeat(400));
    let pieces: Vec<String> = vec![
        "[Event \"short\"]\n1. e4 e5 1-0\n".into(),
        huge_comment,
        no_results,
        word,
        "[Event \"after\"]\r\n1. c4 c5 0-1\r\n".into(),
        open_comment,
        "\n[Event \"closed\"]\n1. Nf3 *\n".into(),
    ];
    let text = pieces.concat();
    same_within(
        "too long",
        text.as_bytes(),
        &[1, 10, 40, 100, 300],
        max_game,
    );
    // Each piece after each other.
    for a in &pieces {
        for b in &pieces {
            let pair = format!("{a}{b}{a}");
            same_within("pair", pair.as_bytes(), &[1, 33, 120], max_game);
        }
    }
    // Read in pieces of any size, one reader gives the same.
    for (n, chunk) in [(1, 1), (7, 16), (100, 64), (1000, 4096)] {
        let mut reader = Reader::with_chunk_size(
            common::Trickle {
                bytes: text.as_bytes(),
                n,
            },
            chunk,
        )
        .with_max_game(max_game);
        let mut events = Watch.state();
        let mut got = Vec::new();
        while let Some(s) = seen(&mut reader, &mut events) {
            got.push((reader.game_count(), s));
        }
        assert!(
            got == one_reader_within(text.as_bytes(), max_game),
            "pieces of {n}"
        );
    }
    // Zeros: the reading stops at the first game too long, with the error.
    let mut zeros = text.clone().into_bytes();
    zeros.extend(std::iter::repeat_n(0u8, 3000));
    zeros.extend_from_slice(b"\n[Event \"never read\"]\n1. e4 *\n");
    same_within("zeros", &zeros, &[1, 40, 300], max_game);
    let read = one_reader_within(&zeros, max_game);
    let (_, last) = read.last().unwrap();
    let Err((_, message, _)) = &last.read else {
        panic!("the last game read is the binary one: {last:?}");
    };
    assert!(message.contains("a NUL byte"), "{message}");
    // The games after the long ones are read, with their places.
    let games = one_reader_within(text.as_bytes(), max_game);
    let ok = games.iter().filter(|(_, s)| s.read.is_ok()).count();
    let errors: Vec<&str> = games
        .iter()
        .filter_map(|(_, s)| s.read.as_ref().err().map(|(_, m, _)| m.as_str()))
        .collect();
    assert!(
        errors
            .iter()
            .all(|m| m.starts_with("a game longer than 256 bytes")),
        "{errors:?}"
    );
    // The comment, the word (which goes on the movetext of the last game without a result)
    // and the comment never closed; the other games without results are games.
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert_eq!(ok, 1 + 29 + 2, "{ok} games read");
}
