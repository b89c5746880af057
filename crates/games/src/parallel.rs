//! Checking and converting the games of one input on several threads, with what each game
//! gave handed out in the order of the input (see [`record::parallel`]).

use std::io::Read;

use draughts::Variant;
use record::parallel::{Parallel, Work};
use record::{ReadError, Reader};

use super::VariantSource;
use super::{Checked, Checker, ConvertStyle, Converted, Converter, GameError, ReadOptions};

/// Chunks of about this many bytes go to the threads: large enough that a thread's work on
/// one outweighs handing it over, small enough that a few per thread stay in memory.
pub const CHUNK_SIZE: usize = 256 * 1024;

/// The number of threads that use every core of this machine.
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Checks the games of `input` on `jobs` threads: the games in the order of the input, each
/// with its number and what [`Checker`] says of it, the same as one [`Checker`] gives. The
/// outer error is one of the input.
///
/// ```
/// use games::{Checked, ReadOptions, check_in_parallel};
///
/// let text = "[Event \"a\"]\n1. e4 e5 1-0\n\n[GameType \"20\"]\n1. 32-28 19-23 *\n\n".repeat(100);
/// let mut good = 0;
/// for item in check_in_parallel(text.as_bytes(), ReadOptions::default(), 2) {
///     let (number, checked) = item?;
///     assert!(matches!(checked, Ok(Checked::Good { .. })), "game {number}");
///     good += 1;
/// }
/// assert_eq!(good, 200);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn check_in_parallel<R: Read>(
    input: R,
    options: ReadOptions,
    jobs: usize,
) -> Parallel<R, CheckWork> {
    Parallel::new(input, CheckWork { options }, jobs, CHUNK_SIZE)
}

/// [`Checker`]'s work on a chunk, for [`check_in_parallel`].
pub struct CheckWork {
    options: ReadOptions,
}

impl Work for CheckWork {
    type State = Checker;
    type Item = Result<Checked, ReadError>;

    fn state(&self) -> Checker {
        Checker::new(self.options)
    }

    fn next(&self, checker: &mut Checker, reader: &mut Reader<&[u8]>) -> Option<Self::Item> {
        checker.next(reader)
    }

    fn number(&self, item: &mut Self::Item, game: u64) {
        renumber(item, game);
    }
}

/// Gives a syntax error the number of its game in the whole input.
fn renumber<T>(item: &mut Result<T, ReadError>, game: u64) {
    if let Err(ReadError::Syntax { game_number, .. }) = item {
        *game_number = game;
    }
}

/// What converting one game gave, with what [`Converter`] says of it after reading it.
#[derive(Debug)]
pub struct ConvertedGame {
    /// What [`Converter::next`] gave.
    pub read: Result<Converted, ReadError>,
    /// [`Converter::last_warnings`].
    pub warnings: Vec<GameError>,
    /// [`Converter::last_rules`].
    pub rules: Option<(Variant, VariantSource)>,
    /// The game's text as in the input, for a game that is not good (to pass it through).
    pub raw: Option<Vec<u8>>,
}

impl ConvertedGame {
    /// Converts the next game of `reader` with `converter`; `None` at the end.
    pub fn next<R: Read>(
        converter: &mut Converter,
        reader: &mut Reader<R>,
    ) -> Option<ConvertedGame> {
        let read = converter.next(reader)?;
        let bad = matches!(read, Err(ReadError::Syntax { .. }) | Ok(Converted::Bad(_)));
        Some(ConvertedGame {
            read,
            warnings: converter.last_warnings().to_vec(),
            rules: converter.last_rules(),
            raw: bad.then(|| reader.last_game_raw().to_vec()),
        })
    }
}

/// Converts the games of `input` on `jobs` threads to `style`: the games in the order of
/// the input, each with its number, the same as one [`Converter`] gives.
///
/// ```
/// use games::{ConvertStyle, Converted, ReadOptions, convert_in_parallel};
///
/// let text = "[GameType \"21\"]\n1. 11-15 24-20 *\n\n".repeat(50);
/// let style = ConvertStyle { full_path: true, ..ConvertStyle::default() };
/// let games: Vec<_> = convert_in_parallel(text.as_bytes(), ReadOptions::default(), style, 2)
///     .collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 50);
/// let Ok(Converted::Text(last)) = &games[49].1.read else { panic!() };
/// assert!(last.contains("1. 11-15 24-20 *"));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn convert_in_parallel<R: Read>(
    input: R,
    options: ReadOptions,
    style: ConvertStyle,
    jobs: usize,
) -> Parallel<R, ConvertWork> {
    Parallel::new(input, ConvertWork { options, style }, jobs, CHUNK_SIZE)
}

/// [`Converter`]'s work on a chunk, for [`convert_in_parallel`].
pub struct ConvertWork {
    options: ReadOptions,
    style: ConvertStyle,
}

impl Work for ConvertWork {
    type State = Converter;
    type Item = ConvertedGame;

    fn state(&self) -> Converter {
        Converter::new(self.options, self.style.clone())
    }

    fn next(&self, converter: &mut Converter, reader: &mut Reader<&[u8]>) -> Option<ConvertedGame> {
        ConvertedGame::next(converter, reader)
    }

    fn number(&self, item: &mut ConvertedGame, game: u64) {
        renumber(&mut item.read, game);
    }
}
