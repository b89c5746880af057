//! Writes a generated collection of games for the database's benchmark: N games of a
//! variant, each opening with the first 8 to 24 plies of a real game of the shared files and
//! going on with random legal moves to a realistic length, with tags drawn from pools of a
//! few hundred events and about 5000 players. The same arguments write the same file.
//!
//! How to run (scripts/generate-collection writes the benchmark's two files with it):
//!
//! ```text
//! cargo run --release -p database --example generate -- 1000000 --variant standard -o target/bench/chess-1m.pgn
//! cargo run --release -p database --example generate -- 200000 --variant international -o target/bench/international-200k.pdn
//! ```
//!
//! Options: `--variant V` (`standard` chess by default, or a draughts variant such as
//! `international`), `--seed S` (the random seed, 1 by default), `-o FILE` (standard output
//! by default), `-j N` (threads; every core by default; the output does not depend on it).

use std::io::Write;
use std::path::{Path, PathBuf};

use games::{
    AnyGame, AnyMove, AnyPosition, AnyVariant, ChessMove, ChessVariant, DraughtsGame, FileGames,
    FileVariants, GameWork, Made, NotationChoice, OnePass, ReadGame, ReadOptions, Rules, Status,
    Step, Turn,
};

/// SplitMix64: a tiny seeded generator, enough for drawing games (not for anything secret).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }

    /// A number in `low..=high`.
    fn between(&mut self, low: u64, high: u64) -> u64 {
        low + self.below(high - low + 1)
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// The opening of a real game: its first moves from the variant's start.
type Seed = Vec<AnyMove>;

/// The most plies of a real game taken as a game's opening.
const MAX_PREFIX: usize = 24;

/// Reads the first plies of the real games of the shared files that start from `variant`'s
/// start position.
struct SeedWork {
    variant: AnyVariant,
    read: ReadOptions,
}

impl SeedWork {
    fn seed_of(&self, game: &AnyGame) -> Option<Seed> {
        let start = self.variant.start();
        let moves: Seed = match game {
            AnyGame::Chess(g) => {
                if AnyVariant::Chess(g.variant) != self.variant
                    || AnyPosition::Chess(g.start.clone()) != start
                {
                    return None;
                }
                g.game
                    .moves
                    .nodes
                    .iter()
                    .map_while(|n| match &n.mov {
                        ChessMove::Move(m) => Some(AnyMove::Chess(*m)),
                        ChessMove::Null => None,
                    })
                    .take(MAX_PREFIX)
                    .collect()
            }
            AnyGame::Draughts(g) => {
                if AnyVariant::Draughts(g.variant) != self.variant
                    || AnyPosition::Draughts(g.start) != start
                {
                    return None;
                }
                g.game
                    .moves
                    .nodes
                    .iter()
                    .map(|n| AnyMove::Draughts(n.mov.clone()))
                    .take(MAX_PREFIX)
                    .collect()
            }
        };
        (moves.len() >= 8).then_some(moves)
    }
}

impl GameWork for SeedWork {
    type State = OnePass;
    type Said = ();
    type Done = Option<Seed>;
    type Aside = ();

    fn state(&self) -> OnePass {
        OnePass::new(self.read)
    }

    fn next<R: std::io::Read>(
        &self,
        one_pass: &mut OnePass,
        input: &mut record::Reader<R>,
    ) -> Option<std::io::Result<Made<Self>>> {
        let read = one_pass.next(input)?;
        Some(Ok(match read {
            Ok(ReadGame::Game(game)) => Made {
                rules: FileVariants::rules_of(&game),
                said: (),
                turn: Turn::of(game, (), |g| self.seed_of(&g)),
            },
            Ok(ReadGame::Bad(_)) | Err(record::ReadError::Syntax { .. }) => Made {
                rules: None,
                said: (),
                turn: Turn::Done(None),
            },
            Err(record::ReadError::Io(e)) => return Some(Err(e)),
        }))
    }

    fn settled(&self, _: u64, game: DraughtsGame, _: ()) -> Option<Seed> {
        self.seed_of(&AnyGame::Draughts(game))
    }
}

/// The game files under `dir` (and its folders), sorted.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else if matches!(
            path.extension()
                .and_then(|e| e.to_str())
                .map(str::to_ascii_lowercase)
                .as_deref(),
            Some("pgn" | "pdn")
        ) {
            out.push(path);
        }
    }
}

/// The openings of the shared files' real games of `variant`, in the files' order.
fn seeds(variant: AnyVariant) -> Vec<Seed> {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    let mut files = Vec::new();
    match variant {
        AnyVariant::Chess(_) => {
            for name in ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"] {
                files.push(data.join("chess").join(name));
            }
        }
        AnyVariant::Draughts(_) => files_under(&data.join("draughts"), &mut files),
    }
    files.sort();
    let mut seeds = Vec::new();
    for path in files {
        let Ok(file) = std::fs::File::open(&path) else {
            eprintln!("generate: cannot read {}: no seeds from it", path.display());
            continue;
        };
        let read = ReadOptions {
            prefer_chess: matches!(variant, AnyVariant::Chess(_)),
            ..ReadOptions::default()
        };
        for step in FileGames::new(file, SeedWork { variant, read }, 1) {
            match step {
                Ok(Step::Out(_, Some(seed))) => seeds.push(seed),
                Ok(_) => {}
                Err(e) => {
                    eprintln!("generate: {}: {e}", path.display());
                    break;
                }
            }
        }
    }
    seeds
}

/// Fewer real openings than this and draughts games start from random moves.
const MIN_SEEDS: usize = 50;

/// The pools tags are drawn from.
struct Pools {
    players: Vec<String>,
    events: Vec<String>,
    sites: Vec<String>,
}

const SYLLABLES: &[&str] = &[
    "an", "ber", "cal", "dor", "el", "fin", "gar", "hol", "is", "jan", "kov", "lin", "mar", "nov",
    "or", "pet", "quin", "ros", "sen", "tor", "ul", "van", "wen", "xi", "yor", "zel", "ka", "mi",
    "ra", "sho", "vi", "de",
];

const FIRST_NAMES: &[&str] = &[
    "Anna",
    "Boris",
    "Carlos",
    "Dmitri",
    "Elena",
    "Fabiano",
    "Gata",
    "Hikaru",
    "Irina",
    "Jan",
    "Koneru",
    "Levon",
    "Magnus",
    "Nodirbek",
    "Olga",
    "Peter",
    "Quang",
    "Rustam",
    "Sergey",
    "Teimour",
    "Ulf",
    "Viswanathan",
    "Wesley",
    "Xu",
    "Yifan",
    "Zhu",
    "Alexandra",
    "Roeland",
    "Jannes",
    "Tamara",
];

const CITIES: &[&str] = &[
    "Amsterdam",
    "Berlin",
    "Brussels",
    "Budapest",
    "Dakar",
    "Gibraltar",
    "Hastings",
    "Linares",
    "Moscow",
    "Paris",
    "Prague",
    "Reykjavik",
    "Riga",
    "Tallinn",
    "Tilburg",
    "Utrecht",
    "Wijk aan Zee",
    "Yakutsk",
    "Zagreb",
    "Zurich",
];

const KINDS: &[&str] = &[
    "Open",
    "Championship",
    "Masters",
    "Cup",
    "Invitational",
    "Rapid",
    "Memorial",
    "Festival",
];

impl Pools {
    fn new(rng: &mut Rng) -> Pools {
        let surname = |rng: &mut Rng| {
            let n = rng.between(2, 3);
            let mut s = String::new();
            for _ in 0..n {
                let syllable: &&str = rng.pick(SYLLABLES);
                s.push_str(syllable);
            }
            let mut chars = s.chars();
            let first = chars.next().map(|c| c.to_ascii_uppercase());
            first.into_iter().chain(chars).collect::<String>()
        };
        let players = (0..5000)
            .map(|_| format!("{}, {}", surname(rng), rng.pick(FIRST_NAMES)))
            .collect();
        let events = (0..300)
            .map(|_| {
                format!(
                    "{} {} {}",
                    rng.pick(CITIES),
                    rng.pick(KINDS),
                    rng.between(1990, 2025)
                )
            })
            .collect();
        let sites = CITIES.iter().map(|c| c.to_string()).collect();
        Pools {
            players,
            events,
            sites,
        }
    }
}

/// What is fixed for the whole file.
struct Plan {
    variant: AnyVariant,
    seeds: Vec<Seed>,
    pools: Pools,
    seed: u64,
}

/// The plies a game of the variant runs to, unless it ends before.
fn length_range(variant: AnyVariant) -> (u64, u64) {
    match variant {
        AnyVariant::Chess(_) => (60, 120),
        AnyVariant::Draughts(_) => (50, 100),
    }
}

/// Writes game number `number` (from 0) to `out`.
fn write_game(plan: &Plan, number: u64, out: &mut String) {
    use std::fmt::Write as _;
    let mut rng = Rng::new(plan.seed ^ number.wrapping_mul(0xd6e8_feb8_6659_fd93));
    rng.next();
    let rules = plan.variant.rules();
    let notation = NotationChoice::default();
    let mut pos = plan.variant.start();
    let (low, high) = length_range(plan.variant);
    let target = rng.between(low, high) as usize;
    let mut moves: Vec<String> = Vec::with_capacity(target);
    if !plan.seeds.is_empty() {
        let seed = rng.pick(&plan.seeds);
        let prefix = (rng.between(8, MAX_PREFIX as u64) as usize).min(seed.len());
        for m in &seed[..prefix] {
            moves.push(pos.move_text(m, &notation));
            pos = pos.after(m);
        }
    }
    let mut ended = false;
    while moves.len() < target {
        let legal = pos.moves();
        if legal.is_empty() {
            ended = true;
            break;
        }
        let m = rng.pick(&legal);
        moves.push(pos.move_text(m, &notation));
        pos = pos.after(m);
    }
    let status = pos.status();
    let status = if ended || status != Status::Ongoing {
        status
    } else {
        // Not over on the board: a result as games end, White ahead.
        match rng.below(10) {
            0..=3 => Status::Won {
                winner: "white",
                reason: "resigned",
            },
            4..=6 => Status::Drawn { reason: "agreed" },
            _ => Status::Won {
                winner: "black",
                reason: "resigned",
            },
        }
    };
    let result = status.result(rules);
    let white = rng.pick(&plan.pools.players);
    let mut black = rng.pick(&plan.pools.players);
    while std::ptr::eq(white, black) {
        black = rng.pick(&plan.pools.players);
    }
    let event = rng.pick(&plan.pools.events);
    let site = rng.pick(&plan.pools.sites);
    let (year, month, day) = (
        rng.between(1990, 2025),
        rng.between(1, 12),
        rng.between(1, 28),
    );
    let round = rng.between(1, 13);
    let (white_elo, black_elo) = (rng.between(1200, 2800), rng.between(1200, 2800));
    if let AnyVariant::Draughts(v) = plan.variant {
        let _ = writeln!(out, "[GameType \"{}\"]", v.game_type);
    }
    let _ = write!(
        out,
        "[Event \"{event}\"]\n[Site \"{site}\"]\n[Date \"{year}.{month:02}.{day:02}\"]\n\
         [Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\
         [WhiteElo \"{white_elo}\"]\n[BlackElo \"{black_elo}\"]\n\n"
    );
    let mut line = 0;
    let mut word = String::new();
    for (i, text) in moves.iter().enumerate() {
        word.clear();
        if i % 2 == 0 {
            let _ = write!(word, "{}. ", i / 2 + 1);
        }
        word.push_str(text);
        if line > 0 && line + 1 + word.len() > 79 {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(&word);
        line += word.len();
    }
    if line > 0 && line + 1 + result.len() > 79 {
        out.push('\n');
    } else if line > 0 {
        out.push(' ');
    }
    out.push_str(result);
    out.push_str("\n\n");
}

/// Games written by one thread at a time.
const CHUNK: u64 = 2000;

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let mut count: Option<u64> = None;
    let mut variant = AnyVariant::Chess(ChessVariant::Standard);
    let mut seed = 1u64;
    let mut output: Option<PathBuf> = None;
    let mut jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let usage =
        "usage: generate N [--variant standard|international|...] [--seed S] [-o FILE] [-j N]";
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next().unwrap_or_else(|| {
                eprintln!("{usage}");
                std::process::exit(2)
            })
        };
        match arg.as_str() {
            "--variant" => {
                variant = value().parse().unwrap_or_else(|e: String| {
                    eprintln!("generate: {e}");
                    std::process::exit(2)
                })
            }
            "--seed" => seed = value().parse().expect("a number"),
            "-o" | "--output" => output = Some(PathBuf::from(value())),
            "-j" | "--jobs" => jobs = value().parse::<usize>().expect("a number").max(1),
            "-h" | "--help" => {
                println!("{usage}");
                return Ok(());
            }
            n => match n.replace('_', "").parse() {
                Ok(n) => count = Some(n),
                Err(_) => {
                    eprintln!("{usage}");
                    std::process::exit(2)
                }
            },
        }
    }
    let Some(count) = count else {
        eprintln!("{usage}");
        std::process::exit(2)
    };
    let started = std::time::Instant::now();
    let mut seeds = seeds(variant);
    if matches!(variant, AnyVariant::Draughts(_)) && seeds.len() < MIN_SEEDS {
        eprintln!(
            "generate: {} real {variant} openings only: games start with random moves",
            seeds.len()
        );
        seeds.clear();
    }
    if matches!(variant.rules(), Rules::Chess) && seeds.is_empty() {
        eprintln!("generate: no real chess openings found: games start with random moves");
    }
    eprintln!("generate: {} real openings of {variant}", seeds.len());
    let plan = Plan {
        variant,
        seeds,
        pools: Pools::new(&mut Rng::new(seed)),
        seed,
    };
    let sink: Box<dyn Write> = match &output {
        Some(path) => Box::new(std::fs::File::create(path)?),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut sink = std::io::BufWriter::with_capacity(1 << 20, sink);
    let mut next = 0u64;
    while next < count {
        let chunks: Vec<(u64, u64)> = (0..jobs as u64)
            .map(|j| next + j * CHUNK)
            .filter(|&from| from < count)
            .map(|from| (from, (from + CHUNK).min(count)))
            .collect();
        let texts: Vec<String> = std::thread::scope(|s| {
            let plan = &plan;
            let handles: Vec<_> = chunks
                .iter()
                .map(|&(from, to)| {
                    s.spawn(move || {
                        let mut text = String::with_capacity(((to - from) * 700) as usize);
                        for number in from..to {
                            write_game(plan, number, &mut text);
                        }
                        text
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for text in texts {
            sink.write_all(text.as_bytes())?;
        }
        next = chunks.last().map_or(count, |c| c.1);
    }
    sink.flush()?;
    eprintln!(
        "generate: {count} {variant} games in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
