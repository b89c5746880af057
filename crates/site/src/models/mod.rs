//! The site's vocabulary: the values the JSON API, the store's rows and the OpenAPI
//! description share (how a game is played, where it stands, a side, a level, ...), each an
//! enum whose spelling is written once, in `text_enum!`: its JSON (serde), its schema
//! (utoipa), its text column in either database (sqlx) and [`std::str::FromStr`] all read the
//! same list.
//!
//! The rules are the games crate's [`games::Rules`]; [`rules`] gives them their JSON and
//! schema.
//!
//! Nothing here knows of HTTP handlers or SQL statements: the server and the store both
//! depend on this module, never the other way round.

/// An enum of unit variants written as text: `Variant = "text"`. Generates the enum with
/// serde and utoipa derives (each variant renamed to its text), `ALL`, `as_str`,
/// `FromStr` (an [`UnknownValue`] for other text), `Display`, and sqlx's `Type`, `Encode`
/// and `Decode` as a text column in any database whose strings are text.
macro_rules! text_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:tt ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash,
            serde::Serialize, serde::Deserialize, utoipa::ToSchema,
        )]
        $vis enum $name {
            $( $(#[$vmeta])* #[serde(rename = $text)] $variant ),+
        }

        impl $name {
            /// Every value, in order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value as the API and the database write it.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::models::UnknownValue;

            fn from_str(text: &str) -> Result<$name, Self::Err> {
                match text {
                    $($text => Ok($name::$variant),)+
                    _ => Err($crate::models::UnknownValue::new(
                        stringify!($name),
                        text,
                        $name::ALL.iter().map(|v| v.as_str()),
                    )),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl<DB: sqlx::Database> sqlx::Type<DB> for $name
        where
            str: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <str as sqlx::Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <str as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for $name
        where
            &'q str: sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as sqlx::Database>::ArgumentBuffer<'q>,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <&'q str as sqlx::Encode<'q, DB>>::encode(self.as_str(), buf)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $name
        where
            &'r str: sqlx::Decode<'r, DB>,
        {
            fn decode(
                value: <DB as sqlx::Database>::ValueRef<'r>,
            ) -> Result<$name, sqlx::error::BoxDynError> {
                Ok(<&'r str as sqlx::Decode<'r, DB>>::decode(value)?.parse()?)
            }
        }
    };
}

pub mod board;
pub mod chess_variant;
pub mod ending;
pub mod game;
pub mod rules;

pub use board::{NotationLang, NotationStyle, RulesSource, SquareNames, StartKind};
pub use chess_variant::DropPiece;
pub use ending::{EndReason, Ending};
pub use game::{ColorChoice, DrawAction, GameMode, GameStatus, Level, Role, Side};
pub use rules::RulesName;

/// Text that names none of an enum's values (a database row written by a newer server, a
/// hand-edited one).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} `{value}`: {expected}")]
pub struct UnknownValue {
    /// The enum's name (`GameMode`).
    pub kind: &'static str,
    /// The text met.
    pub value: String,
    /// The values it may take, listed.
    pub expected: String,
}

impl UnknownValue {
    /// `value` is no `kind`, whose values are `expected`.
    pub fn new<'a>(
        kind: &'static str,
        value: &str,
        expected: impl Iterator<Item = &'a str>,
    ) -> UnknownValue {
        UnknownValue {
            kind,
            value: value.chars().take(80).collect(),
            expected: expected.collect::<Vec<_>>().join(", "),
        }
    }
}
