//! Every error code of the API, with its status and meaning: what docs/api.md lists, what
//! the OpenAPI description's `ErrorCode` enumerates, and the code of an error answer the HTTP
//! layer made without one.

/// Every error code of the API: the code, the status it comes with, and what it means.
/// docs/api.md lists the same.
pub const ERROR_CODES: &[(&str, u16, &str)] = &[
    (
        "bad-request",
        400,
        "the request is malformed: not JSON, a missing or unknown field, a value out of range (unknown rules, notation, mode, color, level or action), a bad query string or path",
    ),
    (
        "not-a-player",
        403,
        "only the game's players may do this: send the game's secret",
    ),
    ("not-your-turn", 403, "it is the other side's turn"),
    ("not-found", 404, "no such game, or no such API endpoint"),
    (
        "method-not-allowed",
        405,
        "the endpoint does not take this method (the `Allow` header lists those it takes)",
    ),
    ("seat-taken", 409, "the friend game has no free seat"),
    (
        "turn-taken",
        409,
        "that turn was already played, or the game moved on meanwhile: reload it",
    ),
    (
        "not-ongoing",
        409,
        "the game is not in progress (waiting for a friend, or finished)",
    ),
    (
        "no-offer",
        409,
        "there is no draw offer from the other side to accept",
    ),
    ("draw-declined", 409, "the computer declines the draw"),
    (
        "out-of-time",
        409,
        "the mover's time ran out before the move: the game ended by time",
    ),
    (
        "rematch-taken",
        409,
        "the rematch already has its two players",
    ),
    (
        "in-progress",
        409,
        "the game is still in progress: its analysis opens when it ends",
    ),
    (
        "too-large",
        413,
        "the body is over 3 MB (3,145,728 bytes), or a pasted text over 1 MB (1,048,576 bytes)",
    ),
    (
        "unsupported-media-type",
        415,
        "the body is not sent with `Content-Type: application/json`",
    ),
    (
        "bad-fen",
        422,
        "the FEN cannot be read (`line`/`column` point at the fault when known)",
    ),
    (
        "bad-time-control",
        422,
        "the time control cannot be read: seconds plus increment (`300+3`) or seconds per move (`1/60`), at most a day",
    ),
    (
        "syntax",
        422,
        "the PDN or PGN text cannot be read (`line`/`column` point at the fault)",
    ),
    ("empty", 422, "the text holds no game"),
    (
        "unreadable",
        422,
        "a game of the text cannot be read under its rules (a bad setup or tag)",
    ),
    (
        "illegal-move",
        422,
        "the move is not legal, or names no single legal move (the message lists the legal ones)",
    ),
    ("game-over", 422, "the start position is already over"),
    (
        "too-many-moves",
        422,
        "a game tree of more than 20,000 moves with its side lines (load and export)",
    ),
    (
        "too-deep",
        422,
        "side lines nested more than 256 deep, deeper than the PDN/PGN readers read back (export)",
    ),
    (
        "cross-site",
        403,
        "a request that changes something, sent from another site (`Sec-Fetch-Site`, else `Origin` against `Host`)",
    ),
    (
        "too-many-streams",
        429,
        "the visitor already follows 8 games live, or the server holds as many streams as it allows",
    ),
    (
        "engine-unavailable",
        501,
        "chess analysis, or chess against the computer, on a server without Stockfish",
    ),
    (
        "busy",
        503,
        "too many heavy requests or connections at once: try again in a moment (`Retry-After`)",
    ),
    ("internal", 500, "the server failed: a bug"),
    ("database", 500, "the database failed"),
    ("broken-game", 500, "a stored game no longer replays"),
];

/// The error code of an answer with `status` that carries none of its own (a rejection by
/// the HTTP layer rather than by a handler).
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The codes the server's sources give an [`super::super::error::ApiError`]: the string
    /// after `StatusCode::X,` or in `unreadable("...")`.
    fn codes_in_sources() -> Vec<(String, String)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/server");
        let mut found = Vec::new();
        // Every file of the server, in its folders too.
        let mut paths = Vec::new();
        let mut dirs = vec![dir.clone()];
        while let Some(d) = dirs.pop() {
            for entry in std::fs::read_dir(d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else {
                    paths.push(path);
                }
            }
        }
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let file = path
                .strip_prefix(&dir)
                .unwrap()
                .to_string_lossy()
                .to_string();
            for marker in ["StatusCode::", "unreadable("] {
                for (i, _) in text.match_indices(marker) {
                    let mut rest = &text[i + marker.len()..];
                    if marker == "StatusCode::" {
                        // Only as the status of an `ApiError::new(` (pages use statuses too).
                        let before = text[..i].trim_end();
                        if !before.ends_with("ApiError::new(") {
                            continue;
                        }
                        rest =
                            rest.trim_start_matches(|c: char| c.is_ascii_uppercase() || c == '_');
                        let Some(r) = rest.trim_start().strip_prefix(',') else {
                            continue;
                        };
                        rest = r.trim_start();
                    }
                    let Some(r) = rest.strip_prefix('"') else {
                        continue;
                    };
                    let code = &r[..r.find('"').unwrap_or(0)];
                    if !code.is_empty() && code.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
                    {
                        found.push((file.clone(), code.to_string()));
                    }
                }
            }
        }
        found
    }

    #[test]
    fn every_code_the_server_gives_is_described() {
        let found = codes_in_sources();
        assert!(found.len() > 20, "{found:?}");
        for (file, code) in found {
            assert!(
                ERROR_CODES.iter().any(|(c, _, _)| *c == code),
                "{file} gives error code `{code}`: add it to ERROR_CODES and docs/api.md"
            );
        }
        for status in [400, 404, 405, 413, 415, 500] {
            let code = code_for_status(status);
            assert!(
                ERROR_CODES
                    .iter()
                    .any(|(c, s, _)| *c == code && *s == status)
            );
        }
    }
}
