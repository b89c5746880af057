//! Reading games: `read_game(text)` for one, `read_games(source, variant, jobs)` streaming
//! the games of a file, a file object or a text, read on `jobs` threads and handed out in
//! the order of the input.

use std::io::{self, Cursor, Read};
use std::sync::{Arc, Mutex};

use games::{
    AnyGame, DraughtsGame, FileGames, FileVariants, GameError, GameWork, Made, OnePass, ReadGame,
    ReadOptions, Rules, Step, Turn, every_core,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use record::{ReadError, Reader};

use crate::error::{PyGameError, ScoresheetError};
use crate::game::{BadGame, GameRead, PyGame};

/// The bytes of input handed to a reading thread at a time when `jobs` is over 1: a quarter
/// of the command line's chunk, so that both threads work within a fraction of a
/// millisecond (a Python caller takes the games one by one, often of a file of a few MB).
/// In one run alternating the sizes on the shared 1 MB files, `jobs=2` over `jobs=1` went
/// from 1.21 to 1.47 (lichess), 1.74 to 1.75 (TWIC) and 1.23 to 1.59 (Tinsley), with 32 kB
/// and 16 kB no better; the machine's spread from run to run is as large (lichess gave
/// 1.22-1.32 at 64 kB later), so take it as "no worse, often better".
const CHUNK_SIZE: usize = 64 * 1024;

/// The reading of each game where it is read (on the threads of `jobs`): the whole game,
/// its tree kept, or its error.
struct PyWork {
    options: ReadOptions,
}

impl GameWork for PyWork {
    type State = OnePass;
    type Said = ();
    type Done = GameRead;
    type Aside = ();

    fn state(&self) -> OnePass {
        OnePass::new(self.options)
    }

    fn next<R: Read>(
        &self,
        one_pass: &mut OnePass,
        input: &mut Reader<R>,
    ) -> Option<io::Result<Made<Self>>> {
        let read = one_pass.next(input)?;
        let bad = |e: GameError| {
            let text = String::from_utf8_lossy(input.last_game_raw()).into_owned();
            Made {
                rules: None,
                said: (),
                turn: Turn::Done(GameRead::Bad(Box::new(BadGame {
                    error: PyGameError::of(&e),
                    tags: tags_of(&text),
                    text,
                }))),
            }
        };
        Some(Ok(match read {
            Ok(ReadGame::Game(game)) => Made {
                rules: FileVariants::rules_of(&game),
                said: (),
                turn: Turn::of(game, (), |game| GameRead::Good(Arc::new(game))),
            },
            Ok(ReadGame::Bad(e)) => bad(e),
            // The syntax broken beyond reading: the game is bad, at its place, and the
            // reading goes on with the next one.
            Err(ReadError::Syntax { at, message, .. }) => bad(GameError::at(at, message)),
            Err(ReadError::Io(e)) => return Some(Err(e)),
        }))
    }

    fn settled(&self, _number: u64, game: DraughtsGame, _: ()) -> GameRead {
        GameRead::Good(Arc::new(AnyGame::Draughts(game)))
    }
}

/// The tags of a bad game's text, when its syntax reads.
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

/// A Python file object read as bytes: `read(n)` giving `bytes` or `str` (UTF-8 encoded).
struct PyFile {
    file: Py<PyAny>,
    /// What the last `read` gave beyond what the caller took.
    pending: Vec<u8>,
    taken: usize,
}

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.taken == self.pending.len() {
            self.pending = Python::attach(|py| -> PyResult<Vec<u8>> {
                let got = self
                    .file
                    .bind(py)
                    .call_method1("read", (buf.len().max(1),))?;
                if let Ok(bytes) = got.cast::<PyBytes>() {
                    Ok(bytes.as_bytes().to_vec())
                } else if let Ok(text) = got.cast::<PyString>() {
                    Ok(text.to_cow()?.as_bytes().to_vec())
                } else {
                    Err(PyTypeError::new_err("read() gave neither bytes nor str"))
                }
            })
            .map_err(io::Error::other)?;
            self.taken = 0;
        }
        let n = buf.len().min(self.pending.len() - self.taken);
        buf[..n].copy_from_slice(&self.pending[self.taken..self.taken + n]);
        self.taken += n;
        Ok(n)
    }
}

/// An input of games.
type Input = Box<dyn Read + Send>;

/// The games of an input, in its order: an iterator of `Game` (see `read_games`).
#[pyclass(name = "Games", module = "scoresheet")]
pub struct PyGames {
    /// The reading (a lock only for Python's sake: one thread takes the games).
    steps: Mutex<FileGames<Input, PyWork>>,
}

#[pymethods]
impl PyGames {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyGame>> {
        loop {
            let step = py.detach(|| {
                let mut steps = self.steps.lock().unwrap_or_else(|e| e.into_inner());
                steps.next()
            });
            match step {
                None => return Ok(None),
                Some(Ok(Step::Out(_, read))) => return Ok(Some(PyGame { read })),
                Some(Ok(Step::Read(..))) => {}
                Some(Err(e)) => return Err(e.into()),
            }
        }
    }
}

impl PyGames {
    /// Hands each game left to `each`, in order, on this thread (no GIL needed).
    pub fn drain(&self, mut each: impl FnMut(GameRead) -> PyResult<()>) -> PyResult<()> {
        let mut steps = self.steps.lock().unwrap_or_else(|e| e.into_inner());
        for step in &mut *steps {
            if let Step::Out(_, read) = step? {
                each(read)?;
            }
        }
        Ok(())
    }
}

/// The reading options of `variant` (None: each game's own).
fn options(variant: Option<&str>) -> PyResult<ReadOptions> {
    let mut options = ReadOptions::default();
    if let Some(name) = variant {
        let rules: Rules = name.parse().map_err(PyValueError::new_err)?;
        options.rules = Some(rules);
    }
    Ok(options)
}

/// The first game of a PDN or PGN text. `variant`: the rules (`chess`, `american`,
/// `international`, ...) when the text does not say. A bad game is a game with `.error`;
/// a text with no game at all raises ScoresheetError.
#[pyfunction]
#[pyo3(signature = (text, variant=None))]
pub fn read_game(py: Python<'_>, text: &str, variant: Option<&str>) -> PyResult<PyGame> {
    let work = PyWork {
        options: options(variant)?,
    };
    let input: Input = Box::new(Cursor::new(text.as_bytes().to_vec()));
    let games = PyGames {
        steps: Mutex::new(FileGames::new(input, work, 1)),
    };
    games
        .__next__(py)?
        .ok_or_else(|| ScoresheetError::new_err("no game in the text"))
}

/// Every game of `source`, in order, as an iterator: `source` is a path (str or
/// os.PathLike), a file object opened in text or binary mode, or bytes. `variant`: the
/// rules when a game does not say. `jobs`: threads reading (None or 1: this one; 0: every
/// core). A bad game is a game with `.error`; reading goes on with the next one.
#[pyfunction]
#[pyo3(signature = (source, variant=None, jobs=None))]
pub fn read_games(
    source: &Bound<'_, PyAny>,
    variant: Option<&str>,
    jobs: Option<usize>,
) -> PyResult<PyGames> {
    let mut options = options(variant)?;
    let input: Input = if let Ok(bytes) = source.cast::<PyBytes>() {
        Box::new(Cursor::new(bytes.as_bytes().to_vec()))
    } else if source.hasattr("read")? {
        Box::new(PyFile {
            file: source.clone().unbind(),
            pending: Vec::new(),
            taken: 0,
        })
    } else {
        let path: std::path::PathBuf = source.extract()?;
        // As the command line reads a file: a `.pgn` file leans to chess for the games
        // that do not show their family (no moves, no FEN).
        options.prefer_chess = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
        Box::new(std::fs::File::open(path)?)
    };
    let work = PyWork { options };
    let jobs = match jobs {
        Some(0) => every_core(),
        Some(n) => n,
        None => 1,
    };
    Ok(PyGames {
        steps: Mutex::new(FileGames::chunked(input, work, jobs, CHUNK_SIZE)),
    })
}
