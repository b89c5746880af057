//! Fits the learned evaluation ([`draughts::learn`]) to positions labelled by their game's
//! result, by logistic regression, and writes the weights file.
//!
//! ```text
//! cargo run --release -p draughts --example selfplay -- --games 20000 --jobs 2 --out /tmp/sp.txt
//! cargo run --release -p draughts --example fit_eval -- \
//!     --out crates/draughts/data/international.eval /tmp/sp.txt
//! ```
//!
//! Each input line is a Hub position (`W` or `B`, then a letter a square) and the result for
//! White (`2` a win, `1` a draw, `0` a loss), as `selfplay` writes them (and as
//! `scoresheet positions` writes the positions of real games), and maybe the search's score
//! of the position for its side to move (hundredths of a man, as `selfplay` writes it). The
//! model: the probability that the side to move wins is `1 / (1 + e^-s)`, `s` the
//! evaluation's sum of values (a draw counts half a win); the values are fitted by full-batch
//! gradient descent (Adam) on the mean log loss plus `--l2` times the squares of the window
//! values. The target of a line is its result; with `--lambda X` below 1, the target of a
//! line with a score is `X` times its result plus `1 - X` times the score's expected result,
//! `1 / (1 + e^(-score / c))`, `c` the scale that makes the scores predict the results best
//! (measured on the scored lines, and printed): the search's score is a less noisy witness
//! of a position than one game's result. The last `--hold-out`
//! share of the lines (default 0.05, whole games, as the files are written game by game) is
//! kept aside: its loss is printed beside the fitted positions', and the values of the
//! iteration with the lowest held-out loss are written.
//!
//! The values are written in hundredths of a man: all are scaled so that a man in the
//! opening is worth 100.
//!
//! The file also keeps the scale the fit found (hundredths of a man a logistic unit,
//! [`EvalWeights::scale`]). `--scale-on FILE` fits nothing else: it keeps FILE's values,
//! measures their scale on the positions given (the one number that makes the scores predict
//! those games' results best) and writes FILE with it to `--out`. The built-in file's scale
//! is measured so on the real games alone (`eval_positions`), as the analysis judges human
//! moves by it:
//!
//! ```text
//! cargo run --release -p draughts --example fit_eval -- --scale-on \
//!     crates/draughts/data/international.eval --out crates/draughts/data/international.eval \
//!     /tmp/real.txt
//! ```
//!
//! Options: `--variant NAME` (default international), `--iterations N` (default 400),
//! `--lambda X` (the result's share of a scored line's target, 0 to 1, default 1),
//! `--start FILE` (start from a weights file's values, fitting them further: the L2 term
//! pulls the window values towards them),
//! `--without COUNT,...` (counts kept at 0: `men`, `kings`, `tempo`, `mainroad`, `move`),
//! `--rate X` (Adam's step, default 0.05), `--l2 X` (default 1e-4: weaker lets the 100,000
//! window values of a few thousand games learn their noise), `--hold-out X` (default 0.05,
//! clamped to 0 to 0.5); `--help` lists them.

use std::io::{BufRead, BufReader};
use std::str::FromStr;

use clap::Parser;

use draughts::learn::{Count, EvalWeights, param_count, terms};
use draughts::{Color, Position, Variant, hub};

/// The positions as the fit reads them: the terms of all in one list.
#[derive(Default)]
struct Data {
    /// Where each position's terms start in `index` and `coef`; one more than positions.
    start: Vec<u32>,
    index: Vec<u32>,
    coef: Vec<f32>,
    /// Share of a full board.
    phase: Vec<f32>,
    /// The result for the side to move: 1 a win, 0.5 a draw, 0 a loss; then the target the
    /// fit aims at ([`Data::blend`]).
    label: Vec<f32>,
    /// The search's score for the side to move, where the line has one.
    score: Vec<Option<i32>>,
}

impl Data {
    fn len(&self) -> usize {
        self.label.len()
    }

    /// The sum of position `p`'s values (logistic units) under the opening's values `o` and
    /// the ending's `e`.
    #[inline(always)]
    fn sum(&self, p: usize, o: &[f64], e: &[f64]) -> f64 {
        let phase = f64::from(self.phase[p]);
        self.terms(p).map(|(i, c)| c * value(o, e, i, phase)).sum()
    }

    /// Position `p`'s terms: each value's index and its coefficient.
    fn terms(&self, p: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let (a, b) = (self.start[p] as usize, self.start[p + 1] as usize);
        (a..b).map(|k| (self.index[k] as usize, f64::from(self.coef[k])))
    }

    fn push(&mut self, t: &draughts::learn::Terms, label: f32, score: Option<i32>) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        for &(i, c) in &t.terms {
            self.index.push(i);
            self.coef.push(c as f32);
        }
        self.start.push(self.index.len() as u32);
        self.phase.push(t.pieces as f32 / t.full as f32);
        self.label.push(label);
        self.score.push(score);
    }

    /// Makes each scored line's target `lambda` times its result plus the rest times its
    /// score's expected result, on the scale measured on the scored lines; that scale, or
    /// none when no line has a score (or `lambda` is 1: the results alone).
    fn blend(&mut self, lambda: f64) -> Option<f64> {
        if lambda >= 1.0 {
            return None;
        }
        // Scores of forced wins are thousands: past ±30 men the curve is flat anyway.
        let clamp = |s: i32| f64::from(s.clamp(-3000, 3000));
        let (scores, labels): (Vec<f64>, Vec<f64>) = self
            .score
            .iter()
            .zip(&self.label)
            .filter_map(|(s, &l)| s.map(|s| (clamp(s), f64::from(l))))
            .unzip();
        if scores.is_empty() {
            return None;
        }
        let c = measure_scale(&scores, &labels);
        for (label, score) in self.label.iter_mut().zip(&self.score) {
            if let Some(s) = score {
                let expected = 1.0 / (1.0 + (-clamp(*s) / c).exp());
                *label = (lambda * f64::from(*label) + (1.0 - lambda) * expected) as f32;
            }
        }
        Some(c)
    }
}

/// Fits the learned evaluation to positions labelled by their game's result, and writes the
/// weights file.
#[derive(clap::Parser)]
#[command(args_override_self = true, allow_negative_numbers = true)]
struct Settings {
    /// The variant of the positions.
    #[arg(long, default_value = "international", value_parser = Variant::from_str)]
    variant: Variant,
    /// Iterations of the gradient descent.
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = whole)]
    iterations: usize,
    /// The result's share of the target of a line with a score (0 to 1; the rest is the
    /// score's expected result).
    #[arg(long, value_name = "X", default_value_t = 1.0, value_parser = unit)]
    lambda: f64,
    /// Adam's step.
    #[arg(long, value_name = "X", default_value_t = 0.05)]
    rate: f64,
    /// The weight of the window values' squares in the loss.
    #[arg(long, value_name = "X", default_value_t = 1e-4)]
    l2: f64,
    /// The share of the lines, at the end, kept aside to measure the fit by (0 to 0.5).
    #[arg(long, value_name = "X", default_value_t = 0.05, value_parser = share)]
    hold_out: f64,
    /// Counts kept at 0: `men`, `kings`, `tempo`, `mainroad`, `move`.
    #[arg(long, value_name = "COUNT,...", value_delimiter = ',', value_parser = count)]
    without: Vec<Count>,
    /// The weights file written (needed).
    #[arg(long, value_name = "FILE", default_value_t, hide_default_value = true)]
    out: String,
    /// Start from this file's values (in logistic units on the positions given), and pull
    /// the window values towards them rather than towards 0.
    #[arg(long, value_name = "FILE")]
    start: Option<String>,
    /// Only measure the scale of this file's values.
    #[arg(long, value_name = "FILE")]
    scale_on: Option<String>,
    /// The files of positions and results (needed).
    #[arg(value_name = "POSITIONS")]
    inputs: Vec<String>,
}

/// A whole number, read as a float and cut to its whole part (`1e3`, `2.5`), as the
/// program always read `--iterations`.
fn whole(text: &str) -> Result<usize, std::num::ParseFloatError> {
    Ok(text.parse::<f64>()? as usize)
}

/// `--lambda`: a share from 0 to 1.
fn unit(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("{text} is not a number from 0 to 1")),
    }
}

/// `--hold-out`: a share, clamped to 0 to 0.5.
fn share(text: &str) -> Result<f64, std::num::ParseFloatError> {
    Ok(text.parse::<f64>()?.clamp(0.0, 0.5))
}

/// `--without`: a count by its name, in any case.
fn count(name: &str) -> Result<Count, String> {
    Count::ALL
        .into_iter()
        .find(|c| format!("{c:?}").eq_ignore_ascii_case(name))
        .ok_or(format!("no count {name}"))
}

/// Reads the positions of `path`, each with the result for its side to move (1 a win, 0.5 a
/// draw, 0 a loss) and the line's score if it has one, their line numbers' errors reported.
fn read(
    path: &str,
    variant: Variant,
    mut each: impl FnMut(&Position, f32, Option<i32>),
) -> Result<(), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        let mut words = line.split_whitespace();
        let (Some(pos), Some(result), score, None) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            return Err(format!("{path}:{}: not `POSITION RESULT [SCORE]`", n + 1));
        };
        let score = score
            .map(|s| s.parse::<i32>())
            .transpose()
            .map_err(|e| format!("{path}:{}: score: {e}", n + 1))?;
        let pos = hub::read_position(pos, variant).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        let white = match result {
            "2" => 1.0,
            "1" => 0.5,
            "0" => 0.0,
            _ => return Err(format!("{path}:{}: result {result}: 0, 1 or 2", n + 1)),
        };
        let label = match pos.side_to_move() {
            Color::White => white,
            Color::Black => 1.0 - white,
        };
        each(&pos, label, score);
    }
    Ok(())
}

/// The scale (hundredths a logistic unit) that makes `scores` predict `labels` best: the
/// least mean log loss, by Newton's method on its inverse (the loss is convex in it).
fn measure_scale(scores: &[f64], labels: &[f64]) -> f64 {
    let mut u = 1.0 / 100.0;
    for _ in 0..50 {
        let (mut g, mut h) = (0.0, 0.0);
        for (&s, &y) in scores.iter().zip(labels) {
            let q = 1.0 / (1.0 + (-u * s).exp());
            g += (q - y) * s;
            h += q * (1.0 - q) * s * s;
        }
        if h <= 0.0 {
            break;
        }
        let step = g / h;
        u = (u - step).max(1e-6);
        if step.abs() < 1e-12 {
            break;
        }
    }
    1.0 / u
}

/// `--scale-on`: measures the scale of `file`'s values on the positions and writes the file
/// with it.
fn rescale(s: &Settings, file: &str) -> Result<(), String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let weights = EvalWeights::from_bytes(&bytes).map_err(|e| format!("{file}: {e}"))?;
    let (mut scores, mut labels) = (Vec::new(), Vec::new());
    for path in &s.inputs {
        read(path, *weights.variant(), |pos, label, _| {
            scores.push(f64::from(weights.score(&terms(pos))));
            labels.push(f64::from(label));
        })?;
    }
    let scale = measure_scale(&scores, &labels);
    eprintln!(
        "{} positions: {scale:.1} hundredths of a man a unit (the file had {:.1})",
        scores.len(),
        weights.scale()
    );
    std::fs::write(&s.out, weights.with_scale(scale).to_bytes())
        .map_err(|e| format!("{}: {e}", s.out))
}

/// The values of a term at a phase: the opening's share `phase`.
#[inline(always)]
fn value(o: &[f64], e: &[f64], i: usize, phase: f64) -> f64 {
    o[i] * phase + e[i] * (1.0 - phase)
}

/// Mean log loss of `range` of the positions; with `grad`, adds its gradient there.
fn loss(
    d: &Data,
    range: std::ops::Range<usize>,
    o: &[f64],
    e: &[f64],
    mut grad: Option<(&mut [f64], &mut [f64])>,
) -> f64 {
    let mut total = 0.0;
    let n = range.len() as f64;
    for p in range {
        let s = d.sum(p, o, e);
        let y = f64::from(d.label[p]);
        let q = 1.0 / (1.0 + (-s).exp());
        let q = q.clamp(1e-12, 1.0 - 1e-12);
        total -= y * q.ln() + (1.0 - y) * (1.0 - q).ln();
        if let Some((go, ge)) = grad.as_mut() {
            let g = (q - y) / n;
            let phase = f64::from(d.phase[p]);
            for (i, c) in d.terms(p) {
                let c = c * g;
                go[i] += c * phase;
                ge[i] += c * (1.0 - phase);
            }
        }
    }
    total / n
}

/// The opening's and the ending's values of `weights` in logistic units on `data` (divided
/// by the scale that makes them predict its targets best), and that scale.
fn start_values(weights: &EvalWeights, data: &Data) -> (Vec<f64>, Vec<f64>, f64) {
    let values = weights.values();
    let o: Vec<f64> = values.iter().map(|v| f64::from(v[0])).collect();
    let e: Vec<f64> = values.iter().map(|v| f64::from(v[1])).collect();
    let scores: Vec<f64> = (0..data.len()).map(|p| data.sum(p, &o, &e)).collect();
    let labels: Vec<f64> = data.label.iter().map(|&l| f64::from(l)).collect();
    let scale = measure_scale(&scores, &labels);
    let unit = |v: Vec<f64>| v.into_iter().map(|x| x / scale).collect();
    (unit(o), unit(e), scale)
}

/// Fits the values to the first `fit` positions of `data`, from `start` (the opening's and
/// the ending's values in logistic units, which the L2 term then pulls towards) or from a man
/// and a king alone (pulled towards 0): the lowest held-out loss (the positions after `fit`),
/// the opening's and the ending's values in logistic units, and the iteration that gave them.
fn fit(
    data: &Data,
    fit: usize,
    s: &Settings,
    start: Option<(Vec<f64>, Vec<f64>)>,
) -> (f64, Vec<f64>, Vec<f64>, usize) {
    let n = data.len();
    let params = param_count(s.variant.size);
    let counts = params - Count::ALL.len();
    let (mut o, mut e) = start.unwrap_or_else(|| {
        // A man and a king (about three men where kings fly) and nothing else.
        let mut o = vec![0.0; params];
        let mut e = vec![0.0; params];
        for v in [&mut o, &mut e] {
            v[counts + Count::Men as usize] = 1.0;
            v[counts + Count::Kings as usize] = if s.variant.flying_kings { 3.0 } else { 1.5 };
        }
        (o, e)
    });
    let prior: Vec<f64> = o.iter().chain(e.iter()).copied().collect();
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![0.0; 2 * params];
    let mut v2 = vec![0.0; 2 * params];
    let mut best = (f64::INFINITY, o.clone(), e.clone(), 0);
    for it in 1..=s.iterations {
        let mut go = vec![0.0; params];
        let mut ge = vec![0.0; params];
        let train = loss(data, 0..fit, &o, &e, Some((&mut go, &mut ge)));
        let held = if fit < n {
            loss(data, fit..n, &o, &e, None)
        } else {
            train
        };
        if held < best.0 {
            best = (held, o.clone(), e.clone(), it - 1);
        }
        if it % 25 == 0 || it == 1 {
            eprintln!(
                "iteration {it}: loss {train:.5} fitted, {held:.5} held out; a man {:.3} / {:.3}, a king {:.3} / {:.3}",
                o[counts],
                e[counts],
                o[counts + 1],
                e[counts + 1]
            );
        }
        for c in &s.without {
            go[counts + *c as usize] = 0.0;
            ge[counts + *c as usize] = 0.0;
        }
        let t = it as i32;
        for (j, (x, g)) in o
            .iter_mut()
            .chain(e.iter_mut())
            .zip(go.iter().chain(ge.iter()))
            .enumerate()
        {
            let g = g + if j % params < counts {
                2.0 * s.l2 * (*x - prior[j])
            } else {
                0.0
            };
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v2[j] = b2 * v2[j] + (1.0 - b2) * g * g;
            let mh = m[j] / (1.0 - b1.powi(t));
            let vh = v2[j] / (1.0 - b2.powi(t));
            *x -= s.rate * mh / (vh.sqrt() + eps);
        }
    }
    best
}

fn main() {
    let s = Settings::parse();
    if s.out.is_empty() || s.inputs.is_empty() {
        eprintln!("fit_eval: usage: fit_eval --out FILE POSITIONS...");
        std::process::exit(2);
    }
    if let Some(file) = &s.scale_on {
        if let Err(e) = rescale(&s, file) {
            eprintln!("fit_eval: {e}");
            std::process::exit(1);
        }
        return;
    }
    let mut data = Data::default();
    for path in &s.inputs {
        let push = |pos: &Position, label, score| data.push(&terms(pos), label, score);
        if let Err(e) = read(path, s.variant, push) {
            eprintln!("fit_eval: {e}");
            std::process::exit(1);
        }
    }
    if let Some(c) = data.blend(s.lambda) {
        eprintln!(
            "targets: {} of the results, the rest the scores' on {c:.1} hundredths a unit",
            s.lambda
        );
    }
    let n = data.len();
    let fit_n = n - (n as f64 * s.hold_out) as usize;
    eprintln!("{n} positions, {fit_n} fitted, {} held out", n - fit_n);

    let start = s.start.as_ref().map(|file| {
        let weights = std::fs::read(file)
            .map_err(|e| e.to_string())
            .and_then(|b| EvalWeights::from_bytes(&b).map_err(|e| e.to_string()))
            .and_then(|w| match *w.variant() == s.variant {
                true => Ok(w),
                false => Err(format!("values for {}", w.variant().name)),
            })
            .unwrap_or_else(|e| {
                eprintln!("fit_eval: {file}: {e}");
                std::process::exit(1);
            });
        let (o, e, scale) = start_values(&weights, &data);
        eprintln!("starting from {file}: {scale:.1} hundredths a unit on these positions");
        (o, e)
    });
    let (held, o, e, it) = fit(&data, fit_n, &s, start);
    let counts = param_count(s.variant.size) - Count::ALL.len();
    let scale = 100.0 / o[counts + Count::Men as usize];
    eprintln!(
        "best held-out loss {held:.5} after {it} iterations; {scale:.1} hundredths of a man a unit"
    );
    let opening: Vec<f64> = o.iter().map(|x| x * scale).collect();
    let ending: Vec<f64> = e.iter().map(|x| x * scale).collect();
    let weights = EvalWeights::new(&s.variant, &opening, &ending, scale);
    for c in Count::ALL {
        eprintln!("{c:?}: {:?}", weights.count_value(c));
    }
    if let Err(err) = std::fs::write(&s.out, weights.to_bytes()) {
        eprintln!("fit_eval: {}: {err}", s.out);
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts::{GameHistory, GameState};

    /// The positions of a game of random moves from the start (drawn from the generator
    /// `r`), after each move, until it ends or has `plies` moves.
    fn random_game(r: &mut u64, plies: usize) -> Vec<Position> {
        let mut game = GameHistory::new(Position::start(Variant::INTERNATIONAL));
        let mut out = Vec::new();
        while game.state() == GameState::Ongoing && game.moves().len() < plies {
            let moves = game.position().legal_moves();
            *r = r
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            game.push(&moves[(*r >> 33) as usize % moves.len()])
                .unwrap();
            out.push(*game.position());
        }
        out
    }

    /// Positions of random games, each labelled a win for the side with more men (a draw
    /// when even): the fit must find that men count, and predict better than a coin.
    #[test]
    fn the_fit_learns_what_decides_the_results() {
        let mut data = Data::default();
        let mut r = 1u64;
        for _ in 0..60 {
            for pos in &random_game(&mut r, 120) {
                let side = pos.side_to_move();
                let (own, other) = (pos.pieces(side).len(), pos.pieces(!side).len());
                let label = match own.cmp(&other) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
                data.push(&terms(pos), label, None);
            }
        }
        let s = Settings {
            variant: Variant::INTERNATIONAL,
            iterations: 60,
            lambda: 1.0,
            rate: 0.05,
            l2: 1e-4,
            hold_out: 0.1,
            without: Vec::new(),
            out: String::new(),
            scale_on: None,
            start: None,
            inputs: Vec::new(),
        };
        let n = data.len();
        let at_start = {
            let params = param_count(s.variant.size);
            loss(&data, 0..n, &vec![0.0; params], &vec![0.0; params], None)
        };
        assert!((at_start - std::f64::consts::LN_2).abs() < 1e-9);
        let (held, o, e, _) = fit(&data, n * 9 / 10, &s, None);
        let counts = param_count(s.variant.size) - Count::ALL.len();
        assert!(held < 0.5 * at_start, "held-out loss {held}");
        assert!(
            o[counts] > 1.0 && e[counts] > 1.0,
            "a man: {} {}",
            o[counts],
            e[counts]
        );
    }

    /// Scored lines whose results follow the scores on a known curve: the blend measures
    /// that curve and mixes the targets; unscored lines keep their results.
    #[test]
    fn scored_lines_blend_their_results_with_their_scores() {
        let pos = Position::start(Variant::INTERNATIONAL);
        let t = terms(&pos);
        let mut data = Data::default();
        let mut r = 9u64;
        for i in 0..20_000 {
            let score = (i % 401) - 200;
            r = r
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let draw = (r >> 11) as f64 / (1u64 << 53) as f64;
            let win = draw < 1.0 / (1.0 + (-f64::from(score) / 80.0).exp());
            data.push(&t, if win { 1.0 } else { 0.0 }, Some(score));
        }
        data.push(&t, 1.0, None);
        data.push(&t, 0.0, Some(50_000));
        let results = data.label.clone();
        assert_eq!(Data::default().blend(0.5), None);
        let mut all_results = Data::default();
        all_results.push(&t, 1.0, Some(100));
        assert_eq!(all_results.blend(1.0), None);
        assert_eq!(all_results.label, [1.0]);

        let c = data.blend(0.25).expect("scored lines");
        assert!((c - 80.0).abs() < 6.0, "scale {c}");
        let n = results.len();
        let expected = |s: f64| 1.0 / (1.0 + (-s / c).exp());
        for i in [0, 1, 200, 399] {
            let s = f64::from((i as i32 % 401) - 200);
            let want = 0.25 * f64::from(results[i]) + 0.75 * expected(s);
            assert!((f64::from(data.label[i]) - want).abs() < 1e-5);
        }
        assert_eq!(data.label[n - 2], 1.0, "an unscored line keeps its result");
        let won = 0.75 * expected(3000.0);
        assert!((f64::from(data.label[n - 1]) - won).abs() < 1e-5);
    }

    /// Positions labelled by the built-in values' own curve on a scale of 70: starting from
    /// those values finds that scale, and the values in its units.
    #[test]
    fn a_start_is_read_in_the_units_of_the_positions() {
        let weights = EvalWeights::builtin(&Variant::INTERNATIONAL).unwrap();
        let mut data = Data::default();
        for pos in &random_game(&mut 5, 150) {
            let t = terms(pos);
            let expected = 1.0 / (1.0 + (-f64::from(weights.score(&t)) / 70.0).exp());
            data.push(&t, expected as f32, None);
        }
        let (o, e, scale) = start_values(weights, &data);
        assert!((scale - 70.0).abs() < 0.5, "{scale}");
        for (i, v) in weights.values().iter().enumerate().step_by(997) {
            assert!((o[i] * scale - f64::from(v[0])).abs() < 1e-6);
            assert!((e[i] * scale - f64::from(v[1])).abs() < 1e-6);
        }
    }

    #[test]
    fn options_are_read() {
        let s = Settings::try_parse_from(["fit_eval", "--out", "w.eval", "a.txt"]).unwrap();
        assert_eq!((s.variant, s.iterations), (Variant::INTERNATIONAL, 400));
        assert_eq!((s.rate, s.l2, s.hold_out), (0.05, 1e-4, 0.05));
        assert_eq!(
            (s.out.as_str(), s.scale_on, s.inputs),
            ("w.eval", None, vec!["a.txt".into()])
        );
        assert!(s.without.is_empty());
        assert_eq!(s.lambda, 1.0);
        let s = Settings::try_parse_from(["fit_eval", "--lambda", "0.3", "--out", "w", "a"]);
        assert_eq!(s.unwrap().lambda, 0.3);
        assert!(Settings::try_parse_from(["fit_eval", "--lambda", "1.5", "a"]).is_err());
        let s = Settings::try_parse_from([
            "fit_eval",
            "a.txt",
            "--without",
            "MEN,tempo",
            "--iterations",
            "1e3",
            "--hold-out",
            "0.9",
            "--l2",
            "-1",
            "--without",
            "move",
            "--variant",
            "russian",
            "--out",
            "w.eval",
            "b.txt",
        ])
        .unwrap();
        assert_eq!(s.without, [Count::Men, Count::Tempo, Count::Move]);
        assert_eq!((s.iterations, s.hold_out, s.l2), (1000, 0.5, -1.0));
        assert_eq!(s.variant, Variant::RUSSIAN);
        assert_eq!(s.inputs, ["a.txt", "b.txt"]);
        assert!(Settings::try_parse_from(["fit_eval", "--without", "queens"]).is_err());
        assert!(Settings::try_parse_from(["fit_eval", "--rate"]).is_err());
        assert!(Settings::try_parse_from(["fit_eval", "--fast", "1"]).is_err());
    }

    /// Results drawn from a known logistic curve of the scores: the measured scale must be
    /// near the curve's.
    #[test]
    fn the_scale_is_found_again() {
        let mut r = 3u64;
        let mut next = || {
            r = r
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (r >> 11) as f64 / (1u64 << 53) as f64
        };
        let (mut scores, mut labels) = (Vec::new(), Vec::new());
        for _ in 0..20_000 {
            let s = (next() - 0.5) * 600.0;
            let p = 1.0 / (1.0 + (-s / 80.0).exp());
            scores.push(s);
            labels.push(if next() < p { 1.0 } else { 0.0 });
        }
        let scale = measure_scale(&scores, &labels);
        assert!((scale - 80.0).abs() < 4.0, "{scale}");
    }
}
