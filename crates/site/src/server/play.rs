//! A game played on the site, replayed from its stored moves: whose turn it is, what the
//! next move does, and whether the rules end the game (no legal move, checkmate, stalemate,
//! repetition, each draughts variant's draw rules).

use std::collections::HashMap;

use draughts::{Color, DrawReason, GameHistory, GameState};
use shakmaty::variant::VariantPosition;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{EnPassantMode, Position as _};

use crate::models::{EndReason, Ending, Side};
use crate::store::{Finish, StoredGame, StoredMove};
use games::{AnyMove, AnyPosition, NotationChoice, Rules, draughts_move_id};

/// The rules' state of a game in progress.
pub enum PlayedGame {
    /// Draughts: the history knows repetitions and the variant's draw rules.
    Draughts(GameHistory),
    /// Chess: the positions so far and how often each occurred (threefold repetition).
    Chess {
        positions: Vec<VariantPosition>,
        seen: HashMap<u64, u32>,
    },
}

/// A move checked against the rules, ready to store.
pub struct Checked {
    pub stored: StoredMove,
    pub finish: Option<Finish>,
}

fn chess_key(pos: &VariantPosition) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

impl PlayedGame {
    /// Replays `moves` from the game's start. A stored move that no longer replays is a
    /// broken database: an error.
    pub fn replay(game: &StoredGame, moves: &[StoredMove]) -> Result<PlayedGame, String> {
        let start = AnyPosition::from_fen(game.rules, &game.start_fen)?;
        let mut played = match start {
            AnyPosition::Draughts(p) => PlayedGame::Draughts(GameHistory::new(p)),
            AnyPosition::Chess(p) => {
                let mut seen = HashMap::new();
                seen.insert(chess_key(&p), 1);
                PlayedGame::Chess {
                    positions: vec![p],
                    seen,
                }
            }
        };
        for m in moves {
            let mv = played
                .position()
                .find_move(&m.mv)
                .map_err(|e| format!("stored move {} ({}): {e}", m.ply, m.mv))?;
            played.push(&mv);
        }
        Ok(played)
    }

    /// The current position.
    pub fn position(&self) -> AnyPosition {
        match self {
            PlayedGame::Draughts(h) => AnyPosition::Draughts(*h.position()),
            PlayedGame::Chess { positions, .. } => {
                AnyPosition::Chess(positions.last().expect("a start position").clone())
            }
        }
    }

    fn push(&mut self, mv: &AnyMove) {
        match (self, mv) {
            (PlayedGame::Draughts(h), AnyMove::Draughts(m)) => {
                let _ = h.push(m);
            }
            (PlayedGame::Chess { positions, seen }, AnyMove::Chess(m)) => {
                let mut next = positions.last().expect("a start position").clone();
                next.play_unchecked(*m);
                *seen.entry(chess_key(&next)).or_default() += 1;
                positions.push(next);
            }
            _ => {}
        }
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        match self {
            PlayedGame::Draughts(h) => Side::white_if(h.position().side_to_move() == Color::White),
            PlayedGame::Chess { positions, .. } => Side::white_if(
                positions.last().expect("a start position").turn() == shakmaty::Color::White,
            ),
        }
    }

    /// Whether the rules end the game here, with the result in the rules' convention.
    pub fn finish(&self) -> Option<Finish> {
        match self {
            PlayedGame::Draughts(h) => {
                let state = h.state();
                let variant = *h.position().variant();
                let reason = match state {
                    GameState::Ongoing => return None,
                    GameState::Win { .. } => Ending::of(EndReason::NoMoves),
                    GameState::Draw { reason } => draw_ending(reason),
                };
                Some(Finish {
                    result: state.result(&variant).unwrap_or("*").to_string(),
                    reason,
                })
            }
            PlayedGame::Chess { positions, seen } => {
                let pos = positions.last().expect("a start position");
                let (winner, reason) = if pos.is_checkmate() {
                    let loser = Side::white_if(pos.turn() == shakmaty::Color::White);
                    (Some(loser.other()), EndReason::Checkmate)
                } else if pos.is_stalemate() {
                    (None, EndReason::Stalemate)
                } else if pos.is_insufficient_material() {
                    (None, EndReason::InsufficientMaterial)
                } else if seen.get(&chess_key(pos)).copied().unwrap_or(0) >= 3 {
                    (None, EndReason::Repetition)
                } else if pos.halfmoves() >= 100 {
                    (None, EndReason::FiftyMoves)
                } else {
                    return None;
                };
                Some(Finish {
                    result: result_for(Rules::Chess, winner),
                    reason: Ending::of(reason),
                })
            }
        }
    }

    /// Plays `text` as the next move (ply `ply`): the stored form of the move and whether it
    /// ends the game. [`PlayedGame::undo`] takes it back if the store refuses it.
    pub fn play(&mut self, text: &str, ply: i64) -> Result<Checked, String> {
        let pos = self.position();
        let mv = pos.find_move(text)?;
        let (id, text) = pos.describe(&mv, &NotationChoice::default());
        self.push(&mv);
        Ok(Checked {
            stored: StoredMove {
                ply,
                mv: id,
                text,
                fen: self.position().fen(),
                clock_ms: None,
            },
            finish: self.finish(),
        })
    }

    /// How the game ends when the side to move runs out of time: it loses, unless its
    /// opponent could not win whatever happened (in chess, too little material to mate, as
    /// FIDE's rule 6.9 and lichess have it), then it is a draw. In draughts the side out of
    /// time loses (the FMJD's and the ACF's rules).
    pub fn time_out(&self, rules: Rules) -> Finish {
        let winner = self.side_to_move().other();
        let cannot_win = match self {
            PlayedGame::Chess { positions, .. } => positions.last().is_some_and(|p| {
                p.has_insufficient_material(shakmaty::Color::from_white(winner.is_white()))
            }),
            PlayedGame::Draughts(_) => false,
        };
        if cannot_win {
            Finish {
                result: result_for(rules, None),
                reason: Ending::of(EndReason::TimeDraw),
            }
        } else {
            Finish {
                result: result_for(rules, Some(winner)),
                reason: Ending::of(EndReason::Time),
            }
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        match self {
            PlayedGame::Draughts(h) => {
                h.pop();
            }
            PlayedGame::Chess { positions, seen } => {
                if positions.len() > 1
                    && let Some(p) = positions.pop()
                    && let Some(n) = seen.get_mut(&chess_key(&p))
                {
                    *n = n.saturating_sub(1);
                }
            }
        }
    }

    /// The computer's move at `level`, as a move id: draughts only (`None` for chess, whose
    /// moves Stockfish chooses: [`super::games_api::computer`]'s `computer_chess_move`).
    /// From the variant's built-in opening book while the game is in it (International
    /// draughts from its start: [`draughts::Book::builtin`]), else from a search; the strong
    /// level's search probes `endgames`' tables of the game's variant, the weaker levels play
    /// endings by their own lights.
    pub fn computer_move(
        &self,
        level: draughts::Level,
        seed: u64,
        endgames: &draughts::egdb::Library,
    ) -> Option<String> {
        let book = match self {
            PlayedGame::Draughts(h) => draughts::Book::builtin(h.position().variant()),
            PlayedGame::Chess { .. } => None,
        };
        self.computer_move_with(level, seed, book, endgames)
    }

    /// The computer's move at `level` as [`PlayedGame::computer_move`] chooses it, playing
    /// from `book` (none: always a search). The level and the seed choose among the book's
    /// moves as they do among the search's ([`draughts::Book::choose`]).
    pub fn computer_move_with(
        &self,
        level: draughts::Level,
        seed: u64,
        book: Option<&draughts::Book>,
        endgames: &draughts::egdb::Library,
    ) -> Option<String> {
        match self {
            PlayedGame::Draughts(h) => {
                if let Some(mv) = book.and_then(|b| b.choose(h.position(), level, seed)) {
                    return Some(draughts_move_id(&mv));
                }
                let mut searcher = draughts::Searcher::for_level(level);
                if level == draughts::Level::Strong
                    && let Some(tables) = endgames.for_variant(h.position().variant())
                {
                    searcher = searcher.with_endgames(tables);
                }
                let options = draughts::SearchOptions::new(level)
                    .with_time(level.default_time())
                    .with_seed(seed);
                let found = searcher.search(h, &options)?;
                Some(draughts_move_id(&found.mv))
            }
            PlayedGame::Chess { .. } => None,
        }
    }

    /// Whether the computer, playing the side to move, accepts a draw: when its search does
    /// not expect to win.
    pub fn computer_accepts_draw(&self, level: draughts::Level) -> bool {
        match self {
            PlayedGame::Draughts(h) => {
                let options = draughts::SearchOptions::new(level)
                    .with_time(std::time::Duration::from_millis(300));
                draughts::Searcher::with_table_size(4)
                    .search(h, &options)
                    .is_none_or(|r| r.score <= 0)
            }
            PlayedGame::Chess { .. } => false,
        }
    }
}

/// The ending of a draughts draw rule, with its move count (stored `kings-only:25`;
/// [`reason_parts`] splits it for the pages).
fn draw_ending(reason: DrawReason) -> Ending {
    let (reason, moves) = match reason {
        DrawReason::Repetition => return Ending::of(EndReason::Repetition),
        DrawReason::KingsOnly { moves } => (EndReason::KingsOnly, moves),
        DrawReason::LoneKing { moves } => (EndReason::LoneKing, moves),
        DrawReason::KingsAgainstKing { moves } => (EndReason::ThreeKings, moves),
        DrawReason::FewKings { moves } => (EndReason::FewKings, moves),
        DrawReason::MainRoad { moves } => (EndReason::MainRoad, moves),
        DrawReason::UnchangedBalance { moves } => (EndReason::UnchangedBalance, moves),
    };
    Ending {
        reason,
        moves: Some(moves),
    }
}

/// A stored reason as its code and move count: `kings-only:25` is (`kings-only`, 25).
pub fn reason_parts(stored: &str) -> (String, Option<u32>) {
    match stored.split_once(':') {
        Some((code, moves)) => (code.to_string(), moves.parse().ok()),
        None => (stored.to_string(), None),
    }
}

/// The result string when `winner` wins (or a draw), in the rules' convention.
pub fn result_for(rules: Rules, winner: Option<Side>) -> String {
    match rules {
        Rules::Draughts(v) => v.result_for(winner.map(Side::draughts)).to_string(),
        Rules::Chess => match winner {
            Some(Side::White) => "1-0".into(),
            Some(Side::Black) => "0-1".into(),
            None => "1/2-1/2".into(),
        },
    }
}

/// The side a result says won, for the page's words (`None` for a draw or unknown).
pub fn winner_of(rules: Rules, result: &str) -> Option<Side> {
    match rules {
        Rules::Draughts(v) => games::Outcome::parse(result, &v)
            .and_then(|o| o.winner())
            .map(|c| Side::white_if(c == Color::White)),
        Rules::Chess => match result {
            "1-0" => Some(Side::White),
            "0-1" => Some(Side::Black),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts::{Book, Level, Position, Variant};

    fn international() -> PlayedGame {
        PlayedGame::Draughts(GameHistory::new(Position::start(Variant::INTERNATIONAL)))
    }

    /// The move of the start position whose id is `id`.
    fn start_move(id: &str) -> draughts::Move {
        let start = Position::start(Variant::INTERNATIONAL);
        let mv = start
            .legal_moves()
            .into_iter()
            .find(|m| draughts_move_id(m) == id);
        mv.unwrap_or_else(|| panic!("{id} is not a move of the start"))
    }

    #[test]
    fn the_computer_opens_international_games_from_the_book() {
        let book = Book::builtin(&Variant::INTERNATIONAL).expect("built in");
        let start = Position::start(Variant::INTERNATIONAL);
        let game = international();
        for level in Level::ALL {
            let mut chosen = std::collections::HashSet::new();
            for seed in 0..20 {
                let id = game
                    .computer_move(level, seed, &Default::default())
                    .expect("a move");
                let mv = start_move(&id);
                assert!(
                    book.moves(&start).iter().any(|b| b.mv == mv),
                    "{level}: {id}"
                );
                chosen.insert(id);
            }
            // The strongest level plays the book's best move, the others vary.
            assert_eq!(
                chosen.len() == 1,
                level == Level::Strong,
                "{level}: {chosen:?}"
            );
        }
    }

    #[test]
    fn without_a_book_the_computer_searches() {
        // A book of one move at the start: with it the computer plays it, without it the
        // search chooses among every legal move.
        let start = Position::start(Variant::INTERNATIONAL);
        let mut book = Book::new(Variant::INTERNATIONAL);
        let edge = start_move("31-26");
        let only = draughts::BookMove {
            mv: edge.clone(),
            games: 1,
            points: 1,
            engine_score: 0,
        };
        book.insert(&start, only).unwrap();
        let game = international();
        let id = draughts_move_id(&edge);
        assert_eq!(
            game.computer_move_with(Level::Beginner, 3, Some(&book), &Default::default()),
            Some(id.clone())
        );
        let searched = game
            .computer_move_with(Level::Beginner, 3, None, &Default::default())
            .expect("a move");
        assert!(
            start
                .legal_moves()
                .iter()
                .any(|m| draughts_move_id(m) == searched)
        );
    }
}
