//! perft counts against the published table in ../shared/data/perft/draughts.txt
//! (the perft tests of the C++ library dctl, which also match OEIS A133046 and Aart Bik's
//! tables for American and International draughts).

use draughts::{Position, Variant, perft};

struct Row {
    variant: Variant,
    fen: String,
    counts: Vec<u64>,
}

fn table() -> Vec<Row> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/perft/draughts.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let rows: Vec<Row> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split('\t');
            let variant: Variant = f.next().unwrap().parse().unwrap();
            let fen = f.next().unwrap().to_string();
            let counts = f
                .next()
                .unwrap()
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect();
            Row {
                variant,
                fen,
                counts,
            }
        })
        .collect();
    assert_eq!(rows.len(), 4, "one row per variant");
    rows
}

/// Every depth whose count is at most `limit` leaves.
fn check(limit: u64) {
    for row in table() {
        let pos = Position::from_fen(&row.fen, row.variant).unwrap();
        assert_eq!(
            pos,
            Position::start(row.variant),
            "the table starts from the initial position"
        );
        for (i, &want) in row.counts.iter().enumerate() {
            if want > limit {
                break;
            }
            let depth = i as u32 + 1;
            assert_eq!(
                perft(&pos, depth),
                want,
                "{} depth {depth}",
                row.variant.name
            );
        }
    }
}

#[test]
fn perft_matches_the_table() {
    check(20_000_000);
}

/// The deepest counts that run in under a minute in release: `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn perft_matches_the_table_deep() {
    check(3_000_000_000);
}
