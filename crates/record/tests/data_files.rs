//! Every real data file reads as expected, in one piece or trickled through tiny reads.

mod common;

use std::path::Path;

use common::{files, read_trickled};
use record::{Collect, Game, Pos, ReadError, Reader};

type Read = Vec<Result<Game<String>, ReadError>>;

fn read_all(bytes: &[u8]) -> Read {
    Reader::from_bytes(bytes).games().collect()
}

fn all_files() -> Vec<std::path::PathBuf> {
    let mut v = files("draughts/pdn-spec-games/succeed", "pdn");
    v.extend(files("draughts/pdn-spec-games/fail", "pdn"));
    v.extend(files("draughts", "pdn"));
    v.extend(files("chess", "pgn"));
    v.extend(files("chess/edge", "pgn"));
    assert!(v.len() > 50, "data files missing: {v:?}");
    v
}

fn name(p: &Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn every_game_of_every_file_reads() {
    let mut total = 0;
    for path in all_files() {
        let bytes = std::fs::read(&path).unwrap();
        let file = name(&path);
        let games = read_all(&bytes);
        let errors: Vec<_> = games
            .iter()
            .filter_map(|g| g.as_ref().err())
            .map(|e| match e {
                ReadError::Syntax { at, .. } => (at.line, at.column),
                ReadError::Io(e) => panic!("{file}: {e}"),
            })
            .collect();
        // No syntax errors in the data (`nk ronde 02.pdn` writes NAG `$902`, which reads).
        assert_eq!(errors, [], "{file}");
        assert!(!games.is_empty(), "{file}");
        total += games.len();
    }
    assert_eq!(total, 6720);
}

#[test]
fn game_counts() {
    for (file, count) in [
        ("draughts/american-tinsley.pdn", 724),
        ("draughts/american-11man-ballots.pdn", 2400),
        ("chess/lichess_db_1000k.pgn", 438),
        ("chess/twic1599_1000k.pgn", 1110),
        ("draughts/pdn-spec-games/fail/Cat.A1.pdn", 35),
        ("draughts/pdn-spec-games/succeed/fen.pdn", 3),
        ("chess/edge/utf8-bom.pgn", 2),
    ] {
        let bytes = std::fs::read(common::data_dir().join(file)).unwrap();
        let games = read_all(&bytes);
        assert_eq!(games.len(), count, "{file}");
        assert!(games.iter().all(Result::is_ok), "{file}");
    }
}

#[test]
fn tinsley_and_ballots_content() {
    let bytes = std::fs::read(common::data_dir().join("draughts/american-tinsley.pdn")).unwrap();
    let games: Vec<_> = read_all(&bytes).into_iter().map(Result::unwrap).collect();
    let first = &games[0];
    assert_eq!(first.tags.get("Event"), Some("Ohio State Ty 1946"));
    assert_eq!(first.moves.nodes.len(), 56);
    assert_eq!(first.moves.nodes[55].mov, "24x15x6");
    assert_eq!(first.result.as_ref().unwrap().text, "1/2-1/2");
    // A comment glued to a move without braces is just a strange move word here.
    let odd = &games[692].moves.nodes.last().unwrap();
    assert_eq!(odd.mov, "26-22Whiteoversteppedthetimecontrolonthismove.");
    assert_eq!(
        odd.at,
        Pos {
            line: 7170,
            column: 17,
            offset: 328351
        }
    );

    let bytes =
        std::fs::read(common::data_dir().join("draughts/american-11man-ballots.pdn")).unwrap();
    for g in read_all(&bytes) {
        let g = g.unwrap();
        assert_eq!(g.tags.len(), 1);
        assert!(g.tags.get("FEN").unwrap().starts_with("B:W"));
        assert!(g.moves.is_empty());
        assert_eq!(g.result.unwrap().text, "*");
    }
}

#[test]
fn chess_edge_files() {
    let read = |f: &str| {
        let bytes = std::fs::read(common::data_dir().join("chess/edge").join(f)).unwrap();
        read_all(&bytes)
            .into_iter()
            .map(Result::unwrap)
            .collect::<Vec<_>>()
    };
    let bom = read("utf8-bom.pgn");
    assert_eq!(bom[0].tags.get("Event"), Some("A"));
    assert_eq!(
        bom[0].at,
        Pos {
            line: 1,
            column: 1,
            offset: 3
        }
    );
    let empty_line = read("chessbase-empty-line.pgn");
    assert_eq!(empty_line.len(), 1);
    assert_eq!(empty_line[0].tags.len(), 11);
    let uci = read("uci-moves.pgn");
    assert_eq!(uci[0].moves.nodes[0].mov, "g1f3");
    let zh = read("saturs-jannlee-zh-lichess.pgn");
    assert!(zh[0].moves.nodes.iter().any(|n| n.mov == "B@b6"));
    let lichess = read("knightvuillaume-jannlee-zh-lichess.pgn");
    let bg6 = lichess[0]
        .moves
        .nodes
        .iter()
        .find(|n| n.mov == "Bg6")
        .unwrap();
    assert_eq!(bg6.after[0], record::Extra::Nags(record::Nag(6).into()));
}

#[test]
fn reading_in_tiny_pieces_gives_the_same_games() {
    for path in all_files() {
        let bytes = std::fs::read(&path).unwrap();
        let whole = format!("{:?}", read_all(&bytes));
        for (chunk, n) in [(1, 1), (7, 3), (100, 4096)] {
            let games = read_trickled(&bytes, n, chunk);
            assert_eq!(
                format!("{games:?}"),
                whole,
                "{} in pieces of {n}",
                name(&path)
            );
        }
    }
}

#[test]
fn raw_text_of_each_game_is_exactly_the_input() {
    for path in all_files() {
        let bytes = std::fs::read(&path).unwrap();
        let mut reader = Reader::from_bytes(&bytes);
        let mut rebuilt: Vec<u8> = Vec::new();
        // Where the text of the last game ends in the input.
        let mut k = 0;
        while let Ok(Some(_)) | Err(_) = reader.read_game(&mut Collect::default()) {
            let raw = reader.last_game_raw();
            assert!(!raw.is_empty());
            // Games follow one another with nothing but blanks between them.
            k = skip_blanks(&bytes, k);
            assert!(
                bytes[k..].starts_with(raw),
                "{}: a game is not the input at byte {k}",
                name(&path)
            );
            k += raw.len();
            rebuilt.extend_from_slice(raw);
        }
        // After the last game: nothing but blanks and escape lines (`%` at a line start).
        loop {
            k = skip_blanks(&bytes, k);
            if k == bytes.len() {
                break;
            }
            assert!(
                bytes[k] == b'%' && (k == 0 || matches!(bytes[k - 1], b'\n' | b'\r')),
                "{}: text after the last game at byte {k}",
                name(&path)
            );
            k += bytes[k..]
                .iter()
                .position(|&b| b == b'\n' || b == b'\r')
                .unwrap_or(bytes.len() - k);
        }
        let squeeze = |b: &[u8]| -> Vec<u8> {
            b.iter()
                .copied()
                .filter(|c| !c.is_ascii_whitespace() && *c != b',')
                .collect()
        };
        let mut original = squeeze(&bytes);
        if original.starts_with(b"\xEF\xBB\xBF") {
            original.drain(..3);
        }
        // Trailing escape lines after the last game are no game.
        let rebuilt = squeeze(&rebuilt);
        assert!(original.starts_with(&rebuilt), "{}", name(&path));
        assert!(original.len() - rebuilt.len() < 200, "{}", name(&path));
    }
}

/// `k` moved past the bytes the reader trims from the ends of a game's raw text: white space,
/// commas and byte order marks.
fn skip_blanks(bytes: &[u8], mut k: usize) -> usize {
    loop {
        match bytes.get(k) {
            Some(&b) if b.is_ascii_whitespace() || matches!(b, b',' | 0x0b) => k += 1,
            Some(0xEF) if bytes[k..].starts_with(b"\xEF\xBB\xBF") => k += 3,
            _ => return k,
        }
    }
}
