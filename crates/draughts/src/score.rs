//! Search scores: the score of a won position and the bound beyond which scores are forced
//! wins or losses.

/// The score of a won position, less the plies needed to win it.
pub const WIN: i32 = 30_000;
/// Scores at least this large (in absolute value) are forced wins or losses.
pub const WIN_BOUND: i32 = WIN - 1_000;
