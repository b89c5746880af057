//! English descriptive notation.
//!
//! Pieces `K Q R B N P` (`Kt` is read for the knight); files
//! `QR QN QB Q K KB KN KR` (short `R N B` when the side is clear; `QKt`,
//! `KKt`, `Kt` are read too); a square is its file then its rank counted
//! from the moving side: `K4`, `KB3`. A quiet move is the piece, `-`, the
//! destination (`P-K4`, `N-KB3`); a capture names the piece taken (`PxP`,
//! `BxN`). Castling `O-O`, `O-O-O` (read also `castles`, `Castles`, alone
//! when only one castling is possible or the following moves decide, or
//! with its side: `castles QR`, `castles K`); promotion `P-K8=Q` (read also
//! `P-K8(Q)`, `P-K8/Q`, `P-K8Q`); signs `ch`, `dis ch`, `dbl ch`, `db ch`,
//! `mate`, `e.p.` after a space or glued to the move (`QxPch`,
//! `B-B5dblch`, `R-K1dis.ch`, `Q-R5mate`, `PxPe.p.`), and `+`, `++`, `#`.
//!
//! Read, in every usual way of telling pieces apart: a wing before the piece
//! (`KR-Q1`, `QNxP`: the piece that started on that side, else the one
//! further toward it; see `fitting_in`), its file before a
//! pawn (`QPxP`, `KBPxP`), its rank (`R1-K2`), its square in parentheses or
//! after a slash (`N(Q2)-B3`, `N/Q2-B3`), the taken piece's square
//! (`PxP(Q4)`, `BxN(B6)`), the taken pawn's file (`PxQBP`).
//!
//! Written, in one style: the shortest text that names exactly one legal
//! move, choosing the short file names first (`B-B4`); a pawn is told apart
//! by its file (`QPxP`, then `QBPxP`), any other piece by its square in
//! parentheses (`N(Q2)-B3`), the taken piece by its square in parentheses
//! (`PxP(Q5)`); `e.p.` after an en passant capture; `ch`, `dis ch` (the
//! moving piece does not give the check), `dbl ch`, `mate`.

use shakmaty::{CastlingSide, Move, Position, Role, Square};

use super::fitting::{first_unique, taken, taken_square};
use super::pattern::{MovePattern, Pattern, Spec, Wing, relative_rank};
use crate::WriteOptions;
use crate::castling::{parse_castle, push_castle};
use crate::check::{CheckKind, check_kind};
use crate::loose_words::{ENGLISH_SIGN_WORDS, is_castles};

const FULL_NAMES: [&str; 8] = ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"];
const SHORT_NAMES: [Option<&str>; 8] = [
    Some("R"),
    Some("N"),
    Some("B"),
    None,
    None,
    Some("B"),
    Some("N"),
    Some("R"),
];

fn file_mask(name: &str) -> Option<u8> {
    Some(match name {
        "QR" => 1,
        "QN" | "QKt" => 1 << 1,
        "QB" => 1 << 2,
        "Q" => 1 << 3,
        "K" => 1 << 4,
        "KB" => 1 << 5,
        "KN" | "KKt" => 1 << 6,
        "KR" => 1 << 7,
        "R" => 0x81,
        "N" | "Kt" => 0x42,
        "B" => 0x24,
        _ => return None,
    })
}

/// A piece name: `K`, `Q`, `R`, `KR`, `QKt`, `P`, `QBP`, ... with the wing
/// of a piece or the file mask of a pawn.
fn piece_name(name: &str) -> Option<(Role, Option<Wing>, u8)> {
    if let Some(file) = name.strip_suffix('P') {
        let files = if file.is_empty() {
            0xff
        } else {
            file_mask(file)?
        };
        return Some((Role::Pawn, None, files));
    }
    let (wing, base) = match name {
        "K" => return Some((Role::King, None, 0xff)),
        "Q" => return Some((Role::Queen, None, 0xff)),
        "Kt" => return Some((Role::Knight, None, 0xff)),
        _ => match name.as_bytes().first() {
            Some(b'K') if name.len() > 1 => (Some(Wing::King), &name[1..]),
            Some(b'Q') if name.len() > 1 => (Some(Wing::Queen), &name[1..]),
            _ => (None, name),
        },
    };
    let role = match base {
        "R" => Role::Rook,
        "N" | "Kt" => Role::Knight,
        "B" => Role::Bishop,
        _ => return None,
    };
    Some((role, wing, 0xff))
}

/// A square `KB3`, or just a rank `1` (inside parentheses).
fn square_spec(s: &str) -> Option<Spec> {
    let cut = s.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = s.split_at(cut);
    let ranks = match digits.as_bytes() {
        [d @ b'1'..=b'8'] => 1 << (d - b'1'),
        _ => return None,
    };
    let files = if letters.is_empty() {
        0xff
    } else {
        file_mask(letters)?
    };
    Some(Spec { files, ranks })
}

fn promotion_piece(s: &str) -> Option<Role> {
    match s {
        "Q" => Some(Role::Queen),
        "R" => Some(Role::Rook),
        "B" => Some(Role::Bishop),
        "N" | "Kt" => Some(Role::Knight),
        // Antichess promotes to a king too.
        "K" => Some(Role::King),
        _ => None,
    }
}

/// Splits off the letters at the start of `s` (capitals, and the `t` of
/// `Kt`).
fn take_letters(s: &str) -> (&str, &str) {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'A'..=b'Z' => i += 1,
            b't' if i > 0 && bytes[i - 1] == b'K' => i += 1,
            _ => break,
        }
    }
    s.split_at(i)
}

/// Takes an optional `(…)` or `/…` part holding a square or rank.
fn take_square_note(s: &str) -> Option<(Option<Spec>, &str)> {
    if let Some(inner) = s.strip_prefix('(') {
        let end = inner.find(')')?;
        let spec = &inner[..end];
        if !spec.bytes().any(|b| b.is_ascii_digit()) {
            // `(Q)` after a capture is a promotion, not a square.
            return Some((None, s));
        }
        return Some((Some(square_spec(spec)?), &inner[end + 1..]));
    }
    if let Some(inner) = s.strip_prefix('/') {
        let (letters, after) = take_letters(inner);
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Some((None, s));
        }
        let spec = square_spec(&inner[..letters.len() + digits])?;
        return Some((Some(spec), &after[digits..]));
    }
    Some((None, s))
}

fn take_promotion(s: &str) -> Option<Option<Role>> {
    if s.is_empty() {
        return Some(None);
    }
    let inner = if let Some(inner) = s.strip_prefix('(') {
        inner.strip_suffix(')')?
    } else {
        s.strip_prefix(['=', '/']).unwrap_or(s)
    };
    promotion_piece(inner).map(Some)
}

/// Signs glued to the end of a move, longest first; each must follow a
/// rank, a capital, `Kt` or a `)` (`B-B5dblch`, `QxPch`, `BxKtch`,
/// `R-K1dis.ch`, `PxPe.p.`).
const GLUED_SIGNS: [&str; 15] = [
    "dbl.ch.", "dis.ch.", "dbl.ch", "dis.ch", "db.ch", "dblch", "disch", "dbch", "check", "e.p.",
    "mate", "ch.", "e.p", "ch", "ep",
];

/// Removes the signs after the move: `ch`, `dis ch`, `dbl ch`, `db ch`,
/// `mate`, `e.p.` (after a space or glued), `+`, `#`, `!`, `?`. Tells
/// whether an en passant mark was among them.
fn strip_suffixes(word: &str) -> Option<(&str, bool)> {
    let is_ep = |w: &str| matches!(w, "e.p." | "ep" | "e.p");
    let mut parts = word.split_whitespace();
    let mut s = parts.next()?;
    let mut en_passant = false;
    for part in parts {
        let part = part.trim_end_matches(['+', '#', '!', '?']);
        if !(part.is_empty() || ENGLISH_SIGN_WORDS.contains(&part)) {
            return None;
        }
        en_passant |= is_ep(part);
    }
    loop {
        let before = s.len();
        s = s.trim_end_matches(['+', '#', '!', '?']);
        for mark in GLUED_SIGNS {
            if let Some(rest) = s.strip_suffix(mark)
                && (rest.ends_with("Kt")
                    || rest.as_bytes().last().is_some_and(|b| {
                        b.is_ascii_digit() || b.is_ascii_uppercase() || *b == b')'
                    }))
            {
                en_passant |= is_ep(mark);
                s = rest;
                break;
            }
        }
        if s.len() == before {
            return Some((s, en_passant));
        }
    }
}

/// `castles`, alone or with its side (`castles QR`, `Castles K`): the side,
/// or `None` for either.
fn parse_castles(word: &str) -> Option<Option<CastlingSide>> {
    let mut parts = word.split_whitespace();
    if !is_castles(parts.next()?) {
        return None;
    }
    let mut side = None;
    for part in parts {
        let part = part.trim_end_matches(['+', '#', '!', '?']);
        match part {
            "K" | "KR" | "KS" if side.is_none() => side = Some(CastlingSide::KingSide),
            "Q" | "QR" | "QS" if side.is_none() => side = Some(CastlingSide::QueenSide),
            _ if part.is_empty() || ENGLISH_SIGN_WORDS.contains(&part) => {}
            _ => return None,
        }
    }
    Some(side)
}

pub(crate) fn parse(word: &str) -> Option<Pattern> {
    let word = word.trim();
    if let Some(side) = parse_castles(word) {
        return Some(side.map_or(Pattern::EitherCastle, Pattern::Castle));
    }
    let (s, en_passant) = strip_suffixes(word)?;
    if let Some(side) = parse_castle(s) {
        return Some(Pattern::Castle(side));
    }
    let (name, rest) = take_letters(s);
    let (role, wing, pawn_files) = piece_name(name)?;
    let mut p = MovePattern::new(role);
    p.en_passant = en_passant;
    p.wing = wing;
    p.from.files = pawn_files;
    // The mover's rank (`R1-K2`) or square (`N(Q2)-B3`, `N/Q2-B3`).
    let mut rest = rest;
    if let Some(&d @ b'1'..=b'8') = rest.as_bytes().first() {
        p.from.ranks = 1 << (d - b'1');
        rest = &rest[1..];
    } else {
        let (spec, after) = take_square_note(rest)?;
        if let Some(spec) = spec {
            p.from = Spec {
                files: spec.files & p.from.files,
                ranks: spec.ranks,
            };
        }
        rest = after;
    }
    if let Some(dest) = rest.strip_prefix('-') {
        let (letters, after) = take_letters(dest);
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if letters.is_empty() || digits != 1 {
            return None;
        }
        p.to = square_spec(&dest[..letters.len() + 1])?;
        p.promotion = take_promotion(&after[1..])?;
    } else if let Some(target) = rest.strip_prefix('x') {
        p.capture = true;
        let (letters, after) = take_letters(target);
        if after.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            // A bare square: `RxQ7`.
            p.to = square_spec(&target[..letters.len() + 1])?;
            p.promotion = take_promotion(&after[1..])?;
        } else {
            let (captured, captured_wing, files) = piece_name(letters)?;
            p.captured = Some(captured);
            p.captured_wing = captured_wing;
            let (spec, after) = take_square_note(after)?;
            p.to = spec.unwrap_or(Spec::ANY);
            p.to.files &= files;
            p.promotion = take_promotion(after)?;
        }
    } else {
        return None;
    }
    if p.promotion.is_some() && p.role != Role::Pawn {
        // Only a pawn promotes.
        return None;
    }
    Some(Pattern::Move(p))
}

fn letter(role: Role) -> char {
    match role {
        Role::Pawn => 'P',
        Role::Knight => 'N',
        Role::Bishop => 'B',
        Role::Rook => 'R',
        Role::Queen => 'Q',
        Role::King => 'K',
    }
}

fn square_name(square: Square, turn: shakmaty::Color, short: bool) -> String {
    let file = square.file() as usize;
    let name = if short {
        SHORT_NAMES[file].unwrap_or(FULL_NAMES[file])
    } else {
        FULL_NAMES[file]
    };
    format!("{name}{}", relative_rank(square, turn))
}

/// The ways to name the moving piece, in order of preference.
fn movers(m: Move, turn: shakmaty::Color) -> Vec<String> {
    let from = m.from().unwrap_or(m.to());
    let file = from.file() as usize;
    let l = letter(m.role());
    let mut names = vec![l.to_string()];
    if m.role() == Role::Pawn {
        if let Some(short) = SHORT_NAMES[file] {
            names.push(format!("{short}P"));
        }
        names.push(format!("{}P", FULL_NAMES[file]));
    } else {
        if SHORT_NAMES[file].is_some() {
            names.push(format!("{l}({})", square_name(from, turn, true)));
        }
        names.push(format!("{l}({})", square_name(from, turn, false)));
    }
    names
}

pub(crate) fn write<P: Position + Clone>(
    pos: &P,
    m: Move,
    options: &WriteOptions,
    out: &mut String,
) {
    if let Some(side) = m.castling_side() {
        push_castle(side, options.castling_zeros, out);
    } else {
        out.push_str(&move_text(pos, m));
    }
    if !options.no_check_signs {
        out.push_str(match check_kind(pos, m) {
            CheckKind::None => "",
            CheckKind::Check => " ch",
            CheckKind::Discovered => " dis ch",
            CheckKind::Double => " dbl ch",
            CheckKind::Mate => " mate",
        });
    }
}

fn move_text<P: Position>(pos: &P, m: Move) -> String {
    let legal = pos.legal_moves();
    let turn = pos.turn();
    let promotion = m
        .promotion()
        .map(|r| format!("={}", letter(r)))
        .unwrap_or_default();
    let movers = movers(m, turn);
    let mut forms = Vec::new();
    if let Some(role) = taken(m) {
        let at = taken_square(m);
        let l = letter(role);
        let mut targets = vec![l.to_string()];
        if SHORT_NAMES[at.file() as usize].is_some() {
            targets.push(format!("{l}({})", square_name(at, turn, true)));
        }
        targets.push(format!("{l}({})", square_name(at, turn, false)));
        let ep = if m.is_en_passant() { " e.p." } else { "" };
        for target in &targets {
            for mover in &movers {
                forms.push(format!("{mover}x{target}{promotion}{ep}"));
            }
        }
    } else {
        let to = m.to();
        let mut targets = Vec::new();
        if SHORT_NAMES[to.file() as usize].is_some() {
            targets.push(square_name(to, turn, true));
        }
        targets.push(square_name(to, turn, false));
        for mover in &movers {
            for target in &targets {
                forms.push(format!("{mover}-{target}{promotion}"));
            }
        }
    }
    first_unique(forms, parse, &legal, turn, m)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(s: &str) -> MovePattern {
        match parse(s) {
            Some(Pattern::Move(p)) => p,
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn parses_the_usual_forms() {
        assert_eq!(
            pattern("P-K4").to,
            Spec {
                files: 1 << 4,
                ranks: 1 << 3
            }
        );
        assert_eq!(pattern("N-KB3").role, Role::Knight);
        assert_eq!(pattern("Kt-KB3").role, Role::Knight);
        assert_eq!(pattern("N-KKt3").to.files, 1 << 6);
        assert_eq!(pattern("B-N5").to.files, 0x42);
        assert_eq!(pattern("QxP ch").captured, Some(Role::Pawn));
        assert_eq!(pattern("KR-Q1").wing, Some(Wing::King));
        assert_eq!(
            pattern("N(Q2)-B3").from,
            Spec {
                files: 1 << 3,
                ranks: 1 << 1
            }
        );
        assert_eq!(
            pattern("N/Q2-B3").from,
            Spec {
                files: 1 << 3,
                ranks: 1 << 1
            }
        );
        assert_eq!(pattern("R1-K2").from.ranks, 1);
        assert_eq!(
            pattern("PxP(Q4)").to,
            Spec {
                files: 1 << 3,
                ranks: 1 << 3
            }
        );
        assert_eq!(pattern("QPxP").from.files, 1 << 3);
        assert_eq!(pattern("KBPxP").from.files, 1 << 5);
        assert_eq!(pattern("BxN(B6)").to.files, 0x24);
        assert_eq!(pattern("PxQBP").to.files, 1 << 2);
        assert_eq!(pattern("P-K8=Q").promotion, Some(Role::Queen));
        assert_eq!(pattern("P-K8(Q)").promotion, Some(Role::Queen));
        assert_eq!(pattern("P-K8/Kt").promotion, Some(Role::Knight));
        assert_eq!(pattern("PxR(Q8)=Q").promotion, Some(Role::Queen));
        assert_eq!(pattern("PxP e.p.").captured, Some(Role::Pawn));
        assert_eq!(pattern("R-K1 dis ch").role, Role::Rook);
        assert_eq!(pattern("Q-R5 dbl ch").role, Role::Queen);
        assert_eq!(pattern("QxBP mate").to.files, 0x24);
        assert_eq!(pattern("QxPch").role, Role::Queen);
        for word in [
            "B-B5dblch",
            "B-B5dbl.ch",
            "R-K1dis.ch",
            "R-K1disch",
            "R-K1 dis. ch.",
            "Q-R5mate",
            "Q-R5 db ch",
            "Q-R5 ++",
            "Q-R5 +",
            "Q-R5ch.",
        ] {
            let rank = word.bytes().find(u8::is_ascii_digit).unwrap() - b'1';
            assert_eq!(pattern(word).to.ranks, 1 << rank, "{word}");
        }
        assert_eq!(pattern("BxKtch").captured, Some(Role::Knight));
        assert!(pattern("PxPe.p.").en_passant);
        assert!(pattern("PxPep").en_passant);
        assert!(pattern("PxP ep").en_passant);
        assert_eq!(pattern("P-K8Q").promotion, Some(Role::Queen));
        assert_eq!(pattern("QKt-Q2").wing, Some(Wing::Queen));
        assert_eq!(pattern("KtxP").role, Role::Knight);
        assert_eq!(parse("castles"), Some(Pattern::EitherCastle));
        assert_eq!(parse("Castles ch"), Some(Pattern::EitherCastle));
        assert_eq!(
            parse("castles QR"),
            Some(Pattern::Castle(CastlingSide::QueenSide))
        );
        assert_eq!(
            parse("Castles K"),
            Some(Pattern::Castle(CastlingSide::KingSide))
        );
        for bad in [
            "castles QB",
            "castles K Q",
            "castlesch",
            "B-B5dblx",
            "Q-R5 jaque",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        assert_eq!(parse("O-O"), Some(Pattern::Castle(CastlingSide::KingSide)));
        assert_eq!(
            parse("O-O-O ch"),
            Some(Pattern::Castle(CastlingSide::QueenSide))
        );
        for bad in [
            "", "P", "P-", "P-K", "P-K9", "P-X4", "PxP junk", "C3AR", "e4", "QxP(", "N-B3=K",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
