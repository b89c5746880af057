//! Patterns of pieces a position must show, for the search by material and pattern: pieces
//! on given squares, pieces anywhere, a number of pieces of a kind.
//!
//! Written as words separated by spaces or commas, each a piece and where: draughts `W` a
//! white man, `WK` a white king, `B` a black man, `BK` a black king; chess FEN's letters
//! (`P N B R Q K` White's, `p n b r q k` Black's); then a square (a number or `e3` on a
//! draughts board, `e4` in chess), or `*` for anywhere, or `*N` for exactly N of them.
//! `W27 W28 BK*`: white men on 27 and 28, and a black king somewhere.

use games::{AnyPosition, AnyVariant};

/// A pattern of pieces, read for a variant (see the module's description).
///
/// ```
/// use database::Pattern;
/// use games::AnyVariant;
/// let international: AnyVariant = "international".parse().unwrap();
/// let p = Pattern::parse("W27 W28 BK*", international).unwrap();
/// let yes = international.position_from_fen("W:W27,28,40:BK3,12").unwrap();
/// let no = international.position_from_fen("W:W27,28,40:B3,12").unwrap();
/// assert!(p.matches(&yes) && !p.matches(&no));
/// let chess: AnyVariant = "standard".parse().unwrap();
/// let q = Pattern::parse("Q*0 q*0 P*8", chess).unwrap();
/// assert!(!q.matches(&chess.start()));
/// assert!(Pattern::parse("Pe9", chess).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    variant: AnyVariant,
    terms: Vec<Term>,
}

/// One word of a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Term {
    piece: Kind,
    place: Place,
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Draughts { white: bool, king: bool },
    Chess(shakmaty::Piece),
}

/// Where the pieces of a term stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// On this square (a draughts square's index, a chess square's number).
    On(u8),
    /// Somewhere.
    Anywhere,
    /// Exactly this many of them.
    Count(u32),
}

impl Pattern {
    /// Reads a pattern for `variant`'s board.
    ///
    /// # Errors
    ///
    /// What does not read, for a person.
    pub fn parse(text: &str, variant: AnyVariant) -> Result<Pattern, String> {
        let mut terms = Vec::new();
        for word in text.split([' ', ',', ';']).filter(|w| !w.is_empty()) {
            terms.push(term(word, variant).map_err(|e| format!("pattern `{word}`: {e}"))?);
        }
        if terms.is_empty() {
            return Err("an empty pattern: write pieces and squares, such as `W27 W28 BK*`".into());
        }
        Ok(Pattern { variant, terms })
    }

    /// The variant the pattern was read for.
    pub fn variant(&self) -> AnyVariant {
        self.variant
    }

    /// Whether `position` shows every term of the pattern.
    pub fn matches(&self, position: &AnyPosition) -> bool {
        self.terms.iter().all(|t| t.holds(position))
    }
}

fn term(word: &str, variant: AnyVariant) -> Result<Term, String> {
    let (piece, rest) = match variant {
        AnyVariant::Draughts(_) => {
            let upper = word.to_ascii_uppercase();
            let (white, king, n) = if upper.starts_with("WK") {
                (true, true, 2)
            } else if upper.starts_with("BK") {
                (false, true, 2)
            } else if upper.starts_with('W') {
                (true, false, 1)
            } else if upper.starts_with('B') {
                (false, false, 1)
            } else {
                return Err("a draughts piece is W, WK, B or BK".into());
            };
            (Kind::Draughts { white, king }, &word[n..])
        }
        AnyVariant::Chess(_) => {
            let c = word.chars().next().ok_or("empty")?;
            let piece = shakmaty::Piece::from_char(c)
                .ok_or("a chess piece is one of P N B R Q K (White) or p n b r q k (Black)")?;
            (Kind::Chess(piece), &word[c.len_utf8()..])
        }
    };
    let place = if let Some(count) = rest.strip_prefix('*') {
        if count.is_empty() {
            Place::Anywhere
        } else {
            Place::Count(
                count
                    .parse()
                    .map_err(|_| format!("`{count}` is not a number"))?,
            )
        }
    } else {
        match variant {
            AnyVariant::Draughts(v) => Place::On(
                draughts::Square::parse(rest, v.size)
                    .map_err(|e| e.to_string())?
                    .index(),
            ),
            AnyVariant::Chess(_) => Place::On(
                rest.parse::<shakmaty::Square>()
                    .map_err(|_| format!("`{rest}` is not a square"))? as u8,
            ),
        }
    };
    Ok(Term { piece, place })
}

impl Term {
    fn holds(&self, position: &AnyPosition) -> bool {
        match (self.piece, position) {
            (Kind::Draughts { white, king }, AnyPosition::Draughts(p)) => {
                let color = if white {
                    draughts::Color::White
                } else {
                    draughts::Color::Black
                };
                let set = if king { p.kings(color) } else { p.men(color) };
                match self.place {
                    Place::On(i) => {
                        draughts::Square::from_index(i, p.size()).is_some_and(|sq| set.contains(sq))
                    }
                    Place::Anywhere => !set.is_empty(),
                    Place::Count(n) => set.len() == n as usize,
                }
            }
            (Kind::Chess(piece), AnyPosition::Chess(p)) => {
                use shakmaty::Position as _;
                let set = p.board().by_piece(piece);
                match self.place {
                    Place::On(i) => {
                        shakmaty::Square::try_from(u32::from(i)).is_ok_and(|sq| set.contains(sq))
                    }
                    Place::Anywhere => set.any(),
                    Place::Count(n) => set.count() == n as usize,
                }
            }
            _ => false,
        }
    }
}
