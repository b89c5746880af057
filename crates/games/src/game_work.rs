//! The work done on each game of a file where it is read (a check's report, a game's text in
//! another notation, a table's rows), as [`FileGames`](super::FileGames) takes it.

use std::io::Read;

use draughts::Variant;
use record::Reader;

use super::any_game::AnyGame;
use super::draughts_game::DraughtsGame;
use super::variant_source::VariantSource;

/// What is done with each game of a file: read where the game is read (on this thread or on
/// a worker thread, see [`FileGames`](super::FileGames)), giving what is said of the game at
/// once and what comes out in its turn.
///
/// A game that several draughts variants replay is handed back as [`Turn::Open`]: it waits
/// for the rest of the file to decide its variant (see [`FileVariants`](super::FileVariants)),
/// and [`GameWork::settled`] makes what comes out of it then.
pub trait GameWork: Send + Sync + 'static {
    /// What a thread keeps from game to game: its reader of games (a [`Checker`](super::Checker),
    /// a [`Converter`](super::Converter), a [`OnePass`](super::OnePass)).
    type State;
    /// What is said of a game as soon as it is read, in the order of the input, even while
    /// the games before it wait (its warnings, its error).
    type Said: Send + 'static;
    /// What comes out of a game in its turn (a report, a text, rows).
    type Done: Send + 'static;
    /// What is kept beside a game that waits, to finish it with (the moves of its main line).
    type Aside: Send + 'static;

    /// A thread's state (made once per thread that reads).
    fn state(&self) -> Self::State;

    /// Reads the next game of `input` and says what it gave; `None` at the end of the input,
    /// an error of the input as `Err`. The game's number is `input.game_count()`: on a worker
    /// thread, its number within its chunk (see [`GameWork::number`]).
    fn next<R: Read>(
        &self,
        state: &mut Self::State,
        input: &mut Reader<R>,
    ) -> Option<std::io::Result<Made<Self>>>;

    /// Gives what a worker thread made of a game the number of the game in the whole input
    /// (1 for the first), for a work whose [`Made`] carries it.
    fn number(&self, made: &mut Made<Self>, game: u64) {
        let _ = (made, game);
    }

    /// What comes out of game `number`, a game that waited, once the file has decided what it
    /// could of its variant (`game` is settled, see [`FileVariants::settle`](super::FileVariants::settle)).
    fn settled(&self, number: u64, game: DraughtsGame, aside: Self::Aside) -> Self::Done;
}

/// What a [`GameWork`] made of one game where it was read.
pub struct Made<W: GameWork + ?Sized> {
    /// The game's variant and where it came from, for a draughts game with moves (see
    /// [`FileVariants::rules_of`](super::FileVariants::rules_of)): what decides the file's
    /// games that wait.
    pub rules: Option<(&'static Variant, VariantSource)>,
    /// What is said of the game at once.
    pub said: W::Said,
    /// What comes out of it in its turn, or the game waiting.
    pub turn: Turn<W::Done, W::Aside>,
}

/// What comes out of a game in its turn, or the game waiting for the file to decide.
#[derive(Debug)]
pub enum Turn<D, A> {
    /// What the game gives, decided where it was read.
    Done(D),
    /// A draughts game that several variants replay (see [`DraughtsGame::others`]), and what
    /// is kept beside it: it waits, and so do the games after it, until the end of the file.
    Open(Box<DraughtsGame>, A),
}

impl<D, A> Turn<D, A> {
    /// `game` waiting, if several variants replay it (with `aside` beside it); else what
    /// `done` makes of it.
    ///
    /// ```
    /// use games::{AnyGame, ReadOptions, Turn};
    /// let read = |t: &str| Box::new(AnyGame::read(record::read_games(t).remove(0).unwrap(), &ReadOptions::default()).unwrap());
    /// let name = |g: AnyGame| g.rules().name();
    /// assert!(matches!(Turn::of(read("1. e4 e5 *"), (), name), Turn::Done("chess")));
    /// // Brazilian and Russian rules both replay this one.
    /// assert!(matches!(Turn::of(read("1. c3-d4 f6-g5 2. d4-e5 *"), (), name), Turn::Open(..)));
    /// ```
    pub fn of(game: Box<AnyGame>, aside: A, done: impl FnOnce(AnyGame) -> D) -> Turn<D, A> {
        match *game {
            AnyGame::Draughts(g) if !g.others.is_empty() => Turn::Open(Box::new(g), aside),
            game => Turn::Done(done(game)),
        }
    }
}
