//! Captures written only by their start and end where several routes fit (`36x16` through
//! 18 and 7, or through 13 and 2): the reader lets the rest of the game decide, warns which
//! route it took, and refuses only when the whole game stays ambiguous.
//!
//! The evidence is independent of the reader: games whose moves are known (the real files
//! of `../shared/data`, and random games played here) are written with every capture by its
//! start and end only, read back, and compared move by move. Where the reader refuses, a
//! plain enumeration of the readings (every legal capture with that start and end, at every
//! ply) must find at least two that replay the whole game.

use std::path::Path;

use draughts::{Move, MoveStyle, Position, Variant};
use games::DraughtsGame;
use record::{Collect, ReadError, Reader};

/// `mv` written by its start and end only.
fn bare(pos: &Position, mv: &Move) -> String {
    let style = MoveStyle::of(pos.variant());
    let name = |s| style.squares.name(s, pos.size());
    let sep = if mv.is_capture() {
        style.capture_separator
    } else {
        style.move_separator
    };
    format!("{}{sep}{}", name(mv.from()), name(mv.to()))
}

/// Whether `mv` has a twin here: a legal move with the same start and end taking other pieces.
fn has_twin(pos: &Position, mv: &Move) -> bool {
    pos.legal_moves()
        .iter()
        .any(|m| m.from() == mv.from() && m.to() == mv.to() && m.captured() != mv.captured())
}

/// How many readings of the bare moves replay the whole line from `pos`, counting up to
/// `cap`: at every ply, each legal move with the written start and end.
fn readings(pos: &Position, moves: &[Move], cap: u32) -> u32 {
    let Some((first, rest)) = moves.split_first() else {
        return 1;
    };
    let mut n = 0;
    for m in pos.legal_moves() {
        if m.from() == first.from() && m.to() == first.to() && m.is_capture() == first.is_capture()
        {
            n += readings(&pos.after(&m), rest, cap - n);
            if n >= cap {
                break;
            }
        }
    }
    n
}

#[derive(Default, Debug)]
struct Tally {
    games: usize,
    /// Plies whose bare capture more than one route fits.
    twins: usize,
    /// Games read back with every move equal to the original.
    same: usize,
    /// Warnings naming a route taken.
    settled: usize,
    /// Games refused as ambiguous, each with two full readings or more.
    refused: usize,
}

/// Writes the main line of a game (start position `start`, moves `moves`) with every move
/// bare, reads it back under `variant` and checks the outcome (see the module's doc). With
/// `split`, the other multi-jumps are written one jump per ply, as some sites export them,
/// so that what settles a route may be a capture written in parts.
fn round_trip(
    variant: Variant,
    start: &Position,
    moves: &[Move],
    split: bool,
    what: &str,
    tally: &mut Tally,
) {
    let mut pos = *start;
    let mut text = String::new();
    if *start != Position::start(variant) {
        text.push_str(&format!("[FEN \"{}\"]\n", start.to_fen()));
    }
    let mut twins = 0;
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        let twin = has_twin(&pos, m);
        twins += usize::from(twin);
        if split && !twin && m.path().len() > 1 {
            let style = MoveStyle::of(&variant);
            let mut from = m.from();
            for &to in m.path() {
                let name = |s| style.squares.name(s, variant.size);
                text.push_str(&format!(
                    "{}{}{} ",
                    name(from),
                    style.capture_separator,
                    name(to)
                ));
                from = to;
            }
        } else {
            text.push_str(&bare(&pos, m));
            text.push(' ');
        }
        pos.play(m).unwrap();
    }
    text.push('*');
    if twins == 0 {
        return;
    }
    tally.games += 1;
    tally.twins += twins;
    let game = record::read_games(&text).remove(0).unwrap();
    match DraughtsGame::read(game, Some(variant)) {
        Ok(g) => {
            let read: Vec<&Move> = g.game.moves.nodes.iter().map(|n| &n.mov).collect();
            let want: Vec<&Move> = moves.iter().collect();
            assert_eq!(
                read, want,
                "{what}: another reading than the game's\n{text}"
            );
            let warned = g
                .warnings
                .iter()
                .filter(|w| w.message.contains("routes"))
                .count();
            assert!(
                warned >= 1 && warned <= twins,
                "{what}: {warned} warnings for {twins}"
            );
            for w in g.warnings.iter().filter(|w| w.message.contains("routes")) {
                let ply = w.ply.as_ref().expect("a route warning has its ply");
                assert!(
                    w.message.starts_with(&format!("{} fits ", ply.text)),
                    "{what}: {}",
                    w.message
                );
            }
            tally.same += 1;
            tally.settled += warned;
        }
        Err(e) => {
            assert!(e.message.contains("ambiguous"), "{what}: {e}\n{text}");
            assert!(
                e.message.contains("the rest of the game does not decide"),
                "{what}: {e}"
            );
            let n = readings(start, moves, 2);
            assert!(
                n >= 2,
                "{what}: refused, but {n} reading replays: {e}\n{text}"
            );
            tally.refused += 1;
        }
    }
}

#[test]
fn real_games_written_by_start_and_end_read_back_the_same() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/draughts/pdn-spec-games/succeed");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut tally = Tally::default();
    for path in files {
        let mut reader = Reader::new(std::fs::File::open(&path).unwrap());
        let mut collect = Collect::default();
        let mut n = 0;
        loop {
            let game = match reader.read_game(&mut collect) {
                Ok(None) => break,
                Ok(Some(game)) => game,
                Err(ReadError::Syntax { .. }) => {
                    n += 1;
                    continue;
                }
                Err(e) => panic!("{}: {e}", path.display()),
            };
            n += 1;
            let Ok(g) = DraughtsGame::read(game, None) else {
                continue;
            };
            let moves: Vec<Move> = g.game.moves.nodes.iter().map(|n| n.mov.clone()).collect();
            let what = format!("{} game {n}", path.display());
            round_trip(g.variant, &g.start, &moves, false, &what, &mut tally);
        }
    }
    eprintln!("real games: {tally:?}");
    assert!(
        tally.twins > 0,
        "no real game has a capture with two routes"
    );
}

/// A small generator of random numbers (xorshift), so that the games are the same each run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn random_games_written_by_start_and_end_read_back_the_same() {
    let mut rng = Rng(0x5EED_F0A1_1CE5);
    let mut tally = Tally::default();
    for variant in [
        Variant::INTERNATIONAL,
        Variant::BRAZILIAN,
        Variant::CANADIAN,
    ] {
        for game in 0..400 {
            let start = Position::start(variant);
            let mut pos = start;
            let mut moves = Vec::new();
            while moves.len() < 300 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                // Kings, which make most routes, move twice as often as men.
                let kings: Vec<&Move> = legal
                    .iter()
                    .filter(|m| pos.piece_at(m.from()).is_some_and(|p| p.is_king()))
                    .collect();
                let m = if !kings.is_empty() && rng.below(3) > 0 {
                    kings[rng.below(kings.len())].clone()
                } else {
                    legal[rng.below(legal.len())].clone()
                };
                pos.play(&m).unwrap();
                moves.push(m);
            }
            let what = format!("{} random game {game}", variant.name);
            round_trip(variant, &start, &moves, game % 2 == 1, &what, &mut tally);
        }
    }
    eprintln!("random games: {tally:?}");
    assert!(tally.settled > 0 && tally.same > 0, "{tally:?}");
}

/// PDN 3.0's example of a capture with two routes, `47x36`: the reply decides, or nothing
/// does and the game is refused.
#[test]
fn the_reply_decides_or_the_game_is_refused() {
    let fen = "W:WK47:B14,19,29,31,42";
    let pos = Position::from_fen(fen, Variant::INTERNATIONAL).unwrap();
    let twins = pos.legal_moves();
    assert_eq!(twins.len(), 2);
    let read = |text: &str| {
        let game = record::read_games(text).remove(0).unwrap();
        DraughtsGame::read(game, Some(Variant::INTERNATIONAL))
    };
    let mut decided = 0;
    for (i, m) in twins.iter().enumerate() {
        let after = pos.after(m);
        let other = pos.after(&twins[1 - i]);
        // A reply that only this route allows.
        let Some(reply) = after.legal_moves().into_iter().find(|r| {
            !other
                .legal_moves()
                .iter()
                .any(|o| o.from() == r.from() && o.to() == r.to())
        }) else {
            continue;
        };
        let text = format!("[FEN \"{fen}\"]\n1. 47x36 {} *", bare(&after, &reply));
        let g = read(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(g.game.moves.nodes[0].mov, *m, "{text}");
        assert_eq!(g.warnings.len(), 1, "{text}");
        let w = &g.warnings[0];
        assert_eq!(w.ply.as_ref().unwrap().index, 1);
        let route = g
            .start
            .write_move(m, &MoveStyle::of(&Variant::INTERNATIONAL));
        assert!(
            w.message.starts_with("47x36 fits 2 routes")
                && w.message
                    .contains(&format!("read as {route}, the only one")),
            "{}",
            w.message
        );
        decided += 1;
    }
    assert_eq!(decided, 2, "each route has a reply of its own");
    let e = read(&format!("[FEN \"{fen}\"]\n1. 47x36 *")).unwrap_err();
    assert!(
        e.message.contains("47x36 is ambiguous")
            && e.message.contains("the rest of the game does not decide"),
        "{e}"
    );
    assert_eq!(readings(&pos, &twins[..1], 5), 2);
}

/// The command line: `check` warns with the place of the move and `convert` writes the route
/// taken, also when the GameType tag names the variant (the one-pass reader then hands the
/// whole game, not only the part before the ambiguous move, to the general one).
#[test]
fn check_warns_and_convert_writes_the_route() {
    let dir = std::env::temp_dir().join(format!("scoresheet-routes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("routes.pdn");
    let game = |reply: &str| {
        format!("[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n\n1. 47x36 {reply} *\n\n")
    };
    std::fs::write(&file, game("19-23") + &game("14-19") + &game("")).unwrap();
    let run = |cmd: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
            .args([cmd, file.to_str().unwrap()])
            .output()
            .unwrap();
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (out, err) = run("check");
    let all = out + &err;
    let place = format!(
        "{}:4:4: game 1: warning: ply 1 (1. 47x36): 47x36 fits 2 routes",
        file.display()
    );
    assert!(all.contains(&place), "{all}");
    assert!(all.contains("read as 47x38x20x9x36, the only one"), "{all}");
    assert!(
        all.contains("read as 47x38x24x13x36, the only one"),
        "{all}"
    );
    assert!(
        all.contains("game 3: ply 1 (1. 47x36): 47x36 is ambiguous"),
        "{all}"
    );
    assert!(all.contains("3 games, 2 ok, 1 failed"), "{all}");
    let (out, _) = run("convert");
    assert!(out.contains("1. 47x38x20x9x36 19-23 *"), "{out}");
    assert!(out.contains("1. 47x38x24x13x36 14-19 *"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What settles a route may be a capture written one jump per ply (as some sites export
/// multi-jumps): random International positions with a two-route capture after which the
/// opponent has a multi-jump that the other route does not allow; the game `[FEN] 1. AxB
/// reply-in-parts` reads as that route and that reply, with a warning for each.
#[test]
fn a_capture_written_in_parts_can_settle_a_route() {
    use draughts::{Color, Piece, Square};
    let v = Variant::INTERNATIONAL;
    let mut rng = Rng(0xC0FF_EE00_D1CE);
    let mut found = 0;
    for _ in 0..100_000 {
        let mut pos = Position::empty(v, Color::White);
        let mut place = |piece: Piece, lo: u32, hi: u32, rng: &mut Rng| {
            let n = lo + rng.below((hi - lo + 1) as usize) as u32;
            let sq = Square::from_number(n, v.size).unwrap();
            if pos.piece_at(sq).is_none() {
                pos.put(sq, piece);
            }
        };
        place(Piece::king(Color::White), 1, 50, &mut rng);
        for _ in 0..2 {
            place(Piece::man(Color::White), 6, 50, &mut rng);
        }
        for _ in 0..7 {
            place(Piece::man(Color::Black), 1, 45, &mut rng);
        }
        let moves = pos.legal_moves();
        for a in &moves {
            let Some(b) = moves
                .iter()
                .find(|b| b.from() == a.from() && b.to() == a.to() && b.captured() != a.captured())
            else {
                continue;
            };
            let (after_a, after_b) = (pos.after(a), pos.after(b));
            let Some(reply) = after_a.legal_moves().into_iter().find(|r| {
                r.path().len() > 1
                    && !after_b
                        .legal_moves()
                        .iter()
                        .any(|o| o.from() == r.from() && o.to() == r.to())
            }) else {
                continue;
            };
            let mut parts = Vec::new();
            let mut from = reply.from();
            for &to in reply.path() {
                parts.push(format!("{}x{}", from.number(), to.number()));
                from = to;
            }
            let text = format!(
                "[FEN \"{}\"]\n1. {}x{} {} *",
                pos.to_fen(),
                a.from().number(),
                a.to().number(),
                parts.join(" ")
            );
            let game = record::read_games(&text).remove(0).unwrap();
            let g = DraughtsGame::read(game, Some(v)).unwrap_or_else(|e| panic!("{text}: {e}"));
            let read: Vec<&Move> = g.game.moves.nodes.iter().map(|n| &n.mov).collect();
            assert_eq!(read, [a, &reply], "{text}");
            assert!(
                g.warnings[0].message.contains("fits 2 routes"),
                "{:?}",
                g.warnings
            );
            assert!(
                g.warnings[1].message.starts_with("one capture written as"),
                "{:?}",
                g.warnings
            );
            found += 1;
            break;
        }
        if found == 5 {
            break;
        }
    }
    assert_eq!(found, 5, "positions found");
}
