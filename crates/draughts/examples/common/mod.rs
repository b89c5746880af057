//! What the engine's example programs (`match`, `selfplay`, `tactics`, `threads`) share.

// Each program uses a part of it.
#![allow(dead_code)]

pub mod engine;
pub mod suite;

use draughts::Evaluation;
use draughts::learn::EvalWeights;

/// The evaluation `spec` names: `handmade`, `learned` or a weights file (read, and kept for
/// the rest of the program).
pub fn evaluation(spec: &str) -> Result<Evaluation, String> {
    Ok(match spec {
        "handmade" => Evaluation::Handmade,
        "learned" => Evaluation::Learned,
        path => {
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            let weights = EvalWeights::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
            Evaluation::Weights(Box::leak(Box::new(weights)))
        }
    })
}

/// A command line's value parser (clap's `value_parser`) for a number of at least `min`: a
/// smaller one is taken as `min`, as the programs always took it (`--jobs 0` runs one job).
pub fn at_least<T>(min: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + Ord + Copy + Send + Sync + 'static,
    T::Err: std::fmt::Display,
{
    move |text| {
        text.parse::<T>()
            .map(|n| n.max(min))
            .map_err(|e| e.to_string())
    }
}

/// The next number of a seeded generator (splitmix64).
pub fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
