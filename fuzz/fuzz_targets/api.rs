//! Every API request handler, called without the network: the real
//! [`site::server::router`] on a SQLite store in a temporary file, driven with
//! `tower::ServiceExt::oneshot` on a Tokio worker thread (the stack a request has in the
//! server).
//!
//! The input is a short script of requests ([`Op`]): the analysis board's endpoints, the games
//! API (create a game, move, join, resign, draw, get, PDN, analysis, events), `/api/svg` and
//! raw requests. Moves and FENs are mostly picked from what earlier answers showed (legal
//! moves, positions reached) so that scripts get deep into games, with free text beside.
//!
//! A failure is a panic (the handlers' panic guard does not hide it: libFuzzer aborts on any
//! panic) or a 5xx answer other than the store's deliberate `500 database`.
//!
//! Computer games always get the beginner level (or a bad level name): a stronger search
//! thinks for up to 1.5 s on a background thread and would slow the fuzzer down.
//!
//! Side lines sent to `/api/export` as a nested chain are at most
//! `SCORESHEET_FUZZ_MAX_NESTING` deep (default 2,000: past the 256 the server accepts, and
//! deep enough that the stack overflow it used to have showed within a few hundred runs).
//! `SCORESHEET_FUZZ_SAMPLES` names a folder of game files to pick the texts of
//! `/api/load` from (scripts/fuzz sets it).
#![no_main]

use std::sync::{Arc, OnceLock};

use arbitrary::Arbitrary;
use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use games::{AnyPosition, NotationChoice, Rules};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};
use site::server::{AppState, router};
use site::store::SqliteStore;
use tower::ServiceExt;

/// The server under test, built once per process.
struct Harness {
    rt: tokio::runtime::Runtime,
    router: Router,
    samples: Vec<String>,
    max_nesting: usize,
}

static HARNESS: OnceLock<Harness> = OnceLock::new();

/// Small games used when no sample folder is given.
const BUILT_IN_SAMPLES: [&str; 4] = [
    "[Event \"a\"]\n1. 11-15 23-19 2. 8-11 (2. 9-14 22-17) 22-17 {comment} 3. 4-8 $1 17-13 1-0\n",
    "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *\n",
    "[Event \"c\"]\n1. e4 e5 2. Nf3 (2. f4 exf4) Nc6 3. Bb5 a6 {x} 4. Ba4 Nf6 5. O-O 1/2-1/2\n",
    "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n1. O-O-O O-O 2. Rxd8+ Rxd8 *\n",
];

/// A few positions worth starting from: kings, captures, promotions, castling.
const SAMPLE_FENS: [&str; 8] = [
    "W:W26,28,31:B17,19,20",
    "W:WK46,K5:B23,24,33,34,12",
    "B:W23,28,31:B17,19,20",
    "W:Wa1,c3,e3:Bd4,f4,h6",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

fn harness() -> &'static Harness {
    HARNESS.get_or_init(|| {
        overflow::catch();
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .on_thread_start(overflow::alt_stack)
            .enable_all()
            .build()
            .expect("a Tokio runtime");
        let path = std::env::temp_dir().join(format!(
            "scoresheet-fuzz-api-{}.sqlite3",
            std::process::id()
        ));
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
        let store = rt
            .block_on(SqliteStore::open(&path.display().to_string()))
            .expect("the SQLite store opens");
        let state = Arc::new(
            AppState::new(Arc::new(store), &site::server::Limits::default(), false)
                .expect("the catalogs load"),
        );
        let samples = samples();
        let max_nesting = std::env::var("SCORESHEET_FUZZ_MAX_NESTING")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2_000);
        Harness {
            rt,
            router: router(state),
            samples,
            max_nesting,
        }
    })
}

/// A stack overflow (SIGSEGV on the guard page) found as a crash with its input.
///
/// libFuzzer's own SIGSEGV handler runs on the overflowed stack and dies with it, leaving no
/// artifact, and Rust's handler is not installed (libFuzzer owns `main`). This one runs on
/// an alternate stack that every thread of the runtime gets, and aborts, which libFuzzer
/// reports with the input.
mod overflow {
    use std::ptr::null_mut;

    const ALT_STACK: usize = 1 << 20;

    /// Installs the handler, and an alternate stack for the calling thread.
    pub fn catch() {
        // SAFETY: a plain sigaction call with a handler that only writes and aborts.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = handler as *const () as usize;
            action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGSEGV, &action, null_mut());
            libc::sigaction(libc::SIGBUS, &action, null_mut());
        }
        alt_stack();
    }

    /// Gives the calling thread an alternate signal stack (leaked: threads live as long as
    /// the process).
    pub fn alt_stack() {
        let stack: &'static mut [u8] = Box::leak(vec![0u8; ALT_STACK].into_boxed_slice());
        let st = libc::stack_t {
            ss_sp: stack.as_mut_ptr().cast(),
            ss_flags: 0,
            ss_size: ALT_STACK,
        };
        // SAFETY: the stack is valid memory for the rest of the process.
        unsafe {
            libc::sigaltstack(&st, null_mut());
        }
    }

    extern "C" fn handler(_: libc::c_int, _: *mut libc::siginfo_t, _: *mut libc::c_void) {
        let message = b"\nSIGSEGV in the server: a stack overflow in a request handler?\n";
        // SAFETY: write and abort are async-signal-safe.
        unsafe {
            libc::write(2, message.as_ptr().cast(), message.len());
            libc::abort();
        }
    }
}

/// Game texts for `/api/load`: the first files (sorted) of `SCORESHEET_FUZZ_SAMPLES`, or
/// the built-in ones.
fn samples() -> Vec<String> {
    let mut out = Vec::new();
    if let Ok(dir) = std::env::var("SCORESHEET_FUZZ_SAMPLES")
        && let Ok(entries) = std::fs::read_dir(dir)
    {
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths.into_iter().take(64) {
            if let Ok(text) = std::fs::read_to_string(p) {
                out.push(text);
            }
        }
    }
    if out.is_empty() {
        out = BUILT_IN_SAMPLES.iter().map(|s| s.to_string()).collect();
    }
    out
}

#[derive(Arbitrary, Debug)]
enum RulesPick {
    Known(u8),
    Text(String),
}

impl RulesPick {
    fn text(&self) -> String {
        match self {
            RulesPick::Known(i) => {
                let every: Vec<Rules> = Rules::all().collect();
                every[usize::from(*i) % every.len()].name().to_string()
            }
            RulesPick::Text(s) => s.clone(),
        }
    }
}

#[derive(Arbitrary, Debug)]
enum FenPick {
    /// The start position of the rules.
    Initial,
    /// A position an earlier answer showed.
    Seen(u8),
    Sample(u8),
    Text(String),
}

#[derive(Arbitrary, Debug)]
enum MovePick {
    /// A legal move's id.
    Legal(u16),
    /// A legal move's text in the notation asked for.
    LegalText(u16),
    Null,
    Text(String),
}

#[derive(Arbitrary, Debug)]
enum Choice {
    Index(u8),
    Text(String),
}

impl Choice {
    fn of(&self, known: &[&str]) -> String {
        match self {
            Choice::Index(i) => known[usize::from(*i) % known.len()].to_string(),
            Choice::Text(s) => s.clone(),
        }
    }
}

#[derive(Arbitrary, Debug)]
struct NotationPick {
    lang: Option<Choice>,
    style: Option<Choice>,
    figurines: Option<bool>,
    squares: Option<Choice>,
}

impl NotationPick {
    fn json(&self) -> Value {
        let mut o = serde_json::Map::new();
        if let Some(c) = &self.lang {
            o.insert(
                "lang".into(),
                c.of(&["en", "es", "fr", "de", "it", "nl", "pl", "eo"])
                    .into(),
            );
        }
        if let Some(c) = &self.style {
            o.insert(
                "style".into(),
                c.of(&["san", "long", "uci", "descriptive-es", "descriptive-en"])
                    .into(),
            );
        }
        if let Some(f) = self.figurines {
            o.insert("figurines".into(), f.into());
        }
        if let Some(c) = &self.squares {
            o.insert("squares".into(), c.of(&["numeric", "algebraic"]).into());
        }
        Value::Object(o)
    }
}

#[derive(Arbitrary, Debug)]
enum TextPick {
    Sample(u8),
    /// A sample with text put in at a place.
    Spliced(u8, u16, String),
    /// A sample cut short.
    Cut(u8, u16),
    Text(String),
}

#[derive(Arbitrary, Debug)]
struct NodePick {
    /// Index of the parent among the nodes made so far (0: the start).
    parent: u16,
    mv: MovePick,
    comment: Option<String>,
    nags: Vec<u16>,
    /// Sends these id and parent instead of the ones the tree has.
    raw_ids: Option<(u32, u32)>,
}

#[derive(Arbitrary, Debug)]
enum GameRef {
    Made(u8),
    Text(String),
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum Who {
    Creator,
    Guest,
    Stranger,
    Nobody,
}

#[derive(Arbitrary, Debug)]
enum Op {
    Load {
        rules: RulesPick,
        start: Choice,
        text: TextPick,
        fen: FenPick,
        notation: NotationPick,
        svg: Option<(bool, bool)>,
    },
    Position {
        rules: RulesPick,
        fen: FenPick,
        notation: NotationPick,
        svg: Option<(bool, bool)>,
    },
    Play {
        rules: RulesPick,
        fen: FenPick,
        mv: MovePick,
        notation: NotationPick,
        svg: Option<(bool, bool)>,
    },
    Export {
        rules: RulesPick,
        start: FenPick,
        nodes: Vec<NodePick>,
        /// Side lines nested this deep, of null moves, after the nodes.
        nesting: u16,
        tags: Vec<(String, String)>,
        result: Option<Choice>,
        notation: NotationPick,
    },
    Svg {
        rules: RulesPick,
        fen: Option<FenPick>,
        coordinates: Option<String>,
        flipped: Option<String>,
    },
    Create {
        rules: RulesPick,
        mode: Choice,
        bad_level: bool,
        color: Option<Choice>,
        fen: Option<FenPick>,
        name: Option<String>,
    },
    Move {
        game: GameRef,
        mv: MovePick,
        ply: Option<i64>,
        who: Who,
    },
    Join {
        game: GameRef,
        who: Who,
    },
    Resign {
        game: GameRef,
        who: Who,
    },
    Draw {
        game: GameRef,
        action: Choice,
        who: Who,
    },
    Get {
        game: GameRef,
        who: Who,
        what: u8,
    },
    Raw {
        post: bool,
        path: String,
        json: bool,
        body: Vec<u8>,
    },
}

/// A game made by this script.
struct Made {
    id: String,
    creator: String,
    guest: Option<String>,
    /// The last game info an answer gave.
    info: Value,
}

/// What a script has seen so far.
#[derive(Default)]
struct Seen {
    fens: Vec<(String, String)>,
    games: Vec<Made>,
}

const CREATOR: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const GUEST: &str = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
const STRANGER: &str = "cccccccccccccccccccccccccccccccc";

/// Percent-encodes everything but unreserved characters.
fn enc(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A FEN text under `rules`.
fn fen_text(pick: &FenPick, rules: &str, seen: &Seen) -> String {
    match pick {
        FenPick::Initial => match rules.parse::<Rules>() {
            Ok(r) => AnyPosition::start(r).fen(),
            Err(_) => String::new(),
        },
        FenPick::Seen(i) => {
            let same: Vec<&String> = seen
                .fens
                .iter()
                .filter(|(r, _)| r == rules)
                .map(|(_, f)| f)
                .collect();
            if same.is_empty() {
                SAMPLE_FENS[usize::from(*i) % SAMPLE_FENS.len()].to_string()
            } else {
                same[usize::from(*i) % same.len()].clone()
            }
        }
        FenPick::Sample(i) => SAMPLE_FENS[usize::from(*i) % SAMPLE_FENS.len()].to_string(),
        FenPick::Text(s) => s.clone(),
    }
}

/// The position of `fen` under `rules`, when both read.
fn position(rules: &str, fen: &str) -> Option<AnyPosition> {
    AnyPosition::from_fen(rules.parse().ok()?, fen.trim()).ok()
}

/// A move text for `pos` (when known) from legal moves listed as JSON or the position.
fn move_text(pick: &MovePick, legal: &[(String, String)]) -> String {
    match pick {
        MovePick::Legal(i) | MovePick::LegalText(i) if !legal.is_empty() => {
            let (id, text) = &legal[usize::from(*i) % legal.len()];
            if matches!(pick, MovePick::Legal(_)) {
                id.clone()
            } else {
                text.clone()
            }
        }
        MovePick::Legal(_) | MovePick::LegalText(_) | MovePick::Null => "--".into(),
        MovePick::Text(s) => s.clone(),
    }
}

fn legal_of(pos: Option<&AnyPosition>) -> Vec<(String, String)> {
    pos.map(|p| {
        p.legal_moves(&NotationChoice::default())
            .into_iter()
            .map(|m| (m.id, m.text))
            .collect()
    })
    .unwrap_or_default()
}

fn legal_in(info: &Value) -> Vec<(String, String)> {
    info["position"]["legal"]
        .as_array()
        .map(|moves| {
            moves
                .iter()
                .map(|m| {
                    (
                        m["id"].as_str().unwrap_or("").to_string(),
                        m["text"].as_str().unwrap_or("").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A request's answer: status and body (empty for an event stream).
struct Answer {
    status: StatusCode,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }
}

/// Sends a request and checks that the answer is not a 5xx (other than the store's).
fn send(
    method: Method,
    uri: &str,
    who: Option<(&str, Option<&str>)>,
    body: Option<(Vec<u8>, bool)>,
) -> Option<Answer> {
    let h = harness();
    let mut builder = Request::builder().method(method.clone()).uri(uri);
    if let Some((visitor, secret)) = who {
        builder = builder.header(header::COOKIE, format!("visitor={visitor}"));
        if let Some(s) = secret {
            builder = builder.header(header::AUTHORIZATION, format!("Bearer {s}"));
        }
    }
    let request = match body {
        Some((bytes, json)) => {
            if json {
                builder = builder.header(header::CONTENT_TYPE, "application/json");
            }
            builder.body(Body::from(bytes))
        }
        None => builder.body(Body::empty()),
    }
    .ok()?;
    let router = h.router.clone();
    let answer = h.rt.block_on(async move {
        tokio::spawn(async move {
            let response = router
                .oneshot(request)
                .await
                .expect("the router is infallible");
            let status = response.status();
            let stream = response
                .headers()
                .get(header::CONTENT_TYPE)
                .is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"));
            let body = if stream {
                Vec::new()
            } else {
                axum::body::to_bytes(response.into_body(), 64 << 20)
                    .await
                    .map(|b| b.to_vec())
                    .unwrap_or_default()
            };
            Answer { status, body }
        })
        .await
        .expect("the request's task ends")
    });
    if answer.status.is_server_error() {
        let code = answer.json()["error"]["code"].as_str().map(str::to_string);
        assert_eq!(
            code.as_deref(),
            Some("database"),
            "{method} {uri} answered {}: {}",
            answer.status,
            String::from_utf8_lossy(&answer.body)
        );
    }
    Some(answer)
}

fn post_json(uri: &str, who: Option<(&str, Option<&str>)>, body: &Value) -> Option<Answer> {
    send(
        Method::POST,
        uri,
        who,
        Some((body.to_string().into_bytes(), true)),
    )
}

/// Remembers the position an answer shows.
fn note_position(seen: &mut Seen, position: &Value) {
    if let (Some(rules), Some(fen)) = (position["rules"].as_str(), position["fen"].as_str())
        && seen.fens.len() < 64
    {
        seen.fens.push((rules.to_string(), fen.to_string()));
    }
}

fn svg_json(svg: &Option<(bool, bool)>) -> Value {
    match svg {
        Some((coordinates, flipped)) => json!({"coordinates": coordinates, "flipped": flipped}),
        None => Value::Null,
    }
}

/// The game an op names: its id, and its index when this script made it.
fn game_of(r: &GameRef, seen: &Seen) -> (String, Option<usize>) {
    match r {
        GameRef::Made(i) if !seen.games.is_empty() => {
            let i = usize::from(*i) % seen.games.len();
            (seen.games[i].id.clone(), Some(i))
        }
        GameRef::Made(_) => ("nosuchgame".into(), None),
        GameRef::Text(s) => (s.clone(), None),
    }
}

/// Who sends a request about a game: visitor cookie and secret.
fn credentials(who: Who, made: Option<&Made>) -> Option<(&'static str, Option<String>)> {
    match who {
        Who::Creator => Some((CREATOR, made.map(|m| m.creator.clone()))),
        Who::Guest => Some((GUEST, made.and_then(|m| m.guest.clone()))),
        Who::Stranger => Some((STRANGER, None)),
        Who::Nobody => None,
    }
}

fn run(op: &Op, seen: &mut Seen) {
    let h = harness();
    match op {
        Op::Load {
            rules,
            start,
            text,
            fen,
            notation,
            svg,
        } => {
            let rules = rules.text();
            let start = start.of(&["pdn", "pgn", "initial", "fen"]);
            let sample = |i: &u8| &h.samples[usize::from(*i) % h.samples.len()];
            let text = match text {
                TextPick::Sample(i) => sample(i).clone(),
                TextPick::Spliced(i, at, insert) => {
                    let s = sample(i);
                    let mut at = usize::from(*at) % (s.len() + 1);
                    while !s.is_char_boundary(at) {
                        at -= 1;
                    }
                    format!("{}{insert}{}", &s[..at], &s[at..])
                }
                TextPick::Cut(i, at) => {
                    let s = sample(i);
                    let mut at = usize::from(*at) % (s.len() + 1);
                    while !s.is_char_boundary(at) {
                        at -= 1;
                    }
                    s[..at].to_string()
                }
                TextPick::Text(s) => s.clone(),
            };
            let text = if start == "fen" {
                fen_text(fen, &rules, seen)
            } else {
                text
            };
            let body = json!({
                "rules": rules, "start": start, "text": text,
                "notation": notation.json(), "svg": svg_json(svg),
            });
            if let Some(a) = post_json("/api/load", None, &body) {
                let view = a.json();
                note_position(seen, &view["root"]["position"]);
            }
        }
        Op::Position {
            rules,
            fen,
            notation,
            svg,
        } => {
            let rules = rules.text();
            let body = json!({
                "rules": rules, "fen": fen_text(fen, &rules, seen),
                "notation": notation.json(), "svg": svg_json(svg),
            });
            post_json("/api/position", None, &body);
        }
        Op::Play {
            rules,
            fen,
            mv,
            notation,
            svg,
        } => {
            let rules = rules.text();
            let fen = fen_text(fen, &rules, seen);
            let legal = legal_of(position(&rules, &fen).as_ref());
            let body = json!({
                "rules": rules, "fen": fen, "move": move_text(mv, &legal),
                "notation": notation.json(), "svg": svg_json(svg),
            });
            if let Some(a) = post_json("/api/play", None, &body) {
                note_position(seen, &a.json()["position"]);
            }
        }
        Op::Export {
            rules,
            start,
            nodes,
            nesting,
            tags,
            result,
            notation,
        } => {
            let rules = rules.text();
            let fen = fen_text(start, &rules, seen);
            // Positions of the nodes made, the start first.
            let mut positions = vec![position(&rules, &fen)];
            let mut sent = Vec::new();
            for n in nodes.iter().take(200) {
                let parent = usize::from(n.parent) % positions.len();
                let legal = legal_of(positions[parent].as_ref());
                let mv = move_text(&n.mv, &legal);
                let after = positions[parent].as_ref().and_then(|p| {
                    if mv == "--" {
                        return None;
                    }
                    p.find_move(&mv).ok().map(|m| p.after(&m))
                });
                positions.push(after);
                let (id, parent) = n.raw_ids.unwrap_or((sent.len() as u32 + 1, parent as u32));
                sent.push(json!({
                    "id": id, "parent": parent, "move": mv,
                    "comment": n.comment, "nags": n.nags,
                }));
            }
            // A chain of side lines, each inside the one before.
            let mut parent = 0;
            for _ in 0..usize::from(*nesting).min(h.max_nesting) {
                let main = sent.len() as u32 + 1;
                sent.push(json!({"id": main, "parent": parent, "move": "--"}));
                let side = main + 1;
                sent.push(json!({"id": side, "parent": parent, "move": "--"}));
                parent = side;
            }
            let body = json!({
                "rules": rules, "start": fen, "tags": tags, "nodes": sent,
                "result": result.as_ref().map(|r| r.of(&["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "*"])),
                "notation": notation.json(),
            });
            post_json("/api/export", None, &body);
        }
        Op::Svg {
            rules,
            fen,
            coordinates,
            flipped,
        } => {
            let rules = rules.text();
            let mut uri = format!("/api/svg?rules={}", enc(&rules));
            if let Some(f) = fen {
                uri += &format!("&fen={}", enc(&fen_text(f, &rules, seen)));
            }
            if let Some(c) = coordinates {
                uri += &format!("&coordinates={}", enc(c));
            }
            if let Some(f) = flipped {
                uri += &format!("&flipped={}", enc(f));
            }
            send(Method::GET, &uri, None, None);
        }
        Op::Create {
            rules,
            mode,
            bad_level,
            color,
            fen,
            name,
        } => {
            let rules = rules.text();
            let mode = mode.of(&["device", "computer", "friend"]);
            let mut body = json!({
                "rules": rules, "mode": mode,
                "level": if *bad_level { "grandmaster" } else { "beginner" },
            });
            if let Some(c) = color {
                body["color"] = c.of(&["white", "black", "random"]).into();
            }
            if let Some(f) = fen {
                body["fen"] = fen_text(f, &rules, seen).into();
            }
            if let Some(n) = name {
                body["name"] = n.as_str().into();
            }
            if let Some(a) = post_json("/api/games", Some((CREATOR, None)), &body)
                && a.status == StatusCode::CREATED
            {
                let created = a.json();
                let id = created["game"]["id"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                let secret = created["secret"].as_str().unwrap_or_default().to_string();
                note_position(seen, &created["game"]["position"]);
                if seen.games.len() < 16 {
                    seen.games.push(Made {
                        id,
                        creator: secret,
                        guest: None,
                        info: created["game"].clone(),
                    });
                }
            }
        }
        Op::Move { game, mv, ply, who } => {
            let (id, index) = game_of(game, seen);
            let made = index.map(|i| &seen.games[i]);
            let (mv, current) = match made {
                Some(m) => (
                    move_text(mv, &legal_in(&m.info)),
                    m.info["plies"].as_i64().unwrap_or(0),
                ),
                None => (move_text(mv, &[]), 0),
            };
            let creds = credentials(*who, made);
            let body = json!({"move": mv, "ply": ply.unwrap_or(current)});
            let uri = format!("/api/games/{}/moves", enc(&id));
            let who = creds.as_ref().map(|(v, s)| (*v, s.as_deref()));
            if let Some(a) = post_json(&uri, who, &body)
                && a.status == StatusCode::OK
                && let Some(i) = index
            {
                let info = a.json();
                note_position(seen, &info["position"]);
                seen.games[i].info = info;
            }
        }
        Op::Join { game, who } => {
            let (id, index) = game_of(game, seen);
            let creds = credentials(*who, index.map(|i| &seen.games[i]));
            let who = creds.as_ref().map(|(v, s)| (*v, s.as_deref()));
            let uri = format!("/api/games/{}/join", enc(&id));
            if let Some(a) = send(Method::POST, &uri, who, None)
                && a.status == StatusCode::OK
                && let Some(i) = index
            {
                let joined = a.json();
                seen.games[i].guest = joined["secret"].as_str().map(str::to_string);
                seen.games[i].info = joined["game"].clone();
            }
        }
        Op::Resign { game, who } | Op::Draw { game, who, .. } => {
            let (id, index) = game_of(game, seen);
            let creds = credentials(*who, index.map(|i| &seen.games[i]));
            let who = creds.as_ref().map(|(v, s)| (*v, s.as_deref()));
            let answer = match op {
                Op::Draw { action, .. } => {
                    let body = json!({"action": action.of(&["offer", "accept", "decline"])});
                    post_json(&format!("/api/games/{}/draw", enc(&id)), who, &body)
                }
                _ => send(
                    Method::POST,
                    &format!("/api/games/{}/resign", enc(&id)),
                    who,
                    None,
                ),
            };
            if let Some(a) = answer
                && a.status == StatusCode::OK
                && let Some(i) = index
            {
                seen.games[i].info = a.json();
            }
        }
        Op::Get { game, who, what } => {
            let (id, index) = game_of(game, seen);
            let creds = credentials(*who, index.map(|i| &seen.games[i]));
            let who = creds.as_ref().map(|(v, s)| (*v, s.as_deref()));
            let tail = ["", "/pdn", "/analysis", "/events"][usize::from(*what) % 4];
            let uri = format!("/api/games/{}{tail}", enc(&id));
            if let Some(a) = send(Method::GET, &uri, who, None)
                && a.status == StatusCode::OK
                && tail.is_empty()
                && let Some(i) = index
            {
                seen.games[i].info = a.json();
            }
        }
        Op::Raw {
            post,
            path,
            json,
            body,
        } => {
            let uri = format!("/api/{path}");
            if *post {
                send(
                    Method::POST,
                    &uri,
                    Some((STRANGER, None)),
                    Some((body.clone(), *json)),
                );
            } else {
                send(Method::GET, &uri, None, None);
            }
        }
    }
}

fuzz_target!(|ops: Vec<Op>| {
    let mut seen = Seen::default();
    for op in ops.iter().take(24) {
        run(op, &mut seen);
    }
});
