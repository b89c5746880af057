//! The `--variant` argument.

use draughts::Variant;

/// A variant named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantArg(pub Variant);

impl std::str::FromStr for VariantArg {
    type Err = String;
    fn from_str(s: &str) -> Result<VariantArg, String> {
        s.parse::<Variant>().map(VariantArg)
    }
}

/// Rules named on the command line: a draughts variant or chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesArg(pub games::Rules);

impl std::str::FromStr for RulesArg {
    type Err = String;
    fn from_str(s: &str) -> Result<RulesArg, String> {
        s.parse().map(RulesArg)
    }
}
