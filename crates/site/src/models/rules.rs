//! The rules in JSON and in the description: [`games::Rules`] written as its name
//! (`american`, `chess`), read as [`games::Rules`]'s `FromStr` reads it. Fields of type
//! `Rules` carry `#[serde(with = "crate::models::rules")]` and
//! `#[schema(value_type = crate::models::RulesName)]`.

use games::Rules;
use serde::{Deserialize, Deserializer, Serializer};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

/// Writes the rules' name.
pub fn serialize<S: Serializer>(rules: &Rules, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(rules.name())
}

/// Reads the rules from their name (`unknown rules ...` for another text).
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
    let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
    text.parse().map_err(serde::de::Error::custom)
}

/// Rules, as a schema: a string, the name of one of [`Rules::all`] (every draughts variant,
/// then chess).
pub struct RulesName;

impl PartialSchema for RulesName {
    fn schema() -> RefOr<Schema> {
        let mut description = String::from("A draughts variant or chess:\n");
        for rules in Rules::all() {
            description.push_str(&format!("- `{}`: {rules}\n", rules.name()));
        }
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(Rules::all().map(|r| r.name())))
            .description(Some(description))
            .into()
    }
}

impl ToSchema for RulesName {}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Holder {
        #[serde(with = "super")]
        rules: Rules,
    }

    #[test]
    fn rules_are_written_by_name_and_read_as_their_names_are() {
        let chess = Holder {
            rules: Rules::Chess,
        };
        assert_eq!(
            serde_json::to_string(&chess).unwrap(),
            r#"{"rules":"chess"}"#
        );
        let read: Holder = serde_json::from_str(r#"{"rules":"russian"}"#).unwrap();
        assert_eq!(read.rules.name(), "russian");
        let escaped: Holder = serde_json::from_str(r#"{"rules":"ch\u0065ss"}"#).unwrap();
        assert_eq!(escaped, chess);
        assert!(serde_json::from_str::<Holder>(r#"{"rules":"go"}"#).is_err());
    }
}
