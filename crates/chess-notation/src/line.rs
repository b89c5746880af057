//! Reading a line of move words: a game's main line with detection of its
//! notation and language, or a variation in a notation already known.

use shakmaty::Move;

use crate::ChessRules;

use crate::descriptive::{self, Origins, Pattern, fitting_in, no_fit};
use crate::detect::{self, Family, ShapeTally};
use crate::error::{LineError, LineErrorReason, MoveError, Reading};
use crate::language::LetterSet;
use crate::san_read::{self, Failure, ParseFail, Parsed};
use crate::{DescriptiveSystem, Language, LanguageSet, Notation, ReadHint};

/// The most positions the descriptive reader looks at, per line, to decide
/// between the moves an ambiguous word may be. Enough for any real game;
/// a hostile input cannot make it explode.
const SEARCH_BUDGET: usize = 200_000;

/// A line read: its moves, and how it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineReading {
    /// The moves, one per word.
    pub moves: Vec<Move>,
    /// The notation the words are in. For algebraic words: [`Notation::Uci`]
    /// or [`Notation::Long`] when every move (castling aside) is written so,
    /// else [`Notation::San`].
    pub notation: Notation,
    /// The language of the letters: the hint if it fits, else the first of
    /// [`languages`](Self::languages).
    pub language: Language,
    /// Every language that reads the line the same way (all of them for a
    /// line without piece letters).
    pub languages: LanguageSet,
}

/// Reads the move words of a game from `start`, finding their notation
/// (algebraic or descriptive, and which descriptive system) and the
/// language of their piece letters.
///
/// The game is read in a language under which every move replays legally.
/// When several languages do but read some move differently, the hint's
/// language decides; without one, that is an error naming both readings
/// and the first move where they part. Languages that agree on every letter
/// the game uses (Spanish and Italian always) are no conflict.
///
/// Descriptive words may fit several moves (`PxP`); the following moves
/// decide when they can.
///
/// ```
/// use chess_notation::{DescriptiveSystem, Language, Notation, ReadHint, read_line};
/// use shakmaty::Chess;
///
/// let start = Chess::default();
/// let line = read_line(&start, &["e4", "e5", "Ac4", "Cc6", "Dh5", "Cf6", "Dxf7++"], ReadHint::NONE)?;
/// assert_eq!(line.notation, Notation::San);
/// assert!(line.languages.contains(Language::Spanish) && line.languages.contains(Language::Italian));
///
/// let line = read_line(&start, &["P-K4", "P-K4", "N-KB3"], ReadHint::NONE)?;
/// assert_eq!(line.notation, Notation::Descriptive(DescriptiveSystem::English));
/// assert_eq!(line.moves.len(), 3);
/// # Ok::<_, chess_notation::LineError>(())
/// ```
///
/// # Errors
///
/// [`LineError`] with the ply and word of the first move that no reading
/// gets past (or of the first conflict between two readings).
pub fn read_line<R: ChessRules, S: AsRef<str>>(
    start: &R,
    words: &[S],
    hint: ReadHint,
) -> Result<LineReading, LineError> {
    let family = match hint.notation {
        Some(Notation::Descriptive(system)) => Family::Descriptive(Some(system)),
        Some(_) => Family::Algebraic,
        None => detect::family(words),
    };
    let read = |family| match family {
        Family::Algebraic => read_algebraic(start, words, hint.language),
        Family::Descriptive(system) => read_descriptive(start, words, system, hint.language),
    };
    match read(family) {
        // The notation hint was wrong: read what the words look like.
        Err(error) if hint.notation.is_some() => {
            let detected = detect::family(words);
            if detected == family {
                return Err(error);
            }
            read(detected).map_err(|other| {
                if other.ply_index > error.ply_index {
                    other
                } else {
                    error
                }
            })
        }
        result => result,
    }
}

/// Reads a line (a variation, say) in a notation and language already
/// known, from any position. Descriptive words that fit several moves are
/// settled by the following words of this same line.
///
/// ```
/// use chess_notation::{Language, Notation, read_line_as};
/// use shakmaty::Chess;
///
/// let moves = read_line_as(&Chess::default(), &["Sf3", "d5"], Notation::San, Language::German)?;
/// assert_eq!(moves.len(), 2);
/// # Ok::<_, chess_notation::LineError>(())
/// ```
///
/// # Errors
///
/// [`LineError`] for the first word that cannot be read.
pub fn read_line_as<R: ChessRules, S: AsRef<str>>(
    start: &R,
    words: &[S],
    notation: Notation,
    language: Language,
) -> Result<Vec<Move>, LineError> {
    read_line_from(start, &Origins::of_start(start), words, notation, language)
}

/// [`read_line_as`] from a position where `origins` says where the pieces started (see
/// [`Origins`]): a side line read so names its wings as the line it branches from.
pub fn read_line_from<R: ChessRules, S: AsRef<str>>(
    start: &R,
    origins: &Origins,
    words: &[S],
    notation: Notation,
    language: Language,
) -> Result<Vec<Move>, LineError> {
    match notation {
        Notation::Descriptive(system) => search_descriptive(start, origins, words, system),
        _ => {
            let parsed: Vec<_> = words.iter().map(|w| san_read::parse(w.as_ref())).collect();
            replay_algebraic(start, words, &parsed, language)
        }
    }
}

fn line_error<R: ChessRules>(
    start: &R,
    ply: usize,
    word: &str,
    kind: LineErrorReason,
    candidates: Vec<Move>,
) -> LineError {
    LineError::new(
        start.fullmoves().get(),
        start.turn(),
        ply,
        word,
        kind,
        candidates,
    )
}

/// Replays parsed algebraic words in one language.
fn replay_algebraic<R: ChessRules, S: AsRef<str>>(
    start: &R,
    words: &[S],
    parsed: &[Result<Parsed, ParseFail>],
    language: Language,
) -> Result<Vec<Move>, LineError> {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(parsed.len());
    for (ply, (word, parsed)) in words.iter().zip(parsed).enumerate() {
        let word = word.as_ref();
        let failure = match parsed {
            Ok(p) => match san_read::resolve_quick(&pos, p, language)
                .map_or_else(|| san_read::resolve(&pos, p, language, word), Ok)
            {
                Ok(m) => {
                    pos.play_unchecked(m);
                    moves.push(m);
                    continue;
                }
                Err(failure) => failure,
            },
            Err(fail) => Box::new(Failure::from(fail.into_error(word))),
        };
        let error = line_error(
            start,
            ply,
            word,
            LineErrorReason::Move(failure.error),
            failure.candidates,
        );
        return Err(error);
    }
    Ok(moves)
}

fn algebraic_notation(parsed: &[Result<Parsed, ParseFail>]) -> Notation {
    let mut shapes = ShapeTally::default();
    for p in parsed.iter().flatten() {
        shapes.add(p.shape());
    }
    shapes.notation()
}

fn read_algebraic<R: ChessRules, S: AsRef<str>>(
    start: &R,
    words: &[S],
    hint: Option<Language>,
) -> Result<LineReading, LineError> {
    let parsed: Vec<_> = words.iter().map(|w| san_read::parse(w.as_ref())).collect();
    let notation = algebraic_notation(&parsed);
    let used = parsed
        .iter()
        .filter_map(|p| p.as_ref().ok())
        .fold(LetterSet::EMPTY, |set, p| LetterSet(set.0 | p.letters().0));
    let mut groups = detect::language_groups(used);
    if groups.is_empty() {
        // No language knows every letter: try each, to report the error of
        // the one that gets furthest.
        groups = Language::ALL.map(|l| [l].into_iter().collect()).to_vec();
    }
    let group_of = |l: Language| {
        groups
            .iter()
            .copied()
            .find(|g| g.contains(l))
            .unwrap_or_else(|| [l].into_iter().collect())
    };

    // The hint first: if it replays, it is the answer.
    let mut best_failure: Option<LineError> = None;
    let mut tried = LanguageSet::EMPTY;
    if let Some(language) = hint {
        match replay_algebraic(start, words, &parsed, language) {
            Ok(moves) => {
                let languages = group_of(language);
                return Ok(LineReading {
                    moves,
                    notation,
                    language,
                    languages,
                });
            }
            Err(failure) => best_failure = Some(failure),
        }
        tried.insert(language);
    }

    let mut successes: Vec<(LanguageSet, Vec<Move>)> = Vec::new();
    for group in &groups {
        let Some(language) = group.first() else {
            continue;
        };
        if group.iter().any(|l| tried.contains(l)) {
            continue;
        }
        match replay_algebraic(start, words, &parsed, language) {
            Ok(moves) => successes.push((*group, moves)),
            Err(failure) => {
                if best_failure
                    .as_ref()
                    .is_none_or(|best| failure.ply_index > best.ply_index)
                {
                    best_failure = Some(failure);
                }
            }
        }
    }

    match successes.len() {
        // Every language was tried, so some replay failed; English again
        // only to have an error whatever happens.
        0 => Err(best_failure
            .or_else(|| replay_algebraic(start, words, &parsed, Language::English).err())
            .unwrap_or_else(|| {
                let word = words.first().map_or("", |w| w.as_ref());
                let error = Failure::from(san_read::ParseFail::Syntax.into_error(word));
                line_error(
                    start,
                    0,
                    word,
                    LineErrorReason::Move(error.error),
                    Vec::new(),
                )
            })),
        1 => {
            let (languages, moves) = successes.swap_remove(0);
            let language = languages.first().unwrap_or(Language::English);
            Ok(LineReading {
                moves,
                notation,
                language,
                languages,
            })
        }
        _ => {
            let (first, second) = (&successes[0], &successes[1]);
            let language = |set: LanguageSet| set.first().unwrap_or(Language::English);
            Err(conflict(
                start,
                words,
                Reading {
                    notation,
                    language: language(first.0),
                },
                &first.1,
                Reading {
                    notation,
                    language: language(second.0),
                },
                &second.1,
            ))
        }
    }
}

fn conflict<R: ChessRules, S: AsRef<str>>(
    start: &R,
    words: &[S],
    first: Reading,
    first_moves: &[Move],
    second: Reading,
    second_moves: &[Move],
) -> LineError {
    let ply = first_moves
        .iter()
        .zip(second_moves)
        .position(|(a, b)| a != b)
        .unwrap_or(0);
    let (a, b) = (first_moves[ply], second_moves[ply]);
    let kind = LineErrorReason::Conflict {
        first,
        second,
        first_reads: a,
        second_reads: b,
    };
    let word = words.get(ply).map_or("", |w| w.as_ref());
    line_error(start, ply, word, kind, vec![a, b])
}

fn read_descriptive<R: ChessRules, S: AsRef<str>>(
    start: &R,
    words: &[S],
    system: Option<DescriptiveSystem>,
    hint: Option<Language>,
) -> Result<LineReading, LineError> {
    let reading = |system: DescriptiveSystem, moves| LineReading {
        moves,
        notation: Notation::Descriptive(system),
        language: system.language(),
        languages: [system.language()].into_iter().collect(),
    };
    let hinted = match hint {
        Some(Language::English) => Some(DescriptiveSystem::English),
        Some(Language::Spanish) => Some(DescriptiveSystem::Spanish),
        _ => None,
    };
    let order = match system.or(hinted) {
        Some(DescriptiveSystem::Spanish) => {
            [DescriptiveSystem::Spanish, DescriptiveSystem::English]
        }
        _ => [DescriptiveSystem::English, DescriptiveSystem::Spanish],
    };
    let origins = Origins::of_start(start);
    // A system the words (or the hint) name is tried alone first.
    if let Some(known) = system.or(hinted) {
        return match search_descriptive(start, &origins, words, known) {
            Ok(moves) => Ok(reading(known, moves)),
            Err(error) => {
                let other = order[1];
                match search_descriptive(start, &origins, words, other) {
                    Ok(moves) => Ok(reading(other, moves)),
                    Err(other_error) if other_error.ply_index > error.ply_index => Err(other_error),
                    Err(_) => Err(error),
                }
            }
        };
    }
    let first = search_descriptive(start, &origins, words, order[0]);
    let second = search_descriptive(start, &origins, words, order[1]);
    match (first, second) {
        (Ok(a), Ok(b)) if a != b => {
            let reading_of = |system: DescriptiveSystem| Reading {
                notation: Notation::Descriptive(system),
                language: system.language(),
            };
            Err(conflict(
                start,
                words,
                reading_of(order[0]),
                &a,
                reading_of(order[1]),
                &b,
            ))
        }
        (Ok(a), _) => Ok(reading(order[0], a)),
        (Err(_), Ok(b)) => Ok(reading(order[1], b)),
        (Err(a), Err(b)) => Err(if b.ply_index > a.ply_index { b } else { a }),
    }
}

/// How one search ended.
enum Search {
    Found(Vec<Move>),
    Exhausted,
    OutOfBudget,
}

struct Searcher<'a, S, R> {
    start: &'a R,
    /// Where the pieces of `start` started.
    origins: &'a Origins,
    words: &'a [S],
    patterns: Vec<Result<Pattern, MoveError>>,
    system: DescriptiveSystem,
    budget: usize,
    /// The furthest ply at which no move fitted, with why.
    deepest: Option<(usize, MoveError)>,
}

impl<S: AsRef<str>, R: ChessRules> Searcher<'_, S, R> {
    /// The moves the word at `ply` may be from `pos`, and how many of them (the first ones)
    /// a wing names by where the pieces started (see [`fitting_in`]).
    fn fits(&mut self, pos: &R, origins: &Origins, ply: usize) -> (Vec<Move>, usize) {
        let word = self.words[ply].as_ref();
        let result = match &self.patterns[ply] {
            Ok(pattern) => {
                let (moves, first) = fitting_in(&pos.legal_moves(), pos.turn(), pattern, origins);
                if moves.is_empty() {
                    Err(no_fit(word, pattern))
                } else {
                    Ok((moves.to_vec(), first))
                }
            }
            Err(e) => Err(e.clone()),
        };
        match result {
            Ok(moves) => moves,
            Err(e) => {
                if self.deepest.as_ref().is_none_or(|(d, _)| ply > *d) {
                    self.deepest = Some((ply, e));
                }
                (Vec::new(), 0)
            }
        }
    }

    /// Depth-first search for moves for the words from `ply` on, from `pos`.
    fn search(&mut self, pos: &R, origins: &Origins, ply: usize) -> Search {
        let n = self.words.len();
        if ply == n {
            return Search::Found(Vec::new());
        }
        struct Frame<R> {
            pos: R,
            origins: Origins,
            moves: Vec<Move>,
            next: usize,
        }
        let (first, _) = self.fits(pos, origins, ply);
        let mut stack = vec![Frame {
            pos: pos.clone(),
            origins: origins.clone(),
            moves: first,
            next: 0,
        }];
        while let Some(top) = stack.last_mut() {
            let Some(&m) = top.moves.get(top.next) else {
                stack.pop();
                continue;
            };
            top.next += 1;
            let mut after = top.pos.clone();
            after.play_unchecked(m);
            let mut after_origins = top.origins.clone();
            after_origins.play(m);
            let depth = ply + stack.len();
            if depth == n {
                return Search::Found(stack.iter().map(|f| f.moves[f.next - 1]).collect());
            }
            if self.budget == 0 {
                return Search::OutOfBudget;
            }
            self.budget -= 1;
            let (moves, _) = self.fits(&after, &after_origins, depth);
            if !moves.is_empty() {
                stack.push(Frame {
                    pos: after,
                    origins: after_origins,
                    moves,
                    next: 0,
                });
            }
        }
        Search::Exhausted
    }
}

/// Reads descriptive words, settling words that fit several moves by the
/// words that follow: a move is accepted when exactly one of its candidates
/// lets the whole rest of the line replay.
fn search_descriptive<R: ChessRules, S: AsRef<str>>(
    start: &R,
    origins: &Origins,
    words: &[S],
    system: DescriptiveSystem,
) -> Result<Vec<Move>, LineError> {
    let patterns = words
        .iter()
        .map(|w| {
            let w = w.as_ref();
            descriptive::parse(w, system).ok_or_else(|| descriptive::syntax(w, system))
        })
        .collect();
    let mut searcher = Searcher {
        start,
        origins,
        words,
        patterns,
        system,
        budget: SEARCH_BUDGET,
        deepest: None,
    };
    let line = match searcher.search(start, origins, 0) {
        Search::Found(line) => line,
        Search::Exhausted | Search::OutOfBudget => {
            let (ply, error) = searcher
                .deepest
                .take()
                .unwrap_or_else(|| (0, descriptive::syntax("", system)));
            let word = words.get(ply).map_or("", |w| w.as_ref());
            return Err(line_error(
                start,
                ply,
                word,
                LineErrorReason::Move(error),
                Vec::new(),
            ));
        }
    };
    searcher.check_unique(&line)?;
    Ok(line)
}

impl<S: AsRef<str>, R: ChessRules> Searcher<'_, S, R> {
    /// Makes sure no other candidate of any word also leads to a complete
    /// line; reports the first word where one does. A wing names first the
    /// piece that started on it: a candidate named so is not rivalled by one
    /// named only by where it stands (see [`fitting_in`]).
    fn check_unique(&mut self, line: &[Move]) -> Result<(), LineError> {
        let mut pos = self.start.clone();
        let mut origins = self.origins.clone();
        for (ply, &chosen) in line.iter().enumerate() {
            let (candidates, first) = self.fits(&pos, &origins, ply);
            if candidates.len() > 1 {
                let at = candidates.iter().position(|m| *m == chosen).unwrap_or(0);
                let rivals = if at < first {
                    &candidates[..first]
                } else {
                    &candidates[first..]
                };
                let mut viable = vec![chosen];
                for &other in rivals.iter().filter(|m| **m != chosen) {
                    let mut after = pos.clone();
                    after.play_unchecked(other);
                    let mut after_origins = origins.clone();
                    after_origins.play(other);
                    match self.search(&after, &after_origins, ply + 1) {
                        Search::Found(_) => viable.push(other),
                        Search::Exhausted => {}
                        Search::OutOfBudget => {
                            return Err(self.error_at(
                                ply,
                                LineErrorReason::SearchLimit,
                                candidates,
                            ));
                        }
                    }
                }
                if viable.len() > 1 {
                    let word = self.words[ply].as_ref();
                    let error = san_read::ambiguous(&pos, word, &viable, self.system.language());
                    return Err(self.error_at(ply, LineErrorReason::Move(error), viable));
                }
            }
            pos.play_unchecked(chosen);
            origins.play(chosen);
        }
        Ok(())
    }

    fn error_at(&self, ply: usize, kind: LineErrorReason, candidates: Vec<Move>) -> LineError {
        line_error(self.start, ply, self.words[ply].as_ref(), kind, candidates)
    }
}
