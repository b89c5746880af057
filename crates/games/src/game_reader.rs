//! The one reading path: a game's tokens, as [`record`] hands them over, replayed move by move
//! under the rules of its family ([`DraughtsReadings`] for draughts, chess-notation's
//! [`WordReader`] for chess), and kept as the caller asks ([`Keep`]: the tree, what a check
//! reports, or the text written in another notation).
//!
//! What the game is comes from [`family`](super::family). A game whose tags and options do not
//! say is read first under what its first move points to; when the whole game shows the guess
//! wrong ([`Outcome::Again`]), the caller reads it once more with every candidate reading in
//! step ([`Pass::Full`]): the only text of a game read twice.
//!
//! While the move of some word is not known yet (the family undecided, readings that part, a
//! word that waits), the tokens are held back in an [`EventLog`] and handed on once one
//! reading is left.

use chess_notation::{ChessRules, Fate, Step, WordError};
use draughts::Variant;
use record::{CommentKind, Flow, Game, GameBuilder, Leniency, Nag, Pos, ResultToken, Tag, Visitor};
use shakmaty::variant::VariantPosition;

use super::any_game::AnyGame;
use super::chess_game::{ChessGame, ChessVariant};
use super::chess_reader::{ChessFates, ChessReader};
use super::draughts_game::DraughtsGame;
use super::draughts_readings::{DraughtsFate, DraughtsReadings, Heard, Survivor};
use super::error::{GameError, Ply, Problem};
use super::event_log::{Event, EventLog};
use super::family::{self, Before, Facts, Family, Guess, RuleTags, inference_order_from};
use super::keep::{Keep, Kept};
use super::options::ReadOptions;
use super::several_variants;
use super::tag_notes::TagWatch;
use super::variant_source::VariantSource;

/// Which reading of a game this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pass {
    /// The first: under what the tags, the options or the first move point to.
    First,
    /// Again, with every candidate reading in step.
    Full,
}

/// What reading a game gave.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// The game, and the moves of its main line.
    Game(Box<AnyGame>, usize),
    /// What is wrong with the game, with its place.
    Bad(GameError),
    /// The first pass's guess does not fit the game: read it again with [`Pass::Full`].
    Again,
}

/// Where a game's family stands.
#[derive(Debug)]
enum State {
    /// Before the movetext, or before the first word when the tags did not decide.
    Open,
    Draughts,
    Chess,
    /// Both families, in step (the full pass of a game its words do not place).
    Both,
    /// The tags refuse the game.
    Refused(GameError),
}

/// The rules the keeper was told a game is read under.
#[derive(Clone, Copy, Debug)]
enum Told {
    Chess,
    /// A draughts variant, interned.
    Draughts(&'static Variant),
}

/// A score word (`4-6`) that may be the game's result, waiting for what follows it.
#[derive(Debug)]
struct HeldScore {
    text: String,
    at: Pos,
    number: Option<u32>,
    /// Its event in the log.
    event: usize,
}

/// The one reading path (see the module's documentation).
pub(crate) struct GameReader {
    pub(crate) options: ReadOptions,
    /// The family every game is read as, when the caller says (else the game tells).
    pub(crate) only: Option<Kept>,
    pub(crate) keep: Keep,
    pub(crate) pass: Pass,
    at: Pos,
    tags: Vec<Tag>,
    rules: RuleTags,
    tag_watch: TagWatch,
    facts: Facts,
    number: Option<u32>,
    depth: usize,
    log: EventLog,
    state: State,
    draughts: DraughtsReadings,
    /// The variants the draughts readings started with, and what decided them.
    draughts_source: VariantSource,
    guessed: Option<&'static Variant>,
    /// The chess reader (boxed: it is handed between these fields at every game).
    chess: Option<Box<ChessReader>>,
    /// A chess reader done with its game, to read the next one with.
    spare_chess: Option<Box<ChessReader>>,
    /// The chess game's variant and start, and what its FEN tag needed dropped (warnings).
    chess_start: Option<(ChessVariant, VariantPosition, Vec<GameError>)>,
    /// Why the tags refuse a chess reading, in a game read as either family.
    chess_refused: Option<GameError>,
    held_score: Option<HeldScore>,
    result: Option<ResultToken>,
    /// The rules the keeper was told the game is read under (it numbers the moves it writes
    /// by them, before the first).
    told: Option<Told>,
    /// The score word held back that became the result: its event in the log, which no
    /// reading read.
    score_event: Option<usize>,
    /// Tokens are held back until the readers settle, whether or not any came yet.
    holding: bool,
    /// The Result tag when it is a score (`4-6`): a main-line word equal to it may be the
    /// result.
    score: Option<String>,
    /// The first pass's guess failed: the game is read again.
    again: bool,
    /// A word that drops a piece (`N@e3`) failed in the first pass of a game whose tags
    /// name no variant: the game is read again as Crazyhouse.
    drops: bool,
}

impl GameReader {
    /// A reader with `options`, keeping what `keep` keeps.
    pub(crate) fn new(options: ReadOptions, keep: Keep) -> GameReader {
        GameReader {
            options,
            only: None,
            keep,
            pass: Pass::First,
            at: Pos::default(),
            tags: Vec::new(),
            rules: RuleTags::default(),
            tag_watch: TagWatch::default(),
            facts: Facts::default(),
            number: None,
            depth: 0,
            log: EventLog::default(),
            state: State::Open,
            draughts: DraughtsReadings::default(),
            draughts_source: VariantSource::Inferred,
            guessed: None,
            chess: None,
            spare_chess: None,
            chess_start: None,
            chess_refused: None,
            held_score: None,
            result: None,
            score_event: None,
            told: None,
            holding: false,
            score: None,
            again: false,
            drops: false,
        }
    }

    /// Where the game being read starts.
    pub(crate) fn at(&self) -> Pos {
        self.at
    }

    /// Makes room for a game's text of about `len` bytes when it is written (a game read
    /// again, whose length is known).
    pub(crate) fn expect_text(&mut self, len: usize) {
        if let Keep::Write(w) = &mut self.keep {
            // The text written is at most about twice the game's (move numbers added to a
            // line written without them); room not written to is not taken from the system.
            w.expect(len.saturating_mul(2));
        }
    }

    /// Whether the decision still needs what the main line's words show: before the family
    /// is known, and for a draughts variant inferred.
    #[inline]
    fn needs_facts(&self) -> bool {
        match self.state {
            State::Open | State::Both => true,
            State::Draughts => self.draughts_source == VariantSource::Inferred,
            State::Chess | State::Refused(_) => false,
        }
    }

    /// Whether tokens are held back now.
    #[inline]
    fn holding(&self) -> bool {
        self.holding || !self.log.is_empty()
    }

    /// Starts holding tokens back (the readers keep their fates from now on).
    fn hold(&mut self) {
        self.holding = true;
        self.draughts.start_logging();
        if let Some(c) = &mut self.chess {
            c.start_logging();
        }
    }

    /// Starts the draughts readings under `variants` (those of a full pass: every candidate).
    fn start_draughts(&mut self, variants: &[&'static Variant], source: VariantSource) {
        let fen = self.rules.fen.as_ref().map(|(f, at)| (f.as_str(), *at));
        self.draughts.start(variants, fen);
        self.draughts_source = source;
        if let [v] = variants {
            self.tell_draughts(v);
        }
    }

    /// Tells the keeper the game is draughts under `variant`, once.
    fn tell_draughts(&mut self, variant: &'static Variant) {
        if !matches!(self.told, Some(Told::Draughts(told)) if std::ptr::eq(told, variant)) {
            self.told = Some(Told::Draughts(variant));
            self.keep.draughts(variant);
        }
    }

    /// Starts the chess reader; the game is refused if its tags name no start position.
    fn start_chess(&mut self) -> Result<(), GameError> {
        let (variant, start, repairs) = if self.drops && self.rules.variant.is_none() {
            let (variant, start, mut repairs) =
                family::chess_start_as(ChessVariant::Crazyhouse, &self.rules, self.at)?;
            repairs.push(GameError::at(
                self.at,
                "no Variant tag: read as Crazyhouse, since its moves drop pieces (`N@e3`)",
            ));
            (variant, start, repairs)
        } else {
            family::chess_start(&self.rules, self.at)?
        };
        let from_fen = self.rules.fen.is_some();
        let options = &self.options.chess;
        let english = self.pass == Pass::First;
        // The reader of the last chess game, kept for its memory.
        let reader =
            ChessReader::start(self.spare_chess.take(), &start, from_fen, options, english);
        self.told = Some(Told::Chess);
        self.keep.chess(&start);
        self.chess = Some(reader);
        self.chess_start = Some((variant, start, repairs));
        Ok(())
    }

    /// Decides the family at the first word of the main line (or the first side line before
    /// it), when the tags did not.
    fn decide_open(&mut self, first: Option<&str>) {
        let guess = match (self.pass, first) {
            (Pass::First, Some(word)) => family::guess(word, &self.rules, self.only),
            (Pass::Full, Some(word))
                if family::guess(word, &self.rules, self.only) == Guess::Chess =>
            {
                Guess::Chess
            }
            _ => Guess::Everything,
        };
        if guess == Guess::Everything {
            // Every candidate is read: the reading is complete, no second one is needed.
            self.pass = Pass::Full;
        }
        match guess {
            Guess::Chess => {
                if let Err(e) = self.start_chess() {
                    self.state = State::Refused(e);
                    return;
                }
                self.state = State::Chess;
            }
            Guess::Draughts(v) => {
                self.start_draughts(&[v], VariantSource::Inferred);
                self.guessed = Some(v);
                self.state = State::Draughts;
            }
            Guess::Everything => {
                let every = inference_order_from(false, false, false);
                self.start_draughts(every, VariantSource::Inferred);
                self.draughts.start_logging();
                if self.only == Some(Kept::Draughts) {
                    self.state = State::Draughts;
                    self.setups_before();
                    self.flush_if_settled();
                    return;
                }
                // A chess reading too, unless the tags refuse chess.
                match self.start_chess() {
                    Ok(()) => {
                        self.state = State::Both;
                        self.hold();
                    }
                    Err(e) => {
                        self.chess_refused = Some(e);
                        self.state = State::Draughts;
                    }
                }
            }
        }
        self.setups_before();
        self.flush_if_settled();
    }

    /// Hands the setup commands held back before the first move (they set the draughts
    /// start) to the draughts readings.
    fn setups_before(&mut self) {
        for e in 0..self.log.events().len() {
            if let Event::Setup { name, value, at } = &self.log.events()[e] {
                let name = self.log.str(name).to_string();
                let value = self.log.str(value).to_string();
                self.draughts.setup(&name, &value, *at);
            }
        }
    }

    /// Hands the tokens held back on once one reading is left and nothing waits.
    fn flush_if_settled(&mut self) {
        if self.held_score.is_some() {
            return;
        }
        match self.state {
            State::Draughts if self.draughts.settled() => {
                if let Some(key) = self.draughts.single() {
                    // The readings started under several variants: one is left.
                    self.tell_draughts(key.variant);
                }
                let fates = self.draughts.take_fates();
                self.flush_draughts(fates);
            }
            State::Chess if self.chess.as_ref().is_some_and(|c| c.settled()) => {
                if let Some(fates) = self.chess.as_mut().map(|c| c.take_fates()) {
                    self.flush_chess(fates);
                }
            }
            _ => {}
        }
    }

    /// Hands the tokens held back on to what is kept, each word with its draughts fate.
    fn flush_draughts(&mut self, fates: Vec<DraughtsFate>) {
        let mut fates = fates.into_iter();
        let skip = self.score_event;
        let log = std::mem::take(&mut self.log);
        for (i, event) in log.events().iter().enumerate() {
            match event {
                Event::Word { at, number, .. } => {
                    if Some(i) == skip {
                        continue;
                    }
                    if let Some(DraughtsFate::Move { mv, before }) = fates.next() {
                        self.keep.draughts_move(&before, mv, *at, *number);
                    }
                }
                other => pass_on(&mut self.keep, &log, other),
            }
        }
        self.log = log;
        self.log.clear();
        self.holding = false;
    }

    /// Hands the tokens held back on to what is kept, each word with its chess fate.
    fn flush_chess(&mut self, fates: ChessFates) {
        match fates {
            ChessFates::Standard(fates) => self.flush_chess_fates(fates),
            ChessFates::Variant(fates) => self.flush_chess_fates(fates),
        }
    }

    fn flush_chess_fates<R: ChessRules>(&mut self, fates: Vec<Fate<R>>) {
        let mut fates = fates.into_iter();
        let log = std::mem::take(&mut self.log);
        for event in log.events() {
            match event {
                Event::Word { at, number, .. } => {
                    if let Some(Fate::Move { mv, before }) = fates.next() {
                        self.keep.chess_move(&before, &mv, *at, *number);
                    }
                }
                other => pass_on(&mut self.keep, &log, other),
            }
        }
        self.log = log;
        self.log.clear();
        self.holding = false;
    }

    /// A comment kept, or held back with the words, and the draughts readings told of it.
    #[inline(never)]
    fn keep_comment(&mut self, text: &str, kind: CommentKind) {
        if self.holding() || matches!(self.state, State::Open) {
            self.log.comment(text, kind);
        } else if !matches!(self.keep, Keep::Check) {
            self.keep.comment(text, kind);
        }
        if matches!(self.state, State::Draughts | State::Both) {
            self.draughts.interrupt();
        }
    }

    /// [`Visitor::move_word`] for any word.
    #[inline(never)]
    fn any_move_word(&mut self, text: &str, at: Pos) -> Flow {
        let number = self.number.take();
        if text.len() > MAX_MOVE_WORD {
            // No move is written so long: the word is not read as one (each reading would
            // copy it into its error), and the game ends here.
            self.state = State::Refused(word_too_long(text, at));
            return Flow::SkipGame;
        }
        if self.depth == 0 {
            if self.held_score.is_some() && self.release_score() == Flow::SkipGame {
                return Flow::SkipGame;
            }
            if self.needs_facts() {
                self.facts.word(text);
            }
            if self.score.as_deref().is_some_and(|s| s == text) {
                // Perhaps the result, if it ends the main line.
                if matches!(self.state, State::Open) {
                    self.decide_open(Some(text));
                }
                self.hold();
                let event = self.log.events().len();
                self.log.word(text, at, number);
                self.held_score = Some(HeldScore {
                    text: text.to_string(),
                    at,
                    number,
                    event,
                });
                return Flow::Continue;
            }
        }
        if matches!(self.state, State::Open) {
            self.decide_open((self.depth == 0).then_some(text));
        }
        if matches!(self.state, State::Refused(_)) {
            return Flow::SkipGame;
        }
        self.read_word(text, at, number)
    }

    /// Reads a word in the family's readers.
    fn read_word(&mut self, text: &str, at: Pos, number: Option<u32>) -> Flow {
        // Once every reading failed, nothing held back is played again: the log need not
        // grow (a line of a million words after an illegal move took gigabytes).
        let holding = self.holding() && !self.all_failed();
        if holding {
            self.log.word(text, at, number);
        }
        match self.state {
            State::Draughts => match self.draughts.word(text, at) {
                Heard::Played => {
                    // A check keeps no move.
                    if !matches!(self.keep, Keep::Check)
                        && let Some((before, mv)) = self.draughts.played()
                    {
                        self.keep.draughts_move(&before, mv, at, number);
                    }
                }
                Heard::Pending => self.pending(text, at, number, holding),
                Heard::Failed => {
                    if self.draughts_source == VariantSource::Inferred {
                        if self.pass == Pass::First {
                            self.again = true;
                        } else {
                            // The order of the variants (and so the error) depends on the
                            // rest of the words (their facts, not the words themselves).
                            return Flow::Continue;
                        }
                    }
                    return Flow::SkipGame;
                }
            },
            State::Chess => return self.chess_word(text, at, number, holding),
            State::Both => {
                let _ = self.draughts.word(text, at);
                if let Some(c) = &mut self.chess {
                    let _ = c.word_unkept(text, number, at);
                }
            }
            State::Open | State::Refused(_) => {}
        }
        Flow::Continue
    }

    /// A word the family's readers hold back: logged (unless `holding` logged it already),
    /// and handed on with what it held back once the readers settle.
    fn pending(&mut self, text: &str, at: Pos, number: Option<u32>, holding: bool) {
        if !holding {
            self.log.word(text, at, number);
        }
        self.flush_if_settled();
    }

    /// Reads a word in the chess reader; `holding` says whether the word is logged already.
    #[inline(never)]
    fn chess_word(&mut self, text: &str, at: Pos, number: Option<u32>, holding: bool) -> Flow {
        let Some(reader) = self.chess.as_mut() else {
            return Flow::SkipGame;
        };
        let step = reader.word(text, number, at, &mut self.keep);
        match step {
            Step::Played | Step::Joined => {}
            Step::Pending => self.pending(text, at, number, holding),
            Step::Failed => {
                if self.pass == Pass::First {
                    self.again = true;
                    self.drops |= self.rules.variant.is_none() && is_drop_word(text);
                }
                return Flow::SkipGame;
            }
        }
        Flow::Continue
    }

    /// Whether every reading of the game failed: what the log holds back is never played.
    fn all_failed(&self) -> bool {
        let chess_failed = self.chess.as_ref().is_none_or(|c| c.failed());
        match self.state {
            State::Draughts => self.draughts.failed(),
            State::Chess => chess_failed,
            State::Both => self.draughts.failed() && chess_failed,
            State::Open | State::Refused(_) => false,
        }
    }

    /// Feeds a score word held back to the readers as a move (something followed it).
    fn release_score(&mut self) -> Flow {
        let Some(held) = self.held_score.take() else {
            return Flow::Continue;
        };
        // Its event is in the log already: read it as the log's word.
        let _ = held.event;
        match self.state {
            State::Draughts => {
                let _ = self.draughts.word(&held.text, held.at);
            }
            State::Chess => {
                if let Some(c) = &mut self.chess {
                    let _ = c.word_unkept(&held.text, held.number, held.at);
                }
            }
            State::Both => {
                let _ = self.draughts.word(&held.text, held.at);
                if let Some(c) = &mut self.chess {
                    let _ = c.word_unkept(&held.text, held.number, held.at);
                }
            }
            _ => {}
        }
        if self.draughts.failed()
            && self.pass == Pass::First
            && matches!(self.state, State::Draughts)
            && self.draughts_source == VariantSource::Inferred
        {
            self.again = true;
            return Flow::SkipGame;
        }
        self.flush_if_settled();
        Flow::Continue
    }

    /// The game read: its outcome.
    fn outcome(&mut self) -> Outcome {
        if self.again {
            return Outcome::Again;
        }
        let mut notes = self.tag_watch.take();
        if let State::Refused(e) = &mut self.state {
            let e = std::mem::replace(e, GameError::at(Pos::default(), String::new()));
            return Outcome::Bad(e);
        }
        match self.state {
            State::Refused(_) => Outcome::Bad(GameError::at(self.at, "refused")),
            State::Open => {
                // No move at all: what the game is comes from its tags and options.
                let family = match self.only {
                    Some(Kept::Chess) => Family::Chess,
                    Some(Kept::Draughts) => Family::Draughts,
                    None => self.facts.family(&self.rules, self.options.prefer_chess),
                };
                if family == Family::Chess {
                    match self.start_chess() {
                        Ok(()) => self.finish_chess(notes),
                        Err(e) => Outcome::Bad(e),
                    }
                } else {
                    let (variants, _) = self.facts.inference(&self.rules);
                    self.start_draughts(variants, VariantSource::Inferred);
                    self.setups_before();
                    self.finish_draughts(notes, None)
                }
            }
            State::Draughts => {
                // A game the tags refuse as chess, read as draughts: chess if its words say so.
                if let Some(e) = self.chess_refused.take()
                    && self.facts.family(&self.rules, self.options.prefer_chess) == Family::Chess
                {
                    return Outcome::Bad(e);
                }
                self.finish_draughts(std::mem::take(&mut notes), None)
            }
            State::Chess => {
                let outcome = self.finish_chess(notes);
                if self.again {
                    return Outcome::Again;
                }
                outcome
            }
            State::Both => {
                let family = self.facts.family(&self.rules, self.options.prefer_chess);
                let chess = self.chess.take();
                match family {
                    Family::Draughts => self.finish_draughts(notes, None),
                    Family::Chess => {
                        self.chess = chess;
                        self.finish_chess(notes)
                    }
                    Family::Either => self.finish_draughts(notes, chess),
                }
            }
        }
    }

    /// The draughts game read, or its error. `chess`: a chess reading of the same words, the
    /// answer if no draughts reading replays the game (then the error of whichever got
    /// further).
    fn finish_draughts(
        &mut self,
        notes: Vec<GameError>,
        chess: Option<Box<ChessReader>>,
    ) -> Outcome {
        let score = self.score_result();
        let (survivors, deaths) = self.draughts.finish();
        let decided = !matches!(self.draughts_source, VariantSource::Inferred);
        let (order, several) = self.facts.inference(&self.rules);
        if let Some(guess) = self.guessed
            && self.pass == Pass::First
            && (survivors.is_empty()
                || !self
                    .facts
                    .keeps_guess(guess, &self.rules, self.only.is_none()))
        {
            return Outcome::Again;
        }
        // Variants interned: one object each (see `inference_order_from`).
        let rank = |v: &'static Variant| {
            order
                .iter()
                .position(|x| std::ptr::eq(*x, v))
                .unwrap_or(usize::MAX)
        };
        // The first reading of each variant that replays the game (the least by its key's
        // rank, the earliest of equals), in the order of the variants. Readings are big:
        // they are picked by index, and only those picked are moved.
        // Each pick: the variant's rank, the key's rank, the survivor's index.
        let mut picked: Vec<(usize, u8, usize)> = Vec::new();
        for (i, s) in survivors.iter().enumerate() {
            let key = (rank(s.key.variant), s.key.rank(), i);
            match picked
                .iter_mut()
                .find(|(_, _, p)| std::ptr::eq(survivors[*p].key.variant, s.key.variant))
            {
                Some(best) => *best = key.min(*best),
                None => picked.push(key),
            }
        }
        picked.sort_unstable();
        let mut slots: Vec<Option<Survivor>> = survivors.into_iter().map(Some).collect();
        let mut readings: Vec<Survivor> = picked
            .iter()
            .filter_map(|&(_, _, i)| slots[i].take())
            .collect();
        if readings.is_empty() {
            let error = draughts_error(order, decided, deaths);
            let Some(chess) = chess else {
                return Outcome::Bad(error);
            };
            // Either family: chess if it reads, else the error that got further.
            self.chess = Some(chess);
            return match self.finish_chess_reading(Vec::new()) {
                Ok((game, plies)) => Outcome::Game(Box::new(game_with_notes(game, notes)), plies),
                Err(chess_error) => {
                    let reached = |e: &GameError| e.ply.as_ref().map_or(0, |p| p.index);
                    let asked = self.options.chess.notation.is_some()
                        || self.options.chess.language.is_some();
                    let chess_reached = reached(&chess_error) + usize::from(asked);
                    Outcome::Bad(if chess_reached > reached(&error) {
                        chess_error
                    } else {
                        error
                    })
                }
            };
        }
        if decided || !several {
            readings.truncate(1);
        } else {
            let size = readings[0].key.variant.size;
            readings.retain(|r| r.key.variant.size == size);
        }
        let plies = readings[0].plies;
        let source = if decided {
            self.draughts_source
        } else {
            VariantSource::Inferred
        };
        let mut games: Vec<DraughtsGame> = Vec::with_capacity(readings.len());
        if readings.len() == 1 {
            let reading = readings.remove(0);
            self.tell_draughts(reading.key.variant);
            if !self.log.is_empty() {
                let fates = reading.fates.clone();
                self.flush_draughts(fates);
            }
            let mut game = self.keep.draughts_tree();
            game.tags = std::mem::take(&mut self.tags).into();
            games.push(self.draughts_game(game, reading, source, &score));
        } else {
            // Several variants replay the game: the text was held back from its start, and
            // each reading's tree is built from it.
            let trees = !matches!(self.keep, Keep::Check);
            for reading in readings {
                let mut builder = GameBuilder::new();
                builder.begin_game(self.at);
                if trees {
                    build_draughts(&mut builder, &self.log, &reading.fates, self.score_event);
                }
                let mut game = builder.finish();
                game.tags = self.tags.clone().into();
                games.push(self.draughts_game(game, reading, source, &score));
            }
            self.log.clear();
        }
        let mut g = if games.len() == 1 {
            games.remove(0)
        } else {
            let variants: Vec<Variant> = games.iter().map(|g| g.variant).collect();
            let (chosen, source) = several_variants::decide_by(
                self.rules.event.as_deref(),
                self.rules.site.as_deref(),
                self.facts.colon_only(),
                &variants,
            );
            for g in &mut games {
                g.source = source;
            }
            let mut g = games.remove(chosen);
            let warning = several_variants::warning(self.at, &variants, &g.variant, source);
            g.warnings.insert(0, warning);
            g.others = games;
            g
        };
        if let Some((note, _)) = score {
            g.warn_first(vec![note]);
        }
        let mut game = AnyGame::Draughts(g);
        game.put_warnings_first(notes);
        Outcome::Game(Box::new(game), plies)
    }

    /// A draughts game from its tree and reading.
    fn draughts_game(
        &self,
        mut game: Game<draughts::Move>,
        reading: Survivor,
        source: VariantSource,
        score: &Option<(GameError, ResultToken)>,
    ) -> DraughtsGame {
        game.at = self.at;
        game.result = match score {
            Some((_, token)) => Some(token.clone()),
            None => self.result.clone(),
        };
        let mut g = DraughtsGame::from_replay(
            game,
            *reading.key.variant,
            source,
            reading.start,
            reading.end,
        );
        g.warnings.splice(0..0, reading.warnings);
        g
    }

    /// The score word held back at the end of the main line, read as the result when the
    /// movetext has no result token (see
    /// [`site_forms::score_as_result`](super::site_forms::score_as_result)): the warning and
    /// the result token. With a result token, the word is read as a move after all.
    fn score_result(&mut self) -> Option<(GameError, ResultToken)> {
        let held = self.held_score.take()?;
        if self.result.is_some() {
            self.held_score = Some(held);
            let _ = self.release_score();
            return None;
        }
        self.score_event = Some(held.event);
        let note = GameError::at(
            held.at,
            format!(
                "`{}` at the end of the moves is read as the result, as the Result tag says (a \
                 score PDN does not know as a result; it is kept as written)",
                held.text
            ),
        );
        Some((
            note,
            ResultToken {
                text: held.text,
                at: held.at,
            },
        ))
    }

    /// The chess game read, or its error.
    fn finish_chess(&mut self, notes: Vec<GameError>) -> Outcome {
        match self.finish_chess_reading(notes) {
            Ok((game, plies)) => Outcome::Game(Box::new(game), plies),
            Err(e) => Outcome::Bad(e),
        }
    }

    fn finish_chess_reading(
        &mut self,
        mut notes: Vec<GameError>,
    ) -> Result<(AnyGame, usize), GameError> {
        if let Some(held) = self.held_score.take()
            && let Some(c) = &mut self.chess
        {
            // A score word at the end of a chess game is a move word like any other.
            let _ = c.word_unkept(&held.text, held.number, held.at);
        }
        let mut reader = self.chess.take().expect("a chess reader");
        let done = reader.finish();
        self.spare_chess = Some(reader);
        if self.pass == Pass::First && !done.certain {
            self.again = true;
            return Err(GameError::at(self.at, "read again"));
        }
        let (variant, start, repairs) = self.chess_start.take().expect("a chess start");
        let reading = done.result.map_err(game_error)?;
        if !repairs.is_empty() {
            notes.extend(repairs);
            notes.sort_by_key(|e| (e.at.line, e.at.column));
        }
        if !self.log.is_empty() {
            self.flush_chess(done.fates);
        }
        let mut game = self.keep.chess_tree();
        game.tags = std::mem::take(&mut self.tags).into();
        game.at = self.at;
        game.result = self.result.clone();
        let mut g = ChessGame::from_replay(
            game,
            variant,
            start,
            reading.end,
            reading.notation,
            reading.language,
        );
        let mut claims: Vec<GameError> = reading.warnings.into_iter().map(game_error).collect();
        claims.sort_by_key(|e| (e.at.line, e.at.column));
        g.warnings.splice(0..0, claims);
        let mut game = AnyGame::Chess(g);
        game.put_warnings_first(notes);
        Ok((game, reading.plies))
    }
}

/// Hands a token that is no word on to what is kept.
fn pass_on(keep: &mut Keep, log: &EventLog, event: &Event) {
    match event {
        Event::Word { .. } => {}
        Event::Nag(n) => keep.nag(*n),
        Event::Comment { text, kind } => keep.comment(log.str(text), *kind),
        Event::BeginVariation => keep.begin_variation(),
        Event::EndVariation => keep.end_variation(),
        Event::Setup { name, value, at } => keep.setup(log.str(name), log.str(value), *at),
        Event::Escape(text) => keep.escape(log.str(text)),
    }
}

/// Builds a draughts tree from the log, each word with its fate; `score`: the event of a
/// score word that became the result (no move).
fn build_draughts(
    builder: &mut GameBuilder<draughts::Move>,
    log: &EventLog,
    fates: &[DraughtsFate],
    score: Option<usize>,
) {
    let mut fates = fates.iter();
    for (i, event) in log.events().iter().enumerate() {
        match event {
            Event::Word { at, number, .. } => {
                if score == Some(i) {
                    continue;
                }
                if let Some(DraughtsFate::Move { mv, .. }) = fates.next() {
                    builder.push_numbered_move(mv.clone(), *at, *number);
                }
            }
            Event::Nag(n) => builder.push_nag(*n),
            Event::Comment { text, kind } => builder.push_comment(log.str(text), *kind),
            Event::BeginVariation => builder.begin_variation(),
            Event::EndVariation => {
                builder.end_variation();
            }
            Event::Setup { name, value, at } => {
                builder.push_setup(log.str(name), log.str(value), *at)
            }
            Event::Escape(text) => builder.push_escape(log.str(text)),
        }
    }
}

/// The error of a draughts game that no reading replays: for rules decided, their error;
/// else the error of the variant whose reading got furthest (the first of them in `order`),
/// saying which were tried.
fn draughts_error(
    order: &[&'static Variant],
    decided: bool,
    deaths: Vec<super::draughts_readings::Death>,
) -> GameError {
    let mut best: Option<(usize, usize, super::draughts_readings::Failure)> = None;
    for death in deaths.into_iter().filter(|d| d.key.is_primary()) {
        let rank = order
            .iter()
            .position(|v| std::ptr::eq(*v, death.key.variant))
            .unwrap_or(usize::MAX);
        let reached = death.failure.reached();
        let better = match &best {
            None => true,
            Some((r, k, _)) => reached > *r || (reached == *r && rank < *k),
        };
        if better {
            best = Some((reached, rank, death.failure));
        }
    }
    let Some((_, rank, failure)) = best else {
        return GameError::at(Pos::default(), "no reading of the game");
    };
    let e = failure.into_error();
    if decided {
        return e;
    }
    let tried: Vec<&str> = order.iter().map(|v| v.title).collect();
    let title = order.get(rank).map_or("", |v| v.title);
    GameError {
        message: format!(
            "no supported variant replays this game (no GameType tag; tried {}); under {title} rules: {}",
            tried.join(", "),
            e.message
        ),
        ..e
    }
}

/// `game` with the tag notes first.
fn game_with_notes(mut game: AnyGame, notes: Vec<GameError>) -> AnyGame {
    game.put_warnings_first(notes);
    game
}

/// The longest word read as a move, in bytes: far more than any move needs (a draughts
/// capture through twenty squares, a SAN move with all its marks).
pub(crate) const MAX_MOVE_WORD: usize = 1_024;

/// The error for a word longer than [`MAX_MOVE_WORD`] where a move should be: it quotes the
/// word's start.
fn word_too_long(text: &str, at: Pos) -> GameError {
    let end = (0..=40)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let start = format!("{}…", &text[..end]);
    GameError {
        at,
        ply: None,
        message: format!(
            "a word of {} bytes where a move should be (`{start}`): no move is written so long",
            text.len()
        ),
        problem: Some(Box::new(Problem::unreadable(&start))),
    }
}

/// A chess reader's error (or warning) as the game's.
pub(crate) fn game_error(e: WordError<Pos>) -> GameError {
    use chess_notation::{LineErrorReason, MoveError};
    let problem = match &e.reason {
        LineErrorReason::Move(MoveError::Illegal { word, .. }) => Some(Problem::Illegal {
            text: word.clone(),
            legal: Vec::new(),
        }),
        LineErrorReason::Move(MoveError::Ambiguous { word, candidates }) => {
            Some(Problem::Ambiguous {
                text: word.clone(),
                candidates: candidates.clone(),
            })
        }
        LineErrorReason::Move(m) => Some(Problem::unreadable(m.word())),
        _ => None,
    };
    GameError {
        at: e.place,
        message: e.message(),
        ply: Some(Ply {
            index: e.ply,
            number: e.number,
            second: e.second,
            text: e.word,
        }),
        problem: problem.map(Box::new),
    }
}

impl Visitor for GameReader {
    type Output = Outcome;

    fn begin_game(&mut self, at: Pos) {
        self.at = at;
        self.tags.clear();
        self.rules = RuleTags::default();
        self.tag_watch.clear();
        self.facts = Facts::default();
        self.number = None;
        self.depth = 0;
        self.log.clear();
        self.state = State::Open;
        self.guessed = None;
        if let Some(reader) = self.chess.take() {
            self.spare_chess = Some(reader);
        }
        self.chess_start = None;
        self.chess_refused = None;
        self.held_score = None;
        self.result = None;
        self.score_event = None;
        self.told = None;
        self.holding = false;
        self.again = false;
        if self.pass == Pass::First {
            self.drops = false;
        }
        self.keep.begin_game(at);
    }

    fn tag(&mut self, name: &str, value: &str, at: Pos) {
        self.keep.tag(name, value);
        let keeps = self.keep.keeps_tag(name);
        let earlier = self.keep.keeps_tree().then_some(&self.tags[..]);
        self.tag_watch.tag(name, at, earlier);
        self.rules.tag(name, value, at);
        if keeps {
            self.tags.push(Tag {
                name: name.into(),
                value: value.into(),
                at,
            });
        }
    }

    fn begin_movetext(&mut self) -> Flow {
        self.keep.begin_movetext();
        self.score = self.rules.score().map(str::to_string);
        match family::before_moves(&self.rules, &self.options, self.only) {
            Before::Chess => {
                if let Err(e) = self.start_chess() {
                    self.state = State::Refused(e);
                    return Flow::SkipGame;
                }
                self.state = State::Chess;
                if self.pass == Pass::Full {
                    self.hold();
                }
            }
            Before::Draughts(v, source) => {
                self.start_draughts(&[v.interned()], source);
                self.state = State::Draughts;
            }
            Before::Refused(e) => {
                self.state = State::Refused(e);
                return Flow::SkipGame;
            }
            Before::Open => {}
        }
        Flow::Continue
    }

    fn move_number(&mut self, number: Option<u32>, _dots: u32, _at: Pos) {
        if number.is_some() {
            self.number = number;
        }
    }

    fn move_word(&mut self, text: &str, at: Pos) -> Flow {
        if matches!(self.state, State::Chess)
            && !self.holding()
            && self.score.is_none()
            && self.held_score.is_none()
            && self.depth == 0
            && text.len() <= MAX_MOVE_WORD
        {
            // Most words: a chess game's main line read at once, nothing held back, no
            // score tag that a word might be.
            let number = self.number.take();
            return self.chess_word(text, at, number, false);
        }
        self.any_move_word(text, at)
    }

    fn nag(&mut self, nag: Nag, _at: Pos) {
        if self.holding() || matches!(self.state, State::Open) {
            self.log.nag(nag);
        } else {
            self.keep.nag(nag);
        }
        if matches!(self.state, State::Draughts | State::Both) {
            self.draughts.interrupt();
        }
    }

    fn comment(&mut self, text: &str, kind: CommentKind, _at: Pos) {
        if matches!(self.keep, Keep::Check) && matches!(self.state, State::Chess) && !self.holding()
        {
            // A check keeps no comment, and chess readers are not interrupted by one (most
            // games of some sites have one after every move).
            return;
        }
        self.keep_comment(text, kind);
    }

    fn begin_variation(&mut self, _at: Pos) -> Flow {
        self.number = None;
        if self.depth == 0 && self.held_score.is_some() && self.release_score() == Flow::SkipGame {
            return Flow::SkipGame;
        }
        if matches!(self.state, State::Open) {
            self.decide_open(None);
        }
        self.depth += 1;
        match self.state {
            State::Draughts | State::Both => self.draughts.begin_variation(),
            _ => {}
        }
        if let Some(c) = &mut self.chess {
            c.begin_variation();
        }
        // A chess reader that holds the side line back: so does the log.
        if !self.holding() && self.chess.as_ref().is_some_and(|c| !c.settled()) {
            self.hold();
            self.log.begin_variation();
        } else if self.holding() {
            self.log.begin_variation();
        } else {
            self.keep.begin_variation();
        }
        Flow::Continue
    }

    fn end_variation(&mut self, _at: Pos) {
        self.number = None;
        self.depth = self.depth.saturating_sub(1);
        if self.holding() {
            self.log.end_variation();
        } else {
            self.keep.end_variation();
        }
        match self.state {
            State::Draughts | State::Both => self.draughts.end_variation(),
            _ => {}
        }
        if let Some(c) = &mut self.chess {
            c.end_variation();
        }
        self.flush_if_settled();
    }

    fn setup(&mut self, name: &str, value: &str, at: Pos) {
        if self.holding() || matches!(self.state, State::Open) {
            self.log.setup(name, value, at);
        } else {
            self.keep.setup(name, value, at);
        }
        if matches!(self.state, State::Draughts | State::Both) {
            self.draughts.setup(name, value, at);
            if self.draughts.failed()
                && self.pass == Pass::First
                && self.draughts_source == VariantSource::Inferred
            {
                self.again = true;
            }
        }
    }

    fn escape(&mut self, line: &str, _at: Pos) {
        if self.holding() || matches!(self.state, State::Open) {
            self.log.escape(line);
        } else {
            self.keep.escape(line);
        }
        if matches!(self.state, State::Draughts | State::Both) {
            self.draughts.interrupt();
        }
    }

    fn result(&mut self, text: &str, at: Pos) {
        self.result = Some(ResultToken {
            text: text.to_string(),
            at,
        });
    }

    fn lenient(&mut self, what: Leniency, text: &str, at: Pos) {
        self.tag_watch.lenient(what, text, at);
    }

    fn end_game(&mut self) -> Outcome {
        self.outcome()
    }
}

/// Whether a word that did not read drops a piece (`N@e3`, `P@e3`, `@e3`): not a null move
/// (`@@@@`).
#[cold]
fn is_drop_word(text: &str) -> bool {
    text.contains('@') && !chess_notation::is_null_move(text)
}
