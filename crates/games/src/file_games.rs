//! The games of one input, each put through a [`GameWork`] on this thread or on several, and
//! handed out in the order of the input, the games that several variants replay finished
//! once the file has decided their variant.

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::Arc;

use record::Reader;
use record::parallel::{Parallel, Work};

use super::file_variants::FileVariants;
use super::game_work::{GameWork, Made, Turn};

/// Chunks of about this many bytes go to the threads: large enough that a thread's work on
/// one outweighs handing it over, small enough that a few per thread stay in memory.
const CHUNK_SIZE: usize = 256 * 1024;

/// The number of threads that use every core of this machine.
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What [`FileGames`] hands out, in the order of the input.
#[derive(Debug, PartialEq, Eq)]
pub enum Step<S, D> {
    /// Game number `.0` was read: what is said of it at once (see [`GameWork::Said`]).
    Read(u64, S),
    /// Game number `.0` comes out: what it gave (see [`GameWork::Done`]). A game comes out
    /// right after it is read, unless a game before it waits.
    Out(u64, D),
}

/// The games of one input put through a [`GameWork`]: read on this thread (`jobs` 1) or on
/// `jobs` threads (see [`record::parallel`]), with the same steps in the same order either
/// way.
///
/// Each game is [`Step::Read`] as it is read and [`Step::Out`] in its turn, in the order of
/// the input. A draughts game that several variants replay ([`Turn::Open`]) waits, and so do
/// the games after it, for the end of the input: the file's games whose rules are decided
/// may decide its variant ([`FileVariants`]), and a later one may still undo that (two of
/// its variants decided). At the end of the input, or after an error of the input, the games
/// that wait come out, the open ones settled and finished by [`GameWork::settled`].
///
/// ```
/// use games::{AnyGame, Checked, Checker, DraughtsGame, FileGames, FileVariants, GameWork, Made, Step, Turn};
///
/// /// Each game's variant, or "bad".
/// struct Variants;
///
/// impl GameWork for Variants {
///     type State = Checker;
///     type Said = ();
///     type Done = &'static str;
///     type Aside = ();
///
///     fn state(&self) -> Checker {
///         Checker::new(games::ReadOptions::default())
///     }
///
///     fn next<R: std::io::Read>(&self, checker: &mut Checker, input: &mut record::Reader<R>)
///         -> Option<std::io::Result<Made<Self>>> {
///         Some(Ok(match checker.next(input)? {
///             Ok(Checked::Good { game, .. }) => Made {
///                 rules: FileVariants::rules_of(&game),
///                 said: (),
///                 turn: Turn::of(game, (), |g: AnyGame| g.rules().name()),
///             },
///             _ => Made { rules: None, said: (), turn: Turn::Done("bad") },
///         }))
///     }
///
///     fn settled(&self, _number: u64, game: DraughtsGame, _: ()) -> &'static str {
///         game.variant.name
///     }
/// }
///
/// // Brazilian and Russian rules replay the first game; the second says Russian.
/// let text = "1. c3-d4 f6-g5 2. d4-e5 *\n\n[GameType \"25\"]\n1. c3-d4 f6-g5 *\n\n1. e4 ) *\n\n";
/// for jobs in [1, 2] {
///     let steps: Vec<_> = FileGames::new(text.as_bytes(), Variants, jobs).collect::<Result<_, _>>()?;
///     assert_eq!(
///         steps,
///         [
///             Step::Read(1, ()),
///             Step::Read(2, ()),
///             Step::Read(3, ()),
///             Step::Out(1, "russian"),
///             Step::Out(2, "russian"),
///             Step::Out(3, "bad"),
///         ]
///     );
/// }
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct FileGames<R: Read, W: GameWork> {
    work: Arc<W>,
    games: Games<R, W>,
    /// The variants that the input's games decided so far.
    file: FileVariants,
    /// The games read that wait for their turn: from the first open one on.
    waiting: VecDeque<Waiting<W>>,
    /// A game read that comes out next.
    out: Option<(u64, W::Done)>,
    /// Whether the input has ended (or failed): the games that wait come out.
    ended: bool,
}

/// A game that waits for its turn, and its number.
type Waiting<W> = (u64, Turn<<W as GameWork>::Done, <W as GameWork>::Aside>);

/// The games of an input, read on this thread or on several.
// One value per input read: its size does not matter.
#[allow(clippy::large_enum_variant)]
enum Games<R: Read, W: GameWork> {
    One(Reader<R>, W::State),
    Threads(Parallel<R, OnThreads<W>>),
}

impl<R: Read, W: GameWork> FileGames<R, W> {
    /// The games of `input` put through `work` on `jobs` threads (this one for 0 or 1).
    pub fn new(input: R, work: W, jobs: usize) -> FileGames<R, W> {
        FileGames::chunked(input, work, jobs, CHUNK_SIZE)
    }

    /// [`FileGames::new`] with the input handed to the threads in chunks of about
    /// `chunk_size` bytes instead of the default 256 kB: smaller chunks put every thread to
    /// work sooner (for a caller that takes the games one by one as they come, a short
    /// input), larger ones cost less to hand over.
    pub fn chunked(input: R, work: W, jobs: usize, chunk_size: usize) -> FileGames<R, W> {
        let work = Arc::new(work);
        let games = if jobs > 1 {
            Games::Threads(Parallel::new(
                input,
                OnThreads(work.clone()),
                jobs,
                chunk_size,
            ))
        } else {
            Games::One(Reader::new(input), work.state())
        };
        FileGames {
            work,
            games,
            file: FileVariants::default(),
            waiting: VecDeque::new(),
            out: None,
            ended: false,
        }
    }

    /// Makes `bytes` the most one game may take ([`record::DEFAULT_MAX_GAME`] otherwise),
    /// so that memory stays bounded whatever the input: a longer game is an error at its
    /// start, and the reading goes on at the next line that starts with `[` (see
    /// [`Reader::with_max_game`]).
    pub fn with_max_game(mut self, bytes: usize) -> Self {
        self.games = match self.games {
            Games::One(reader, state) => Games::One(reader.with_max_game(bytes), state),
            Games::Threads(games) => Games::Threads(games.with_max_game(bytes)),
        };
        self
    }

    /// The next game read and its number, or an error of the input.
    fn read(&mut self) -> Option<io::Result<(u64, Made<W>)>> {
        match &mut self.games {
            Games::One(reader, state) => {
                let made = self.work.next(state, reader)?;
                Some(made.map(|made| (reader.game_count(), made)))
            }
            Games::Threads(games) => {
                Some(games.next()?.and_then(|(number, made)| Ok((number, made?))))
            }
        }
    }

    /// The next game that waits, finished.
    fn next_waiting(&mut self) -> Option<Step<W::Said, W::Done>> {
        let (number, turn) = self.waiting.pop_front()?;
        let done = match turn {
            Turn::Done(done) => done,
            Turn::Open(game, aside) => self.work.settled(number, self.file.settle(*game), aside),
        };
        Some(Step::Out(number, done))
    }
}

impl<R: Read, W: GameWork> Iterator for FileGames<R, W> {
    type Item = io::Result<Step<W::Said, W::Done>>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some((number, done)) = self.out.take() {
            return Some(Ok(Step::Out(number, done)));
        }
        if self.ended {
            return self.next_waiting().map(Ok);
        }
        let (number, made) = match self.read() {
            Some(Ok(read)) => read,
            Some(Err(e)) => {
                self.ended = true;
                return Some(Err(e));
            }
            None => {
                self.ended = true;
                return self.next_waiting().map(Ok);
            }
        };
        if let Some((variant, source)) = made.rules {
            self.file.note_rules(variant, source);
        }
        match made.turn {
            Turn::Done(done) if self.waiting.is_empty() => self.out = Some((number, done)),
            turn => self.waiting.push_back((number, turn)),
        }
        Some(Ok(Step::Read(number, made.said)))
    }
}

/// A [`GameWork`] on the worker threads of [`Parallel`].
struct OnThreads<W>(Arc<W>);

impl<W: GameWork> Work for OnThreads<W> {
    type State = W::State;
    type Item = io::Result<Made<W>>;

    fn state(&self) -> W::State {
        self.0.state()
    }

    fn next<S: Read>(&self, state: &mut W::State, reader: &mut Reader<S>) -> Option<Self::Item> {
        self.0.next(state, reader)
    }

    fn number(&self, item: &mut Self::Item, game: u64) {
        if let Ok(made) = item {
            self.0.number(made, game);
        }
    }
}
