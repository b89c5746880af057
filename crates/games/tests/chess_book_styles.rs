//! Chess games written in descriptive notation as books print them (by the test writer of
//! chess-notation, `crates/chess-notation/tests/book/mod.rs`, independent of the crate's
//! writer) read back through the whole reading path: the record layer cuts the words (and
//! joins `ch`, `mate`, `e.p.`), the chess game reader joins the other signs and words
//! written apart (`++`, `jaque`, `db ch`, `castles QR`) and skips move numbers without dots,
//! and the moves come out the same; also with `--input-notation descriptive`.

#[path = "../../chess-notation/tests/book/mod.rs"]
mod book;

use std::path::{Path, PathBuf};

use chess_notation::{ChessRules as _, ReadNotation};
use games::{AnyGame, ChessGame, ChessMove, ChessReadOptions, ReadOptions};
use record::{Collect, Reader};
use shakmaty::Move;

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/chess")
        .join(rel)
}

fn main_line(g: &ChessGame) -> Vec<Move> {
    g.game
        .moves
        .nodes
        .iter()
        .filter_map(|n| match n.mov {
            ChessMove::Move(m) => Some(m),
            ChessMove::Null => None,
        })
        .collect()
}

/// The games of a file, read by scoresheet (in SAN).
fn games(name: &str, limit: usize) -> Vec<ChessGame> {
    let mut reader = Reader::new(std::fs::File::open(data(name)).unwrap());
    let options = ReadOptions {
        prefer_chess: true,
        ..ReadOptions::default()
    };
    let mut out = Vec::new();
    while out.len() < limit
        && let Some(game) = reader.read_game(&mut Collect::default()).transpose()
    {
        if let Ok(AnyGame::Chess(g)) = AnyGame::read(game.unwrap(), &options) {
            out.push(g);
        }
    }
    out
}

#[test]
fn book_styles_read_back_through_the_record_layer() {
    let styles = book::styles();
    let detected = ChessReadOptions::default();
    let forced = ChessReadOptions {
        notation: Some(ReadNotation::AnyDescriptive),
        ..ChessReadOptions::default()
    };
    let mut read = 0;
    for name in ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"] {
        for (k, g) in games(name, 150).iter().enumerate() {
            let moves = main_line(g);
            let style = &styles[k % styles.len()];
            let movetext =
                book::write_game(style, g.start.as_chess().expect("standard chess"), &moves)
                    .unwrap_or_else(|| panic!("{name} game {}: no form", k + 1));
            let text = format!(
                "[Event \"book\"]\n[Result \"{}\"]\n\n{movetext} {}\n",
                g.result_text().unwrap_or("*"),
                g.result_text().unwrap_or("*"),
            );
            // A FEN start is not written: these files start from the usual position.
            assert_eq!(g.first_ply(), 0);
            for options in [&detected, &forced] {
                let game = Reader::from_str(&text)
                    .read_game(&mut Collect::default())
                    .unwrap()
                    .unwrap();
                let again = ChessGame::read(game, options)
                    .unwrap_or_else(|e| panic!("{name} game {}: {style:?}\n{text}\n{e}", k + 1));
                assert_eq!(main_line(&again), moves, "{name} game {}: {style:?}", k + 1);
                read += 1;
            }
        }
    }
    assert_eq!(read, 600);
}

#[test]
fn a_side_line_names_a_wing_by_origin_as_its_main_line_does() {
    // The king's knight goes g1-e2-c3 and the queen's knight b1-d2-f1-g3, so the king's
    // knight stands on the queen's side: `CR4R` is Nc3-e4 by where the knight started,
    // Ng3-e4 by where it stands. The book names by origin in the main line and the side
    // line alike (each replays either way).
    let opening = "1. P3R P3D 2. C2R P3R 3. CR3AD P3TD 4. P3D P3TR 5. C2D P4TD 6. A2R P4TR \
                   7. C1AR T2TD 8. C3CR T1TD";
    let text = format!("{opening} 9. CR4R (9. P4CD T2TD 10. CR4R) 9... T2TD *");
    let game = record::read_games(&text).remove(0).unwrap();
    let game =
        ChessGame::read(game, &ChessReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let main = main_line(&game);
    assert_eq!(main[16].from().map(|s| s.to_string()), Some("c3".into()));
    let side = game.game.moves.nodes[16]
        .after
        .iter()
        .find_map(|e| match e {
            record::Extra::Variation(line) => Some(line),
            _ => None,
        })
        .expect("the side line");
    let moves: Vec<String> = side
        .nodes
        .iter()
        .map(|n| match n.mov {
            ChessMove::Move(m) => m.to_uci(shakmaty::CastlingMode::Standard).to_string(),
            ChessMove::Null => "--".into(),
        })
        .collect();
    assert_eq!(moves, ["b2b4", "a8a7", "c3e4"]);
}
