//! Converting games to another notation as they are read: the one-pass reader replays each
//! move and hands it, written in the new notation, to a [`MovetextWriter`] at once, so that no
//! tree of the game is built and memory goes with the text of the game, not its moves.

use std::ops::Range;

use chess_notation::WriteOptions as MoveOptions;
use draughts::{MoveStyle, Position, SquareStyle, Variant};
use record::{CommentKind, MovetextWriter, Nag, ReadError, Reader, WriteOptions, write_tag};
use shakmaty::Chess;

use super::any_game::{AnyGame, ReadOptions};
use super::chess_game::{ChessWriteStyle, first_ply, ply_separator};
use super::draughts_game::{DraughtsGame, VariantSource, WriteStyle, write_move};
use super::error::GameError;
use super::fast::{OnePass, RULE_TAGS, ReadGame};
use super::several_variants::FileVariants;

/// How games of either family are written by [`Converter`].
///
/// ```
/// use games::ConvertStyle;
/// let style = ConvertStyle::default();
/// assert_eq!(style.width, 80);
/// let american = style.draughts_style(&draughts::Variant::AMERICAN);
/// assert_eq!(american.moves.unwrap().capture_separator, 'x');
/// ```
#[derive(Clone, Debug)]
pub struct ConvertStyle {
    /// Chess moves: notation, language, figurines, signs.
    pub chess: MoveOptions,
    /// Draughts squares as numbers or algebraic names; `None` for each variant's own way.
    pub squares: Option<SquareStyle>,
    /// The separator between the squares of a draughts capture; `None` for the variant's.
    pub capture_separator: Option<char>,
    /// Write every landing square of a draughts capture (else the variant's way).
    pub full_path: bool,
    /// Movetext line width (0: no wrapping).
    pub width: usize,
    /// Write annotation glyphs (`±`, `N`, ...) instead of `$n` for NAGs that have one.
    pub glyphs: bool,
}

impl Default for ConvertStyle {
    fn default() -> Self {
        ConvertStyle {
            chess: MoveOptions::default(),
            squares: None,
            capture_separator: None,
            full_path: false,
            width: 80,
            glyphs: false,
        }
    }
}

impl ConvertStyle {
    /// How chess games are written.
    pub fn chess_style(&self) -> ChessWriteStyle {
        ChessWriteStyle {
            moves: self.chess,
            width: self.width,
            glyphs: self.glyphs,
        }
    }

    /// How draughts games of `variant` are written.
    pub fn draughts_style(&self, variant: &Variant) -> WriteStyle {
        WriteStyle {
            moves: Some(self.draughts_moves(variant)),
            width: self.width,
            glyphs: self.glyphs,
        }
    }

    fn draughts_moves(&self, variant: &Variant) -> MoveStyle {
        let mut moves = MoveStyle::of(variant);
        if let Some(squares) = self.squares {
            moves.squares = squares;
        }
        if let Some(c) = self.capture_separator {
            moves.capture_separator = c;
        }
        moves.full_path |= self.full_path;
        moves
    }

    /// How the movetext is laid out before the game's family is known: what the two families
    /// share (numbering comes when the family is known).
    fn common_options(&self) -> WriteOptions {
        WriteOptions {
            width: self.width,
            other_glyphs: self.glyphs,
            ..WriteOptions::default()
        }
    }
}

/// What converting one game gave.
#[derive(Debug)]
pub enum Converted {
    /// The game written in the new notation: tags, movetext, result and a blank line.
    Text(String),
    /// A draughts game that several variants replay (see [`DraughtsGame::others`]), written
    /// as read, undecided; a caller that knows more (the rest of the file, see
    /// [`FileVariants`](super::FileVariants)) settles it and writes it with
    /// [`Converter::write`].
    Open {
        /// The game written as read.
        text: String,
        /// The game, with its readings under the other variants.
        game: Box<DraughtsGame>,
    },
    /// A game that is not good: its error has its place in the file.
    Bad(GameError),
}

/// Reads games and writes each in the notation of a [`ConvertStyle`]: the same text as
/// reading it with [`OnePass`] and writing it with [`DraughtsGame::write`] or
/// [`ChessGame::write`](super::ChessGame::write), but games that the one-pass reader
/// replays are written while they are read, without a tree of their moves.
///
/// ```
/// use games::{ConvertStyle, Converted, Converter, ReadOptions};
/// let mut style = ConvertStyle::default();
/// style.chess = chess_notation::WriteOptions::new(chess_notation::Notation::Uci, chess_notation::Language::English);
/// let mut converter = Converter::new(ReadOptions::default(), style);
/// let mut reader = record::Reader::from_str("[Event \"x\"]\n1. e4 {best} e5 2. Nf3 (2. f4) 1-0");
/// let Some(Ok(Converted::Text(text))) = converter.next(&mut reader) else { panic!() };
/// assert_eq!(text, "[Event \"x\"]\n\n1. e2e4 {best} 1... e7e5 2. g1f3 (2. f2f4) 1-0\n\n");
/// ```
pub struct Converter {
    one_pass: OnePass,
    /// The rules of the last game read, if it was a draughts game that replays.
    last_rules: Option<(Variant, VariantSource)>,
    /// The warnings of the last game read, and what writing it changed in its result.
    last_warnings: Vec<GameError>,
}

impl Converter {
    /// A converter of games read with `options` to `style`.
    pub fn new(options: ReadOptions, style: ConvertStyle) -> Converter {
        let mut one_pass = OnePass::new(options);
        one_pass.write_while_reading(Writing::new(style));
        Converter {
            one_pass,
            last_rules: None,
            last_warnings: Vec::new(),
        }
    }

    /// The next game, or `None` at the end.
    pub fn next<R: std::io::Read>(
        &mut self,
        reader: &mut Reader<R>,
    ) -> Option<Result<Converted, ReadError>> {
        let read = self.one_pass.read(reader)?;
        self.last_warnings = match &read {
            Ok((ReadGame::Game(game), _)) => Converter::warnings(game),
            _ => Vec::new(),
        };
        self.last_rules = match &read {
            Ok((ReadGame::Game(game), _)) => FileVariants::rules_of(game),
            _ => None,
        };
        Some(read.map(|(read, _)| match read {
            ReadGame::Game(game) => match self.one_pass.take_written() {
                Some(text) => Converted::Text(text),
                // Read the general way: written from its tree.
                None => match *game {
                    AnyGame::Draughts(g) if !g.others.is_empty() => Converted::Open {
                        text: self.write(&AnyGame::Draughts(g.clone())),
                        game: Box::new(g),
                    },
                    game => Converted::Text(self.write(&game)),
                },
            },
            ReadGame::Bad(e) => Converted::Bad(e),
        }))
    }

    /// The variant of the last game read and where it came from, if it was a draughts game
    /// with moves that replays: what [`FileVariants::note_rules`](super::FileVariants::note_rules)
    /// takes.
    pub fn last_rules(&self) -> Option<(Variant, VariantSource)> {
        self.last_rules
    }

    /// The warnings of the last game read (see [`Converter::warnings`]).
    pub fn last_warnings(&self) -> &[GameError] {
        &self.last_warnings
    }

    /// What a converter says about `game` as it writes it: the game's warnings, and the
    /// result written in another form (see [`DraughtsGame::result_rewritten`]).
    pub fn warnings(game: &AnyGame) -> Vec<GameError> {
        let mut out = game.warnings().to_vec();
        if let AnyGame::Draughts(g) = game {
            out.extend(g.result_rewritten());
        }
        out
    }

    /// A game written in this converter's style.
    pub fn write(&self, game: &AnyGame) -> String {
        let style = &self.one_pass.writing().style;
        match game {
            AnyGame::Draughts(g) => g.write(&style.draughts_style(&g.variant)),
            AnyGame::Chess(g) => g.write(&style.chess_style()),
        }
    }

    /// How many games so far this converter left to the general reader (and wrote from a
    /// tree).
    pub fn fallbacks(&self) -> u64 {
        self.one_pass.fallbacks()
    }
}

/// The text of the game being converted, written as it is read: its tags, then its
/// movetext, in one buffer that becomes the game's text.
pub(super) struct Writing {
    style: ConvertStyle,
    /// Writes the movetext after the tags, which are written to its output directly.
    movetext: MovetextWriter<String>,
    /// Where the first tag of each name that writing may change is in the text.
    firsts: Vec<(&'static str, Range<usize>)>,
    /// Where the tags end in the text, once the movetext has begun.
    tags_end: Option<usize>,
    /// How draughts moves are written, once the variant is known.
    draughts: MoveStyle,
    /// The game written, when it is complete.
    pub(super) written: Option<String>,
    /// The length the next game's text is expected to have, if known.
    expected: usize,
}

impl Writing {
    fn new(style: ConvertStyle) -> Writing {
        Writing {
            movetext: MovetextWriter::new(String::new(), style.common_options()),
            draughts: MoveStyle::of(&Variant::AMERICAN),
            style,
            firsts: Vec::new(),
            tags_end: None,
            written: None,
            expected: 0,
        }
    }

    pub(super) fn begin_game(&mut self) {
        let text = String::with_capacity(std::mem::take(&mut self.expected));
        self.movetext = MovetextWriter::new(text, self.style.common_options());
        self.firsts.clear();
        self.tags_end = None;
        self.written = None;
    }

    /// Makes room for a game's text of about `len` bytes at once, where that is known (on a
    /// second pass over a game): growing step by step would copy it, and hold more.
    pub(super) fn expect(&mut self, len: usize) {
        self.expected = len;
    }

    pub(super) fn tag(&mut self, name: &str, value: &str) {
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
    pub(super) fn begin_movetext(&mut self) {
        if self.tags_end.is_none() {
            let text = self.movetext.get_mut();
            self.tags_end = Some(text.len());
            if !text.is_empty() {
                text.push('\n');
            }
        }
    }

    pub(super) fn chess_decided(&mut self, start: &Chess) {
        self.movetext
            .set_numbering(first_ply(start), ply_separator(&self.style.chess));
    }

    pub(super) fn draughts_decided(&mut self, variant: &Variant) {
        self.draughts = self.style.draughts_moves(variant);
        let options = DraughtsGame::write_options(&self.style.draughts_style(variant));
        self.movetext
            .set_numbering(options.first_ply, options.ply_separator);
    }

    /// A chess move `m` made in `pos`.
    pub(super) fn chess_move(&mut self, pos: &Chess, m: shakmaty::Move) {
        let text = chess_notation::write_move(pos, &m, &self.style.chess);
        let _ = self.movetext.push_move(&text);
    }

    /// A draughts move `m` made in `pos`.
    pub(super) fn draughts_move(&mut self, pos: &Position, m: &draughts::Move) {
        let text = write_move(pos, m, &self.draughts);
        let _ = self.movetext.push_move(&text);
    }

    pub(super) fn nag(&mut self, nag: Nag) {
        let _ = self.movetext.nag(nag);
    }

    pub(super) fn comment(&mut self, text: &str, kind: CommentKind) {
        let _ = self.movetext.comment(text, kind);
    }

    pub(super) fn begin_variation(&mut self) {
        let _ = self.movetext.begin_variation();
    }

    pub(super) fn end_variation(&mut self) {
        let _ = self.movetext.end_variation();
    }

    pub(super) fn escape(&mut self, line: &str) {
        let _ = self.movetext.escape(line);
    }

    /// Completes the text of `game` (replayed while its movetext was written): the tags get
    /// the changes writing makes (as `tag_changes::with_changes` gives them: the first tag of
    /// a changed name gets its new value, a name not there is added after the others), the
    /// movetext its result.
    pub(super) fn finish(&mut self, game: &AnyGame) {
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
        self.written = Some(text);
    }
}
