//! New games: `POST /api/games` checks the request, seats the creator (and the computer) and
//! stores the game; the answer carries the creator's secret.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::computer::{check_computer, computer_turn};
use super::info::GameInfo;
use super::load::game_info;
use super::players::{hash, seated};
use crate::models::{ColorChoice, GameMode, GameStatus, Level, Side};
use crate::server::AppState;
use crate::server::error::ApiError;
use crate::server::forwarded::Client;
use crate::server::json::ApiJson;
use crate::server::play::PlayedGame;
use crate::server::visitor::{Visitor, random_token};
use crate::store::StoredGame;
use games::{AnyPosition, Rules};

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
    /// A friend game only: list it in the lobby (`GET /api/lobby`), where any visitor may
    /// take the free seat, for ten minutes.
    #[serde(default)]
    lobby: bool,
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
    client: Option<axum::Extension<Client>>,
    ApiJson(req): ApiJson<CreateRequest>,
) -> Result<Response, ApiError> {
    let client = client.map(|c| c.0);
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
    let id = random_token()[..10].to_string();
    let mut game = StoredGame::new(id, rules, req.mode, start.fen(), Some(v.id.clone()));
    if let Some(control) = control {
        game.start_clocks(control);
    }
    let seat = |g: &mut StoredGame, side: Side, name: Option<String>| {
        g.seat(side, &hashed);
        match side {
            Side::White => g.white_name = name,
            Side::Black => g.black_name = name,
        }
    };
    match req.mode {
        GameMode::Device => {
            game.seat(Side::White, &hashed);
            game.seat(Side::Black, &hashed);
        }
        GameMode::Computer => {
            // Chess against the computer is Stockfish's.
            check_computer(&app, rules)?;
            game.level = Some(req.level.unwrap_or(Level::Intermediate));
            game.computer = Some(creator_side.other());
            seat(&mut game, creator_side, name);
            // The computer's side has no name: pages name it in their language, the PDN
            // writes "Computer (level)".
        }
        GameMode::Friend => {
            game.status = GameStatus::Waiting;
            game.listed = req.lobby;
            seat(&mut game, creator_side, name);
        }
    }
    if req.lobby && req.mode != GameMode::Friend {
        return Err(ApiError::bad_request(
            "only a friend game is listed in the lobby",
        ));
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
    store_new(&app, client, &game).await?;
    if game.listed {
        app.lobby.changed();
    }
    started(&app, &v, &game, &secret).await
}

/// Stores `game`, new, made by `client`, within the quotas (see
/// [`crate::server::quotas`]): the games it may create in the hour and, against the
/// computer, the games it may have running at once.
pub(crate) async fn store_new(
    app: &AppState,
    client: Option<Client>,
    game: &StoredGame,
) -> Result<(), ApiError> {
    app.quotas.game(client)?;
    if game.mode == GameMode::Computer {
        app.quotas
            .computer_game(app.store.as_ref(), client, &game.id)
            .await?;
    }
    if let Err(e) = app.store.create_game(game).await {
        app.quotas.not_running(&game.id).await;
        return Err(e.into());
    }
    Ok(())
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
    let response = (StatusCode::CREATED, Json(body)).into_response();
    Ok(seated(response, &game.id, secret, v))
}
