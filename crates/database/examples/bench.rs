//! The games database's benchmark on a generated collection (see the `generate` example and
//! scripts/generate-collection), side by side with its anchors in one run: imports with one
//! reading thread and with every core into fresh SQLite files (alternated, several rounds:
//! median and range), the database's size per game, the explorer's latency (p50/p99) for the
//! start position and for positions 20 plies deep taken from the file's games, the
//! exact-position search; and, for chess, pgn-extract's positional match (`-x` with the
//! position's moves, and `-H` with its Polyglot hash) on the same file, and SCID's import
//! (`sc_base import` in `tkscid`, the Debian `scid` package's `sc_import`) and board search.
//! Every figure is printed; none is checked.
//!
//! How to run (2 cores: nothing else heavy at the same time):
//!
//! ```text
//! scripts/generate-collection            # target/bench/chess-1m.pgn, international-200k.pdn
//! apt-get install -y pgn-extract scid    # the anchors (found in /usr/games)
//! cargo run --release -p database --example bench -- target/bench/chess-1m.pgn
//! cargo run --release -p database --example bench -- target/bench/international-200k.pdn
//! ```
//!
//! Options: `--rounds N` (imports of each kind, 2), `--jobs 1,2` (reading threads of the
//! imports, alternated), `--queries N` (explorer queries timed per position, 200),
//! `--positions N` (positions 20 plies deep, 4), `--dir D` (databases, `target/bench/tmp`),
//! `--db FILE` (explore an imported database instead of importing), `--phases` (also time
//! reading alone and reading with the entries made, without SQL), `--no-anchors`, `--keep`
//! (keep the last database).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use database::{Database, ExploreQuery, GameEntry, ImportOptions, SearchQuery, position_key};
use games::{
    AnyGame, AnyMove, AnyPosition, ChessMove, DraughtsGame, FileGames, FileVariants, GameWork,
    Made, NotationChoice, OnePass, ReadGame, ReadOptions, Step, Turn,
};

/// The benchmark's arguments.
struct Args {
    file: PathBuf,
    rounds: usize,
    jobs: Vec<usize>,
    queries: usize,
    positions: usize,
    dir: PathBuf,
    db: Option<PathBuf>,
    phases: bool,
    anchors: bool,
    keep: bool,
}

fn args() -> Args {
    let usage = "usage: bench FILE [--rounds N] [--jobs 1,2] [--queries N] [--positions N] [--dir D] [--db FILE] [--phases] [--no-anchors] [--keep]";
    let mut a = Args {
        file: PathBuf::new(),
        rounds: 2,
        jobs: vec![1, games::every_core()],
        queries: 200,
        positions: 4,
        dir: PathBuf::from("target/bench/tmp"),
        db: None,
        phases: false,
        anchors: true,
        keep: false,
    };
    let mut file = None;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next().unwrap_or_else(|| {
                eprintln!("{usage}");
                std::process::exit(2)
            })
        };
        match arg.as_str() {
            "--rounds" => a.rounds = value().parse().expect("a number"),
            "--jobs" => {
                a.jobs = value()
                    .split(',')
                    .map(|j| j.parse().expect("numbers"))
                    .collect()
            }
            "--queries" => a.queries = value().parse().expect("a number"),
            "--positions" => a.positions = value().parse().expect("a number"),
            "--dir" => a.dir = PathBuf::from(value()),
            "--db" => a.db = Some(PathBuf::from(value())),
            "--phases" => a.phases = true,
            "--no-anchors" => a.anchors = false,
            "--keep" => a.keep = true,
            "-h" | "--help" => {
                println!("{usage}");
                std::process::exit(0)
            }
            _ if file.is_none() => file = Some(PathBuf::from(arg)),
            _ => {
                eprintln!("{usage}");
                std::process::exit(2)
            }
        }
    }
    a.file = file.unwrap_or_else(|| {
        eprintln!("{usage}");
        std::process::exit(2)
    });
    a
}

/// CPU time, in clock ticks (USER_HZ): the machine's busy time, and this process's with its
/// waited-for children. Their difference over a run is what other processes took: the noise.
#[derive(Clone, Copy)]
struct Cpu {
    machine: u64,
    own: u64,
    at: Instant,
}

impl Cpu {
    fn now() -> Cpu {
        let machine = std::fs::read_to_string("/proc/stat")
            .ok()
            .and_then(|s| {
                let line = s.lines().next()?.to_string();
                let v: Vec<u64> = line
                    .split_whitespace()
                    .skip(1)
                    .filter_map(|x| x.parse().ok())
                    .collect();
                // user nice system idle iowait irq softirq steal
                Some(v.iter().take(8).sum::<u64>() - v.get(3)? - v.get(4)?)
            })
            .unwrap_or(0);
        let own = std::fs::read_to_string("/proc/self/stat")
            .ok()
            .and_then(|s| {
                let rest = s.rsplit_once(')')?.1.to_string();
                let f: Vec<&str> = rest.split_whitespace().collect();
                // After the name: state ppid pgrp session tty tpgid flags minflt cminflt
                // majflt cmajflt utime stime cutime cstime.
                let tick = |i: usize| f.get(i).and_then(|x| x.parse::<u64>().ok());
                Some(tick(11)? + tick(12)? + tick(13)? + tick(14)?)
            })
            .unwrap_or(0);
        Cpu {
            machine,
            own,
            at: Instant::now(),
        }
    }

    /// Since `self`: (cores this process used, cores the others used), on average.
    fn since(self) -> (f64, f64) {
        let now = Cpu::now();
        let wall = now.at.duration_since(self.at).as_secs_f64().max(1e-9) * 100.0;
        let own = now.own.saturating_sub(self.own) as f64;
        let machine = now.machine.saturating_sub(self.machine) as f64;
        (own / wall, (machine - own).max(0.0) / wall)
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// The reading options the command line uses for a file: `.pgn` leans to chess.
fn read_options(path: &Path) -> ReadOptions {
    ReadOptions {
        prefer_chess: path
            .to_string_lossy()
            .to_ascii_lowercase()
            .ends_with(".pgn"),
        ..ReadOptions::default()
    }
}

fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        return f64::NAN;
    }
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn range(values: &[f64]) -> (f64, f64) {
    values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        })
}

/// The `q` quantile of sorted durations, in milliseconds.
fn quantile(sorted: &[Duration], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1000.0
}

fn remove_database(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

fn file_size(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

// ---------------------------------------------------------------------------------------
// Reading without the database: where the import's time goes before SQL.

/// Reads each game and makes nothing of it, or its database entry.
struct ReadWork {
    read: ReadOptions,
    entries: bool,
}

impl GameWork for ReadWork {
    type State = OnePass;
    type Said = ();
    type Done = u64;
    type Aside = String;

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
            Ok(ReadGame::Game(game)) => {
                let rules = FileVariants::rules_of(&game);
                let text = if self.entries {
                    String::from_utf8_lossy(input.last_game_raw()).into_owned()
                } else {
                    String::new()
                };
                let entries = self.entries;
                Made {
                    rules,
                    said: (),
                    turn: Turn::of(game, text.clone(), |g| positions_of(&g, text, entries)),
                }
            }
            Ok(ReadGame::Bad(_)) | Err(record::ReadError::Syntax { .. }) => Made {
                rules: None,
                said: (),
                turn: Turn::Done(0),
            },
            Err(record::ReadError::Io(e)) => return Some(Err(e)),
        }))
    }

    fn settled(&self, _: u64, game: DraughtsGame, text: String) -> u64 {
        positions_of(&AnyGame::Draughts(game), text, self.entries)
    }
}

/// The positions the entry of `game` indexes (1 when no entry is made).
fn positions_of(game: &AnyGame, text: String, entry: bool) -> u64 {
    if entry {
        GameEntry::of(game, text).positions.len() as u64
    } else {
        1
    }
}

/// Reads the whole file on `jobs` threads; (games, positions, seconds).
fn read_pass(path: &Path, jobs: usize, entries: bool) -> (u64, u64, f64) {
    let started = Instant::now();
    let file = std::fs::File::open(path).expect("the file");
    let work = ReadWork {
        read: read_options(path),
        entries,
    };
    let (mut games, mut positions) = (0, 0);
    for step in FileGames::new(file, work, jobs) {
        if let Ok(Step::Out(_, n)) = step {
            games += 1;
            positions += n;
        }
    }
    (games, positions, started.elapsed().as_secs_f64())
}

// ---------------------------------------------------------------------------------------
// Positions to query: the start, and positions 20 plies deep that the file's games reach.

/// A position to query: how it is reached (its moves in the rules' notation) and where.
#[derive(Clone)]
struct Probe {
    name: String,
    moves: Vec<String>,
    position: AnyPosition,
}

/// Takes each game's position after [`DEPTH`] plies, with the moves to it.
struct DeepWork(ReadOptions);

/// How deep the probes' positions are.
const DEPTH: usize = 20;

impl DeepWork {
    fn deep(game: &AnyGame) -> Option<(Vec<String>, AnyPosition)> {
        let (mut pos, moves): (AnyPosition, Vec<AnyMove>) = match game {
            AnyGame::Chess(g) => (
                AnyPosition::Chess(g.start.clone()),
                g.game
                    .moves
                    .nodes
                    .iter()
                    .map_while(|n| match &n.mov {
                        ChessMove::Move(m) => Some(AnyMove::Chess(*m)),
                        ChessMove::Null => None,
                    })
                    .take(DEPTH)
                    .collect(),
            ),
            AnyGame::Draughts(g) => (
                AnyPosition::Draughts(g.start),
                g.game
                    .moves
                    .nodes
                    .iter()
                    .map(|n| AnyMove::Draughts(n.mov.clone()))
                    .take(DEPTH)
                    .collect(),
            ),
        };
        if moves.len() < DEPTH || pos != games::AnyVariant::of(&pos).start() {
            return None;
        }
        let notation = NotationChoice::default();
        let mut texts = Vec::with_capacity(DEPTH);
        for m in &moves {
            texts.push(pos.move_text(m, &notation));
            pos = pos.after(m);
        }
        Some((texts, pos))
    }
}

impl GameWork for DeepWork {
    type State = OnePass;
    type Said = ();
    type Done = Option<(Vec<String>, AnyPosition)>;
    type Aside = ();

    fn state(&self) -> OnePass {
        OnePass::new(self.0)
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
                turn: Turn::of(game, (), |g| DeepWork::deep(&g)),
            },
            Ok(ReadGame::Bad(_)) | Err(record::ReadError::Syntax { .. }) => Made {
                rules: None,
                said: (),
                turn: Turn::Done(None),
            },
            Err(record::ReadError::Io(e)) => return Some(Err(e)),
        }))
    }

    fn settled(&self, _: u64, game: DraughtsGame, _: ()) -> Self::Done {
        DeepWork::deep(&AnyGame::Draughts(game))
    }
}

/// Games read to pick the deep positions.
const SAMPLE: u64 = 20_000;

/// The start position and `n` positions 20 plies deep among the most reached by the first
/// games of the file (ranks 1, 2, 5, 20, 50, ...: popular and less so).
fn probes(path: &Path, n: usize) -> Vec<Probe> {
    let file = std::fs::File::open(path).expect("the file");
    let mut counts: HashMap<u64, (u64, Vec<String>, AnyPosition)> = HashMap::new();
    let mut start = None;
    let mut read = 0;
    for step in FileGames::new(file, DeepWork(read_options(path)), 1) {
        if let Ok(Step::Out(_, found)) = step {
            read += 1;
            if let Some((moves, pos)) = found {
                if start.is_none() {
                    start = Some(games::AnyVariant::of(&pos).start());
                }
                counts
                    .entry(position_key(&pos))
                    .or_insert((0, moves, pos))
                    .0 += 1;
            }
            if read >= SAMPLE {
                break;
            }
        }
    }
    let mut ranked: Vec<(u64, Vec<String>, AnyPosition)> = counts.into_values().collect();
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut out = Vec::new();
    if let Some(start) = start {
        out.push(Probe {
            name: "start".into(),
            moves: Vec::new(),
            position: start,
        });
    }
    let ranks = [1usize, 2, 5, 20, 50, 100, 200, 500];
    for &rank in ranks.iter().take(n) {
        if let Some((count, moves, pos)) = ranked.get(rank - 1) {
            out.push(Probe {
                name: format!("ply {DEPTH} #{rank} ({count} of the first {read} games)"),
                moves: moves.clone(),
                position: pos.clone(),
            });
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// The anchors.

/// pgn-extract's positional match of `probe` on `file`: (games found, seconds), by `-x` with
/// the moves or by `-H` with the position's Polyglot hash.
fn pgn_extract(dir: &Path, file: &Path, probe: &Probe, by_hash: bool) -> Option<(u64, f64)> {
    let vars = dir.join("pgn-extract-vars.txt");
    let out = dir.join("pgn-extract-out.pgn");
    std::fs::write(&vars, format!("{}\n", probe.moves.join(" "))).ok()?;
    let mut cmd = Command::new("/usr/games/pgn-extract");
    cmd.arg("-s").arg("--quiet");
    if by_hash {
        cmd.arg(format!("-H{:016x}", position_key(&probe.position)));
    } else {
        cmd.arg(format!("-x{}", vars.display()));
    }
    cmd.arg(format!("-o{}", out.display()))
        .arg(file)
        .stderr(std::process::Stdio::null());
    let started = Instant::now();
    let status = cmd.status().ok()?;
    let seconds = started.elapsed().as_secs_f64();
    if !status.success() {
        eprintln!("pgn-extract failed: {status}");
    }
    let found = std::fs::read_to_string(&out)
        .ok()?
        .lines()
        .filter(|l| l.starts_with("[Event "))
        .count() as u64;
    let _ = std::fs::remove_file(&out);
    Some((found, seconds))
}

const SCID_IMPORT: &str = r#"
set base [lindex $argv 0]
set pgn [lindex $argv 1]
if {[catch {sc_base create $base} db]} { puts stderr "create: $db"; exit 1 }
set t0 [clock milliseconds]
if {[catch {sc_base import $db $pgn} result]} { puts stderr "import: $result"; exit 1 }
set t1 [clock milliseconds]
puts "[sc_base numGames $db] [expr {$t1 - $t0}]"
sc_base close $db
exit 0
"#;

const SCID_SEARCH: &str = r#"
set base [lindex $argv 0]
set runs [lindex $argv 1]
set db [sc_base open $base]
sc_base switch $db
foreach moves [lrange $argv 2 end] {
    sc_game new
    foreach m $moves { sc_move addSan $m }
    set times {}
    for {set i 0} {$i < $runs} {incr i} {
        set t0 [clock microseconds]
        sc_search board RESET Exact false 0
        lappend times [expr {[clock microseconds] - $t0}]
    }
    puts "[sc_filter count] $times"
}
exit 0
"#;

/// SCID's import of `file` into a new database `base`: (games, seconds of the whole
/// program, seconds of the import alone).
fn scid_import(dir: &Path, base: &Path, file: &Path) -> Option<(u64, f64, f64)> {
    let script = dir.join("scid-import.tcl");
    std::fs::write(&script, SCID_IMPORT).ok()?;
    for ext in ["si4", "sg4", "sn4"] {
        let _ = std::fs::remove_file(base.with_extension(ext));
    }
    let started = Instant::now();
    let out = Command::new("/usr/games/tkscid")
        .arg(&script)
        .arg(base)
        .arg(file)
        .output()
        .ok()?;
    let seconds = started.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut words = text.split_whitespace();
    let games = words.next()?.parse().ok()?;
    let ms: f64 = words.next()?.parse().ok()?;
    Some((games, seconds, ms / 1000.0))
}

/// SCID's exact board search of each probe, `runs` times: (games found, each run's ms).
fn scid_search(dir: &Path, base: &Path, probes: &[Probe], runs: usize) -> Vec<(u64, Vec<f64>)> {
    let script = dir.join("scid-search.tcl");
    if std::fs::write(&script, SCID_SEARCH).is_err() {
        return Vec::new();
    }
    let Ok(out) = Command::new("/usr/games/tkscid")
        .arg(&script)
        .arg(base)
        .arg(runs.to_string())
        .args(probes.iter().map(|p| p.moves.join(" ")))
        .output()
    else {
        return Vec::new();
    };
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let found = w.next()?.parse().ok()?;
            Some((
                found,
                w.filter_map(|t| t.parse::<f64>().ok())
                    .map(|us| us / 1000.0)
                    .collect(),
            ))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------

/// One import's figures.
struct ImportRun {
    jobs: usize,
    seconds: f64,
    /// From the last progress report (the last batch of games written) to the end: the last
    /// run of postings written, and the segments merged.
    tail: f64,
    /// The longest gap between two progress reports: a run of postings written as a
    /// segment.
    longest_gap: f64,
    games: u64,
    positions: u64,
    own_cores: f64,
    other_cores: f64,
}

async fn import_once(path: &Path, db_path: &Path, jobs: usize) -> (ImportRun, Database) {
    remove_database(db_path);
    let db = Database::open(&db_path.to_string_lossy())
        .await
        .expect("a fresh database");
    let file = std::fs::File::open(path).expect("the file");
    let options = ImportOptions {
        read: read_options(path),
        jobs,
        ..ImportOptions::default()
    };
    let cpu = Cpu::now();
    let started = Instant::now();
    let mut last = started;
    let mut longest = Duration::ZERO;
    let imported = db
        .import(&path.to_string_lossy(), file, options, |_| {
            let now = Instant::now();
            longest = longest.max(now - last);
            last = now;
        })
        .await
        .expect("the import");
    let seconds = started.elapsed().as_secs_f64();
    let (own_cores, other_cores) = cpu.since();
    (
        ImportRun {
            jobs,
            seconds,
            tail: last.elapsed().as_secs_f64(),
            longest_gap: longest.as_secs_f64(),
            games: imported.games,
            positions: imported.positions,
            own_cores,
            other_cores,
        },
        db,
    )
}

/// The SQLite file's pages by table and index (SQLite's `dbstat`), after the WAL is
/// checkpointed into the file.
async fn sqlite_sizes(db_path: &Path) -> Vec<(String, i64)> {
    use sqlx::Connection;
    let url = format!("sqlite://{}", db_path.display());
    let Ok(mut conn) = sqlx::SqliteConnection::connect(&url).await else {
        return Vec::new();
    };
    let _ = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&mut conn)
        .await;
    let sizes = sqlx::query_as(
        "SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY SUM(pgsize) DESC",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap_or_default();
    let _ = conn.close().await;
    sizes
}

fn main() {
    let args = args();
    std::fs::create_dir_all(&args.dir).expect("the work folder");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let file_bytes = file_size(&args.file);
    let chess = read_options(&args.file).prefer_chess;
    println!(
        "# {} ({:.1} MB), {} cores, load average {}",
        args.file.display(),
        file_bytes as f64 / 1e6,
        games::every_core(),
        load_average()
    );

    if args.phases {
        println!("\n## Reading without the database (one pass each)");
        for &jobs in &args.jobs {
            for entries in [false, true] {
                let cpu = Cpu::now();
                let (games, positions, seconds) = read_pass(&args.file, jobs, entries);
                let (own, other) = cpu.since();
                println!(
                    "read{} -j{jobs}: {games} games, {positions} positions, {seconds:.1} s, {:.0} games/s (this process {own:.2} cores, others {other:.2})",
                    if entries {
                        " + entries (replay, keys, identity)"
                    } else {
                        " only (parse + replay)"
                    },
                    games as f64 / seconds
                );
            }
        }
    }

    let db_path = match &args.db {
        Some(db) => db.clone(),
        None => {
            println!("\n## Import into fresh SQLite files");
            let mut runs: Vec<ImportRun> = Vec::new();
            let mut last_path = None;
            let total = args.rounds * args.jobs.len();
            for i in 0..total {
                let jobs = args.jobs[i % args.jobs.len()];
                let path = args.dir.join(format!("import-j{jobs}-{i}.sqlite3"));
                let load = load_average();
                let (run, db) = runtime.block_on(import_once(&args.file, &path, jobs));
                let stats = runtime.block_on(db.stats()).expect("stats");
                drop(db);
                let sizes = runtime.block_on(sqlite_sizes(&path));
                let bytes = file_size(&path);
                println!(
                    "import -j{jobs} #{}: {} games, {} positions, {:.1} s, {:.0} games/s; last segment + merges {:.1} s, longest batch {:.2} s; this process {:.2} cores, others {:.2} (load before {load})",
                    i / args.jobs.len() + 1,
                    run.games,
                    run.positions,
                    run.seconds,
                    run.games as f64 / run.seconds,
                    run.tail,
                    run.longest_gap,
                    run.own_cores,
                    run.other_cores,
                );
                if i == total - 1 || i == 0 {
                    println!(
                        "  db stats: {} games, {} positions, {} segments, index {} bytes ({:.1} per game, {:.2} per position)",
                        stats.games,
                        stats.positions,
                        stats.segments,
                        stats.index_bytes,
                        stats.index_bytes as f64 / stats.games.max(1) as f64,
                        stats.index_bytes as f64 / stats.positions.max(1) as f64,
                    );
                    println!(
                        "  file: {bytes} bytes, {:.0} per game (the input: {:.0} per game)",
                        bytes as f64 / stats.games.max(1) as f64,
                        file_bytes as f64 / stats.games.max(1) as f64
                    );
                    for (name, size) in sizes.iter().take(8) {
                        println!(
                            "    {name}: {size} bytes, {:.0} per game",
                            *size as f64 / stats.games.max(1) as f64
                        );
                    }
                }
                runs.push(run);
                if let Some(previous) = last_path.replace(path) {
                    remove_database(&previous);
                }
            }
            for &jobs in &args.jobs {
                let rates: Vec<f64> = runs
                    .iter()
                    .filter(|r| r.jobs == jobs)
                    .map(|r| r.games as f64 / r.seconds)
                    .collect();
                let (lo, hi) = range(&rates);
                println!(
                    "import -j{jobs}: median {:.0} games/s (range {lo:.0}..{hi:.0}, {} runs)",
                    median(&rates),
                    rates.len()
                );
            }
            last_path.expect("an import")
        }
    };

    println!("\n## Explorer and search on {}", db_path.display());
    let probes = probes(&args.file, args.positions);
    let db = runtime
        .block_on(Database::open(&db_path.to_string_lossy()))
        .expect("the database");
    let mut our_search: Vec<(u64, f64)> = Vec::new();
    for probe in &probes {
        let query = ExploreQuery::new(probe.position.clone());
        let first = Instant::now();
        let answer = runtime.block_on(db.explore(&query)).expect("explore");
        let first = first.elapsed();
        let mut times = Vec::with_capacity(args.queries);
        for _ in 0..args.queries {
            let t = Instant::now();
            runtime.block_on(db.explore(&query)).expect("explore");
            times.push(t.elapsed());
        }
        times.sort();
        println!(
            "explore {}: {} games, {} moves; first {:.1} ms, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} queries)",
            probe.name,
            answer.counts.games,
            answer.moves.len(),
            first.as_secs_f64() * 1000.0,
            quantile(&times, 0.5),
            quantile(&times, 0.99),
            quantile(&times, 1.0),
            times.len()
        );
        let search = SearchQuery {
            position: Some(probe.position.clone()),
            limit: 50,
            ..SearchQuery::default()
        };
        let runs = if probe.moves.is_empty() { 5 } else { 50 };
        let mut times = Vec::with_capacity(runs);
        let mut total = 0;
        for _ in 0..runs {
            let t = Instant::now();
            total = runtime.block_on(db.search(&search)).expect("search").total;
            times.push(t.elapsed());
        }
        times.sort();
        println!(
            "search {}: {total} games; p50 {:.2} ms, p99 {:.2} ms ({runs} searches, a page of 50)",
            probe.name,
            quantile(&times, 0.5),
            quantile(&times, 0.99),
        );
        if !probe.moves.is_empty() {
            println!("  moves: {}", probe.moves.join(" "));
            our_search.push((total, quantile(&times, 0.5)));
        }
    }
    drop(db);

    if args.anchors && chess && Path::new("/usr/games/pgn-extract").exists() {
        println!("\n## pgn-extract on the same file (whole scan)");
        let deep: Vec<&Probe> = probes.iter().filter(|p| !p.moves.is_empty()).collect();
        for (i, probe) in deep.iter().take(2).enumerate() {
            let (ours, our_ms) = our_search[i];
            let mut seconds = Vec::new();
            let mut found = 0;
            for _ in 0..2 {
                let cpu = Cpu::now();
                if let Some((n, s)) = pgn_extract(&args.dir, &args.file, probe, false) {
                    let (_, other) = cpu.since();
                    found = n;
                    seconds.push(s);
                    println!(
                        "pgn-extract -x {}: {n} games in {s:.1} s (others {other:.2} cores)",
                        probe.name
                    );
                }
            }
            let s = median(&seconds);
            println!(
                "  versus our search: {ours} games in {our_ms:.2} ms; pgn-extract {found} games; ratio {:.0}x",
                s * 1000.0 / our_ms
            );
            if i == 0
                && let Some((n, s)) = pgn_extract(&args.dir, &args.file, probe, true)
            {
                println!(
                    "pgn-extract -H {:016x} (Polyglot hash, whole games): {n} games in {s:.1} s; ratio {:.0}x",
                    position_key(&probe.position),
                    s * 1000.0 / our_ms
                );
            }
        }
    }

    if args.anchors && chess && Path::new("/usr/games/tkscid").exists() {
        println!("\n## SCID (tkscid's sc_base import, the sc_import script's way)");
        let base = args.dir.join("scid");
        let mut seconds = Vec::new();
        for round in 0..args.rounds {
            let cpu = Cpu::now();
            if let Some((games, wall, import)) = scid_import(&args.dir, &base, &args.file) {
                let (_, other) = cpu.since();
                println!(
                    "scid import #{}: {games} games, {wall:.1} s ({:.0} games/s; the import alone {import:.1} s) (others {other:.2} cores)",
                    round + 1,
                    games as f64 / wall
                );
                seconds.push(games as f64 / wall);
            }
        }
        let (lo, hi) = range(&seconds);
        println!(
            "scid import: median {:.0} games/s (range {lo:.0}..{hi:.0})",
            median(&seconds)
        );
        let sizes: u64 = ["si4", "sg4", "sn4"]
            .iter()
            .map(|e| file_size(&base.with_extension(e)))
            .sum();
        println!("scid database: {sizes} bytes (no position index)");
        let found = scid_search(&args.dir, &base, &probes, 5);
        for (probe, (n, ms)) in probes.iter().zip(found) {
            println!(
                "scid board search {}: {n} games; {} ms",
                probe.name,
                ms.iter()
                    .map(|m| format!("{m:.1}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        for ext in ["si4", "sg4", "sn4"] {
            let _ = std::fs::remove_file(base.with_extension(ext));
        }
    }

    if !args.keep && args.db.is_none() {
        remove_database(&db_path);
    }
}
