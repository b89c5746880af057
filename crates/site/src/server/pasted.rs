//! A game read from a text the analysis board was given (pasted, dropped as a file, a stored
//! game's record): which game of the text, under which rules, and how they were decided.
//! A pasted text is read as `scoresheet check` reads a file: the rules from its GameType or
//! Variant tag, else inferred from its moves; the rules the page has selected apply only
//! where the text cannot tell.

use games::{AnyGame, ChessVariant, GameError, ReadOptions, Rules, VariantSource};
use record::{Collect, Extra, Game, Line, ReadError, Reader, Tags, Visitor};

use super::error::ApiError;
use super::views::{GameView, SvgRequest};
use crate::models::RulesSource;

/// The most moves (main line and side lines together) of one game tree the analysis board
/// loads or exports: what it loads, it can write back.
pub const MAX_NODES: usize = 20_000;
const _: () = assert!(
    MAX_NODES == 20_000,
    "the message of too_many_moves says 20,000"
);

/// The moves of a line and all its side lines, counted without recursion.
fn count_moves<M>(line: &Line<M>) -> usize {
    let mut count = 0;
    let mut todo = vec![line];
    while let Some(line) = todo.pop() {
        count += line.nodes.len();
        for node in &line.nodes {
            for extra in node.after.iter() {
                if let Extra::Variation(side) = extra {
                    todo.push(side);
                }
            }
        }
    }
    count
}

/// The refusal of a game tree over [`MAX_NODES`] moves.
pub fn too_many_moves() -> ApiError {
    ApiError::unreadable(
        "too-many-moves",
        "the game tree has more than 20,000 moves with its side lines",
    )
}

/// How the rules of a text's game are found.
#[derive(Clone, Copy, Debug)]
pub enum RulesFrom {
    /// These rules, unless the game's GameType tag names others: a stored game, a saved
    /// analysis, whose rules are known.
    Given(Rules),
    /// As `scoresheet check` finds them: the tags, else the moves. `selected` (the page's
    /// choice) applies when the text cannot tell; `prefer_chess` reads a game that shows no
    /// family as chess (a `.pgn` file, as the command line does).
    Text { selected: Rules, prefer_chess: bool },
}

/// Skips games without keeping them.
struct Skip;

impl Visitor for Skip {
    type Output = ();
    fn begin_movetext(&mut self) -> record::Flow {
        record::Flow::SkipGame
    }
    fn end_game(&mut self) {}
}

/// Reads game `number` (from 1) of a text under the rules `from` finds. The answer counts
/// the games of the text in `games_in_text`. Errors carry their place in the whole text.
pub fn load_text(
    text: &str,
    from: RulesFrom,
    number: u32,
    notation: &games::NotationChoice,
    svg: Option<SvgRequest>,
) -> Result<GameView, ApiError> {
    let mut reader = Reader::from_str(text);
    let mut games = 0u64;
    let mut chosen = None;
    loop {
        games += 1;
        let read = if games == u64::from(number) {
            reader.read_game(&mut Collect::default()).map(|g| g.map(Ok))
        } else {
            reader.read_game(&mut Skip).map(|g| g.map(Err))
        };
        match read {
            Ok(None) => break,
            Ok(Some(Ok(game))) => chosen = Some(Ok(game)),
            Ok(Some(Err(()))) => {}
            Err(ReadError::Syntax { at, message, .. }) => {
                if games == u64::from(number) {
                    chosen = Some(Err(
                        ApiError::unreadable("syntax", message).at(at.line, at.column)
                    ));
                }
            }
            Err(ReadError::Io(e)) => return Err(ApiError::bad_request(e.to_string())),
        }
    }
    let games = games - 1;
    let first = match chosen {
        Some(game) => game?,
        None if games == 0 => return Err(ApiError::unreadable("empty", "the text holds no game")),
        None => {
            return Err(ApiError::unreadable(
                "no-such-game",
                format!("the text holds {games} games; there is no game {number}"),
            ));
        }
    };
    let (game, source) = match from {
        RulesFrom::Given(rules) => read_given(first, rules)?,
        RulesFrom::Text {
            selected,
            prefer_chess,
        } => read_as_check_does(first, selected, prefer_chess)?,
    };
    let moves = match &game {
        AnyGame::Draughts(g) => count_moves(&g.game.moves),
        AnyGame::Chess(g) => count_moves(&g.game.moves),
    };
    if moves > MAX_NODES {
        return Err(too_many_moves());
    }
    let mut view = GameView::of(&game, notation, svg, source);
    view.games_in_text = games;
    Ok(view)
}

/// A game read under `rules` (its GameType tag may name others).
fn read_given(game: Game<String>, rules: Rules) -> Result<(AnyGame, RulesSource), ApiError> {
    let from_tag = game.tags.contains("GameType");
    let options = ReadOptions {
        rules: Some(rules),
        ..ReadOptions::default()
    };
    let game = AnyGame::read(game, &options).map_err(ApiError::from)?;
    let source = match &game {
        AnyGame::Draughts(g) if g.source == VariantSource::VariantTag => RulesSource::VariantTag,
        _ if from_tag => RulesSource::Gametype,
        _ => RulesSource::Selected,
    };
    Ok((game, source))
}

/// A game read as `scoresheet check` reads it, with `selected` where the text cannot tell:
/// when the tags do not decide and the game also replays whole under `selected` (no moves,
/// or moves that several rules replay), or when it reads under `selected` only. When it
/// reads under neither, the error is the one of the reading that went further.
fn read_as_check_does(
    game: Game<String>,
    selected: Rules,
    prefer_chess: bool,
) -> Result<(AnyGame, RulesSource), ApiError> {
    let options = |rules| ReadOptions {
        rules,
        prefer_chess,
        ..ReadOptions::default()
    };
    let under_selected = |game: Game<String>| AnyGame::read(game, &options(Some(selected)));
    match AnyGame::read(game.clone(), &options(None)) {
        Ok(read) => {
            let source = source_of(&read);
            if !matches!(source, RulesSource::Moves | RulesSource::Fen) {
                return Ok((read, source));
            }
            if read.rules() == selected && read.plies() > 0 {
                return Ok((read, source));
            }
            match under_selected(game) {
                Ok(other) if other.plies() == read.plies() => Ok((other, RulesSource::Selected)),
                _ => Ok((read, source)),
            }
        }
        Err(inferred) => match under_selected(game) {
            Ok(other) => Ok((other, RulesSource::Selected)),
            Err(chosen) => Err(ApiError::from(further(inferred, chosen))),
        },
    }
}

/// Of two errors of one text, the one placed further on.
fn further(a: GameError, b: GameError) -> GameError {
    if (b.at.line, b.at.column) > (a.at.line, a.at.column) {
        b
    } else {
        a
    }
}

/// How a game read without selected rules had them decided.
fn source_of(game: &AnyGame) -> RulesSource {
    match game {
        AnyGame::Draughts(g) => match g.source {
            VariantSource::GameType => RulesSource::Gametype,
            VariantSource::VariantTag => RulesSource::VariantTag,
            VariantSource::EventOrSite => RulesSource::EventTag,
            VariantSource::Selected => RulesSource::Selected,
            VariantSource::Inferred
            | VariantSource::File
            | VariantSource::Separator
            | VariantSource::Undecided => moves_or_fen(&g.game.tags, g.plies()),
        },
        AnyGame::Chess(g) => {
            let tags = &g.game.tags;
            if tags.contains("GameType") {
                RulesSource::Gametype
            } else if tags.get("Variant").is_some_and(names_chess_variant) {
                RulesSource::VariantTag
            } else {
                moves_or_fen(tags, g.plies())
            }
        }
    }
}

/// A game without moves whose FEN tag set up its board: the FEN told the rules; else the moves.
fn moves_or_fen(tags: &Tags, plies: usize) -> RulesSource {
    if plies == 0 && tags.contains("FEN") {
        RulesSource::Fen
    } else {
        RulesSource::Moves
    }
}

/// Whether a Variant tag names a chess variant (`Chess960`, `Crazyhouse`, or one the games
/// crate does not play, which it then refuses), not a draughts one nor a name both kinds of
/// site write (`Standard`, `From Position`), as the games crate reads it.
fn names_chess_variant(value: &str) -> bool {
    ChessVariant::from_tag(value) != Some(ChessVariant::Standard)
        && games::draughts_variant_named(value).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LICHESS: &str = "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abcd1234\"]\n\
        [White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n\
        1. e4 { [%clk 0:03:00] } e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n";

    /// The rules a text is read under with `selected` chosen on the page, and how they were
    /// decided; or the error's code and place.
    fn read(text: &str, selected: &str) -> Result<(&'static str, RulesSource), (String, u32, u32)> {
        let from = RulesFrom::Text {
            selected: selected.parse().unwrap(),
            prefer_chess: false,
        };
        load_text(text, from, 1, &Default::default(), None)
            .map(|v| (v.rules, v.rules_source))
            .map_err(|e| {
                (
                    e.code.to_string(),
                    e.line.unwrap_or(0),
                    e.column.unwrap_or(0),
                )
            })
    }

    /// Checks each `(text, selected, rules read, source)`.
    fn reads(cases: &[(&str, &str, &'static str, RulesSource)]) {
        for &(text, selected, rules, source) in cases {
            assert_eq!(
                read(text, selected),
                Ok((rules, source)),
                "{text:?} with {selected} selected"
            );
        }
    }

    #[test]
    fn a_lichess_game_pasted_with_american_selected_is_chess_from_the_moves() {
        reads(&[
            (LICHESS, "american", "chess", RulesSource::Moves),
            (LICHESS, "chess", "chess", RulesSource::Moves),
        ]);
    }

    #[test]
    fn tags_decide_before_the_moves_and_the_selection() {
        let russian = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *";
        let lidraughts = "[Variant \"Russian\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *";
        let chess960 = "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n1. e4 e5 *";
        reads(&[
            (russian, "american", "russian", RulesSource::Gametype),
            (lidraughts, "chess", "russian", RulesSource::VariantTag),
            (chess960, "american", "chess", RulesSource::VariantTag),
        ]);
    }

    #[test]
    fn the_selected_rules_apply_where_the_text_cannot_tell() {
        // Moves that Pool replays as well as American: the page's Pool stands.
        let both = "1. 11-15 23-19 2. 8-11 22-17 *";
        reads(&[
            ("*", "chess", "chess", RulesSource::Selected),
            (
                "[Event \"x\"]\n*",
                "international",
                "international",
                RulesSource::Selected,
            ),
            ("*", "american", "american", RulesSource::Selected),
            (both, "pool", "pool", RulesSource::Selected),
            (both, "american", "american", RulesSource::Moves),
        ]);
    }

    #[test]
    fn moves_of_other_rules_than_the_selected_ones_are_read_under_theirs() {
        let international = "1. 32-28 18-23 2. 37-32 12-18 *";
        let american = "1. 11-15 23-19 2. 8-11 22-17 *";
        reads(&[
            (
                international,
                "american",
                "international",
                RulesSource::Moves,
            ),
            (american, "chess", "american", RulesSource::Moves),
        ]);
    }

    #[test]
    fn a_game_only_the_selected_rules_replay_is_read_under_them() {
        // Frisian's men capture straight ahead too; inference never tries Frisian.
        let frisian = "[FEN \"W:W33:B23\"]\n1. 33x13 *";
        reads(&[(frisian, "frisian", "frisian", RulesSource::Selected)]);
        assert_eq!(read(frisian, "american").unwrap_err().0, "illegal-move");
    }

    #[test]
    fn a_fen_tag_without_moves_tells_its_board() {
        let chess = "[FEN \"8/8/8/4k3/8/8/8/4K2R w K - 0 1\"]\n*";
        reads(&[
            (chess, "american", "chess", RulesSource::Fen),
            (chess, "chess", "chess", RulesSource::Selected),
        ]);
    }

    #[test]
    fn a_game_no_rules_read_is_refused_where_the_furthest_reading_stopped() {
        // A chess game with a bad third move: the chess reading's error (line 2), not
        // American's at the first move.
        let text = "[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6 3. Bx5 a6 *";
        let (code, line, column) = read(text, "american").unwrap_err();
        assert_eq!(
            (code.as_str(), line),
            ("illegal-move", 2),
            "{code} {line}:{column}"
        );
        assert!(column > 20, "at the third move: column {column}");
    }

    #[test]
    fn the_game_asked_for_is_loaded_and_the_games_are_counted() {
        let text = format!("{LICHESS}\n[GameType \"21\"]\n1. 11-15 23-19 *\n");
        let given = |n| {
            let from = RulesFrom::Text {
                selected: Rules::Chess,
                prefer_chess: false,
            };
            load_text(&text, from, n, &Default::default(), None)
        };
        let second = given(2).unwrap();
        assert_eq!(
            (second.rules, second.games_in_text, second.nodes.len()),
            ("american", 2, 2)
        );
        assert_eq!(given(1).unwrap().rules, "chess");
        let past = given(3).unwrap_err();
        assert_eq!(past.code, "no-such-game");
        assert!(past.message.contains("2 games"), "{}", past.message);
    }

    #[test]
    fn a_syntax_error_of_the_game_asked_for_has_its_place_in_the_whole_text() {
        let text = "1. 11-15 *\n\n[Event \"x\"\n1. 11-15 *\n";
        let from = RulesFrom::Text {
            selected: Rules::Chess,
            prefer_chess: false,
        };
        let e = load_text(text, from, 2, &Default::default(), None).unwrap_err();
        assert_eq!((e.code, e.line), ("syntax", Some(3)));
    }
}
