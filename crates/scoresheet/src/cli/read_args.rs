//! The options every command that reads games takes.

use clap::Args;
use games::{ChessReadOptions, ReadOptions};

use super::RulesArg;

#[derive(Debug, Args)]
pub struct ReadArgs {
    /// Rules for games whose tags do not say: a draughts variant (american, international, russian, brazilian, italian, spanish, pool, czech, thai, frisian, frysk, antidraughts, breakthrough, killer, canadian) or chess. Without it,
    /// each game's rules are inferred from its squares and moves.
    #[arg(long, short)]
    variant: Option<RulesArg>,
    /// Chess: read the moves in this notation only (san, long, uci, descriptive, desc-es,
    /// desc-en): a word in another one is an error; descriptive takes each game's system,
    /// Spanish or English, as it is written.
    #[arg(long)]
    input_notation: Option<chess_notation::ReadNotation>,
    /// Chess: read the piece letters in this language only (en, es, eo, fr, de, it, pl, nl, pt).
    #[arg(long)]
    input_lang: Option<chess_notation::Language>,
    /// Chess: a move whose text claims what it does not do (`+` without check, `#` without
    /// mate, `x` without capture, `e.p.` on another move), and a move number that skips or
    /// repeats one, is an error, not a warning.
    #[arg(long)]
    strict: bool,
    /// Threads to read and replay with (default: one per core). The output is the same
    /// whatever the number: in the order of the input.
    #[arg(long, short)]
    jobs: Option<usize>,
    /// The most megabytes one game may take (1 to 4095), which bounds the memory a reading
    /// takes whatever the input: a longer game (a file with no game boundary, a comment that
    /// never closes) is an error at its start, and the reading goes on at the next line that
    /// starts with `[`; binary input (a NUL byte where the game runs on) stops there.
    #[arg(long, default_value_t = (record::DEFAULT_MAX_GAME >> 20) as u32, value_parser = clap::value_parser!(u32).range(1..4096))]
    max_game_mb: u32,
}

impl ReadArgs {
    /// The reading options for a file; a `.pgn` file leans to chess for games that do not
    /// show their family.
    pub fn options_for(&self, path: &str) -> ReadOptions {
        ReadOptions {
            prefer_chess: path.to_ascii_lowercase().ends_with(".pgn"),
            ..self.options()
        }
    }

    /// The most bytes one game may take: `--max-game-mb`.
    pub fn max_game(&self) -> usize {
        (self.max_game_mb as usize) << 20
    }

    /// The number of threads to read with: `--jobs`, or one per core.
    pub fn jobs(&self) -> usize {
        self.jobs.unwrap_or_else(games::every_core).max(1)
    }

    pub fn options(&self) -> ReadOptions {
        ReadOptions {
            prefer_chess: false,
            rules: self.variant.map(|r| r.0),
            chess: ChessReadOptions {
                notation: self.input_notation,
                language: self.input_lang,
                strict: self.strict,
            },
        }
    }
}
