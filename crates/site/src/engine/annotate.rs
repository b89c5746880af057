//! A full-game analysis written into the game's record, as lichess writes its analysed
//! games: after each move a `[%eval]` comment (White's view: pawns or men with two
//! decimals, `#3` / `#-3` for a forced result), and after each judged move its NAG (`?!`
//! 6, `?` 2, `??` 4), the words (`Mistake (0.27 → -1.26). Nf3 was best.`) and the engine's
//! line as a variation. The players' accuracies go in a comment before the first move and
//! the search in the `Annotator` tag. What the record already held stays.

use record::{CommentKind, Extra, Extras, Line, Nag, Node, Text};

use super::game_analysis::{GameAnalysis, GameLine, PlayerSummary};
use super::judgement::{Judgement, Score};
use super::tables::TableResult;
use games::{AnyGame, AnyMove, AnyPosition, ChessMove};

/// The evaluation as `[%eval]` writes it, White's; `None` when the game is over, or the
/// endgame tables say it is won (a result, not an evaluation: `[%eval]` has no way to say
/// it); a draw the tables hold is `0.00`.
///
/// ```
/// use site::engine::annotate::eval_text;
/// use site::engine::judgement::Score;
/// assert_eq!(eval_text(Score::Cp(-126)).as_deref(), Some("-1.26"));
/// assert_eq!(eval_text(Score::Cp(5)).as_deref(), Some("0.05"));
/// assert_eq!(eval_text(Score::Mate(-3)).as_deref(), Some("#-3"));
/// assert_eq!(eval_text(Score::Over(None)), None);
/// ```
pub fn eval_text(score: Score) -> Option<String> {
    match score {
        Score::Cp(cp) => {
            let sign = if cp < 0 { "-" } else { "" };
            let cp = cp.unsigned_abs();
            Some(format!("{sign}{}.{:02}", cp / 100, cp % 100))
        }
        Score::Mate(n) => Some(format!("#{n}")),
        Score::Table(TableResult::Draw) => Some("0.00".into()),
        Score::Over(_) | Score::Table(_) => None,
    }
}

/// Writes `analysis` of `line` (the game's main line, as [`GameLine::of`] took it) into
/// `game`'s record.
pub fn annotate(game: &mut AnyGame, line: &GameLine, analysis: &GameAnalysis) {
    let summary = format!(
        "White: {}. Black: {}.",
        summary_text(&analysis.white),
        summary_text(&analysis.black)
    );
    let annotator = match analysis.budget {
        super::evaluation::Budget::Depth(d) => format!("scoresheet, depth {d}"),
        super::evaluation::Budget::TimeMs(ms) => format!("scoresheet, {ms} ms a move"),
    };
    let positions = line.positions();
    let written = Written {
        positions: &positions,
        analysis,
        summary: &summary,
        annotator: &annotator,
    };
    match game {
        AnyGame::Draughts(g) => written.write(&mut g.game, |m| match m {
            AnyMove::Draughts(m) => Some(m),
            AnyMove::Chess(_) => None,
        }),
        AnyGame::Chess(g) => written.write(&mut g.game, |m| match m {
            AnyMove::Chess(m) => Some(ChessMove::Move(m)),
            AnyMove::Draughts(_) => None,
        }),
    }
}

fn summary_text(p: &PlayerSummary) -> String {
    let accuracy = p
        .accuracy
        .map_or_else(|| "no moves".to_string(), |a| format!("accuracy {a:.0} %"));
    let count = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{accuracy}, {}, {}, {}",
        count(p.inaccuracies, "inaccuracy", "inaccuracies"),
        count(p.mistakes, "mistake", "mistakes"),
        count(p.blunders, "blunder", "blunders")
    )
}

/// What [`annotate`] writes into a game's record.
struct Written<'a> {
    /// The positions of the main line analysed.
    positions: &'a [AnyPosition],
    analysis: &'a GameAnalysis,
    /// The players' summary, a comment before the first move.
    summary: &'a str,
    /// The `Annotator` tag's value.
    annotator: &'a str,
}

impl Written<'_> {
    /// Writes the analysis into a game whose moves are of type `M`, `own` making an `M` of an
    /// engine's move. A record annotated by us before (its `Annotator` tag says so) loses the
    /// marks, words, lines and summary of that analysis (an earlier `[%eval]` always goes).
    fn write<M>(&self, game: &mut record::Game<M>, own: impl Fn(AnyMove) -> Option<M>) {
        let again = game
            .tags
            .get("Annotator")
            .is_some_and(|a| a.starts_with("scoresheet"));
        game.tags.set("Annotator", self.annotator);
        write_into(&mut game.moves, self, again, own);
    }
}

/// Writes the analysis into a main line whose moves are of type `M` (see [`Written::write`]).
fn write_into<M>(
    moves: &mut Line<M>,
    written: &Written<'_>,
    again: bool,
    own: impl Fn(AnyMove) -> Option<M>,
) {
    let (positions, analysis, summary) = (written.positions, written.analysis, written.summary);
    if again {
        moves.before.retain(|e| {
            !matches!(e, Extra::Comment { text, .. } if text.starts_with("White: accuracy") || text.starts_with("White: no moves"))
        });
    }
    moves.before.push(comment(summary.to_string()));
    for (i, node) in moves.nodes.iter_mut().enumerate() {
        let (Some(judged), Some(after), Some(before), Some(pos)) = (
            analysis.moves.get(i),
            analysis.positions.get(i + 1),
            analysis.positions.get(i),
            positions.get(i),
        ) else {
            break;
        };
        let mut rest = earlier_removed(std::mem::take(&mut node.after), again);
        let mut new: Extras<M> = Extras::new();
        let mut text = eval_text(after.score)
            .map(|e| format!("[%eval {e}]"))
            .unwrap_or_default();
        // Our mark joins the run of NAGs written right after the move, if there is one.
        let mut nags = match rest.first() {
            Some(Extra::Nags(_)) => match rest.remove(0) {
                Extra::Nags(n) => n,
                _ => unreachable!("matched above"),
            },
            _ => record::Nags::new(),
        };
        if let Some(j) = judged.judgement {
            if !nags.contains(&Nag(j.nag())) {
                nags.push(Nag(j.nag()));
            }
            let from = eval_text(before.score).unwrap_or_else(|| "-".into());
            let to = eval_text(after.score).unwrap_or_else(|| "-".into());
            text.push_str(&format!(" {} ({from} → {to}).", j.word()));
            if let Some(best) = before.line.first() {
                text.push_str(&format!(" {best} was best."));
            }
        }
        if !nags.is_empty() {
            new.push(Extra::Nags(nags));
        }
        // Ours joins the comment written right after the move (`{[%eval 0.25] [%clk
        // 0:05:00]}`, as lichess writes).
        let text = text.trim();
        if let Some(Extra::Comment { text: first, .. }) = rest.first_mut() {
            if !text.is_empty() {
                *first = Text::from(format!("{text} {first}"));
            }
        } else if !text.is_empty() {
            new.push(comment(text.to_string()));
        }
        new.extend(rest);
        if judged.judgement.is_some()
            && let Some(variation) = side_line(pos, &before.best, &own)
        {
            new.push(Extra::Variation(Box::new(variation)));
        }
        node.after = new;
    }
}

/// What followed a move, without an earlier `[%eval]`, and when `again` without the rest of
/// an earlier analysis of ours: its NAGs (6, 2, 4), its words and the line after them.
fn earlier_removed<M>(after: Extras<M>, again: bool) -> Vec<Extra<M>> {
    let mut out = Vec::with_capacity(after.len());
    let mut drop_line = false;
    for extra in after {
        match extra {
            Extra::Nags(mut nags) if again => {
                let ours = Judgement::ALL.map(|j| Nag(j.nag()));
                let kept: Vec<Nag> = nags.iter().copied().filter(|n| !ours.contains(n)).collect();
                if kept.len() != nags.len() {
                    nags = record::Nags::new();
                    for n in kept {
                        nags.push(n);
                    }
                }
                if !nags.is_empty() {
                    out.push(Extra::Nags(nags));
                }
            }
            Extra::Comment { text, kind } => {
                let mut kept = without_commands(&text, "[%eval");
                if again && let Some(left) = without_judgement(&kept) {
                    kept = left;
                    drop_line = true;
                }
                if !kept.is_empty() {
                    out.push(Extra::Comment {
                        text: Text::from(kept),
                        kind,
                    });
                }
            }
            Extra::Variation(_) if drop_line => drop_line = false,
            other => out.push(other),
        }
    }
    out
}

/// `text` without its commands that start with `start` (`[%eval`), spaces tidied.
fn without_commands(text: &str, start: &str) -> String {
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(start) {
        kept.push_str(&rest[..at]);
        rest = match rest[at..].find(']') {
            Some(end) => &rest[at + end + 1..],
            None => "",
        };
    }
    kept.push_str(rest);
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` without the words of a judgement we wrote (`Mistake (0.27 → -1.26). Nf3 was
/// best.`); `None` when it has none.
fn without_judgement(text: &str) -> Option<String> {
    let (at, word) = Judgement::ALL
        .iter()
        .filter_map(|j| {
            text.find(&format!("{} (", j.word()))
                .map(|at| (at, j.word()))
        })
        .min()?;
    let tail = &text[at + word.len()..];
    let close = tail.find(").")? + 2;
    if !tail[..close].contains('→') {
        return None;
    }
    let mut end = at + word.len() + close;
    if let Some(best) = text[end..].find(" was best.")
        && !text[end..end + best].trim().contains(' ')
    {
        end += best + " was best.".len();
    }
    let left = format!("{} {}", &text[..at], &text[end..]);
    Some(left.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The engine's line from `pos` (move ids) as a variation of the record.
fn side_line<M>(
    pos: &AnyPosition,
    ids: &[String],
    own: &impl Fn(AnyMove) -> Option<M>,
) -> Option<Line<M>> {
    let mut p = pos.clone();
    let mut nodes = Vec::with_capacity(ids.len());
    for id in ids {
        let Ok(m) = p.find_move(id) else {
            break;
        };
        p = p.after(&m);
        nodes.push(Node {
            mov: own(m)?,
            at: record::Pos::default(),
            number: None,
            after: Extras::new(),
        });
    }
    (!nodes.is_empty()).then(|| Line {
        before: Vec::new(),
        nodes,
    })
}

fn comment<M>(text: String) -> Extra<M> {
    Extra::Comment {
        text: Text::from(text),
        kind: CommentKind::Brace,
    }
}
