//! Chess games: a PGN game's move words read in whatever notation and language they are
//! written (shakmaty gives the rules, chess-notation the notations), and written back in any
//! notation.

use std::fmt;

use chess_notation::{ChessRules, first_ply};
use chess_notation::{
    DescriptiveSystem, Language, Notation, WriteOptions as MoveOptions, write_move,
};
use record::{Game, MoveWriter, WriteOptions};
use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{CastlingMode, Color, EnPassantMode, KnownOutcome, Outcome, Position, fen::Fen};

use super::error::{GameError, result_mismatch, result_place};
use super::tag_changes;

pub use chess_notation::ChessMove;

/// The chess variants scoresheet plays: standard chess, Chess960, and the variants of the
/// big sites (lichess's names), whose rules shakmaty knows. JSON writes each as its key:
/// `standard`, `chess960`, `crazyhouse`, `atomic`, `antichess`, `kingofthehill`,
/// `threecheck`, `horde`, `racingkings`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ChessVariant {
    /// Standard chess.
    Standard,
    /// Chess960 (Fischer random chess): standard rules from a shuffled back rank.
    Chess960,
    /// Crazyhouse: a piece taken changes sides and may be dropped back on the board (`N@e3`).
    Crazyhouse,
    /// Atomic: a capture explodes the pieces around it; exploding the king wins.
    Atomic,
    /// Antichess: captures are forced, and losing every piece (or being stalemated) wins.
    Antichess,
    /// King of the Hill: a king reaching the centre (d4, e4, d5, e5) wins.
    KingOfTheHill,
    /// Three-check: the third check wins.
    ThreeCheck,
    /// Horde: 36 White pawns against Black's army.
    Horde,
    /// Racing Kings: the first king to reach the eighth rank wins; no checks are allowed.
    RacingKings,
}

impl ChessVariant {
    /// Every variant, standard chess first.
    pub const ALL: [ChessVariant; 9] = [
        ChessVariant::Standard,
        ChessVariant::Chess960,
        ChessVariant::Crazyhouse,
        ChessVariant::Atomic,
        ChessVariant::Antichess,
        ChessVariant::KingOfTheHill,
        ChessVariant::ThreeCheck,
        ChessVariant::Horde,
        ChessVariant::RacingKings,
    ];

    /// The variant's name in lower case, as JSON and the Parquet tables write it:
    /// `standard`, `chess960`, `crazyhouse`, `atomic`, `antichess`, `kingofthehill`,
    /// `threecheck`, `horde`, `racingkings`.
    pub fn key(self) -> &'static str {
        match self {
            ChessVariant::Standard => "standard",
            ChessVariant::Chess960 => "chess960",
            ChessVariant::Crazyhouse => "crazyhouse",
            ChessVariant::Atomic => "atomic",
            ChessVariant::Antichess => "antichess",
            ChessVariant::KingOfTheHill => "kingofthehill",
            ChessVariant::ThreeCheck => "threecheck",
            ChessVariant::Horde => "horde",
            ChessVariant::RacingKings => "racingkings",
        }
    }

    /// The variant whose rules `pos` follows (Chess960 where its castling is Chess960's).
    pub fn of_position(pos: &VariantPosition) -> ChessVariant {
        match pos {
            VariantPosition::Chess(p) if p.castles().mode() == CastlingMode::Chess960 => {
                ChessVariant::Chess960
            }
            VariantPosition::Chess(_) => ChessVariant::Standard,
            VariantPosition::Crazyhouse(_) => ChessVariant::Crazyhouse,
            VariantPosition::Atomic(_) => ChessVariant::Atomic,
            VariantPosition::Antichess(_) => ChessVariant::Antichess,
            VariantPosition::KingOfTheHill(_) => ChessVariant::KingOfTheHill,
            VariantPosition::ThreeCheck(_) => ChessVariant::ThreeCheck,
            VariantPosition::Horde(_) => ChessVariant::Horde,
            VariantPosition::RacingKings(_) => ChessVariant::RacingKings,
        }
    }

    /// The variant as the reports name it (`check --json`, the Parquet tables): `chess` for
    /// standard chess, else its [`key`](ChessVariant::key).
    pub fn report_name(self) -> &'static str {
        match self {
            ChessVariant::Standard => "chess",
            other => other.key(),
        }
    }

    /// shakmaty's rules for the variant (standard chess's for Chess960).
    pub fn rules(self) -> Variant {
        match self {
            ChessVariant::Standard | ChessVariant::Chess960 => Variant::Chess,
            ChessVariant::Crazyhouse => Variant::Crazyhouse,
            ChessVariant::Atomic => Variant::Atomic,
            ChessVariant::Antichess => Variant::Antichess,
            ChessVariant::KingOfTheHill => Variant::KingOfTheHill,
            ChessVariant::ThreeCheck => Variant::ThreeCheck,
            ChessVariant::Horde => Variant::Horde,
            ChessVariant::RacingKings => Variant::RacingKings,
        }
    }

    /// The variant a PGN `Variant` tag names, as lichess, chess.com, python-chess and
    /// other programs write it (case, blanks and dashes aside): a [name](Self::from_name),
    /// and an empty tag for standard chess, as PGN means it.
    ///
    /// ```
    /// use games::ChessVariant;
    /// assert_eq!(ChessVariant::from_tag("King of the Hill"), Some(ChessVariant::KingOfTheHill));
    /// assert_eq!(ChessVariant::from_tag(""), Some(ChessVariant::Standard));
    /// assert_eq!(ChessVariant::from_tag("Bughouse"), None);
    /// ```
    pub fn from_tag(value: &str) -> Option<ChessVariant> {
        if value.trim().is_empty() {
            return Some(ChessVariant::Standard);
        }
        ChessVariant::from_name(value)
    }

    /// The variant a name names (case, blanks and dashes aside): `Crazyhouse`, `Atomic`,
    /// `Antichess`, `King of the Hill`, `Three-check` or `3-check`, `Horde`, `Racing Kings`,
    /// `Chess960`, and `Standard`, `chess` or `From Position` for standard chess; the aliases
    /// python-chess reads too (`zh`, `koth`, `frc`). An empty name names none.
    ///
    /// ```
    /// use games::ChessVariant;
    /// assert_eq!(ChessVariant::from_name("3-check"), Some(ChessVariant::ThreeCheck));
    /// assert_eq!(ChessVariant::from_name("chess"), Some(ChessVariant::Standard));
    /// assert_eq!(ChessVariant::from_name(" "), None);
    /// ```
    pub fn from_name(value: &str) -> Option<ChessVariant> {
        let name: String = value
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        // python-chess's aliases of each variant, and the sites' names.
        Some(match name.as_str() {
            "standard" | "chess" | "normal" | "fromposition" => ChessVariant::Standard,
            "chess960" | "fischerandom" | "fischerrandom" | "frc" | "960" => ChessVariant::Chess960,
            "crazyhouse" | "house" | "zh" => ChessVariant::Crazyhouse,
            "atomic" | "atom" | "atomicchess" => ChessVariant::Atomic,
            "antichess" | "anti" => ChessVariant::Antichess,
            "kingofthehill" | "koth" => ChessVariant::KingOfTheHill,
            "threecheck" | "3check" | "threecheckchess" => ChessVariant::ThreeCheck,
            "horde" | "hordechess" => ChessVariant::Horde,
            "racingkings" | "racing" | "race" => ChessVariant::RacingKings,
            _ => return None,
        })
    }
}

impl fmt::Display for ChessVariant {
    /// The name lichess writes in the `Variant` tag.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChessVariant::Standard => "Standard",
            ChessVariant::Chess960 => "Chess960",
            ChessVariant::Crazyhouse => "Crazyhouse",
            ChessVariant::Atomic => "Atomic",
            ChessVariant::Antichess => "Antichess",
            ChessVariant::KingOfTheHill => "King of the Hill",
            ChessVariant::ThreeCheck => "Three-check",
            ChessVariant::Horde => "Horde",
            ChessVariant::RacingKings => "Racing Kings",
        })
    }
}

/// A chess game read and replayed.
#[derive(Clone, Debug)]
pub struct ChessGame {
    /// Standard chess, Chess960 or another variant.
    pub variant: ChessVariant,
    /// The position before the first move, in the variant's rules.
    pub start: VariantPosition,
    /// The game tree with every move (side lines too) read.
    pub game: Game<ChessMove>,
    /// The position after the main line.
    pub end: VariantPosition,
    /// The notation the moves were written in.
    pub notation: Notation,
    /// The language of their piece letters.
    pub language: Language,
    /// Things that look wrong but do not stop the game from being read.
    pub warnings: Vec<GameError>,
}

/// How to write chess games.
#[derive(Clone, Copy, Debug)]
pub struct ChessWriteStyle {
    /// Notation, language, figurines, signs.
    pub moves: MoveOptions,
    /// Movetext line width (0: no wrapping).
    pub width: usize,
    /// Write annotation glyphs (`⩲`, `±`, `N`, ...) instead of `$n` for NAGs that have one.
    pub glyphs: bool,
}

impl Default for ChessWriteStyle {
    fn default() -> Self {
        ChessWriteStyle {
            moves: MoveOptions::default(),
            width: 80,
            glyphs: false,
        }
    }
}

impl ChessGame {
    /// A game replayed (by the one reading path); the warnings about its result are
    /// computed here.
    pub(crate) fn from_replay(
        game: Game<ChessMove>,
        variant: ChessVariant,
        start: VariantPosition,
        end: VariantPosition,
        notation: Notation,
        language: Language,
    ) -> ChessGame {
        let mut g = ChessGame {
            variant,
            start,
            game,
            end,
            notation,
            language,
            warnings: Vec::new(),
        };
        g.warnings = g.result_warnings();
        g
    }

    /// The result string of the game: the movetext's result token, else the Result tag.
    pub fn result_text(&self) -> Option<&str> {
        match &self.game.result {
            Some(token) => Some(token.text.as_str()),
            None => self.game.tags.get("Result"),
        }
    }

    /// The winner, if the result says one side won.
    pub fn winner(&self) -> Option<Color> {
        KnownOutcome::from_ascii(self.result_text()?.trim().as_bytes())
            .ok()?
            .winner()
    }

    /// Number of moves (plies) in the main line.
    pub fn plies(&self) -> usize {
        self.game.moves.nodes.len()
    }

    /// The absolute index of the first ply, from the start position's move number and side.
    pub fn first_ply(&self) -> u32 {
        first_ply(&self.start)
    }

    fn result_warnings(&self) -> Vec<GameError> {
        let mut out = Vec::new();
        let tag = self.game.tags.get_tag("Result");
        let token = self.game.result.as_ref();
        let known = |t: &str| KnownOutcome::from_ascii(t.trim().as_bytes()).ok();
        if let (Some(tag), Some(token)) = (tag, token)
            && let (Some(a), Some(b)) = (known(&tag.value), known(&token.text))
            && a != b
        {
            out.push(result_mismatch(tag, token));
        }
        let at = result_place(&self.game);
        // Only a final position without legal moves (checkmate or stalemate), or one the
        // variant's own rule ends, says who won.
        let variant_end = self.end.variant_outcome();
        if let Some(said) = self.result_text().and_then(known)
            && let Outcome::Known(actual) = variant_end
        {
            if actual != said {
                out.push(GameError::at(
                    at,
                    format!(
                        "the game ends by the rules of {} ({actual}) but the result says {said}",
                        self.variant
                    ),
                ));
            }
        } else if let Some(said) = self.result_text().and_then(known)
            && !has_legal_move(&self.end)
        {
            let (what, actual) = if self.end.is_check() {
                let winner = !self.end.turn();
                ("checkmate", KnownOutcome::Decisive { winner })
            } else {
                ("stalemate", KnownOutcome::Draw)
            };
            if actual != said {
                out.push(GameError::at(
                    at,
                    format!("the game ends in {what} ({actual}) but the result says {said}"),
                ));
            }
        }
        out
    }

    /// The game as PGN text: the moves written as `style` says, the FEN tag in canonical
    /// form, a `Variant` tag for Chess960.
    pub fn write(&self, style: &ChessWriteStyle) -> String {
        let changes = self.tag_changes();
        let mut out = String::new();
        record::write_game_with(
            tag_changes::with_changes(&self.game.tags, &changes),
            &self.game.moves,
            self.game.result_text(),
            &mut MoveText(&style.moves),
            self.start.clone(),
            &self.write_options(style),
            &mut out,
        )
        .expect("writing to a String cannot fail");
        out
    }

    /// The tags [`ChessGame::write`] changes, with their new values.
    pub(crate) fn tag_changes(&self) -> Vec<(&'static str, String)> {
        let tags = &self.game.tags;
        let mut changes: Vec<(&str, String)> = Vec::new();
        if tags.contains("FEN") {
            let fen = Fen::from_position(&self.start, EnPassantMode::Legal).to_string();
            changes.push(("FEN", fen));
            if !tags.contains("SetUp") {
                changes.push(("SetUp", "1".into()));
            }
        }
        if self.variant != ChessVariant::Standard && !tags.contains("Variant") {
            changes.push(("Variant", self.variant.to_string()));
        }
        changes
    }

    /// How [`ChessGame::write`] lays out the movetext.
    pub(crate) fn write_options(&self, style: &ChessWriteStyle) -> WriteOptions {
        WriteOptions {
            width: style.width,
            first_ply: self.first_ply(),
            ply_separator: ply_separator(&style.moves),
            other_glyphs: style.glyphs,
            ..WriteOptions::default()
        }
    }
}

/// The separator written after the first mover's ply in `moves`' notation: Spanish
/// descriptive writes `1. P4R, P4R`.
pub(crate) fn ply_separator(moves: &MoveOptions) -> Option<char> {
    (moves.notation == Notation::Descriptive(DescriptiveSystem::Spanish)).then_some(',')
}

/// Writes chess moves in a notation, replaying them.
struct MoveText<'a>(&'a MoveOptions);

impl MoveWriter<ChessMove> for MoveText<'_> {
    type State = VariantPosition;

    fn write_move(&mut self, pos: &mut VariantPosition, mov: &ChessMove, out: &mut String) {
        match mov {
            ChessMove::Move(m) => {
                out.push_str(&write_move(pos, m, self.0));
                pos.play_unchecked(*m);
            }
            ChessMove::Null => {
                if let Some(swapped) = pos.clone().pass() {
                    *pos = swapped;
                }
                out.push_str("--");
            }
        }
    }
}

/// Whether the side to move in `pos` has a legal move. Nearly every game ends with a king
/// that can step to a square no piece of the other side attacks, which is a legal move
/// whatever else stands on the board, and cheaper to find than every move (in standard
/// chess: the variants' kings move otherwise).
pub(crate) fn has_legal_move(pos: &VariantPosition) -> bool {
    let Some(pos) = pos.as_chess() else {
        return !pos.legal_moves().is_empty();
    };
    let board = pos.board();
    let us = pos.turn();
    if let Some(king) = board.king_of(us) {
        // The king leaves its square: a slider behind it then attacks through it.
        let occupied = board.occupied().without(king);
        let steps = shakmaty::attacks::king_attacks(king) & !board.by_color(us);
        if steps
            .into_iter()
            .any(|to| board.attacks_to(to, !us, occupied).is_empty())
        {
            return true;
        }
    }
    !pos.legal_moves().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ChessReadOptions;
    use shakmaty::Chess;

    #[test]
    fn a_legal_move_is_found_as_move_generation_finds_one() {
        // Positions without a move, and a king whose only steps a slider attacks through
        // the king's own square.
        let fens = [
            ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false),
            ("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", false),
            ("4k3/8/8/8/8/8/3PPP2/r3K3 w - - 0 1", false),
            ("4k3/8/8/8/8/1N6/3PPP2/r3K3 w - - 0 1", true),
            ("4k3/8/8/8/8/8/3PP3/r3K3 w - - 0 1", true),
            ("4k3/8/8/8/8/8/3PPP2/r2QK3 w - - 0 1", true),
            ("k7/8/1Q6/8/8/8/8/7K b - - 0 1", false),
        ];
        for (fen, has) in fens {
            let pos = VariantPosition::from(chess_notation::position_from_fen(fen).unwrap());
            assert_eq!(has_legal_move(&pos), has, "{fen}");
            assert_eq!(!pos.legal_moves().is_empty(), has, "{fen}");
        }
        // Random games to their end: every position, as move generation says.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let (mut positions, mut ends) = (0, 0);
        for _ in 0..400 {
            let mut pos = Chess::default();
            for _ in 0..400 {
                let moves = pos.legal_moves();
                assert_eq!(
                    has_legal_move(&VariantPosition::from(pos.clone())),
                    !moves.is_empty(),
                    "{}",
                    Fen::from_position(&pos, EnPassantMode::Legal)
                );
                positions += 1;
                if moves.is_empty() {
                    ends += 1;
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(
            positions > 50_000 && ends > 10,
            "{positions} positions, {ends} ends"
        );
    }

    fn read(text: &str) -> Result<ChessGame, GameError> {
        ChessGame::read(
            record::read_games(text).remove(0).unwrap(),
            &ChessReadOptions::default(),
        )
    }

    #[test]
    fn seed_descriptive_game_converts_to_spanish_algebraic_and_back() {
        let g =
            read("1. P4R, P4R 2. A4AD, A4AD 3. C3AR, C3AD 4. P3D, P3D 5. C3A, D2R 6. 0-0, C3A *")
                .unwrap();
        assert_eq!(
            g.notation,
            Notation::Descriptive(DescriptiveSystem::Spanish)
        );
        let algebraic = ChessWriteStyle {
            moves: MoveOptions::new(Notation::San, Language::Spanish).with_castling_zeros(true),
            width: 0,
            glyphs: false,
        };
        let text = g.write(&algebraic);
        assert!(
            text.contains("1. e4 e5 2. Ac4 Ac5 3. Cf3 Cc6 4. d3 d6 5. Cc3 De7 6. 0-0 Cf6 *"),
            "{text}"
        );
        let back = read(&text).unwrap();
        let descriptive = ChessWriteStyle {
            moves: MoveOptions::new(
                Notation::Descriptive(DescriptiveSystem::Spanish),
                Language::Spanish,
            ),
            width: 0,
            glyphs: false,
        };
        let text = back.write(&descriptive);
        assert!(
            text.contains(
                "1. P4R, P4R 2. A4AD, A4AD 3. C3AR, C3AD 4. P3D, P3D 5. C3A, D2R 6. 0-0, C3A *"
            ),
            "{text}"
        );
    }

    fn san_line(g: &ChessGame) -> String {
        let style = ChessWriteStyle {
            width: 0,
            ..ChessWriteStyle::default()
        };
        let text = g.write(&style);
        text.lines()
            .rfind(|l| !l.is_empty())
            .unwrap_or("")
            .to_owned()
    }

    #[test]
    fn loose_signs_words_and_numbers_join_their_moves() {
        for text in [
            "1. P4R P4R 2. A4A A4A 3. D5T C3AR 4. DxPA ++ 1-0",
            "1. P4R P4R 2. A4A A4A 3. D5T C3AR 4. DxPA jaque mate 1-0",
            "1 P4R P4R\n2 A4A\nA4A\n3 D5T +\n3 ... C3AR\n4 DxPA\njaque {mate} 1-0",
            "1. P-K4 P-K4 2. B-B4 B-B4 3. Q-R5 Kt-KB3 4. QxBP db ch 1-0",
            "1. P-K4 P-K4 2. B-B4 B-B4 3. Q-R5 Kt-KB3 4. QxBP ++ 1-0",
        ] {
            let g = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(g.plies(), 7, "{text}");
            assert_eq!(
                san_line(&g).replace(" {mate}", ""),
                "1. e4 e5 2. Bc4 Bc5 3. Qh5 Nf6 4. Qxf7# 1-0",
                "{text}"
            );
        }
        // The comment after a sign stays with the move.
        let g = read("1. P4R P4R 2. D5T + {a comment} C3AD *").unwrap();
        assert_eq!(g.plies(), 4);
        assert!(
            matches!(&g.game.moves.nodes[2].after[..], [record::Extra::Comment { text, .. }] if text == "a comment")
        );
        let g = read("1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-B4 B-B4 4. castles K *").unwrap();
        assert_eq!(san_line(&g), "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *");
        // A bare number that is not the next move's is refused, by its word.
        let e = read("1 P4R P4R 7 A4A *").unwrap_err();
        assert!(
            e.message.contains("\"7\"")
                && e.message.contains("a move number only where move 2 comes"),
            "{e}"
        );
        assert_eq!(e.ply.map(|p| p.index), Some(3));
    }

    #[test]
    fn input_notation_descriptive_reads_either_system() {
        let options = ChessReadOptions {
            notation: Some("descriptive".parse().unwrap()),
            ..ChessReadOptions::default()
        };
        let read_as =
            |text: &str| ChessGame::read(record::read_games(text).remove(0).unwrap(), &options);
        let g = read_as("1. P4R P4R 2. CR3A CD3A *").unwrap();
        assert_eq!(
            g.notation,
            Notation::Descriptive(DescriptiveSystem::Spanish)
        );
        let g = read_as("1. P-K4 P-K4 2. Kt-KB3 QKt-B3 *").unwrap();
        assert_eq!(
            g.notation,
            Notation::Descriptive(DescriptiveSystem::English)
        );
        // Neutral words are read as descriptive too.
        let g = read_as("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n1. O-O *").unwrap();
        assert!(matches!(g.notation, Notation::Descriptive(_)));
        let e = read_as("1. e4 e5 *").unwrap_err();
        assert!(e.message.contains("cannot read \"e4\""), "{e}");
        // With the language forced too, only its system.
        let english = ChessReadOptions {
            language: Some(Language::English),
            ..options
        };
        let game = record::read_games("1. P4R P4R *").remove(0).unwrap();
        let e = ChessGame::read(game, &english).unwrap_err();
        assert!(
            e.message
                .contains("cannot read \"P4R\" as a move in English descriptive"),
            "{e}"
        );
    }

    #[test]
    fn null_moves_and_variations() {
        let g = read("1. e4 e5 2. Nf3 -- 3. Bc4 (3. Bb5 a6) Nc6 *").unwrap();
        assert_eq!(g.game.moves.nodes[3].mov, ChessMove::Null);
        // The writer ends the line after `--`, which the reader would otherwise join to the
        // next word like `35x 4`.
        let text = g.write(&ChessWriteStyle::default()).replace('\n', " ");
        assert!(
            text.contains("2. Nf3 -- 3. Bc4 (3. Bb5 a6) 3... Nc6 *"),
            "{text}"
        );
    }

    #[test]
    fn errors_have_places() {
        let e = read("1. e4 e5\n2. Nf3 Nf6 3. Qxf7 *").unwrap_err();
        assert_eq!((e.at.line, e.at.column), (2, 15));
        assert_eq!(
            e.ply.as_ref().map(|p| (p.index, p.number, p.second)),
            Some((5, 3, false))
        );
        let e = read("[Variant \"Bughouse\"]\n1. e4 e5 *").unwrap_err();
        assert!(e.message.contains("variant not supported: Bughouse"), "{e}");
        assert_eq!((e.at.line, e.at.column), (1, 1));
        let g = read("[Variant \"Crazyhouse\"]\n1. e4 d5 2. exd5 Qxd5 3. P@e6 *").unwrap();
        assert_eq!(g.variant, ChessVariant::Crazyhouse);
    }

    #[test]
    fn black_to_move_from_a_fen_numbers_from_the_fen() {
        let g = read("[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n1... e5 2. Nf3 *").unwrap();
        assert_eq!(g.first_ply(), 1);
        assert!(
            g.write(&ChessWriteStyle::default())
                .contains("1... e5 2. Nf3 *")
        );
    }
}
