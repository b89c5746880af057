//! Positions and moves of either family behind one interface, for the web pages and games
//! played on the site: read a FEN, list the legal moves with their notation, play a move by
//! its id, say whether the game is over.

use chess_notation::WriteOptions as ChessOptions;
use draughts::{MoveReader, MoveStyle, SquareStyle, Variant, write_move_among};
use shakmaty::uci::UciMove;
use shakmaty::variant::VariantPosition;
use shakmaty::{Chess, EnPassantMode, KnownOutcome, Outcome, Position as _, fen::Fen};

use super::rules::Rules;
use crate::render::{BoardView, Cell, PieceView};

/// A position of either family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    /// A draughts position (it knows its variant).
    Draughts(draughts::Position),
    /// A chess position, in its variant's rules (standard chess and Chess960 as
    /// `VariantPosition::Chess`).
    Chess(VariantPosition),
}

/// A move of either family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyMove {
    /// A draughts move.
    Draughts(draughts::Move),
    /// A chess move.
    Chess(shakmaty::Move),
}

/// How to write moves, for both families.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NotationChoice {
    /// Chess: notation, language, figurines.
    pub chess: ChessOptions,
    /// Draughts: write squares this way instead of the variant's way.
    pub squares: Option<SquareStyle>,
}

/// A legal move described for a board: its id, its text, and its squares.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct LegalMove {
    /// The move's id (draughts: full numeric path such as `31x22x13`; chess: UCI).
    pub id: String,
    /// The move in the chosen notation.
    pub text: String,
    /// Start square name.
    pub from: String,
    /// End square name.
    pub to: String,
    /// Every landing square, ending with `to`.
    pub path: Vec<String>,
    /// Squares of the pieces taken.
    pub captures: Vec<String>,
    /// Chess promotion piece (`q r b n`).
    pub promotion: Option<char>,
}

/// Whether a position ends the game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum Status {
    /// Play goes on.
    Ongoing,
    /// One side has won.
    Won {
        /// `white` or `black`.
        winner: &'static str,
        /// `no-moves` (draughts), `checkmate`, or `variant-win` (a chess variant's own rule:
        /// Atomic's exploded king, the hill, the third check, ...).
        reason: &'static str,
    },
    /// A draw.
    Drawn {
        /// `stalemate`, `insufficient-material`, `variant-draw`, or a draughts draw rule.
        reason: &'static str,
    },
}

impl Status {
    /// Whether White won: `Some(true)`, `Some(false)` when Black did, `None` for a draw or
    /// a game going on.
    pub fn white_won(&self) -> Option<bool> {
        match self {
            Status::Won { winner, .. } => Some(*winner == "white"),
            _ => None,
        }
    }

    /// The result as the rules write it: `1-0`, `0-1`, `1/2-1/2` in chess; a draughts
    /// variant's own (`2-0` in International, and in American `1-0` is Black's win, as
    /// Black moves first); `*` while play goes on.
    ///
    /// ```
    /// use games::{Rules, Status};
    /// let black = Status::Won { winner: "black", reason: "no-moves" };
    /// assert_eq!(black.result(Rules::Chess), "0-1");
    /// assert_eq!(black.result(Rules::Draughts(draughts::Variant::AMERICAN)), "1-0");
    /// assert_eq!(Status::Drawn { reason: "stalemate" }.result(Rules::Draughts(draughts::Variant::INTERNATIONAL)), "1-1");
    /// assert_eq!(Status::Ongoing.result(Rules::Chess), "*");
    /// ```
    pub fn result(&self, rules: Rules) -> &'static str {
        let winner = match self {
            Status::Ongoing => return "*",
            Status::Won { .. } => Some(self.white_won() == Some(true)),
            Status::Drawn { .. } => None,
        };
        match rules {
            Rules::Draughts(v) => v.result_for(winner.map(|white| {
                if white {
                    draughts::Color::White
                } else {
                    draughts::Color::Black
                }
            })),
            Rules::Chess => match winner {
                Some(true) => "1-0",
                Some(false) => "0-1",
                None => "1/2-1/2",
            },
        }
    }
}

/// The id of a draughts move: start, then each landing square, as numbers.
pub fn draughts_move_id(m: &draughts::Move) -> String {
    let mut s = m.from().number().to_string();
    if m.is_capture() {
        for sq in m.path() {
            s.push('x');
            s.push_str(&sq.number().to_string());
        }
    } else {
        s.push('-');
        s.push_str(&m.to().number().to_string());
    }
    s
}

fn color_name(white: bool) -> &'static str {
    if white { "white" } else { "black" }
}

impl AnyPosition {
    /// The start position of `rules`.
    pub fn start(rules: Rules) -> AnyPosition {
        match rules {
            Rules::Draughts(v) => AnyPosition::Draughts(draughts::Position::start(v)),
            Rules::Chess => AnyPosition::Chess(VariantPosition::Chess(Chess::default())),
        }
    }

    /// Reads a FEN under `rules` (X-FEN and Shredder-FEN for Chess960).
    pub fn from_fen(rules: Rules, fen: &str) -> Result<AnyPosition, String> {
        match rules {
            Rules::Draughts(v) => draughts::Position::from_fen(fen, v)
                .map(AnyPosition::Draughts)
                .map_err(|e| e.to_string()),
            Rules::Chess => chess_notation::position_from_fen(fen)
                .map(|p| AnyPosition::Chess(VariantPosition::Chess(p)))
                .map_err(|e| e.to_string()),
        }
    }

    /// Reads a chess FEN under `variant`'s rules: Crazyhouse's pockets (`[Nq]`),
    /// Three-check's checks (`3+3`), X-FEN and Shredder-FEN castling for Chess960. What a
    /// FEN may not hold (castling rights without their rook, say) is dropped, as the readers
    /// drop it.
    ///
    /// ```
    /// use games::{AnyPosition, ChessVariant};
    /// // 1. e4 d5 2. exd5 Qxd5: each side holds a pawn.
    /// let fen = "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3";
    /// let pos = AnyPosition::chess_from_fen(ChessVariant::Crazyhouse, fen).unwrap();
    /// assert_eq!(pos.fen(), fen);
    /// assert!(AnyPosition::chess_from_fen(ChessVariant::Atomic, "not a FEN").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// The reason, for a person, when the FEN cannot be read or sets up no position of the
    /// variant.
    pub fn chess_from_fen(variant: crate::ChessVariant, fen: &str) -> Result<AnyPosition, String> {
        let chess960 = variant == crate::ChessVariant::Chess960;
        chess_notation::variant_position_from_fen_repaired(fen, variant.rules(), chess960)
            .map(|(p, _)| AnyPosition::Chess(p))
            .map_err(|e| e.to_string())
    }

    /// The rules of the position.
    pub fn rules(&self) -> Rules {
        match self {
            AnyPosition::Draughts(p) => Rules::Draughts(*p.variant()),
            AnyPosition::Chess(_) => Rules::Chess,
        }
    }

    /// The canonical FEN.
    pub fn fen(&self) -> String {
        match self {
            AnyPosition::Draughts(p) => p.to_fen(),
            AnyPosition::Chess(p) => Fen::from_position(p, EnPassantMode::Legal).to_string(),
        }
    }

    /// Whether White is to move.
    pub fn white_to_move(&self) -> bool {
        match self {
            AnyPosition::Draughts(p) => p.side_to_move() == draughts::Color::White,
            AnyPosition::Chess(p) => p.turn() == shakmaty::Color::White,
        }
    }

    /// `white` or `black`.
    pub fn side_name(&self) -> &'static str {
        color_name(self.white_to_move())
    }

    /// Whether the game is over in this position (without history: no draws by repetition
    /// or draughts draw rules here).
    pub fn status(&self) -> Status {
        match self {
            AnyPosition::Draughts(p) => {
                if p.has_legal_move() {
                    Status::Ongoing
                } else {
                    Status::Won {
                        winner: color_name(p.side_to_move() == draughts::Color::Black),
                        reason: "no-moves",
                    }
                }
            }
            AnyPosition::Chess(p) => {
                if let Outcome::Known(outcome) = p.variant_outcome() {
                    match outcome {
                        KnownOutcome::Decisive { winner } => Status::Won {
                            winner: color_name(winner == shakmaty::Color::White),
                            reason: "variant-win",
                        },
                        KnownOutcome::Draw => Status::Drawn {
                            reason: "variant-draw",
                        },
                    }
                } else if p.is_checkmate() {
                    Status::Won {
                        winner: color_name(p.turn() == shakmaty::Color::Black),
                        reason: "checkmate",
                    }
                } else if p.is_stalemate() {
                    Status::Drawn {
                        reason: "stalemate",
                    }
                } else if p.is_insufficient_material() {
                    Status::Drawn {
                        reason: "insufficient-material",
                    }
                } else {
                    Status::Ongoing
                }
            }
        }
    }

    /// The legal moves, described for a board, in `notation`.
    pub fn legal_moves(&self, notation: &NotationChoice) -> Vec<LegalMove> {
        match self {
            AnyPosition::Draughts(p) => {
                let mut legal = p.legal_moves();
                legal.sort_by_key(|m| (m.from(), m.to(), m.captured()));
                let style = draughts_style(p.variant(), notation);
                legal
                    .iter()
                    .map(|m| LegalMove {
                        id: draughts_move_id(m),
                        text: write_move_among(&legal, m, &style, p.size()),
                        from: m.from().number().to_string(),
                        to: m.to().number().to_string(),
                        path: m.path().iter().map(|s| s.number().to_string()).collect(),
                        captures: m
                            .captured()
                            .iter()
                            .map(|s| s.number().to_string())
                            .collect(),
                        promotion: None,
                    })
                    .collect()
            }
            AnyPosition::Chess(p) => {
                let mode = p.castles().mode();
                p.legal_moves()
                    .iter()
                    .map(|m| {
                        let uci = UciMove::from_move(*m, mode).to_string();
                        // Castling lands the king on its castling square, whatever the UCI.
                        let to = match m.castling_side() {
                            Some(side) => side.king_to(p.turn()).to_string(),
                            None => m.to().to_string(),
                        };
                        let captures = match m {
                            shakmaty::Move::EnPassant { from, to } => {
                                vec![
                                    shakmaty::Square::from_coords(to.file(), from.rank())
                                        .to_string(),
                                ]
                            }
                            _ if m.is_capture() => vec![m.to().to_string()],
                            _ => Vec::new(),
                        };
                        LegalMove {
                            id: uci,
                            text: chess_notation::write_move(p, m, &notation.chess),
                            from: m.from().map(|s| s.to_string()).unwrap_or_default(),
                            path: vec![to.clone()],
                            to,
                            captures,
                            promotion: m.promotion().map(|r| r.char()),
                        }
                    })
                    .collect()
            }
        }
    }

    /// Finds the legal move named by `text`: a move id, or any notation the readers accept.
    pub fn find_move(&self, text: &str) -> Result<AnyMove, String> {
        self.find_move_in(text, None)
    }

    /// [`find_move`](Self::find_move), where a chess move's piece letters that name
    /// different legal moves in two languages (`Rf1`: a rook in English, a king in French)
    /// are read in `language` (`None`: the move must be the same in every language that
    /// reads it).
    ///
    /// ```
    /// use chess_notation::Language;
    /// use games::{AnyPosition, NotationChoice, Rules};
    /// let p = AnyPosition::from_fen(Rules::Chess, "4k3/8/8/8/8/8/8/4K2R w - - 0 1").unwrap();
    /// let rook = p.find_move_in("Rf1", Some(Language::English)).unwrap();
    /// let king = p.find_move_in("Rf1", Some(Language::French)).unwrap();
    /// assert_eq!(p.describe(&rook, &NotationChoice::default()).0, "h1f1");
    /// assert_eq!(p.describe(&king, &NotationChoice::default()).0, "e1f1");
    /// ```
    ///
    /// # Errors
    ///
    /// Why no legal move is named, for a person.
    pub fn find_move_in(
        &self,
        text: &str,
        language: Option<chess_notation::Language>,
    ) -> Result<AnyMove, String> {
        match self {
            AnyPosition::Draughts(p) => MoveReader::new()
                .read(p, text)
                .map(AnyMove::Draughts)
                .map_err(|e| e.to_string()),
            AnyPosition::Chess(p) => {
                if let Ok(uci) = text.parse::<UciMove>()
                    && let Ok(m) = uci.to_move(p)
                {
                    return Ok(AnyMove::Chess(m));
                }
                let words = [text];
                let hint = chess_notation::ReadHint {
                    notation: None,
                    language,
                };
                chess_notation::read_line(p, &words, hint)
                    .map(|r| AnyMove::Chess(r.moves[0]))
                    .map_err(|e| e.reason.to_string())
            }
        }
    }

    /// The id and text of a legal move of this position.
    pub fn describe(&self, m: &AnyMove, notation: &NotationChoice) -> (String, String) {
        (self.move_id(m), self.move_text(m, notation))
    }

    /// The id of a legal move of this position (draughts: every square as numbers,
    /// `31x22x13`; chess: UCI), without writing it in a notation.
    ///
    /// ```
    /// use games::{AnyPosition, Rules};
    /// let start = AnyPosition::start(Rules::Chess);
    /// assert_eq!(start.move_id(&start.find_move("Nf3").unwrap()), "g1f3");
    /// ```
    pub fn move_id(&self, m: &AnyMove) -> String {
        match (self, m) {
            (AnyPosition::Draughts(_), AnyMove::Draughts(m)) => draughts_move_id(m),
            (AnyPosition::Chess(p), AnyMove::Chess(m)) => {
                UciMove::from_move(*m, p.castles().mode()).to_string()
            }
            _ => String::new(),
        }
    }

    /// A legal move of this position in `notation` (draughts: the variant's own unless the
    /// squares are asked otherwise).
    pub fn move_text(&self, m: &AnyMove, notation: &NotationChoice) -> String {
        match (self, m) {
            (AnyPosition::Draughts(p), AnyMove::Draughts(m)) => {
                let style = draughts_style(p.variant(), notation);
                write_move_among(&p.legal_moves(), m, &style, p.size())
            }
            (AnyPosition::Chess(p), AnyMove::Chess(m)) => {
                chess_notation::write_move(p, m, &notation.chess)
            }
            _ => String::new(),
        }
    }

    /// The position after a legal move of this position.
    pub fn after(&self, m: &AnyMove) -> AnyPosition {
        match (self, m) {
            (AnyPosition::Draughts(p), AnyMove::Draughts(m)) => AnyPosition::Draughts(p.after(m)),
            (AnyPosition::Chess(p), AnyMove::Chess(m)) => {
                let mut next = p.clone();
                next.play_unchecked(*m);
                AnyPosition::Chess(next)
            }
            _ => self.clone(),
        }
    }

    /// The legal moves, in a fixed order: draughts by start square, end square and the
    /// squares taken (one move for each; routes that take the same pieces to the same
    /// square are one move), chess in the move generator's order.
    ///
    /// ```
    /// use games::{AnyPosition, Rules};
    /// assert_eq!(AnyPosition::start(Rules::Chess).moves().len(), 20);
    /// let american = AnyPosition::start(Rules::Draughts(draughts::Variant::AMERICAN));
    /// assert_eq!(american.moves().len(), 7);
    /// ```
    pub fn moves(&self) -> Vec<AnyMove> {
        match self {
            AnyPosition::Draughts(p) => {
                let mut legal = p.legal_moves();
                legal.sort_by_key(|m| (m.from(), m.to(), m.captured()));
                legal.into_iter().map(AnyMove::Draughts).collect()
            }
            AnyPosition::Chess(p) => p.legal_moves().into_iter().map(AnyMove::Chess).collect(),
        }
    }

    /// Whether `m` is a legal move of this position (a move of the other family is not).
    ///
    /// ```
    /// use games::{AnyPosition, Rules};
    /// let start = AnyPosition::start(Rules::Chess);
    /// let e4 = start.find_move("e4").unwrap();
    /// assert!(start.is_legal(&e4));
    /// assert!(!start.after(&e4).is_legal(&e4));
    /// ```
    pub fn is_legal(&self, m: &AnyMove) -> bool {
        match (self, m) {
            (AnyPosition::Draughts(p), AnyMove::Draughts(m)) => p.legal_moves().contains(m),
            (AnyPosition::Chess(p), AnyMove::Chess(m)) => p.is_legal(*m),
            _ => false,
        }
    }

    /// The number of move sequences `depth` plies long from this position (perft), by the
    /// fast counters `scoresheet perft` uses: the draughts crate's (captures that take the
    /// same pieces to the same square count once) and shakmaty's for every chess variant.
    ///
    /// ```
    /// use games::{AnyPosition, Rules};
    /// assert_eq!(AnyPosition::start(Rules::Chess).perft(3), 8902);
    /// let international = AnyPosition::start(Rules::Draughts(draughts::Variant::INTERNATIONAL));
    /// assert_eq!(international.perft(3), 658);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        match self {
            AnyPosition::Draughts(p) => draughts::perft(p, depth),
            AnyPosition::Chess(p) => shakmaty::perft(p, depth),
        }
    }

    /// The board as text, White at the bottom: chess as python-chess's `str(board)` draws it
    /// (`r n b q k b n r`, `.` for an empty square), draughts as [`draughts::diagram`] does.
    ///
    /// ```
    /// use games::{AnyPosition, Rules};
    /// let chess = AnyPosition::start(Rules::Chess).diagram();
    /// assert!(chess.starts_with("r n b q k b n r\np p p p p p p p\n. . ."));
    /// assert!(chess.ends_with("R N B Q K B N R"));
    /// ```
    pub fn diagram(&self) -> String {
        match self {
            AnyPosition::Draughts(p) => draughts::diagram(p).trim_end().to_string(),
            AnyPosition::Chess(p) => format!("{:?}", p.board()).trim_end().to_string(),
        }
    }

    /// The board as the renderer draws it.
    pub fn board_view(&self) -> BoardView {
        match self {
            AnyPosition::Draughts(p) => BoardView::draughts(p),
            AnyPosition::Chess(p) => chess_board_view(p),
        }
    }
}

fn draughts_style(variant: &Variant, notation: &NotationChoice) -> MoveStyle {
    let mut style = MoveStyle::of(variant);
    if let Some(squares) = notation.squares {
        style.squares = squares;
    }
    style
}

/// The board a FEN sets up, whether or not it is a legal position: only chess has such
/// FENs (a board without kings, say); a draughts FEN that places its pieces is a position.
/// `None` when the FEN's placement cannot be read.
pub fn setup_board_view(rules: Rules, fen: &str) -> Option<BoardView> {
    match rules {
        Rules::Chess => {
            let setup = fen.parse::<Fen>().ok()?.into_setup();
            Some(board_view_of(&setup.board))
        }
        Rules::Draughts(_) => None,
    }
}

fn chess_board_view(p: &VariantPosition) -> BoardView {
    board_view_of(p.board())
}

fn board_view_of(board: &shakmaty::Board) -> BoardView {
    let mut cells = Vec::with_capacity(64);
    for rank in (0..8u8).rev() {
        for file in 0..8u8 {
            let sq = shakmaty::Square::from_coords(
                shakmaty::File::new(u32::from(file)),
                shakmaty::Rank::new(u32::from(rank)),
            );
            cells.push(Cell {
                file,
                rank: rank + 1,
                id: sq.to_string(),
                label: None,
                dark: (file + rank) % 2 == 0,
                piece: board.piece_at(sq).map(|piece| PieceView::Chess {
                    white: piece.color == shakmaty::Color::White,
                    letter: piece.role.upper_char(),
                }),
            });
        }
    }
    BoardView {
        side: 8,
        cells,
        edge_coordinates: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draughts_ids_and_texts() {
        let p = AnyPosition::from_fen(Rules::Draughts(Variant::AMERICAN), "W:W28,31:B17,20,26")
            .unwrap();
        let legal = p.legal_moves(&NotationChoice::default());
        assert_eq!(legal.len(), 1);
        assert_eq!(legal[0].id, "31x22x13");
        assert_eq!(legal[0].text, "31x22x13");
        assert_eq!(legal[0].captures, ["17", "26"]);
        let b = AnyPosition::from_fen(Rules::Draughts(Variant::BRAZILIAN), "W:W28,31:B17,20,26")
            .unwrap();
        let legal = b.legal_moves(&NotationChoice::default());
        assert_eq!(
            (legal[0].id.as_str(), legal[0].text.as_str()),
            ("31x22x13", "e1xa5")
        );
        let m = b.find_move("31x22x13").unwrap();
        assert_eq!(b.after(&m).fen(), "B:W13,28:B20");
    }

    #[test]
    fn chess_ids_and_status() {
        let p = AnyPosition::start(Rules::Chess);
        let legal = p.legal_moves(&NotationChoice::default());
        assert_eq!(legal.len(), 20);
        assert!(legal.iter().any(|m| m.id == "g1f3" && m.text == "Nf3"));
        let m = p.find_move("e4").unwrap();
        assert_eq!(
            p.describe(&m, &NotationChoice::default()),
            ("e2e4".into(), "e4".into())
        );
        let mate = AnyPosition::from_fen(
            Rules::Chess,
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        )
        .unwrap();
        assert_eq!(
            mate.status(),
            Status::Won {
                winner: "black",
                reason: "checkmate"
            }
        );
        let castle =
            AnyPosition::from_fen(Rules::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let legal = castle.legal_moves(&NotationChoice::default());
        let short = legal.iter().find(|m| m.text == "O-O").unwrap();
        assert_eq!((short.id.as_str(), short.to.as_str()), ("e1g1", "g1"));
    }
}
