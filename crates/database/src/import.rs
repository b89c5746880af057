//! Importing a file of games: read on every core down the one reading path (as `check`
//! reads), each game made a [`GameEntry`] where it is read, then written in order: the games
//! in batches, the postings of every position gathered into runs of a few million, each run a
//! segment of the index written in the same transaction as its games (a failed import leaves
//! no game without its positions).

use std::io::Read;

use games::{
    AnyGame, DraughtsGame, FileGames, FileVariants, GameError, GameWork, Made, OnePass, ReadGame,
    ReadOptions, Step, Turn,
};
use record::{ReadError, Reader};
use serde::Serialize;

use crate::bulk::{WordsTable, catch_up, defer, worth_deferring};
use crate::entry::GameEntry;
use crate::error::DbError;
use crate::game_rows::{Source, insert};
use crate::pool::{Pool, on_pool};
use crate::postings::Posting;
use crate::segments::{RUN_POSTINGS, compact, write_segment};

/// How to import.
#[derive(Clone, Copy, Debug)]
pub struct ImportOptions {
    /// How to read the games (the rules when the text does not say, the chess notation).
    pub read: ReadOptions,
    /// Threads to read with (1: this one).
    pub jobs: usize,
    /// Keep the games that do not replay, as text with their error (they have no positions).
    pub keep_bad: bool,
    /// The most bytes one game may take.
    pub max_game: usize,
    /// Games written after which an import that is big beside the database (a quarter of
    /// the games it held, or more) stops keeping the games' indexes up game by game and
    /// makes them again at its end: 20,000 by default. (A search by player, event, site or
    /// date is slow meanwhile, and does not find the import's games by player.)
    pub defer_upkeep_after: u64,
}

impl Default for ImportOptions {
    fn default() -> ImportOptions {
        ImportOptions {
            read: ReadOptions::default(),
            jobs: 1,
            keep_bad: false,
            max_game: record::DEFAULT_MAX_GAME,
            defer_upkeep_after: 20_000,
        }
    }
}

/// A game that does not replay, with its place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BadGame {
    /// The file.
    pub file: String,
    /// The game's number in the file, from 1.
    pub game: u64,
    /// Where the error is.
    pub line: u32,
    /// Its column.
    pub column: u32,
    /// The move (from 1) it is at, if at one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for BadGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}: game {}: ",
            self.file, self.line, self.column, self.game
        )?;
        if let Some(ply) = self.ply {
            write!(f, "ply {ply}: ")?;
        }
        f.write_str(&self.message)
    }
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Imported {
    /// Games read.
    pub games: u64,
    /// Games added to the database.
    pub added: u64,
    /// Games left out because the database had them already (or the import had them twice).
    pub duplicates: u64,
    /// Positions indexed (one per game and position it reaches).
    pub positions: u64,
    /// Games that do not replay, with their places.
    pub bad: Vec<BadGame>,
    /// Of those, how many were kept as text (`keep_bad`).
    pub kept_bad: u64,
    /// Whether the import was big enough to stop keeping the games' indexes up game by game
    /// and make them again at its end ([`ImportOptions::defer_upkeep_after`]).
    pub deferred_upkeep: bool,
}

impl Imported {
    /// Adds another file's figures.
    pub fn add(&mut self, other: Imported) {
        self.games += other.games;
        self.added += other.added;
        self.duplicates += other.duplicates;
        self.positions += other.positions;
        self.bad.extend(other.bad);
        self.kept_bad += other.kept_bad;
        self.deferred_upkeep |= other.deferred_upkeep;
    }
}

/// What the reading threads make of a game.
enum ReadEntry {
    Good(Box<GameEntry>),
    Bad {
        error: GameError,
        text: String,
        tags: Vec<(String, String)>,
    },
}

/// The work of the reading threads: each game read whole and made an entry.
struct ImportWork {
    read: ReadOptions,
    keep_bad: bool,
}

impl GameWork for ImportWork {
    type State = OnePass;
    type Said = ();
    type Done = ReadEntry;
    type Aside = String;

    fn state(&self) -> OnePass {
        OnePass::new(self.read)
    }

    fn next<R: Read>(
        &self,
        one_pass: &mut OnePass,
        input: &mut Reader<R>,
    ) -> Option<std::io::Result<Made<Self>>> {
        let read = one_pass.next(input)?;
        let text = || String::from_utf8_lossy(input.last_game_raw()).into_owned();
        let bad = |error: GameError| {
            let (text, tags) = if self.keep_bad {
                let text = text();
                let tags = tags_of(&text);
                (text, tags)
            } else {
                (String::new(), Vec::new())
            };
            Made {
                rules: None,
                said: (),
                turn: Turn::Done(ReadEntry::Bad { error, text, tags }),
            }
        };
        Some(Ok(match read {
            Ok(ReadGame::Game(game)) => {
                let rules = FileVariants::rules_of(&game);
                let text = text();
                let turn = match *game {
                    AnyGame::Draughts(g) if !g.others.is_empty() => Turn::Open(Box::new(g), text),
                    game => Turn::Done(ReadEntry::Good(Box::new(GameEntry::of(&game, text)))),
                };
                Made {
                    rules,
                    said: (),
                    turn,
                }
            }
            Ok(ReadGame::Bad(e)) => bad(e),
            Err(ReadError::Syntax { at, message, .. }) => bad(GameError::at(at, message)),
            Err(ReadError::Io(e)) => return Some(Err(e)),
        }))
    }

    fn settled(&self, _number: u64, game: DraughtsGame, text: String) -> ReadEntry {
        ReadEntry::Good(Box::new(GameEntry::of(&AnyGame::Draughts(game), text)))
    }
}

/// The tags of a bad game's text, when its syntax reads that far.
fn tags_of(text: &str) -> Vec<(String, String)> {
    match record::read_games(text).into_iter().next() {
        Some(Ok(game)) => game
            .tags
            .iter()
            .map(|t| (t.name.to_string(), t.value.to_string()))
            .collect(),
        _ => Vec::new(),
    }
}

/// Games handed from the reading thread to the writer at a time.
const BATCH: usize = 1000;

/// Imports the games of `input` (named `name` in reports) into the database on `pool`.
/// `progress` is called now and then with the number of games read.
pub(crate) async fn import<R: Read + Send + 'static>(
    pool: &Pool,
    name: &str,
    input: R,
    options: ImportOptions,
    progress: impl FnMut(u64),
) -> Result<Imported, DbError> {
    let (send, receive) = tokio::sync::mpsc::channel::<std::io::Result<Vec<(u64, ReadEntry)>>>(4);
    let work = ImportWork {
        read: options.read,
        keep_bad: options.keep_bad,
    };
    let reading = std::thread::spawn(move || {
        let mut batch = Vec::with_capacity(BATCH);
        for step in FileGames::new(input, work, options.jobs).with_max_game(options.max_game) {
            match step {
                Ok(Step::Read(..)) => {}
                Ok(Step::Out(number, read)) => {
                    batch.push((number, read));
                    if batch.len() == BATCH
                        && send.blocking_send(Ok(std::mem::take(&mut batch))).is_err()
                    {
                        return;
                    }
                }
                Err(e) => {
                    let _ = send.blocking_send(Ok(std::mem::take(&mut batch)));
                    let _ = send.blocking_send(Err(e));
                    return;
                }
            }
        }
        let _ = send.blocking_send(Ok(batch));
    });
    let before: i64 = on_pool!(pool, p => {
        sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM db_games").fetch_one(p).await?
    });
    let mut words = WordsTable::Indexed;
    let written = write(
        pool,
        receive,
        options,
        name,
        before as u64,
        &mut words,
        progress,
    )
    .await;
    let _ = reading.join();
    // A big import's indexes, made again even when it failed half way (the games it
    // committed stay).
    let caught_up = match words {
        WordsTable::Staged => catch_up(pool).await,
        WordsTable::Indexed => Ok(()),
    };
    let imported = written?;
    caught_up?;
    compact(pool).await?;
    Ok(imported)
}

/// The writing half of [`import`]: the games the reading thread sends, written in order,
/// the upkeep deferred (`words` made [`WordsTable::Staged`]) once it is worth it.
async fn write(
    pool: &Pool,
    mut receive: tokio::sync::mpsc::Receiver<std::io::Result<Vec<(u64, ReadEntry)>>>,
    options: ImportOptions,
    name: &str,
    before: u64,
    words: &mut WordsTable,
    mut progress: impl FnMut(u64),
) -> Result<Imported, DbError> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let mut imported = Imported::default();
    let mut run: Vec<(u64, Posting)> = Vec::new();
    let mut tx = pool.begin_write().await?;
    let mut failure = None;
    while let Some(batch) = receive.recv().await {
        let batch = match batch {
            Ok(batch) => batch,
            Err(e) => {
                failure = Some(e);
                break;
            }
        };
        let mut entries = Vec::with_capacity(batch.len());
        for (number, read) in batch {
            imported.games += 1;
            match read {
                ReadEntry::Good(entry) => {
                    let line = entry.at_line;
                    entries.push((*entry, source(name, number, line)));
                }
                ReadEntry::Bad { error, text, tags } => {
                    imported.bad.push(BadGame {
                        file: name.to_string(),
                        game: number,
                        line: error.at.line,
                        column: error.at.column,
                        ply: error.ply.as_ref().map(|p| p.index),
                        message: error.message.clone(),
                    });
                    if options.keep_bad {
                        let entry = GameEntry::bad(text, tags, &error);
                        entries.push((entry, source(name, number, error.at.line)));
                    }
                }
            }
        }
        let ids = insert(&mut tx, &entries, now, *words).await?;
        for ((entry, _), id) in entries.iter().zip(ids) {
            let Some(id) = id else {
                imported.duplicates += 1;
                continue;
            };
            imported.added += 1;
            if entry.error.is_some() {
                imported.kept_bad += 1;
            }
            let (outcome, month, rating) = (entry.outcome, entry.month(), entry.rating());
            run.extend(entry.positions.iter().map(|&(key, code)| {
                (
                    key,
                    Posting {
                        game: id as u64,
                        code,
                        outcome,
                        month,
                        rating,
                    },
                )
            }));
        }
        progress(imported.games);
        if *words == WordsTable::Indexed
            && worth_deferring(imported.added, before, options.defer_upkeep_after)
        {
            defer(&mut tx).await?;
            *words = WordsTable::Staged;
            imported.deferred_upkeep = true;
        }
        if run.len() >= RUN_POSTINGS {
            imported.positions += run.len() as u64;
            flush(&mut tx, &mut run).await?;
            tx.commit().await?;
            tx = pool.begin_write().await?;
        }
    }
    imported.positions += run.len() as u64;
    flush(&mut tx, &mut run).await?;
    tx.commit().await?;
    match failure {
        Some(e) => Err(DbError::Io(e)),
        None => Ok(imported),
    }
}

fn source(name: &str, game: u64, line: u32) -> Source {
    Source {
        file: name.to_string(),
        game,
        line,
    }
}

/// Writes the run as a segment and empties it.
async fn flush(tx: &mut crate::pool::Tx, run: &mut Vec<(u64, Posting)>) -> Result<(), DbError> {
    run.sort_unstable_by_key(|(key, p)| (*key, p.game));
    write_segment(tx, run).await?;
    run.clear();
    Ok(())
}
