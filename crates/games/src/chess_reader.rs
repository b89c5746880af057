//! The chess word reader of a game, in the game's rules: standard chess (and Chess960) read
//! on shakmaty's `Chess`, whose quick paths apply, or a variant read on its
//! `VariantPosition`; one type for the game reader to hold, whatever the rules.

use chess_notation::{ChessRules, Fate, GameReading, ReadOptions, Step, WordError, WordReader};
use record::Pos;
use shakmaty::Chess;
use shakmaty::variant::VariantPosition;

use super::keep::Keep;

/// A chess word reader in the rules of its game.
pub(crate) enum ChessReader {
    /// Standard chess or Chess960.
    Standard(WordReader<Pos, Chess>),
    /// Another variant.
    Variant(WordReader<Pos, VariantPosition>),
}

/// The fates of the words a reader held back (see [`WordReader::take_fates`]).
pub(crate) enum ChessFates {
    Standard(Vec<Fate<Chess>>),
    Variant(Vec<Fate<VariantPosition>>),
}

/// The end of a game's reading, its end position in the variant's type.
pub(crate) struct ChessFinished {
    pub(crate) result: Result<GameReading<Pos, VariantPosition>, WordError<Pos>>,
    pub(crate) certain: bool,
    pub(crate) fates: ChessFates,
}

/// Runs `$body` on the word reader, whatever its rules.
macro_rules! each {
    ($reader:expr, $r:ident => $body:expr) => {
        match $reader {
            ChessReader::Standard($r) => $body,
            ChessReader::Variant($r) => $body,
        }
    };
}

impl ChessReader {
    /// A reader of a game from `start` (the last game's reader `spare` reused where its
    /// rules are the same); `english`: English algebraic read at once (see
    /// [`WordReader::english`]).
    pub(crate) fn start(
        spare: Option<Box<ChessReader>>,
        start: &VariantPosition,
        from_fen: bool,
        options: &ReadOptions,
        english: bool,
    ) -> Box<ChessReader> {
        match (spare, start) {
            (Some(mut reader), VariantPosition::Chess(start)) => {
                if let ChessReader::Standard(r) = reader.as_mut() {
                    r.restart(start, from_fen, options, english);
                    return reader;
                }
                Box::new(ChessReader::Standard(new_reader(
                    start, from_fen, options, english,
                )))
            }
            (None, VariantPosition::Chess(start)) => Box::new(ChessReader::Standard(new_reader(
                start, from_fen, options, english,
            ))),
            (_, start) => Box::new(ChessReader::Variant(new_reader(
                start, from_fen, options, english,
            ))),
        }
    }

    /// Reads a word, handing the move it makes to `keep` (but for a check, which keeps none).
    #[inline]
    pub(crate) fn word(
        &mut self,
        text: &str,
        number: Option<u32>,
        at: Pos,
        keep: &mut Keep,
    ) -> Step {
        each!(self, r => word_in(r, text, number, at, keep))
    }

    /// Reads a word whose move nothing keeps.
    pub(crate) fn word_unkept(&mut self, text: &str, number: Option<u32>, at: Pos) -> Step {
        each!(self, r => r.word(text, number, at, |_, _| {}))
    }

    pub(crate) fn settled(&self) -> bool {
        each!(self, r => r.settled())
    }

    pub(crate) fn failed(&self) -> bool {
        each!(self, r => r.failed())
    }

    pub(crate) fn start_logging(&mut self) {
        each!(self, r => r.start_logging())
    }

    pub(crate) fn begin_variation(&mut self) {
        each!(self, r => r.begin_variation())
    }

    pub(crate) fn end_variation(&mut self) {
        each!(self, r => r.end_variation())
    }

    pub(crate) fn take_fates(&mut self) -> ChessFates {
        match self {
            ChessReader::Standard(r) => ChessFates::Standard(r.take_fates()),
            ChessReader::Variant(r) => ChessFates::Variant(r.take_fates()),
        }
    }

    /// The end of the game's reading (see [`WordReader::finish`]).
    pub(crate) fn finish(&mut self) -> ChessFinished {
        match self {
            ChessReader::Standard(r) => {
                let done = r.finish();
                ChessFinished {
                    result: done.result.map(|g| g.map_end(VariantPosition::Chess)),
                    certain: done.certain,
                    fates: ChessFates::Standard(done.fates),
                }
            }
            ChessReader::Variant(r) => {
                let done = r.finish();
                ChessFinished {
                    result: done.result,
                    certain: done.certain,
                    fates: ChessFates::Variant(done.fates),
                }
            }
        }
    }
}

fn new_reader<R: ChessRules>(
    start: &R,
    from_fen: bool,
    options: &ReadOptions,
    english: bool,
) -> WordReader<Pos, R> {
    if english {
        WordReader::english(start, from_fen, options)
    } else {
        WordReader::new(start, from_fen, options)
    }
}

#[inline(always)]
fn word_in<R: ChessRules>(
    reader: &mut WordReader<Pos, R>,
    text: &str,
    number: Option<u32>,
    at: Pos,
    keep: &mut Keep,
) -> Step {
    if matches!(keep, Keep::Check) {
        // A check keeps no move: the reader need not make one for it.
        reader.word(text, number, at, |_, _| {})
    } else {
        reader.word(text, number, at, |before, mv| {
            keep.chess_move(before, mv, at, number);
        })
    }
}
