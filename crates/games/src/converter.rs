//! Converting games to another notation: [`ConvertStyle`] says how, [`Converter`] reads each
//! game down the one reading path and writes it as it is read (see
//! [`Writing`](super::writing::Writing)), so that no tree of the game is built and memory goes
//! with the text of the game, not its moves.

use draughts::Variant;
use record::{ReadError, Reader};

use super::any_game::AnyGame;
use super::convert_style::ConvertStyle;
use super::draughts_game::DraughtsGame;
use super::error::GameError;
use super::file_variants::FileVariants;
use super::keep::Keep;
use super::options::ReadOptions;
use super::reading::Reading;
use super::variant_source::VariantSource;
use super::writing::Writing;

/// What converting one game gave.
#[derive(Debug)]
pub enum Converted {
    /// The game written in the new notation: tags, movetext, result and a blank line.
    Text(String),
    /// A draughts game that several variants replay (see [`DraughtsGame::others`]), written
    /// as read, undecided; a caller that knows more (the rest of the file, see
    /// [`FileVariants`](super::FileVariants)) settles it and writes it with
    /// [`Converter::write`].
    Open {
        /// The game written as read.
        text: String,
        /// The game, with its readings under the other variants.
        game: Box<DraughtsGame>,
    },
    /// A game that is not good: its error has its place in the file.
    Bad(GameError),
}

/// Reads games and writes each in the notation of a [`ConvertStyle`]: the same text as
/// reading it with [`OnePass`](super::OnePass) and writing it with [`DraughtsGame::write`] or
/// [`ChessGame::write`](super::ChessGame::write), but written while the game is read, without
/// a tree of its moves (save a draughts game that several variants replay, whose readings are
/// kept for the rest of the file to decide).
///
/// ```
/// use games::{ConvertStyle, Converted, Converter, ReadOptions};
/// let mut style = ConvertStyle::default();
/// style.chess = chess_notation::WriteOptions::new(chess_notation::Notation::Uci, chess_notation::Language::English);
/// let mut converter = Converter::new(ReadOptions::default(), style);
/// let mut reader = record::Reader::from_str("[Event \"x\"]\n1. e4 {best} e5 2. Nf3 (2. f4) 1-0");
/// let Some(Ok(Converted::Text(text))) = converter.next(&mut reader) else { panic!() };
/// assert_eq!(text, "[Event \"x\"]\n\n1. e2e4 {best} 1... e7e5 2. g1f3 (2. f2f4) 1-0\n\n");
/// ```
pub struct Converter {
    reading: Reading,
    style: ConvertStyle,
    /// The rules of the last game read, if it was a draughts game that replays.
    last_rules: Option<(&'static Variant, VariantSource)>,
    /// The warnings of the last game read, and what writing it changed in its result.
    last_warnings: Vec<GameError>,
}

impl Converter {
    /// A converter of games read with `options` to `style`.
    pub fn new(options: ReadOptions, style: ConvertStyle) -> Converter {
        Converter {
            reading: Reading::new(options, Keep::Write(Box::new(Writing::new(style.clone())))),
            style,
            last_rules: None,
            last_warnings: Vec::new(),
        }
    }

    /// The next game, or `None` at the end.
    pub fn next<R: std::io::Read>(
        &mut self,
        reader: &mut Reader<R>,
    ) -> Option<Result<Converted, ReadError>> {
        let read = self.reading.next(reader)?;
        self.last_warnings = match &read {
            Ok(Ok((game, _))) => Converter::warnings(game),
            _ => Vec::new(),
        };
        self.last_rules = match &read {
            Ok(Ok((game, _))) => FileVariants::rules_of(game),
            _ => None,
        };
        Some(read.map(|read| match read {
            Ok((game, _)) => match *game {
                AnyGame::Draughts(g) if !g.others.is_empty() => Converted::Open {
                    text: self.write(&AnyGame::Draughts(g.clone())),
                    game: Box::new(g),
                },
                game => Converted::Text(self.written(&game)),
            },
            Err(e) => Converted::Bad(e),
        }))
    }

    /// The text of `game`, written while it was read.
    fn written(&mut self, game: &AnyGame) -> String {
        match &mut self.reading.reader.keep {
            Keep::Write(w) => w.finish(game),
            // A converter keeps what a writer keeps.
            _ => self.write(game),
        }
    }

    /// The variant of the last game read and where it came from, if it was a draughts game
    /// with moves that replays: what [`FileVariants::note_rules`](super::FileVariants::note_rules)
    /// takes.
    pub fn last_rules(&self) -> Option<(&'static Variant, VariantSource)> {
        self.last_rules
    }

    /// The warnings of the last game read (see [`Converter::warnings`]).
    pub fn last_warnings(&self) -> &[GameError] {
        &self.last_warnings
    }

    /// What a converter says about `game` as it writes it: the game's warnings, and the
    /// result written in another form (see [`DraughtsGame::result_rewritten`]).
    pub fn warnings(game: &AnyGame) -> Vec<GameError> {
        let mut out = game.warnings().to_vec();
        if let AnyGame::Draughts(g) = game {
            out.extend(g.result_rewritten());
        }
        out
    }

    /// A game written in this converter's style.
    pub fn write(&self, game: &AnyGame) -> String {
        self.style.write(game)
    }

    /// How many games so far were read twice (see
    /// [`OnePass::fallbacks`](super::OnePass::fallbacks)).
    pub fn fallbacks(&self) -> u64 {
        self.reading.again
    }
}
