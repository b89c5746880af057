//! Reading the first stretch of a game's main line, which teaches the game's notation and
//! language: detected as [`read_line`] detects them, unless the user forced the notation or
//! the language, when a game read otherwise is refused with the error of its first word
//! that does not fit.

use crate::ChessRules;

use crate::line::{LineReading, read_line, read_line_as};
use crate::{
    DescriptiveSystem, Language, LineError, Notation, ReadHint, ReadNotation, ReadOptions,
    written_in,
};

/// The hint that `options` give [`read_line`].
pub(crate) fn hint_of(options: &ReadOptions) -> ReadHint {
    ReadHint {
        notation: options.notation.and_then(ReadNotation::hint),
        language: options.language,
    }
}

/// Whether the user forced the notation or the language.
pub(crate) fn is_forced(options: &ReadOptions) -> bool {
    options.notation.is_some() || options.language.is_some()
}

/// Reads the words of a main line's first stretch from `pos` as `options` say: detected,
/// and refused when the user forced a notation or language they are not written in.
pub(crate) fn read_first_stretch<R: ChessRules>(
    pos: &R,
    words: &[&str],
    options: &ReadOptions,
) -> Result<LineReading, LineError> {
    let hint = hint_of(options);
    let reading = read_line(pos, words, hint)?;
    if !is_forced(options) {
        return Ok(reading);
    }
    if options.notation == Some(ReadNotation::AnyDescriptive) {
        // Either system, unless the language names one.
        let systems: &[DescriptiveSystem] = match options.language {
            Some(Language::Spanish) => &[DescriptiveSystem::Spanish],
            Some(Language::English) => &[DescriptiveSystem::English],
            _ => &[DescriptiveSystem::English, DescriptiveSystem::Spanish],
        };
        return match reading.notation {
            Notation::Descriptive(system) if systems.contains(&system) => Ok(reading),
            _ => read_descriptive_in(pos, words, systems),
        };
    }
    let notation_ok = options.notation.is_none_or(|n| n.admits(reading.notation));
    let language_ok = options
        .language
        .is_none_or(|l| reading.languages.contains(l));
    if notation_ok && language_ok {
        return Ok(reading);
    }
    // Read again strictly to get the error at the first word that does not fit.
    let notation = hint.notation.unwrap_or(reading.notation);
    let language = options.language.unwrap_or(reading.language);
    read_line_as(pos, words, notation, language).map(|_| reading)
}

/// Reads words that detection did not read as descriptive notation of one of `systems` in
/// the first of them that reads them; else the error of the one that gets furthest.
fn read_descriptive_in<R: ChessRules>(
    pos: &R,
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

/// The algebraic notation the user forced, if any: a word written in another one (`e2e4`
/// when SAN is asked) is refused at its place.
pub(crate) fn only_algebraic(options: &ReadOptions) -> Option<Notation> {
    match options.notation {
        Some(ReadNotation::Exactly(n)) if n.is_algebraic() => Some(n),
        _ => None,
    }
}

/// Why a word read under a forced algebraic notation is refused: the notation it is in.
pub(crate) fn not_written_in(word: &str, asked: Notation) -> String {
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
