//! Board diagrams as SVG, for any variant and position: the web pages, the HTTP API and
//! `scoresheet fen --svg` all draw with this one renderer.

mod board_view;
mod svg;

pub use board_view::{BoardView, Cell, PieceView};
pub use svg::{SvgOptions, board_svg, escape as escape_html};
