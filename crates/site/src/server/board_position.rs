//! The position a request of the analysis board names: its rules, its chess variant
//! (`variant`, chess only: the key of [`games::ChessVariant`]) and its FEN, or the start
//! position of both. A bad FEN is a 422 `bad-fen` with its column when known; a variant
//! given with draughts rules is a 400.

use axum::http::StatusCode;
use games::{AnyPosition, ChessVariant, Rules};

use super::error::ApiError;
use crate::engine::game_analysis::{GameLine, MAX_PLIES};

/// The chess variant of a request, checked against its rules: `None` for draughts, the
/// variant named (standard chess when none is) for chess.
fn variant_of(
    rules: Rules,
    variant: Option<ChessVariant>,
) -> Result<Option<ChessVariant>, ApiError> {
    match (rules, variant) {
        (Rules::Chess, name) => Ok(Some(name.unwrap_or(ChessVariant::Standard))),
        (Rules::Draughts(_), None) => Ok(None),
        (Rules::Draughts(_), Some(name)) => Err(ApiError::bad_request(format!(
            "`variant` ({name}) is a chess variant; the rules `{}` are draughts",
            rules.name()
        ))),
    }
}

/// Refuses (400) a `variant` given with draughts rules.
pub fn check_variant(rules: Rules, variant: Option<ChessVariant>) -> Result<(), ApiError> {
    variant_of(rules, variant).map(|_| ())
}

/// The position `fen` under `rules` and `variant`: standard chess reads X-FEN and
/// Shredder-FEN as it always has; a variant reads its own FEN (Crazyhouse's pockets,
/// Three-check's checks).
pub fn position_of(
    rules: Rules,
    variant: Option<ChessVariant>,
    fen: &str,
) -> Result<AnyPosition, ApiError> {
    let read = match variant_of(rules, variant)? {
        None | Some(ChessVariant::Standard) => AnyPosition::from_fen(rules, fen.trim()),
        Some(v) => AnyPosition::chess_from_fen(v, fen.trim()),
    };
    read.map_err(|m| fen_error(fen, m))
}

/// The start position of `rules` and `variant` (Chess960: the standard array, castling as
/// Chess960 castles).
pub fn start_of(rules: Rules, variant: Option<ChessVariant>) -> Result<AnyPosition, ApiError> {
    Ok(match variant_of(rules, variant)? {
        None | Some(ChessVariant::Standard) => AnyPosition::start(rules),
        Some(ChessVariant::Chess960) => {
            let standard = AnyPosition::start(rules).fen();
            AnyPosition::chess_from_fen(ChessVariant::Chess960, &standard)
                .map_err(|m| ApiError::internal(format!("the standard start as Chess960: {m}")))?
        }
        Some(v) => AnyPosition::Chess(shakmaty::variant::VariantPosition::new(v.rules())),
    })
}

/// The variant of a chess position as the API names it; `None` for standard chess (whose
/// answers stay as they were before variants, and whose FEN needs no name) and draughts.
pub fn variant_name(pos: &AnyPosition) -> Option<ChessVariant> {
    match pos {
        AnyPosition::Chess(p) => match ChessVariant::of_position(p) {
            ChessVariant::Standard => None,
            v => Some(v),
        },
        AnyPosition::Draughts(_) => None,
    }
}

/// A FEN error with its column when the message gives one (`character N`).
pub fn fen_error(text: &str, message: String) -> ApiError {
    let column = message
        .split("character ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse::<u32>().ok());
    let leading = text.len() - text.trim_start().len();
    let error = ApiError::unreadable("bad-fen", message);
    match column {
        Some(c) => error.at(1, c + leading as u32),
        None => error,
    }
}

/// The game from `start` by the moves `ids` (read as every move of the site is, by
/// [`AnyPosition::find_move`]: an id, `32-28`, `Nf3`, ...): 422 `illegal-move` at the first
/// that is not legal, 400 past [`MAX_PLIES`] (`what` takes at most so many).
pub fn line_of<S: AsRef<str>>(
    start: AnyPosition,
    ids: &[S],
    what: &str,
) -> Result<GameLine, ApiError> {
    if ids.len() > MAX_PLIES {
        return Err(ApiError::bad_request(format!(
            "{} moves: {what} takes at most {MAX_PLIES}",
            ids.len()
        )));
    }
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(ids.len());
    for (i, id) in ids.iter().enumerate() {
        let id = id.as_ref();
        let m = pos.find_move(id).map_err(|why| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "illegal-move",
                format!("move {} ({id}): {why}", i + 1),
            )
        })?;
        pos = pos.after(&m);
        moves.push(m);
    }
    Ok(GameLine { start, moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variant_reads_its_own_fen_and_not_with_draughts() {
        let fen = "r1bqkbnr/ppp2ppp/2n5/4p3/4P3/5N2/PPP2PPP/RNBQKB1R[Pp] w KQkq - 0 4";
        let pos = position_of(Rules::Chess, Some(ChessVariant::Crazyhouse), fen).unwrap();
        assert_eq!(pos.fen(), fen);
        assert_eq!(variant_name(&pos), Some(ChessVariant::Crazyhouse));
        let american = "american".parse().unwrap();
        let err = position_of(american, Some(ChessVariant::Atomic), "W:W21:B1").unwrap_err();
        assert_eq!(err.code, "bad-request");
        let bad =
            position_of(Rules::Chess, Some(ChessVariant::ThreeCheck), "nonsense").unwrap_err();
        assert_eq!(bad.code, "bad-fen");
    }

    #[test]
    fn every_variant_has_a_start_named_by_its_variant() {
        for name in &ChessVariant::ALL[1..] {
            let start = start_of(Rules::Chess, Some(*name)).unwrap();
            assert_eq!(variant_name(&start), Some(*name), "{name}");
        }
        let standard = start_of(Rules::Chess, Some(ChessVariant::Standard)).unwrap();
        assert_eq!(variant_name(&standard), None);
        let american = "american".parse().unwrap();
        assert_eq!(variant_name(&start_of(american, None).unwrap()), None);
    }
}
