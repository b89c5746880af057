//! `scoresheet egdb`: builds a variant's endgame tables, verifies them position by position,
//! finds a table whose values were tampered with, and refuses a variant without tables.

mod common;

use common::scoresheet;

#[test]
fn tables_are_built_verified_and_a_damaged_one_found() {
    let dir = std::env::temp_dir().join(format!("cli-egdb-{}", std::process::id()));
    let path = dir.to_str().unwrap();
    let (code, out, err) = scoresheet(&[
        "egdb",
        "build",
        "--variant",
        "american",
        "--pieces",
        "3",
        path,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("american: up to 3 pieces"), "{out}");
    let (code, out, err) = scoresheet(&["egdb", "verify", "--variant", "american", path]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(", 0 inconsistent"), "{out}");
    // Every value of one table turned (wins to losses and back; the two-bit codes 1 and 2):
    // verify sees positions its successors contradict, says which, and exits with 1.
    let table = dir.join("american-0m2k-0m1k-w.wdl");
    let mut bytes = std::fs::read(&table).expect("two kings against one, White to move");
    // The file's head: magic, version, the variant's name with its length, the slice (5
    // bytes), the count (8 bytes); then the values, four a byte, then a distance a position.
    let values = 4 + 2 + 1 + "american".len() + 5 + 8;
    let count = u64::from_le_bytes(bytes[values - 8..values].try_into().unwrap()) as usize;
    assert_eq!(bytes.len(), values + count.div_ceil(4) + count);
    for b in &mut bytes[values..values + count.div_ceil(4)] {
        *b = (0..4).fold(0, |acc, k| {
            let code = (*b >> (2 * k)) & 3;
            let turned = match code {
                1 => 2,
                2 => 1,
                c => c,
            };
            acc | turned << (2 * k)
        });
    }
    std::fs::write(&table, &bytes).unwrap();
    let (code, out, _) = scoresheet(&["egdb", "verify", "--variant", "american", path]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("inconsistent: "), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
    let (code, _, err) = scoresheet(&["egdb", "build", "--variant", "antidraughts", path]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no endgame tables"), "{err}");
}
