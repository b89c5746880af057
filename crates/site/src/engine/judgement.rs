//! How a full-game analysis judges moves: lichess's method, which every player of the big
//! sites knows, on both families.
//!
//! An evaluation becomes a **winning chance** in [-1, 1] (White's) by a logistic [`Curve`],
//! `2 / (1 + e^(-cp / scale)) - 1`, with the evaluation held within ±1000 (a forced win counts
//! as +1000, a forced loss as -1000; a game already won as ±1, a draw as 0). Chess scores are
//! centipawns on lichess's curve ([`Curve::LICHESS`], scale 1 / 0.00368208, fitted by lichess
//! to its games: a pawn ahead is about 59 % to win). Draughts scores are hundredths of a man
//! on the curve of the engine's evaluation ([`Curve::of_draughts`]): the learned evaluation's
//! scale is measured on real games, so that its winning chances are the expected result of
//! players who stand so (a man ahead in the opening is worth more than a pawn in chess).
//!
//! A move's **judgement** is how much it lowered its mover's winning chances:
//! [`Judgement::Inaccuracy`] from 0.1, [`Judgement::Mistake`] from 0.2,
//! [`Judgement::Blunder`] from 0.3 (lichess's thresholds; 5, 10 and 15 points of the win
//! percentage `50 + 50 · chance`).
//!
//! A move's **accuracy** is lichess's `103.1668 · e^(-0.04354 · loss) - 3.1669 + 1` of the
//! loss in win percentage (100 when it lost nothing), and a player's accuracy over a game is
//! lichess's mean: the average of the volatility-weighted mean and the harmonic mean of their
//! moves' accuracies (a calm position's moves weigh less than a sharp one's, and one blunder
//! weighs more than a plain average would let it).
//!
//! ```
//! use site::engine::judgement::{Curve, Judgement, Score};
//! let chess = Curve::LICHESS;
//! assert_eq!(chess.win_percent(Score::Cp(0)), 50.0);
//! assert!((chess.win_percent(Score::Cp(100)) - 59.1).abs() < 0.1);
//! // From a pawn ahead to a fifth of one behind: a mistake; to a pawn behind, a blunder.
//! assert_eq!(chess.judge(Score::Cp(100), Score::Cp(-20), true), Some(Judgement::Mistake));
//! assert_eq!(chess.judge(Score::Cp(100), Score::Cp(-100), true), Some(Judgement::Blunder));
//! ```

use serde::{Deserialize, Serialize};

use super::tables::TableResult;

/// An evaluation from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Score {
    /// Centipawns in chess, hundredths of a man in draughts.
    Cp(i32),
    /// A forced result: the moves of the winning side to reach it, positive when White wins.
    Mate(i32),
    /// The game is over in this position: `Some(true)` White has won, `Some(false)` Black
    /// has, `None` a draw.
    Over(Option<bool>),
    /// What the draughts endgame tables say (a server with tables): a win with perfect play,
    /// or a draw.
    Table(TableResult),
}

/// How far an evaluation counts, in centipawns: beyond this the game is decided.
const CEILING: i32 = 1000;

/// The logistic curve from evaluations to winning chances: its scale, in centipawns (or
/// hundredths of a man) a logistic unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Curve {
    scale: f64,
}

impl Curve {
    /// Lichess's curve of chess centipawns: slope 0.00368208.
    pub const LICHESS: Curve = Curve {
        scale: 1.0 / 0.003_682_08,
    };

    /// The curve of `scale` centipawns (or hundredths of a man) a logistic unit; lichess's
    /// where the scale is not a positive number.
    pub fn with_scale(scale: f64) -> Curve {
        if scale.is_finite() && scale > 0.0 {
            Curve { scale }
        } else {
            Curve::LICHESS
        }
    }

    /// The curve of the draughts engine's scores in `variant`: the learned evaluation's
    /// measured scale where the variant has one, lichess's (on which the hand-made
    /// evaluation's hundredths of a man were judged) where not.
    pub fn of_draughts(variant: &draughts::Variant) -> Curve {
        draughts::learn::EvalWeights::builtin(variant)
            .map_or(Curve::LICHESS, |w| Curve::with_scale(w.scale()))
    }

    /// The scale, in centipawns a logistic unit.
    pub fn scale(self) -> f64 {
        self.scale
    }

    /// White's winning chances in [-1, 1].
    pub fn winning_chances(self, score: Score) -> f64 {
        let cp = match score {
            Score::Cp(cp) => cp.clamp(-CEILING, CEILING),
            Score::Mate(n) => {
                if n >= 0 {
                    CEILING
                } else {
                    -CEILING
                }
            }
            Score::Over(Some(white)) => return if white { 1.0 } else { -1.0 },
            Score::Over(None) | Score::Table(TableResult::Draw) => return 0.0,
            Score::Table(TableResult::WhiteWins) => CEILING,
            Score::Table(TableResult::BlackWins) => -CEILING,
        };
        (2.0 / (1.0 + (-f64::from(cp) / self.scale).exp()) - 1.0).clamp(-1.0, 1.0)
    }

    /// White's win percentage, `50 + 50 · winning chances`.
    pub fn win_percent(self, score: Score) -> f64 {
        50.0 + 50.0 * self.winning_chances(score)
    }

    /// The judgement of a move by White (`white`) or Black from a position evaluated
    /// `before` to one evaluated `after`; `None` when it lost less than 0.1.
    pub fn judge(self, before: Score, after: Score, white: bool) -> Option<Judgement> {
        let mut lost = self.winning_chances(before) - self.winning_chances(after);
        if !white {
            lost = -lost;
        }
        Judgement::ALL
            .into_iter()
            .rev()
            .find(|j| lost >= j.threshold() - 1e-12)
    }

    /// Each player's accuracy over a game whose positions, from the start to the end, have
    /// the evaluations `scores` (White's), White moving first when `white_first`:
    /// `(white, black)`, `None` for a side that made no move.
    pub fn game_accuracy(self, scores: &[Score], white_first: bool) -> (Option<f64>, Option<f64>) {
        let wins: Vec<f64> = scores.iter().map(|&s| self.win_percent(s)).collect();
        accuracies(&wins, white_first)
    }
}

/// The three marks of a move that lost something.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Judgement {
    /// Lost 0.1 to 0.2 of the mover's winning chances: `?!`, NAG 6.
    Inaccuracy,
    /// Lost 0.2 to 0.3: `?`, NAG 2.
    Mistake,
    /// Lost 0.3 or more: `??`, NAG 4.
    Blunder,
}

impl Judgement {
    /// Every judgement, mildest first.
    pub const ALL: [Judgement; 3] = [
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// The least loss of winning chances (0 to 2) that earns this judgement.
    pub fn threshold(self) -> f64 {
        match self {
            Judgement::Inaccuracy => 0.1,
            Judgement::Mistake => 0.2,
            Judgement::Blunder => 0.3,
        }
    }

    /// The annotation glyph's number: 6 (`?!`), 2 (`?`), 4 (`??`).
    pub fn nag(self) -> u16 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The word written in an annotated game's comments (as lichess writes them).
    pub fn word(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// The accuracy (0 to 100) of a move that took its mover's win percentage from `before` to
/// `after` (both the mover's).
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let raw = 103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * (before - after)).exp()
        - 3.166_924_740_191_411;
    // Lichess adds one point for the engine's own uncertainty.
    (raw + 1.0).clamp(0.0, 100.0)
}

/// Each player's accuracy over a game of win percentages `wins` (White's, one a position).
fn accuracies(wins: &[f64], white_first: bool) -> (Option<f64>, Option<f64>) {
    if wins.len() < 2 {
        return (None, None);
    }
    let moves = wins.len() - 1;
    let window = (moves / 10).clamp(2, 8);
    // One weight per move: the volatility of the win percentage around it (the first
    // moves share the first window's).
    let mut windows: Vec<&[f64]> = Vec::with_capacity(moves);
    for _ in 0..window.min(wins.len()).saturating_sub(2) {
        windows.push(&wins[..window.min(wins.len())]);
    }
    windows.extend(wins.windows(window.min(wins.len())));
    let weights: Vec<f64> = windows
        .iter()
        .map(|w| standard_deviation(w).clamp(0.5, 12.0))
        .collect();
    let mut sides: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    for (i, pair) in wins.windows(2).enumerate() {
        let white = (i % 2 == 0) == white_first;
        let (before, after) = if white {
            (pair[0], pair[1])
        } else {
            (100.0 - pair[0], 100.0 - pair[1])
        };
        let weight = weights.get(i).copied().unwrap_or(0.5);
        sides[usize::from(!white)].push((move_accuracy(before, after), weight));
    }
    let accuracy = |moves: &[(f64, f64)]| -> Option<f64> {
        if moves.is_empty() {
            return None;
        }
        let total: f64 = moves.iter().map(|m| m.1).sum();
        let weighted = moves.iter().map(|m| m.0 * m.1).sum::<f64>() / total;
        let harmonic = moves.len() as f64 / moves.iter().map(|m| 1.0 / m.0.max(1.0)).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    };
    (accuracy(&sides[0]), accuracy(&sides[1]))
}

/// The population standard deviation.
fn standard_deviation(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_is_lichesss() {
        // Values of lichess's formula, worked out by hand: 2 / (1 + e^(-0.00368208 cp)) - 1.
        for (cp, chances) in [
            (0, 0.0),
            (100, 0.182_052),
            (300, 0.502_251),
            (-300, -0.502_251),
            (1000, 0.950_895),
            (5000, 0.950_895),
        ] {
            let got = Curve::LICHESS.winning_chances(Score::Cp(cp));
            assert!(
                (got - chances).abs() < 1e-5,
                "{cp}: {got} against {chances}"
            );
        }
        assert_eq!(
            Curve::LICHESS.winning_chances(Score::Mate(3)),
            Curve::LICHESS.winning_chances(Score::Cp(1000))
        );
        assert_eq!(
            Curve::LICHESS.winning_chances(Score::Mate(-1)),
            Curve::LICHESS.winning_chances(Score::Cp(-1000))
        );
        assert_eq!(Curve::LICHESS.win_percent(Score::Over(Some(false))), 0.0);
        assert_eq!(Curve::LICHESS.win_percent(Score::Over(None)), 50.0);
    }

    #[test]
    fn judgements_follow_the_movers_loss() {
        let j = |a, b, white| Curve::LICHESS.judge(Score::Cp(a), Score::Cp(b), white);
        assert_eq!(j(0, 0, true), None);
        assert_eq!(j(0, -50, true), None, "0.09 lost");
        assert_eq!(j(0, -60, true), Some(Judgement::Inaccuracy), "0.11 lost");
        assert_eq!(j(0, -120, true), Some(Judgement::Mistake), "0.22 lost");
        assert_eq!(j(0, -200, true), Some(Judgement::Blunder), "0.35 lost");
        // The same for Black is a gain for White.
        assert_eq!(j(0, -200, false), None);
        assert_eq!(j(0, 200, false), Some(Judgement::Blunder));
        // Deep in a won game a lost pawn costs little.
        assert_eq!(j(900, 700, true), None);
        // Walking into a mate is a blunder; missing one for a big edge is not.
        assert_eq!(
            Curve::LICHESS.judge(Score::Cp(50), Score::Mate(-2), true),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            Curve::LICHESS.judge(Score::Mate(2), Score::Cp(900), true),
            None
        );
        assert_eq!(
            Curve::LICHESS.judge(Score::Cp(-50), Score::Over(Some(true)), false),
            Some(Judgement::Blunder)
        );
        // The endgame tables: a won ending counts as a mate, a held draw as equality, so
        // a move that throws a table win to a table draw is a blunder.
        let table = Score::Table;
        assert_eq!(
            Curve::LICHESS.winning_chances(table(TableResult::BlackWins)),
            Curve::LICHESS.winning_chances(Score::Mate(-4))
        );
        assert_eq!(
            Curve::LICHESS.winning_chances(table(TableResult::Draw)),
            0.0
        );
        assert_eq!(
            Curve::LICHESS.judge(
                table(TableResult::WhiteWins),
                table(TableResult::Draw),
                true
            ),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            Curve::LICHESS.judge(
                table(TableResult::WhiteWins),
                table(TableResult::WhiteWins),
                true
            ),
            None
        );
    }

    #[test]
    fn the_draughts_curve_is_the_learned_evaluations() {
        let learned = draughts::learn::EvalWeights::builtin(&draughts::Variant::INTERNATIONAL)
            .expect("built in");
        let curve = Curve::of_draughts(&draughts::Variant::INTERNATIONAL);
        assert_eq!(curve.scale(), learned.scale());
        // A score of one scale is a logistic unit: 1 / (1 + e^-1) of the game, 0.4621 chances.
        let one = Score::Cp(learned.scale().round() as i32);
        assert!((curve.winning_chances(one) - 0.4621).abs() < 0.01);
        // Variants without learned values keep lichess's curve; so does a senseless scale.
        assert_eq!(
            Curve::of_draughts(&draughts::Variant::AMERICAN),
            Curve::LICHESS
        );
        assert_eq!(Curve::with_scale(0.0), Curve::LICHESS);
        assert_eq!(Curve::with_scale(f64::NAN), Curve::LICHESS);
    }

    #[test]
    fn move_accuracy_is_lichesss() {
        assert_eq!(move_accuracy(60.0, 70.0), 100.0);
        assert_eq!(move_accuracy(60.0, 60.0), 100.0, "the +1 is capped");
        // 103.1668 e^(-0.04354 · 10) - 3.1669 + 1 = 64.58
        assert!((move_accuracy(60.0, 50.0) - 64.58).abs() < 0.01);
        assert!(move_accuracy(100.0, 0.0) < 1.0);
    }

    #[test]
    fn a_perfect_game_is_100_and_one_blunder_pulls_hard() {
        let calm = vec![Score::Cp(20); 41];
        let (white, black) = Curve::LICHESS.game_accuracy(&calm, true);
        assert_eq!((white, black), (Some(100.0), Some(100.0)));
        // White throws a rook away at move 10, then both play on perfectly.
        let mut scores = vec![Score::Cp(20); 19];
        scores.extend(vec![Score::Cp(-500); 22]);
        let (white, black) = Curve::LICHESS.game_accuracy(&scores, true);
        let (white, black) = (white.unwrap(), black.unwrap());
        assert_eq!(black, 100.0);
        assert!(white < 90.0 && white > 40.0, "{white}");
        // Black to move first: the first move is Black's.
        let (white, black) = Curve::LICHESS.game_accuracy(&[Score::Cp(0), Score::Cp(400)], false);
        assert_eq!(white, None);
        assert!(black.unwrap() < 30.0);
    }
}
