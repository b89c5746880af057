//! The `--variant` argument: rules named on the command line.

use draughts::Variant;

/// Rules named on the command line: a draughts variant or chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesArg(pub games::Rules);

impl std::str::FromStr for RulesArg {
    type Err = String;
    fn from_str(s: &str) -> Result<RulesArg, String> {
        s.parse().map(RulesArg)
    }
}

/// The rules `perft` counts in: a draughts variant, or a chess variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftRules {
    /// A draughts variant.
    Draughts(Variant),
    /// A chess variant (standard chess too).
    Chess(games::ChessVariant),
}

impl std::str::FromStr for PerftRules {
    type Err = String;
    fn from_str(s: &str) -> Result<PerftRules, String> {
        match s.parse::<Variant>() {
            Ok(variant) => Ok(PerftRules::Draughts(variant)),
            Err(e) => games::ChessVariant::from_name(s)
                .map(PerftRules::Chess)
                .ok_or_else(|| {
                    let names: Vec<&str> = games::ChessVariant::ALL
                        .iter()
                        .map(|v| v.report_name())
                        .collect();
                    format!("{e}; or a chess variant: {}", names.join(", "))
                }),
        }
    }
}
