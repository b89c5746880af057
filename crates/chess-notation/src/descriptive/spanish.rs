//! Spanish descriptive notation.
//!
//! Pieces `P C A T D R`; files named after the pieces that start on them,
//! `TD CD AD D R AR CR TR` (short `T C A` when the side is clear); a square
//! is its rank counted from the moving side, then its file: `4R`, `3AR`. A
//! move is the piece then its destination (`P4R`, `C3AR`); a capture names
//! the piece taken (`CxP`). When needed, the moving piece's square (or file,
//! or rank) follows it in parentheses (`T(TR)1R`, `C(AR)xP`) and the taken
//! piece's square follows it (`CxP(5R)`). Castling `0-0`, `0-0-0`;
//! promotion `P8R:D`; check `+`, mate `++`.
//!
//! Read too, as books print it:
//!
//! - a knight, bishop or rook named by its wing, the letter glued to it:
//!   `CD4R`, `CR3A`, `TDxD`, `AR5C` (`D` the queen's, `R` the king's). As in
//!   English (`QR`), the wing names the piece that started on it, when a
//!   line read from the standard setup knows that (`fitting_in`); else, and
//!   when the rest of the game needs it, the one furthest toward that wing.
//!   Pieces on the same file are then not told apart, and the word stays
//!   ambiguous;
//! - a pawn named by its file, full or short, glued to it: `PDxP`, `PAxP`,
//!   `PCR4D`; and then a rank alone is its destination (`PCR4`: the pawn of
//!   the king's knight file to its fourth rank; with a file-first square
//!   `CR4` it would be the same square, as a pawn that does not capture
//!   stays on its file, so the word reads one way only);
//! - the taken piece named likewise: a pawn by its file (`AxPC`, `DxPR`,
//!   `CxPAR`), a knight, bishop or rook by its wing (`TxCD`, `AxCR`) or by
//!   a file other than `D` and `R` (`DxAT`: the bishop on a rook file), or
//!   in parentheses (`AxP(C)`, `CxP(5R)`);
//! - check and mate words after a space: `+`, `++`, `jaque`, `mate`,
//!   `jaque mate` (see `loose_words.rs` for joining them when a reader has
//!   cut them off); en passant `a.p.`, `e.p.`.
//!
//! A glued letter after a knight, bishop or rook is a wing (`CD`: the
//! queen's knight), never the `D` or `R` file; inside parentheses it is a
//! file (`C(D)`: the knight on the queen's file). Anything else after the
//! piece letter is no move.
//!
//! Writing names a destination file by its short name only when the other
//! square of that name (same rank, mirrored file) is no legal destination at
//! all, so there is no doubt about which square is meant (this is how the
//! examples of the notation write `A4AD` but `C3A`); everything else is the
//! shortest form that names exactly one legal move.

use shakmaty::{Move, Position, Role, Square};

use super::fitting::{first_unique, taken, taken_square};
use super::pattern::{MovePattern, Pattern, Spec, Wing, relative_rank};
use crate::castling::{parse_castle, push_castle};
use crate::check::{CheckKind, check_kind};
use crate::loose_words::SPANISH_SIGN_WORDS;
use crate::{Language, WriteOptions};

const FULL_NAMES: [&str; 8] = ["TD", "CD", "AD", "D", "R", "AR", "CR", "TR"];
const SHORT_NAMES: [Option<&str>; 8] = [
    Some("T"),
    Some("C"),
    Some("A"),
    None,
    None,
    Some("A"),
    Some("C"),
    Some("T"),
];

fn file_mask(name: &str) -> Option<u8> {
    if let Some(i) = FULL_NAMES.iter().position(|n| *n == name) {
        return Some(1 << i);
    }
    match name {
        "T" => Some(0x81),
        "C" => Some(0x42),
        "A" => Some(0x24),
        _ => None,
    }
}

fn piece(c: u8) -> Option<Role> {
    match c {
        b'P' => Some(Role::Pawn),
        b'C' => Some(Role::Knight),
        b'A' => Some(Role::Bishop),
        b'T' => Some(Role::Rook),
        b'D' => Some(Role::Queen),
        b'R' => Some(Role::King),
        _ => None,
    }
}

/// A square, file or rank: `5R`, `1TR`, `TR`, `5`, also `TR1`.
fn square_spec(s: &str) -> Option<Spec> {
    if s.is_empty() {
        return None;
    }
    let (digits, letters) = match s.as_bytes()[0] {
        b'1'..=b'8' => s.split_at(1),
        _ => {
            let cut = s.find(|c: char| c.is_ascii_digit()).unwrap_or(s.len());
            let (letters, digits) = s.split_at(cut);
            (digits, letters)
        }
    };
    let ranks = match digits.as_bytes() {
        [] => 0xff,
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

/// Removes the signs after the move; tells whether an en passant mark
/// (`a.p.`, `e.p.`) was among them. Words after a space must be signs or
/// sign words (`jaque`, `mate`, `++`); anything else is no move.
fn strip_suffixes(word: &str) -> Option<(&str, bool)> {
    let mut parts = word.split_whitespace();
    let mut s = parts.next()?;
    let mut en_passant = false;
    for part in parts {
        let part = part.trim_end_matches(['+', '#', '!', '?']);
        if !(part.is_empty() || SPANISH_SIGN_WORDS.contains(&part)) {
            return None;
        }
        en_passant |= matches!(part, "a.p." | "e.p.");
    }
    loop {
        let before = s.len();
        s = s.trim_end_matches(['+', '#', '!', '?']);
        for mark in ["a.p.", "e.p.", "a.p", "e.p"] {
            if let Some(rest) = s.strip_suffix(mark) {
                s = rest;
                en_passant = true;
                break;
            }
        }
        if s.len() == before {
            return Some((s, en_passant));
        }
    }
}

/// Splits `(inner)rest` into `inner` and `rest`.
fn parenthesized(s: &str) -> Option<(&str, &str)> {
    let s = s.strip_prefix('(')?;
    let end = s.find(')')?;
    Some((&s[..end], &s[end + 1..]))
}

/// A file name glued to a pawn letter (`PD`, `PCR`, `PA`): the longest
/// name at the start of `s`, as a file mask, and what follows.
fn take_file_name(s: &str) -> Option<(u8, &str)> {
    let two = s
        .get(..2)
        .and_then(|n| FULL_NAMES.iter().position(|f| *f == n));
    if let Some(i) = two {
        return Some((1 << i, &s[2..]));
    }
    let one = s.get(..1)?;
    Some((file_mask(one)?, &s[1..]))
}

/// A wing letter glued to a knight, bishop or rook (`CD`: the queen's
/// knight, `TR`: the king's rook).
fn take_wing(role: Role, s: &str) -> Option<(Wing, &str)> {
    if !matches!(role, Role::Knight | Role::Bishop | Role::Rook) {
        return None;
    }
    match s.as_bytes().first() {
        Some(b'D') => Some((Wing::Queen, &s[1..])),
        Some(b'R') => Some((Wing::King, &s[1..])),
        _ => None,
    }
}

/// The taken piece and what may follow it: its wing (`CD`, `TR`), or for
/// a pawn or a piece on a wing file its file (`PC`, `PAR`, `AT`), then its
/// square, file or rank in parentheses (`P(5R)`, `P(C)`).
fn captured(p: &mut MovePattern, target: &str) -> Option<()> {
    let &c = target.as_bytes().first()?;
    let role = piece(c)?;
    p.captured = Some(role);
    let mut after = &target[1..];
    if let Some((wing, rest)) = take_wing(role, after) {
        p.captured_wing = Some(wing);
        after = rest;
    } else if matches!(role, Role::Pawn | Role::Knight | Role::Bishop | Role::Rook)
        && after.as_bytes().first().is_some_and(u8::is_ascii_uppercase)
    {
        let (files, rest) = take_file_name(after)?;
        p.to.files = files;
        after = rest;
    }
    if !after.is_empty() {
        let (inner, tail) = parenthesized(after)?;
        if !tail.is_empty() {
            return None;
        }
        let spec = square_spec(inner)?;
        p.to.files &= spec.files;
        p.to.ranks = spec.ranks;
        if p.to.files == 0 {
            return None;
        }
    }
    Some(())
}

pub(crate) fn parse(word: &str) -> Option<Pattern> {
    let (s, en_passant) = strip_suffixes(word.trim())?;
    if let Some(side) = parse_castle(s) {
        return Some(Pattern::Castle(side));
    }
    let &first = s.as_bytes().first()?;
    let role = piece(first)?;
    let mut p = MovePattern::new(role);
    p.en_passant = en_passant;
    let mut rest_str = &s[1..];
    // The mover named by its file (a pawn: `PD`, `PCR`) or wing (`CD`, `TR`).
    let mut pawn_file = false;
    if let Some((wing, rest)) = take_wing(role, rest_str) {
        p.wing = Some(wing);
        rest_str = rest;
    } else if role == Role::Pawn
        && rest_str
            .as_bytes()
            .first()
            .is_some_and(u8::is_ascii_uppercase)
    {
        let (files, rest) = take_file_name(rest_str)?;
        p.from.files = files;
        pawn_file = true;
        rest_str = rest;
    } else if let Some((inner, after)) = parenthesized(rest_str) {
        p.from = square_spec(inner)?;
        rest_str = after;
    }
    // The promotion, if any, ends the word.
    if let Some(cut) = rest_str.find([':', '=']) {
        let promo = &rest_str[cut + 1..];
        let &[letter] = promo.as_bytes() else {
            return None;
        };
        // Only a pawn promotes; to a king too, as Antichess allows.
        if p.role != Role::Pawn {
            return None;
        }
        p.promotion = Some(piece(letter).filter(|r| *r != Role::Pawn)?);
        rest_str = &rest_str[..cut];
    }
    match rest_str.as_bytes().first() {
        Some(b'x' | b'X') => {
            p.capture = true;
            let target = &rest_str[1..];
            match target.as_bytes().first() {
                Some(b'1'..=b'8') => p.to = square_spec(target)?,
                Some(_) => captured(&mut p, target)?,
                None => return None,
            }
        }
        Some(b'1'..=b'8') => {
            p.to = square_spec(rest_str)?;
            // A rank alone only after a pawn named by its file (`PCR4`:
            // the pawn of that file to its fourth rank).
            if p.to.files == 0xff && !pawn_file {
                return None;
            }
        }
        _ => return None,
    }
    Some(Pattern::Move(p))
}

fn square_name(square: Square, turn: shakmaty::Color, short: bool) -> String {
    let file = square.file() as usize;
    let name = if short {
        SHORT_NAMES[file].unwrap_or(FULL_NAMES[file])
    } else {
        FULL_NAMES[file]
    };
    format!("{}{name}", relative_rank(square, turn))
}

fn letter(role: Role) -> char {
    Language::Spanish.letter(role)
}

pub(crate) fn write<P: Position + Clone>(
    pos: &P,
    m: Move,
    options: &WriteOptions,
    out: &mut String,
) {
    if let Some(side) = m.castling_side() {
        push_castle(side, true, out);
    } else {
        out.push_str(&move_text(pos, m));
    }
    if !options.no_check_signs {
        match check_kind(pos, m) {
            CheckKind::None => {}
            CheckKind::Mate => out.push_str("++"),
            _ => out.push('+'),
        }
    }
}

fn move_text<P: Position>(pos: &P, m: Move) -> String {
    let legal = pos.legal_moves();
    let turn = pos.turn();
    let from = m.from().unwrap_or(m.to());
    let mut sources = vec![String::new()];
    let file = from.file() as usize;
    if let Some(short) = SHORT_NAMES[file] {
        sources.push(format!("({short})"));
    }
    sources.push(format!("({})", FULL_NAMES[file]));
    sources.push(format!("({})", relative_rank(from, turn)));
    sources.push(format!("({})", square_name(from, turn, false)));
    let promotion = m
        .promotion()
        .map(|r| format!(":{}", letter(r)))
        .unwrap_or_default();
    let mover = letter(m.role());
    let mut forms = Vec::new();
    if let Some(role) = taken(m) {
        let at = taken_square(m);
        let mut targets = vec![String::new()];
        if SHORT_NAMES[at.file() as usize].is_some() {
            targets.push(format!("({})", square_name(at, turn, true)));
        }
        targets.push(format!("({})", square_name(at, turn, false)));
        if m.is_en_passant() {
            // Where the pawn lands tells an en passant capture from a
            // capture of the same pawn by another pawn.
            targets.push(format!("({})", square_name(m.to(), turn, false)));
        }
        for target in &targets {
            for source in &sources {
                forms.push(format!(
                    "{mover}{source}x{}{target}{promotion}",
                    letter(role)
                ));
            }
        }
    } else {
        let to = m.to();
        let mirror = to.flip_horizontal();
        let mirror_reachable = legal
            .iter()
            .any(|l| !l.is_castle() && l.to() == mirror && l.from().is_some());
        let mut targets = Vec::new();
        if SHORT_NAMES[to.file() as usize].is_some() && !mirror_reachable {
            targets.push(square_name(to, turn, true));
        }
        targets.push(square_name(to, turn, false));
        for source in &sources {
            for target in &targets {
                forms.push(format!("{mover}{source}{target}{promotion}"));
            }
        }
    }
    first_unique(forms, parse, &legal, turn, m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingSide;

    #[test]
    fn parses_the_forms() {
        let Some(Pattern::Move(p)) = parse("P4R") else {
            panic!()
        };
        assert_eq!(p.role, Role::Pawn);
        assert_eq!(
            p.to,
            Spec {
                files: 1 << 4,
                ranks: 1 << 3
            }
        );
        let Some(Pattern::Move(p)) = parse("T(TR)1R") else {
            panic!()
        };
        assert_eq!(p.from.files, 1 << 7);
        let Some(Pattern::Move(p)) = parse("C(AR)xP") else {
            panic!()
        };
        assert!(p.capture);
        assert_eq!(p.captured, Some(Role::Pawn));
        let Some(Pattern::Move(p)) = parse("P8R:D") else {
            panic!()
        };
        assert_eq!(p.promotion, Some(Role::Queen));
        let Some(Pattern::Move(p)) = parse("CxP(5R)+") else {
            panic!()
        };
        assert_eq!(
            p.to,
            Spec {
                files: 1 << 4,
                ranks: 1 << 4
            }
        );
        assert_eq!(parse("0-0"), Some(Pattern::Castle(CastlingSide::KingSide)));
        assert_eq!(
            parse("0-0 jaque"),
            Some(Pattern::Castle(CastlingSide::KingSide))
        );
        for bad in [
            "", "P", "P4", "P4X", "X4R", "Cx", "CxP(", "P8R:", "P8R:P", "C8R:D", "e4", "P-K4",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    fn pattern(word: &str) -> MovePattern {
        match parse(word) {
            Some(Pattern::Move(p)) => p,
            other => panic!("{word}: {other:?}"),
        }
    }

    #[test]
    fn parses_the_book_forms() {
        let p = pattern("CD4R");
        assert_eq!((p.role, p.wing), (Role::Knight, Some(Wing::Queen)));
        assert_eq!(pattern("CR3A").wing, Some(Wing::King));
        assert_eq!(pattern("CR3A").to.files, 0x24);
        let p = pattern("TDxD");
        assert_eq!((p.wing, p.captured), (Some(Wing::Queen), Some(Role::Queen)));
        assert_eq!(pattern("AR5C").wing, Some(Wing::King));
        assert_eq!(pattern("PDxP").from.files, 1 << 3);
        assert_eq!(pattern("PAxP").from.files, 0x24);
        let p = pattern("PCR4");
        assert_eq!(
            (p.from.files, p.to.files, p.to.ranks),
            (1 << 6, 0xff, 1 << 3)
        );
        assert_eq!(pattern("PAR4AR").from.files, 1 << 5);
        assert_eq!(pattern("AxPC").to.files, 0x42);
        assert_eq!(pattern("CxPA").to.files, 0x24);
        assert_eq!(pattern("DxPR").to.files, 1 << 4);
        assert_eq!(pattern("CxPAR").to.files, 1 << 5);
        let p = pattern("DxAT");
        assert_eq!((p.captured, p.to.files), (Some(Role::Bishop), 0x81));
        let p = pattern("TxCD");
        assert_eq!(
            (p.captured, p.captured_wing),
            (Some(Role::Knight), Some(Wing::Queen))
        );
        assert_eq!(pattern("AxP(C)").to.files, 0x42);
        assert_eq!(
            pattern("PxPC(5)").to,
            Spec {
                files: 0x42,
                ranks: 1 << 4
            }
        );
        assert_eq!(pattern("C5D ++").to.ranks, 1 << 4);
        assert_eq!(pattern("D5T jaque mate").role, Role::Queen);
        assert_eq!(pattern("D5T jaquemate").role, Role::Queen);
        assert!(pattern("PxP a.p.").en_passant);
        assert_eq!(pattern("P8R:D").promotion, Some(Role::Queen));
        assert_eq!(pattern("PR8=D").promotion, Some(Role::Queen));
        for bad in [
            "RD2R",
            "DR5T",
            "CT3A",
            "PX4",
            "CD4",
            "PxPZ",
            "DxRD",
            "PxPA(",
            "PCxP(Z)",
            "C5D ch",
            "C5D jaquex",
            "C5Djaque",
            "PxPC(D)",
            "TDD4R",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
