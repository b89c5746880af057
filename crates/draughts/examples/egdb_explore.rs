use draughts::{Position, Variant};

/// Whether the side to move can force the capture of all opposing pieces within `depth` plies.
fn wins(p: &Position, depth: u32) -> bool {
    if depth == 0 { return false; }
    p.legal_moves().iter().any(|m| {
        let q = p.after(m);
        q.pieces(q.side_to_move()).is_empty() || loses(&q, depth - 1)
    })
}
fn loses(p: &Position, depth: u32) -> bool {
    let moves = p.legal_moves();
    if moves.is_empty() { return true; }
    if depth == 0 { return false; }
    moves.iter().all(|m| wins(&p.after(m), depth - 1))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant: Variant = args[0].parse().unwrap();
    let p = Position::from_fen(&args[1], variant).unwrap();
    for d in (1..=25).step_by(2) {
        if wins(&p, d) { println!("forced win within {d} plies"); 
            for m in p.legal_moves() { let q = p.after(&m); if q.pieces(q.side_to_move()).is_empty() || loses(&q, d-1) { println!("  first move {}-{} -> {}", m.from().number(), m.to().number(), q.to_fen()); } }
            return; }
    }
    println!("no forced win within 25 plies");
}
