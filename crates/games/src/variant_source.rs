//! Where a draughts game's variant came from: a tag, the user, inference, or what decided
//! between the variants that replay it.

/// Where a game's variant came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum VariantSource {
    /// The game's GameType tag.
    GameType,
    /// The game's Variant tag, without a GameType tag (the draughts sites' exports:
    /// `[Variant "Russian"]`, `[Variant "American/English"]`).
    VariantTag,
    /// The rules the user selected.
    Selected,
    /// Inferred: the first variant, for the board the squares point to, under which every
    /// move replays, and the only one of the board's variants tried for it.
    Inferred,
    /// Several variants replay the game (see [`DraughtsGame::others`](crate::DraughtsGame::others)); the file's games
    /// whose rules were decided were read under this one and none other of them (see
    /// [`FileVariants`](super::FileVariants)).
    File,
    /// Several variants replay the game; its Event or Site tag names this one.
    #[serde(rename = "event")]
    EventOrSite,
    /// Several variants replay the game; its captures are written with `:`, the Russian way.
    Separator,
    /// Several variants replay the game and nothing decides between them: read under the
    /// first of them in the order of inference, written without a GameType.
    Undecided,
}

impl VariantSource {
    /// The name JSON gives it (`gametype`, `varianttag`, `selected`, `inferred`, `file`,
    /// `event`, `separator`, `undecided`).
    pub fn as_str(self) -> &'static str {
        match self {
            VariantSource::GameType => "gametype",
            VariantSource::VariantTag => "varianttag",
            VariantSource::Selected => "selected",
            VariantSource::Inferred => "inferred",
            VariantSource::File => "file",
            VariantSource::EventOrSite => "event",
            VariantSource::Separator => "separator",
            VariantSource::Undecided => "undecided",
        }
    }

    /// Whether the rules are decided: by a tag, the user, or because only they replay the
    /// game among those tried.
    pub fn is_decided(self) -> bool {
        matches!(
            self,
            VariantSource::GameType
                | VariantSource::VariantTag
                | VariantSource::Selected
                | VariantSource::Inferred
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_source_names_are_those_of_json() {
        use VariantSource::*;
        for source in [
            GameType,
            VariantTag,
            Selected,
            Inferred,
            File,
            EventOrSite,
            Separator,
            Undecided,
        ] {
            let json = serde_json::to_value(source).unwrap();
            assert_eq!(json.as_str(), Some(source.as_str()));
        }
    }
}
