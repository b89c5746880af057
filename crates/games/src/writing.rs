//! The text of a game written in another notation as it is read: its tags, then its
//! movetext, in one buffer that becomes the game's text. The reader hands it each token once
//! the move it names is known; the moves are written by each family's one writer
//! ([`DraughtsGame::write`] and [`ChessGame::write`](super::ChessGame::write) write a tree
//! the same way).

use std::ops::Range;

use draughts::{MoveStyle, Position, Variant};
use record::{CommentKind, MovetextWriter, Nag, write_tag};

use super::any_game::AnyGame;
use chess_notation::{ChessRules, first_ply};

use super::chess_game::{ChessMove, ply_separator};
use super::convert_style::ConvertStyle;
use super::draughts_game::{DraughtsGame, write_move};
use super::rules::RULE_TAGS;

/// The text of the game being converted, written as it is read: its tags, then its
/// movetext, in one buffer that becomes the game's text.
pub(crate) struct Writing {
    style: ConvertStyle,
    /// Writes the movetext after the tags, which are written to its output directly.
    movetext: MovetextWriter<String>,
    /// Where the first tag of each name that writing may change is in the text.
    firsts: Vec<(&'static str, Range<usize>)>,
    /// Where the tags end in the text, once the movetext has begun.
    tags_end: Option<usize>,
    /// How draughts moves are written, once the variant is known.
    draughts: MoveStyle,
    /// The length the next game's text is expected to have, if known.
    expected: usize,
}

impl Writing {
    pub(crate) fn new(style: ConvertStyle) -> Writing {
        Writing {
            movetext: MovetextWriter::new(String::new(), style.common_options()),
            draughts: MoveStyle::of(&Variant::AMERICAN),
            style,
            firsts: Vec::new(),
            tags_end: None,
            expected: 0,
        }
    }

    pub(crate) fn begin_game(&mut self) {
        let text = String::with_capacity(std::mem::take(&mut self.expected));
        self.movetext = MovetextWriter::new(text, self.style.common_options());
        self.firsts.clear();
        self.tags_end = None;
    }

    /// Makes room for a game's text of about `len` bytes at once, where that is known (on a
    /// second pass over a game): growing step by step would copy it, and hold more.
    pub(crate) fn expect(&mut self, len: usize) {
        self.expected = len;
    }

    pub(crate) fn tag(&mut self, name: &str, value: &str) {
        let text = self.movetext.get_mut();
        let start = text.len();
        let _ = write_tag(text, name, value);
        if let Some(rule) = RULE_TAGS.iter().find(|r| **r == name)
            && !self.firsts.iter().any(|(n, _)| n == rule)
        {
            self.firsts.push((rule, start..text.len()));
        }
    }

    /// The tags are over: a blank line follows them, if there are any.
    pub(crate) fn begin_movetext(&mut self) {
        if self.tags_end.is_none() {
            let text = self.movetext.get_mut();
            self.tags_end = Some(text.len());
            if !text.is_empty() {
                text.push('\n');
            }
        }
    }

    pub(crate) fn chess_decided<R: ChessRules>(&mut self, start: &R) {
        self.movetext
            .set_numbering(first_ply(start), ply_separator(&self.style.chess));
    }

    pub(crate) fn draughts_decided(&mut self, variant: &Variant) {
        self.draughts = self.style.draughts_moves(variant);
        let options = DraughtsGame::write_options(&self.style.draughts_style(variant));
        self.movetext
            .set_numbering(options.first_ply, options.ply_separator);
    }

    /// A chess move `m` made in `pos`.
    pub(crate) fn chess_move<R: ChessRules>(&mut self, pos: &R, m: &ChessMove) {
        match m {
            ChessMove::Move(m) => {
                let text = chess_notation::write_move(pos, m, &self.style.chess);
                let _ = self.movetext.push_move(&text);
            }
            ChessMove::Null => {
                let _ = self.movetext.push_move("--");
            }
        }
    }

    pub(crate) fn setup(&mut self, name: &str, value: &str) {
        let _ = self.movetext.setup(name, value);
    }

    /// A draughts move `m` made in `pos`.
    pub(crate) fn draughts_move(&mut self, pos: &Position, m: &draughts::Move) {
        let text = write_move(pos, m, &self.draughts);
        let _ = self.movetext.push_move(&text);
    }

    pub(crate) fn nag(&mut self, nag: Nag) {
        let _ = self.movetext.nag(nag);
    }

    pub(crate) fn comment(&mut self, text: &str, kind: CommentKind) {
        let _ = self.movetext.comment(text, kind);
    }

    pub(crate) fn begin_variation(&mut self) {
        let _ = self.movetext.begin_variation();
    }

    pub(crate) fn end_variation(&mut self) {
        let _ = self.movetext.end_variation();
    }

    pub(crate) fn escape(&mut self, line: &str) {
        let _ = self.movetext.escape(line);
    }

    /// Completes the text of `game` (replayed while its movetext was written): the tags get
    /// the changes writing makes (as `tag_changes::with_changes` gives them: the first tag of
    /// a changed name gets its new value, a name not there is added after the others), the
    /// movetext its result.
    pub(crate) fn finish(&mut self, game: &AnyGame) -> String {
        let (changes, result) = match game {
            AnyGame::Draughts(g) => g.written_tags_and_result(),
            AnyGame::Chess(g) => (g.tag_changes(), g.game.result_text().to_string()),
        };
        self.begin_movetext();
        let tags_end = self.tags_end.unwrap_or_default();
        let movetext = std::mem::replace(
            &mut self.movetext,
            MovetextWriter::new(String::new(), self.style.common_options()),
        );
        let mut text = movetext
            .finish(&result)
            .expect("writing to a String cannot fail");
        let mut added = String::new();
        let mut replaced: Vec<(Range<usize>, String)> = Vec::new();
        for (name, value) in &changes {
            match self.firsts.iter().find(|(n, _)| n == name) {
                Some((_, range)) => {
                    let mut tag = String::new();
                    let _ = write_tag(&mut tag, name, value);
                    replaced.push((range.clone(), tag));
                }
                None => {
                    let _ = write_tag(&mut added, name, value);
                }
            }
        }
        if tags_end == 0 && !added.is_empty() {
            added.push('\n');
        }
        text.insert_str(tags_end, &added);
        // The tags replaced all lie before the end of the tags: from the last one back, each
        // leaves the places of those before it as they were.
        replaced.sort_by_key(|(range, _)| std::cmp::Reverse(range.start));
        for (range, tag) in replaced {
            text.replace_range(range, &tag);
        }
        text
    }
}
