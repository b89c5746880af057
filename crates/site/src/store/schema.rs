//! The tables, by version of the schema: SQLite and PostgreSQL create the same ones, but for
//! the name of the 64-bit integer type (`INTEGER`, `BIGINT`). How each database records its
//! version and migrates stays in its store's file.

/// The schema, by version: each entry upgrades from the previous version. `{int}` stands for
/// the database's 64-bit integer type.
const MIGRATIONS: &[&str] = &[
    // 1: games and their moves.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        rules TEXT NOT NULL,
        mode TEXT NOT NULL,
        level TEXT,
        computer TEXT,
        start_fen TEXT NOT NULL,
        status TEXT NOT NULL,
        result TEXT,
        reason TEXT,
        draw_offer TEXT,
        white_name TEXT,
        black_name TEXT,
        white_secret TEXT,
        black_secret TEXT,
        creator TEXT,
        guest TEXT,
        plies {int} NOT NULL DEFAULT 0,
        created_at {int} NOT NULL,
        updated_at {int} NOT NULL
     );
     CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply {int} NOT NULL,
        move TEXT NOT NULL,
        text TEXT NOT NULL,
        fen TEXT NOT NULL,
        created_at {int} NOT NULL,
        PRIMARY KEY (game_id, ply)
     );
     CREATE INDEX games_finished ON games(status, updated_at);
     CREATE INDEX games_creator ON games(creator, updated_at);
     CREATE INDEX games_guest ON games(guest, updated_at);",
    // 2: analyses saved to be shared.
    "CREATE TABLE analyses (
        id TEXT PRIMARY KEY,
        rules TEXT NOT NULL,
        text TEXT NOT NULL,
        creator TEXT,
        created_at {int} NOT NULL
     );",
    // 3: clocks (the time control, each side's time, since when the side to move thinks;
    // the mover's time after each move) and the rematch offered after a game.
    "ALTER TABLE games ADD COLUMN time_control TEXT;
     ALTER TABLE games ADD COLUMN white_ms {int};
     ALTER TABLE games ADD COLUMN black_ms {int};
     ALTER TABLE games ADD COLUMN clock_at {int};
     ALTER TABLE games ADD COLUMN rematch TEXT;
     ALTER TABLE moves ADD COLUMN clock_ms {int};",
    // 4: a free seat kept for one player (a friend game's rematch keeps it for the friend).
    "ALTER TABLE games ADD COLUMN seat_for TEXT;",
    // 5: full-game computer analyses, by the key of the game's main line and the search.
    "CREATE TABLE computer_analyses (
        key TEXT PRIMARY KEY,
        rules TEXT NOT NULL,
        analysis TEXT NOT NULL,
        created_at {int} NOT NULL
     );",
    // 6: open games, listed in the lobby for any visitor to take.
    "ALTER TABLE games ADD COLUMN listed {int} NOT NULL DEFAULT 0;",
];

/// The migrations, in order, with `int` for the integer type's name.
pub(super) fn migrations(int: &str) -> impl Iterator<Item = String> + '_ {
    MIGRATIONS.iter().map(move |sql| sql.replace("{int}", int))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_integer_is_named_by_the_database() {
        for sql in super::migrations("BIGINT") {
            assert!(!sql.contains("INTEGER") && !sql.contains('{'), "{sql}");
        }
    }
}
