//! Games read from PDN/PGN text and replayed under the rules of their family.
//!
//! `record` turns text into a tree of move words; this crate replays the words under the
//! rules (finding which rules when the text does not say), reports what is wrong with its
//! place, and writes games back in any notation, as PDN/PGN text or (feature `parquet`) as
//! Parquet and Arrow tables ([`columnar`]; feature `arrow`: Arrow only). It knows nothing of HTTP or SQL: the command
//! line, the web site and the Python package all read games through it.
//!
//! - [`render`]: board diagrams as SVG.
//! - [`FileGames`]: the games of a file read on every core, each put through a [`GameWork`]
//!   of the caller's (a check, a conversion), in the order of the file.

mod any_game;
mod any_variant;
mod capture_routes;
mod chess_game;
mod chess_reader;
mod clock;
#[cfg(feature = "arrow")]
pub mod columnar;
mod convert_style;
mod converter;
mod draughts_game;
mod draughts_readings;
mod error;
mod event_log;
mod family;
mod file_games;
mod file_variants;
mod game_reader;
mod game_work;
mod keep;
mod move_data;
mod options;
mod outcome;
mod position;
mod readers;
mod reading;
pub mod render;
mod row;
mod rules;
mod several_variants;
mod site_forms;
mod tag_changes;
mod tag_notes;
mod variant_choice;
mod variant_source;
mod writing;

pub use any_game::AnyGame;
pub use any_variant::AnyVariant;
pub use chess_game::{ChessGame, ChessMove, ChessVariant, ChessWriteStyle};
pub use clock::{BadTimeControl, Clock, OutOfTime, TimeControl, clk_text};
pub use convert_style::ConvertStyle;
pub use converter::{Converted, Converter};
pub use draughts_game::{DraughtsGame, WriteStyle};
pub use error::{GameError, Ply, Problem};
/// Reading a file's games on every core, with a work of one's own on each game (a check, a
/// conversion), handed out in the order of the file: see [`FileGames`].
pub use file_games::{FileGames, Step, every_core};
pub use file_variants::FileVariants;
pub use game_work::{GameWork, Made, Turn};
pub use move_data::{Eval, MoveData};
pub use options::{ChessReadOptions, ReadOptions};
pub use outcome::Outcome;
pub use position::{
    AnyMove, AnyPosition, LegalMove, NotationChoice, Status, draughts_move_id, setup_board_view,
};
pub use readers::{Checked, Checker, OnePass, ReadGame};
pub use row::{GameRow, PositionRow, ROSTER};
pub use rules::Rules;
pub use variant_choice::{
    board_size_hint, draughts_variant_named, variant_from_game_type, variant_from_tags,
};
pub use variant_source::VariantSource;
