//! What the database's tests share: the shared game files, a plain scan of them that replays
//! every game and counts by FEN (no keys, no index: what the database must agree with), and
//! fresh databases of both kinds.

#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;

use games::{
    AnyGame, AnyMove, AnyPosition, ChessMove, DraughtsGame, FileGames, FileVariants, GameWork,
    Made, OnePass, ReadGame, ReadOptions, Step, Turn,
};

/// The shared game files, chess and draughts, bad ones too.
pub fn shared_files() -> Vec<PathBuf> {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    let mut files = Vec::new();
    let mut dirs = vec![data.join("chess"), data.join("draughts")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("pgn" | "pdn" | "PDN" | "PGN")
            ) {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() > 20, "the shared files are missing");
    files
}

/// The reading options the import uses for a file: a `.pgn` file leans to chess.
pub fn options_for(path: &std::path::Path) -> ReadOptions {
    ReadOptions {
        prefer_chess: path
            .to_string_lossy()
            .to_ascii_lowercase()
            .ends_with(".pgn"),
        ..ReadOptions::default()
    }
}

/// A game as the scan sees it.
#[derive(Clone, Debug)]
pub struct ScannedGame {
    pub variant: String,
    pub tags: Vec<(String, String)>,
    /// Each distinct position of the main line (the first time reached), as its variant and
    /// FEN without move counters, with the id of the move played from it (`None` at the end),
    /// and its whole FEN.
    pub positions: Vec<(String, Option<String>, String)>,
    /// The move ids of the main line.
    pub line: Vec<String>,
    /// `white`, `draw`, `black` or `unknown`, from the result as written.
    pub outcome: &'static str,
}

impl ScannedGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.is_empty())
    }
}

/// What a scan of the files found.
#[derive(Default)]
pub struct Scan {
    /// The good games, each once (two games with the same variant, tags and moves are one).
    pub games: Vec<ScannedGame>,
    /// Good games read, repeats included.
    pub good: u64,
    /// Bad games: file name, number, line and column.
    pub bad: Vec<(String, u64, u32, u32)>,
}

/// A position's name for the scan: its variant and FEN, move counters left out.
fn position_name(pos: &AnyPosition) -> String {
    let fen = pos.fen();
    let fen = match pos {
        AnyPosition::Chess(_) => fen.split(' ').take(4).collect::<Vec<_>>().join(" "),
        AnyPosition::Draughts(_) => fen,
    };
    format!("{}|{fen}", games::AnyVariant::of(pos).name())
}

/// The name of a position under `variant`, for looking up scan counts.
pub fn name_of(pos: &AnyPosition) -> String {
    position_name(pos)
}

fn scanned(game: &AnyGame) -> ScannedGame {
    let (tags, start, variant) = match game {
        AnyGame::Draughts(g) => (
            &g.game.tags,
            AnyPosition::Draughts(g.start),
            g.variant.name.to_string(),
        ),
        AnyGame::Chess(g) => (
            &g.game.tags,
            AnyPosition::Chess(g.start.clone()),
            g.variant.key().to_string(),
        ),
    };
    let mut pos = start;
    let mut line = Vec::new();
    let mut seen = HashSet::new();
    let mut positions = Vec::new();
    let mut moves: Vec<Option<AnyMove>> = match game {
        AnyGame::Draughts(g) => g
            .game
            .moves
            .nodes
            .iter()
            .map(|n| Some(AnyMove::Draughts(n.mov.clone())))
            .collect(),
        AnyGame::Chess(g) => g
            .game
            .moves
            .nodes
            .iter()
            .map(|n| match &n.mov {
                ChessMove::Move(m) => Some(AnyMove::Chess(*m)),
                ChessMove::Null => None,
            })
            .collect(),
    };
    moves.push(None);
    let plies = moves.len() - 1;
    for (i, m) in moves.into_iter().enumerate() {
        let name = position_name(&pos);
        let id = match &m {
            Some(m) => Some(pos.move_id(m)),
            None if i < plies => Some("0000".to_string()),
            None => None,
        };
        if seen.insert(name.clone()) {
            positions.push((name, id.clone().filter(|i| i != "0000"), pos.fen()));
        }
        if let Some(id) = id {
            line.push(id);
        }
        match m {
            Some(m) => pos = pos.after(&m),
            None if i < plies => {
                if let AnyPosition::Chess(p) = &pos
                    && let Ok(swapped) = p.clone().swap_turn()
                {
                    pos = AnyPosition::Chess(swapped);
                }
            }
            None => {}
        }
    }
    let result = match game {
        AnyGame::Draughts(g) => g.outcome().map(|o| match o {
            games::Outcome::Win(draughts::Color::White) => "white",
            games::Outcome::Win(draughts::Color::Black) => "black",
            games::Outcome::Draw => "draw",
            _ => "unknown",
        }),
        AnyGame::Chess(g) => g.result_text().map(|r| match r.trim() {
            "1-0" => "white",
            "0-1" => "black",
            "1/2-1/2" => "draw",
            _ => "unknown",
        }),
    };
    ScannedGame {
        variant,
        tags: tags
            .iter()
            .map(|t| (t.name.to_string(), t.value.to_string()))
            .collect(),
        positions,
        line,
        outcome: result.unwrap_or("unknown"),
    }
}

struct ScanWork(ReadOptions);

impl GameWork for ScanWork {
    type State = OnePass;
    type Said = ();
    type Done = Result<ScannedGame, (u32, u32)>;
    type Aside = ();

    fn state(&self) -> OnePass {
        OnePass::new(self.0)
    }

    fn next<R: std::io::Read>(
        &self,
        one_pass: &mut OnePass,
        input: &mut record::Reader<R>,
    ) -> Option<std::io::Result<Made<Self>>> {
        let read = one_pass.next(input)?;
        Some(Ok(match read {
            Ok(ReadGame::Game(game)) => Made {
                rules: FileVariants::rules_of(&game),
                said: (),
                turn: Turn::of(game, (), |g| Ok(scanned(&g))),
            },
            Ok(ReadGame::Bad(e)) => Made {
                rules: None,
                said: (),
                turn: Turn::Done(Err((e.at.line, e.at.column))),
            },
            Err(record::ReadError::Syntax { at, .. }) => Made {
                rules: None,
                said: (),
                turn: Turn::Done(Err((at.line, at.column))),
            },
            Err(record::ReadError::Io(e)) => return Some(Err(e)),
        }))
    }

    fn settled(&self, _: u64, game: DraughtsGame, _: ()) -> Self::Done {
        Ok(scanned(&AnyGame::Draughts(game)))
    }
}

/// Reads every game of `files` and keeps what the checks compare.
pub fn scan(files: &[PathBuf]) -> Scan {
    let mut scan = Scan::default();
    let mut identities = HashSet::new();
    for path in files {
        let file = std::fs::File::open(path).unwrap();
        for step in FileGames::new(file, ScanWork(options_for(path)), 1) {
            match step.unwrap() {
                Step::Out(_, Ok(game)) => {
                    scan.good += 1;
                    if identities.insert((
                        game.variant.clone(),
                        game.tags.clone(),
                        game.line.clone(),
                    )) {
                        scan.games.push(game);
                    }
                }
                Step::Out(n, Err((line, column))) => {
                    scan.bad
                        .push((path.to_string_lossy().into_owned(), n, line, column));
                }
                Step::Read(..) => {}
            }
        }
    }
    scan
}

/// Counts at one position: games, white, draws, black; and per move id the same.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The position's FEN the first time the scan met it.
    pub fen: String,
    /// Its variant's name.
    pub variant: String,
    pub total: [u64; 4],
    pub moves: BTreeMap<String, [u64; 4]>,
}

fn add(counts: &mut [u64; 4], outcome: &str) {
    counts[0] += 1;
    match outcome {
        "white" => counts[1] += 1,
        "draw" => counts[2] += 1,
        "black" => counts[3] += 1,
        _ => {}
    }
}

impl Scan {
    /// The counts of every position, by name.
    pub fn tallies(&self) -> HashMap<String, Tally> {
        let mut out: HashMap<String, Tally> = HashMap::new();
        for g in &self.games {
            for (name, next, fen) in &g.positions {
                let t = out.entry(name.clone()).or_insert_with(|| Tally {
                    fen: fen.clone(),
                    variant: g.variant.clone(),
                    ..Tally::default()
                });
                add(&mut t.total, g.outcome);
                if let Some(id) = next {
                    add(t.moves.entry(id.clone()).or_default(), g.outcome);
                }
            }
        }
        out
    }
}

/// A fresh PostgreSQL database named after `name` (and this process) in the server that
/// `SCORESHEET_TEST_POSTGRES` names (scripts/test starts one with scripts/postgres): its URL.
pub async fn postgres_database(name: &str) -> String {
    let server = std::env::var("SCORESHEET_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "SCORESHEET_TEST_POSTGRES is not set: run the tests with scripts/test, or start a \
             server with scripts/postgres and set it to the URL it prints"
        )
    });
    let name = format!("d_{}_{name}", std::process::id());
    use sqlx::Connection;
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    for sql in [
        format!("DROP DATABASE IF EXISTS {name}"),
        format!("CREATE DATABASE {name}"),
    ] {
        sqlx::raw_sql(&sql).execute(&mut admin).await.unwrap();
    }
    let (base, _) = server.rsplit_once('/').unwrap();
    format!("{base}/{name}")
}

/// A fresh SQLite file named after `name` (and this process) in the temporary folder.
pub fn sqlite_database(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("scoresheet-db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.sqlite3"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path.to_string_lossy().into_owned()
}
