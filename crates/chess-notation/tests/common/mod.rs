//! A throwaway PGN tokenizer for the tests, until the `record` crate lands:
//! it keeps the main line's move words and the starting position, and
//! drops tags, comments, variations, move numbers, NAGs and results.

#![allow(dead_code)]

use shakmaty::{CastlingMode, Chess, Move, Position, fen::Fen};

pub struct Game {
    pub start: Chess,
    pub words: Vec<String>,
}

pub fn data_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/chess")
}

fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    word.contains('.') && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Splits a PGN text into games.
pub fn games(text: &str) -> Vec<Game> {
    let mut games = Vec::new();
    let mut fen: Option<String> = None;
    let mut movetext = String::new();
    let mut in_movetext = false;
    let flush = |fen: &mut Option<String>, movetext: &mut String, games: &mut Vec<Game>| {
        if movetext.trim().is_empty() && fen.is_none() {
            return;
        }
        let start = match fen.take() {
            Some(f) => {
                let setup: Fen = f.parse().expect("FEN");
                let mode = CastlingMode::detect(setup.as_setup());
                setup.into_position(mode).expect("position")
            }
            None => Chess::default(),
        };
        games.push(Game {
            start,
            words: words(movetext),
        });
        movetext.clear();
    };
    for line in text.trim_start_matches('\u{feff}').lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && !in_movetext_comment(&movetext) {
            if in_movetext {
                flush(&mut fen, &mut movetext, &mut games);
                in_movetext = false;
            }
            if let Some(rest) = trimmed.strip_prefix("[FEN \"") {
                fen = Some(rest.trim_end_matches("\"]").to_owned());
            }
        } else if !trimmed.is_empty() || in_movetext {
            in_movetext = true;
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    if in_movetext {
        flush(&mut fen, &mut movetext, &mut games);
    }
    games
}

fn in_movetext_comment(movetext: &str) -> bool {
    movetext.matches('{').count() > movetext.matches('}').count()
}

/// The main line's move words of a movetext.
pub fn words(movetext: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut cleaned = String::new();
    let mut chars = movetext.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                for d in chars.by_ref() {
                    if d == '}' {
                        break;
                    }
                }
                cleaned.push(' ');
            }
            ';' => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
                cleaned.push(' ');
            }
            '(' => {
                depth += 1;
                cleaned.push(' ');
            }
            ')' => {
                depth = depth.saturating_sub(1);
                cleaned.push(' ');
            }
            _ if depth > 0 => {}
            _ => cleaned.push(c),
        }
    }
    for word in cleaned.split_whitespace() {
        if word.starts_with('$') || is_move_number(word) {
            continue;
        }
        if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
            continue;
        }
        // `12.e4` and `12...e5` glued to their number.
        let word = match word.find('.') {
            Some(i) if word[..i].bytes().all(|b| b.is_ascii_digit()) && i > 0 => {
                word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
            }
            _ => word,
        };
        let word = word.trim_end_matches(['!', '?']);
        if !word.is_empty() {
            out.push(word.to_owned());
        }
    }
    out
}

pub fn load(name: &str) -> Vec<Game> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    games(&text)
}

/// A random game from `start`: at each ply the legal move that `choices` picks (modulo the
/// number of moves), until the choices or the moves run out.
pub fn random_game(start: &Chess, choices: &[u16]) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(c) % legal.len()];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}
