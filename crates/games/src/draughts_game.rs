//! Draughts games: a PDN game's move words replayed under the rules of its variant, and
//! written back in any notation.

use draughts::{Color, Move, MoveStyle, Position, Variant, write_move_among};
use record::{Game, MoveWriter, ResultToken, WriteOptions};

use super::error::{GameError, result_mismatch, result_place};
use super::outcome::Outcome;
use super::several_variants;
use super::tag_changes;
use super::variant_choice::{draughts_variant_named, variant_from_tags};
use super::variant_source::VariantSource;

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

    /// A game replayed (by the one reading path): its tree of moves, the rules, the start
    /// and end positions; the warnings about its result are computed here.
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

    /// The tags [`DraughtsGame::write`] changes, with their new values: GameType added when
    /// missing, the FEN tag in canonical form, results in the variant's convention.
    fn tag_changes(&self) -> Vec<(&'static str, String)> {
        let tags = &self.game.tags;
        let mut changes = Vec::new();
        if !tags.contains("GameType") && self.source != VariantSource::Undecided {
            changes.push(("GameType", self.variant.game_type.to_string()));
        }
        // A variant that shares its GameType is told apart by the Variant tag: when the tags
        // written would read as another variant, as the reader reads them (the GameType with
        // the Variant tag, else the Variant tag alone), its own name is written. A tag that
        // names no draughts variant (`Antichess` on a game read under Killer) would make it
        // the GameType's first variant.
        if let Some(name) = self.variant.variant_tag {
            let variant_tag = tags.get("Variant");
            let reads_as = match tag_changes::changed_value(tags, &changes, "GameType") {
                Some(game_type) => variant_from_tags(game_type, variant_tag).ok(),
                None => variant_tag.and_then(draughts_variant_named),
            };
            if reads_as.map(|v| v.name) != Some(self.variant.name) {
                changes.push(("Variant", name.to_string()));
            }
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

    /// The game as PDN text in `style`: its tags (with the GameType, Variant, FEN and Result
    /// the rules read it with), then its movetext with the moves written anew.
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

#[cfg(test)]
mod tests {
    use super::*;

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
        let record::Extra::Variation(side) = &g.game.moves.nodes[1].after[0] else {
            panic!("a variation")
        };
        assert_eq!(side.nodes[0].mov.from().number(), 18);
    }
}
