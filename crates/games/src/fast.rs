//! Reading and replaying games in one pass over the text, for `check` and `convert` on large
//! files: each move is matched to a legal move as soon as the reader hands it over, straight
//! into the game tree, with no intermediate tree of move words.
//!
//! It covers the common cases: draughts whose rules the tags, the options or the first move
//! decide, and chess in English algebraic notation. Anything else (another language,
//! descriptive notation, a move that does not replay, a `?` side to move, a setup command)
//! falls back to reading the game's text again the general way ([`AnyGame::read`]), which
//! gives the same game, or the same error, as reading it that way from the start.

use arrayvec::ArrayVec;
use chess_notation::{Language, LineTraits, SanReader};
use draughts::{BoardSize, Fen, MoveReader, Position, Variant};
use record::{
    Collect, CommentKind, Flow, Game, GameBuilder, Nag, Pos, ReadError, Reader, Tag, Visitor,
};
use shakmaty::{Chess, Move};

use super::any_game::{AnyGame, ReadOptions};
use super::chess_claims::{self, Mover, NumberCheck, Numbering};
use super::chess_game::{ChessGame, ChessMove, ChessVariant, is_null};
use super::converter::Writing;
use super::draughts_game::{DraughtsGame, VariantSource, first_inferred};
use super::error::GameError;
use super::rules::Rules;
use super::several_variants;
use super::site_forms;
use super::tag_notes::TagWatch;
use super::variant_choice::{board_size_hint, draughts_variant_named, variant_from_tags};

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
    visitor: FastVisitor,
    fallbacks: u64,
}

/// The tags that the rules read (the family, the variant, the start, the result); a game read
/// for checking keeps only these.
pub(super) const RULE_TAGS: [&str; 5] = ["GameType", "FEN", "Variant", "Result", "SetUp"];

/// The players' tags, which a game converted keeps to write White and Black from P1 and P2
/// (see [`DraughtsGame::players_from_p1_p2`]).
const PLAYER_TAGS: [&str; 4] = ["White", "Black", "P1", "P2"];

impl OnePass {
    /// A reader of games with `options`.
    pub fn new(options: ReadOptions) -> OnePass {
        OnePass {
            visitor: FastVisitor::new(options),
            fallbacks: 0,
        }
    }

    /// How many games so far this reader left to the general reader (a language other than
    /// English, descriptive notation, a move that does not replay, ...).
    pub fn fallbacks(&self) -> u64 {
        self.fallbacks
    }

    /// The next game, or `None` at the end.
    pub fn next<R: std::io::Read>(
        &mut self,
        reader: &mut Reader<R>,
    ) -> Option<Result<ReadGame, ReadError>> {
        Some(self.read(reader)?.map(|(read, _)| read))
    }

    /// Makes this reader write each game it replays while reading it (see
    /// [`Converter`](super::Converter)), rather than build its tree.
    pub(super) fn write_while_reading(&mut self, writing: Writing) {
        self.visitor.writing = Some(Box::new(writing));
    }

    /// The text of the game just read, if it was written while reading.
    pub(super) fn take_written(&mut self) -> Option<String> {
        self.visitor.writing.as_mut()?.written.take()
    }

    /// What writes games while reading: set by [`OnePass::write_while_reading`].
    pub(super) fn writing(&self) -> &Writing {
        self.visitor
            .writing
            .as_deref()
            .expect("a reader that writes while reading")
    }

    /// The next game and, for a game read here, the plies of its main line counted while
    /// reading (a game read for checking keeps no moves).
    pub(super) fn read<R: std::io::Read>(
        &mut self,
        reader: &mut Reader<R>,
    ) -> Option<Result<(ReadGame, Option<usize>), ReadError>> {
        let read = match reader.read_game(&mut self.visitor) {
            Ok(None) => return None,
            Ok(Some(read)) => read,
            Err(e) => return Some(Err(e)),
        };
        Some(Ok(match read {
            Some(game) => (ReadGame::Game(Box::new(game)), Some(self.visitor.plies)),
            None => {
                // The general way, on this game's text alone, placed where the game is.
                self.fallbacks += 1;
                let base = self.visitor.at;
                let raw = reader.last_game_raw();
                // A chess game in another language: when the letters of its main line leave
                // one, the general way reads it in that language, and so can this reader, on
                // a second pass. Only when no tree is kept, where it saves the memory of the
                // general way's tree; a reader that keeps a tree leaves the game to the
                // general way as before.
                if !self.visitor.keeps_tree()
                    && self.visitor.failed_in_chess
                    && let Some(language) = main_line_language(raw, base)
                    && language != Language::English
                {
                    self.visitor.chess_language = language;
                    if let Some(w) = &mut self.visitor.writing {
                        // The text written is at most about twice the game's (move numbers
                        // added to a line written without them); room not written to is
                        // not taken from the system.
                        w.expect(raw.len().saturating_mul(2));
                    }
                    let again = one_game(raw, base).read_game(&mut self.visitor);
                    self.visitor.chess_language = Language::English;
                    if let Ok(Some(Some(game))) = again {
                        return Some(Ok((
                            ReadGame::Game(Box::new(game)),
                            Some(self.visitor.plies),
                        )));
                    }
                }
                let options = &self.visitor.options;
                let slim = self.visitor.slim;
                // A move that did not replay under known rules is where the general way stops
                // too (it replays in the order of the text): it need not build the rest of
                // the game, which may be huge. Should it read that much without error after
                // all, it reads the whole game.
                if let Some(words) = self.visitor.failed_word {
                    let read = general(raw, base, options, slim, Some(words));
                    if matches!(read, ReadGame::Bad(_))
                        && (!self.visitor.failed_in_chess || same_traits(raw, base, words))
                    {
                        return Some(Ok((read, None)));
                    }
                }
                (general(raw, base, options, slim, None), None)
            }
        }))
    }
}

/// What checking one game gave: see [`Checker`].
#[derive(Debug)]
pub enum Checked {
    /// A game that replays.
    Good {
        /// What the rules read of the game: its family and variant, the tags the rules read
        /// (GameType, FEN, Variant, Result, SetUp; a game read the general way keeps all its
        /// tags), its result and its start and end
        /// positions, and its warnings. Its moves, side lines, comments and other tags are
        /// not kept (a game read here may hold some of them, a game read the general way
        /// does).
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
pub struct Checker(OnePass);

impl Checker {
    /// A reader of games with `options`, for checking them.
    pub fn new(options: ReadOptions) -> Checker {
        let mut one_pass = OnePass::new(options);
        one_pass.visitor.slim = true;
        Checker(one_pass)
    }

    /// The next game, or `None` at the end.
    pub fn next<R: std::io::Read>(
        &mut self,
        reader: &mut Reader<R>,
    ) -> Option<Result<Checked, ReadError>> {
        Some(self.0.read(reader)?.map(|(read, counted)| match read {
            ReadGame::Game(game) => Checked::Good {
                plies: counted.unwrap_or_else(|| game.plies()),
                game,
            },
            ReadGame::Bad(e) => Checked::Bad(e),
        }))
    }

    /// How many games so far this reader left to the general reader.
    pub fn fallbacks(&self) -> u64 {
        self.0.fallbacks
    }
}

/// Reads the text of one game `raw`, which starts at `base` in the file, the general way: the
/// whole tree of move words (`slim`: without what [`Checker`] leaves out), up to
/// the move word number `words` (counted in the order of the text) if given, then replayed.
fn general(
    raw: &[u8],
    base: Pos,
    options: &ReadOptions,
    slim: bool,
    words: Option<u64>,
) -> ReadGame {
    let mut collect = Collect::default();
    if slim {
        // Every tag: the warnings about repeated tags and the variant's Event and Site
        // need them, and they are few.
        collect = collect.without_annotations();
    }
    if let Some(words) = words {
        collect = collect.stopping_after(words);
    }
    // The game's places are the file's, and so are its errors'.
    match one_game(raw, base).read_game(&mut collect) {
        Ok(Some(game)) => match AnyGame::read(game, options) {
            Ok(g) => ReadGame::Game(Box::new(g)),
            Err(e) => ReadGame::Bad(e),
        },
        Ok(None) => ReadGame::Bad(GameError::at(base, "the game could not be read again")),
        Err(e) => ReadGame::Bad(GameError::at(e.pos().unwrap_or(base), e.to_string())),
    }
}

/// Whether the main line of the game `raw` up to its first null move has the same
/// [`LineTraits`] in its first `words` move words (counted in the order of the text) as in
/// all of it: then a chess game whose first `words` words the general way could not read is
/// read by it with the same error however long the rest is.
fn same_traits(raw: &[u8], base: Pos, words: u64) -> bool {
    let mut look = TraitsVisitor {
        words_left: words,
        traits: LineTraits::new(),
        prefix: None,
        last: String::new(),
        joined: false,
    };
    match one_game(raw, base).read_game(&mut look) {
        Ok(Some(())) => !look.joined && look.prefix.unwrap_or(look.traits) == look.traits,
        _ => false,
    }
}

/// A reader of the text `raw` of one game, which starts at `base` in the file: it gives the
/// file's places, and reads the text in one go (a reader that read it bit by bit would grow
/// its buffer step by step to the game's size, holding up to twice the game).
fn one_game(raw: &[u8], base: Pos) -> Reader<&[u8]> {
    Reader::with_chunk_size(raw, raw.len()).starting_at(base)
}

/// The language the general way reads the chess game `raw` in, when the traits of its main
/// line (up to its first null move) decide it: see [`LineTraits::language`].
fn main_line_language(raw: &[u8], base: Pos) -> Option<Language> {
    let mut look = TraitsVisitor {
        words_left: u64::MAX,
        traits: LineTraits::new(),
        prefix: None,
        last: String::new(),
        joined: false,
    };
    match one_game(raw, base).read_game(&mut look) {
        Ok(Some(())) => look.traits.language(),
        _ => None,
    }
}

/// Gathers the traits of a game's main line for [`same_traits`].
struct TraitsVisitor {
    words_left: u64,
    traits: LineTraits,
    /// The traits of the first words, once they are read.
    prefix: Option<LineTraits>,
    /// The last of the first words.
    last: String,
    /// The word after the first words may be joined to the last of them (a check sign
    /// written apart, `Nf3 +`, or a number without dots): the general reader's error there
    /// may name both, so the first words alone do not tell it.
    joined: bool,
}

impl Visitor for TraitsVisitor {
    type Output = ();

    fn move_word(&mut self, text: &str, _at: Pos) -> Flow {
        if is_null(text) {
            return Flow::SkipGame;
        }
        if self.prefix.is_some() && !self.last.is_empty() {
            self.joined |= chess_notation::loose_word(Some(&self.last), text, 0).is_some()
                || text.bytes().all(|b| b.is_ascii_digit());
            self.last.clear();
        }
        self.traits.add(text);
        self.words_left = self.words_left.saturating_sub(1);
        if self.words_left == 0 && self.prefix.is_none() {
            self.prefix = Some(self.traits);
            text.clone_into(&mut self.last);
        }
        Flow::Continue
    }

    fn begin_variation(&mut self, _at: Pos) -> Flow {
        Flow::SkipVariation
    }

    fn end_game(&mut self) {}
}

/// The family a game is being replayed in.
enum Family {
    /// Not known yet: tags and leading comments go to both builders.
    Undecided,
    Draughts(DraughtsState),
    Chess(ChessState),
}

struct DraughtsState {
    variant: Variant,
    source: VariantSource,
    start: Position,
    pos: Position,
    prev: Position,
    stack: Vec<(Position, Position)>,
    /// For an inferred variant: the facts inference looks at, to confirm the guess at the end.
    main_words: usize,
    ten: bool,
    algebraic: bool,
    colon: bool,
}

struct ChessState {
    start: Chess,
    pos: Chess,
    /// The way back to the position before the last move, where a side line starts.
    back: LookBack,
    /// The 0-based index of the next move among the game's plies (a side line counts from
    /// where it branches).
    ply: usize,
    stack: Vec<(Chess, LookBack, usize)>,
    /// Reads the words, in English unless a second pass knows the language.
    san: SanReader,
    /// The move numbers written, checked against the moves.
    numbering: Numbering,
}

/// The way back to the position before the last move of the current line, from which a side
/// line starts: a position of the line at most [`LookBack::MOVES`] moves back (where the line
/// starts, or later) and the moves played since, replayed when a side line begins. A move
/// then costs a copy of the position only once in `MOVES` moves.
#[derive(Clone)]
struct LookBack {
    mark: Chess,
    since: ArrayVec<Move, { LookBack::MOVES }>,
}

impl LookBack {
    const MOVES: usize = 16;

    /// The way back in a line that starts at `start`.
    fn new(start: Chess) -> LookBack {
        LookBack {
            mark: start,
            since: ArrayVec::new(),
        }
    }

    /// Notes the move `m`, about to be played from `pos`.
    #[inline]
    fn push(&mut self, pos: &Chess, m: Move) {
        if self.since.is_full() {
            self.mark.clone_from(pos);
            self.since.clear();
        }
        self.since.push(m);
    }

    /// The position before the last move, or where the line starts if it has no move yet.
    fn before_last(&self) -> Chess {
        let mut pos = self.mark.clone();
        if let Some((_, moves)) = self.since.split_last() {
            for &m in moves {
                shakmaty::Position::play_unchecked(&mut pos, m);
            }
        }
        pos
    }
}

struct FastVisitor {
    options: ReadOptions,
    at: Pos,
    family: Family,
    draughts: GameBuilder<draughts::Move>,
    chess: GameBuilder<ChessMove>,
    reader: MoveReader,
    /// Tags until the family is known; then they move to its builder.
    tags: Vec<Tag>,
    game_type: Option<String>,
    fen: Option<String>,
    variant_tag: Option<String>,
    /// The Result tag is a score PDN does not know as a result (`4-6`): the general way
    /// reads such a game (the score may end its moves, see `site_forms::score_as_result`).
    score_result: bool,
    /// What the game's tags say about how it was written (see `tag_notes`).
    tag_watch: TagWatch,
    /// The move number written before the next move, if any.
    number: Option<u32>,
    /// Claims of chess move texts that do not hold (see `chess_claims`), in the order of the
    /// text.
    claims: Vec<GameError>,
    fallback: bool,
    /// Keep only what a check reports (see [`Checker`]).
    slim: bool,
    /// Move words handed over so far in this game, in the order of the text.
    words: u64,
    /// The number of the move word that did not replay under known rules (draughts), or in
    /// English (a chess main line without side lines before it), before any setup command:
    /// the general way fails there too (for chess, when the rest of the game does not
    /// change how the general way reads the main line: see [`same_traits`]).
    failed_word: Option<u64>,
    /// Plies of the main line replayed so far.
    plies: usize,
    /// A side line has begun in this game.
    side_lines: bool,
    /// Write each game while reading it, keeping no tree (see [`Converter`](super::Converter)).
    writing: Option<Box<Writing>>,
    /// The language chess words are read in: English, or on a second pass over a game the
    /// language its main line's letters leave.
    chess_language: Language,
    /// A chess word could not be read in `chess_language` in this game (`failed_word`, if
    /// set, is then a chess word: a game is of one family).
    failed_in_chess: bool,
}

impl FastVisitor {
    fn new(options: ReadOptions) -> FastVisitor {
        FastVisitor {
            options,
            at: Pos::default(),
            family: Family::Undecided,
            draughts: GameBuilder::new(),
            chess: GameBuilder::new(),
            reader: MoveReader::new(),
            tags: Vec::new(),
            game_type: None,
            fen: None,
            variant_tag: None,
            score_result: false,
            tag_watch: TagWatch::default(),
            number: None,
            claims: Vec::new(),
            fallback: false,
            slim: false,
            words: 0,
            failed_word: None,
            plies: 0,
            side_lines: false,
            writing: None,
            chess_language: Language::English,
            failed_in_chess: false,
        }
    }

    /// Hands an annotation to the builder of the game's family, or to both while the family
    /// is not known yet.
    fn each_builder(
        &mut self,
        draughts: impl FnOnce(&mut GameBuilder<draughts::Move>),
        chess: impl FnOnce(&mut GameBuilder<ChessMove>),
    ) {
        match self.family {
            Family::Draughts(_) => draughts(&mut self.draughts),
            Family::Chess(_) => chess(&mut self.chess),
            Family::Undecided => {
                draughts(&mut self.draughts);
                chess(&mut self.chess);
            }
        }
    }

    /// Whether the game's tree is built in full (not when checking, nor when writing while
    /// reading).
    fn keeps_tree(&self) -> bool {
        !self.slim && self.writing.is_none()
    }

    fn give_up(&mut self) -> Flow {
        self.fallback = true;
        Flow::SkipGame
    }

    /// Chooses the family from what is known before any move, if that is enough (else the
    /// first move decides). `false` when this reader leaves the game to the general one.
    fn decide_before_moves(&mut self) -> bool {
        if self.score_result {
            return false;
        }
        if self.options.chess.notation.is_some() || self.options.chess.language.is_some() {
            return false;
        }
        if let Some(gt) = &self.game_type {
            if gt.trim().split(',').next().map(str::trim) == Some("0") {
                return false;
            }
            return match variant_from_tags(gt, self.variant_tag.as_deref()) {
                Ok(v) => self.start_draughts(v, VariantSource::GameType, false),
                Err(_) => false,
            };
        }
        let tagged = self.variant_tag.as_deref().and_then(draughts_variant_named);
        match (self.options.rules, tagged) {
            (Some(Rules::Chess), _) => self.start_chess(),
            (_, Some(v)) => self.start_draughts(v, VariantSource::VariantTag, false),
            (Some(Rules::Draughts(v)), None) => {
                self.start_draughts(v, VariantSource::Selected, false)
            }
            (None, None) => true,
        }
    }

    /// Starts replaying under `variant`. `fen_ten`: the FEN tag names squares of a 10x10
    /// board, one of the facts a guessed variant is checked against at the end.
    fn start_draughts(&mut self, variant: Variant, source: VariantSource, fen_ten: bool) -> bool {
        let start = match &self.fen {
            Some(text) => match Fen::parse(text, variant) {
                Ok(Fen {
                    side: Some(_),
                    position,
                }) => position,
                _ => return false,
            },
            None => Position::start(variant),
        };
        self.draughts.tags_mut().extend(self.tags.drain(..));
        if let Some(w) = &mut self.writing {
            w.draughts_decided(&variant);
        }
        self.family = Family::Draughts(DraughtsState {
            variant,
            source,
            start,
            pos: start,
            prev: start,
            stack: Vec::new(),
            main_words: 0,
            ten: fen_ten,
            algebraic: false,
            colon: false,
        });
        true
    }

    fn start_chess(&mut self) -> bool {
        if self.variant_tag.is_some() {
            return false;
        }
        let start = match &self.fen {
            Some(text) => match chess_notation::position_from_fen(text) {
                Ok(p) => p,
                Err(_) => return false,
            },
            None => Chess::default(),
        };
        self.chess.tags_mut().extend(self.tags.drain(..));
        if let Some(w) = &mut self.writing {
            w.chess_decided(&start);
        }
        self.family = Family::Chess(ChessState {
            numbering: Numbering::new(&start, self.fen.is_some()),
            pos: start.clone(),
            back: LookBack::new(start.clone()),
            ply: 0,
            start,
            stack: Vec::new(),
            san: SanReader::in_language(self.chess_language),
        });
        true
    }

    /// Decides the family at the first move of a game whose tags and options did not.
    fn decide_at_first_move(&mut self, word: &str) -> bool {
        let chessy = word.starts_with(|c: char| c.is_ascii_uppercase() && c != 'X')
            || word.contains(['+', '#', '='])
            || (word.len() == 2
                && word.as_bytes()[0].is_ascii_lowercase()
                && word.as_bytes()[1].is_ascii_digit());
        let fen_is_chess = self.fen.as_deref().is_some_and(|f| f.contains('/'));
        if chessy || fen_is_chess || self.variant_tag.is_some() {
            return self.start_chess();
        }
        // Draughts words: the variant inference would try first, from what is known now.
        let draughtsy = word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'x' | b':'));
        if !draughtsy {
            return false;
        }
        let fen_ten = self
            .fen
            .as_deref()
            .is_some_and(|f| board_size_hint(Some(f), []) == BoardSize::Ten);
        let ten = fen_ten || board_size_hint(None, [word]) == BoardSize::Ten;
        let algebraic = word.starts_with(|c: char| c.is_ascii_alphabetic());
        if several_variants::shared_squares(ten, algebraic) {
            // Squares of several variants: the general way tries each.
            return false;
        }
        let guess = first_inferred(ten, algebraic, word.contains(':'));
        self.start_draughts(guess, VariantSource::Inferred, fen_ten)
    }

    fn draughts_move(&mut self, text: &str, at: Pos) -> Flow {
        let keeps_tree = self.keeps_tree();
        let Family::Draughts(d) = &mut self.family else {
            return Flow::Continue;
        };
        if d.stack.is_empty() && d.source == VariantSource::Inferred {
            if d.main_words < 40 && board_size_hint(None, [text]) == BoardSize::Ten {
                d.ten = true;
            }
            if d.main_words < 10 && text.starts_with(|c: char| c.is_ascii_alphabetic()) {
                d.algebraic = true;
            }
            d.colon |= text.contains(':');
            d.main_words += 1;
        }
        match self.reader.read(&d.pos, text) {
            Ok(m) => {
                if let Some(w) = &mut self.writing {
                    w.draughts_move(&d.pos, &m);
                }
                d.prev = d.pos;
                d.pos.play_unchecked(&m);
                if d.stack.is_empty() {
                    self.plies += 1;
                }
                if keeps_tree {
                    self.draughts.push_move(m, at);
                }
                Flow::Continue
            }
            Err(e) => {
                // An ambiguous capture is no failure yet: the rest of the game may settle it
                // (see `routes`); nor is a capture that the next plies may continue (one
                // capture written in parts, see `site_forms`). The general way reads the
                // whole game then.
                let open = matches!(e, draughts::MoveTextError::Ambiguous { .. })
                    || text.contains(['x', 'X', ':']);
                if d.source != VariantSource::Inferred && !self.fallback && !open {
                    self.failed_word = Some(self.words);
                }
                self.give_up()
            }
        }
    }

    fn chess_move(&mut self, text: &str, number: Option<u32>, at: Pos) -> Flow {
        let keeps_tree = self.keeps_tree();
        let Family::Chess(c) = &mut self.family else {
            return Flow::Continue;
        };
        // The notation and language come from the main line, as in the general reader.
        let found = if c.stack.is_empty() {
            c.san.read(&c.pos, text)
        } else {
            c.san.read_side_line(&c.pos, text)
        };
        match found {
            Some(m) => {
                if let Some(w) = &mut self.writing {
                    w.chess_move(&c.pos, m);
                }
                c.back.push(&c.pos, m);
                shakmaty::Position::play_unchecked(&mut c.pos, m);
                c.ply += 1;
                if c.stack.is_empty() {
                    self.plies += 1;
                }
                if keeps_tree {
                    self.chess.push_move(ChessMove::Move(m), at);
                }
                if let Some(written) = number
                    && !c.numbering.holds(written, c.ply - 1)
                    && !note_number(
                        &mut self.claims,
                        self.options.chess.strict,
                        c,
                        written,
                        text,
                        at,
                    )
                {
                    return self.give_up();
                }
                // The reader took the word apart: only a sign at its end, or a capture mark
                // on a move that takes nothing, needs a look.
                if (chess_claims::ends_with_sign(text) || c.san.marked_capture() && !m.is_capture())
                    && let Some(message) = chess_claims::claim_of_signs(text, m, &c.pos)
                {
                    if self.options.chess.strict {
                        // The general way says where.
                        return self.give_up();
                    }
                    let mover = Mover::to(&c.pos);
                    let e = chess_claims::claim_error(text, at, c.ply, mover, message);
                    self.claims.push(e);
                }
                Flow::Continue
            }
            None => {
                self.failed_in_chess = true;
                if c.stack.is_empty() && !self.side_lines && !self.fallback {
                    self.failed_word = Some(self.words);
                }
                self.give_up()
            }
        }
    }
}

/// Notes a move number that is not the one due (see [`Numbering::check`]) for the move just
/// played by `c`; `false` when the game is to go to the general reader (strict, or a number
/// this reader cannot settle).
#[cold]
#[inline(never)]
fn note_number(
    claims: &mut Vec<GameError>,
    strict: bool,
    c: &mut ChessState,
    written: u32,
    text: &str,
    at: Pos,
) -> bool {
    match c.numbering.check(written, c.ply - 1, c.stack.is_empty()) {
        NumberCheck::Holds => true,
        NumberCheck::Unsettled => false,
        NumberCheck::Wrong(_) if strict => false,
        NumberCheck::Wrong(message) => {
            let mover = Mover::to(&c.pos);
            claims.push(chess_claims::claim_error(text, at, c.ply, mover, message));
            true
        }
    }
}

impl Visitor for FastVisitor {
    type Output = Option<AnyGame>;

    fn begin_game(&mut self, at: Pos) {
        self.at = at;
        self.family = Family::Undecided;
        self.draughts.begin_game(at);
        self.chess.begin_game(at);
        self.game_type = None;
        self.fen = None;
        self.variant_tag = None;
        self.score_result = false;
        self.tag_watch.clear();
        self.claims.clear();
        self.number = None;
        self.fallback = false;
        self.words = 0;
        self.failed_word = None;
        self.plies = 0;
        self.side_lines = false;
        self.failed_in_chess = false;
        self.tags.clear();
        if let Some(w) = &mut self.writing {
            w.begin_game();
        }
    }

    fn tag(&mut self, name: &str, value: &str, at: Pos) {
        if let Some(w) = &mut self.writing {
            w.tag(name, value);
        }
        let keeps_tree = self.keeps_tree();
        // Kept for the tree, the game's tags are all in `tags` (the family is chosen after
        // them): the watch finds a name given again there.
        let earlier = keeps_tree.then_some(&self.tags[..]);
        self.tag_watch.tag(name, at, earlier);
        if name == "Result" {
            let value = value.trim();
            self.score_result |=
                !record::ResultToken::is_result(value) && site_forms::looks_like_score(value);
        }
        // The first of repeated tags counts, as for the general reader (`Tags::get`).
        let slot = match name {
            "GameType" => Some(&mut self.game_type),
            "FEN" => Some(&mut self.fen),
            "Variant" => Some(&mut self.variant_tag),
            // Writing needs the players' tags too (P1 and P2 become White and Black).
            _ if !(keeps_tree
                || RULE_TAGS.contains(&name)
                || self.writing.is_some() && PLAYER_TAGS.contains(&name)) =>
            {
                return;
            }
            _ => None,
        };
        if let Some(slot) = slot {
            slot.get_or_insert_with(|| value.to_string());
        }
        self.tags.push(Tag {
            name: name.into(),
            value: value.into(),
            at,
        });
    }

    fn begin_movetext(&mut self) -> Flow {
        if let Some(w) = &mut self.writing {
            w.begin_movetext();
        }
        if self.decide_before_moves() {
            Flow::Continue
        } else {
            self.give_up()
        }
    }

    /// The number is checked here, against the move it stands before; the tree this reader
    /// builds does not keep it (see `record::Node::number`).
    fn move_number(&mut self, number: Option<u32>, _dots: u32, _at: Pos) {
        if number.is_some() {
            self.number = number;
        }
    }

    fn move_word(&mut self, text: &str, at: Pos) -> Flow {
        self.words += 1;
        let number = self.number.take();
        if matches!(self.family, Family::Undecided) && !self.decide_at_first_move(text) {
            return self.give_up();
        }
        match self.family {
            Family::Draughts(_) => self.draughts_move(text, at),
            Family::Chess(_) => self.chess_move(text, number, at),
            Family::Undecided => self.give_up(),
        }
    }

    fn nag(&mut self, nag: Nag, _at: Pos) {
        if let Some(w) = &mut self.writing {
            w.nag(nag);
        }
        if !self.keeps_tree() {
            return;
        }
        self.each_builder(|b| b.push_nag(nag), |b| b.push_nag(nag));
    }

    fn comment(&mut self, text: &str, kind: CommentKind, _at: Pos) {
        if let Some(w) = &mut self.writing {
            w.comment(text, kind);
        }
        if !self.keeps_tree() {
            return;
        }
        self.each_builder(
            |b| b.push_comment(text, kind),
            |b| b.push_comment(text, kind),
        );
    }

    fn begin_variation(&mut self, _at: Pos) -> Flow {
        self.side_lines = true;
        self.number = None;
        let keeps_tree = self.keeps_tree();
        match &mut self.family {
            Family::Draughts(d) => {
                d.stack.push((d.pos, d.prev));
                d.pos = d.prev;
                if keeps_tree {
                    self.draughts.begin_variation();
                }
            }
            Family::Chess(c) => {
                let before = c.back.before_last();
                let back = std::mem::replace(&mut c.back, LookBack::new(before.clone()));
                c.stack
                    .push((std::mem::replace(&mut c.pos, before), back, c.ply));
                c.ply = c.ply.saturating_sub(1);
                if keeps_tree {
                    self.chess.begin_variation();
                }
            }
            Family::Undecided => return self.give_up(),
        }
        if let Some(w) = &mut self.writing {
            w.begin_variation();
        }
        Flow::Continue
    }

    fn end_variation(&mut self, _at: Pos) {
        self.number = None;
        let keeps_tree = self.keeps_tree();
        match &mut self.family {
            Family::Draughts(d) => {
                if let Some((pos, prev)) = d.stack.pop() {
                    d.pos = pos;
                    d.prev = prev;
                }
                if keeps_tree {
                    self.draughts.end_variation();
                }
            }
            Family::Chess(c) => {
                if let Some((pos, back, ply)) = c.stack.pop() {
                    c.pos = pos;
                    c.back = back;
                    c.ply = ply;
                }
                if keeps_tree {
                    self.chess.end_variation();
                }
            }
            // No side line begins before the family is known (the game is given up).
            Family::Undecided => return,
        }
        if let Some(w) = &mut self.writing {
            w.end_variation();
        }
    }

    fn setup(&mut self, _name: &str, _value: &str, _at: Pos) {
        self.fallback = true;
    }

    fn escape(&mut self, line: &str, _at: Pos) {
        if let Some(w) = &mut self.writing {
            w.escape(line);
        }
        if !self.keeps_tree() {
            return;
        }
        self.each_builder(|b| b.push_escape(line), |b| b.push_escape(line));
    }

    fn result(&mut self, text: &str, at: Pos) {
        self.each_builder(|b| b.set_result(text, at), |b| b.set_result(text, at));
    }

    fn end_game(&mut self) -> Option<AnyGame> {
        let mut notes = self.tag_watch.take();
        notes.append(&mut self.claims);
        let mut game = self.replayed()?;
        game.put_warnings_first(notes);
        if let Some(w) = &mut self.writing {
            w.finish(&game);
        }
        Some(game)
    }
}

impl FastVisitor {
    /// The game read, if it was replayed here; `None` leaves it to the general way.
    fn replayed(&mut self) -> Option<AnyGame> {
        let draughts_game = self.draughts.finish();
        let chess_game = self.chess.finish();
        if self.fallback {
            return None;
        }
        match std::mem::replace(&mut self.family, Family::Undecided) {
            Family::Draughts(d) => {
                if d.source == VariantSource::Inferred
                    && (first_inferred(d.ten, d.algebraic, d.colon) != d.variant
                        || several_variants::shared_squares(d.ten, d.algebraic))
                {
                    return None;
                }
                Some(AnyGame::Draughts(DraughtsGame::from_replay(
                    draughts_game,
                    d.variant,
                    d.source,
                    d.start,
                    d.pos,
                )))
            }
            Family::Chess(c) => {
                let (notation, _) = c.san.finish()?;
                Some(AnyGame::Chess(ChessGame::from_replay(
                    chess_game,
                    ChessVariant::Standard,
                    c.start,
                    c.pos,
                    notation,
                    c.san.language(),
                )))
            }
            // No move at all: what the game is comes from its tags (and the options) alone,
            // as the general way finds it; comments and NAGs, not kept here, change nothing.
            Family::Undecided if !self.keeps_tree() && self.words == 0 => {
                let mut game = Game::<String>::new();
                game.tags = std::mem::take(&mut self.tags).into();
                game.result = chess_game.result;
                game.at = self.at;
                AnyGame::read_moves(game, &self.options).ok()
            }
            Family::Undecided => None,
        }
    }
}
