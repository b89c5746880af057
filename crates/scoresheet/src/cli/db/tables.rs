//! Games and counts written as text tables for a terminal.

use database::GameSummary;

/// A player's name and rating: `Carlsen, Magnus (2863)`.
fn player(name: &Option<String>, elo: Option<i64>) -> String {
    let name = name.as_deref().unwrap_or("?");
    match elo {
        Some(elo) => format!("{name} ({elo})"),
        None => name.to_string(),
    }
}

/// One line for a game: id, date, players, result, event, plies.
pub fn game_line(g: &GameSummary) -> String {
    format!(
        "#{:<7} {:<10} {} - {}  {}  {}  {} plies",
        g.id,
        g.date.as_deref().unwrap_or("????.??.??"),
        player(&g.white, g.white_elo),
        player(&g.black, g.black_elo),
        g.result,
        g.event.as_deref().unwrap_or("?"),
        g.plies,
    )
}

/// A share of `total` as a percentage with one decimal.
pub fn percent(part: u64, total: u64) -> String {
    if total == 0 {
        "-".into()
    } else {
        format!("{:.1}%", part as f64 * 100.0 / total as f64)
    }
}
