//! Writing moves: SAN, long algebraic and UCI, and the entry point that
//! dispatches to the descriptive writers.

use core::fmt::Write as _;

use shakmaty::{CastlingSide, Move, Position, Role, san::San};

use crate::castling::push_castle;
use crate::check::{CheckKind, check_kind};
use crate::language::figurine;
use crate::{DescriptiveSystem, Notation, WriteOptions};

/// Writes a legal move of `pos` in the notation, language and style of
/// `options`, with its check or mate sign (found by playing the move).
///
/// The move must be legal in `pos`; an illegal move gives a meaningless
/// (but harmless) text.
///
/// ```
/// use chess_notation::{Language, Notation, WriteOptions, write_move};
/// use shakmaty::{Chess, Move, Role, Square};
///
/// let pos = Chess::default();
/// let nf3 = Move::Normal {
///     role: Role::Knight,
///     from: Square::G1,
///     capture: None,
///     to: Square::F3,
///     promotion: None,
/// };
/// let san = |notation, language| write_move(&pos, &nf3, &WriteOptions::new(notation, language));
/// assert_eq!(san(Notation::San, Language::English), "Nf3");
/// assert_eq!(san(Notation::San, Language::German), "Sf3");
/// assert_eq!(san(Notation::Long, Language::Spanish), "Cg1-f3");
/// assert_eq!(san(Notation::Uci, Language::English), "g1f3");
/// let figurines = WriteOptions::default().with_figurines(true);
/// assert_eq!(write_move(&pos, &nf3, &figurines), "♘f3");
/// ```
pub fn write_move<P: Position + Clone>(pos: &P, m: &Move, options: &WriteOptions) -> String {
    let mut out = String::with_capacity(8);
    match options.notation {
        // Descriptive notation has no drops (its books knew none): a drop is written as
        // algebraic notation writes it, in the letters of the system's language (`N@e3`,
        // Spanish `C@e3`), which the readers read in any notation.
        Notation::Descriptive(system) if m.is_put() => {
            let letters = WriteOptions {
                language: system.language(),
                figurines: false,
                ..*options
            };
            write_algebraic(pos, *m, &letters, false, &mut out)
        }
        Notation::San => write_algebraic(pos, *m, options, false, &mut out),
        Notation::Long => write_algebraic(pos, *m, options, true, &mut out),
        Notation::Uci => {
            let _ = write!(out, "{}", m.to_uci(pos.castles().mode()));
        }
        Notation::Descriptive(DescriptiveSystem::Spanish) => {
            crate::descriptive::spanish::write(pos, *m, options, &mut out);
        }
        Notation::Descriptive(DescriptiveSystem::English) => {
            crate::descriptive::english::write(pos, *m, options, &mut out);
        }
    }
    out
}

/// Writes every move of a line, starting from `start`.
///
/// The moves must be legal one after the other.
///
/// ```
/// use chess_notation::{Language, Notation, WriteOptions, read_line_as, write_line};
/// use shakmaty::Chess;
///
/// let start = Chess::default();
/// let moves = read_line_as(&start, &["e4", "e5", "Nf3"], Notation::San, Language::English)?;
/// let spanish = WriteOptions::new(Notation::San, Language::Spanish);
/// assert_eq!(write_line(&start, &moves, &spanish), ["e4", "e5", "Cf3"]);
/// # Ok::<_, chess_notation::LineError>(())
/// ```
pub fn write_line<P: Position + Clone>(
    start: &P,
    moves: &[Move],
    options: &WriteOptions,
) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|m| {
            let text = write_move(&pos, m, options);
            pos.play_unchecked(*m);
            text
        })
        .collect()
}

pub(crate) fn push_algebraic_suffix(kind: CheckKind, options: &WriteOptions, out: &mut String) {
    if options.no_check_signs {
        return;
    }
    match kind {
        CheckKind::None => {}
        CheckKind::Check | CheckKind::Discovered | CheckKind::Double => out.push('+'),
        CheckKind::Mate if options.mate_sign_double => out.push_str("++"),
        CheckKind::Mate => out.push('#'),
    }
}

fn push_piece<P: Position>(pos: &P, role: Role, options: &WriteOptions, out: &mut String) {
    if options.figurines {
        out.push(figurine(role, pos.turn()));
    } else {
        out.push(options.language.letter(role));
    }
}

fn write_algebraic<P: Position + Clone>(
    pos: &P,
    m: Move,
    options: &WriteOptions,
    long: bool,
    out: &mut String,
) {
    match m {
        Move::Castle { .. } => {
            let side = m.castling_side().unwrap_or(CastlingSide::KingSide);
            push_castle(side, options.castling_zeros, out);
        }
        Move::Put { role, to } => {
            // `P@e4` for a pawn, as lichess writes it (python-chess and shakmaty write `@e4`;
            // all read both); `@e4` where `P` names another piece (Dutch).
            let pawn_letter = options.language.letter(Role::Pawn);
            if role != Role::Pawn
                || options.figurines
                || options.language.role(pawn_letter).is_none()
            {
                push_piece(pos, role, options, out);
            }
            out.push('@');
            let _ = write!(out, "{to}");
        }
        Move::Normal { .. } | Move::EnPassant { .. } => {
            let role = m.role();
            if role != Role::Pawn {
                push_piece(pos, role, options, out);
            }
            let from = m.from().unwrap_or(m.to());
            if long {
                let _ = write!(out, "{from}");
                out.push(if m.is_capture() { 'x' } else { '-' });
            } else {
                if let San::Normal { file, rank, .. } = San::from_move(pos, m) {
                    if let Some(file) = file {
                        out.push(file.char());
                    }
                    if let Some(rank) = rank {
                        out.push(rank.char());
                    }
                }
                if m.is_capture() {
                    out.push('x');
                }
            }
            let _ = write!(out, "{}", m.to());
            if let Some(promotion) = m.promotion() {
                out.push('=');
                push_piece(pos, promotion, options, out);
            }
        }
    }
    push_algebraic_suffix(check_kind(pos, m), options, out);
}
