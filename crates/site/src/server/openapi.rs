//! The OpenAPI description of the HTTP API, served at `GET /api/openapi.json`.
//!
//! The schemas are derived by utoipa from the types the handlers read and answer
//! (board_api.rs, saved_analyses.rs, games_api/, views.rs, the models, the store); the
//! operations below, one per route of router.rs, say which of them each endpoint takes and
//! gives, with every status it can answer. docs/api.md says the same in prose; tests keep the
//! endpoints and the error codes of the two in step, and schemathesis (scripts/schemathesis)
//! checks the server against this description.
//!
//! The operations are declared on bodiless functions here rather than on the handlers, so
//! that the handlers stay as they are and the dependencies point one way: the description
//! knows the handlers' types, the handlers know nothing of it.

use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::{RefOr, ServerBuilder};
use utoipa::{IntoParams, OpenApi, PartialSchema, ToSchema};

use super::board_api::{
    ExportNode, ExportRequest, ExportView, LoadRequest, MoveView, PlayRequest, PlayView,
    PositionRequest,
};
use super::clocks::ClockView;
use super::computer_analysis::{AnalysisRequest, AnalysisState, AnalysisStatus};
use super::engine_api::EngineStatus;
use super::game_list::{GameList, GameSummary, ListRequest};
use super::games_api::create::{CreateRequest, Created};
use super::games_api::endings::DrawRequest;
use super::games_api::info::GameInfo;
use super::games_api::moves::MoveRequest;
use super::games_api::rematch::RematchJoined;
use super::games_api::seats::Joined;
use super::lobby::{Lobby, LobbyGame};
use super::saved_analyses::{SaveRequest, Saved};
use super::variant_view::{ChecksView, LegalMoveView, PocketView, PocketsView};
use super::views::{GameView, NodeView, NotationRequest, PositionView, RootView, SvgRequest};
use crate::engine::evaluation::Budget;
use crate::engine::game_analysis::{GameAnalysis, MoveEval, PlayerSummary, PositionEval};
use crate::engine::judgement::{Judgement, Score};
use crate::engine::{Info, Stop};
use crate::models::{
    ColorChoice, DrawAction, DropPiece, GameMode, GameStatus, Level, NotationLang, NotationStyle,
    Role, RulesName, RulesSource, Side, SquareNames, StartKind,
};
use crate::store::StoredMove;
use games::{ChessVariant, LegalMove, Status};

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
    (
        "seat-kept",
        403,
        "the free seat of a rematch is kept for the other player: they take it with their secret of the game before",
    ),
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
        "no-such-game",
        422,
        "the text holds fewer games than the number asked for (`game` in load)",
    ),
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
        "the client's address already holds as many live streams as `serve --streams-per-client` allows (32), or the server as many as it allows",
    ),
    (
        "too-many-games",
        429,
        "the client's address has created as many games in the hour as `serve --games-per-hour-per-client` allows (600), or the server as many as `--games-per-hour` allows (20,000): try again after `Retry-After` seconds",
    ),
    (
        "too-many-computer-games",
        429,
        "the client's address already has as many games against the computer running as `serve --computer-games-per-client` allows (8), or the server as many as `--computer-games` allows (128): finish one (a game left alone for 10 minutes stops counting)",
    ),
    (
        "too-many-analyses",
        429,
        "the client's address has saved as many analyses (or megabytes of them) in the hour as `serve --analyses-per-hour-per-client` (120) and `--analysis-mb-per-hour-per-client` (30) allow, or the server as many as `--analyses-per-hour` (2,000) and `--analysis-mb-per-hour` (300) allow: try again after `Retry-After` seconds",
    ),
    (
        "analyses-full",
        507,
        "the saved analyses take all the room `serve --analyses-budget-mb` gives them (2,048 MB)",
    ),
    (
        "engine-unavailable",
        501,
        "chess analysis, or chess against the computer, on a server without Stockfish",
    ),
    (
        "variant-not-analysed",
        422,
        "the analysis of a chess variant no engine here plays (Stockfish plays standard chess and Chess960; not Crazyhouse, Atomic, ...)",
    ),
    (
        "body-timeout",
        408,
        "the body of a heavy request stalled for 5 s, arrived slower than 2 KB a second, or took longer than 30 s: it was cut",
    ),
    (
        "too-many-requests",
        429,
        "the client's address already sends 4 heavy requests at once (load, list, position, play, export, analyses, PDN): try again when they are answered",
    ),
    (
        "busy",
        503,
        "too many heavy requests or connections at once: try again in a moment (`Retry-After`)",
    ),
    ("internal", 500, "the server failed: a bug"),
    ("database", 500, "the database failed"),
    (
        "database-unavailable",
        503,
        "the database cannot be reached now (down, restarting, or no connection free in time): try again in a moment (`Retry-After`)",
    ),
    ("broken-game", 500, "a stored game no longer replays"),
];

/// The body of every error answer of the API.
#[derive(ToSchema)]
#[schema(example = json!({"error": {"code": "bad-fen", "message": "bad piece at character 7", "line": 1, "column": 7}}))]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

/// What went wrong.
#[derive(ToSchema)]
pub struct ErrorDetail {
    /// A short code a script can act on or translate (see the list of codes).
    pub code: ErrorCode,
    /// What is wrong, for a person (English).
    pub message: String,
    /// The 1-based line of the fault in a pasted text, when it has a place there.
    pub line: Option<u32>,
    /// The 1-based column of the fault, with `line`.
    pub column: Option<u32>,
    /// The move of a pasted game the error is at (`illegal-move`).
    pub ply: Option<PlyBody>,
    /// What is wrong with that move, for a page to say in its own language.
    pub problem: Option<ProblemBody>,
}

/// A move of a pasted game.
#[derive(ToSchema)]
pub struct PlyBody {
    /// 1-based index of the move from the game's first move.
    pub index: u32,
    /// The move number a score sheet shows.
    pub number: u32,
    /// Whether it is the second mover's move of that number (`9...`).
    pub second: bool,
    /// The move as written.
    pub text: String,
}

/// What is wrong with a move: `kind` is `not-a-move` (free text where a move should be),
/// `unreadable` (not a move of the notation), `illegal` (with `legal`, the legal moves,
/// empty when not listed) or `ambiguous` (with `candidates`).
#[derive(ToSchema)]
pub struct ProblemBody {
    #[schema(pattern = "^(not-a-move|unreadable|illegal|ambiguous)$")]
    pub kind: String,
    /// The move text.
    pub text: String,
    pub legal: Option<Vec<String>>,
    pub candidates: Option<Vec<String>>,
}

/// The error codes, as a schema: a string, one of [`ERROR_CODES`].
pub struct ErrorCode;

impl PartialSchema for ErrorCode {
    fn schema() -> RefOr<Schema> {
        let mut description = String::from("One of:\n");
        for (code, status, meaning) in ERROR_CODES {
            description.push_str(&format!("- `{code}` ({status}): {meaning}\n"));
        }
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(ERROR_CODES.iter().map(|(code, _, _)| *code)))
            .description(Some(description))
            .into()
    }
}

impl ToSchema for ErrorCode {}

/// The name of the events of `/api/games/{id}/events`.
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum EventName {
    State,
}

/// One server-sent event of `/api/games/{id}/events`, by its fields.
#[derive(ToSchema)]
pub struct StateEvent {
    /// Always `state`.
    pub event: EventName,
    /// The game as JSON: GameInfo, without `you`.
    #[schema(content_media_type = "application/json")]
    pub data: String,
}

/// The names of the events of `/api/engine`.
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum EngineEventName {
    Info,
    Done,
}

/// One server-sent event of `/api/engine`, by its fields.
#[derive(ToSchema)]
pub struct EngineEvent {
    /// `info` (a finished depth) or `done` (the last event).
    pub event: EngineEventName,
    /// `info`: an Info as JSON; `done`: `{"reason": Stop}`.
    #[schema(content_media_type = "application/json")]
    pub data: String,
}

/// `GET /api/engine`'s query.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EngineParams {
    /// The rules.
    #[param(inline)]
    pub rules: RulesName,
    /// Chess: the variant of `fen` (standard chess when left out). Only standard chess and
    /// Chess960 are analysed; another variant is 422 `variant-not-analysed`.
    #[param(inline)]
    pub variant: Option<ChessVariant>,
    /// The position to analyse, or where `moves` start.
    pub fen: String,
    /// The moves played from `fen` before the position to analyse, separated by spaces (ids
    /// such as `32-28` or `e2e4`, or any notation the site reads; at most 600): the
    /// draughts search then knows the game that led there, so repetitions and the draw
    /// rules are seen. Left out, `fen` itself is analysed.
    pub moves: Option<String>,
    /// The deepest depth to search, in plies: 1 to 40 (the default; deeper asks are
    /// searched to 40).
    #[param(minimum = 0)]
    pub depth: Option<u32>,
    /// Chess: the language of the piece letters of the lines (English when left out).
    #[param(inline)]
    pub lang: Option<NotationLang>,
    /// Chess: the notation of the lines (`san` when left out).
    #[param(inline)]
    pub style: Option<NotationStyle>,
    /// Chess: 1 writes figurines (♘) instead of piece letters, 0 (the default) does not.
    #[param(minimum = 0, maximum = 1)]
    pub figurines: Option<u8>,
}

/// The filters of the games database's queries (`GET /api/explorer`,
/// `GET /api/database/games`).
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DatabaseFilterParams {
    /// A player: each word starts a word of White's or Black's name, any case (`kasparov`).
    pub player: Option<String>,
    /// The colour `player` had.
    #[param(inline)]
    pub color: Option<database::Side>,
    /// White's name, from its start, any case.
    pub white: Option<String>,
    /// Black's name, from its start, any case.
    pub black: Option<String>,
    /// The event, from its start, any case.
    pub event: Option<String>,
    /// The site, from its start, any case.
    pub site: Option<String>,
    /// Played on or after: `1990`, `1990.05` or `1990.05.17`.
    #[param(pattern = r"^[0-9]{4}([.\-/][0-9]{1,2}([.\-/][0-9]{1,2})?)?$")]
    pub since: Option<String>,
    /// Played on or before: `1999`, `1999.12` or `1999.12.31`.
    #[param(pattern = r"^[0-9]{4}([.\-/][0-9]{1,2}([.\-/][0-9]{1,2})?)?$")]
    pub until: Option<String>,
    /// The players' average rating at least this.
    #[param(minimum = 0, maximum = 65535)]
    pub min_rating: Option<u16>,
    /// The players' average rating at most this.
    #[param(minimum = 0, maximum = 65535)]
    pub max_rating: Option<u16>,
    /// How the game ended.
    #[param(inline)]
    pub result: Option<database::Outcome>,
}

/// `GET /api/explorer`'s own query (beside the filters).
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExplorerParams {
    /// The rules.
    #[param(inline)]
    pub rules: RulesName,
    /// Chess: the variant of `fen` (standard chess when left out).
    #[param(inline)]
    pub variant: Option<ChessVariant>,
    /// The position; the start when left out.
    pub fen: Option<String>,
    /// Moves played from `fen` or the start, separated by spaces.
    pub moves: Option<String>,
    /// How many of the highest-rated games to list (4 when left out; at most 20).
    #[param(minimum = 0)]
    pub top: Option<u32>,
    /// How many of the latest games to list (4 when left out; at most 20).
    #[param(minimum = 0)]
    pub recent: Option<u32>,
    /// Chess: the language of the piece letters of the moves.
    #[param(inline)]
    pub lang: Option<NotationLang>,
    /// Chess: the notation of the moves.
    #[param(inline)]
    pub style: Option<NotationStyle>,
}

/// `GET /api/database/games`'s own query (beside the filters).
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DatabaseSearchParams {
    /// The variant: a chess variant (`standard`, `chess960`, `crazyhouse`, ...) or a draughts
    /// variant (`international`, `american`, ...): its games only, and the rules of `fen`,
    /// `moves` and `opening` (standard chess when left out).
    pub variant: Option<String>,
    /// Games that reach this position, by any move order.
    pub fen: Option<String>,
    /// Moves played from `fen` or the start to the position the games reach.
    pub moves: Option<String>,
    /// Games whose main line starts with these moves, separated by spaces.
    pub opening: Option<String>,
    /// Games with a position of their main line that shows these pieces, of `variant`:
    /// draughts `W27 W28 BK*` (W a white man, WK a white king, B, BK Black's; a square,
    /// `*` anywhere, `*N` exactly N), chess `Pe4 pd5 Q*0` (FEN letters).
    pub pattern: Option<String>,
    /// The page, from 1.
    #[param(minimum = 0)]
    pub page: Option<u64>,
    /// Games per page (20 when left out; 1 to 100).
    #[param(minimum = 0)]
    pub limit: Option<u64>,
}

/// `GET /api/svg`'s query.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SvgParams {
    /// The rules.
    #[param(inline)]
    pub rules: RulesName,
    /// Chess: the variant of `fen` (`crazyhouse`, ...; standard chess when left out).
    #[param(inline)]
    pub variant: Option<ChessVariant>,
    /// The position (the start position when left out).
    pub fen: Option<String>,
    /// 1 (the default) draws the coordinates, 0 does not.
    #[param(minimum = 0, maximum = 1)]
    pub coordinates: Option<u8>,
    /// 1 writes the coordinates in a strip around the board, 0 (the default) on its squares.
    #[param(minimum = 0, maximum = 1)]
    pub outside: Option<u8>,
    /// 1 draws the board from Black's side, 0 (the default) from White's.
    #[param(minimum = 0, maximum = 1)]
    pub flipped: Option<u8>,
    /// 1 draws the pieces a chess FEN places even when they make no legal position (a
    /// board without kings: the board editor); 0 (the default) answers 422 for such a FEN.
    #[param(minimum = 0, maximum = 1)]
    pub setup: Option<u8>,
}

/// The API's description.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "scoresheet",
        description = "The HTTP API of `scoresheet serve`: the analysis board (load a game or a FEN, list moves, play, export, draw boards) and games played on the site. docs/api.md says the same in prose.\n\nEvery request body is JSON (`Content-Type: application/json`, else 415) of at most 3 MB (3,145,728 bytes; else 413); a pasted text or FEN in it may be at most 1 MB (1,048,576 bytes; else 413). Every error answer is the JSON ErrorBody.",
        license(name = "GPL-3.0-or-later", identifier = "GPL-3.0-or-later"),
    ),
    paths(
        load, list, position, play, export, save_analysis, svg, create_game, get_game, join_game,
        play_move, resign, rematch, draw, events, pdn, analysis, game_computer_analysis, engine, engine_status,
        computer_analysis_request, computer_analysis_status, lobby, lobby_events, explorer, database_search, database_game, texts, openapi_json
    ),
    components(schemas(
        ErrorBody, ErrorDetail, PlyBody, ProblemBody, ErrorCode, RulesName, StartKind, NotationLang, NotationStyle,
        SquareNames, Side, ColorChoice, GameMode, Level, GameStatus, Role, DrawAction,
        RulesSource, EventName, StateEvent, LoadRequest, ListRequest, GameList, GameSummary, PositionRequest, PlayRequest, ExportRequest, ExportNode, SaveRequest, Saved,
        NotationRequest, SvgRequest, PositionView, Status, LegalMove, LegalMoveView, ChessVariant,
        DropPiece, PocketsView, PocketView, ChecksView, GameView, RootView,
        NodeView, PlayView, MoveView, ExportView, CreateRequest, Created, Joined, RematchJoined, GameInfo, ClockView,
        StoredMove, MoveRequest, DrawRequest, EngineEventName, EngineEvent, Info, Stop,
        EngineStatus, database::Explorer, database::ExplorerMove, database::Counts,
        database::ListedGame, database::GameSummary, database::SearchPage, database::StoredGame,
        database::Outcome, database::Side, AnalysisRequest, AnalysisStatus, AnalysisState,
        GameAnalysis, PositionEval, MoveEval, PlayerSummary, Score, Judgement, Budget, Lobby,
        LobbyGame
    )),
    modifiers(&Secrets),
    tags(
        (name = "analysis", description = "The analysis board: no state is kept."),
        (name = "engine", description = "Engine analysis of a position: draughts by the server's own search, chess by Stockfish when the server has it."),
        (name = "database", description = "The games database: the opening explorer and the search over the imported collections and the site's finished games."),
        (name = "games", description = "Games played on the site, kept in the store. Players prove who they are with a secret: `Authorization: Bearer <secret>`, or the cookie `s_<id>` that the answers which give a secret set."),
    )
)]
pub struct ApiDoc;

/// Adds the players' secret as a bearer scheme, and the server the description came from.
struct Secrets;

impl utoipa::Modify for Secrets {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = api.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "secret",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "A player's secret for one game (or the cookie `s_<id>`)",
                    ))
                    .build(),
            ),
        );
        api.servers = Some(vec![ServerBuilder::new().url("/").build()]);
    }
}

/// The description as JSON, built once.
pub fn json() -> &'static str {
    static JSON: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    JSON.get_or_init(|| ApiDoc::openapi().to_json().unwrap_or_else(|_| "{}".into()))
}

/// `GET /api/openapi.json`.
pub async fn openapi() -> axum::response::Response {
    use axum::response::IntoResponse;
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        json(),
    )
        .into_response()
}

// The operations. Their bodiless functions are never called: utoipa reads their attributes.

/// Load a game or a position on the analysis board.
///
/// `start` is `initial` (no `text`), `fen` (`text` is a FEN line) or `pdn`/`pgn` (`text` is
/// PDN or PGN; game `game` of it is loaded, the first when left out). A PDN/PGN game is read
/// as `scoresheet check` reads a file: its GameType or Variant tag decides the rules, else
/// its moves do (chess or the draughts variant they replay under); `rules` applies where the
/// text cannot tell (no tag and no move, or moves that replay under `rules` too).
/// `rules_source` in the answer says which decided.
#[utoipa::path(
    post, path = "/api/load", tag = "analysis", operation_id = "load",
    request_body = LoadRequest,
    responses(
        (status = 200, description = "The game tree", body = GameView),
        (status = 400, description = "`bad-request`: malformed JSON, a missing field (`rules`, `start`), an unknown field or value", body = ErrorBody),
        (status = 413, description = "`too-large`: the body is over 3 MB or `text` over 1 MB", body = ErrorBody),
        (status = 415, description = "`unsupported-media-type`", body = ErrorBody),
        (status = 422, description = "`bad-fen`, `syntax`, `empty`, `unreadable`, `illegal-move`, with `line` and `column` in `text`; `too-many-moves`: more than 20,000 moves with side lines; `no-such-game`: `game` is past the text's last game", body = ErrorBody),
        (status = 500, description = "`internal`", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once", body = ErrorBody),
        (status = 403, description = "`cross-site`: a request from another site (`Sec-Fetch-Site`, else `Origin` against `Host`)", body = ErrorBody),
        (status = 503, description = "`busy`: too many heavy requests at once; try again in a moment", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn load() {}

/// List the games of a text: a collection pasted or dropped on the analysis board.
///
/// Each game by its number (`game` in `/api/load`), the line it starts on and its White,
/// Black, Event, Date, Round and Result tags, read without replaying a move. `total` counts
/// every game; the first 5,000 are listed.
#[utoipa::path(
    post, path = "/api/list", tag = "analysis", operation_id = "list",
    request_body = ListRequest,
    responses(
        (status = 200, description = "The games of the text", body = GameList),
        (status = 400, description = "`bad-request`: malformed JSON, a missing `text`, an unknown field", body = ErrorBody),
        (status = 413, description = "`too-large`: the body is over 3 MB or `text` over 1 MB", body = ErrorBody),
        (status = 415, description = "`unsupported-media-type`", body = ErrorBody),
        (status = 500, description = "`internal`", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once", body = ErrorBody),
        (status = 403, description = "`cross-site`: a request from another site (`Sec-Fetch-Site`, else `Origin` against `Host`)", body = ErrorBody),
        (status = 503, description = "`busy`: too many heavy requests at once; try again in a moment", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn list() {}

/// A position and its legal moves.
#[utoipa::path(
    post, path = "/api/position", tag = "analysis", operation_id = "position",
    request_body = PositionRequest,
    responses(
        (status = 200, description = "The position", body = PositionView),
        (status = 400, description = "`bad-request`", body = ErrorBody),
        (status = 413, description = "`too-large`: the body is over 3 MB or `fen` over 1 MB", body = ErrorBody),
        (status = 415, description = "`unsupported-media-type`", body = ErrorBody),
        (status = 422, description = "`bad-fen`", body = ErrorBody),
        (status = 500, description = "`internal`", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once", body = ErrorBody),
        (status = 403, description = "`cross-site`: a request from another site (`Sec-Fetch-Site`, else `Origin` against `Host`)", body = ErrorBody),
        (status = 503, description = "`busy`: too many heavy requests at once; try again in a moment", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn position() {}

/// Play one move from a position.
///
/// `move` is a move id or any text the readers understand (`e1xa5`, `Nf3`) that names one
/// legal move.
#[utoipa::path(
    post, path = "/api/play", tag = "analysis", operation_id = "play",
    request_body = PlayRequest,
    responses(
        (status = 200, description = "The move and the position after it", body = PlayView),
        (status = 400, description = "`bad-request`", body = ErrorBody),
        (status = 413, description = "`too-large`", body = ErrorBody),
        (status = 415, description = "`unsupported-media-type`", body = ErrorBody),
        (status = 422, description = "`bad-fen`; `illegal-move` (the message lists the legal moves)", body = ErrorBody),
        (status = 500, description = "`internal`", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once", body = ErrorBody),
        (status = 403, description = "`cross-site`: a request from another site (`Sec-Fetch-Site`, else `Origin` against `Host`)", body = ErrorBody),
        (status = 503, description = "`busy`: too many heavy requests at once; try again in a moment", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn play() {}

/// Write a game tree as PDN (draughts) or PGN (chess).
///
/// Nodes are in the form `/api/load` gives; the first child listed for a parent is its main
/// line.
#[utoipa::path(
    post, path = "/api/export", tag = "analysis", operation_id = "export",
    request_body = ExportRequest,
    responses(
        (status = 200, description = "The text and a file name for it", body = ExportView),
        (status = 400, description = "`bad-request`: also more than 20,000 nodes, side lines nested deeper than 2,000, a null move in draughts", body = ErrorBody),
        (status = 413, description = "`too-large`", body = ErrorBody),
        (status = 415, description = "`unsupported-media-type`", body = ErrorBody),
        (status = 422, description = "`bad-fen` (`start`), `illegal-move` (a node's move); `too-many-moves`: more than 20,000 moves with side lines; `too-deep`: side lines nested more than 256 deep (the readers read no deeper)", body = ErrorBody),
        (status = 500, description = "`internal`", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once", body = ErrorBody),
        (status = 403, description = "`cross-site`: a request from another site (`Sec-Fetch-Site`, else `Origin` against `Host`)", body = ErrorBody),
        (status = 503, description = "`busy`: too many heavy requests at once; try again in a moment", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn export() {}

/// Save an analysis to share: a game with its side lines and comments.
///
/// The text must read as a game under its rules. Anyone with its page, `/analysis/ID`, sees
/// it on the analysis board.
#[utoipa::path(
    post, path = "/api/analyses", tag = "analysis", operation_id = "save_analysis",
    request_body = SaveRequest,
    responses(
        (status = 201, description = "Saved: its id and page", body = Saved),
        (status = 400, description = "`bad-request`", body = ErrorBody),
        (status = 413, description = "`too-large`: the body is over 3 MB or `text` over 1 MB", body = ErrorBody),
        (status = 415, description = "`unsupported-media-type`", body = ErrorBody),
        (status = 422, description = "`syntax`, `empty`, `unreadable`, `illegal-move`, `bad-fen`, `too-many-moves`: the text is not a game", body = ErrorBody),
        (status = 500, description = "`internal`, `database`", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once; `too-many-analyses`: this address (or the server) saved its hourly share; try again after `Retry-After` seconds", body = ErrorBody),
        (status = 403, description = "`cross-site`: a request from another site (`Sec-Fetch-Site`, else `Origin` against `Host`)", body = ErrorBody),
        (status = 503, description = "`busy`: too many heavy requests at once; try again in a moment; `database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
        (status = 507, description = "`analyses-full`: the saved analyses take all the room the server gives them", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn save_analysis() {}

/// Draw a board as SVG.
///
/// Every square is a `<rect class="sq dark|light" data-sq="...">`, every piece a
/// `<g class="piece white|black man|king|chess" data-sq="...">`.
#[utoipa::path(
    get, path = "/api/svg", tag = "analysis", operation_id = "svg",
    params(SvgParams),
    responses(
        (status = 200, description = "The board", body = String, content_type = "image/svg+xml"),
        (status = 400, description = "`bad-request`: a missing or unknown `rules`, a parameter that is not a number 0-255", body = ErrorBody),
        (status = 422, description = "`bad-fen`", body = ErrorBody),
        (status = 500, description = "`internal`", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn svg() {}

/// Start a game.
///
/// Sets the cookie `s_<id>` with the creator's secret (and `visitor` on a first visit). In
/// computer mode the computer moves by itself when it is its turn (watch the events).
#[utoipa::path(
    post, path = "/api/games", tag = "games", operation_id = "createGame",
    request_body = CreateRequest,
    responses(
        (status = 201, description = "The game, with the creator's secret", body = Created),
        (status = 400, description = "`bad-request`: also an unknown mode, level or color, `lobby` for a game that is not a friend game", body = ErrorBody),
        (status = 413, description = "`too-large`", body = ErrorBody),
        (status = 415, description = "`unsupported-media-type`", body = ErrorBody),
        (status = 422, description = "`bad-fen`, `game-over` (the start position is already over), `bad-time-control`", body = ErrorBody),
        (status = 500, description = "`internal`, `database`, `broken-game`", body = ErrorBody),
        (status = 503, description = "`database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
        (status = 501, description = "`engine-unavailable`: chess against the computer on a server without Stockfish", body = ErrorBody),
        (status = 403, description = "`cross-site`: a request from another site (`Sec-Fetch-Site`, else `Origin` against `Host`)", body = ErrorBody),
        (status = 429, description = "`too-many-games`: this address (or the server) created its hourly share of games; `too-many-computer-games`: this address (or the server) has as many games against the computer running as allowed. Both with `Retry-After`", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn create_game() {}

/// A game.
#[utoipa::path(
    get, path = "/api/games/{id}", tag = "games", operation_id = "getGame",
    params(("id" = String, Path, description = "The game's id")),
    security((), ("secret" = [])),
    responses(
        (status = 200, description = "The game; `you` says which side the secret's holder plays", body = GameInfo),
        (status = 400, description = "`bad-request`: a malformed id", body = ErrorBody),
        (status = 404, description = "`not-found`", body = ErrorBody),
        (status = 500, description = "`internal`, `database`, `broken-game`", body = ErrorBody),
        (status = 503, description = "`database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn get_game() {}

/// Take the free seat of a friend game.
///
/// Sets the cookie `s_<id>` with the new player's secret. Opening `/game/{id}` in a browser
/// does the same for whoever opens the link first.
#[utoipa::path(
    post, path = "/api/games/{id}/join", tag = "games", operation_id = "joinGame",
    params(("id" = String, Path, description = "The game's id")),
    security((), ("secret" = [])),
    responses(
        (status = 200, description = "The game and the new player's secret", body = Joined),
        (status = 400, description = "`bad-request`: a malformed id", body = ErrorBody),
        (status = 404, description = "`not-found`", body = ErrorBody),
        (status = 409, description = "`seat-taken`: no free seat (or the requester already plays it)", body = ErrorBody),
        (status = 500, description = "`internal`, `database`, `broken-game`", body = ErrorBody),
        (status = 503, description = "`database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
        (status = 403, description = "`seat-kept`: a rematch's seat, kept for the other player of the game before; `cross-site`: a request from another site (`Sec-Fetch-Site`, else `Origin` against `Host`)", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn join_game() {}

/// Play a move.
///
/// The move is stored before the answer goes out; of two moves sent at once for one turn,
/// one is stored and the other gets 409.
#[utoipa::path(
    post, path = "/api/games/{id}/moves", tag = "games", operation_id = "playMove",
    params(("id" = String, Path, description = "The game's id")),
    request_body = MoveRequest,
    security((), ("secret" = [])),
    responses(
        (status = 200, description = "The game after the move", body = GameInfo),
        (status = 400, description = "`bad-request`", body = ErrorBody),
        (status = 403, description = "`cross-site`: a request from another site (`Sec-Fetch-Site`, else `Origin` against `Host`); `not-a-player`, `not-your-turn`", body = ErrorBody),
        (status = 404, description = "`not-found`", body = ErrorBody),
        (status = 409, description = "`not-ongoing`, `turn-taken`, `out-of-time`", body = ErrorBody),
        (status = 413, description = "`too-large`", body = ErrorBody),
        (status = 415, description = "`unsupported-media-type`", body = ErrorBody),
        (status = 422, description = "`illegal-move`", body = ErrorBody),
        (status = 500, description = "`internal`, `database`, `broken-game`", body = ErrorBody),
        (status = 503, description = "`database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn play_move() {}

/// Ask for a rematch of a finished game: the colours swapped, the same rules, start, mode,
/// level and clock.
///
/// The first player to ask creates it (201, with their secret, also set as the cookie
/// `s_<id>`); against the computer or on one device it starts at once, with a friend it
/// waits for the friend, whose page sees `rematch` in the finished game's state. The friend
/// accepts by asking too (200, with their new secret); a player of the rematch who asks
/// again gets it (200, secret null).
#[utoipa::path(
    post, path = "/api/games/{id}/rematch", tag = "games", operation_id = "rematch",
    params(("id" = String, Path, description = "The finished game's id")),
    security((), ("secret" = [])),
    responses(
        (status = 201, description = "The new game, with the asker's secret", body = Created),
        (status = 200, description = "The rematch the other player made: the asker's seat in it", body = RematchJoined),
        (status = 400, description = "`bad-request`: a malformed id", body = ErrorBody),
        (status = 403, description = "`cross-site`: a request from another site (`Sec-Fetch-Site`, else `Origin` against `Host`); `not-a-player`", body = ErrorBody),
        (status = 404, description = "`not-found`", body = ErrorBody),
        (status = 409, description = "`not-ongoing`: the game is not finished; `rematch-taken`", body = ErrorBody),
        (status = 429, description = "`too-many-games`, `too-many-computer-games`: as for `POST /api/games`, with `Retry-After`", body = ErrorBody),
        (status = 500, description = "`internal`, `database`, `broken-game`", body = ErrorBody),
        (status = 503, description = "`database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn rematch() {}

/// Resign: the requester's side (on one device, the side to move) gives up.
#[utoipa::path(
    post, path = "/api/games/{id}/resign", tag = "games", operation_id = "resign",
    params(("id" = String, Path, description = "The game's id")),
    security((), ("secret" = [])),
    responses(
        (status = 200, description = "The finished game", body = GameInfo),
        (status = 400, description = "`bad-request`: a malformed id", body = ErrorBody),
        (status = 403, description = "`cross-site`: a request from another site (`Sec-Fetch-Site`, else `Origin` against `Host`); `not-a-player`", body = ErrorBody),
        (status = 404, description = "`not-found`", body = ErrorBody),
        (status = 409, description = "`not-ongoing`, `turn-taken`", body = ErrorBody),
        (status = 500, description = "`internal`, `database`, `broken-game`", body = ErrorBody),
        (status = 503, description = "`database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn resign() {}

/// Offer, accept or decline a draw.
///
/// On one device an offer is agreed at once; the computer accepts when it does not expect to
/// win (else 409 `draw-declined`).
#[utoipa::path(
    post, path = "/api/games/{id}/draw", tag = "games", operation_id = "draw",
    params(("id" = String, Path, description = "The game's id")),
    request_body = DrawRequest,
    security((), ("secret" = [])),
    responses(
        (status = 200, description = "The game", body = GameInfo),
        (status = 400, description = "`bad-request`: also an unknown action", body = ErrorBody),
        (status = 403, description = "`cross-site`: a request from another site (`Sec-Fetch-Site`, else `Origin` against `Host`); `not-a-player`", body = ErrorBody),
        (status = 404, description = "`not-found`", body = ErrorBody),
        (status = 409, description = "`not-ongoing`, `no-offer`, `draw-declined`, `turn-taken`", body = ErrorBody),
        (status = 413, description = "`too-large`", body = ErrorBody),
        (status = 415, description = "`unsupported-media-type`", body = ErrorBody),
        (status = 500, description = "`internal`, `database`, `broken-game`", body = ErrorBody),
        (status = 503, description = "`database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn draw() {}

/// Follow a game live.
///
/// Server-sent events: `event: state` whose `data` is the game as JSON (GameInfo, without
/// `you`), at once and after every change; a comment line every 15 s keeps the connection
/// open.
#[utoipa::path(
    get, path = "/api/games/{id}/events", tag = "games", operation_id = "events",
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "An endless stream of `state` events", body = StateEvent, content_type = "text/event-stream",
            example = json!("event: state\ndata: {\"id\":\"3f9a1c0b2e\",...}\n\n")),
        (status = 400, description = "`bad-request`: a malformed id", body = ErrorBody),
        (status = 404, description = "`not-found`", body = ErrorBody),
        (status = 500, description = "`internal`, `database`, `broken-game`", body = ErrorBody),
        (status = 503, description = "`database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
        (status = 429, description = "`too-many-streams`: the client's address already holds its live streams (`serve --streams-per-client`, 32), or the server is at its limit of streams", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn events() {}

/// Download a game as PDN (PGN for chess).
///
/// With Event, Site, Date, Round, White, Black, Result, GameType, FEN when not from the
/// start, and the moves in the rules' notation. `Content-Disposition: attachment` names the
/// file. A finished game whose computer analysis is kept carries it: an `Annotator` tag,
/// the players' accuracies, `[%eval]` after each move, NAGs (`?!` 6, `?` 2, `??` 4), the
/// words and the engine's better line on each judged move.
#[utoipa::path(
    get, path = "/api/games/{id}/pdn", tag = "games", operation_id = "pdn",
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The game's text: PDN as `text/plain`, PGN as `application/x-chess-pgn`",
            content(
                (String = "text/plain"),
                (String = "application/x-chess-pgn"),
            ),
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"scoresheet-RULES-DATE-ID.pdn\"`"))),
        (status = 400, description = "`bad-request`: a malformed id", body = ErrorBody),
        (status = 404, description = "`not-found`", body = ErrorBody),
        (status = 500, description = "`internal`, `database`, `broken-game`", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once", body = ErrorBody),
        (status = 503, description = "`busy`: too many heavy requests at once; try again in a moment; `database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn pdn() {}

/// A finished game as the analysis board loads it.
#[utoipa::path(
    get, path = "/api/games/{id}/analysis", tag = "games", operation_id = "gameAnalysis",
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The game tree, as `/api/load` gives it", body = GameView),
        (status = 400, description = "`bad-request`: a malformed id", body = ErrorBody),
        (status = 404, description = "`not-found`", body = ErrorBody),
        (status = 409, description = "`in-progress`", body = ErrorBody),
        (status = 500, description = "`internal`, `database`, `broken-game`", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once", body = ErrorBody),
        (status = 503, description = "`busy`: too many heavy requests at once; try again in a moment; `database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn analysis() {}

/// A finished game's computer analysis, when it was asked for.
///
/// Never starts one (`POST /api/computer-analysis` with the game's start and moves does):
/// the game's page asks this on every visit to show an analysis already there.
#[utoipa::path(
    get, path = "/api/games/{id}/computer-analysis", tag = "games", operation_id = "gameComputerAnalysis",
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "Running (with its progress) or done (with the analysis), as `GET /api/computer-analysis/{key}` answers", body = AnalysisStatus),
        (status = 400, description = "`bad-request`: a malformed id", body = ErrorBody),
        (status = 404, description = "`not-found`: no such game, or nobody asked for its analysis (or it failed)", body = ErrorBody),
        (status = 409, description = "`in-progress`", body = ErrorBody),
        (status = 500, description = "`internal`, `database`, `broken-game`", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once", body = ErrorBody),
        (status = 503, description = "`busy`: too many heavy requests at once; try again in a moment; `database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn game_computer_analysis() {}

/// Analyse a position.
///
/// Server-sent events: `event: info` whose `data` is an Info as JSON, one per finished depth,
/// deeper and deeper; then `event: done` whose `data` is `{"reason": Stop}`, and the stream
/// ends. Scores are from White's side. At most 8 s; closing the stream stops the analysis.
/// Draughts is searched by the server, chess by Stockfish when the server has it.
#[utoipa::path(
    get, path = "/api/engine", tag = "engine", operation_id = "engine",
    params(EngineParams),
    responses(
        (status = 200, description = "A finite stream of `info` events and one `done`", body = EngineEvent, content_type = "text/event-stream",
            example = json!("event: info\ndata: {\"depth\":1,\"score\":5,\"mate\":null,\"pv\":[\"11-15\"],\"best\":\"11-15\",\"nodes\":8,\"time_ms\":0}\n\nevent: done\ndata: {\"reason\":\"time\"}\n\n")),
        (status = 400, description = "`bad-request`: a missing or unknown `rules`, a missing `fen`, an unknown `lang` or `style`, a `depth` or `figurines` that is not a number (0-4294967295, 0-255), more than 600 `moves`", body = ErrorBody),
        (status = 422, description = "`bad-fen`; `illegal-move`: a move of `moves` that cannot be played; `variant-not-analysed`: a chess variant Stockfish does not play (Crazyhouse, Atomic, ...)", body = ErrorBody),
        (status = 429, description = "`too-many-streams`: the client's address already holds its live streams (`serve --streams-per-client`, 32), or the server is at its limit of streams", body = ErrorBody),
        (status = 500, description = "`internal`", body = ErrorBody),
        (status = 501, description = "`engine-unavailable`: chess on a server without Stockfish", body = ErrorBody),
        (status = 503, description = "`busy`: too many analyses at once; try again in a moment", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn engine() {}

/// Explore a position in the games database.
///
/// The games that reach the position (by any move order), by result, and every move played
/// there with its counts, average rating, score and first year; the top and latest games.
#[utoipa::path(
    get, path = "/api/explorer", tag = "database", operation_id = "explorer",
    params(ExplorerParams, DatabaseFilterParams),
    responses(
        (status = 200, description = "The position's games and moves", body = database::Explorer),
        (status = 400, description = "`bad-request`: a missing or unknown `rules`, an unknown `variant`, `color`, `result`, `lang` or `style`, a date or number that does not read", body = ErrorBody),
        (status = 422, description = "`bad-fen`; `illegal-move`: a move of `moves` that cannot be played", body = ErrorBody),
        (status = 500, description = "`internal`, `database`", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once", body = ErrorBody),
        (status = 503, description = "`busy`: too many heavy requests at once; try again in a moment; `database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn explorer() {}

/// Search the games database.
///
/// The games that match, the latest first, a page at a time, and their count.
#[utoipa::path(
    get, path = "/api/database/games", tag = "database", operation_id = "databaseSearch",
    params(DatabaseSearchParams, DatabaseFilterParams),
    responses(
        (status = 200, description = "A page of games and the count of all", body = database::SearchPage),
        (status = 400, description = "`bad-request`: an unknown `variant`, `color` or `result`, a date, number or `pattern` that does not read", body = ErrorBody),
        (status = 422, description = "`bad-fen`; `illegal-move`: a move of `moves` or `opening` that cannot be played", body = ErrorBody),
        (status = 500, description = "`internal`, `database`", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once", body = ErrorBody),
        (status = 503, description = "`busy`: too many heavy requests at once; try again in a moment; `database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn database_search() {}

/// A game of the games database, whole.
#[utoipa::path(
    get, path = "/api/database/games/{id}", tag = "database", operation_id = "databaseGame",
    params(("id" = String, Path, description = "The game's id in the database")),
    responses(
        (status = 200, description = "The game, its text as written", body = database::StoredGame),
        (status = 404, description = "`not-found`", body = ErrorBody),
        (status = 500, description = "`internal`, `database`", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once", body = ErrorBody),
        (status = 503, description = "`busy`: too many heavy requests at once; try again in a moment; `database-unavailable`: the database cannot be reached now; try again after `Retry-After` seconds", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn database_game() {}

/// Request a computer analysis of a whole game.
///
/// Every position of the game's main line is searched (draughts to depth 10, chess by
/// Stockfish to depth 14) in the background; each move is judged (inaccuracy, mistake,
/// blunder) by the fall of its mover's winning chances as lichess judges them, and each
/// player's accuracy is worked out. The analysis is kept under its key: the same game asked
/// again (by anyone, after a restart too) is answered at once.
#[utoipa::path(
    post, path = "/api/computer-analysis", tag = "engine", operation_id = "computerAnalysis",
    request_body = AnalysisRequest,
    responses(
        (status = 200, description = "The analysis, done", body = AnalysisStatus),
        (status = 202, description = "The analysis is queued or running (asked for now or before): ask `GET /api/computer-analysis/{key}`", body = AnalysisStatus),
        (status = 400, description = "`bad-request`: a missing or unknown field, more than 600 moves", body = ErrorBody),
        (status = 408, description = "`body-timeout`: the body stalled, arrived slower than 2 KB a second, or took longer than 30 s", body = ErrorBody),
        (status = 413, description = "`too-large`", body = ErrorBody),
        (status = 415, description = "`unsupported-media-type`", body = ErrorBody),
        (status = 422, description = "`bad-fen`; `illegal-move`: a move of `moves` that cannot be played; `variant-not-analysed`: a chess variant Stockfish does not play", body = ErrorBody),
        (status = 429, description = "`too-many-requests`: this address already sends 4 such requests at once", body = ErrorBody),
        (status = 500, description = "`internal`", body = ErrorBody),
        (status = 501, description = "`engine-unavailable`: chess on a server without Stockfish", body = ErrorBody),
        (status = 503, description = "`busy`: 34 analyses are asked for already (two run, the others wait their turn), or too many heavy requests; try again in a moment", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn computer_analysis_request() {}

/// How far a computer analysis is, and the analysis once done.
#[utoipa::path(
    get, path = "/api/computer-analysis/{key}", tag = "engine", operation_id = "computerAnalysisStatus",
    params(("key" = String, Path, description = "The analysis' key (32 hexadecimal digits)")),
    responses(
        (status = 200, description = "Queued, running (with its progress) or done (with the analysis)", body = AnalysisStatus),
        (status = 404, description = "`not-found`: no analysis under this key (never asked for, or it failed)", body = ErrorBody),
        (status = 500, description = "`internal`", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn computer_analysis_status() {}

/// The lobby: the open games waiting for a player.
///
/// Friend games created with `"lobby": true`, whose seat is free, opened in the last ten
/// minutes, the newest first (at most 50). Take one with `POST /api/games/{id}/join`.
#[utoipa::path(
    get, path = "/api/lobby", tag = "games", operation_id = "lobby",
    responses(
        (status = 200, description = "The open games", body = Lobby),
        (status = 500, description = "`internal`, `database`", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn lobby() {}

/// The lobby, live.
///
/// Server-sent events: one `lobby` event whose `data` is the Lobby as JSON at once, then one
/// each time an open game is opened or taken, and every 30 s (open games expire).
#[utoipa::path(
    get, path = "/api/lobby/events", tag = "games", operation_id = "lobbyEvents",
    responses(
        (status = 200, description = "An endless stream of `lobby` events", body = Lobby, content_type = "text/event-stream"),
        (status = 429, description = "`too-many-streams`: the client's address already holds its live streams, or the server is at its limit of streams", body = ErrorBody),
        (status = 500, description = "`internal`, `database`", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn lobby_events() {}

/// Which families the server analyses.
#[utoipa::path(
    get, path = "/api/engine/status", tag = "engine", operation_id = "engineStatus",
    responses(
        (status = 200, description = "Whether draughts (always) and chess (with Stockfish) are analysed", body = EngineStatus),
        (status = 500, description = "`internal`", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn engine_status() {}

/// Catalog texts that no page embeds, for the script that needs them: `prefs`, the settings
/// panel's.
#[utoipa::path(
    get, path = "/api/texts/{namespace}", tag = "analysis", operation_id = "texts",
    params(
        ("namespace" = String, Path, description = "The texts' namespace: `prefs`", example = "prefs"),
        ("lang" = Option<String>, Query, description = "`en` (the default), `pt`, `es` or `fr`"),
    ),
    responses(
        (status = 200, description = "`{\"prefs.volume\": \"Volume\", ...}`: each key of the namespace and its text", body = Object),
        (status = 400, description = "`bad-request`: a query that does not fit", body = ErrorBody),
        (status = 404, description = "`not-found`: no such namespace", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn texts() {}

/// This description.
#[utoipa::path(
    get, path = "/api/openapi.json", tag = "analysis", operation_id = "openapi",
    responses(
        (status = 200, description = "The OpenAPI description of the API", body = Object),
        (status = 500, description = "`internal`", body = ErrorBody),
    )
)]
#[allow(dead_code)]
fn openapi_json() {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::error::code_for_status;

    /// The codes the server's sources give an [`super::super::error::ApiError`]: the string
    /// after `StatusCode::X,` or in `unreadable("...")` or `conflict("...")`.
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
            for marker in ["StatusCode::", "unreadable(", "conflict("] {
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

    #[test]
    fn the_description_is_json_with_every_operation() {
        let spec: serde_json::Value = serde_json::from_str(json()).unwrap();
        let paths = spec["paths"].as_object().unwrap();
        assert_eq!(paths.len(), 29);
        for path in [
            "/api/games/{id}/computer-analysis",
            "/api/explorer",
            "/api/database/games",
            "/api/database/games/{id}",
            "/api/computer-analysis",
            "/api/computer-analysis/{key}",
            "/api/lobby",
            "/api/lobby/events",
        ] {
            assert!(paths.contains_key(path), "{path} is not described");
        }
        let codes = &spec["components"]["schemas"]["ErrorCode"]["enum"];
        assert_eq!(codes.as_array().unwrap().len(), ERROR_CODES.len());
    }
}
