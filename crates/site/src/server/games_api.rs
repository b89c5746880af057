//! Games played on the site: create, join, move, resign, offer and accept draws, follow live
//! (server-sent events), download as PDN, open on the analysis board once finished.
//!
//! Every player holds a secret for the game (a cookie `s_<id>`, or `Authorization: Bearer`
//! for programs); the store keeps only its SHA-256. Only a player can move, and only on their
//! turn; the store refuses a second move for the same turn, so of two moves sent at once one
//! is accepted and the other gets 409.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::BroadcastStream;

use super::AppState;
use super::clocks::{self, ClockView};
use super::error::ApiError;
use super::game_id::GameId;
use super::json::ApiJson;
use super::live::LiveGame;
use super::pages::{Visitor, cookie, random_token};
use super::play::{PlayedGame, reason_parts, result_for, winner_of};
use super::views::{GameView, PositionView};
use crate::models::{ColorChoice, DrawAction, GameMode, GameStatus, Level, Role, Side};
use crate::store::{Finish, StoredGame, StoredMove, now_ms};
use games::{AnyPosition, NotationChoice, Rules};

/// The SHA-256 of a secret, as hex.
pub(crate) fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The requester's secret for game `id`: the bearer token, else the game's cookie.
pub(crate) fn secret_of(headers: &HeaderMap, id: &str) -> Option<String> {
    if let Some(token) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
    {
        return Some(token.trim().to_string());
    }
    cookie(headers, &format!("s_{id}")).map(str::to_string)
}

/// Which side(s) the requester plays: White, Black, both (one device), or none.
pub(crate) fn role(game: &StoredGame, secret: Option<&str>) -> Option<Role> {
    let h = hash(secret?);
    let white = game.white_secret.as_deref() == Some(h.as_str());
    let black = game.black_secret.as_deref() == Some(h.as_str());
    match (white, black) {
        (true, true) => Some(Role::Both),
        (true, false) => Some(Role::White),
        (false, true) => Some(Role::Black),
        _ => None,
    }
}

/// The refusal of what only a game's players may do (`action`: "move", "resign", ...).
pub(crate) fn not_a_player(action: &str) -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "not-a-player",
        format!("only the game's players can {action}"),
    )
}

/// A stored game whose moves no longer replay.
fn broken(e: String) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "broken-game", e)
}

/// The stored row of game `id`, or 404.
pub(crate) async fn stored_game(app: &AppState, id: &str) -> Result<StoredGame, ApiError> {
    app.store
        .game(id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no game {id}")))
}

/// A game as the pages see it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameInfo {
    pub id: String,
    #[serde(with = "crate::models::rules")]
    #[schema(value_type = crate::models::RulesName)]
    pub rules: Rules,
    pub mode: GameMode,
    /// The computer's level in a game against it.
    pub level: Option<Level>,
    /// The computer's side in a game against it.
    pub computer: Option<Side>,
    pub status: GameStatus,
    /// The result in the rules' convention, counted from the side that moves first
    /// (American `1-0` is a win for Black; International scores `2-0`, `1-1`, `0-2`).
    pub result: Option<String>,
    /// Why it ended, as a code: `no-moves`, `checkmate`, `stalemate`, `insufficient-material`,
    /// `resigned`, `agreed`, `repetition`, `fifty-moves`, `kings-only`, `lone-king`,
    /// `three-kings`, `few-kings`, `main-road`, `unchanged-balance`.
    pub reason: Option<String>,
    /// The move count of a draw rule (`kings-only` after 25 moves each: 25).
    pub reason_moves: Option<u32>,
    pub winner: Option<Side>,
    /// The side that offers a draw.
    pub draw_offer: Option<Side>,
    /// White's name (null for the computer's side and for players who gave none).
    pub white: Option<String>,
    pub black: Option<String>,
    pub start_fen: String,
    /// The number of moves played.
    pub plies: i64,
    /// The side to move.
    pub turn: Side,
    pub moves: Vec<StoredMove>,
    /// The position now (without `svg`).
    pub position: PositionView,
    /// The side(s) the request's secret plays, or null for a watcher.
    pub you: Option<Role>,
    /// Milliseconds since 1970.
    pub created_at: i64,
    pub updated_at: i64,
    /// The clocks of a game with a time control, as they stood when the answer was made;
    /// null without a clock.
    pub clock: Option<ClockView>,
    /// The game offered as this one's rematch, once a player asked for one.
    pub rematch: Option<String>,
}

/// Loads a game and builds its info for `secret`'s holder.
pub async fn game_info(
    app: &AppState,
    id: &str,
    secret: Option<&str>,
) -> Result<(GameInfo, StoredGame), ApiError> {
    let mut game = stored_game(app, id).await?;
    let moves = app.store.moves(id).await?;
    let played = PlayedGame::replay(&game, &moves).map_err(broken)?;
    // A side whose time ran out loses now, whoever reads the game first.
    let flagged = clocks::flag_if_out(app, &mut game, &played, now_ms()).await?;
    let mut info = info_of(&game, moves, &played, None)?;
    if flagged {
        tell(app, &info).await;
    }
    info.you = role(&game, secret);
    Ok((info, game))
}

/// The info of a game from its row, moves and rules' state.
fn info_of(
    game: &StoredGame,
    moves: Vec<StoredMove>,
    played: &PlayedGame,
    secret: Option<&str>,
) -> Result<GameInfo, ApiError> {
    let pos = played.position();
    let turn = played.side_to_move();
    let (reason, reason_moves) = match game.reason.as_deref().map(reason_parts) {
        Some((code, moves)) => (Some(code), moves),
        None => (None, None),
    };
    Ok(GameInfo {
        id: game.id.clone(),
        rules: game.rules,
        mode: game.mode,
        level: game.level,
        computer: game.computer,
        status: game.status,
        result: game.result.clone(),
        reason,
        reason_moves,
        winner: game
            .result
            .as_deref()
            .and_then(|r| winner_of(game.rules, r)),
        draw_offer: game.draw_offer,
        white: game.white_name.clone(),
        black: game.black_name.clone(),
        start_fen: game.start_fen.clone(),
        plies: game.plies,
        turn,
        moves,
        position: PositionView::of(&pos, &NotationChoice::default(), None),
        you: role(game, secret),
        created_at: game.created_at,
        updated_at: game.updated_at,
        clock: clocks::view(game, turn.is_white(), now_ms()),
        rematch: game.rematch.clone(),
    })
}

/// The live state of game `id` in its locked slot, fresh from the store: the row is read
/// again, and the moves too when the slot's count differs from the store's.
async fn fresh<'a>(
    app: &AppState,
    id: &str,
    slot: &'a mut Option<LiveGame>,
) -> Result<&'a mut LiveGame, ApiError> {
    let game = stored_game(app, id).await?;
    match slot {
        Some(live) if live.moves.len() as i64 == game.plies => live.game = game,
        _ => {
            let moves = app.store.moves(id).await?;
            let played = PlayedGame::replay(&game, &moves).map_err(broken)?;
            *slot = Some(LiveGame {
                game,
                moves,
                played,
            });
        }
    }
    Ok(slot.as_mut().expect("filled above"))
}

/// Checks and stores the next move of a game whose slot is locked. `Ok(None)` when the store
/// refused it (the turn was taken meanwhile).
async fn store_move(
    app: &AppState,
    live: &mut LiveGame,
    text: &str,
    ply: i64,
) -> Result<Option<GameInfo>, ApiError> {
    let white_moves = live.played.side_to_move().is_white();
    let charged = clocks::charge(&live.game, white_moves, now_ms())?;
    let mut checked = live
        .played
        .play(text, ply)
        .map_err(|e| ApiError::unreadable("illegal-move", e))?;
    checked.stored.clock_ms = charged.map(|(mover, _)| mover);
    let stored = app
        .store
        .append_move(
            &live.game.id,
            &checked.stored,
            checked.finish.as_ref(),
            charged.as_ref().map(|(_, row)| row),
        )
        .await?;
    if !stored {
        live.played.undo();
        return Ok(None);
    }
    live.moves.push(checked.stored);
    live.game = app
        .store
        .game(&live.game.id)
        .await?
        .unwrap_or_else(|| live.game.clone());
    Ok(Some(info_of(
        &live.game,
        live.moves.clone(),
        &live.played,
        None,
    )?))
}

/// `POST /api/games`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"rules": "american", "mode": "friend", "color": "random", "name": "Ann"}))]
pub struct CreateRequest {
    #[serde(with = "crate::models::rules")]
    #[schema(value_type = crate::models::RulesName)]
    rules: Rules,
    mode: GameMode,
    /// The computer's level (`intermediate` when left out).
    #[serde(default)]
    level: Option<Level>,
    /// The creator's side: `white`, `black` or `random` (computer and friend games).
    #[serde(default)]
    color: Option<ColorChoice>,
    /// The start position (the rules' start when left out or blank).
    #[serde(default)]
    fen: Option<String>,
    /// The creator's name: control and bidirectional formatting characters are left out,
    /// then at most 40 characters are kept.
    #[serde(default)]
    name: Option<String>,
    /// A time control, as the `TimeControl` tag writes it: seconds plus increment (`300+3`)
    /// or seconds per move (`1/60`); no clock when left out.
    #[serde(default)]
    time_control: Option<String>,
}

/// `POST /api/games`'s answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Created {
    game: GameInfo,
    /// The creator's secret (also set as the cookie `s_<id>`).
    secret: String,
    /// The game's page, `/game/ID`.
    url: String,
    /// In friend games, the link to send the friend (`/game/ID`); else null.
    invite: Option<String>,
}

/// Whether a character may stand in a player's name: not a control character, nor one that
/// changes the direction or the joining of the text around it (bidirectional embeddings,
/// overrides and isolates, marks, zero-width characters), which could make a name show as
/// another or spill over the page.
fn name_char(c: char) -> bool {
    !c.is_control()
        && !matches!(c,
            '\u{061C}'                   // Arabic letter mark
            | '\u{180E}'                 // Mongolian vowel separator
            | '\u{200B}'..='\u{200F}'    // zero-width space/non-joiner/joiner, LRM, RLM
            | '\u{2028}'..='\u{202E}'    // line/paragraph separators, LRE RLE PDF LRO RLO
            | '\u{2060}'..='\u{206F}'    // word joiner, invisible operators, LRI RLI FSI PDI, ...
            | '\u{FEFF}'                 // zero-width no-break space
            | '\u{FFF9}'..='\u{FFFB}') // interlinear annotation
}

/// A player's name as kept: without the characters [`name_char`] refuses, trimmed, at most
/// 40 characters; `None` when nothing is left.
fn clean_name(name: Option<&str>) -> Option<String> {
    let n: String = name?.chars().filter(|c| name_char(*c)).take(40).collect();
    let n = n.trim().to_string();
    (!n.is_empty()).then_some(n)
}

/// `POST /api/games`.
pub async fn create(
    State(app): State<Arc<AppState>>,
    v: Visitor,
    ApiJson(req): ApiJson<CreateRequest>,
) -> Result<Response, ApiError> {
    let rules = req.rules;
    let start = match &req.fen {
        Some(fen) if !fen.trim().is_empty() => AnyPosition::from_fen(rules, fen.trim())
            .map_err(|m| ApiError::unreadable("bad-fen", m))?,
        _ => AnyPosition::start(rules),
    };
    let secret = random_token();
    let hashed = hash(&secret);
    let creator_side = match req.color {
        None | Some(ColorChoice::White) => Side::White,
        Some(ColorChoice::Black) => Side::Black,
        Some(ColorChoice::Random) => Side::white_if(random_token().as_bytes()[0].is_multiple_of(2)),
    };
    let name = clean_name(req.name.as_deref());
    let control = match req.time_control.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(
            text.parse::<games::TimeControl>()
                .map_err(|e| ApiError::unreadable("bad-time-control", e.to_string()))?,
        ),
    };
    let mut game = StoredGame {
        id: random_token()[..10].to_string(),
        rules,
        mode: req.mode,
        level: None,
        computer: None,
        start_fen: start.fen(),
        status: GameStatus::Ongoing,
        result: None,
        reason: None,
        draw_offer: None,
        white_name: None,
        black_name: None,
        white_secret: None,
        black_secret: None,
        creator: Some(v.id.clone()),
        guest: None,
        plies: 0,
        created_at: 0,
        updated_at: 0,
        time_control: control.map(|c| c.to_string()),
        white_ms: control.map(|c| c.start_ms()),
        black_ms: control.map(|c| c.start_ms()),
        clock_at: None,
        rematch: None,
    };
    let seat = |g: &mut StoredGame, side: Side, name: Option<String>| match side {
        Side::White => {
            g.white_secret = Some(hashed.clone());
            g.white_name = name;
        }
        Side::Black => {
            g.black_secret = Some(hashed.clone());
            g.black_name = name;
        }
    };
    match req.mode {
        GameMode::Device => {
            game.white_secret = Some(hashed.clone());
            game.black_secret = Some(hashed.clone());
        }
        GameMode::Computer => {
            // Chess against the computer is Stockfish's.
            super::engine_api::check_computer(&app, rules)?;
            game.level = Some(req.level.unwrap_or(Level::Intermediate));
            game.computer = Some(creator_side.other());
            seat(&mut game, creator_side, name);
            // The computer's side has no name: pages name it in their language, the PDN
            // writes "Computer (level)".
        }
        GameMode::Friend => {
            if rules == Rules::Chess {
                return Err(ApiError::bad_request("chess is played on one device"));
            }
            game.status = GameStatus::Waiting;
            seat(&mut game, creator_side, name);
        }
    }
    if let Some(finish) = PlayedGame::replay(&game, &[])
        .map_err(ApiError::bad_request)?
        .finish()
    {
        return Err(ApiError::unreadable(
            "game-over",
            format!("the start position is already over: {}", finish.reason),
        ));
    }
    app.store.create_game(&game).await?;
    started(&app, &v, &game, &secret).await
}

/// The answer to the creation of `game` (stored) by `v` holding `secret`: 201 with the game,
/// the secret (also as a cookie), its page and, for a friend game, the link to send. The
/// computer starts thinking if it moves first.
pub(crate) async fn started(
    app: &Arc<AppState>,
    v: &Visitor,
    game: &StoredGame,
    secret: &str,
) -> Result<Response, ApiError> {
    let url = format!("/game/{}", game.id);
    let (info, _) = game_info(app, &game.id, Some(secret)).await?;
    if game.mode == GameMode::Computer {
        tokio::spawn(computer_turn(app.clone(), game.id.clone()));
    }
    let invite = (game.mode == GameMode::Friend).then(|| url.clone());
    let body = Created {
        game: info,
        secret: secret.to_string(),
        url,
        invite,
    };
    let mut response = (StatusCode::CREATED, Json(body)).into_response();
    set_secret_cookie(&mut response, &game.id, secret, v.secure);
    v.add_cookies(&mut response);
    Ok(response)
}

/// Sets the cookie that holds a player's secret for game `id` (`Secure` when the site is
/// reached over HTTPS).
pub fn set_secret_cookie(response: &mut Response, id: &str, secret: &str, secure: bool) {
    let c = format!(
        "s_{id}={secret}; Path=/; Max-Age={}; SameSite=Lax; HttpOnly{}",
        365 * 24 * 3600,
        if secure { "; Secure" } else { "" }
    );
    if let Ok(value) = HeaderValue::from_str(&c) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
}

/// `GET /api/games/{id}`.
pub async fn get(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    headers: HeaderMap,
) -> Result<Json<GameInfo>, ApiError> {
    let secret = secret_of(&headers, &id);
    let (info, game) = game_info(&app, &id, secret.as_deref()).await?;
    resume_computer(&app, &info, &game);
    Ok(Json(info))
}

/// How long after a game's last change the computer's move is overdue: its longest search
/// (1.5 s) and a wait for a core, with room to spare.
const COMPUTER_OVERDUE_MS: i64 = 5_000;

/// Starts the computer's search again when its move is overdue: the process that stored the
/// player's move died during the search (several processes on one database), or the server
/// restarted. Called when a game is loaded; should two processes start it, the database
/// stores one of their moves.
pub fn resume_computer(app: &Arc<AppState>, info: &GameInfo, game: &StoredGame) {
    let overdue = crate::store::now_ms().saturating_sub(game.updated_at) > COMPUTER_OVERDUE_MS;
    if game.mode == GameMode::Computer
        && info.status == GameStatus::Ongoing
        && game.computer == Some(info.turn)
        && overdue
    {
        tokio::spawn(computer_turn(app.clone(), info.id.clone()));
    }
}

/// Whether visitor `v` may take a free seat of `game`: a friend game waiting for its second
/// player, opened by someone who is neither its creator nor already one of its players.
pub fn seat_free_for(game: &StoredGame, v: &Visitor, is_player: bool) -> bool {
    game.status == GameStatus::Waiting
        && !is_player
        && game.creator.as_deref() != Some(v.id.as_str())
}

/// Gives a waiting friend game's free seat to `v` if [`seat_free_for`] allows it, with
/// `secret` (a new one when `None`). Returns the seat's secret.
pub async fn join_if_free(
    app: &AppState,
    game: &StoredGame,
    v: &Visitor,
    is_player: bool,
    secret: Option<String>,
) -> Result<Option<String>, ApiError> {
    if !seat_free_for(game, v, is_player) {
        return Ok(None);
    }
    let free = Side::white_if(game.white_secret.is_none());
    let secret = secret.unwrap_or_else(random_token);
    let taken = app
        .store
        .take_seat(&game.id, free, &hash(&secret), &v.id, None)
        .await?;
    if taken {
        publish(app, &game.id).await;
        announce(app, &game.id).await;
        Ok(Some(secret))
    } else {
        Ok(None)
    }
}

/// `POST /api/games/{id}/join`: take the free seat of a friend game (the game page's "Take
/// the seat" button; opening the link with GET takes nothing).
pub async fn join(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    v: Visitor,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let game = stored_game(&app, &id).await?;
    let had = secret_of(&headers, &id);
    match join_if_free(&app, &game, &v, role(&game, had.as_deref()).is_some(), None).await? {
        Some(secret) => {
            let (info, _) = game_info(&app, &id, Some(&secret)).await?;
            let mut response =
                Json(serde_json::json!({ "game": info, "secret": secret })).into_response();
            set_secret_cookie(&mut response, &id, &secret, v.secure);
            v.add_cookies(&mut response);
            Ok(response)
        }
        None => Err(ApiError::new(
            StatusCode::CONFLICT,
            "seat-taken",
            "no free seat in this game",
        )),
    }
}

/// `POST /api/games/{id}/moves`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"move": "11-15", "ply": 0}))]
pub struct MoveRequest {
    /// A move id or any text that names one legal move.
    #[serde(rename = "move")]
    mv: String,
    /// The number of moves already played when this move was chosen (its 0-based ply).
    ply: i64,
}

/// `POST /api/games/{id}/moves`.
pub async fn play_move(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    headers: HeaderMap,
    ApiJson(req): ApiJson<MoveRequest>,
) -> Result<Json<GameInfo>, ApiError> {
    let secret = secret_of(&headers, &id);
    let slot = app.live.slot(&id);
    let mut guard = slot.lock().await;
    let live = match fresh(&app, &id, &mut guard).await {
        Ok(live) => live,
        Err(e) => {
            // Nothing is kept for a game that could not be loaded (no such game).
            drop(guard);
            drop(slot);
            app.live.forget_if_idle(&id);
            return Err(e);
        }
    };
    let you = role(&live.game, secret.as_deref()).ok_or_else(|| not_a_player("move"))?;
    if live.game.status != GameStatus::Ongoing {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not-ongoing",
            format!("the game is {}", live.game.status),
        ));
    }
    if req.ply != live.moves.len() as i64 {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "turn-taken",
            "that turn has already been played; reload the game",
        ));
    }
    let turn = live.played.side_to_move();
    if !you.plays(turn) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "not-your-turn",
            format!("it is {turn}'s turn"),
        ));
    }
    if clocks::flag_if_out(&app, &mut live.game, &live.played, now_ms()).await? {
        let info = info_of(&live.game, live.moves.clone(), &live.played, None)?;
        drop(guard);
        tell(&app, &info).await;
        return Err(clocks::out_of_time());
    }
    let Some(mut info) = store_move(&app, live, &req.mv, req.ply).await? else {
        *guard = None;
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "turn-taken",
            "another move was played for this turn",
        ));
    };
    let finished = info.status == GameStatus::Finished;
    let computer = live.game.mode == GameMode::Computer && !finished;
    clocks::watch(&app, &live.game, info.turn.is_white());
    drop(guard);
    tell(&app, &info).await;
    if computer {
        tokio::spawn(computer_turn(app.clone(), id.clone()));
    }
    info.you = Some(you);
    Ok(Json(info))
}

/// The computer's level in a game against it (intermediate when not said).
fn level_of(game: &StoredGame) -> draughts::Level {
    game.level.unwrap_or(Level::Intermediate).search()
}

/// Plays the computer's move if it is its turn.
pub async fn computer_turn(app: Arc<AppState>, id: String) {
    // One search per game at a time here: a second one would find the move made.
    let Some(_claim) = app.live.claim_search(&id) else {
        return;
    };
    // Searches take a core each: they wait for a permit like other heavy work.
    let Ok(_permit) = app.heavy.clone().acquire_owned().await else {
        return;
    };
    let slot = app.live.slot(&id);
    let mut guard = slot.lock().await;
    let Ok(live) = fresh(&app, &id, &mut guard).await else {
        return;
    };
    if live.game.status != GameStatus::Ongoing || live.game.mode != GameMode::Computer {
        return;
    }
    if live.game.computer != Some(live.played.side_to_move()) {
        return;
    }
    let level = level_of(&live.game);
    let ply = live.moves.len() as i64;
    let seed = u64::from_str_radix(&random_token()[..16], 16).unwrap_or(1);
    // The search runs on a blocking thread with the game's state, which comes back after;
    // Stockfish, for chess, in a process of its own.
    let Some(taken) = guard.take() else { return };
    let (taken, chosen) = if let PlayedGame::Chess { .. } = taken.played {
        let moves: Vec<String> = taken.moves.iter().map(|m| m.mv.clone()).collect();
        let chosen =
            super::engine_api::computer_chess_move(&app, &taken.game.start_fen, &moves, level)
                .await;
        (taken, chosen)
    } else {
        let Ok(done) = tokio::task::spawn_blocking(move || {
            let chosen = taken.played.computer_move(level, seed);
            (taken, chosen)
        })
        .await
        else {
            return;
        };
        done
    };
    *guard = Some(taken);
    let (Some(chosen), Some(live)) = (chosen, guard.as_mut()) else {
        return;
    };
    if let Ok(Some(info)) = store_move(&app, live, &chosen, ply).await {
        clocks::watch(&app, &live.game, info.turn.is_white());
        drop(guard);
        tell(&app, &info).await;
    } else {
        // Refused: the turn was taken, or the computer's own time ran out (then reading the
        // game ends it).
        *guard = None;
        drop(guard);
        let _ = game_info(&app, &id, None).await;
    }
}

/// `POST /api/games/{id}/resign`: the requester's side (the side to move on one device)
/// gives up.
pub async fn resign(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    headers: HeaderMap,
) -> Result<Json<GameInfo>, ApiError> {
    let secret = secret_of(&headers, &id);
    let (info, game) = game_info(&app, &id, secret.as_deref()).await?;
    let you = info.you.ok_or_else(|| not_a_player("resign"))?;
    if game.status == GameStatus::Finished {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not-ongoing",
            "the game is over",
        ));
    }
    let loser = you.side(info.turn);
    let finish = Finish {
        result: result_for(game.rules, Some(loser.other())),
        reason: "resigned".into(),
    };
    finish_game(&app, &game, info.turn, &finish).await?;
    changed(&app, &id, you).await
}

/// Ends `game` where it stands, `turn` to move, its clocks stopped now; refused (409) when
/// a move came in meanwhile.
async fn finish_game(
    app: &AppState,
    game: &StoredGame,
    turn: Side,
    finish: &Finish,
) -> Result<(), ApiError> {
    let clock = clocks::stopped(game, turn.is_white(), now_ms());
    if app
        .store
        .finish(&game.id, game.plies, finish, clock.as_ref())
        .await?
    {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::CONFLICT,
            "turn-taken",
            "the game moved on; try again",
        ))
    }
}

/// After a change by player `you`: the game's new state, sent to its followers and returned
/// to the player (loaded once for both).
async fn changed(app: &AppState, id: &str, you: Role) -> Result<Json<GameInfo>, ApiError> {
    let (mut info, _) = game_info(app, id, None).await?;
    tell(app, &info).await;
    info.you = Some(you);
    Ok(Json(info))
}

/// `POST /api/games/{id}/draw`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"action": "offer"}))]
pub struct DrawRequest {
    /// `offer`, `accept` or `decline`.
    action: DrawAction,
}

/// `POST /api/games/{id}/draw`: offer, accept or decline a draw.
pub async fn draw(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    headers: HeaderMap,
    ApiJson(req): ApiJson<DrawRequest>,
) -> Result<Json<GameInfo>, ApiError> {
    let secret = secret_of(&headers, &id);
    let (info, game) = game_info(&app, &id, secret.as_deref()).await?;
    let you = info.you.ok_or_else(|| not_a_player("offer a draw"))?;
    if game.status != GameStatus::Ongoing {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not-ongoing",
            format!("the game is {}", game.status),
        ));
    }
    let agreed = Finish {
        result: result_for(game.rules, None),
        reason: "agreed".into(),
    };
    let side = you.side(info.turn);
    match req.action {
        // On one device both players are at the screen: an offer there is agreed at once.
        DrawAction::Offer if you == Role::Both => {
            finish_game(&app, &game, info.turn, &agreed).await?
        }
        DrawAction::Offer if game.mode == GameMode::Computer => {
            let moves = app.store.moves(&id).await?;
            let played = PlayedGame::replay(&game, &moves).map_err(broken)?;
            let level = level_of(&game);
            let accepts = if let PlayedGame::Chess { .. } = played {
                let ids: Vec<String> = moves.iter().map(|m| m.mv.clone()).collect();
                let computer = game.computer.unwrap_or(side.other());
                super::engine_api::computer_accepts_chess_draw(
                    &app,
                    &game.start_fen,
                    &ids,
                    computer,
                )
                .await
            } else {
                tokio::task::spawn_blocking(move || played.computer_accepts_draw(level))
                    .await
                    .unwrap_or(false)
            };
            if accepts {
                finish_game(&app, &game, info.turn, &agreed).await?;
            } else {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "draw-declined",
                    "the computer declines the draw",
                ));
            }
        }
        DrawAction::Offer => app.store.set_draw_offer(&id, Some(side)).await?,
        DrawAction::Accept => match game.draw_offer {
            Some(by) if by != side => finish_game(&app, &game, info.turn, &agreed).await?,
            _ => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "no-offer",
                    "there is no draw offer from the other side",
                ));
            }
        },
        DrawAction::Decline => app.store.set_draw_offer(&id, None).await?,
    }
    changed(&app, &id, you).await
}

/// Tells of game state `info` (without `you`): to its followers here and to the other
/// processes on the store; a game that ended leaves the live games (and its clock timer
/// stops).
async fn tell(app: &AppState, info: &GameInfo) {
    publish_info(app, info);
    announce(app, &info.id).await;
    if info.status == GameStatus::Finished {
        app.live.forget(&info.id);
    }
}

/// Sends a game's new state (without `you`) to everyone following it, if anyone is.
fn publish_info(app: &AppState, info: &GameInfo) {
    if !app.hub.has_listeners(&info.id) {
        return;
    }
    if let Ok(json) = serde_json::to_string(info) {
        app.hub.publish(&info.id, json);
    }
}

/// Tells the other server processes on the same store that game `id` changed, so that they
/// send its new state to the players they serve (see [`crate::store::Store::changes`]).
/// A failure is only logged: the move is stored, and the players see it when they load the
/// game again.
pub(crate) async fn announce(app: &AppState, id: &str) {
    if let Err(e) = app.store.announce(id).await {
        eprintln!("scoresheet: announcing a change of game {id}: {e}");
    }
}

/// Sends a game's new state to everyone following it here (not announced to other
/// processes: [`follow_changes`] calls it for their announcements).
pub async fn publish(app: &AppState, id: &str) {
    if !app.hub.has_listeners(id) {
        return;
    }
    if let Ok((info, _)) = game_info(app, id, None).await {
        publish_info(app, &info);
    }
}

/// Sends the changes that other processes on the same store announce to the players this
/// process serves, until the store's stream ends. After a gap (the connection to the
/// database was made again) every game followed here is sent again.
pub async fn follow_changes(app: Arc<AppState>, mut changes: crate::store::Changes) {
    while let Some(change) = changes.next().await {
        match change {
            crate::store::Change::Game(id) => publish(&app, &id).await,
            crate::store::Change::Missed => {
                for id in app.hub.followed() {
                    publish(&app, &id).await;
                }
            }
        }
    }
}

/// `GET /api/games/{id}/events`: server-sent events, one `state` event (the game, as
/// `GET /api/games/{id}` gives it, without `you`) now and after every change.
///
/// A visitor may hold [`super::streams::PER_VISITOR`] streams at once (429 beyond); a
/// comment line is sent every 15 s so that proxies and the server's stall timeout see the
/// stream alive.
pub async fn events(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    headers: HeaderMap,
    client: Option<axum::Extension<super::forwarded::Client>>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let permit = app.streams.open(&headers, client.map(|c| c.0))?;
    let states = states(&app, &id).await?;
    let stream = states.map(move |json: Arc<String>| {
        // The stream's place is freed when the stream is dropped with this closure.
        let _held = &permit;
        Ok(Event::default().event("state").data(json.as_str()))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// A game's states as JSON: the state now, then every state published after it.
///
/// The stream subscribes before it reads the state now: a change made between the two is
/// then sent after the first state (maybe once more than needed, never lost). Read first
/// and subscribe after, a move made in between was never sent, and a player who had just
/// opened the page waited for it forever.
async fn states(
    app: &AppState,
    id: &str,
) -> Result<impl Stream<Item = Arc<String>> + use<>, ApiError> {
    let updates = app.hub.subscribe(id);
    let info = match game_info(app, id, None).await {
        Ok((info, _)) => info,
        Err(e) => {
            drop(updates);
            app.hub.forget_unheard(id);
            return Err(e);
        }
    };
    let first = Arc::new(serde_json::to_string(&info).unwrap_or_default());
    Ok(tokio_stream::once(first).chain(BroadcastStream::new(updates).filter_map(|m| m.ok())))
}

/// The PDN (PGN for chess) of a stored game, and a file name for it.
pub async fn pdn_text(app: &AppState, id: &str) -> Result<(String, String), ApiError> {
    let game = stored_game(app, id).await?;
    let moves = app.store.moves(id).await?;
    let rules = game.rules;
    let start = AnyPosition::from_fen(rules, &game.start_fen).map_err(ApiError::bad_request)?;
    let date = date_of(game.created_at);
    // A player who gave no name is unknown: "?", as the PGN standard writes it (not the
    // colour, which would read as a name).
    let name = |side: Side, stored: &Option<String>| match (stored, game.computer, game.level) {
        (Some(n), _, _) => n.clone(),
        (None, Some(c), Some(level)) if c == side => format!("Computer ({level})"),
        _ => "?".to_string(),
    };
    let white = name(Side::White, &game.white_name);
    let black = name(Side::Black, &game.black_name);
    let result = game.result.clone().unwrap_or_else(|| "*".into());
    let mut text = String::new();
    let event = match game.mode {
        GameMode::Computer => "Game against the computer",
        GameMode::Friend => "Game between friends",
        GameMode::Device => "Game on one device",
    };
    let mut tag = |name: &str, value: &str| {
        text.push_str(&format!(
            "[{name} \"{}\"]\n",
            value.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    };
    tag("Event", event);
    tag("Site", "scoresheet");
    tag("Date", &date);
    tag("Round", "-");
    tag("White", &white);
    tag("Black", &black);
    tag("Result", &result);
    match rules {
        Rules::Draughts(v) => {
            tag("GameType", &v.game_type.to_string());
            // Frysk!, Antidraughts, ... share a GameType with another variant.
            if let Some(name) = v.variant_tag {
                tag("Variant", name);
            }
        }
        Rules::Chess => {}
    }
    if let Some(control) = &game.time_control {
        tag("TimeControl", control);
    }
    if start != AnyPosition::start(rules) {
        if rules == Rules::Chess {
            tag("SetUp", "1");
        }
        tag("FEN", &start.fen());
    }
    text.push('\n');
    for m in &moves {
        text.push_str(&m.mv);
        text.push(' ');
        // The mover's clock after the move, as lichess writes it.
        if let Some(ms) = m.clock_ms {
            text.push_str(&format!("{{[%clk {}]}} ", games::clk_text(ms)));
        }
    }
    text.push_str(&result);
    text.push('\n');
    // Replay the move ids and write them in the rules' notation, wrapped, with move numbers.
    let game_text = record::read_games(&text).remove(0).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "broken-game",
            e.to_string(),
        )
    })?;
    let options = games::ReadOptions {
        rules: Some(rules),
        ..Default::default()
    };
    let written = match games::AnyGame::read(game_text, &options) {
        Ok(games::AnyGame::Draughts(g)) => g.write(&Default::default()),
        Ok(games::AnyGame::Chess(g)) => g.write(&Default::default()),
        Err(e) => {
            return Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "broken-game",
                e.to_string(),
            ));
        }
    };
    let name = format!(
        "scoresheet-{}-{}-{}.{}",
        rules.name(),
        date.replace('.', ""),
        game.id,
        if rules == Rules::Chess { "pgn" } else { "pdn" }
    );
    Ok((written, name))
}

/// `YYYY.MM.DD` of a time in milliseconds since 1970 (UTC).
/// The PGN date (`2026.12.02`) of a time in milliseconds since 1970, UTC.
pub(crate) fn date_of(millis: i64) -> String {
    let days = millis.div_euclid(86_400_000);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!("{y:04}.{m:02}.{d:02}")
}

/// `GET /api/games/{id}/pdn`: the game as a file.
pub async fn pdn(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
) -> Result<Response, ApiError> {
    let (text, name) = pdn_text(&app, &id).await?;
    let disposition = format!("attachment; filename=\"{name}\"");
    let kind = if name.ends_with(".pgn") {
        "application/x-chess-pgn; charset=utf-8"
    } else {
        "text/plain; charset=utf-8"
    };
    Ok((
        [
            (header::CONTENT_TYPE, kind.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// The analysis board's view of a finished stored game, with its PDN (PGN) text; 409 while it
/// is in progress.
pub async fn analysis_view(app: &AppState, id: &str) -> Result<(GameView, String), ApiError> {
    let game = stored_game(app, id).await?;
    if game.status != GameStatus::Finished {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "in-progress",
            "this game is still in progress: analysis opens when it ends",
        ));
    }
    let (text, _) = pdn_text(app, id).await?;
    let view = super::analysis::load_text(&text, game.rules, &NotationChoice::default(), None)?;
    Ok((view, text))
}

/// `GET /api/games/{id}/analysis`.
pub async fn analysis(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
) -> Result<Json<GameView>, ApiError> {
    Ok(Json(analysis_view(&app, &id).await?.0))
}

/// A game in lists: id, rules, players, result.
#[derive(Debug, Serialize)]
pub struct GameSummary {
    pub id: String,
    #[serde(with = "crate::models::rules")]
    pub rules: Rules,
    pub mode: GameMode,
    /// The computer's side and level in games against the computer.
    pub computer: Option<Side>,
    pub level: Option<Level>,
    pub status: GameStatus,
    pub result: Option<String>,
    pub winner: Option<Side>,
    pub white: Option<String>,
    pub black: Option<String>,
    pub plies: i64,
    pub updated_at: i64,
}

impl GameSummary {
    pub fn of(g: &StoredGame) -> GameSummary {
        GameSummary {
            id: g.id.clone(),
            rules: g.rules,
            mode: g.mode,
            computer: g.computer,
            level: g.level,
            status: g.status,
            result: g.result.clone(),
            winner: g.result.as_deref().and_then(|res| winner_of(g.rules, res)),
            white: g.white_name.clone(),
            black: g.black_name.clone(),
            plies: g.plies,
            updated_at: g.updated_at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{ClockRow, SqliteStore, Store, StoreError, StoredAnalysis};
    use async_trait::async_trait;
    use std::sync::atomic::{AtomicBool, Ordering};
    use tokio::sync::Notify;

    /// A store whose `moves`, once armed, holds its answer until released: the moment
    /// between a stream's read of the game and what comes after it, held open.
    struct HeldStore {
        inner: SqliteStore,
        armed: AtomicBool,
        entered: Notify,
        release: Notify,
    }

    #[async_trait]
    impl Store for HeldStore {
        async fn create_game(&self, game: &StoredGame) -> Result<(), StoreError> {
            self.inner.create_game(game).await
        }
        async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
            self.inner.game(id).await
        }
        async fn moves(&self, id: &str) -> Result<Vec<StoredMove>, StoreError> {
            let moves = self.inner.moves(id).await;
            if self.armed.swap(false, Ordering::SeqCst) {
                self.entered.notify_one();
                self.release.notified().await;
            }
            moves
        }
        async fn append_move(
            &self,
            id: &str,
            mv: &StoredMove,
            finish: Option<&Finish>,
            clock: Option<&ClockRow>,
        ) -> Result<bool, StoreError> {
            self.inner.append_move(id, mv, finish, clock).await
        }
        async fn set_rematch(&self, id: &str, rematch: &str) -> Result<bool, StoreError> {
            self.inner.set_rematch(id, rematch).await
        }
        async fn take_seat(
            &self,
            id: &str,
            color: Side,
            secret: &str,
            visitor: &str,
            name: Option<&str>,
        ) -> Result<bool, StoreError> {
            self.inner.take_seat(id, color, secret, visitor, name).await
        }
        async fn finish(
            &self,
            id: &str,
            plies: i64,
            finish: &Finish,
            clock: Option<&ClockRow>,
        ) -> Result<bool, StoreError> {
            self.inner.finish(id, plies, finish, clock).await
        }
        async fn set_draw_offer(&self, id: &str, by: Option<Side>) -> Result<(), StoreError> {
            self.inner.set_draw_offer(id, by).await
        }
        async fn recent_finished(&self, limit: i64) -> Result<Vec<StoredGame>, StoreError> {
            self.inner.recent_finished(limit).await
        }
        async fn games_of(&self, visitor: &str, limit: i64) -> Result<Vec<StoredGame>, StoreError> {
            self.inner.games_of(visitor, limit).await
        }
        async fn save_analysis(&self, a: &StoredAnalysis) -> Result<(), StoreError> {
            self.inner.save_analysis(a).await
        }
        async fn analysis(&self, id: &str) -> Result<Option<StoredAnalysis>, StoreError> {
            self.inner.analysis(id).await
        }
    }

    fn plies_of(json: &str) -> i64 {
        serde_json::from_str::<serde_json::Value>(json).unwrap()["plies"]
            .as_i64()
            .unwrap()
    }

    /// A move stored and published after a stream read the game but before it went on is
    /// still sent on that stream (it was lost when the stream subscribed after its read:
    /// the browser test of two friends then waited for the first move in vain, now and then).
    #[tokio::test]
    async fn a_move_made_while_a_stream_opens_is_sent_on_it() {
        let store = Arc::new(HeldStore {
            inner: SqliteStore::open(":memory:").await.unwrap(),
            armed: AtomicBool::new(false),
            entered: Notify::new(),
            release: Notify::new(),
        });
        let app = Arc::new(AppState::new(store.clone(), 16, false).unwrap());
        let game = crate::store::suite::game("g1");
        store.create_game(&game).await.unwrap();
        store.armed.store(true, Ordering::SeqCst);
        let opening = tokio::spawn({
            let app = app.clone();
            async move { states(&app, "g1").await.map(Box::pin) }
        });
        store.entered.notified().await;
        // The stream has read the game (no moves yet); a move is played meanwhile.
        let mv = StoredMove {
            ply: 0,
            mv: "11-15".into(),
            text: "11-15".into(),
            fen: "W:W21-32:B1-10,12,15".into(),
            clock_ms: None,
        };
        assert!(store.append_move("g1", &mv, None, None).await.unwrap());
        publish(&app, "g1").await;
        store.release.notify_one();
        let Ok(mut stream) = opening.await.unwrap() else {
            panic!("the stream opens");
        };
        let first = stream.next().await.unwrap();
        assert_eq!(plies_of(&first), 0, "the state the stream read");
        let next = tokio::time::timeout(Duration::from_secs(5), stream.next())
            .await
            .expect("the move made meanwhile is sent")
            .unwrap();
        assert_eq!(plies_of(&next), 1, "the move made meanwhile");
    }

    /// A stream refused (no such game) leaves no channel behind in the hub.
    #[tokio::test]
    async fn a_refused_stream_leaves_no_channel() {
        let store = Arc::new(SqliteStore::open(":memory:").await.unwrap());
        let app = AppState::new(store, 16, false).unwrap();
        assert!(states(&app, "nope").await.is_err());
        let _listening = app.hub.subscribe("other");
        assert!(!app.hub.has_listeners("nope"));
        assert_eq!(
            app.hub.channel_count(),
            1,
            "only the channel somebody listens to"
        );
    }

    #[test]
    fn dates() {
        assert_eq!(date_of(0), "1970.01.01");
        assert_eq!(date_of(1_798_934_400_000), "2027.01.03");
        assert_eq!(date_of(951_782_400_000), "2000.02.29");
    }
}
