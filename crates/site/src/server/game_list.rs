//! `POST /api/list`: the games of a text (a collection pasted or dropped on the analysis
//! board), each by its number and the tags a player picks a game by (players, event, date,
//! result), read without replaying a move; `POST /api/load` then loads the one chosen.

use std::sync::Arc;

use axum::extract::State;
use axum::response::Response;
use record::{Flow, Pos, ReadError, Reader, Visitor};
use serde::{Deserialize, Serialize};

use super::AppState;
use super::board_api::check_size;
use super::error::ApiError;
use super::heavy;
use super::json::ApiJson;

/// The most games listed: a text of 1 MB may hold hundreds of thousands of tiny games, whose
/// list would be many times larger than the text. `total` still counts them all.
pub const MAX_LISTED: usize = 5_000;

/// The most characters of a tag value a summary keeps (the rest is cut, `…` added).
pub const MAX_VALUE: usize = 100;

/// `POST /api/list`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"text": "[White \"A\"]\n[Black \"B\"]\n1. 11-15 23-19 *\n\n[White \"C\"]\n[Black \"D\"]\n1. e4 e5 *"}))]
pub struct ListRequest {
    /// A PDN or PGN text, at most 1 MB (1,048,576 bytes).
    text: String,
}

/// One game of a text, as a list shows it.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
pub struct GameSummary {
    /// The game's number in the text, from 1: `game` in `POST /api/load`.
    pub number: u32,
    /// The line of the text where the game starts.
    pub line: u32,
    /// The White tag (null when missing, empty or `?`; values are cut at 100 characters).
    pub white: Option<String>,
    /// The Black tag.
    pub black: Option<String>,
    /// The Event tag.
    pub event: Option<String>,
    /// The Date tag.
    pub date: Option<String>,
    /// The Round tag.
    pub round: Option<String>,
    /// The Result tag.
    pub result: Option<String>,
    /// The game is not PDN/PGN as written (a syntax error): loading it says where.
    pub unreadable: bool,
}

/// `POST /api/list`'s answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameList {
    /// The number of games in the text.
    pub total: u32,
    /// The first games of the text, at most 5,000.
    pub games: Vec<GameSummary>,
}

/// Keeps the tags of each game that a list shows, and skips its moves.
#[derive(Default)]
struct Summaries {
    current: GameSummary,
    began: bool,
}

impl Visitor for Summaries {
    type Output = ();

    fn begin_game(&mut self, at: Pos) {
        self.current = GameSummary {
            line: at.line,
            ..GameSummary::default()
        };
        self.began = true;
    }

    fn tag(&mut self, name: &str, value: &str, _at: Pos) {
        let slot = match name {
            "White" => &mut self.current.white,
            "Black" => &mut self.current.black,
            "Event" => &mut self.current.event,
            "Date" => &mut self.current.date,
            "Round" => &mut self.current.round,
            "Result" => &mut self.current.result,
            _ => return,
        };
        if slot.is_none() {
            *slot = shown(value);
        }
    }

    fn begin_movetext(&mut self) -> Flow {
        Flow::SkipGame
    }

    fn end_game(&mut self) {}
}

impl Summaries {
    /// The summary of the game just read (`at`: where its error is, when it has one).
    fn take(&mut self, number: u32, error_at: Option<Pos>) -> GameSummary {
        let mut summary = if std::mem::take(&mut self.began) {
            std::mem::take(&mut self.current)
        } else {
            GameSummary {
                line: error_at.map_or(0, |at| at.line),
                ..GameSummary::default()
            }
        };
        summary.number = number;
        summary.unreadable = error_at.is_some();
        summary
    }
}

/// A tag value as a list shows it: none for an unknown one (empty, `?`, `????.??.??`), cut at
/// [`MAX_VALUE`] characters.
fn shown(value: &str) -> Option<String> {
    let value = value.trim();
    if value.chars().all(|c| matches!(c, '?' | '.' | '-')) {
        return None;
    }
    Some(match value.char_indices().nth(MAX_VALUE) {
        Some((cut, _)) => format!("{}…", &value[..cut]),
        None => value.to_string(),
    })
}

/// The games of `text`: every one counted, the first [`MAX_LISTED`] listed.
pub fn list_games(text: &str) -> Result<GameList, ApiError> {
    check_size(text)?;
    let mut reader = Reader::from_str(text);
    let mut visitor = Summaries::default();
    let mut total = 0u32;
    let mut games = Vec::new();
    loop {
        let error_at = match reader.read_game(&mut visitor) {
            Ok(None) => break,
            Ok(Some(())) => None,
            Err(ReadError::Syntax { at, .. }) => Some(at),
            Err(ReadError::Io(e)) => return Err(ApiError::bad_request(e.to_string())),
        };
        total += 1;
        let summary = visitor.take(total, error_at);
        if games.len() < MAX_LISTED {
            games.push(summary);
        }
    }
    Ok(GameList { total, games })
}

/// `POST /api/list`.
pub async fn list(
    State(app): State<Arc<AppState>>,
    ApiJson(req): ApiJson<ListRequest>,
) -> Response {
    heavy::json(&app, move || list_games(&req.text)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_is_listed_with_its_players_and_place() {
        let text = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n1. 11-15 23-19 1-0\n\n\
                    [White \"Bob\"]\n[Date \"????.??.??\"]\n1. e4 e5 *\n";
        let list = list_games(text).unwrap();
        assert_eq!(list.total, 2);
        let [first, second] = &list.games[..] else {
            panic!("two games: {list:?}")
        };
        assert_eq!((first.number, first.line), (1, 1));
        assert_eq!(first.event.as_deref(), Some("Club"));
        assert_eq!(first.white.as_deref(), Some("Ann"));
        assert_eq!(first.black, None, "`?` is no name");
        assert_eq!(first.result.as_deref(), Some("1-0"));
        assert_eq!((second.number, second.line), (2, 8));
        assert_eq!(second.white.as_deref(), Some("Bob"));
        assert_eq!(second.date, None, "an unknown date is none");
        assert!(!first.unreadable && !second.unreadable);
    }

    #[test]
    fn a_game_that_does_not_read_is_listed_as_unreadable() {
        let text = "[White \"Ann\"]\n1. 11-15 {never closed\n";
        let list = list_games(text).unwrap();
        assert_eq!(list.total, 1);
        assert!(list.games[0].unreadable, "{list:?}");
        assert_eq!(list.games[0].number, 1);
    }

    #[test]
    fn long_values_are_cut_and_long_lists_stop_at_the_bound() {
        let name = "é".repeat(MAX_VALUE + 10);
        let list = list_games(&format!("[White \"{name}\"]\n*\n")).unwrap();
        let white = list.games[0].white.clone().unwrap();
        assert_eq!(white.chars().count(), MAX_VALUE + 1);
        assert!(white.ends_with('…'));
        let many = "*\n".repeat(MAX_LISTED + 7);
        let list = list_games(&many).unwrap();
        assert_eq!(list.total as usize, MAX_LISTED + 7);
        assert_eq!(list.games.len(), MAX_LISTED);
        assert_eq!(list.games.last().unwrap().number as usize, MAX_LISTED);
    }

    #[test]
    fn an_empty_text_lists_nothing_and_a_large_one_is_refused() {
        assert_eq!(list_games("  \n").unwrap().total, 0);
        let big = "*\n".repeat(super::super::board_api::MAX_TEXT);
        assert_eq!(list_games(&big).unwrap_err().code, "too-large");
    }
}
