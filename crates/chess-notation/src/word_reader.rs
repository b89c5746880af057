//! Reading a chess game's move words one at a time, as a game record streams past: the one
//! way a game's moves are read (the line readers [`read_line`](crate::read_line) and
//! [`read_line_from`](crate::read_line_from) read the stretches it holds back).
//!
//! Most games are read word by word: each word becomes its move at once. Two things need to
//! see more than one word, and are held back until they can be settled:
//!
//! - the notation and language are learnt from the main line's first stretch (up to a null
//!   move), as [`read_line`](crate::read_line) learns them: unless the caller knows them,
//!   that stretch and its side lines are held until it ends, then read;
//! - a descriptive word may fit several moves that the following words decide (`PxP`): a
//!   line read in descriptive notation is held until it ends.
//!
//! The side lines of a line held back are read once it is read, from the position before the
//! move they replace, as a game's tree is read: a line's own moves first, then its side
//! lines. Errors are ordered so: any error of a line's own moves comes before any error in its
//! side lines, and within a stretch of moves a move that does not read comes before a claim of
//! the text that does not hold (`+` without check, a move number that skips one; errors only
//! when the reader is strict).
//!
//! Words written apart from their move are joined to it (`C5D ++`, `castles K`, see
//! [`loose_word`](crate::loose_word)); a bare move number where the next move's number is due
//! (`8 P3D`) is dropped, unless a side line follows it.

use shakmaty::{Chess, Move};

use crate::ChessRules;

use crate::claims;
use crate::descriptive::Origins;
use crate::detect::{ShapeTally, alone_with};
use crate::forced::{only_algebraic, read_first_stretch};
use crate::game_move::{ChessMove, first_ply, is_null_move};
use crate::language::LetterSet;
use crate::last_word::LastWord;
use crate::line::read_line_from;
use crate::look_back::LookBack;
use crate::loose_words::{LooseWord, loose_word, may_be_loose};
use crate::numbering::{NumberCheck, Numbering};
use crate::san_read;
use crate::{Language, LanguageSet, LineErrorReason, Notation, ReadOptions};

/// Where a word stands in the game, as the caller places it (its line and column, say): given
/// with each word and handed back with what is said about it.
pub trait Place: Copy + std::fmt::Debug {}

impl<T: Copy + std::fmt::Debug> Place for T {}

/// What is said about one move of the game: an error, or a warning (a claim of its text that
/// does not hold). It names the move as a score sheet does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordError<P> {
    /// Where the move's word is, as the caller placed it.
    pub place: P,
    /// The 1-based index of the move among the game's plies (a side line counts from the
    /// move it replaces).
    pub ply: usize,
    /// The move number a score sheet shows.
    pub number: u32,
    /// Whether it is the second mover's move of that number (written `9...`).
    pub second: bool,
    /// The move as written (with the words joined to it).
    pub word: String,
    /// What is wrong.
    pub reason: LineErrorReason,
    /// The moves it could be, for a move that several fit.
    pub candidates: Vec<Move>,
}

impl<P> WordError<P> {
    /// What is wrong, in words a player understands: the reason, the moves a word could be,
    /// and for a bare number, where a move number would be one.
    pub fn message(&self) -> String {
        let mut message = self.reason.to_string();
        if !self.candidates.is_empty() && !message.contains(" or ") {
            let list: Vec<String> = self.candidates.iter().map(|m| m.to_string()).collect();
            message.push_str(&format!(" (candidates: {})", list.join(", ")));
        }
        if matches!(self.reason, LineErrorReason::Move(_))
            && !self.word.is_empty()
            && self.word.bytes().all(|b| b.is_ascii_digit())
        {
            message.push_str(&format!(
                "; a number without a dot is a move number only where move {} comes",
                self.number
            ));
        }
        message
    }
}

/// What became of a word once it is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate<R = Chess> {
    /// The word is this move (or null move), made from `before`.
    Move {
        /// The move.
        mv: ChessMove,
        /// The position before it.
        before: R,
    },
    /// The word belongs to the move before it (`++` after `DxPA`, `K` after `castles`).
    Joined,
    /// The word is a move number, or stands in a line that failed: no move.
    None,
}

/// What reading a word did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The word is a move, handed to the caller's function with the position before it.
    Played,
    /// The word belongs to the move before it.
    Joined,
    /// What the word is is not known yet: the reader holds it back (see
    /// [`WordReader::take_fates`]).
    Pending,
    /// The game cannot be read from here on: [`WordReader::finish`] says why.
    Failed,
}

/// What the reader made of a game: how it was written, where its main line ends, and the
/// claims of its text that do not hold.
#[derive(Clone, Debug)]
pub struct GameReading<P, R = Chess> {
    /// The notation of the main line.
    pub notation: Notation,
    /// The language of its piece letters.
    pub language: Language,
    /// Every language that reads it the same way.
    pub languages: LanguageSet,
    /// The position after the main line.
    pub end: R,
    /// The moves (and null moves) of the main line.
    pub plies: usize,
    /// Claims of the text that do not hold, in the order of the text.
    pub warnings: Vec<WordError<P>>,
}

impl<P, R> GameReading<P, R> {
    /// The same reading with its end position in another type (a standard chess game's
    /// end as a [`VariantPosition`](shakmaty::variant::VariantPosition), say).
    pub fn map_end<T>(self, f: impl FnOnce(R) -> T) -> GameReading<P, T> {
        GameReading {
            notation: self.notation,
            language: self.language,
            languages: self.languages,
            end: f(self.end),
            plies: self.plies,
            warnings: self.warnings,
        }
    }
}

/// The end of a game's reading.
#[derive(Clone, Debug)]
pub struct Finished<P, R = Chess> {
    /// The reading, or the game's error.
    pub result: Result<GameReading<P, R>, WordError<P>>,
    /// Whether the answer stands: `false` when the reader read English at once
    /// ([`WordReader::english`]) and another reading might read the game otherwise (a word
    /// English does not read, or letters another language reads differently); the caller
    /// then reads the game again with [`WordReader::new`].
    pub certain: bool,
    /// The fates of the words kept (see [`WordReader::start_logging`]), in their order.
    pub fates: Vec<Fate<R>>,
}

/// The stage of the reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The main line's first stretch teaches the reading: the main line is held back until
    /// it ends.
    Learning,
    /// English algebraic, read at once; whether it was the only reading is told at the end.
    English,
    /// The reading is known.
    Known,
}

/// A move word as the reader looks at it: its text, the move number written before it, its
/// place, and its number among the words heard.
#[derive(Clone, Copy, Debug)]
struct Node<'t, P> {
    text: &'t str,
    number: Option<u32>,
    place: P,
    seq: usize,
    /// The word is a null move.
    null: bool,
}

impl<P: Copy> Node<'_, P> {
    fn recorded(&self) -> Recorded<P> {
        Recorded {
            text: self.text.to_string(),
            number: self.number,
            place: self.place,
            seq: self.seq,
        }
    }
}

/// A move word recorded in a line held back.
#[derive(Clone, Debug)]
struct Recorded<P> {
    text: String,
    number: Option<u32>,
    place: P,
    seq: usize,
}

impl<P: Copy> Recorded<P> {
    fn node(&self) -> Node<'_, P> {
        Node {
            text: &self.text,
            number: self.number,
            place: self.place,
            seq: self.seq,
            null: is_null_move(&self.text),
        }
    }
}

/// What a line held back records, in the order of the text: its nodes and its side lines'.
#[derive(Clone, Debug)]
enum Rec<P> {
    Node(Recorded<P>),
    Begin,
    End,
}

/// How a line is read.
// A reader has a handful of lines open at once: their size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
enum Kind<P, R> {
    /// Word by word, from a position.
    Live { pos: R, back: LookBack<R> },
    /// Held back until it ends, from its start.
    Held {
        start: R,
        origins: Origins,
        recs: Vec<Rec<P>>,
    },
    /// A side line within a line held back: recorded there.
    Within,
    /// A line whose words are no longer read (it, or the line it stands in, failed).
    Skipped,
}

/// A bare number word waiting for what follows: dropped before a word or the line's end, a
/// move (to be refused) before a side line.
#[derive(Clone, Debug)]
struct HeldNumber<P> {
    text: String,
    number: Option<u32>,
    place: P,
    seq: usize,
}

/// An open line.
#[derive(Debug)]
struct Frame<P, R> {
    kind: Kind<P, R>,
    main: bool,
    /// The 0-based index of its first move among the game's plies.
    offset: usize,
    /// Its moves (and null moves) so far.
    nodes: usize,
    /// The text of its last node, with the words joined to it.
    prev: LastWord,
    prev_null: bool,
    /// Where its last node was recorded, in a line held back.
    last_rec: Option<usize>,
    /// Its last move read at once, with its place and the index of the warning it gave:
    /// looked at again when a word joins it (`e4 +`).
    last_move: Option<(Move, P, Option<usize>)>,
    held_number: Option<HeldNumber<P>>,
    /// The error of its own moves (a move that does not read ends the line).
    own_error: Option<WordError<P>>,
    /// A claim that does not hold, when strict, or a word not in the notation forced: an
    /// error once the stretch's moves read.
    pending: Option<WordError<P>>,
    /// The first error of its side lines.
    sub_error: Option<WordError<P>>,
}

impl<P: Place, R> Frame<P, R> {
    fn new(kind: Kind<P, R>, main: bool, offset: usize) -> Frame<P, R> {
        Frame {
            kind,
            main,
            offset,
            nodes: 0,
            prev: LastWord::default(),
            prev_null: false,
            last_rec: None,
            last_move: None,
            held_number: None,
            own_error: None,
            pending: None,
            sub_error: None,
        }
    }

    /// The line's error: its own moves' first, then its side lines'.
    fn error(&mut self) -> Option<WordError<P>> {
        self.own_error
            .take()
            .or_else(|| self.pending.take())
            .or_else(|| self.sub_error.take())
    }
}

/// The moves of a main line's first stretch held back while its notation is learnt, at most,
/// when they read in an algebraic notation (see [`WordReader::learn_early`]).
const LEARNT_FROM: usize = 4096;

/// Reads a chess game's move words one at a time (see the module's documentation).
///
/// ```
/// use chess_notation::{ReadOptions, Step, WordReader};
/// use shakmaty::Chess;
///
/// let options = ReadOptions::default();
/// let mut reader: WordReader<usize> = WordReader::english(&Chess::default(), false, &options);
/// let mut moves = Vec::new();
/// for (i, word) in ["e4", "e5", "Nf3", "Nc6"].iter().enumerate() {
///     let step = reader.word(word, None, i, |_, m| moves.push(m.clone()));
///     assert_eq!(step, Step::Played);
/// }
/// let done = reader.finish();
/// assert!(done.certain);
/// assert_eq!(done.result.unwrap().plies, 4);
/// assert_eq!(moves.len(), 4);
/// ```
#[derive(Debug)]
pub struct WordReader<P: Place, R: ChessRules = Chess> {
    start: R,
    start_abs: u32,
    options: ReadOptions,
    only: Option<Notation>,
    stage: Stage,
    /// The reading, once known (at once for English).
    known: Option<(Notation, Language, LanguageSet)>,
    frames: Vec<Frame<P, R>>,
    /// Words heard so far.
    seq: usize,
    /// The fates of the words from `fates_base` on, while they are kept.
    fates: Vec<Option<Fate<R>>>,
    fates_base: usize,
    logging: bool,
    numbering: Numbering,
    /// Numbers of side lines met before the main line said where its numbers start.
    unsettled: Vec<(u32, usize, P, String, u32)>,
    warnings: Vec<WordError<P>>,
    /// English at once: the letters and forms of the main line's first stretch, and whether
    /// one of its moves did not read in English.
    used: LetterSet,
    shapes: ShapeTally,
    english_failed: bool,
    /// The main line's first stretch is over.
    stretch_over: bool,
    /// The main line's end and plies, once read.
    end: Option<R>,
    plies: usize,
}

impl<P: Place, R: ChessRules> WordReader<P, R> {
    /// A reader of a game from `start` (given by a FEN tag when `from_fen`, which says where
    /// its move numbers start), that learns the notation and language from the main line as
    /// [`read_line`](crate::read_line) does, or reads them as `options` force them.
    pub fn new(start: &R, from_fen: bool, options: &ReadOptions) -> WordReader<P, R> {
        let mut reader = WordReader::empty(start, options);
        reader.restart(start, from_fen, options, false);
        reader
    }

    /// A reader that reads English algebraic notation at once, as most games are written;
    /// [`finish`](Self::finish) says whether that was certainly the game's reading (else the
    /// caller reads it again with [`WordReader::new`]). With options that force a notation
    /// or language, the same as [`WordReader::new`].
    pub fn english(start: &R, from_fen: bool, options: &ReadOptions) -> WordReader<P, R> {
        let mut reader = WordReader::empty(start, options);
        reader.restart(start, from_fen, options, true);
        reader
    }

    /// Makes this reader (done with a game, or not) a reader of another game, as
    /// [`WordReader::english`] (`english`) or [`WordReader::new`] make one, keeping the memory
    /// it took.
    pub fn restart(&mut self, start: &R, from_fen: bool, options: &ReadOptions, english: bool) {
        self.start.clone_from(start);
        self.start_abs = first_ply(start);
        self.options = *options;
        self.only = only_algebraic(options);
        self.frames.clear();
        self.seq = 0;
        self.fates.clear();
        self.fates_base = 0;
        self.logging = false;
        self.numbering = Numbering::new(start, from_fen);
        self.unsettled.clear();
        self.warnings.clear();
        self.used = LetterSet::EMPTY;
        self.shapes = ShapeTally::default();
        self.english_failed = false;
        self.stretch_over = false;
        self.end = None;
        self.plies = 0;
        let hint = crate::forced::hint_of(options);
        (self.stage, self.known) = match (hint.notation, hint.language) {
            // Both forced: read so, without learning.
            (Some(notation), Some(language)) => (
                Stage::Known,
                Some((notation, language, [language].into_iter().collect())),
            ),
            _ if english && !crate::forced::is_forced(options) => (
                Stage::English,
                Some((Notation::San, Language::English, LanguageSet::ALL)),
            ),
            _ => (Stage::Learning, None),
        };
        self.begin_main();
    }

    /// A reader with nothing started.
    fn empty(start: &R, options: &ReadOptions) -> WordReader<P, R> {
        WordReader {
            start: start.clone(),
            start_abs: 0,
            options: *options,
            only: None,
            stage: Stage::Learning,
            known: None,
            frames: Vec::new(),
            seq: 0,
            fates: Vec::new(),
            fates_base: 0,
            logging: false,
            numbering: Numbering::new(start, false),
            unsettled: Vec::new(),
            warnings: Vec::new(),
            used: LetterSet::EMPTY,
            shapes: ShapeTally::default(),
            english_failed: false,
            stretch_over: false,
            end: None,
            plies: 0,
        }
    }

    fn begin_main(&mut self) {
        let kind = self.kind_for(self.start.clone(), || Origins::of_start(&self.start), true);
        if matches!(kind, Kind::Held { .. }) {
            self.logging = true;
        }
        self.frames.push(Frame::new(kind, true, 0));
    }

    /// How a line from `pos` is read: word by word once the reading is known to be
    /// algebraic, else held back.
    fn kind_for(&self, pos: R, origins: impl FnOnce() -> Origins, main: bool) -> Kind<P, R> {
        let live = match self.known {
            _ if main && self.stage == Stage::Learning => false,
            Some((notation, _, _)) => notation.is_algebraic(),
            None => false,
        };
        if live {
            let back = LookBack::new(pos.clone());
            Kind::Live { pos, back }
        } else {
            Kind::Held {
                start: pos,
                origins: origins(),
                recs: Vec::new(),
            }
        }
    }

    /// Keeps every word's fate from now on (the caller holds the text back for reasons of
    /// its own), until [`take_fates`](Self::take_fates).
    pub fn start_logging(&mut self) {
        if !self.logging {
            self.logging = true;
            self.fates_base = self.seq;
            self.fates.clear();
        }
    }

    /// Whether the fate of every word kept is known and nothing is held back: the fates can
    /// be taken.
    pub fn settled(&self) -> bool {
        !self
            .frames
            .iter()
            .any(|f| matches!(f.kind, Kind::Held { .. } | Kind::Within) || f.held_number.is_some())
            && self.fates.iter().all(Option::is_some)
    }

    /// The fates of the words kept (see [`start_logging`](Self::start_logging)), in the
    /// order of the words; words are read at once from now on, if nothing is held back.
    pub fn take_fates(&mut self) -> Vec<Fate<R>> {
        let fates = std::mem::take(&mut self.fates)
            .into_iter()
            .map(|f| f.unwrap_or(Fate::None))
            .collect();
        self.logging = false;
        self.fates_base = self.seq;
        fates
    }

    /// Whether the main line failed: nothing more changes what the reader says.
    pub fn failed(&self) -> bool {
        self.frames
            .first()
            .is_some_and(|f| f.main && f.own_error.is_some())
    }

    /// The position of the line read now, when it is read word by word.
    pub fn position(&self) -> Option<&R> {
        match &self.frames.last()?.kind {
            Kind::Live { pos, .. } => Some(pos),
            _ => None,
        }
    }

    fn set_fate(&mut self, seq: usize, fate: Fate<R>) {
        if self.logging && seq >= self.fates_base {
            let i = seq - self.fates_base;
            if self.fates.len() <= i {
                self.fates.resize(i + 1, None);
            }
            self.fates[i] = Some(fate);
        }
    }

    /// The next move word of the current line, with the move number written before it, at
    /// `place`. A move read at once is handed to `on_move` with the position before it.
    #[inline]
    pub fn word<F: FnOnce(&R, &ChessMove)>(
        &mut self,
        text: &str,
        number: Option<u32>,
        place: P,
        on_move: F,
    ) -> Step {
        if self.logging {
            return self.any_word(text, number, place, on_move);
        }
        match self.move_at_once(text, number, place, on_move) {
            Ok(step) => step,
            Err(on_move) => self.any_word(text, number, place, on_move),
        }
    }

    /// [`WordReader::word`] for most words: a move that reads at once on a line read at
    /// once, nothing held back. Hands `on_move` back, having changed nothing, when the word
    /// needs the general way ([`WordReader::any_word`]).
    #[inline]
    fn move_at_once<F: FnOnce(&R, &ChessMove)>(
        &mut self,
        text: &str,
        number: Option<u32>,
        place: P,
        on_move: F,
    ) -> Result<Step, F> {
        let tally = !self.stretch_over && self.stage == Stage::English;
        let language = self.known.map_or(Language::English, |(_, l, _)| l);
        let Some(depth) = self.frames.len().checked_sub(1) else {
            return Err(on_move);
        };
        let frame = &mut self.frames[depth];
        let Kind::Live { pos, back } = &mut frame.kind else {
            return Err(on_move);
        };
        if frame.held_number.is_some() {
            return Err(on_move);
        }
        // A word that starts with a letter and reads as a plain move (`e4`, `Nxf3+`) is no
        // null move and no loose word: only the others need the look.
        let bytes = text.as_bytes();
        let plain = match bytes.first() {
            Some(b'a'..=b'z' | b'A'..=b'Y') => san_read::parse_plain(bytes),
            _ => None,
        };
        let parsed = match plain {
            Some(parsed) => parsed,
            None if is_null_move(text) || may_be_loose(text) => return Err(on_move),
            None => match san_read::parse(text) {
                Ok(parsed) => parsed,
                Err(_) => return Err(on_move),
            },
        };
        let Some(m) = san_read::resolve_quick(pos, &parsed, language) else {
            return Err(on_move);
        };
        frame.prev.set(text);
        frame.prev_null = false;
        on_move(pos, &ChessMove::Move(m));
        back.push(pos, m);
        pos.play_unchecked(m);
        let ply = frame.offset + frame.nodes;
        frame.nodes += 1;
        frame.last_move = Some((m, place, None));
        let main = frame.main;
        let seq = self.seq;
        self.seq += 1;
        if main {
            self.plies += 1;
            if tally {
                self.used = LetterSet(self.used.0 | parsed.letters().0);
                self.shapes.add(parsed.shape());
            }
        }
        // As in `live_node`: most moves claim nothing.
        let marked_capture = matches!(parsed, san_read::Parsed::Normal { capture: true, .. });
        let number_off = number.is_some_and(|written| !self.numbering.holds(written, ply));
        if number_off
            || self.only.is_some()
            || claims::ends_with_sign(text)
            || (marked_capture && !m.is_capture())
            || (m.is_castle() && !text.is_ascii())
        {
            let node = Node {
                text,
                number,
                place,
                seq,
                null: false,
            };
            self.checks_after(depth, &node, ply, m);
        }
        Ok(Step::Played)
    }

    /// [`WordReader::word`] for any word.
    #[inline(never)]
    fn any_word<F: FnOnce(&R, &ChessMove)>(
        &mut self,
        text: &str,
        number: Option<u32>,
        place: P,
        on_move: F,
    ) -> Step {
        let seq = self.seq;
        self.seq += 1;
        if self.logging {
            self.fates.push(None);
        }
        let depth = self.frames.len() - 1;
        if self.frames[depth].held_number.is_some() {
            // A word follows a bare number: it was a move number.
            self.drop_held_number(depth);
        }
        let frame = &self.frames[depth];
        if matches!(frame.kind, Kind::Skipped) {
            self.set_fate(seq, Fate::None);
            return self.step();
        }
        let null = is_null_move(text);
        if !null && may_be_loose(text) {
            let previous = (frame.nodes > 0 && !frame.prev_null).then_some(frame.prev.as_str());
            if let Some(loose) = loose_word(previous, text, self.number_due(frame)) {
                return self.loose(loose, text, number, place, seq);
            }
        }
        let node = Node {
            text,
            number,
            place,
            seq,
            null,
        };
        self.node(node, on_move)
    }

    /// The move number due for the next move of `frame`.
    fn number_due(&self, frame: &Frame<P, R>) -> u32 {
        let abs = self.start_abs as usize + frame.offset + frame.nodes;
        u32::try_from(abs / 2 + 1).unwrap_or(u32::MAX)
    }

    fn drop_held_number(&mut self, depth: usize) {
        if let Some(held) = self.frames[depth].held_number.take() {
            self.set_fate(held.seq, Fate::None);
        }
    }

    /// A word written apart from its move: a bare move number, or a word joined to the
    /// move before.
    #[cold]
    fn loose(
        &mut self,
        loose: LooseWord,
        text: &str,
        number: Option<u32>,
        place: P,
        seq: usize,
    ) -> Step {
        let depth = self.frames.len() - 1;
        match loose {
            LooseWord::Number(_) => {
                self.frames[depth].held_number = Some(HeldNumber {
                    text: text.to_string(),
                    number,
                    place,
                    seq,
                });
                self.log_from(seq);
                Step::Pending
            }
            LooseWord::Suffix { glued } => {
                let frame = &mut self.frames[depth];
                let joined = frame.prev.join(if glued { "" } else { " " }, text);
                let last_rec = frame.last_rec;
                match &frame.kind {
                    Kind::Held { .. } | Kind::Within => {
                        if let Some(i) = last_rec
                            && let Some(Rec::Node(node)) =
                                self.holder_recs().and_then(|r| r.get_mut(i))
                        {
                            node.text = joined;
                        }
                    }
                    Kind::Live { .. } => {
                        if !glued && let Err(fail) = san_read::parse(&joined) {
                            // A word joined apart (`c5 jaque`): the move it makes is no longer
                            // algebraic notation.
                            return self.joined_error(depth, &joined, fail, seq);
                        }
                        self.claim_again(depth, &joined);
                    }
                    Kind::Skipped => {}
                }
                self.set_fate(seq, Fate::Joined);
                if self.logging {
                    self.step()
                } else {
                    Step::Joined
                }
            }
        }
    }

    /// The move before, read at once, with a word joined to it that makes its text no move
    /// (`c5 jaque`): the line ends there, at that move.
    #[cold]
    fn joined_error(
        &mut self,
        depth: usize,
        joined: &str,
        fail: san_read::ParseFail,
        seq: usize,
    ) -> Step {
        let frame = &self.frames[depth];
        let index = frame.nodes.saturating_sub(1);
        let Some((_, place, _)) = frame.last_move else {
            return self.step();
        };
        let node = Node {
            text: joined,
            number: None,
            place,
            seq,
            null: false,
        };
        let reason = LineErrorReason::Move(fail.into_error(joined));
        if self.frames[depth].main {
            self.english_failed = true;
        }
        let e = node_error(
            &node,
            frame.offset,
            index,
            self.line_abs(frame),
            reason,
            Vec::new(),
        );
        let frame = &mut self.frames[depth];
        frame.own_error = Some(e);
        frame.pending = None;
        frame.kind = Kind::Skipped;
        self.set_fate(seq, Fate::Joined);
        self.step()
    }

    /// Keeps fates from the word `seq` on (it waits).
    fn log_from(&mut self, seq: usize) {
        if !self.logging {
            self.logging = true;
            self.fates_base = seq;
            self.fates.clear();
            self.fates.push(None);
        }
    }

    /// The records of the line held back that the current line is in (or is).
    fn holder_recs(&mut self) -> Option<&mut Vec<Rec<P>>> {
        self.frames
            .iter_mut()
            .rev()
            .find_map(|f| match &mut f.kind {
                Kind::Held { recs, .. } => Some(recs),
                _ => None,
            })
    }

    /// Looks again at the claims of the last move of line `depth`, read at once, now that a
    /// word joined it (`e4 +`): the joined word's claim replaces the word's.
    fn claim_again(&mut self, depth: usize, joined: &str) {
        let frame = &mut self.frames[depth];
        let (Some((m, place, warning)), Kind::Live { pos, .. }) = (frame.last_move, &frame.kind)
        else {
            return;
        };
        let ply = frame.offset + frame.nodes;
        let abs = first_ply(pos).saturating_sub(1);
        let message = claims::false_claim(joined, m, pos);
        if let Some(i) = warning
            && i < self.warnings.len()
        {
            self.warnings.remove(i);
        }
        if frame
            .pending
            .as_ref()
            .is_some_and(|e| e.ply == ply && matches!(e.reason, LineErrorReason::Claim(_)))
        {
            frame.pending = None;
        }
        frame.last_move = Some((m, place, None));
        if let Some(message) = message {
            let e = claim_error(joined, place, ply, abs, message);
            let index = self.claim(depth, e);
            if let Some((_, _, w)) = &mut self.frames[depth].last_move {
                *w = index;
            }
        }
    }

    /// A node of the current line: a move word, or a null move.
    fn node<F: FnOnce(&R, &ChessMove)>(&mut self, node: Node<'_, P>, on_move: F) -> Step {
        let depth = self.frames.len() - 1;
        let frame = &mut self.frames[depth];
        frame.prev.set(node.text);
        frame.prev_null = node.null;
        frame.last_move = None;
        match frame.kind {
            Kind::Live { .. } if node.null => self.live_null(depth, node, on_move),
            Kind::Live { .. } => self.live_node(depth, node, on_move),
            Kind::Held { .. } | Kind::Within => {
                frame.nodes += 1;
                let at = match self.holder_recs() {
                    Some(recs) => {
                        recs.push(Rec::Node(node.recorded()));
                        Some(recs.len() - 1)
                    }
                    None => None,
                };
                self.frames[depth].last_rec = at;
                if depth == 0 && self.frames[0].nodes == LEARNT_FROM {
                    self.learn_early();
                }
                self.step()
            }
            Kind::Skipped => {
                self.set_fate(node.seq, Fate::None);
                self.step()
            }
        }
    }

    /// Reads a node of a line read word by word.
    fn live_node<F: FnOnce(&R, &ChessMove)>(
        &mut self,
        depth: usize,
        node: Node<'_, P>,
        on_move: F,
    ) -> Step {
        let parsed = match san_read::parse(node.text) {
            Ok(p) => p,
            Err(fail) => {
                let error = fail.into_error(node.text);
                return self.read_error(depth, &node, LineErrorReason::Move(error), Vec::new());
            }
        };
        let language = self.known.map_or(Language::English, |(_, l, _)| l);
        let logging = self.logging;
        let frame = &mut self.frames[depth];
        if frame.main && !self.stretch_over && self.stage == Stage::English {
            self.used = LetterSet(self.used.0 | parsed.letters().0);
            self.shapes.add(parsed.shape());
        }
        let Kind::Live { pos, back } = &mut frame.kind else {
            return Step::Failed;
        };
        let m = match san_read::resolve_quick(pos, &parsed, language) {
            Some(m) => m,
            None => match san_read::resolve(pos, &parsed, language, node.text) {
                Ok(m) => m,
                Err(failure) => {
                    let failure = *failure;
                    let reason = LineErrorReason::Move(failure.error);
                    return self.read_error(depth, &node, reason, failure.candidates);
                }
            },
        };
        let ply = frame.offset + frame.nodes;
        if logging {
            let before = pos.clone();
            back.push(pos, m);
            pos.play_unchecked(m);
            let fate = Fate::Move {
                mv: ChessMove::Move(m),
                before,
            };
            self.set_fate(node.seq, fate);
        } else {
            on_move(pos, &ChessMove::Move(m));
            back.push(pos, m);
            pos.play_unchecked(m);
        }
        let frame = &mut self.frames[depth];
        frame.nodes += 1;
        frame.last_move = Some((m, node.place, None));
        if frame.main {
            self.plies += 1;
        }
        // Most moves claim nothing: a sign at the end, or a capture mark on a move that takes
        // nothing, a number that is not the one due, or a notation forced, need a look.
        let marked_capture = matches!(parsed, san_read::Parsed::Normal { capture: true, .. });
        let number_off = node
            .number
            .is_some_and(|written| !self.numbering.holds(written, ply));
        if number_off
            || self.only.is_some()
            || claims::ends_with_sign(node.text)
            || (marked_capture && !m.is_capture())
            || (m.is_castle() && !node.text.is_ascii())
        {
            self.checks_after(depth, &node, ply, m);
        }
        if logging { Step::Pending } else { Step::Played }
    }

    /// The checks of a move read at once that may not hold: its number, its notation when
    /// one is forced, its claims.
    #[cold]
    #[inline(never)]
    fn checks_after(&mut self, depth: usize, node: &Node<'_, P>, ply: usize, m: Move) {
        let frame = &self.frames[depth];
        let main = frame.main;
        let Kind::Live { pos, .. } = &frame.kind else {
            return;
        };
        // The mover: the position's after the move, less one.
        let abs = first_ply(pos).saturating_sub(1);
        if let Some(written) = node.number
            && !self.numbering.holds(written, ply)
            && let Some(e) = self.number_check(written, ply, main, node, abs)
        {
            self.strict(depth, e);
        }
        if let Some(asked) = self.only
            && !crate::written_in(node.text, asked)
        {
            let message = crate::forced::not_written_in(node.text, asked);
            let e = claim_error(node.text, node.place, ply + 1, abs, message);
            self.strict(depth, e);
        }
        let frame = &self.frames[depth];
        if let Kind::Live { pos, .. } = &frame.kind
            && let Some(message) = claims::false_claim(node.text, m, pos)
        {
            let e = claim_error(node.text, node.place, ply + 1, abs, message);
            let index = self.claim(depth, e);
            if let Some((_, _, w)) = &mut self.frames[depth].last_move {
                *w = index;
            }
        }
    }

    /// Checks the number `written` before the move at game ply `ply` (0-based), made by the
    /// mover of absolute ply `abs`: a warning said, or (strict) the error to hold against
    /// the stretch.
    #[cold]
    fn number_check(
        &mut self,
        written: u32,
        ply: usize,
        main: bool,
        node: &Node<'_, P>,
        abs: u32,
    ) -> Option<WordError<P>> {
        match self.numbering.check(written, ply, main) {
            NumberCheck::Holds => {
                if main {
                    self.settle_numbers();
                }
                None
            }
            NumberCheck::Unsettled => {
                self.unsettled
                    .push((written, ply, node.place, node.text.to_string(), abs));
                None
            }
            NumberCheck::Wrong(message) => {
                if main {
                    self.settle_numbers();
                }
                let e = claim_error(node.text, node.place, ply + 1, abs, message);
                if self.options.strict {
                    Some(e)
                } else {
                    self.warnings.push(e);
                    None
                }
            }
        }
    }

    /// Checks the side lines' numbers met before the main line said where its numbers
    /// start, now that it has.
    fn settle_numbers(&mut self) {
        for (written, ply, place, text, abs) in std::mem::take(&mut self.unsettled) {
            if let NumberCheck::Wrong(message) = self.numbering.check(written, ply, false) {
                let e = claim_error(&text, place, ply + 1, abs, message);
                if self.options.strict {
                    let main = &mut self.frames[0];
                    if main.sub_error.is_none() {
                        main.sub_error = Some(e);
                    }
                } else {
                    self.warnings.push(e);
                }
            }
        }
    }

    /// A claim of the text that does not hold: a warning (its index), or when strict an
    /// error once the stretch's moves read.
    fn claim(&mut self, depth: usize, e: WordError<P>) -> Option<usize> {
        if self.options.strict {
            self.strict(depth, e);
            None
        } else {
            self.warnings.push(e);
            Some(self.warnings.len() - 1)
        }
    }

    /// An error of line `depth` that stands once its stretch's moves read.
    fn strict(&mut self, depth: usize, e: WordError<P>) {
        let frame = &mut self.frames[depth];
        if frame.pending.is_none() {
            frame.pending = Some(e);
        }
    }

    /// A null move in a line read word by word: a stretch ends.
    fn live_null<F: FnOnce(&R, &ChessMove)>(
        &mut self,
        depth: usize,
        node: Node<'_, P>,
        on_move: F,
    ) -> Step {
        self.end_stretch(depth);
        let frame = &self.frames[depth];
        let Kind::Live { pos, .. } = &frame.kind else {
            self.set_fate(node.seq, Fate::None);
            return self.step();
        };
        let ply = frame.offset + frame.nodes;
        let abs = first_ply(pos);
        let main = frame.main;
        if let Some(written) = node.number
            && !self.numbering.holds(written, ply)
            && let Some(e) = self.number_check(written, ply, main, &node, abs)
        {
            self.strict(depth, e);
        }
        let logging = self.logging;
        let frame = &mut self.frames[depth];
        let Kind::Live { pos, back } = &mut frame.kind else {
            return Step::Failed;
        };
        let Some(after) = pos.clone().pass() else {
            return self.read_error(depth, &node, LineErrorReason::NullMoveInCheck, Vec::new());
        };
        let before = std::mem::replace(pos, after);
        back.push_null(&before, pos);
        frame.nodes += 1;
        if logging {
            let fate = Fate::Move {
                mv: ChessMove::Null,
                before,
            };
            self.set_fate(node.seq, fate);
        } else {
            on_move(&before, &ChessMove::Null);
        }
        if self.frames[depth].main {
            self.plies += 1;
            self.stretch_over = true;
        }
        self.step()
    }

    /// A stretch of a line read word by word ends (at a null move, or the line's end): an
    /// error held against it stands now.
    fn end_stretch(&mut self, depth: usize) {
        let frame = &mut self.frames[depth];
        if frame.own_error.is_none()
            && let Some(e) = frame.pending.take()
        {
            frame.own_error = Some(e);
            frame.kind = Kind::Skipped;
        }
    }

    /// The node `node` of line `depth`, read at once, does not read: the line ends there.
    fn read_error(
        &mut self,
        depth: usize,
        node: &Node<'_, P>,
        reason: LineErrorReason,
        candidates: Vec<Move>,
    ) -> Step {
        if self.frames[depth].main && matches!(reason, LineErrorReason::Move(_)) {
            self.english_failed = true;
        }
        let frame = &self.frames[depth];
        let e = node_error(
            node,
            frame.offset,
            frame.nodes,
            self.line_abs(frame),
            reason,
            candidates,
        );
        let frame = &mut self.frames[depth];
        frame.own_error = Some(e);
        frame.pending = None;
        frame.kind = Kind::Skipped;
        self.set_fate(node.seq, Fate::None);
        self.step()
    }

    /// The absolute ply of the first move of `frame`.
    fn line_abs(&self, frame: &Frame<P, R>) -> usize {
        self.start_abs as usize + frame.offset
    }

    /// What a word's caller is told once the reader is done with it.
    fn step(&self) -> Step {
        if self.failed() {
            Step::Failed
        } else if self.logging {
            Step::Pending
        } else {
            Step::Played
        }
    }

    /// A side line begins, an alternative to the last move of the current line.
    pub fn begin_variation(&mut self) {
        let depth = self.frames.len() - 1;
        if let Some(held) = self.frames[depth].held_number.take() {
            // A number with a side line after it is no move number: a move, to be refused.
            let node = Node {
                text: &held.text,
                number: held.number,
                place: held.place,
                seq: held.seq,
                null: false,
            };
            let _ = self.node(node, |_, _| {});
        }
        let frame = &self.frames[depth];
        // The side line replaces the last move: its index is the last move's.
        let offset = frame.offset + frame.nodes.saturating_sub(1);
        let kind = match &frame.kind {
            Kind::Live { back, .. } => {
                let pos = back.before_last();
                self.kind_for(pos.clone(), || Origins::of_start(&pos), false)
            }
            Kind::Held { .. } | Kind::Within => {
                if let Some(recs) = self.holder_recs() {
                    recs.push(Rec::Begin);
                }
                Kind::Within
            }
            Kind::Skipped => Kind::Skipped,
        };
        if matches!(kind, Kind::Held { .. }) {
            self.log_from(self.seq);
        }
        self.frames.push(Frame::new(kind, false, offset));
    }

    /// The current side line ends.
    pub fn end_variation(&mut self) {
        if self.frames.len() < 2 {
            return;
        }
        let depth = self.frames.len() - 1;
        self.drop_held_number(depth);
        let error = self.end_frame();
        if let Some(error) = error {
            self.close(error);
        }
    }

    /// Ends the current line (not the main line): its error, or none. A line within a line
    /// held back is recorded there.
    fn end_frame(&mut self) -> Option<WordError<P>> {
        let depth = self.frames.len() - 1;
        if matches!(self.frames[depth].kind, Kind::Within) {
            self.frames.pop();
            if let Some(recs) = self.holder_recs() {
                recs.push(Rec::End);
            }
            return None;
        }
        self.end_stretch(depth);
        let frame = self.frames.pop()?;
        if matches!(frame.kind, Kind::Held { .. }) {
            return self.settle_held(frame);
        }
        let mut frame = frame;
        frame.error()
    }

    /// The main line's first stretch, held back while its notation is learnt, has grown to
    /// [`LEARNT_FROM`] moves and no side line is open (looked at once: a stretch left held
    /// then is held to its end, and is not read again and again): when its moves so far
    /// read in an algebraic notation, or in none, they are settled now and the line read on
    /// word by word in what they taught (a line of a million words is not held whole). A
    /// stretch in descriptive notation is held to its end: a word may wait for later ones.
    fn learn_early(&mut self) {
        let [main] = &self.frames[..] else {
            return;
        };
        if self.stage != Stage::Learning {
            return;
        }
        let Kind::Held { start, recs, .. } = &main.kind else {
            return;
        };
        // The stretch's own words (its side lines, all closed, are read once it is).
        let mut words: Vec<&str> = Vec::with_capacity(recs.len());
        let mut depth = 0usize;
        for rec in recs {
            match rec {
                Rec::Node(n) if depth == 0 && is_null_move(&n.text) => return,
                Rec::Node(n) if depth == 0 => words.push(&n.text),
                Rec::Node(_) => {}
                Rec::Begin => depth += 1,
                Rec::End => depth = depth.saturating_sub(1),
            }
        }
        let algebraic_or_none = match read_first_stretch(start, &words, &self.options) {
            Ok(reading) => reading.notation.is_algebraic(),
            Err(_) => true,
        };
        if !algebraic_or_none {
            return;
        }
        let mut main = self.frames.remove(0);
        let sub_error = main.sub_error.take();
        let (nodes, prev, prev_null) = (main.nodes, main.prev.clone(), main.prev_null);
        let error = self.settle_held(main).or(sub_error);
        let kind = match (&error, self.end.take()) {
            (None, Some(pos)) => Kind::Live {
                back: LookBack::new(pos.clone()),
                pos,
            },
            _ => Kind::Skipped,
        };
        let mut frame = Frame::new(kind, true, 0);
        frame.nodes = nodes;
        frame.prev = prev;
        frame.prev_null = prev_null;
        frame.own_error = error;
        self.frames.push(frame);
    }

    /// A side line's error goes to the line it stands in, if that has none from its side
    /// lines yet.
    fn close(&mut self, error: WordError<P>) {
        if let Some(parent) = self.frames.last_mut()
            && parent.sub_error.is_none()
        {
            parent.sub_error = Some(error);
        }
    }

    /// Reads a line held back, which ends now: its own moves (the main line's first stretch
    /// teaching the reading), then its side lines from the positions before the moves they
    /// replace. The line's error, or none; the main line's end and plies are kept.
    fn settle_held(&mut self, frame: Frame<P, R>) -> Option<WordError<P>> {
        let main = frame.main;
        let offset = frame.offset;
        let line_abs = self.line_abs(&frame);
        let Kind::Held {
            start,
            origins,
            recs,
        } = frame.kind
        else {
            return None;
        };
        // The line's own nodes, and after each (or before the first) its side lines.
        let mut own: Vec<Recorded<P>> = Vec::new();
        let mut sides: Vec<(usize, Vec<Rec<P>>)> = Vec::new();
        let mut depth = 0usize;
        for rec in recs {
            match rec {
                Rec::Node(n) if depth == 0 => own.push(n),
                Rec::Begin if depth == 0 => {
                    depth = 1;
                    sides.push((own.len(), Vec::new()));
                }
                rec => {
                    match rec {
                        Rec::Begin => depth += 1,
                        Rec::End => depth = depth.saturating_sub(1),
                        Rec::Node(_) => {}
                    }
                    if depth > 0
                        && let Some((_, side)) = sides.last_mut()
                    {
                        side.push(rec);
                    }
                }
            }
        }
        let mut error: Option<WordError<P>> = None;
        let mut pos = start.clone();
        let mut origins_now = origins.clone();
        // The position before each node, for the side lines after it.
        let mut befores: Vec<(R, Origins)> = Vec::with_capacity(own.len());
        let mut i = 0;
        while i < own.len() && error.is_none() {
            if is_null_move(&own[i].text) {
                befores.push((pos.clone(), origins_now.clone()));
                let ply = offset + i;
                if let Some(written) = own[i].number {
                    let abs = first_ply(&pos);
                    error = self.number_check(written, ply, main, &own[i].node(), abs);
                }
                if error.is_none() {
                    match pos.clone().pass() {
                        Some(after) => {
                            let before = std::mem::replace(&mut pos, after);
                            let fate = Fate::Move {
                                mv: ChessMove::Null,
                                before,
                            };
                            self.set_fate(own[i].seq, fate);
                        }
                        None => {
                            let reason = LineErrorReason::NullMoveInCheck;
                            error = Some(node_error(
                                &own[i].node(),
                                offset,
                                i,
                                line_abs,
                                reason,
                                Vec::new(),
                            ));
                        }
                    }
                }
                if main {
                    self.stretch_over = true;
                }
                i += 1;
                continue;
            }
            let end = own[i..]
                .iter()
                .position(|n| is_null_move(&n.text))
                .map_or(own.len(), |k| i + k);
            let words: Vec<&str> = own[i..end].iter().map(|n| n.text.as_str()).collect();
            let read = if main && self.stage == Stage::Learning {
                match read_first_stretch(&pos, &words, &self.options) {
                    Ok(reading) => {
                        self.known = Some((reading.notation, reading.language, reading.languages));
                        Ok(reading.moves)
                    }
                    Err(e) => Err(e),
                }
            } else {
                let (notation, language, _) =
                    self.known
                        .unwrap_or((Notation::San, Language::English, LanguageSet::ALL));
                read_line_from(&pos, &origins_now, &words, notation, language)
            };
            if main && self.stage == Stage::Learning {
                self.stage = Stage::Known;
            }
            let moves = match read {
                Ok(moves) => moves,
                Err(e) => {
                    let k = (i + e.ply_index).min(own.len() - 1);
                    error = Some(node_error(
                        &own[k].node(),
                        offset,
                        k,
                        line_abs,
                        e.reason,
                        e.candidates,
                    ));
                    break;
                }
            };
            let descriptive = self
                .known
                .is_some_and(|(n, _, _)| matches!(n, Notation::Descriptive(_)));
            for (k, m) in moves.into_iter().enumerate() {
                let node = &own[i + k].node();
                let ply = offset + i + k;
                befores.push((pos.clone(), origins_now.clone()));
                let abs = first_ply(&pos);
                if let Some(written) = node.number
                    && let Some(e) = self.number_check(written, ply, main, node, abs)
                {
                    error = Some(e);
                    break;
                }
                if let Some(asked) = self.only
                    && !crate::written_in(node.text, asked)
                {
                    let message = crate::forced::not_written_in(node.text, asked);
                    error = Some(claim_error(node.text, node.place, ply + 1, abs, message));
                    break;
                }
                let before = pos.clone();
                pos.play_unchecked(m);
                origins_now.play(m);
                if !descriptive && let Some(message) = claims::false_claim(node.text, m, &pos) {
                    let e = claim_error(node.text, node.place, ply + 1, abs, message);
                    if self.options.strict {
                        error = Some(e);
                        break;
                    }
                    self.warnings.push(e);
                }
                let fate = Fate::Move {
                    mv: ChessMove::Move(m),
                    before,
                };
                self.set_fate(node.seq, fate);
            }
            i = end;
        }
        if main {
            self.plies = own.len();
            self.end = Some(pos);
        }
        // The side lines, once the line's own moves read.
        for (after, recs) in sides {
            if error.is_some() {
                for rec in &recs {
                    if let Rec::Node(node) = rec {
                        self.set_fate(node.seq, Fate::None);
                    }
                }
                continue;
            }
            // A side line after node k replaces it: it starts where node k started.
            let (from, from_origins) = match after.checked_sub(1).and_then(|k| befores.get(k)) {
                Some(before) => before.clone(),
                None => (start.clone(), origins.clone()),
            };
            let side_offset = offset + after.saturating_sub(1);
            if let Some(e) = self.read_side(from, from_origins, side_offset, recs) {
                error = Some(e);
            }
        }
        if error.is_some() {
            for node in &own {
                if self.logging && node.seq >= self.fates_base {
                    let i = node.seq - self.fates_base;
                    if self.fates.get(i).is_some_and(Option::is_none) {
                        self.fates[i] = Some(Fate::None);
                    }
                }
            }
        }
        error
    }

    /// Reads a side line recorded in a line held back as `recs`, from `start`: its error.
    fn read_side(
        &mut self,
        start: R,
        origins: Origins,
        offset: usize,
        recs: Vec<Rec<P>>,
    ) -> Option<WordError<P>> {
        let kind = self.kind_for(start, || origins, false);
        let base = self.frames.len();
        self.frames.push(Frame::new(kind, false, offset));
        for rec in recs {
            match rec {
                Rec::Node(node) => {
                    let _ = self.node(node.node(), |_, _| {});
                }
                Rec::Begin => self.begin_variation(),
                Rec::End => self.end_variation(),
            }
        }
        while self.frames.len() > base + 1 {
            self.end_variation();
        }
        self.end_frame()
    }

    /// The game's movetext is over: what the reader made of it.
    pub fn finish(&mut self) -> Finished<P, R> {
        while self.frames.len() > 1 {
            self.end_variation();
        }
        self.drop_held_number(0);
        let mut main = self.frames.remove(0);
        let mut error = match main.kind {
            Kind::Held { .. } => {
                let sub = main.sub_error.take();
                self.settle_held(main).or(sub)
            }
            _ => {
                if main.own_error.is_none()
                    && let Some(e) = main.pending.take()
                {
                    main.own_error = Some(e);
                }
                if let Kind::Live { pos, .. } = &main.kind {
                    self.end = Some(pos.clone());
                }
                main.error()
            }
        };
        if error.is_none() && self.options.strict {
            // Side-line numbers checked once the main line set where numbers start.
            error = self.frames.first_mut().and_then(|f| f.sub_error.take());
        }
        let (mut notation, language, mut languages) =
            self.known
                .unwrap_or((Notation::San, Language::English, LanguageSet::ALL));
        let mut certain = true;
        if self.stage == Stage::English {
            // English at once is the reading only when English read the main line's first
            // stretch and no other language reads its letters otherwise.
            notation = self.shapes.notation();
            match alone_with(Language::English, self.used) {
                Some(own) if !self.english_failed => languages = own,
                _ => certain = false,
            }
        }
        let fates = if self.logging {
            self.take_fates()
        } else {
            Vec::new()
        };
        let result = match error {
            Some(e) => Err(e),
            None => Ok(GameReading {
                notation,
                language,
                languages,
                end: self.end.take().unwrap_or_else(|| self.start.clone()),
                plies: self.plies,
                warnings: std::mem::take(&mut self.warnings),
            }),
        };
        Finished {
            result,
            certain,
            fates,
        }
    }
}

/// The error of a claim of the text at game ply `ply` (1-based), by the mover of absolute
/// ply `abs`.
fn claim_error<P>(text: &str, place: P, ply: usize, abs: u32, message: String) -> WordError<P> {
    WordError {
        place,
        ply,
        number: abs / 2 + 1,
        second: abs % 2 == 1,
        word: text.to_string(),
        reason: LineErrorReason::Claim(message),
        candidates: Vec::new(),
    }
}

/// The error of `node`, the `index`th of a line at game ply `offset` whose first move has
/// absolute ply `line_abs`.
fn node_error<P: Copy>(
    node: &Node<'_, P>,
    offset: usize,
    index: usize,
    line_abs: usize,
    reason: LineErrorReason,
    candidates: Vec<Move>,
) -> WordError<P> {
    let abs = line_abs + index;
    WordError {
        place: node.place,
        ply: offset + index + 1,
        number: u32::try_from(abs / 2 + 1).unwrap_or(u32::MAX),
        second: abs % 2 == 1,
        word: node.text.to_string(),
        reason,
        candidates,
    }
}
