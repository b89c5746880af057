//! Draughts games: a PDN game's move words replayed under the rules of its variant, and
//! written back in any notation.

use draughts::{
    Color, Fen, Move, MoveReader, MoveStyle, MoveTextError, Position, Variant, write_move_among,
};
use record::{Extra, Game, Line, MoveWriter, Node, ResultToken, WriteOptions};

use super::error::{GameError, Ply, Problem, result_mismatch, result_place};
use super::outcome::Outcome;
use super::routes;
use super::several_variants;
use super::site_forms;
use super::tag_changes;
use super::variant_choice::{board_size_hint, draughts_variant_named, variant_from_tags};

/// Where a game's variant came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum VariantSource {
    /// The game's GameType tag.
    GameType,
    /// The game's Variant tag, without a GameType tag (the draughts sites' exports:
    /// `[Variant "Russian"]`, `[Variant "American/English"]`).
    VariantTag,
    /// The rules the user selected.
    Selected,
    /// Inferred: the first variant, for the board the squares point to, under which every
    /// move replays, and the only one of the board's variants tried for it.
    Inferred,
    /// Several variants replay the game (see [`DraughtsGame::others`]); the file's games
    /// whose rules were decided were read under this one and none other of them (see
    /// [`FileVariants`](super::FileVariants)).
    File,
    /// Several variants replay the game; its Event or Site tag names this one.
    #[serde(rename = "event")]
    EventOrSite,
    /// Several variants replay the game; its captures are written with `:`, the Russian way.
    Separator,
    /// Several variants replay the game and nothing decides between them: read under the
    /// first of them in the order of inference, written without a GameType.
    Undecided,
}

impl VariantSource {
    /// The name JSON gives it (`gametype`, `varianttag`, `selected`, `inferred`, `file`,
    /// `event`, `separator`, `undecided`).
    pub fn as_str(self) -> &'static str {
        match self {
            VariantSource::GameType => "gametype",
            VariantSource::VariantTag => "varianttag",
            VariantSource::Selected => "selected",
            VariantSource::Inferred => "inferred",
            VariantSource::File => "file",
            VariantSource::EventOrSite => "event",
            VariantSource::Separator => "separator",
            VariantSource::Undecided => "undecided",
        }
    }

    /// Whether the rules are decided: by a tag, the user, or because only they replay the
    /// game among those tried.
    pub fn is_decided(self) -> bool {
        matches!(
            self,
            VariantSource::GameType
                | VariantSource::VariantTag
                | VariantSource::Selected
                | VariantSource::Inferred
        )
    }
}

/// A draughts game replayed under its rules.
#[derive(Clone, Debug)]
pub struct DraughtsGame {
    /// The rules.
    pub variant: Variant,
    /// Where the rules came from.
    pub source: VariantSource,
    /// The position before the first move.
    pub start: Position,
    /// The game tree with every move (side lines too) matched to a legal move.
    pub game: Game<Move>,
    /// The position after the main line.
    pub end: Position,
    /// Things that do not stop the game from being read but look wrong, such as a result that
    /// the final position contradicts.
    pub warnings: Vec<GameError>,
    /// The game read under each other variant that replays it too, when no tag and no
    /// choice of the user decided the rules and the game's squares are those of several
    /// variants (algebraic squares on 8×8: Brazilian, Russian, Czech, American as the sites
    /// export it, Italian); empty otherwise. [`DraughtsGame::settled`] takes one of them.
    pub others: Vec<DraughtsGame>,
}

/// How to write draughts games.
#[derive(Clone, Copy, Debug)]
pub struct WriteStyle {
    /// How moves are written; `None` for each game's own variant style.
    pub moves: Option<MoveStyle>,
    /// Movetext line width (0: no wrapping).
    pub width: usize,
    /// Write annotation glyphs instead of `$n` for NAGs that have one.
    pub glyphs: bool,
}

impl Default for WriteStyle {
    fn default() -> Self {
        WriteStyle {
            moves: None,
            width: 80,
            glyphs: false,
        }
    }
}

impl DraughtsGame {
    /// Replays a game read by `record`.
    ///
    /// The rules come from the GameType tag, else from a Variant tag that names a draughts
    /// variant (the draughts sites' exports, see [`draughts_variant_named`]), else from
    /// `selected`, else they are inferred: the board from the squares of the FEN and the
    /// moves, then the first variant under which every move replays (American first for
    /// numbered squares on 8×8). The start is the FEN tag's position, or the variant's
    /// initial position.
    ///
    /// ```
    /// use games::DraughtsGame;
    /// let game = record::read_games("[Result \"1-0\"]\n1. 11-15 23-19 2. 8-11 22-17 1-0").remove(0).unwrap();
    /// let game = DraughtsGame::read(game, None).unwrap();
    /// assert_eq!(game.variant.name, "american");
    /// assert_eq!(game.winner(), Some(draughts::Color::Black));
    /// ```
    pub fn read(
        mut game: Game<String>,
        selected: Option<Variant>,
    ) -> Result<DraughtsGame, GameError> {
        let score = site_forms::score_as_result(&mut game);
        let mut g = DraughtsGame::read_moves(game, selected)?;
        g.warn_first(score.into_iter().collect());
        Ok(g)
    }

    /// Puts `notes` before the game's warnings, and before those of its readings under the
    /// other variants that replay it.
    pub(crate) fn warn_first(&mut self, notes: Vec<GameError>) {
        if notes.is_empty() {
            return;
        }
        for other in &mut self.others {
            other.warnings.splice(0..0, notes.iter().cloned());
        }
        self.warnings.splice(0..0, notes);
    }

    /// [`DraughtsGame::read`] once the result is in its place.
    fn read_moves(
        game: Game<String>,
        selected: Option<Variant>,
    ) -> Result<DraughtsGame, GameError> {
        let decided = match game.tags.get_tag("GameType") {
            Some(tag) => Some((
                variant_from_tags(&tag.value, game.tags.get("Variant"))
                    .map_err(|m| GameError::at(tag.at, m))?,
                VariantSource::GameType,
            )),
            None => game
                .tags
                .get("Variant")
                .and_then(draughts_variant_named)
                .map(|v| (v, VariantSource::VariantTag))
                .or(selected.map(|v| (v, VariantSource::Selected))),
        };
        if let Some((variant, source)) = decided {
            let replayed = replay(&game, variant)?;
            return Ok(DraughtsGame::new(game, variant, source, replayed));
        }
        let (candidates, several) = inference_order(&game);
        let mut best: Option<(usize, Variant, GameError)> = None;
        for (i, &variant) in candidates.iter().enumerate() {
            match replay(&game, variant) {
                Ok(replayed) if !several => {
                    return Ok(DraughtsGame::new(
                        game,
                        variant,
                        VariantSource::Inferred,
                        replayed,
                    ));
                }
                Ok(replayed) => {
                    // Squares several variants share: every one of the board's variants
                    // that replays the game is a reading of it.
                    let mut readings = vec![(variant, replayed)];
                    for &other in &candidates[i + 1..] {
                        if other.size == variant.size
                            && let Ok(r) = replay(&game, other)
                        {
                            readings.push((other, r));
                        }
                    }
                    return Ok(DraughtsGame::from_readings(game, readings));
                }
                Err(e) => {
                    let reached = e.ply.as_ref().map_or(0, |p| p.index);
                    if best.as_ref().is_none_or(|(r, _, _)| reached > *r) {
                        best = Some((reached, variant, e));
                    }
                }
            }
        }
        let tried: Vec<&str> = candidates.iter().map(|v| v.title).collect();
        let (_, variant, e) = best.expect("at least one candidate variant");
        Err(GameError {
            message: format!(
                "no supported variant replays this game (no GameType tag; tried {}); under {} rules: {}",
                tried.join(", "),
                variant.title,
                e.message
            ),
            ..e
        })
    }

    /// A game replayed elsewhere (the one-pass reader): its tree of moves, the rules, the
    /// start and end positions; the warnings are computed here.
    pub(crate) fn from_replay(
        game: Game<Move>,
        variant: Variant,
        source: VariantSource,
        start: Position,
        end: Position,
    ) -> DraughtsGame {
        let mut g = DraughtsGame {
            variant,
            source,
            start,
            game,
            end,
            warnings: Vec::new(),
            others: Vec::new(),
        };
        g.warnings = result_warnings(&g);
        g
    }

    fn new(
        game: Game<String>,
        variant: Variant,
        source: VariantSource,
        replayed: Replayed,
    ) -> DraughtsGame {
        let game = Game {
            tags: game.tags,
            moves: replayed.moves,
            result: game.result,
            at: game.at,
        };
        let mut g = DraughtsGame::from_replay(game, variant, source, replayed.start, replayed.end);
        g.warnings.splice(0..0, replayed.warnings);
        g
    }

    /// The game read under each variant of `readings` (in the order of inference, at least
    /// two): the one that its Event or Site names, or whose separator its captures use, or
    /// else the first, holding the others; a warning says which rules replay it and what
    /// decided.
    fn from_readings(game: Game<String>, readings: Vec<(Variant, Replayed)>) -> DraughtsGame {
        if readings.len() == 1 {
            let (variant, replayed) = readings.into_iter().next().expect("one reading");
            return DraughtsGame::new(game, variant, VariantSource::Inferred, replayed);
        }
        let variants: Vec<Variant> = readings.iter().map(|(v, _)| *v).collect();
        let (chosen, source) = several_variants::decide(&game, &variants);
        let at = game.at;
        let mut games: Vec<DraughtsGame> = readings
            .into_iter()
            .map(|(v, r)| DraughtsGame::new(game.clone(), v, source, r))
            .collect();
        let mut g = games.remove(chosen);
        g.warnings.insert(
            0,
            several_variants::warning(at, &variants, &g.variant, source),
        );
        g.others = games;
        g
    }

    /// The game read under `variant`, one of the variants that replay it (it or one of
    /// [`DraughtsGame::others`]), now decided by `source`; itself when `variant` is not one
    /// of them. The warning that says which rules replay it says what decided.
    pub fn settled(self, variant: Variant, source: VariantSource) -> DraughtsGame {
        if self.others.is_empty() {
            return self;
        }
        let mut games = vec![self];
        let others = std::mem::take(&mut games[0].others);
        games.extend(others);
        games.sort_by_key(|g| several_variants::rank(&g.variant));
        let order: Vec<Variant> = games.iter().map(|g| g.variant).collect();
        let Some(chosen) = order.iter().position(|v| *v == variant) else {
            let mut g = games.remove(0);
            g.others = games;
            return g;
        };
        let mut g = games.remove(chosen);
        let at = g.game.at;
        g.warnings.retain(|w| !several_variants::is_warning(w));
        g.warnings
            .insert(0, several_variants::warning(at, &order, &variant, source));
        g.source = source;
        for other in &mut games {
            other.source = source;
        }
        g.others = games;
        g
    }

    /// The rules' title: the variant's, or for a game that several variants replay and
    /// nothing decided, all of them ("Brazilian, Russian or Czech").
    pub fn rules_title(&self) -> String {
        if self.source == VariantSource::Undecided {
            several_variants::either(&self.replaying_variants())
        } else {
            self.variant.title.to_string()
        }
    }

    /// The variants that replay the game: its own first, then [`DraughtsGame::others`].
    pub fn replaying_variants(&self) -> Vec<Variant> {
        std::iter::once(self.variant)
            .chain(self.others.iter().map(|g| g.variant))
            .collect()
    }

    /// The result: the movetext's result token, else the Result tag.
    pub fn outcome(&self) -> Option<Outcome> {
        let text = match &self.game.result {
            Some(token) => token.text.as_str(),
            None => self.game.tags.get("Result")?,
        };
        Outcome::parse(text, &self.variant)
    }

    /// The side that won, if the result says one did.
    pub fn winner(&self) -> Option<Color> {
        self.outcome().and_then(Outcome::winner)
    }

    /// Number of moves (plies) in the main line.
    pub fn plies(&self) -> usize {
        self.game.moves.nodes.len()
    }

    /// The game with every move written in `style`, tags updated: GameType added when
    /// missing, the FEN tag in canonical form, results in the variant's convention.
    pub fn to_text(&self, style: &WriteStyle) -> Game<String> {
        let moves = style.moves.unwrap_or_else(|| MoveStyle::of(&self.variant));
        let mut tags = self.game.tags.clone();
        for (name, value) in self.tag_changes() {
            tags.set(name, value);
        }
        Game {
            tags,
            moves: write_line(&self.game.moves, self.start, &moves),
            result: self.result_token(),
            at: self.game.at,
        }
    }

    /// The tags [`DraughtsGame::to_text`] changes, with their new values.
    fn tag_changes(&self) -> Vec<(&'static str, String)> {
        let tags = &self.game.tags;
        let mut changes = Vec::new();
        if !tags.contains("GameType") && self.source != VariantSource::Undecided {
            changes.push(("GameType", self.variant.game_type.to_string()));
        }
        if let Some(name) = self.variant.variant_tag
            && !tags.contains("Variant")
        {
            changes.push(("Variant", name.to_string()));
        }
        if tags.contains("FEN") {
            changes.push(("FEN", self.start.to_fen()));
        }
        changes.extend(self.players_from_p1_p2());
        if let Some(value) = tags.get("Result")
            && let Some(outcome) = Outcome::parse(value, &self.variant)
        {
            changes.push(("Result", outcome.text(&self.variant).to_string()));
        }
        changes
    }

    /// The result token in the variant's convention.
    fn result_token(&self) -> Option<ResultToken> {
        self.game.result.as_ref().map(|token| {
            let text = Outcome::parse(&token.text, &self.variant)
                .map_or(token.text.as_str(), |o| o.text(&self.variant));
            ResultToken {
                text: text.to_string(),
                at: token.at,
            }
        })
    }

    /// The game as PDN text in `style`: what [`DraughtsGame::to_text`] gives, written without
    /// building it.
    pub fn write(&self, style: &WriteStyle) -> String {
        let moves = style.moves.unwrap_or_else(|| MoveStyle::of(&self.variant));
        let (changes, result) = self.written_tags_and_result();
        let mut out = String::new();
        record::write_game_with(
            tag_changes::with_changes(&self.game.tags, &changes),
            &self.game.moves,
            &result,
            &mut MoveText(&moves),
            self.start,
            &DraughtsGame::write_options(style),
            &mut out,
        )
        .expect("writing to a String cannot fail");
        out
    }

    /// How [`DraughtsGame::write`] lays out the movetext.
    pub(crate) fn write_options(style: &WriteStyle) -> WriteOptions {
        WriteOptions {
            width: style.width,
            other_glyphs: style.glyphs,
            // Draughts files number a game's first move `1.` whichever side makes it, also
            // when a setup position gives the move to the side that normally moves second.
            first_ply: 0,
            ..WriteOptions::default()
        }
    }

    /// What [`DraughtsGame::write`] writes besides the moves: the tags it changes, with their
    /// new values, and the result.
    /// What writing the game changes in its result: the result written in another form,
    /// the variant's (`0-1` becomes `0-2` in International draughts), said with the place of
    /// the result token, else of the Result tag. `None` when it is written as it was.
    ///
    /// ```
    /// use games::DraughtsGame;
    /// let game = record::read_games("[GameType \"20\"]\n1. 32-28 0-1").remove(0).unwrap();
    /// let note = DraughtsGame::read(game, None).unwrap().result_rewritten().unwrap();
    /// assert!(note.message.contains("0-1 is written 0-2"), "{note}");
    /// ```
    pub fn result_rewritten(&self) -> Option<GameError> {
        let (text, at) = match (&self.game.result, self.game.tags.get_tag("Result")) {
            (Some(token), _) => (token.text.as_str(), token.at),
            (None, Some(tag)) => (tag.value.as_str(), tag.at),
            (None, None) => return None,
        };
        let written = Outcome::parse(text, &self.variant)?.text(&self.variant);
        (written != text.trim()).then(|| {
            GameError::at(
                at,
                format!(
                    "the result {} is written {written}, as {} scores games",
                    text.trim(),
                    self.variant.title
                ),
            )
        })
    }

    /// The White and Black tags that a game naming its players only by `P1` and `P2` (as
    /// some sites export) is written with: `P1` is the player who moves first under the
    /// game's rules (Black in American checkers, White elsewhere), `P2` the other. Empty when
    /// the game has a White or Black tag, or neither P1 nor P2.
    ///
    /// ```
    /// use games::DraughtsGame;
    /// let text = "[P1 \"Tinsley\"]\n[P2 \"Chinook\"]\n1. 11-15 *";
    /// let g = DraughtsGame::read(record::read_games(text).remove(0).unwrap(), None).unwrap();
    /// let players = g.players_from_p1_p2();
    /// assert_eq!(players, [("Black", "Tinsley".to_string()), ("White", "Chinook".to_string())]);
    /// ```
    pub fn players_from_p1_p2(&self) -> Vec<(&'static str, String)> {
        let tags = &self.game.tags;
        if tags.contains("White") || tags.contains("Black") {
            return Vec::new();
        }
        let name = |c: Color| if c == Color::White { "White" } else { "Black" };
        [("P1", self.variant.first), ("P2", self.variant.second())]
            .into_iter()
            .filter_map(|(p, side)| Some((name(side), tags.get(p)?.to_string())))
            .collect()
    }

    pub(crate) fn written_tags_and_result(&self) -> (Vec<(&'static str, String)>, String) {
        let changes = self.tag_changes();
        let token = self.result_token();
        // As `Game::result_text` of the written game: the token, else a valid Result tag.
        let result = match token {
            Some(token) => token.text,
            None => match tag_changes::changed_value(&self.game.tags, &changes, "Result") {
                Some(v) if ResultToken::is_result(v) => v.to_string(),
                _ => "*".to_string(),
            },
        };
        (changes, result)
    }
}

/// Writes `mov`, a legal move of `pos`, in `style`: the legal moves are looked at only for a
/// capture written by its start and end, which needs its path when another capture joins
/// the same squares.
pub(crate) fn write_move(pos: &Position, mov: &Move, style: &MoveStyle) -> String {
    if mov.is_capture() && !style.full_path {
        write_move_among(&pos.legal_moves(), mov, style, pos.size())
    } else {
        write_move_among(&[], mov, style, pos.size())
    }
}

/// Writes draughts moves in a style, replaying them; a FEN setup command in the movetext
/// sets the position.
struct MoveText<'a>(&'a MoveStyle);

impl MoveWriter<Move> for MoveText<'_> {
    type State = Position;

    fn write_move(&mut self, pos: &mut Position, mov: &Move, out: &mut String) {
        out.push_str(&write_move(pos, mov, self.0));
        pos.play_unchecked(mov);
    }

    fn setup(&mut self, pos: &mut Position, name: &str, value: &str) {
        if name.eq_ignore_ascii_case("FEN")
            && let Ok(p) = Position::from_fen(value, *pos.variant())
        {
            *pos = p;
        }
    }
}

/// The variants to try, in order, for a game that does not say, and whether the game's
/// squares are those of several variants of its board (algebraic squares on 8×8), so that
/// every one of them is tried.
fn inference_order(game: &Game<String>) -> (Vec<Variant>, bool) {
    let words = game.moves.nodes.iter().take(40).map(|n| n.mov.as_str());
    let ten = board_size_hint(game.tags.get("FEN"), words) == draughts::BoardSize::Ten;
    let algebraic = game
        .moves
        .nodes
        .iter()
        .take(10)
        .any(|n| n.mov.starts_with(|c: char| c.is_ascii_alphabetic()));
    let colon = game.moves.nodes.iter().any(|n| n.mov.contains(':'));
    (
        inference_order_from(ten, algebraic, colon),
        several_variants::shared_squares(ten, algebraic),
    )
}

/// The variants to try, in order: the board the squares point to first (10×10 when a FEN or
/// one of the first 40 moves names a square only it has), then, on 8×8, American first for
/// numbered squares, Russian first for algebraic squares with `:` captures, Brazilian first
/// for other algebraic squares (`algebraic`: one of the first 10 moves starts with a letter).
/// Italian (numbered squares, White first, on its turned board) and Czech come after those:
/// a game is taken for one of them only when none of the others replays it.
pub(crate) fn inference_order_from(ten: bool, algebraic: bool, colon: bool) -> Vec<Variant> {
    let eight = if !algebraic {
        [
            Variant::AMERICAN,
            Variant::ITALIAN,
            Variant::RUSSIAN,
            Variant::BRAZILIAN,
            Variant::CZECH,
        ]
    } else if colon {
        [
            Variant::RUSSIAN,
            Variant::BRAZILIAN,
            Variant::CZECH,
            Variant::AMERICAN,
            Variant::ITALIAN,
        ]
    } else {
        [
            Variant::BRAZILIAN,
            Variant::RUSSIAN,
            Variant::CZECH,
            Variant::AMERICAN,
            Variant::ITALIAN,
        ]
    };
    if ten {
        [Variant::INTERNATIONAL].into_iter().chain(eight).collect()
    } else {
        eight.into_iter().chain([Variant::INTERNATIONAL]).collect()
    }
}

/// The first of [`inference_order_from`], without building the order (the one-pass reader
/// asks it twice a game).
pub(crate) fn first_inferred(ten: bool, algebraic: bool, colon: bool) -> Variant {
    match (ten, algebraic, colon) {
        (true, _, _) => Variant::INTERNATIONAL,
        (false, false, _) => Variant::AMERICAN,
        (false, true, true) => Variant::RUSSIAN,
        (false, true, false) => Variant::BRAZILIAN,
    }
}

/// A game's moves replayed under a variant.
struct Replayed {
    moves: Line<Move>,
    start: Position,
    end: Position,
    /// What the replay recognised: squares named from the other side of the board,
    /// ambiguous captures that the rest of the game settled, captures written in parts.
    warnings: Vec<GameError>,
}

/// Replays `game` under `variant`. An American (or Pool, Thai) game with algebraic squares
/// that does not replay as written is tried with its squares turned half a circle, as some
/// sites export it (see [`site_forms`]); a warning says so.
fn replay(game: &Game<String>, variant: Variant) -> Result<Replayed, GameError> {
    let as_written = replay_line(game, &game.moves, variant);
    match as_written {
        Err(e) if site_forms::may_be_turned(&variant, &game.moves) => {
            match replay_line(game, &site_forms::turned(&game.moves), variant) {
                Ok(mut r) => {
                    let at = game.moves.nodes.first().map_or(game.at, |n| n.at);
                    r.warnings.insert(
                        0,
                        GameError::at(
                            at,
                            format!(
                                "the squares are named from the other side of the board, as some sites \
                                 export {}: read turned half a circle (c3 as f6)",
                                variant.title
                            ),
                        ),
                    );
                    Ok(r)
                }
                Err(_) => Err(e),
            }
        }
        other => other,
    }
}

/// Replays the moves `moves` of `game` (its tags give the start) under `variant`.
fn replay_line(
    game: &Game<String>,
    moves: &Line<String>,
    variant: Variant,
) -> Result<Replayed, GameError> {
    let sides: Vec<Position> = match game.tags.get_tag("FEN") {
        Some(tag) => {
            let fen = Fen::parse(&tag.value, variant).map_err(|e| {
                GameError::at(
                    tag.at,
                    format!("FEN tag under {} rules: {e}", variant.title),
                )
            })?;
            match fen.side {
                Some(_) => vec![fen.position],
                // `?` as the side to move: whichever side can play the first move.
                None => [variant.first, variant.second()]
                    .into_iter()
                    .map(|side| {
                        let mut p = fen.position;
                        p.set_side_to_move(side);
                        p
                    })
                    .collect(),
            }
        }
        None => vec![Position::start(variant)],
    };
    let mut first_error = None;
    let mut walker = Walker {
        variant,
        reader: MoveReader::new(),
        warnings: Vec::new(),
    };
    for start in sides {
        walker.warnings.clear();
        match walker.line(moves, start, 0) {
            Ok((moves, end, start)) => {
                return Ok(Replayed {
                    moves,
                    start,
                    end,
                    warnings: walker.warnings,
                });
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.expect("at least one start position"))
}

struct Walker {
    variant: Variant,
    reader: MoveReader,
    /// Ambiguous captures that the rest of their line settled (see [`routes::settle`]) and
    /// captures written in parts (see [`site_forms::joined_capture`]).
    warnings: Vec<GameError>,
}

impl Walker {
    /// Replays a line from `pos`; `offset` is the ply index of its first move within the
    /// game. Returns the replayed line, the position after it, and the position before its
    /// first move (a setup command before the first move changes it).
    fn line(
        &mut self,
        line: &Line<String>,
        mut pos: Position,
        offset: u32,
    ) -> Result<(Line<Move>, Position, Position), GameError> {
        let line_start = pos;
        let before = self.extras(&line.before, &mut pos, line_start, offset)?;
        let start = pos;
        let mut nodes = Vec::with_capacity(line.nodes.len());
        let mut i = 0;
        while i < line.nodes.len() {
            let node = &line.nodes[i];
            let ply = offset + i as u32;
            // The nodes this move takes: more than one when a capture was written in parts.
            let mut parts = 1;
            let mv = match self.reader.read(&pos, &node.mov) {
                Ok(mv) => mv,
                Err(e @ MoveTextError::Ambiguous { .. }) => {
                    match routes::settle(&mut self.reader, &pos, &line.nodes[i..], ply) {
                        Some((mv, warning)) => {
                            self.warnings.push(warning);
                            mv
                        }
                        None => {
                            return Err(self.move_error(&pos, node, ply, e));
                        }
                    }
                }
                Err(e) => {
                    match site_forms::joined_capture(&mut self.reader, &pos, &line.nodes[i..]) {
                        Some((mv, n, joined)) => {
                            self.warnings.push(GameError {
                                at: node.at,
                                ply: Some(Ply::of(ply, &node.mov)),
                                message: format!(
                                    "one capture written as {n} plies ({}): read as {joined}",
                                    line.nodes[i..i + n]
                                        .iter()
                                        .map(|n| n.mov.as_str())
                                        .collect::<Vec<_>>()
                                        .join(" ")
                                ),
                                problem: None,
                            });
                            parts = n;
                            mv
                        }
                        None => {
                            return Err(self.move_error(&pos, node, ply, e));
                        }
                    }
                }
            };
            let last = &line.nodes[i + parts - 1];
            let before_move = pos;
            pos.play_unchecked(&mv);
            let after = self.extras(&last.after, &mut pos, before_move, ply)?;
            nodes.push(Node {
                mov: mv,
                at: node.at,
                number: node.number,
                after,
            });
            i += parts;
        }
        Ok((Line { before, nodes }, pos, start))
    }

    /// Maps the items between moves. A variation is an alternative to the move before it, so
    /// it starts from `alternative_to` with ply index `ply`; a setup command changes `pos`.
    fn extras<C: Default + Extend<Extra<Move>>>(
        &mut self,
        items: &[Extra<String>],
        pos: &mut Position,
        alternative_to: Position,
        ply: u32,
    ) -> Result<C, GameError> {
        let mut out = C::default();
        for item in items {
            out.extend(Some(match item {
                Extra::Nags(n) => Extra::Nags(n.clone()),
                Extra::Comment { text, kind } => Extra::Comment {
                    text: text.clone(),
                    kind: *kind,
                },
                Extra::Escape(text) => Extra::Escape(text.clone()),
                Extra::Setup(setup) => {
                    if setup.name.eq_ignore_ascii_case("FEN") {
                        *pos = Position::from_fen(&setup.value, self.variant)
                            .map_err(|e| GameError::at(setup.at, format!("setup command: {e}")))?;
                    }
                    Extra::Setup(setup.clone())
                }
                Extra::Variation(line) => {
                    Extra::Variation(Box::new(self.line(line, alternative_to, ply)?.0))
                }
            }));
        }
        Ok(out)
    }

    /// The error for the move `node` that does not read.
    fn move_error(
        &self,
        pos: &Position,
        node: &Node<String>,
        ply: u32,
        e: MoveTextError,
    ) -> GameError {
        let legal = &pos.legal_moves();
        let style = MoveStyle::of(&self.variant);
        let problem = match &e {
            MoveTextError::Syntax { text, .. } => Problem::unreadable(text),
            MoveTextError::Illegal { text } => Problem::Illegal {
                text: text.clone(),
                legal: legal
                    .iter()
                    .map(|m| write_move_among(legal, m, &style, pos.size()))
                    .collect(),
            },
            MoveTextError::Ambiguous { text, candidates } => Problem::Ambiguous {
                text: text.clone(),
                candidates: candidates.clone(),
            },
        };
        let message = match e {
            MoveTextError::Illegal { text } => {
                let list: Vec<String> = legal
                    .iter()
                    .map(|m| write_move_among(legal, m, &style, pos.size()))
                    .collect();
                let legal_text = if list.is_empty() {
                    "none".to_string()
                } else {
                    list.join(" ")
                };
                // A score (`4-6`) that no piece could play on this board.
                let what = if site_forms::is_score_not_move(&text, pos.size()) {
                    "is neither a legal move nor a result PDN knows (2-0, 1-1, 0-2, 1-0, 0-1, \
                     1/2-1/2, 0-0, *; a score equal to the Result tag is read as the result)"
                } else {
                    "is not a legal move"
                };
                format!(
                    "{text} {what} in {} (position {}, {} to move; legal moves: {legal_text})",
                    self.variant.title,
                    pos.to_fen(),
                    pos.side_to_move()
                )
            }
            MoveTextError::Ambiguous { .. } => format!(
                "{e}; the rest of the game does not decide between them (position {})",
                pos.to_fen()
            ),
            other => format!("{other} (position {})", pos.to_fen()),
        };
        GameError {
            at: node.at,
            ply: Some(Ply::of(ply, &node.mov)),
            message,
            problem: Some(Box::new(problem)),
        }
    }
}

/// Warnings about the result: the tag and the movetext disagreeing, or a side said to have
/// won (or drawn) although it has no legal move at the end.
fn result_warnings(g: &DraughtsGame) -> Vec<GameError> {
    let mut out = Vec::new();
    let v = &g.variant;
    let tag = g.game.tags.get_tag("Result");
    let token = g.game.result.as_ref();
    if let (Some(tag), Some(token)) = (tag, token) {
        let (a, b) = (
            Outcome::parse(&tag.value, v),
            Outcome::parse(&token.text, v),
        );
        let known = |o: Option<Outcome>| o.is_some_and(|o| o != Outcome::Unknown);
        if known(a) && known(b) && a != b {
            out.push(result_mismatch(tag, token));
        }
    }
    let at = result_place(&g.game);
    if let Some(outcome) = g.outcome()
        && !g.end.has_legal_move()
    {
        let stuck = g.end.side_to_move();
        let said = match outcome {
            Outcome::Win(c) if c == stuck => Some(format!("{stuck} won")),
            Outcome::Draw => Some("a draw".to_string()),
            _ => None,
        };
        if let Some(said) = said {
            out.push(GameError::at(
                    at,
                    format!(
                        "{stuck} has no legal move at the end and so has lost, but the result says {said} (in {} the score counts from {}, who moves first)",
                        v.title, v.first
                    ),
                ));
        }
    }
    out
}

/// Writes a line's moves in `style`, replaying from `pos`.
fn write_line(line: &Line<Move>, mut pos: Position, style: &MoveStyle) -> Line<String> {
    let line_start = pos;
    let before = write_extras(&line.before, &mut pos, line_start, style);
    let mut nodes = Vec::with_capacity(line.nodes.len());
    for node in &line.nodes {
        let legal = pos.legal_moves();
        let text = write_move_among(&legal, &node.mov, style, pos.size());
        let before_move = pos;
        pos.play_unchecked(&node.mov);
        let after = write_extras(&node.after, &mut pos, before_move, style);
        nodes.push(Node {
            mov: text,
            at: node.at,
            number: node.number,
            after,
        });
    }
    Line { before, nodes }
}

fn write_extras<C: FromIterator<Extra<String>>>(
    items: &[Extra<Move>],
    pos: &mut Position,
    alternative_to: Position,
    style: &MoveStyle,
) -> C {
    items
        .iter()
        .map(|item| match item {
            Extra::Nags(n) => Extra::Nags(n.clone()),
            Extra::Comment { text, kind } => Extra::Comment {
                text: text.clone(),
                kind: *kind,
            },
            Extra::Escape(text) => Extra::Escape(text.clone()),
            Extra::Setup(setup) => {
                if setup.name.eq_ignore_ascii_case("FEN")
                    && let Ok(p) = Position::from_fen(&setup.value, *pos.variant())
                {
                    *pos = p;
                }
                Extra::Setup(setup.clone())
            }
            Extra::Variation(line) => {
                Extra::Variation(Box::new(write_line(line, alternative_to, style)))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_source_names_are_those_of_json() {
        use VariantSource::*;
        for source in [
            GameType,
            VariantTag,
            Selected,
            Inferred,
            File,
            EventOrSite,
            Separator,
            Undecided,
        ] {
            let json = serde_json::to_value(source).unwrap();
            assert_eq!(json.as_str(), Some(source.as_str()));
        }
    }

    #[test]
    fn the_first_variant_inferred_is_the_first_of_the_order() {
        for bits in 0..8 {
            let (ten, algebraic, colon) = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0);
            assert_eq!(
                first_inferred(ten, algebraic, colon),
                inference_order_from(ten, algebraic, colon)[0],
                "{ten} {algebraic} {colon}"
            );
        }
    }

    fn read(text: &str, variant: Option<Variant>) -> Result<DraughtsGame, GameError> {
        let game = record::read_games(text).remove(0).unwrap();
        DraughtsGame::read(game, variant)
    }

    #[test]
    fn seed_moves_are_the_same_moves_in_three_notations() {
        let fen = "[FEN \"W:W26,28,31:B17,19,20\"]\n";
        let american = read(
            &format!("{fen}1. 26-23 19x26 2. 31x22x13 *"),
            Some(Variant::AMERICAN),
        )
        .unwrap();
        let brazilian = read(
            &format!("{fen}1. d2-e3 f4xd2 2. e1xa5 *"),
            Some(Variant::BRAZILIAN),
        )
        .unwrap();
        let russian = read(
            &format!("{fen}1. d2-e3 f4:d2 2. e1:a5 *"),
            Some(Variant::RUSSIAN),
        )
        .unwrap();
        assert_eq!(american.end.to_fen(), brazilian.end.to_fen());
        assert_eq!(american.end.to_fen(), russian.end.to_fen());
        let style = |v: &Variant| WriteStyle {
            moves: Some(MoveStyle::of(v)),
            width: 80,
            glyphs: false,
        };
        let text = american.write(&style(&Variant::AMERICAN));
        assert!(text.contains("1. 26-23 19x26 2. 31x22x13 *"), "{text}");
        assert!(
            american
                .write(&style(&Variant::RUSSIAN))
                .contains("1. d2-e3 f4:d2 2. e1:a5 *")
        );
        assert!(
            american
                .write(&style(&Variant::BRAZILIAN))
                .contains("1. d2-e3 f4xd2 2. e1xa5 *")
        );
    }

    #[test]
    fn variant_sources() {
        let g = read("[GameType \"25\"]\n1. c3-d4 *", Some(Variant::AMERICAN)).unwrap();
        assert_eq!(
            (g.variant, g.source),
            (Variant::RUSSIAN, VariantSource::GameType)
        );
        let g = read("1. 32-28 19-23 *", None).unwrap();
        assert_eq!(
            (g.variant, g.source),
            (Variant::INTERNATIONAL, VariantSource::Inferred)
        );
        let g = read("1. 11-15 *", None).unwrap();
        assert_eq!(g.variant, Variant::AMERICAN);
        let g = read("1. c3-d4 f6-e5 2. d4:f6 *", None).unwrap();
        assert_eq!(g.variant, Variant::RUSSIAN);
        // Numbered squares with White moving first: not American; Italian, the variant
        // whose files write numbers so, comes before the algebraic ones.
        let g = read("1. 22-18 *", None).unwrap();
        assert_eq!(g.variant, Variant::ITALIAN);
        let g = read("[GameType \"25\"]\n1. 22-18 *", None).unwrap();
        assert_eq!(g.variant, Variant::RUSSIAN);
        let e = read("[GameType \"28\"]\n1. 22-18 *", None).unwrap_err();
        assert!(e.message.contains("Portuguese"), "{e}");
        let e = read("1. 21-17 17-14 *", None).unwrap_err();
        assert!(e.message.starts_with("no supported variant"), "{e}");
    }

    #[test]
    fn errors_name_the_move_and_the_position() {
        let e = read("1. 11-15 24-19 2. 15-18 *", Some(Variant::AMERICAN)).unwrap_err();
        let ply = e.ply.clone().unwrap();
        assert_eq!((ply.index, ply.number, ply.second), (3, 2, false));
        assert_eq!((e.at.line, e.at.column), (1, 19));
        assert!(e.message.contains("legal moves: 15x24"), "{e}");
        assert!(e.message.contains("B:W"), "{e}");
    }

    #[test]
    fn result_trap_and_warnings() {
        let g = read("[Result \"1-0\"]\n1. 11-15 *", Some(Variant::AMERICAN)).unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::Unknown),
            "the movetext's token comes first"
        );
        assert_eq!(g.warnings.len(), 0, "* does not contradict a tag");
        let g = read(
            "[FEN \"W:W:B1\"]\n[Result \"1-0\"] 1-0",
            Some(Variant::INTERNATIONAL),
        )
        .unwrap();
        assert_eq!(g.winner(), Some(Color::White));
        assert_eq!(
            g.warnings.len(),
            1,
            "White cannot move and is said to have won"
        );
        let g = read("[FEN \"W:W:B1\"]\n0-2", Some(Variant::INTERNATIONAL)).unwrap();
        assert!(g.warnings.is_empty());
        assert_eq!(g.winner(), Some(Color::Black));
    }

    #[test]
    fn unknown_side_to_move_is_found_from_the_first_move() {
        let g = read(
            "[FEN \"?:W29,13,11:B22,4,2\"]\n1. 22-26 *",
            Some(Variant::RUSSIAN),
        )
        .unwrap();
        assert_eq!(g.start.side_to_move(), Color::Black);
        assert!(
            g.write(&WriteStyle::default())
                .contains("[FEN \"B:W11,13,29:B2,4,22\"]")
        );
    }

    #[test]
    fn variations_start_from_the_position_before_their_move() {
        let g = read(
            "1. 32-28 19-23 (18-23 38-32 (37-32? 23-29!)) 28x19 14x23 *",
            None,
        )
        .unwrap();
        let text = g.write(&WriteStyle::default());
        assert!(
            text.contains(
                "1. 32-28 19-23 (1... 18-23 2. 38-32 (2. 37-32? 23-29!)) 2. 28x19 14x23 *"
            ),
            "{text}"
        );
        // The side line's moves are real moves: 18-23 is Black's alternative to 19-23.
        let Extra::Variation(side) = &g.game.moves.nodes[1].after[0] else {
            panic!("a variation")
        };
        assert_eq!(side.nodes[0].mov.from().number(), 18);
    }

    #[test]
    fn writing_without_the_copy_writes_what_the_copy_wrote() {
        let texts = [
            "[FEN \"W:W26,28,31:B17,19,20\"]\n[Result \"2-0\"]\n1. 26-23 (1. 28-24 {c} 20x27 (1... 19x28)) 19x26 $1 2. 31x22x13 2-0",
            "[GameType \"21\"]\n{x} (9-14) 11-15 23-19 /FEN \"B:W23,30:B15,8\"/ 8-11 (8-12) 1/2-1/2",
            "[Result \"1-0\"]\n11-15 (9-14\n%e\n) 23-19 ; l\n8-11",
        ];
        for text in texts {
            let g = read(text, None).unwrap();
            for moves in [None, Some(MoveStyle::of(&Variant::RUSSIAN))] {
                let style = WriteStyle {
                    moves,
                    width: 30,
                    glyphs: true,
                };
                let copy = g.to_text(&style);
                let options = WriteOptions {
                    width: 30,
                    other_glyphs: true,
                    ..WriteOptions::default()
                };
                let mut want = String::new();
                record::write_game(&copy, &options, &mut want).unwrap();
                assert_eq!(g.write(&style), want);
            }
        }
    }
}
