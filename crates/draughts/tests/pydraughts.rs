//! The legal moves of random games, compared ply by ply with a second implementation:
//! pydraughts (PyPI, which follows lidraughts' rules), through the file that
//! `scripts/pydraughts-reference` writes (`scripts/test` runs it first). The games are
//! replayed from the start, so Frisian's limit on one king's moves in a row is checked
//! along with everything else.
//!
//! The file's format is in `scripts/pydraughts-reference.py`. Set `PYDRAUGHTS_REFERENCE` to
//! read another file.

use std::collections::BTreeMap;
use std::path::PathBuf;

use draughts::{Move, Position, Variant};

fn reference() -> (PathBuf, String) {
    let path = std::env::var_os("PYDRAUGHTS_REFERENCE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/pydraughts-reference.tsv")
        });
    match std::fs::read_to_string(&path) {
        Ok(text) => (path, text),
        Err(e) => panic!(
            "{}: {e}. Write it with scripts/pydraughts-reference (scripts/test does).",
            path.display()
        ),
    }
}

/// `from-to/n`, as the reference writes a move.
fn text(m: &Move) -> String {
    format!(
        "{}-{}/{}",
        m.from().number(),
        m.to().number(),
        m.captured().len()
    )
}

/// One ply of the reference.
struct Ply<'a> {
    line: usize,
    ply: usize,
    legal: Vec<&'a str>,
    played: usize,
    fen_after: Option<&'a str>,
}

/// Whether the side to move has a king that may not move again without capturing.
fn frozen(p: &Position) -> bool {
    let side = p.side_to_move();
    let limit = p.variant().king_move_limit;
    matches!((p.king_run(side), limit), (Some((_, n)), Some(l)) if n >= l)
        && !p.men(side).is_empty()
}

#[test]
fn legal_moves_agree_with_pydraughts() {
    let (path, text_all) = reference();
    let mut games: BTreeMap<u32, (Variant, Vec<Ply>)> = BTreeMap::new();
    for (i, line) in text_all.lines().enumerate() {
        let f: Vec<&str> = line.split('\t').collect();
        assert!(f.len() >= 5, "{}:{}: {line}", path.display(), i + 1);
        let game: u32 = f[0].parse().unwrap();
        let variant: Variant = f[1].parse().unwrap();
        let ply = Ply {
            line: i + 1,
            ply: f[2].parse().unwrap(),
            legal: f[3].split(' ').collect(),
            played: f[4].parse().unwrap(),
            fen_after: f.get(5).copied(),
        };
        games
            .entry(game)
            .or_insert_with(|| (variant, Vec::new()))
            .1
            .push(ply);
    }
    let mut differences = Vec::new();
    let mut plies: BTreeMap<&str, usize> = BTreeMap::new();
    let mut frozen_plies = 0;
    'games: for (game, (variant, record)) in &games {
        let mut pos = Position::start(*variant);
        for (n, ply) in record.iter().enumerate() {
            assert_eq!(
                ply.ply,
                n,
                "{}:{}: plies out of order",
                path.display(),
                ply.line
            );
            let moves = pos.legal_moves();
            let mut ours: Vec<String> = moves.iter().map(text).collect();
            ours.sort();
            ours.dedup();
            if ours != ply.legal {
                differences.push(format!(
                    "{}:{}: game {game} ({}), ply {n}, {}: ours {ours:?}, pydraughts {:?}",
                    path.display(),
                    ply.line,
                    variant.name,
                    pos.to_fen(),
                    ply.legal
                ));
                continue 'games;
            }
            *plies.entry(variant.name).or_default() += 1;
            frozen_plies += usize::from(frozen(&pos));
            let played = ply.legal[ply.played];
            let candidates: Vec<&Move> = moves.iter().filter(|m| text(m) == played).collect();
            let mv = match (candidates.as_slice(), ply.fen_after) {
                ([one], _) => *one,
                (several, Some(fen)) => {
                    let after = Position::from_fen(fen, *variant).unwrap().to_fen();
                    several
                        .iter()
                        .copied()
                        .find(|m| pos.after(m).to_fen() == after)
                        .unwrap_or_else(|| {
                            panic!("{}:{}: no move gives {fen}", path.display(), ply.line)
                        })
                }
                (_, None) => panic!("{}:{}: {played} is ambiguous", path.display(), ply.line),
            };
            pos.play(mv).unwrap();
        }
    }
    eprintln!(
        "pydraughts: {} games, plies per variant {plies:?}, {frozen_plies} plies with a king \
         that may not move again",
        games.len()
    );
    assert!(
        differences.is_empty(),
        "{} games differ:\n{}",
        differences.len(),
        differences.join("\n")
    );
    // The comparison covers what it is for: every variant, and Frisian's king limit.
    for v in [
        "international",
        "american",
        "italian",
        "frisian",
        "frysk",
        "antidraughts",
        "breakthrough",
    ] {
        assert!(plies.get(v).copied().unwrap_or(0) >= 100, "{v}: {plies:?}");
    }
    assert!(frozen_plies > 0, "no ply had a frozen king");
}
