//! A small writer of descriptive notation in the styles of printed books, for the tests
//! only: independent of the crate's writer and reader, it holds its own model of what a
//! descriptive word means and writes, for each move, the first form in its order of
//! preference that names exactly that move among the legal moves (shakmaty's), so that
//! what it writes is exact.
//!
//! The model (the documented meaning): a word names a piece, maybe qualified by the file
//! or rank or square it stands on (in parentheses, or a pawn's file glued to it: `PCR`,
//! `KBP`) or by its wing (`CD`, `QR`: of the pieces that fit everything else, the ones that
//! started on that wing, if where they started is known and one of them fits; else the one
//! furthest toward that wing); then the square it goes to, or the piece it takes, maybe
//! qualified likewise (its file glued: `PA`, `BP`; its wing: `CD`, `KN`; its file or
//! square in parentheses). An unmarked capture that may be ordinary or en passant is the
//! ordinary one.

#![allow(dead_code)]

use shakmaty::{CastlingSide, Color, Move, MoveList, Position, Role, Square};

/// The two systems.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    Spanish,
    English,
}

/// How check and mate are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Glued to the move: `C5D+`, `C5D++`, `QxPch`, `B-B5dblch`, `R-K1dis.ch`, `Q-R5mate`.
    Glued,
    /// After a space: `C5D +`, `C5D ++`, `QxP ch`, `R-K1 dis ch`, `Q-R5 mate`.
    Apart,
    /// Words: `jaque`, `jaque mate` / `mate`; English `+`, `db ch`, `dis.ch`, `++`.
    Words,
}

/// How the moves are laid out in lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `8. P3D P3D` on one line.
    Pairs,
    /// `8. P3D` then `P3D` on the next line.
    SplitPairs,
    /// One move per line, Black's with its number: `8. P3D`, `8. ... P3D`.
    OnePerLine,
}

/// A book style.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub system: System,
    /// Qualifiers glued to the piece (`CD4R`, `PDxP`, `QR-K1`) rather than in parentheses.
    pub glued: bool,
    /// Name the taken piece's file or wing whenever it has one to name (`AxPC`, `TxCD`,
    /// `PxQBP`), not only when needed.
    pub name_taken: bool,
    pub check: Check,
    /// Move numbers with dots (`8.`) or without (`8`).
    pub dots: bool,
    pub layout: Layout,
    /// English: `Kt` for the knight, `castles` for castling.
    pub old_words: bool,
    /// Which way to write a promotion (0 to 3).
    pub promotion: u8,
}

const ES_FULL: [&str; 8] = ["TD", "CD", "AD", "D", "R", "AR", "CR", "TR"];
const EN_FULL: [&str; 8] = ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"];

fn short_mask(file: usize) -> u8 {
    (1 << file) | (1 << (7 - file))
}

fn rank_of(square: Square, turn: Color) -> u8 {
    match turn {
        Color::White => square.rank() as u8 + 1,
        Color::Black => 8 - square.rank() as u8,
    }
}

/// The model of a word's meaning.
#[derive(Clone, Copy, Debug)]
struct Desc {
    role: Role,
    from_files: u8,
    from_rank: Option<u8>,
    /// `Some(true)`: the king's wing.
    wing: Option<bool>,
    capture: bool,
    to_files: u8,
    to_rank: Option<u8>,
    taken: Option<Role>,
    taken_wing: Option<bool>,
    promotion: Option<Role>,
    ep: bool,
}

impl Desc {
    fn new(m: Move) -> Desc {
        Desc {
            role: m.role(),
            from_files: 0xff,
            from_rank: None,
            wing: None,
            capture: m.is_capture(),
            to_files: 0xff,
            to_rank: None,
            taken: m.capture(),
            taken_wing: None,
            promotion: m.promotion(),
            ep: m.is_en_passant(),
        }
    }

    fn fits(&self, m: Move, turn: Color) -> bool {
        let Some(from) = m.from() else { return false };
        if m.is_castle() || m.role() != self.role || m.promotion() != self.promotion {
            return false;
        }
        if self.from_files & (1 << from.file() as u8) == 0
            || self.from_rank.is_some_and(|r| r != rank_of(from, turn))
        {
            return false;
        }
        if self.ep && !m.is_en_passant() {
            return false;
        }
        let at = |sq: Square| {
            self.to_files & (1 << sq.file() as u8) != 0
                && self.to_rank.is_none_or(|r| r == rank_of(sq, turn))
        };
        if self.capture {
            let taken_at = match m {
                Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
                _ => m.to(),
            };
            m.is_capture() && m.capture() == self.taken && (at(taken_at) || at(m.to()))
        } else {
            !m.is_capture() && at(m.to())
        }
    }

    /// The legal moves the word names, as the model reads it, where `started` tells where
    /// the pieces started.
    fn named(&self, legal: &MoveList, turn: Color, started: &Started) -> Vec<Move> {
        let mut fit: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| self.fits(*m, turn))
            .collect();
        if self.capture
            && !self.ep
            && fit.iter().any(|m| m.is_en_passant())
            && fit.iter().any(|m| !m.is_en_passant())
        {
            fit.retain(|m| !m.is_en_passant());
        }
        if fit.len() > 1 && (self.wing.is_some() || self.taken_wing.is_some()) {
            let on = |king: Option<bool>, sq: Square| {
                king.is_none_or(|k| started.king_side(sq) == Some(k))
            };
            let by_origin: Vec<Move> = fit
                .iter()
                .copied()
                .filter(|m| {
                    let taken_at = match *m {
                        Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
                        _ => m.to(),
                    };
                    on(self.wing, m.from().unwrap_or(m.to())) && on(self.taken_wing, taken_at)
                })
                .collect();
            if !by_origin.is_empty() {
                return by_origin;
            }
        }
        let extreme = |fit: &mut Vec<Move>, king: Option<bool>, sq: fn(&Move) -> Square| {
            let Some(king) = king else { return };
            if fit.len() < 2 {
                return;
            }
            let files = fit.iter().map(|m| sq(m).file());
            let target = if king { files.max() } else { files.min() };
            fit.retain(|m| Some(sq(m).file()) == target);
        };
        extreme(&mut fit, self.wing, |m| m.from().unwrap_or(m.to()));
        extreme(&mut fit, self.taken_wing, |m| m.to());
        fit
    }
}

fn letter(system: System, role: Role, old: bool) -> &'static str {
    match (system, role) {
        (System::Spanish, Role::Pawn) => "P",
        (System::Spanish, Role::Knight) => "C",
        (System::Spanish, Role::Bishop) => "A",
        (System::Spanish, Role::Rook) => "T",
        (System::Spanish, Role::Queen) => "D",
        (System::Spanish, Role::King) => "R",
        (System::English, Role::Pawn) => "P",
        (System::English, Role::Knight) => {
            if old {
                "Kt"
            } else {
                "N"
            }
        }
        (System::English, Role::Bishop) => "B",
        (System::English, Role::Rook) => "R",
        (System::English, Role::Queen) => "Q",
        (System::English, Role::King) => "K",
    }
}

/// A file's names, shortest first, with their masks.
fn file_names(system: System, file: usize, old: bool) -> Vec<(String, u8)> {
    let full = match system {
        System::Spanish => ES_FULL,
        System::English => EN_FULL,
    };
    // The short name of a file named after a piece on a wing is the piece alone: English
    // writes the wing first (`QR`: `R`), Spanish the piece (`TD`: `T`). The queen's and
    // king's files have none.
    let name = full[file];
    let short = match (name.len(), system) {
        (2, System::English) => Some(&name[1..]),
        (2, System::Spanish) => Some(&name[..1]),
        _ => None,
    };
    let fix = |s: &str| {
        if old && system == System::English {
            s.replace('N', "Kt")
        } else {
            s.to_owned()
        }
    };
    let mut out = Vec::new();
    if let Some(s) = short {
        out.push((fix(s), short_mask(file)));
    }
    out.push((fix(name), 1 << file));
    out
}

/// A square's names (short file name first), with masks of files, and its rank.
fn square_names(system: System, sq: Square, turn: Color, old: bool) -> Vec<(String, u8, u8)> {
    let rank = rank_of(sq, turn);
    file_names(system, sq.file() as usize, old)
        .into_iter()
        .map(|(f, mask)| {
            let text = match system {
                System::Spanish => format!("{rank}{f}"),
                System::English => format!("{f}{rank}"),
            };
            (text, mask, rank)
        })
        .collect()
}

/// The ways to name the moving piece: text (with the piece letter), and the model.
fn movers(style: &Style, m: Move, turn: Color) -> Vec<(String, Desc)> {
    let sys = style.system;
    let old = style.old_words;
    let from = m.from().expect("not castling");
    let file = from.file() as usize;
    let role = m.role();
    let l = letter(sys, role, old);
    let base = Desc::new(m);
    let mut out = vec![(l.to_owned(), base)];
    let glued = |out: &mut Vec<(String, Desc)>| {
        if role == Role::Pawn {
            for (name, mask) in file_names(sys, file, old) {
                let text = match sys {
                    System::Spanish => format!("P{name}"),
                    System::English => format!("{name}P"),
                };
                out.push((
                    text,
                    Desc {
                        from_files: mask,
                        ..base
                    },
                ));
            }
        } else if matches!(role, Role::Knight | Role::Bishop | Role::Rook) {
            for king in [from.file() as u8 >= 4, (from.file() as u8) < 4] {
                let text = match (sys, king) {
                    (System::Spanish, true) => format!("{l}R"),
                    (System::Spanish, false) => format!("{l}D"),
                    (System::English, true) => format!("K{l}"),
                    (System::English, false) => format!("Q{l}"),
                };
                out.push((
                    text,
                    Desc {
                        wing: Some(king),
                        ..base
                    },
                ));
            }
        }
    };
    let bracketed = |out: &mut Vec<(String, Desc)>| {
        let rank = rank_of(from, turn);
        if sys == System::Spanish || role != Role::Pawn {
            for (name, mask) in file_names(sys, file, old) {
                if sys == System::Spanish {
                    out.push((
                        format!("{l}({name})"),
                        Desc {
                            from_files: mask,
                            ..base
                        },
                    ));
                }
            }
            let text = match sys {
                System::Spanish => format!("{l}({rank})"),
                System::English => format!("{l}{rank}"),
            };
            out.push((
                text,
                Desc {
                    from_rank: Some(rank),
                    ..base
                },
            ));
            for (name, mask, rank) in square_names(sys, from, turn, old) {
                let text = match sys {
                    System::Spanish => format!("{l}({name})"),
                    System::English if style.glued => format!("{l}/{name}"),
                    System::English => format!("{l}({name})"),
                };
                out.push((
                    text,
                    Desc {
                        from_files: mask,
                        from_rank: Some(rank),
                        ..base
                    },
                ));
            }
        }
    };
    if style.glued {
        glued(&mut out);
        bracketed(&mut out);
    } else {
        bracketed(&mut out);
        glued(&mut out);
    }
    out
}

/// The ways to name where the move goes or what it takes: text, and what it adds to the
/// model.
fn targets(style: &Style, m: Move, turn: Color) -> Vec<(String, Desc)> {
    let sys = style.system;
    let old = style.old_words;
    let base = Desc::new(m);
    let mut out = Vec::new();
    if let Some(taken) = m.capture() {
        let at = match m {
            Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
            _ => m.to(),
        };
        let l = letter(sys, taken, old);
        let mut named = Vec::new();
        if taken == Role::Pawn {
            for (name, mask) in file_names(sys, at.file() as usize, old) {
                let text = match sys {
                    System::Spanish => format!("P{name}"),
                    System::English => format!("{name}P"),
                };
                named.push((
                    text,
                    Desc {
                        to_files: mask,
                        ..base
                    },
                ));
            }
        } else if matches!(taken, Role::Knight | Role::Bishop | Role::Rook) {
            for king in [at.file() as u8 >= 4, (at.file() as u8) < 4] {
                let text = match (sys, king) {
                    (System::Spanish, true) => format!("{l}R"),
                    (System::Spanish, false) => format!("{l}D"),
                    (System::English, true) => format!("K{l}"),
                    (System::English, false) => format!("Q{l}"),
                };
                named.push((
                    text,
                    Desc {
                        taken_wing: Some(king),
                        ..base
                    },
                ));
            }
        }
        let plain = (l.to_owned(), base);
        if style.name_taken && style.glued {
            out.extend(named.iter().cloned());
            out.push(plain);
        } else {
            out.push(plain);
            if style.glued {
                out.extend(named.iter().cloned());
            }
        }
        if sys == System::Spanish {
            for (name, mask) in file_names(sys, at.file() as usize, old) {
                out.push((
                    format!("{l}({name})"),
                    Desc {
                        to_files: mask,
                        ..base
                    },
                ));
            }
        }
        for (name, mask, rank) in square_names(sys, at, turn, old) {
            out.push((
                format!("{l}({name})"),
                Desc {
                    to_files: mask,
                    to_rank: Some(rank),
                    ..base
                },
            ));
        }
        if !style.glued {
            out.extend(named);
        }
    } else {
        for (name, mask, rank) in square_names(sys, m.to(), turn, old) {
            out.push((
                name,
                Desc {
                    to_files: mask,
                    to_rank: Some(rank),
                    ..base
                },
            ));
        }
    }
    out
}

fn promotion_text(style: &Style, role: Role) -> String {
    let l = letter(style.system, role, style.old_words);
    match (style.system, style.promotion % 4) {
        (System::Spanish, 0 | 2) => format!(":{l}"),
        (System::Spanish, _) => format!("={l}"),
        (System::English, 0) => format!("={l}"),
        (System::English, 1) => format!("({l})"),
        (System::English, 2) => l.to_owned(),
        (System::English, _) => format!("/{l}"),
    }
}

fn check_text(style: &Style, pos: &shakmaty::Chess, m: Move) -> String {
    let mut after = pos.clone();
    after.play_unchecked(m);
    if !after.is_check() {
        return String::new();
    }
    let mate = after.is_checkmate();
    let double = after.checkers().count() > 1;
    let king = after.board().king_of(after.turn());
    let direct =
        king.is_some_and(|k| after.board().attacks_from(m.to()).contains(k)) && !m.is_castle();
    let discovered = !double && !direct && !m.is_castle();
    match (style.system, style.check) {
        (System::Spanish, Check::Glued) => if mate { "++" } else { "+" }.to_owned(),
        (System::Spanish, Check::Apart) => if mate { " ++" } else { " +" }.to_owned(),
        (System::Spanish, Check::Words) => {
            if mate {
                if (m.to().file() as u8).is_multiple_of(2) {
                    " jaque mate".to_owned()
                } else {
                    " mate".to_owned()
                }
            } else {
                " jaque".to_owned()
            }
        }
        (System::English, Check::Glued) => if mate {
            "mate"
        } else if double {
            "dblch"
        } else if discovered {
            "dis.ch"
        } else {
            "ch"
        }
        .to_owned(),
        (System::English, Check::Apart) => if mate {
            " mate"
        } else if double {
            " dbl ch"
        } else if discovered {
            " dis ch"
        } else {
            " ch"
        }
        .to_owned(),
        (System::English, Check::Words) => if mate {
            " ++"
        } else if double {
            " db ch"
        } else if discovered {
            " dis.ch"
        } else {
            " +"
        }
        .to_owned(),
    }
}

/// The word for `m` in `pos`, in `style`, with its check sign; `None` if no form the
/// writer knows names `m` alone.
pub fn write_move(
    style: &Style,
    pos: &shakmaty::Chess,
    started: &Started,
    m: Move,
) -> Option<String> {
    let legal = pos.legal_moves();
    let turn = pos.turn();
    let text = if let Some(side) = m.castling_side() {
        let castles = legal.iter().filter(|l| l.is_castle()).count();
        match (style.system, style.old_words, side) {
            (System::Spanish, _, CastlingSide::KingSide) => "0-0".to_owned(),
            (System::Spanish, _, CastlingSide::QueenSide) => "0-0-0".to_owned(),
            (System::English, true, _) if castles == 1 => "castles".to_owned(),
            (System::English, true, CastlingSide::KingSide) => "Castles K".to_owned(),
            (System::English, true, CastlingSide::QueenSide) => "castles QR".to_owned(),
            (System::English, false, CastlingSide::KingSide) => "O-O".to_owned(),
            (System::English, false, CastlingSide::QueenSide) => "O-O-O".to_owned(),
        }
    } else {
        let promotion = m
            .promotion()
            .map(|r| {
                // `PxRQ` would read as a piece `RQ`: a capture gets `=Q`.
                let way = if m.is_capture() && style.promotion % 4 == 2 {
                    0
                } else {
                    style.promotion
                };
                promotion_text(
                    &Style {
                        promotion: way,
                        ..*style
                    },
                    r,
                )
            })
            .unwrap_or_default();
        let ep = if m.is_en_passant() {
            match (style.system, style.check) {
                (System::Spanish, _) => " a.p.",
                (System::English, Check::Glued) => "e.p.",
                (System::English, Check::Apart) => " e.p.",
                (System::English, Check::Words) => " ep",
            }
        } else {
            ""
        };
        let mut found = None;
        'search: for (target, t) in targets(style, m, turn) {
            for (mover, d) in movers(style, m, turn) {
                let desc = Desc {
                    to_files: t.to_files,
                    to_rank: t.to_rank,
                    taken_wing: t.taken_wing,
                    ..d
                };
                let named = desc.named(&legal, turn, started);
                if named.len() == 1 && named[0] == m {
                    found = Some((mover, target, desc));
                    break 'search;
                }
            }
        }
        // A pawn named by its file, going to a rank: `PCR4` (every other style).
        if let Some((mover, _, desc)) = &found
            && style.system == System::Spanish
            && style.promotion % 2 == 1
            && m.role() == Role::Pawn
            && !m.is_capture()
            && mover.len() > 1
            && !mover.contains('(')
        {
            let rank_only = Desc {
                to_files: 0xff,
                ..*desc
            };
            let named = rank_only.named(&legal, turn, started);
            if named.len() == 1 && named[0] == m {
                let rank = rank_of(m.to(), turn);
                return Some(format!(
                    "{mover}{rank}{promotion}{}",
                    check_text(style, pos, m)
                ));
            }
        }
        let (mover, target, _) = found?;
        match (style.system, m.is_capture()) {
            (System::Spanish, _) if m.is_capture() => format!("{mover}x{target}{promotion}{ep}"),
            (System::Spanish, _) => format!("{mover}{target}{promotion}"),
            (System::English, true) => format!("{mover}x{target}{promotion}{ep}"),
            (System::English, false) => format!("{mover}-{target}{promotion}"),
        }
    };
    let check = check_text(style, pos, m);
    // A sign glued after `e.p.` or a word gets a space: `PxP e.p. ch`, `castles ch`.
    let after_word = m.is_en_passant() || text.to_ascii_lowercase().starts_with("castles");
    let space = if after_word && !check.is_empty() && !check.starts_with(' ') {
        " "
    } else {
        ""
    };
    Some(format!("{text}{space}{check}"))
}

/// A game as movetext in `style` (without tags or result), from `start`.
pub fn write_game(style: &Style, start: &shakmaty::Chess, moves: &[Move]) -> Option<String> {
    let mut pos = start.clone();
    let mut started = Started::of(start);
    let mut out = String::new();
    let dot = if style.dots { "." } else { "" };
    for (k, &m) in moves.iter().enumerate() {
        let word = write_move(style, &pos, &started, m)?;
        let number = pos.fullmoves().get();
        let white = pos.turn() == Color::White;
        match (style.layout, white) {
            (_, true) => out.push_str(&format!("{number}{dot} {word}")),
            (Layout::Pairs, false) if k == 0 => out.push_str(&format!("{number}... {word}")),
            (Layout::Pairs, false) => out.push_str(&format!(" {word}\n")),
            (Layout::SplitPairs, false) if k == 0 => out.push_str(&format!("{number}... {word}\n")),
            (Layout::SplitPairs, false) => out.push_str(&format!("\n{word}\n")),
            (Layout::OnePerLine, false) if k == 0 => out.push_str(&format!("{number}... {word}\n")),
            (Layout::OnePerLine, false) => out.push_str(&format!("\n{number}{dot} ... {word}\n")),
        }
        pos.play_unchecked(m);
        started.play(m);
    }
    Some(out)
}

/// Where each piece started, when known: from the standard setup, and not for a piece a
/// pawn became. (Written here again, apart from the reader's.)
#[derive(Clone)]
pub struct Started([Option<Square>; 64]);

impl Started {
    pub fn of(start: &shakmaty::Chess) -> Started {
        let mut squares = [None; 64];
        if *start.board() == shakmaty::Board::default() {
            for sq in Square::ALL {
                if start.board().piece_at(sq).is_some() {
                    squares[sq as usize] = Some(sq);
                }
            }
        }
        Started(squares)
    }

    pub fn play(&mut self, m: Move) {
        let s = &mut self.0;
        match m {
            Move::Castle { king, rook } => {
                let king_side = rook.file() > king.file();
                let (k, r) = (s[king as usize].take(), s[rook as usize].take());
                let rank = king.rank();
                let (king_file, rook_file) = if king_side {
                    (shakmaty::File::G, shakmaty::File::F)
                } else {
                    (shakmaty::File::C, shakmaty::File::D)
                };
                s[Square::from_coords(king_file, rank) as usize] = k;
                s[Square::from_coords(rook_file, rank) as usize] = r;
            }
            Move::EnPassant { from, to } => {
                s[Square::from_coords(to.file(), from.rank()) as usize] = None;
                s[to as usize] = s[from as usize].take();
            }
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                let origin = s[from as usize].take();
                s[to as usize] = if promotion.is_some() { None } else { origin };
            }
            Move::Put { to, .. } => s[to as usize] = None,
        }
    }

    /// Whether the piece on `sq` started on the king's side (files e to h), when known.
    fn king_side(&self, sq: Square) -> Option<bool> {
        self.0[sq as usize].map(|o| o.file() as u8 >= 4)
    }
}

/// The styles the games are written in.
pub fn styles() -> Vec<Style> {
    let mut out = Vec::new();
    let checks = [Check::Glued, Check::Apart, Check::Words];
    let layouts = [Layout::Pairs, Layout::SplitPairs, Layout::OnePerLine];
    let mut k = 0usize;
    for system in [System::Spanish, System::English] {
        for glued in [true, false] {
            for name_taken in [true, false] {
                for dots in [true, false] {
                    out.push(Style {
                        system,
                        glued,
                        name_taken,
                        check: checks[k % 3],
                        dots,
                        layout: layouts[(k / 3) % 3],
                        old_words: k.is_multiple_of(2),
                        promotion: (k % 4) as u8,
                    });
                    k += 1;
                }
            }
        }
    }
    out
}

/// Whether naming the piece of `m` by the wing it started on names another piece under the
/// other reading (the one furthest toward that wing): the moves where books that name by
/// origin and books that name by position part.
pub fn wing_readings_differ(pos: &shakmaty::Chess, started: &Started, m: Move) -> bool {
    if !matches!(m.role(), Role::Knight | Role::Bishop | Role::Rook) || m.is_castle() {
        return false;
    }
    let Some(from) = m.from() else { return false };
    let Some(king) = started.king_side(from) else {
        return false;
    };
    let rivals: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|l| l.role() == m.role() && l.to() == m.to() && !l.is_castle())
        .collect();
    if rivals.len() < 2 {
        return false;
    }
    let files = rivals.iter().filter_map(|l| l.from()).map(|f| f.file());
    let target = if king { files.max() } else { files.min() };
    Some(from.file()) != target
}
