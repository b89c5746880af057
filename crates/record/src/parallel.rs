//! Reading the games of one input on several threads, handing out what each game gave in
//! the order of the input.
//!
//! The calling thread cuts the input into [`Chunk`]s of whole games ([`Splitter`]) and sends
//! them to worker threads; each worker reads its chunk's games with a [`Reader`] placed where
//! the chunk is, and hands back one item per game. The calling thread hands the items out in
//! the order of the input, numbering the games as a reader of the whole input would. A chunk
//! whose reading did not end where the whole input's would have (a cut inside a comment that
//! spans lines) is read again on the calling thread together with the chunks after it, so
//! the items are the same as one reader's, whatever the cuts.
//!
//! A stretch of the input with no cut in sight (a huge game, games without results) is not
//! made one huge chunk: past half the most a game may take ([`Parallel::with_max_game`]),
//! the rest of the input, from the first chunk not yet handed out, is read on the calling
//! thread by one [`Reader`], as on one thread, which holds no game longer than that.
//!
//! Memory is bounded by the chunks in flight (a few per worker), not by the input. Each
//! chunk's text is copied once, from the input: a worker reads it in place
//! ([`Chunk::read_in_place`]), and once its items are handed out the text goes back to the
//! splitter ([`Splitter::recycle`]) to hold a later chunk, so the same memory serves again.

use std::collections::{BTreeMap, VecDeque};
use std::io::{self, Read};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crate::Reader;
use crate::pieces::Pieces;
use crate::reader::DEFAULT_MAX_GAME;
use crate::split::{Chunk, Splitter};

/// What each worker does with the games of a chunk.
pub trait Work: Send + Sync + 'static {
    /// What a worker keeps from game to game (buffers, a visitor).
    type State;
    /// What one game gives.
    type Item: Send + 'static;

    /// A worker's state (made once per worker thread, and once on the calling thread).
    fn state(&self) -> Self::State;

    /// Reads the next game of `reader` and says what it gave; `None` at the end of the chunk
    /// (or of the input, for the reader of its rest on the calling thread).
    fn next<S: Read>(&self, state: &mut Self::State, reader: &mut Reader<S>) -> Option<Self::Item>;

    /// Gives `item` the number of its game in the whole input (1 for the first), for items
    /// that carry it: `next` numbered it within its chunk.
    fn number(&self, item: &mut Self::Item, game: u64) {
        let _ = (item, game);
    }
}

/// The items of a chunk's games, with their numbers within the chunk.
struct ChunkRead<T> {
    items: Vec<(u64, T)>,
    games: u64,
    whole: bool,
}

/// Reads every game of `chunk` with `work`.
fn read_chunk<W: Work>(work: &W, state: &mut W::State, chunk: &mut Chunk) -> ChunkRead<W::Item> {
    // Room for games of 256 bytes and more, so that the list is not copied as it grows.
    let mut items = Vec::with_capacity(chunk.text.len() / 256 + 1);
    let (games, whole) = chunk.read_in_place(|reader| {
        while let Some(item) = work.next(state, reader) {
            items.push((reader.game_count(), item));
        }
        reader.game_count()
    });
    ChunkRead {
        items,
        games,
        whole,
    }
}

type Done<T> = (u64, Chunk, std::thread::Result<ChunkRead<T>>);

/// The games of an input read on several threads, as an iterator of `(number, item)` in the
/// order of the input: see the [module](self).
///
/// ```
/// use record::{Collect, Reader};
/// use record::parallel::{Parallel, Work};
///
/// /// Each game's first move word.
/// struct FirstMove;
/// impl Work for FirstMove {
///     type State = Collect;
///     type Item = Option<String>;
///     fn state(&self) -> Collect {
///         Collect::default()
///     }
///     fn next<S: std::io::Read>(&self, collect: &mut Collect, reader: &mut Reader<S>) -> Option<Option<String>> {
///         match reader.read_game(collect) {
///             Ok(Some(game)) => Some(game.moves.nodes.first().map(|n| n.mov.to_string())),
///             Ok(None) => None,
///             Err(_) => Some(None),
///         }
///     }
/// }
///
/// let text = "1. e4 e5 1-0\n[Event \"x\"]\n1. d4 { a comment\n1-0\n[not a tag] } d5 0-1\n".repeat(50);
/// let games: Vec<(u64, Option<String>)> = Parallel::new(text.as_bytes(), FirstMove, 2, 16)
///     .map(Result::unwrap)
///     .collect();
/// assert_eq!(games.len(), 100);
/// assert_eq!(games[0], (1, Some("e4".to_string())));
/// assert_eq!(games[99], (100, Some("d4".to_string())));
/// ```
pub struct Parallel<R, W: Work> {
    /// The input, cut into chunks; `None` once its rest is read here.
    splitter: Option<Splitter<R>>,
    /// The reader of the input's rest on this thread, once a stretch too long for a chunk
    /// came (see the [module](self)).
    rest: Option<Reader<Pieces<R>>>,
    /// The most bytes one game may take.
    max_game: usize,
    work: Arc<W>,
    /// The calling thread's state, for chunks read again here.
    state: Option<Box<W::State>>,
    to_workers: Option<SyncSender<(u64, Chunk)>>,
    from_workers: Receiver<Done<W::Item>>,
    workers: Vec<JoinHandle<()>>,
    /// Chunks read, waiting for the chunks before them.
    arrived: BTreeMap<u64, (Chunk, ChunkRead<W::Item>)>,
    sent: u64,
    handed: u64,
    in_flight: usize,
    /// Chunks sent and not yet handed out, at most.
    limit: usize,
    input_done: bool,
    /// Games in the chunks before the current one, and in the current one.
    games_before: u64,
    current_games: u64,
    /// The current chunk's items, numbered within it.
    current: std::vec::IntoIter<(u64, W::Item)>,
}

impl<R: Read, W: Work> Parallel<R, W> {
    /// Reads `input` on `jobs` worker threads (at least 1), in chunks of about `chunk_size`
    /// bytes.
    pub fn new(input: R, work: W, jobs: usize, chunk_size: usize) -> Parallel<R, W> {
        let jobs = jobs.max(1);
        let work = Arc::new(work);
        // Three chunks per worker in flight (being read, waiting, read and waiting for the
        // chunks before it): the queue holds them all, so sending never blocks.
        let limit = jobs * 3;
        let (to_workers, inbox) = sync_channel::<(u64, Chunk)>(limit);
        let inbox = Arc::new(Mutex::new(inbox));
        let (done, from_workers) = channel::<Done<W::Item>>();
        let workers = (0..jobs)
            .map(|_| spawn_worker(work.clone(), inbox.clone(), done.clone()))
            .collect();
        Parallel {
            splitter: Some(Splitter::new(input, chunk_size).with_max_piece(DEFAULT_MAX_GAME / 2)),
            rest: None,
            max_game: DEFAULT_MAX_GAME,
            work,
            state: None,
            to_workers: Some(to_workers),
            from_workers,
            workers,
            arrived: BTreeMap::new(),
            sent: 0,
            handed: 0,
            in_flight: 0,
            limit,
            input_done: false,
            games_before: 0,
            current_games: 0,
            current: Vec::new().into_iter(),
        }
    }

    /// Makes `bytes` the most one game may take ([`DEFAULT_MAX_GAME`] otherwise): see
    /// [`Reader::with_max_game`]. No chunk is then longer than about half of it.
    pub fn with_max_game(mut self, bytes: usize) -> Self {
        self.max_game = bytes;
        self.splitter = self.splitter.take().map(|s| s.with_max_piece(bytes / 2));
        self
    }

    /// The most bytes a chunk is read in one piece: longer, the input's rest is read here.
    fn max_piece(&self) -> usize {
        (self.max_game / 2).max(1)
    }

    /// Sends chunks to the workers while fewer than the limit are in flight.
    fn send_more(&mut self) -> io::Result<()> {
        while !self.input_done && self.in_flight < self.limit {
            let Some(splitter) = self.splitter.as_mut() else {
                break;
            };
            let Some(chunk) = splitter.next_chunk()? else {
                self.input_done = true;
                break;
            };
            self.input_done = chunk.last;
            let to = self.to_workers.as_ref().expect("workers run until the end");
            if to.send((self.sent, chunk)).is_err() {
                return Err(io::Error::other("the worker threads stopped"));
            }
            self.sent += 1;
            self.in_flight += 1;
        }
        Ok(())
    }

    /// The chunk with number `index` and what its worker read, once it is back.
    fn take(&mut self, index: u64) -> io::Result<(Chunk, ChunkRead<W::Item>)> {
        loop {
            if let Some(done) = self.arrived.remove(&index) {
                self.in_flight -= 1;
                return Ok(done);
            }
            self.send_more()?;
            let Ok((i, chunk, read)) = self.from_workers.recv() else {
                return Err(io::Error::other("the worker threads stopped"));
            };
            match read {
                Ok(read) => {
                    self.arrived.insert(i, (chunk, read));
                }
                Err(panic) => resume_unwind(panic),
            }
        }
    }

    /// Whether the splitter gave up for want of a cut: the input's rest is read here.
    fn gave_up(&self) -> bool {
        self.splitter.as_ref().is_some_and(Splitter::gave_up)
    }

    /// Makes the next chunk's items the current ones, read again with the chunks after it
    /// when needed; `false` at the end. Once the chunks run into a stretch too long for one,
    /// the rest of the input is read here instead ([`Parallel::read_rest_here`]).
    fn next_chunk(&mut self) -> io::Result<bool> {
        self.send_more()?;
        if self.handed == self.sent {
            if self.gave_up() {
                self.read_rest_here(None)?;
                return Ok(true);
            }
            return Ok(false);
        }
        let (mut chunk, mut read) = self.take(self.handed)?;
        self.handed += 1;
        while !read.whole && !chunk.last {
            self.send_more()?;
            let no_more = self.handed == self.sent;
            if chunk.text.len() > self.max_piece() || (no_more && self.gave_up()) {
                self.read_rest_here(Some(chunk))?;
                return Ok(true);
            }
            if no_more {
                break;
            }
            let (next, _) = self.take(self.handed)?;
            self.handed += 1;
            chunk = chunk.join(next);
            let work = self.work.clone();
            let state = self.state.get_or_insert_with(|| Box::new(work.state()));
            read = read_chunk(&*work, state, &mut chunk);
        }
        if let Some(splitter) = self.splitter.as_mut() {
            splitter.recycle(chunk.text);
        }
        self.games_before += self.current_games;
        self.current_games = read.games;
        self.current = read.items.into_iter();
        Ok(true)
    }
}

impl<R: Read, W: Work> Parallel<R, W> {
    /// Reads the rest of the input on this thread, with one reader, from `first` (a chunk
    /// handed out whose games must be read again with what follows) or else from the next
    /// chunk not handed out: the chunks sent (their workers' readings dropped), then what the
    /// splitter holds and what is still unread.
    fn read_rest_here(&mut self, first: Option<Chunk>) -> io::Result<()> {
        // Nothing more is cut: what was sent comes back, then the rest is read whole.
        self.input_done = true;
        let mut texts = VecDeque::new();
        let mut at = None;
        if let Some(chunk) = first {
            at = Some(chunk.at);
            texts.push_back(chunk.text);
        }
        while self.handed < self.sent {
            let (chunk, _) = self.take(self.handed)?;
            self.handed += 1;
            at.get_or_insert(chunk.at);
            texts.push_back(chunk.text);
        }
        let Some(splitter) = self.splitter.take() else {
            return Err(io::Error::other("the input's rest was taken already"));
        };
        let (held, splitter_at, unread) = splitter.into_rest();
        texts.push_back(held);
        let at = at.unwrap_or(splitter_at);
        let pieces = Pieces {
            texts,
            read: 0,
            unread,
        };
        self.input_done = true;
        self.games_before += self.current_games;
        self.current_games = 0;
        self.current = Vec::new().into_iter();
        self.rest = Some(
            Reader::new(pieces)
                .with_max_game(self.max_game)
                .starting_at(at),
        );
        Ok(())
    }

    /// The next game of the input's rest read here, numbered in the whole input.
    fn next_of_rest(&mut self) -> Option<(u64, W::Item)> {
        let reader = self.rest.as_mut()?;
        let work = self.work.clone();
        let state = self.state.get_or_insert_with(|| Box::new(work.state()));
        let mut item = work.next(state, reader)?;
        let number = self.games_before + reader.game_count();
        work.number(&mut item, number);
        Some((number, item))
    }
}

impl<R: Read, W: Work> Iterator for Parallel<R, W> {
    type Item = io::Result<(u64, W::Item)>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some((local, mut item)) = self.current.next() {
                let number = self.games_before + local;
                self.work.number(&mut item, number);
                return Some(Ok((number, item)));
            }
            if self.rest.is_some() {
                return self.next_of_rest().map(Ok);
            }
            match self.next_chunk() {
                Ok(true) => {}
                Ok(false) => return None,
                Err(e) => {
                    self.input_done = true;
                    self.handed = self.sent;
                    return Some(Err(e));
                }
            }
        }
    }
}

impl<R, W: Work> Drop for Parallel<R, W> {
    fn drop(&mut self) {
        // Closing the queue ends the workers once they finish the chunk in hand.
        self.to_workers = None;
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

fn spawn_worker<W: Work>(
    work: Arc<W>,
    inbox: Arc<Mutex<Receiver<(u64, Chunk)>>>,
    done: Sender<Done<W::Item>>,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut state = None;
        loop {
            let next = inbox.lock().unwrap_or_else(|e| e.into_inner()).recv();
            let Ok((index, mut chunk)) = next else {
                return;
            };
            let read = catch_unwind(AssertUnwindSafe(|| {
                let state = state.get_or_insert_with(|| work.state());
                read_chunk(&*work, state, &mut chunk)
            }));
            let failed = read.is_err();
            if done.send((index, chunk, read)).is_err() || failed {
                return;
            }
        }
    })
}
