//! Reading a chess game's lines of move words: the main line teaches the notation and
//! language (unless the options force them), side lines are read in the same; move texts
//! and numbers that claim what the moves do not do are noted (see `chess_claims`); words
//! written apart from their move in books are joined to it first.

use chess_notation::{
    DescriptiveSystem, Language, LineError, LineErrorReason, LineReading, LooseWord, MoveError,
    Notation, Origins, ReadHint, ReadNotation, loose_word, read_line, read_line_as, read_line_from,
    written_in,
};
use record::{Extra, Line, Node};
use shakmaty::{Chess, Move, Position};

use super::chess_claims::{self, NumberCheck, Numbering};
use super::chess_game::{ChessMove, ChessReadOptions, first_ply, is_null};
use super::error::{GameError, Problem};

/// Why a word read under a forced algebraic notation is refused: the notation it is in.
fn not_written_in(word: &str, asked: Notation) -> String {
    let name = |n: Notation| match n {
        Notation::San => "SAN".to_string(),
        n => n.to_string(),
    };
    let asked_name = name(asked);
    match [Notation::San, Notation::Long, Notation::Uci]
        .into_iter()
        .find(|n| written_in(word, *n))
    {
        Some(written) => format!(
            "{word:?} is {} notation, not {asked_name} as asked",
            name(written)
        ),
        None => format!("{word:?} is not {asked_name} notation as asked"),
    }
}

/// Reads the lines of a game, learning the notation and language from the main line.
pub(super) struct LineReader {
    pub(super) notation: Option<Notation>,
    /// The notation the user forced (`--input-notation`), which `notation` starts from.
    forced_notation: Option<ReadNotation>,
    pub(super) language: Option<Language>,
    /// The user forced the notation or language: a game that does not read so is an error.
    forced: bool,
    /// Claims of move texts that do not hold are errors (see [`ChessReadOptions::strict`]).
    strict: bool,
    /// The claims of move texts that do not hold (see `chess_claims`), when not strict.
    pub(super) claims: Vec<GameError>,
    /// The move numbers written, checked against the moves.
    numbering: Numbering,
}

impl LineReader {
    /// A reader for a game from `start` (given by a FEN tag when `from_fen`), as `options`
    /// say.
    pub(super) fn new(options: &ChessReadOptions, start: &Chess, from_fen: bool) -> LineReader {
        LineReader {
            numbering: Numbering::new(start, from_fen),
            notation: options.notation.and_then(ReadNotation::hint),
            forced_notation: options.notation,
            language: options.language,
            forced: options.notation.is_some() || options.language.is_some(),
            strict: options.strict,
            claims: Vec::new(),
        }
    }

    /// The algebraic notation the user forced: a word written in another one (`e2e4` when
    /// SAN is asked) is an error at its place.
    fn only_algebraic(&self) -> Option<Notation> {
        match self.forced_notation {
            Some(ReadNotation::Exactly(n)) if n.is_algebraic() => Some(n),
            _ => None,
        }
    }

    /// Checks the move number written before `node`, the move at 0-based `ply` among the
    /// game's plies played from `before`: a number that skips or repeats one is a claim that
    /// does not hold (an error when strict).
    fn check_number(
        &mut self,
        node: &Node<String>,
        ply: usize,
        main_line: bool,
        before: &Chess,
    ) -> Result<(), GameError> {
        let Some(written) = node.number else {
            return Ok(());
        };
        if let NumberCheck::Wrong(message) = self.numbering.check(written, ply, main_line) {
            let mover = chess_claims::Mover::from(before);
            let e = chess_claims::claim_error(&node.mov, node.at, ply + 1, mover, message);
            if self.strict {
                return Err(e);
            }
            self.claims.push(e);
        }
        Ok(())
    }

    pub(super) fn main_line(
        &mut self,
        line: Line<String>,
        start: &Chess,
    ) -> Result<(Line<ChessMove>, Chess), GameError> {
        self.line(line, start, &Origins::of_start(start), 0, true)
    }

    /// Reads a line from `start`, where the pieces started on `origins`, taking its comments
    /// and side lines over without copying them; `offset` is the index of its first ply
    /// among the game's plies (for messages); `detect` says whether this line may teach the
    /// notation.
    fn line(
        &mut self,
        line: Line<String>,
        start: &Chess,
        origins: &Origins,
        offset: usize,
        detect: bool,
    ) -> Result<(Line<ChessMove>, Chess), GameError> {
        let line = attach_loose_words(line, start);
        let has_variation =
            |n: &Node<String>| n.after.iter().any(|e| matches!(e, Extra::Variation(_)));
        // The moves, read in stretches between null moves; the position before each move
        // that has side lines, which start from there.
        let mut moves: Vec<ChessMove> = Vec::with_capacity(line.nodes.len());
        let mut before_variations: Vec<(usize, Chess, Origins)> = Vec::new();
        let mut pos = start.clone();
        let origins_at_start = origins;
        let mut origins = origins.clone();
        let mut i = 0;
        while i < line.nodes.len() {
            if is_null(&line.nodes[i].mov) {
                self.check_number(&line.nodes[i], offset + i, detect, &pos)?;
                if has_variation(&line.nodes[i]) {
                    before_variations.push((i, pos.clone(), origins.clone()));
                }
                pos = pos.swap_turn().map_err(|_| {
                    self.error(
                        &line,
                        i,
                        offset,
                        start,
                        "a null move is not possible here: the side to move is in check".into(),
                    )
                })?;
                moves.push(ChessMove::Null);
                i += 1;
                continue;
            }
            let end = line.nodes[i..]
                .iter()
                .position(|n| is_null(&n.mov))
                .map_or(line.nodes.len(), |k| i + k);
            let words: Vec<&str> = line.nodes[i..end].iter().map(|n| n.mov.as_str()).collect();
            let read = self.read_words(&pos, &origins, &words, detect && moves.is_empty());
            let read = read.map_err(|e| self.line_error(&line, i, offset, start, e))?;
            let descriptive = matches!(self.notation, Some(Notation::Descriptive(_)));
            for (k, m) in read.into_iter().enumerate() {
                let node = &line.nodes[i + k];
                if has_variation(node) {
                    before_variations.push((i + k, pos.clone(), origins.clone()));
                }
                self.check_number(node, offset + i + k, detect, &pos)?;
                if let Some(asked) = self.only_algebraic()
                    && !written_in(&node.mov, asked)
                {
                    return Err(chess_claims::claim_error(
                        &node.mov,
                        node.at,
                        offset + i + k + 1,
                        chess_claims::Mover::from(&pos),
                        not_written_in(&node.mov, asked),
                    ));
                }
                pos.play_unchecked(m);
                origins.play(m);
                if !descriptive && let Some(message) = chess_claims::false_claim(&node.mov, m, &pos)
                {
                    let e = chess_claims::claim_error(
                        &node.mov,
                        node.at,
                        offset + i + k + 1,
                        chess_claims::Mover::to(&pos),
                        message,
                    );
                    if self.strict {
                        return Err(e);
                    }
                    self.claims.push(e);
                }
                moves.push(ChessMove::Move(m));
            }
            i = end;
        }
        let Line {
            before,
            nodes: words,
        } = line;
        let before = self.extras(before, start, origins_at_start, offset)?;
        let mut nodes = Vec::with_capacity(words.len());
        let mut variations = before_variations.into_iter().peekable();
        for (k, (node, mv)) in words.into_iter().zip(moves).enumerate() {
            let after = match variations.next_if(|(at, _, _)| *at == k) {
                Some((_, before_move, origins)) => {
                    self.extras(node.after, &before_move, &origins, offset + k)?
                }
                None => self.extras(node.after, start, origins_at_start, offset + k)?,
            };
            nodes.push(Node {
                mov: mv,
                at: node.at,
                number: node.number,
                after,
            });
        }
        Ok((Line { before, nodes }, pos))
    }

    /// Reads a stretch of words from `pos`, where the pieces started on `origins`; the
    /// first stretch of the main line detects the notation.
    fn read_words(
        &mut self,
        pos: &Chess,
        origins: &Origins,
        words: &[&str],
        detect: bool,
    ) -> Result<Vec<Move>, LineError> {
        match (self.notation, self.language) {
            (Some(notation), Some(language)) if !detect || self.forced => {
                read_line_from(pos, origins, words, notation, language)
            }
            _ if detect => {
                let hint = ReadHint {
                    notation: self.notation,
                    language: self.language,
                };
                let mut reading = read_line(pos, words, hint)?;
                if self.forced {
                    reading = self.check_forced(reading, pos, words)?;
                }
                self.notation = Some(reading.notation);
                self.language = Some(reading.language);
                Ok(reading.moves)
            }
            (notation, language) => {
                // A side line before the main line taught anything: read it on its own.
                let reading = read_line(pos, words, ReadHint { notation, language })?;
                Ok(reading.moves)
            }
        }
    }

    /// With a forced notation or language, a game read otherwise is refused.
    fn check_forced(
        &self,
        reading: LineReading,
        pos: &Chess,
        words: &[&str],
    ) -> Result<LineReading, LineError> {
        if self.forced_notation == Some(ReadNotation::AnyDescriptive) {
            // Either system, unless the language names one.
            let systems: &[DescriptiveSystem] = match self.language {
                Some(Language::Spanish) => &[DescriptiveSystem::Spanish],
                Some(Language::English) => &[DescriptiveSystem::English],
                _ => &[DescriptiveSystem::English, DescriptiveSystem::Spanish],
            };
            return match reading.notation {
                Notation::Descriptive(system) if systems.contains(&system) => Ok(reading),
                _ => read_descriptive_in(pos, words, systems),
            };
        }
        let notation_ok = self
            .forced_notation
            .is_none_or(|n| n.admits(reading.notation));
        let language_ok = self.language.is_none_or(|l| reading.languages.contains(l));
        if notation_ok && language_ok {
            return Ok(reading);
        }
        // Read again strictly to get the error at the first word that does not fit.
        let notation = self.notation.unwrap_or(reading.notation);
        let language = self.language.unwrap_or(reading.language);
        read_line_as(pos, words, notation, language).map(|_| reading)
    }

    /// Takes over the items written between moves; a side line is read from `before_move`,
    /// where the pieces started on `origins`.
    fn extras<C: Default + Extend<Extra<ChessMove>>>(
        &mut self,
        items: impl IntoIterator<Item = Extra<String>>,
        before_move: &Chess,
        origins: &Origins,
        ply: usize,
    ) -> Result<C, GameError> {
        let mut out = C::default();
        for item in items {
            out.extend(Some(match item {
                Extra::Nags(n) => Extra::Nags(n),
                Extra::Comment { text, kind } => Extra::Comment { text, kind },
                Extra::Escape(text) => Extra::Escape(text),
                Extra::Setup(setup) => Extra::Setup(setup),
                Extra::Variation(line) => Extra::Variation(Box::new(
                    self.line(*line, before_move, origins, ply, false)?.0,
                )),
            }));
        }
        Ok(out)
    }

    fn line_error(
        &self,
        line: &Line<String>,
        first: usize,
        offset: usize,
        start: &Chess,
        e: LineError,
    ) -> GameError {
        let index = (first + e.ply_index).min(line.nodes.len().saturating_sub(1));
        let mut message = e.reason.to_string();
        if !e.candidates.is_empty() && !message.contains(" or ") {
            let list: Vec<String> = e.candidates.iter().map(|m| m.to_string()).collect();
            message.push_str(&format!(" (candidates: {})", list.join(", ")));
        }
        if let Some(node) = line.nodes.get(index)
            && !node.mov.is_empty()
            && node.mov.bytes().all(|b| b.is_ascii_digit())
        {
            let expected = (first_ply(start) as usize + index) / 2 + 1;
            message.push_str(&format!(
                "; a number without a dot is a move number only where move {expected} comes"
            ));
        }
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
            problem: problem.map(Box::new),
            ..self.error(line, index, offset, start, message)
        }
    }

    fn error(
        &self,
        line: &Line<String>,
        index: usize,
        offset: usize,
        start: &Chess,
        message: String,
    ) -> GameError {
        let node = &line.nodes[index];
        let mover = chess_claims::Mover::from(start).later(index);
        GameError {
            at: node.at,
            ply: Some(mover.ply(offset + index + 1, node.mov.clone())),
            message,
            problem: None,
        }
    }
}

/// Reads words that detection did not read as descriptive notation of one of `systems` in
/// the first of them that reads them; else the error of the one that gets furthest.
fn read_descriptive_in(
    pos: &Chess,
    words: &[&str],
    systems: &[DescriptiveSystem],
) -> Result<LineReading, LineError> {
    let mut best: Option<LineError> = None;
    for &system in systems {
        match read_line_as(pos, words, Notation::Descriptive(system), system.language()) {
            Ok(moves) => {
                return Ok(LineReading {
                    moves,
                    notation: Notation::Descriptive(system),
                    language: system.language(),
                    languages: [system.language()].into_iter().collect(),
                });
            }
            Err(e) if best.as_ref().is_some_and(|b| b.ply_index >= e.ply_index) => {}
            Err(e) => best = Some(e),
        }
    }
    match best {
        Some(e) => Err(e),
        // Not reached: `systems` is never empty; read as English to have an answer.
        None => read_descriptive_in(pos, words, &[DescriptiveSystem::English]),
    }
}

/// Joins to the move before them the words written apart that belong to it (`C5D ++`,
/// `D5T jaque`, `castles QR`), and drops move numbers written without dots where the next
/// move's number is expected (`8 P3D P3D`), as [`loose_word`] tells; what was written after
/// such a word (comments, NAGs, side lines of a sign) goes with the move before it.
fn attach_loose_words(line: Line<String>, start: &Chess) -> Line<String> {
    let first = first_ply(start) as usize;
    let number = |ply: usize| u32::try_from((first + ply) / 2 + 1).unwrap_or(u32::MAX);
    let loose = |previous: Option<&Node<String>>, node: &Node<String>, ply: usize| {
        let previous = previous.map(|n| n.mov.as_str()).filter(|w| !is_null(w));
        match loose_word(previous, &node.mov, number(ply))? {
            // A number with a side line after it is left to be refused.
            LooseWord::Number(_) if node.after.iter().any(|e| matches!(e, Extra::Variation(_))) => {
                None
            }
            word => Some(word),
        }
    };
    // Most games have none: leave them untouched.
    let untouched = line
        .nodes
        .iter()
        .enumerate()
        .all(|(k, node)| loose(k.checked_sub(1).map(|p| &line.nodes[p]), node, k).is_none());
    if untouched {
        return line;
    }
    let Line { mut before, nodes } = line;
    let mut out: Vec<Node<String>> = Vec::with_capacity(nodes.len());
    for node in nodes {
        match (loose(out.last(), &node, out.len()), out.last_mut()) {
            (Some(LooseWord::Suffix { glued }), Some(last)) => {
                if !glued {
                    last.mov.push(' ');
                }
                last.mov.push_str(&node.mov);
                last.after.extend(node.after);
            }
            (Some(LooseWord::Number(_)), Some(last)) => last.after.extend(node.after),
            (Some(LooseWord::Number(_)), None) => before.extend(node.after),
            _ => out.push(node),
        }
    }
    Line { before, nodes: out }
}
