//! A game as the database stores it, made where the game is read (on a reading thread): its
//! columns, its text as written, its identity, and the key of every position of its main line
//! with the move played there.

use chess_notation::ChessRules as _;
use games::{AnyGame, AnyMove, AnyPosition, AnyVariant, ChessMove, GameError};

use crate::key::position_key;
use crate::move_code::MoveCode;
use crate::names::name_key;
use crate::postings::Outcome;

/// A game ready to be stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEntry {
    /// A hash of the game's variant, tags and main line (or, for a bad game, its text): the
    /// same game imported twice has one identity, and is stored once.
    pub identity: u64,
    /// The variant, `None` for a bad game.
    pub variant: Option<AnyVariant>,
    /// The Seven Tag Roster's values but the result, as written.
    pub event: Option<String>,
    /// The Site tag.
    pub site: Option<String>,
    /// The Date tag as written (`1997.05.11`, `1997.??.??`).
    pub date: Option<String>,
    /// The Round tag.
    pub round: Option<String>,
    /// The White tag.
    pub white: Option<String>,
    /// The Black tag.
    pub black: Option<String>,
    /// The date as a number `yyyymmdd`, unknown parts 0 (`19970000`).
    pub date_key: Option<u32>,
    /// The year, when the date gives it.
    pub year: Option<u16>,
    /// White's rating (`WhiteElo`, else `WhiteRating`).
    pub white_elo: Option<u16>,
    /// Black's rating.
    pub black_elo: Option<u16>,
    /// How the game ended.
    pub outcome: Outcome,
    /// The result as written (`1-0`, `2-0`, `1/2-1/2`, `*`).
    pub result: String,
    /// The number of moves (plies) of the main line.
    pub plies: u32,
    /// The start position's FEN, when it is not the variant's start.
    pub start_fen: Option<String>,
    /// The main line as move ids, separated by spaces: UCI for chess (`0000` a null move),
    /// every square's number for draughts (`32-28 19x28`).
    pub line: String,
    /// Every tag, in the order written.
    pub tags: Vec<(String, String)>,
    /// The game's text as written in its file: tags, movetext, comments, side lines.
    pub text: String,
    /// Why the game does not replay, with its place (`line:column: message`), for a bad game
    /// kept.
    pub error: Option<String>,
    /// The line the game starts on in its file (for a bad game, the line of its error).
    pub at_line: u32,
    /// Each position of the main line (the first time the game reaches it) and the move
    /// played from it; the last position with [`MoveCode::NONE`].
    pub positions: Vec<(u64, MoveCode)>,
}

impl GameEntry {
    /// The entry of a game that replays, read from `text`.
    pub fn of(game: &AnyGame, text: String) -> GameEntry {
        let tags = match game {
            AnyGame::Draughts(g) => &g.game.tags,
            AnyGame::Chess(g) => &g.game.tags,
        };
        let tag = |name: &str| tags.get(name).map(str::to_string).filter(|v| !v.is_empty());
        let rating = |a: &str, b: &str| {
            tags.get(a)
                .or_else(|| tags.get(b))
                .and_then(|v| v.trim().parse::<u16>().ok())
                .filter(|r| *r > 0)
        };
        let date = tag("Date");
        let date_key = date.as_deref().and_then(date_key);
        let (start, variant) = match game {
            AnyGame::Draughts(g) => {
                let start = AnyPosition::Draughts(g.start);
                let variant = AnyVariant::of(&start);
                (start, variant)
            }
            AnyGame::Chess(g) => (
                AnyPosition::Chess(g.start.clone()),
                AnyVariant::Chess(g.variant),
            ),
        };
        let (outcome, result) = outcome_of(game);
        let mut entry = GameEntry {
            identity: 0,
            variant: Some(variant),
            event: tag("Event"),
            site: tag("Site"),
            round: tag("Round"),
            white: tag("White"),
            black: tag("Black"),
            year: date_key.map(|d| (d / 10000) as u16).filter(|y| *y > 0),
            date,
            date_key,
            white_elo: rating("WhiteElo", "WhiteRating"),
            black_elo: rating("BlackElo", "BlackRating"),
            outcome,
            result,
            plies: game.plies() as u32,
            start_fen: (start.fen() != variant.start().fen()).then(|| start.fen()),
            line: String::new(),
            tags: tags
                .iter()
                .map(|t| (t.name.to_string(), t.value.to_string()))
                .collect(),
            text,
            error: None,
            at_line: game.at().line,
            positions: Vec::new(),
        };
        entry.replay(game, start);
        entry.identity = identity(variant.name(), &entry.tags, &entry.line);
        entry
    }

    /// The entry of a game that does not replay, kept as text with its error.
    pub fn bad(text: String, tags: Vec<(String, String)>, error: &GameError) -> GameEntry {
        let tag = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
                .filter(|v| !v.is_empty())
        };
        let date = tag("Date");
        let date_key = date.as_deref().and_then(date_key);
        GameEntry {
            identity: twox_hash::XxHash3_64::oneshot(text.as_bytes()),
            variant: None,
            event: tag("Event"),
            site: tag("Site"),
            round: tag("Round"),
            white: tag("White"),
            black: tag("Black"),
            year: date_key.map(|d| (d / 10000) as u16).filter(|y| *y > 0),
            date,
            date_key,
            white_elo: None,
            black_elo: None,
            outcome: Outcome::Unknown,
            result: tag("Result").unwrap_or_else(|| "*".into()),
            plies: 0,
            start_fen: None,
            line: String::new(),
            tags,
            text,
            error: Some(format!(
                "{}:{}: {}",
                error.at.line, error.at.column, error.message
            )),
            at_line: error.at.line,
            positions: Vec::new(),
        }
    }

    /// The month it was played as `yyyymm` (`yyyy00` when only the year is known), 0 when
    /// the date does not say.
    pub fn month(&self) -> u32 {
        self.date_key.map_or(0, |d| d / 100)
    }

    /// The players' average rating, of those given (0 when none is).
    pub fn rating(&self) -> u16 {
        match (self.white_elo, self.black_elo) {
            (Some(w), Some(b)) => ((u32::from(w) + u32::from(b)) / 2) as u16,
            (Some(r), None) | (None, Some(r)) => r,
            (None, None) => 0,
        }
    }

    /// The normalised name of a player for searching (see [`name_key`]).
    pub fn white_key(&self) -> Option<String> {
        self.white.as_deref().map(name_key)
    }

    /// Black's normalised name.
    pub fn black_key(&self) -> Option<String> {
        self.black.as_deref().map(name_key)
    }

    /// Walks the main line from `start`: the line of move ids, and each position's key with
    /// the move played from it, the first time the game reaches it.
    fn replay(&mut self, game: &AnyGame, start: AnyPosition) {
        let mut pos = start;
        let mut ids: Vec<String> = Vec::with_capacity(game.plies());
        let mut reached: Vec<(u64, u32, MoveCode)> = Vec::with_capacity(game.plies() + 1);
        let mut ply = 0u32;
        let mut step = |pos: &AnyPosition, code: MoveCode| {
            reached.push((position_key(pos), ply, code));
            ply += 1;
        };
        match game {
            AnyGame::Draughts(g) => {
                for node in &g.game.moves.nodes {
                    let m = AnyMove::Draughts(node.mov.clone());
                    step(&pos, MoveCode::of(&pos, &m));
                    ids.push(pos.move_id(&m));
                    pos = pos.after(&m);
                }
            }
            AnyGame::Chess(g) => {
                for node in &g.game.moves.nodes {
                    match &node.mov {
                        ChessMove::Move(m) => {
                            let m = AnyMove::Chess(*m);
                            step(&pos, MoveCode::of(&pos, &m));
                            ids.push(pos.move_id(&m));
                            pos = pos.after(&m);
                        }
                        ChessMove::Null => {
                            step(&pos, MoveCode::NULL);
                            ids.push("0000".into());
                            if let AnyPosition::Chess(p) = &pos
                                && let Some(passed) = p.clone().pass()
                            {
                                pos = AnyPosition::Chess(passed);
                            }
                        }
                    }
                }
            }
        }
        step(&pos, MoveCode::NONE);
        self.line = ids.join(" ");
        // A position the game comes back to counts once, with the move played the first time.
        reached.sort_unstable_by_key(|&(key, ply, _)| (key, ply));
        reached.dedup_by_key(|&mut (key, _, _)| key);
        self.positions = reached
            .into_iter()
            .map(|(key, _, code)| (key, code))
            .collect();
    }
}

/// How a game ended and its result as written.
fn outcome_of(game: &AnyGame) -> (Outcome, String) {
    match game {
        AnyGame::Draughts(g) => match g.outcome() {
            Some(o) => (
                match o {
                    games::Outcome::Win(draughts::Color::White) => Outcome::White,
                    games::Outcome::Win(draughts::Color::Black) => Outcome::Black,
                    games::Outcome::Draw => Outcome::Draw,
                    _ => Outcome::Unknown,
                },
                o.text(&g.variant).to_string(),
            ),
            None => (Outcome::Unknown, "*".into()),
        },
        AnyGame::Chess(g) => {
            let text = g.result_text().unwrap_or("*").trim().to_string();
            let outcome = match text.as_str() {
                "1-0" => Outcome::White,
                "0-1" => Outcome::Black,
                "1/2-1/2" | "½-½" => Outcome::Draw,
                _ => Outcome::Unknown,
            };
            (outcome, text)
        }
    }
}

/// A game's identity: its variant, its tags in order and its main line.
fn identity(variant: &str, tags: &[(String, String)], line: &str) -> u64 {
    let mut bytes = Vec::with_capacity(256 + line.len());
    bytes.extend_from_slice(variant.as_bytes());
    for (name, value) in tags {
        bytes.push(0);
        bytes.extend_from_slice(name.as_bytes());
        bytes.push(1);
        bytes.extend_from_slice(value.as_bytes());
    }
    bytes.push(2);
    bytes.extend_from_slice(line.as_bytes());
    twox_hash::XxHash3_64::oneshot(&bytes)
}

/// A Date tag as a number `yyyymmdd`, its unknown parts 0: `1997.05.11` is 19970511,
/// `1997.??.??` 19970000. `None` when not even the year reads.
///
/// ```
/// assert_eq!(database::date_key("1997.05.11"), Some(19970511));
/// assert_eq!(database::date_key("1997.??.??"), Some(19970000));
/// assert_eq!(database::date_key("2019-03-02"), Some(20190302));
/// assert_eq!(database::date_key("????.??.??"), None);
/// ```
pub fn date_key(date: &str) -> Option<u32> {
    let mut parts = date
        .trim()
        .split(['.', '-', '/'])
        .map(|p| p.parse::<u32>().ok());
    let year = parts.next()??;
    if !(1000..=2999).contains(&year) {
        return None;
    }
    let month = parts
        .next()
        .flatten()
        .filter(|m| (1..=12).contains(m))
        .unwrap_or(0);
    let day = if month > 0 {
        parts
            .next()
            .flatten()
            .filter(|d| (1..=31).contains(d))
            .unwrap_or(0)
    } else {
        0
    };
    Some(year * 10000 + month * 100 + day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::ReadOptions;

    fn entry(text: &str) -> GameEntry {
        let read = record::read_games(text).remove(0).unwrap();
        let game = AnyGame::read(read, &ReadOptions::default()).unwrap();
        GameEntry::of(&game, text.to_string())
    }

    #[test]
    fn a_chess_game() {
        let e = entry(
            "[Event \"Casual\"]\n[Date \"1858.??.??\"]\n[White \"Morphy, Paul\"]\n[Black \"Duke\"]\n[WhiteElo \"2690\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6 1-0\n",
        );
        assert_eq!(e.variant.map(AnyVariant::name), Some("standard"));
        assert_eq!(e.line, "e2e4 e7e5 g1f3 d7d6");
        assert_eq!((e.year, e.date_key), (Some(1858), Some(18580000)));
        assert_eq!((e.outcome, e.result.as_str()), (Outcome::White, "1-0"));
        assert_eq!((e.white_elo, e.rating()), (Some(2690), 2690));
        assert_eq!(e.positions.len(), 5);
        assert_eq!(e.start_fen, None);
        assert_eq!(e.white_key().as_deref(), Some("morphy,paul"));
    }

    #[test]
    fn a_position_reached_twice_counts_once() {
        let e = entry("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 *");
        // The start is reached twice, after 1. Nf3 twice: 6 positions, 4 distinct.
        assert_eq!(e.positions.len(), 4);
        let start = position_key(&AnyPosition::start(games::Rules::Chess));
        let (_, code) = e.positions.iter().find(|(k, _)| *k == start).unwrap();
        let s = AnyPosition::start(games::Rules::Chess);
        assert_eq!(*code, MoveCode::of(&s, &s.find_move("Nf3").unwrap()));
    }

    #[test]
    fn identity_is_tags_and_moves() {
        let a = entry("[White \"A\"]\n1. e4 e5 *");
        let b = entry("[White \"A\"]\n1. e4 {a comment} e5 *");
        let c = entry("[White \"B\"]\n1. e4 e5 *");
        assert_eq!(a.identity, b.identity);
        assert_ne!(a.identity, c.identity);
        assert_ne!(a.identity, entry("[White \"A\"]\n1. e4 e6 *").identity);
    }

    #[test]
    fn a_draughts_game() {
        let e = entry("[GameType \"20\"]\n[Result \"2-0\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0");
        assert_eq!(e.variant.map(AnyVariant::name), Some("international"));
        assert_eq!(e.line, "32-28 19-23 28x19 14x23");
        assert_eq!(e.outcome, Outcome::White);
    }
}
