//! The shared game files imported into the database (SQLite and PostgreSQL), checked against
//! a plain scan of the same files that replays every game and counts positions by FEN: the
//! games stored, the bad games and their places, the explorer's counts (start positions,
//! positions reached by several move orders, a sample of all), the searches, and a second
//! import that adds nothing.

mod common;

use std::collections::{BTreeMap, HashMap, HashSet};

use common::{Scan, Tally, name_of, options_for, scan, shared_files};
use database::{Database, ExploreQuery, Filters, ImportOptions, SearchQuery, date_bound, name_key};
use games::{AnyPosition, AnyVariant};

/// Imports every shared file, each import deferring the upkeep of the games' indexes after
/// `defer_after` games (see [`ImportOptions::defer_upkeep_after`]); checks the import's
/// figures against the scan.
async fn import_all(db: &Database, scan: &Scan, defer_after: u64) {
    let mut added = 0;
    let mut duplicates = 0;
    let mut bad = Vec::new();
    let mut games = 0;
    let mut deferred = Vec::new();
    for path in shared_files() {
        let options = ImportOptions {
            read: options_for(&path),
            jobs: 2,
            defer_upkeep_after: defer_after,
            ..ImportOptions::default()
        };
        let name = path.to_string_lossy().into_owned();
        let file = std::fs::File::open(&path).unwrap();
        let imported = db.import(&name, file, options, |_| {}).await.unwrap();
        deferred.push(imported.deferred_upkeep);
        games += imported.games;
        added += imported.added;
        duplicates += imported.duplicates;
        bad.extend(
            imported
                .bad
                .iter()
                .map(|b| (b.file.clone(), b.game, b.line, b.column)),
        );
    }
    // The files are small: only when told to does an import defer, and the first one into
    // the empty database then does.
    if defer_after == 0 {
        assert!(deferred[0], "the first import deferred its upkeep");
    } else {
        assert!(deferred.iter().all(|d| !d), "no import deferred its upkeep");
    }
    assert_eq!(bad, scan.bad, "bad games and their places");
    assert_eq!(games, scan.good + scan.bad.len() as u64);
    assert_eq!(added, scan.games.len() as u64, "distinct games stored");
    assert_eq!(duplicates, scan.good - scan.games.len() as u64);
}

/// The explorer's counts at a position, as the scan's tally shapes them.
async fn explored(db: &Database, tally: &Tally) -> Tally {
    let variant: AnyVariant = tally.variant.parse().unwrap();
    let position = variant.position_from_fen(&tally.fen).unwrap();
    let answer = db.explore(&ExploreQuery::new(position)).await.unwrap();
    let c = answer.counts;
    Tally {
        fen: tally.fen.clone(),
        variant: tally.variant.clone(),
        total: [c.games, c.white, c.draws, c.black],
        moves: answer
            .moves
            .iter()
            .map(|m| {
                let c = m.counts;
                (m.uci.clone(), [c.games, c.white, c.draws, c.black])
            })
            .collect::<BTreeMap<_, _>>(),
    }
}

/// The positions the scan reached by more than one sequence of moves, the most played first.
fn transpositions(scan: &Scan) -> Vec<String> {
    let mut orders: HashMap<&str, HashSet<&[String]>> = HashMap::new();
    for g in &scan.games {
        for (ply, (name, _, _)) in g.positions.iter().enumerate() {
            // A position first reached at ply `ply` (the scan keeps first arrivals in order:
            // the prefix is the moves before it when the game never came back).
            if ply <= g.line.len() {
                orders.entry(name).or_default().insert(&g.line[..ply]);
            }
        }
    }
    let mut out: Vec<(&str, usize)> = orders
        .into_iter()
        .filter(|(_, o)| o.len() > 1 && o.iter().all(|p| !p.is_empty()))
        .map(|(name, o)| (name, o.len()))
        .collect();
    out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    out.into_iter().map(|(n, _)| n.to_string()).collect()
}

/// The whole suite on the database at `url`, the imports deferring their upkeep after
/// `defer_after` games.
async fn suite(url: &str, defer_after: u64) {
    let files = shared_files();
    let scan = scan(&files);
    let db = Database::open(url).await.unwrap();
    import_all(&db, &scan, defer_after).await;
    assert_eq!(db.stats().await.unwrap().games, scan.games.len() as u64);

    let tallies = scan.tallies();
    // Every variant's start, the most played positions, transpositions, and a sample.
    let mut names: Vec<String> = Vec::new();
    let variants: HashSet<&str> = scan.games.iter().map(|g| g.variant.as_str()).collect();
    for v in &variants {
        let start = v.parse::<AnyVariant>().unwrap().start();
        names.push(name_of(&start));
    }
    let mut by_games: Vec<(&String, &Tally)> = tallies.iter().collect();
    by_games.sort_by(|a, b| b.1.total[0].cmp(&a.1.total[0]).then(a.0.cmp(b.0)));
    names.extend(by_games.iter().take(40).map(|(n, _)| (*n).clone()));
    let moved = transpositions(&scan);
    assert!(
        moved.len() > 10,
        "the files have positions reached by several move orders"
    );
    names.extend(moved.iter().take(25).cloned());
    let mut sorted: Vec<&String> = tallies.keys().collect();
    sorted.sort();
    names.extend(
        sorted
            .iter()
            .step_by(sorted.len() / 300 + 1)
            .map(|n| (*n).clone()),
    );
    let mut compared = 0;
    for name in &names {
        let Some(tally) = tallies.get(name) else {
            continue;
        };
        assert_eq!(&explored(&db, tally).await, tally, "{name}");
        compared += 1;
    }
    assert!(compared > 300);

    // A position reached by two move orders: the search finds every game that reaches it.
    let name = &moved[0];
    let tally = &tallies[name];
    let variant: AnyVariant = tally.variant.parse().unwrap();
    let position: AnyPosition = variant.position_from_fen(&tally.fen).unwrap();
    let found = db
        .search(&SearchQuery {
            position: Some(position),
            limit: 10,
            ..SearchQuery::default()
        })
        .await
        .unwrap();
    assert_eq!(found.total, tally.total[0], "{name}");
    assert_eq!(found.games.len() as u64, tally.total[0].min(10));

    // Opening moves: games whose main line starts 1. e4 e5.
    let expected = scan
        .games
        .iter()
        .filter(|g| g.variant == "standard" && g.line.len() >= 2 && g.line[..2] == ["e2e4", "e7e5"])
        .count() as u64;
    let found = db
        .search(&SearchQuery {
            opening: Some(vec!["e4".into(), "e5".into()]),
            limit: 5,
            ..SearchQuery::default()
        })
        .await
        .unwrap();
    assert!(expected > 10);
    assert_eq!(found.total, expected);

    // By player, the most frequent White, either colour and as Black.
    let mut whites: HashMap<&str, usize> = HashMap::new();
    for g in &scan.games {
        if let Some(w) = g.tag("White") {
            *whites.entry(w).or_default() += 1;
        }
    }
    let (player, _) = whites.iter().max_by_key(|(n, c)| (**c, *n)).unwrap();
    // A prefix of the name: its first word.
    let prefix: String = player.split([' ', ',']).next().unwrap().to_string();
    // A game takes it when a word of a player's name starts with it.
    let key = name_key(&prefix);
    let takes = |name: Option<&str>| {
        name.is_some_and(|n| {
            n.to_lowercase()
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|w| w.starts_with(&key))
        })
    };
    let either = scan
        .games
        .iter()
        .filter(|g| takes(g.tag("White")) || takes(g.tag("Black")))
        .count() as u64;
    let black = scan.games.iter().filter(|g| takes(g.tag("Black"))).count() as u64;
    let search = |filters: Filters| {
        let db = db.clone();
        async move {
            db.search(&SearchQuery {
                filters,
                limit: 1000,
                ..SearchQuery::default()
            })
            .await
            .unwrap()
        }
    };
    let page = search(Filters {
        player: Some(prefix.to_uppercase()),
        ..Filters::default()
    })
    .await;
    assert_eq!(page.total, either, "{prefix}");
    assert!(
        page.games
            .windows(2)
            .all(|w| w[0].date >= w[1].date || w[1].date.is_none())
    );
    let page = search(Filters {
        player: Some(prefix.clone()),
        color: Some(database::Side::Black),
        ..Filters::default()
    })
    .await;
    assert_eq!(page.total, black);

    // By date: June 2025 to its 26th, and the years 2000 to 2010, from the Date tags read
    // here.
    let date_of = |g: &common::ScannedGame| -> Option<(u32, u32, u32)> {
        let d = g.tag("Date")?;
        let year: u32 = d.get(..4)?.parse().ok()?;
        let mut rest = d.get(5..).unwrap_or("").split('.');
        let mut next = || rest.next().and_then(|p| p.trim().parse().ok()).unwrap_or(0);
        Some((year, next(), next()))
    };
    for (since, until, takes) in [
        (
            "2025.06",
            "2025.06.26",
            Box::new(|(y, m, d): (u32, u32, u32)| y == 2025 && m == 6 && (1..=26).contains(&d))
                as Box<dyn Fn((u32, u32, u32)) -> bool>,
        ),
        (
            "2000",
            "2010",
            Box::new(|(y, _, _)| (2000..=2010).contains(&y)),
        ),
    ] {
        let expected = scan
            .games
            .iter()
            .filter(|g| date_of(g).is_some_and(&takes))
            .count() as u64;
        assert!(expected > 10, "{since} {until}");
        let page = search(Filters {
            since: Some(date_bound(since, false).unwrap()),
            until: Some(date_bound(until, true).unwrap()),
            ..Filters::default()
        })
        .await;
        assert_eq!(page.total, expected, "{since} {until}");
    }

    // Patterns: the games with a position that shows the pieces, against the scan's FENs
    // read here.
    for (variant, pattern, expect) in [
        (
            "international",
            "W27 W28",
            Box::new(|b: &Board| b.has("W", 27) && b.has("W", 28)) as Box<dyn Fn(&Board) -> bool>,
        ),
        (
            "international",
            "W27 W28 BK*",
            Box::new(|b: &Board| b.has("W", 27) && b.has("W", 28) && b.count("BK") > 0),
        ),
        (
            "international",
            "WK*2 B*0 BK*1",
            Box::new(|b: &Board| b.count("WK") == 2 && b.count("B") == 0 && b.count("BK") == 1),
        ),
        (
            "standard",
            "Q*0 q*0",
            Box::new(|b: &Board| b.count("Q") == 0 && b.count("q") == 0),
        ),
        (
            "standard",
            "Pe4 pd5 Nf3",
            Box::new(|b: &Board| b.on("P", "e4") && b.on("p", "d5") && b.on("N", "f3")),
        ),
        (
            "standard",
            "R*0 r*0 Q*0 q*0 B*0 b*0 N*0 n*0 P*",
            Box::new(|b: &Board| {
                ["R", "r", "Q", "q", "B", "b", "N", "n"]
                    .iter()
                    .all(|p| b.count(p) == 0)
                    && b.count("P") > 0
            }),
        ),
    ] {
        let v: AnyVariant = variant.parse().unwrap();
        let expected = scan
            .games
            .iter()
            .filter(|g| {
                g.variant == variant
                    && g.positions
                        .iter()
                        .any(|(_, _, fen)| expect(&Board::of(v, fen)))
            })
            .count() as u64;
        let page = db
            .search(&SearchQuery {
                pattern: Some(database::Pattern::parse(pattern, v).unwrap()),
                limit: 5,
                ..SearchQuery::default()
            })
            .await
            .unwrap();
        assert!(
            expected > 0,
            "{variant} {pattern}: the files have such games"
        );
        assert_eq!(page.total, expected, "{variant} {pattern}");
    }

    // The same files again add nothing.
    for path in shared_files() {
        let options = ImportOptions {
            read: options_for(&path),
            ..ImportOptions::default()
        };
        let file = std::fs::File::open(&path).unwrap();
        let again = db
            .import(&path.to_string_lossy(), file, options, |_| {})
            .await
            .unwrap();
        assert_eq!(again.added, 0, "{}", path.display());
    }
    assert_eq!(db.stats().await.unwrap().games, scan.games.len() as u64);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    suite(&common::sqlite_database("shared_files"), 20_000).await;
}

/// As a big import writes: the games' indexes dropped after the first batch, made again at
/// the end, the players' words staged and merged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_deferring_the_upkeep() {
    suite(&common::sqlite_database("shared_files_deferred"), 0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_deferring_the_upkeep() {
    suite(&common::postgres_database("shared_files").await, 0).await;
}

/// The pieces of a FEN, read here: draughts `W:W31,K45:B1-3` (kinds `W`, `WK`, `B`, `BK` by
/// square number), chess's board field (FEN letters by square name).
struct Board(Vec<(String, String)>);

impl Board {
    fn of(variant: AnyVariant, fen: &str) -> Board {
        let mut pieces = Vec::new();
        match variant {
            AnyVariant::Draughts(_) => {
                for part in fen.split(':').skip(1) {
                    let (side, list) = part.split_at(1);
                    for item in list.split(',').filter(|i| !i.is_empty()) {
                        let (king, item) = match item.strip_prefix('K') {
                            Some(rest) => (true, rest),
                            None => (false, item),
                        };
                        let kind = format!("{side}{}", if king { "K" } else { "" });
                        let (a, b) = item.split_once('-').unwrap_or((item, item));
                        for n in a.parse::<u32>().unwrap()..=b.parse::<u32>().unwrap() {
                            pieces.push((kind.clone(), n.to_string()));
                        }
                    }
                }
            }
            AnyVariant::Chess(_) => {
                let board = fen.split(' ').next().unwrap();
                for (r, row) in board.split('/').enumerate() {
                    let mut file = 0u8;
                    for c in row.chars() {
                        if let Some(d) = c.to_digit(10) {
                            file += d as u8;
                        } else {
                            let square = format!("{}{}", (b'a' + file) as char, 8 - r);
                            pieces.push((c.to_string(), square));
                            file += 1;
                        }
                    }
                }
            }
        }
        Board(pieces)
    }

    fn has(&self, kind: &str, square: u32) -> bool {
        self.on(kind, &square.to_string())
    }

    fn on(&self, kind: &str, square: &str) -> bool {
        self.0.iter().any(|(k, s)| k == kind && s == square)
    }

    fn count(&self, kind: &str) -> usize {
        self.0.iter().filter(|(k, _)| k == kind).count()
    }
}
