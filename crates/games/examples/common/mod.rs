//! What the games crate's example programs that learn from game files share.

// Each program uses a part of it.
#![allow(dead_code)]

pub mod draughts_games;

/// A command line's value parser (clap's `value_parser`) for a number of at least `min`: a
/// smaller one is taken as `min`, as the programs always took it (`--threads 0` runs one).
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
