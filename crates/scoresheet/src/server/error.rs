//! Errors of the HTTP API: a status and a JSON body `{"error": {...}}` a page can show.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// An API error: what is wrong, a short code scripts can translate, and its place in a pasted
/// text when there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub line: Option<u32>,
    pub column: Option<u32>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            line: None,
            column: None,
        }
    }

    /// 400: the request itself is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad-request", message)
    }

    /// 422: the text sent cannot be read or the move cannot be played.
    pub fn unreadable(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

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

/// The longest message an error answer carries: a message quoting a huge word of a pasted
/// text is cut (with `…`) so that the answer stays small whatever was sent.
pub const MAX_MESSAGE: usize = 2_000;

/// `message` cut to at most [`MAX_MESSAGE`] bytes, on a character boundary.
fn shortened(mut message: String) -> String {
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
            }
        });
        (self.status, Json(body)).into_response()
    }
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
}
