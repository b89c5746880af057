//! Errors of the HTTP API: a status and a JSON body `{"error": {...}}` a page can show.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::engine::EngineError;
use crate::store::StoreError;
use games::Problem;

/// An API error: what is wrong, a short code scripts can translate, and its place in a pasted
/// text when there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub line: Option<u32>,
    pub column: Option<u32>,
    /// The move of a pasted game the error is at.
    pub ply: Option<games::Ply>,
    /// What is wrong with that move, as data a page can say in its own language.
    pub problem: Option<Box<games::Problem>>,
    /// Seconds to wait before trying again (`Retry-After`): a quota's wait; every 503 says
    /// [`RETRY_AFTER_SECONDS`] when this says nothing.
    pub retry_after: Option<u32>,
}

impl ApiError {
    /// An error with `status`, `code` (one of the codes the description lists,
    /// [`super::openapi::ERROR_CODES`]) and `message`, without a place.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            line: None,
            column: None,
            ply: None,
            problem: None,
            retry_after: None,
        }
    }

    /// The error with `Retry-After: seconds` (at least 1).
    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(u32::try_from(seconds.max(1)).unwrap_or(u32::MAX));
        self
    }

    /// 400: the request itself is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad-request", message)
    }

    /// 422: the text sent cannot be read or the move cannot be played.
    pub fn unreadable(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    /// 409: the game is not in a state that allows this (`code` says which).
    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    /// 500: the server failed (a bug).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    /// 404: no such game (or analysis, or endpoint).
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not-found", message)
    }

    /// Gives the error a place in the pasted text (ignored when unknown, line 0).
    pub fn at(mut self, line: u32, column: u32) -> ApiError {
        if line > 0 {
            self.line = Some(line);
            self.column = Some(column);
        }
        self
    }
}

impl From<StoreError> for ApiError {
    /// 503 `database-unavailable` (with `Retry-After`) when the database is out of reach;
    /// 500 `database` when it failed otherwise (its message says how).
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::Unavailable(_) => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "database-unavailable",
                "the database cannot be reached now; try again in a moment",
            ),
            StoreError::Database(_) | StoreError::Randomness(_) => {
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "database", e.to_string())
            }
        }
    }
}

impl From<EngineError> for ApiError {
    /// Why an analysis (or the computer's chess) could not start: 501 without Stockfish, 503
    /// when too many analyses run.
    fn from(e: EngineError) -> ApiError {
        match e {
            EngineError::Unavailable => ApiError::new(
                StatusCode::NOT_IMPLEMENTED,
                "engine-unavailable",
                "chess analysis and chess against the computer need Stockfish, which this server does not have",
            ),
            EngineError::Busy => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "too many analyses at once; try again in a moment",
            ),
        }
    }
}

impl From<games::GameError> for ApiError {
    /// 422 at the error's place: `illegal-move` with the move and its problem when the
    /// error is about a move, `unreadable` else.
    fn from(e: games::GameError) -> ApiError {
        let code = if e.ply.is_some() {
            "illegal-move"
        } else {
            "unreadable"
        };
        let mut error = ApiError::unreadable(code, e.to_string()).at(e.at.line, e.at.column);
        // The words quoted are cut, so that the answer stays small whatever was pasted.
        error.ply = e.ply.map(|mut ply| {
            ply.text = clipped(&ply.text);
            ply
        });
        error.problem = e.problem.map(|mut problem| {
            match problem.as_mut() {
                Problem::NotAMove { text }
                | Problem::Unreadable { text }
                | Problem::Illegal { text, .. }
                | Problem::Ambiguous { text, .. } => *text = clipped(text),
            }
            problem
        });
        error
    }
}

/// The error code of an answer with `status` that carries none of its own (a rejection by
/// the HTTP layer rather than by a handler): one of the codes the description lists.
pub fn code_for_status(status: u16) -> &'static str {
    match status {
        400 => "bad-request",
        404 => "not-found",
        405 => "method-not-allowed",
        413 => "too-large",
        415 => "unsupported-media-type",
        500.. => "internal",
        _ => "bad-request",
    }
}

/// The longest word an error quotes as data (`ply.text`, `problem.text`).
const MAX_WORD: usize = 80;

/// `word` cut to [`MAX_WORD`] characters, with `…`.
fn clipped(word: &str) -> String {
    match word.char_indices().nth(MAX_WORD) {
        Some((end, _)) => format!("{}…", &word[..end]),
        None => word.to_string(),
    }
}

/// The longest message an error answer carries: a message quoting a huge word of a pasted
/// text is cut (with `…`) so that the answer stays small whatever was sent.
pub const MAX_MESSAGE: usize = 2_000;

/// `message` for a person: quoted words between typographic quotes (the library's messages
/// quote with backticks, as compilers do), cut to at most [`MAX_MESSAGE`] bytes on a
/// character boundary.
fn shortened(message: String) -> String {
    let mut message = if message.matches('`').count() >= 2 {
        let mut out = String::with_capacity(message.len() + 8);
        let mut open = false;
        let pairs = message.matches('`').count() / 2 * 2;
        let mut seen = 0;
        for c in message.chars() {
            if c == '`' && seen < pairs {
                seen += 1;
                out.push(if open { '”' } else { '“' });
                open = !open;
            } else {
                out.push(c);
            }
        }
        out
    } else {
        message
    };
    if message.len() > MAX_MESSAGE {
        let mut end = MAX_MESSAGE;
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        message.truncate(end);
        message.push('…');
    }
    message
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({
            "error": {
                "code": self.code,
                "message": shortened(self.message),
                "line": self.line,
                "column": self.column,
                "ply": self.ply,
                "problem": self.problem,
            }
        });
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(seconds),
            );
        } else if self.status == StatusCode::SERVICE_UNAVAILABLE {
            retry_soon(&mut response);
        }
        response
    }
}

/// Seconds a client is told to wait (`Retry-After`) before it tries again a request answered
/// 503: the server busy, the database out of reach.
pub const RETRY_AFTER_SECONDS: u32 = 5;

/// Adds `Retry-After` ([`RETRY_AFTER_SECONDS`]) to a 503 answer.
pub fn retry_soon(response: &mut Response) {
    response.headers_mut().insert(
        axum::http::header::RETRY_AFTER,
        axum::http::HeaderValue::from(RETRY_AFTER_SECONDS),
    );
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        match rejection {
            JsonRejection::BytesRejection(_) => ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too-large",
                "the request is too large: pasted text may be at most 1 MB",
            ),
            JsonRejection::MissingJsonContentType(_) => ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported-media-type",
                "send JSON with the header Content-Type: application/json",
            ),
            other => ApiError::bad_request(format!("malformed JSON: {}", other.body_text())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_messages_are_cut_on_a_character_boundary() {
        assert_eq!(shortened("short".into()), "short");
        let long = "é".repeat(MAX_MESSAGE);
        let cut = shortened(long);
        assert!(cut.len() <= MAX_MESSAGE + '…'.len_utf8());
        assert!(cut.ends_with("é…"));
    }

    #[test]
    fn quoted_words_get_typographic_quotes() {
        assert_eq!(
            shortened("`hello` is not a move: `x` then ` alone".into()),
            "“hello” is not a move: “x” then ` alone"
        );
        assert_eq!(shortened("no quotes".into()), "no quotes");
    }
}
