//! What the text of a chess move claims beside the move: a check (`+`), a mate (`#`), a
//! capture (`x`, `:`), an en passant capture (`e.p.`). Readers take the move without the
//! claim, as python-chess and pgn-extract do; a claim the move does not make is a warning
//! with its place (an error with `--strict`), since it shows a slip in the record.

use record::Pos;
use shakmaty::{Chess, Color, Move, Position};

use super::chess_game::first_ply;
use super::error::{GameError, Ply};

/// Whether `text` ends otherwise than with a square, a piece or a rank: a sign (`+`, `#`,
/// `†`, `e.p.`) follows.
#[inline]
pub(crate) fn ends_with_sign(text: &str) -> bool {
    !text
        .as_bytes()
        .last()
        .is_some_and(u8::is_ascii_alphanumeric)
}

/// What `text`, read as the move `m`, claims that `m` does not do; `None` when every claim
/// holds. Only algebraic texts (SAN, long, UCI, in any language) are looked at:
/// descriptive words name captures and checks by their own words, which the reader matches.
///
/// `after` is the position after the move.
#[inline]
pub(crate) fn false_claim(text: &str, m: Move, after: &Chess) -> Option<String> {
    // Most words end with a square or a piece letter (no sign) and claim a capture only if
    // they make one: nothing to look at further. Signs stand at the end (`+`, `#`, `†`,
    // `e.p.`); `x`, `:` or `×` inside.
    let b = text.as_bytes();
    let plain_end = !ends_with_sign(text);
    let marks = |c: &u8| matches!(c, b'x' | b':') || !c.is_ascii();
    if plain_end && (m.is_capture() || !b.iter().any(marks)) {
        return None;
    }
    claim_of_signs(text, m, after)
}

/// [`false_claim`] for a word with a sign or a capture mark (a reader that knows whether
/// the word marked a capture calls it only then, or when the word ends with a sign: see
/// [`ends_with_sign`]).
#[cold]
pub(crate) fn claim_of_signs(text: &str, m: Move, after: &Chess) -> Option<String> {
    // The usual sign: one `+` after the square or piece, on a capture or a word that marks
    // none.
    if let [.., last, b'+'] = *text.as_bytes()
        && last.is_ascii_alphanumeric()
        && (m.is_capture() || !text.contains(['x', ':']))
    {
        return (!after.is_check())
            .then(|| format!("`{}` claims check, but the move gives none", text.trim()));
    }
    let (mut check, mut mate, mut takes, mut other) = (false, false, false, false);
    for b in text.bytes() {
        match b {
            b'+' => check = true,
            b'#' => mate = true,
            b'x' | b':' => takes = true,
            // `.` of `e.p.`, and the first byte of `×` and `†`.
            b'.' | 0xC3 | 0xE2 => other = true,
            _ => {}
        }
    }
    if !(check || mate || other || takes && !m.is_capture()) {
        return None;
    }
    let word = text.trim();
    if other {
        check |= word.contains('†');
        takes |= word.contains('×');
        if word.contains("e.p") && !m.is_en_passant() {
            return Some(format!(
                "`{word}` is marked en passant, but it is {}",
                if m.is_capture() {
                    "an ordinary capture"
                } else {
                    "no capture"
                }
            ));
        }
    }
    if mate && !after.is_checkmate() {
        return Some(if after.is_check() {
            format!("`{word}` claims mate, but the move only gives check")
        } else {
            format!("`{word}` claims mate, but the move gives no check")
        });
    }
    if check && !mate && !after.is_check() {
        return Some(format!("`{word}` claims check, but the move gives none"));
    }
    // `x` and `:` stand only for captures in algebraic words (files are a..h, pieces
    // upper case); `×` is the typographic sign.
    if takes && !m.is_capture() {
        return Some(format!(
            "`{word}` is written as a capture, but the move takes nothing"
        ));
    }
    None
}

/// The move numbers written in a game (`12.`, `12...`) against the moves they stand before:
/// a number that skips or repeats one is a claim that does not hold. Both readers keep one.
///
/// A game from the standard start is numbered from 1. A game from a FEN is numbered from
/// the FEN's move number or from wherever its text starts (records often number a position
/// from 1): its main line's first number sets where.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Numbering {
    /// The number of the game's first move, once known.
    first: Option<u32>,
    /// Black makes the game's first move.
    black_first: bool,
}

/// What [`Numbering::check`] found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum NumberCheck {
    /// The number is the move's.
    Holds,
    /// The number skips or repeats one: the warning's text.
    Wrong(String),
    /// A side line's number before the main line set where a FEN game's numbers start: not
    /// checked (the one-pass reader, which meets it first, gives the game to the general
    /// one, which reads the main line first).
    Unsettled,
}

impl Numbering {
    /// The numbering of a game from `start`, given by a FEN tag or not.
    pub(crate) fn new(start: &Chess, from_fen: bool) -> Numbering {
        Numbering {
            first: (!from_fen).then(|| start.fullmoves().get()),
            black_first: start.turn() == Color::Black,
        }
    }

    /// Whether `written` is the number due before the move at 0-based `ply`, as far as is
    /// known: the quick test before [`Numbering::check`].
    #[inline]
    pub(crate) fn holds(&self, written: u32, ply: usize) -> bool {
        let moves_before = self.moves_before(ply);
        self.first
            .is_some_and(|first| first as usize + moves_before == written as usize)
    }

    /// The moves (White's and Black's together) before the one at 0-based `ply`.
    #[inline]
    fn moves_before(&self, ply: usize) -> usize {
        (ply + usize::from(self.black_first)) / 2
    }

    /// Checks the number `written` before the move at 0-based `ply` among the game's plies
    /// (a side line counts from where it branches), in the main line or not.
    pub(crate) fn check(&mut self, written: u32, ply: usize, main_line: bool) -> NumberCheck {
        if self.holds(written, ply) {
            return NumberCheck::Holds;
        }
        let moves_before = u32::try_from(self.moves_before(ply)).unwrap_or(u32::MAX);
        let first = match self.first {
            Some(first) => first,
            None if main_line => {
                // Where the text starts numbering; a number below 1 cannot be a start.
                let first = written
                    .checked_sub(moves_before)
                    .filter(|f| *f >= 1)
                    .unwrap_or(1);
                self.first = Some(first);
                first
            }
            None => return NumberCheck::Unsettled,
        };
        let due = first.saturating_add(moves_before);
        if written == due {
            return NumberCheck::Holds;
        }
        NumberCheck::Wrong(format!(
            "move {due} is numbered {written}: a move number {}",
            if written > due { "skipped" } else { "repeated" }
        ))
    }
}

/// Which move of the game a position's next move is, or its last move was: its number and
/// whether Black makes it, as a claim's error names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mover {
    /// Half-moves from move 1 (White's) to the move.
    abs: usize,
}

impl Mover {
    /// The move made from `before`.
    pub(crate) fn from(before: &Chess) -> Mover {
        Mover {
            abs: first_ply(before) as usize,
        }
    }

    /// The move `plies` half-moves after this one.
    pub(crate) fn later(self, plies: usize) -> Mover {
        Mover {
            abs: self.abs + plies,
        }
    }

    /// The move that led to `after` (no copy of the position before it is needed).
    pub(crate) fn to(after: &Chess) -> Mover {
        Mover {
            abs: Mover::from(after).abs.saturating_sub(1),
        }
    }

    /// The move as an error names it: `text` written for it, the `index`th of the game's
    /// plies (1-based; side lines counted from where they branch).
    pub(crate) fn ply(self, index: usize, text: String) -> Ply {
        Ply {
            index,
            number: (self.abs / 2 + 1) as u32,
            second: self.abs % 2 == 1,
            text,
        }
    }
}

/// The warning (or, strict, error) for a false claim `message` of the move written `text` at
/// `at`, the move with 1-based index `index` in the game's plies (side lines counted from
/// where they branch), made by `mover`: placed as the chess reader places its errors.
#[cold]
pub(crate) fn claim_error(
    text: &str,
    at: Pos,
    index: usize,
    mover: Mover,
    message: String,
) -> GameError {
    GameError {
        at,
        ply: Some(mover.ply(index, text.to_string())),
        message,
        problem: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    /// The claim of `text`, written for the move `san` after `moves`.
    fn claim(moves: &[&str], san: &str, text: &str) -> Option<String> {
        let mut pos = Chess::default();
        for m in moves {
            let mv = m.parse::<San>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(mv);
        }
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(mv);
        false_claim(text, mv, &pos)
    }

    #[test]
    fn claims() {
        assert_eq!(claim(&[], "e4", "e4"), None);
        assert!(claim(&[], "e4", "e4+").unwrap().contains("claims check"));
        assert!(
            claim(&[], "Nf3", "Nf3#")
                .unwrap()
                .contains("gives no check")
        );
        let fools = ["f3", "e5", "g4"];
        assert_eq!(claim(&fools, "Qh4", "Qh4#"), None);
        assert_eq!(claim(&fools, "Qh4", "Qh4+"), None, "a mate is a check");
        let f5 = ["e4", "f5"];
        assert!(
            claim(&f5, "Qh5", "Qh5#")
                .unwrap()
                .contains("only gives check")
        );
        assert_eq!(claim(&["e4", "d5"], "exd5", "exd5"), None);
        assert_eq!(claim(&["e4", "d5"], "exd5", "e4:d5"), None);
        assert!(claim(&[], "Nf3", "Nxf3").unwrap().contains("takes nothing"));
        let d5 = ["e4", "d5"];
        assert!(
            claim(&d5, "exd5", "exd5 e.p.")
                .unwrap()
                .contains("ordinary capture")
        );
        let ep = ["e4", "a6", "e5", "d5"];
        assert_eq!(claim(&ep, "exd6", "exd6 e.p."), None);
        assert_eq!(
            claim(&ep, "exd6", "e5xd6e.p.+"),
            Some("`e5xd6e.p.+` claims check, but the move gives none".into())
        );
    }

    #[test]
    fn the_mover_is_the_same_from_either_side_of_its_move() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4K2R b K - 3 41",
            "4k3/8/8/8/8/8/8/4K2R w K - 3 41",
        ];
        for fen in fens {
            let before = chess_notation::position_from_fen(fen).unwrap();
            let m = before.legal_moves()[0];
            let mut after = before.clone();
            after.play_unchecked(m);
            assert_eq!(Mover::from(&before), Mover::to(&after), "{fen}");
        }
        let black = chess_notation::position_from_fen(fens[3].replace(" w ", " b ").as_str());
        let e = claim_error(
            "Kd7",
            Pos::default(),
            2,
            Mover::from(&black.unwrap()),
            "m".into(),
        );
        let ply = e.ply.unwrap();
        assert_eq!((ply.number, ply.second), (41, true));
    }
}
