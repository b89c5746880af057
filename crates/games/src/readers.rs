//! The readers of games for callers, all down the one reading path
//! ([`GameReader`](super::game_reader)): [`OnePass`] gives each game whole (its tree with
//! every move, side line and comment), [`Checker`] what a check reports (no tree, so that
//! memory goes with the text of a game, not the number of its moves), and
//! [`AnyGame::read`](super::AnyGame::read) reads a game already read into a tree.

use draughts::Variant;
use record::{Game, ReadError, Reader};

use super::any_game::AnyGame;
use super::chess_game::ChessGame;
use super::draughts_game::DraughtsGame;
use super::error::GameError;
use super::keep::{Keep, Kept};
use super::options::{ChessReadOptions, ReadOptions};
use super::reading::Reading;
use super::rules::Rules;

/// What reading one game gave.
pub enum ReadGame {
    /// A game read and replayed.
    Game(Box<AnyGame>),
    /// A game that is not good: its error has its place in the file.
    Bad(GameError),
}

/// Reads the next game of `reader`: `None` at the end of the input. Syntax errors come back
/// as [`ReadError::Syntax`]; errors of the moves as [`ReadGame::Bad`].
///
/// ```
/// use games::{OnePass, ReadGame, ReadOptions};
/// let mut reader = record::Reader::from_str("1. 11-15 23-19 *\n\n1. e4 e5 2. Nf3 *");
/// let mut one_pass = OnePass::new(ReadOptions::default());
/// let mut families = Vec::new();
/// while let Some(read) = one_pass.next(&mut reader) {
///     match read.unwrap() {
///         ReadGame::Game(g) => families.push(g.rules().name()),
///         ReadGame::Bad(e) => panic!("{e}"),
///     }
/// }
/// assert_eq!(families, ["american", "chess"]);
/// ```
pub struct OnePass {
    reading: Reading,
}

impl OnePass {
    /// A reader of games with `options`.
    pub fn new(options: ReadOptions) -> OnePass {
        OnePass {
            reading: Reading::new(options, Keep::tree()),
        }
    }

    /// How many games so far were read twice: their first move pointed to a family or
    /// variant that the rest of the game did not bear out, and they were read again with
    /// every candidate reading.
    pub fn fallbacks(&self) -> u64 {
        self.reading.again
    }

    /// The next game, or `None` at the end.
    pub fn next<R: std::io::Read>(
        &mut self,
        reader: &mut Reader<R>,
    ) -> Option<Result<ReadGame, ReadError>> {
        Some(self.reading.next(reader)?.map(|read| match read {
            Ok((game, _)) => ReadGame::Game(game),
            Err(e) => ReadGame::Bad(e),
        }))
    }
}

/// What checking one game gave: see [`Checker`].
#[derive(Debug)]
pub enum Checked {
    /// A game that replays.
    Good {
        /// What the rules read of the game: its family and variant, the tags the rules read
        /// (GameType, FEN, Variant, Result, SetUp), its result, its start and end positions,
        /// and its warnings. Its moves, side lines, comments and other tags are not kept.
        game: Box<AnyGame>,
        /// The number of moves (plies) of its main line.
        plies: usize,
    },
    /// A game that is not good: its error has its place in the file.
    Bad(GameError),
}

/// A reader of games for checking them only: each game is replayed and reported as
/// [`OnePass`] replays and reports it (same rules, plies, end position, result, errors and
/// warnings), but what it keeps of a game is only what a check reports: no tree of moves, no
/// comments, NAGs, escape lines or tags other than those the rules read. Its memory so goes
/// with the text of the game being read, not with the number of its moves.
///
/// ```
/// use games::{Checked, Checker, ReadOptions};
/// let text = "[Event \"x\"]\n[Result \"1-0\"]\n1. e4 $1 {best} (1. d4 d5) e5 ! 1-0";
/// let mut reader = record::Reader::from_str(text);
/// let mut checker = Checker::new(ReadOptions::default());
/// let Some(Ok(Checked::Good { game, plies })) = checker.next(&mut reader) else { panic!() };
/// let games::AnyGame::Chess(game) = *game else { panic!() };
/// assert_eq!(plies, 2);
/// assert_eq!(game.game.tags.get("Event"), None);
/// assert_eq!(game.result_text(), Some("1-0"));
/// assert!(game.game.moves.nodes.is_empty());
/// ```
pub struct Checker {
    reading: Reading,
}

impl Checker {
    /// A reader of games with `options`, for checking them.
    pub fn new(options: ReadOptions) -> Checker {
        Checker {
            reading: Reading::new(options, Keep::Check),
        }
    }

    /// The next game, or `None` at the end.
    pub fn next<R: std::io::Read>(
        &mut self,
        reader: &mut Reader<R>,
    ) -> Option<Result<Checked, ReadError>> {
        Some(self.reading.next(reader)?.map(|read| match read {
            Ok((game, plies)) => Checked::Good { game, plies },
            Err(e) => Checked::Bad(e),
        }))
    }

    /// How many games so far were read twice (see [`OnePass::fallbacks`]).
    pub fn fallbacks(&self) -> u64 {
        self.reading.again
    }
}

impl AnyGame {
    /// Reads a game of either family.
    ///
    /// The family comes from the `GameType` tag (0 is chess), else from `options.rules`, else
    /// from the game itself: chess when it has a chess `Variant` or FEN tag or its moves look
    /// like chess (piece letters, castling, a lone destination square); draughts otherwise.
    /// A game whose moves could be either (`a3b4` is a draughts move and UCI chess) is tried
    /// as draughts first, then as chess.
    ///
    /// ```
    /// use games::{AnyGame, ReadOptions};
    /// let read = |t: &str| AnyGame::read(record::read_games(t).remove(0).unwrap(), &ReadOptions::default());
    /// assert!(matches!(read("1. e4 e5 2. Nf3 *"), Ok(AnyGame::Chess(_))));
    /// assert!(matches!(read("1. 11-15 23-19 *"), Ok(AnyGame::Draughts(_))));
    /// assert!(matches!(read("g1f3 c7c5 e2e4 *"), Ok(AnyGame::Chess(_))));
    /// ```
    pub fn read(game: Game<String>, options: &ReadOptions) -> Result<AnyGame, GameError> {
        let mut reading = Reading::new(*options, Keep::tree());
        reading.tree(&game).map(|(g, _)| *g)
    }
}

impl DraughtsGame {
    /// Replays a game read by `record`.
    ///
    /// The rules come from the GameType tag, else from a Variant tag that names a draughts
    /// variant (the draughts sites' exports, see [`draughts_variant_named`](crate::draughts_variant_named)), else from
    /// `selected`, else they are inferred: the board from the squares of the FEN and the
    /// moves, then the first variant under which every move replays (American first for
    /// numbered squares on 8×8). The start is the FEN tag's position, or the variant's
    /// initial position.
    ///
    /// ```
    /// use games::DraughtsGame;
    /// let game = record::read_games("[Result \"1-0\"]\n1. 11-15 23-19 2. 8-11 22-17 1-0").remove(0).unwrap();
    /// let game = DraughtsGame::read(game, None).unwrap();
    /// assert_eq!(game.variant.name, "american");
    /// assert_eq!(game.winner(), Some(draughts::Color::Black));
    /// ```
    pub fn read(game: Game<String>, selected: Option<Variant>) -> Result<DraughtsGame, GameError> {
        let options = ReadOptions {
            rules: selected.map(Rules::Draughts),
            ..ReadOptions::default()
        };
        let mut reading = Reading::new(options, Keep::tree());
        reading.reader.only = Some(Kept::Draughts);
        match *reading.tree(&game)?.0 {
            AnyGame::Draughts(g) => Ok(g),
            AnyGame::Chess(_) => Err(GameError::at(game.at, "not a draughts game")),
        }
    }
}

impl ChessGame {
    /// Reads and replays a game: the start from its FEN tag (X-FEN and Shredder-FEN too), the
    /// moves in the notation and language they are written in (detected, unless `options`
    /// force them), side lines in the same notation.
    ///
    /// ```
    /// use games::{ChessGame, ChessReadOptions};
    /// let game = record::read_games("1. e4 e5 2. Ac4 Cc6 3. Dh5 Cf6 4. Dxf7++ 1-0").remove(0).unwrap();
    /// let game = ChessGame::read(game, &ChessReadOptions::default()).unwrap();
    /// assert_eq!(game.language.code(), "es");
    /// assert!(shakmaty::Position::is_checkmate(&game.end));
    /// ```
    pub fn read(game: Game<String>, options: &ChessReadOptions) -> Result<ChessGame, GameError> {
        let options = ReadOptions {
            rules: Some(Rules::Chess),
            chess: *options,
            ..ReadOptions::default()
        };
        let mut reading = Reading::new(options, Keep::tree());
        reading.reader.only = Some(Kept::Chess);
        match *reading.tree(&game)?.0 {
            AnyGame::Chess(g) => Ok(g),
            AnyGame::Draughts(_) => Err(GameError::at(game.at, "not a chess game")),
        }
    }
}
