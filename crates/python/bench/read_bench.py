"""Games read and replayed per second: scoresheet (one thread and `jobs=2`) against python-chess
on the shared chess files and against pydraughts on the shared draughts files, in one process.

    target/python-venv/bin/python crates/python/bench/read_bench.py [--rounds N] [--pydraughts-games N]

Every side replays every move of each game's main line: python-chess's `read_game` plays each
move on its board as it reads; scoresheet's reading replays the game under its rules (and
`+moves` also asks each game for its main line, `game.moves`); pydraughts has no reader that
plays the moves (its PDNReader only splits the text), so its path is PDNReader and then its
Board driven move by move, `board.push(Move(board, pdn_move=...))`, as its own PDNWriter
does. pydraughts manages only a few games per second, so it gets the first
`--pydraughts-games` games of each draughts file, and scoresheet is timed on the same games
for the ratio.

`+moves` replays each game's main line once more on the calling thread to write its moves
(UCI for chess, the variant's notation for draughts), which `jobs` does not spread.

The shared chess files are 1 MB each, read in a few milliseconds: with `jobs=2` the threads'
start (two fresh threads, about 0.2 ms, and the first chunk of 64 kB read before the first
game comes out) and the last chunk, read by one thread alone, weigh on so short a reading, so
the two files are also read as one input of 16 MB (both, eight times), the size of a month of
a club's games or a small database, where they weigh little. "cores" is the process's CPU time over the wall time: a `jobs=2`
figure near 1 says that another program had the second core.

The contenders are measured in turns, round after round (the order reversed every other
round), and the medians of the rounds reported; the machine's noise shows in the spread.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import chess.pgn
import draughts
import draughts.PDN

import scoresheet

DATA = Path(__file__).resolve().parents[4] / "shared" / "data"
CHESS = [DATA / "chess" / "lichess_db_1000k.pgn", DATA / "chess" / "twic1599_1000k.pgn"]
DRAUGHTS = [DATA / "draughts" / "american-tinsley.pdn"]


def scoresheet_reader(jobs, touch_moves):
    """scoresheet's reading of a source on `jobs` threads; with `touch_moves`, each game's
    main line asked for too."""

    def run(source):
        games = plies = 0
        for game in scoresheet.read_games(source, jobs=jobs):
            games += 1
            if touch_moves:
                plies += len(game.moves)
            else:
                plies += game.plies
        return games, plies

    return run


def python_chess(path):
    """python-chess's reading: `read_game` plays every move of the main line on its board."""
    games = plies = 0
    with open(path, encoding="utf-8-sig", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games += 1
            plies += game.end().ply()
    return games, plies


def pydraughts(text):
    """pydraughts' reading: its PDNReader, then every move played on its Board."""
    games = plies = 0
    for game in draughts.PDN.PDNReader(pdn_text=text).games:
        # Its guess from the first move (`english`, its name for American, on these files).
        board = draughts.Board(variant=game.variant or "english", fen=game.tags.get("FEN", "startpos"))
        for move in game.moves:
            board.push(draughts.Move(board, pdn_move=move))
        games += 1
        plies += len(game.moves)
    return games, plies


def first_games(path, count):
    """The text of the first `count` games of `path` (where scoresheet says the next starts)."""
    text = path.read_text(encoding="utf-8")
    starts = [g.line for g in scoresheet.read_games(str(path))]
    if len(starts) <= count:
        return text
    lines = text.splitlines(keepends=True)
    return "".join(lines[: starts[count] - 1])


def measure(contenders, rounds):
    """{name: [(seconds per reading, cores busy)]} and {name: (games, plies)}, measured in
    turns: each contender reads its source `repeat` times a round (so that a reading of a few
    milliseconds is timed over a longer stretch). Cores busy: the process's CPU time over the
    wall time (2 for `jobs=2` on two free cores; near 1 when another program takes one)."""
    times = {name: [] for name, _, _, _ in contenders}
    counts = {}
    for r in range(rounds):
        order = contenders if r % 2 == 0 else contenders[::-1]
        for name, run, source, repeat in order:
            start, cpu = time.perf_counter(), time.process_time()
            for _ in range(repeat):
                counts[name] = run(source)
            wall = time.perf_counter() - start
            times[name].append((wall / repeat, (time.process_time() - cpu) / wall))
        print(f"  round {r + 1}/{rounds} done", file=sys.stderr)
    return times, counts


def report(title, contenders, times, counts, ratios):
    print(f"\n{title}")
    rate = {}
    for name, _, _, repeat in contenders:
        games, plies = counts[name]
        walls = [wall for wall, _ in times[name]]
        secs = statistics.median(walls)
        cores = statistics.median(cores for _, cores in times[name])
        rate[name] = games / secs
        spread = f"{min(walls) * 1000:.1f}-{max(walls) * 1000:.1f}"
        print(
            f"  {name:<26} {games:>5} games {plies:>7} plies  x{repeat:<3} median {secs * 1000:7.1f} ms"
            f" ({spread}) {cores:4.2f} cores  {games / secs:>8.0f} games/s {plies / secs:>10.0f} plies/s"
        )
    for a, b in ratios:
        print(f"  {a} / {b}: {rate[a] / rate[b]:.2f}x")
    return rate


def chess_file(path, rounds):
    """scoresheet and python-chess on the chess file `path`."""
    # Readings of about the same length: scoresheet reads a megabyte in milliseconds.
    repeat = max(1, 20_000_000 // (path.stat().st_size * 4))
    contenders = [
        ("scoresheet jobs=1", scoresheet_reader(1, False), str(path), repeat),
        ("scoresheet jobs=1 +moves", scoresheet_reader(1, True), str(path), repeat),
        ("scoresheet jobs=2", scoresheet_reader(2, False), str(path), repeat),
        ("scoresheet jobs=2 +moves", scoresheet_reader(2, True), str(path), repeat),
        ("python-chess", python_chess, path, 1),
    ]
    times, counts = measure(contenders, rounds)
    rate = report(
        f"{path.name} ({path.stat().st_size // 1000} kB)",
        contenders,
        times,
        counts,
        [
            ("scoresheet jobs=1", "python-chess"),
            ("scoresheet jobs=1 +moves", "python-chess"),
            ("scoresheet jobs=2", "scoresheet jobs=1"),
            ("scoresheet jobs=2 +moves", "scoresheet jobs=1 +moves"),
            ("scoresheet jobs=2", "python-chess"),
        ],
    )
    check_counts(counts)
    return rate


def draughts_file(path, rounds, pydraughts_games):
    """scoresheet on the draughts file `path`, and against pydraughts on its first games."""
    repeat = max(1, 20_000_000 // (path.stat().st_size * 4))
    whole = [
        ("scoresheet jobs=1", scoresheet_reader(1, False), str(path), repeat),
        ("scoresheet jobs=1 +moves", scoresheet_reader(1, True), str(path), repeat),
        ("scoresheet jobs=2", scoresheet_reader(2, False), str(path), repeat),
    ]
    times, counts = measure(whole, rounds)
    report(
        f"{path.name} ({path.stat().st_size // 1000} kB), every game",
        whole,
        times,
        counts,
        [("scoresheet jobs=2", "scoresheet jobs=1")],
    )
    check_counts(counts)
    text = first_games(path, pydraughts_games).encode()
    few = [
        ("scoresheet jobs=1", scoresheet_reader(1, False), text, 100),
        ("scoresheet jobs=1 +moves", scoresheet_reader(1, True), text, 100),
        ("pydraughts", pydraughts, text.decode(), 1),
    ]
    times, counts = measure(few, rounds)
    report(
        f"{path.name}, its first {pydraughts_games} games only (pydraughts manages a few a second)",
        few,
        times,
        counts,
        [("scoresheet jobs=1", "pydraughts"), ("scoresheet jobs=1 +moves", "pydraughts")],
    )
    if counts["pydraughts"] != counts["scoresheet jobs=1"]:
        print(f"  (games and plies differ: pydraughts {counts['pydraughts']}, scoresheet {counts['scoresheet jobs=1']})")


def check_counts(counts):
    """Every contender read the same games and plies, or the figures compare nothing."""
    if len(set(counts.values())) != 1:
        print(f"  the contenders read different games or plies: {counts}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pydraughts-games", type=int, default=40)
    args = parser.parse_args()
    print(
        f"scoresheet, python-chess {chess.__version__}, pydraughts; {args.rounds} rounds, medians"
        " (xN: readings of the file per round; games/s from the median reading);"
        f" {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} before"
    )
    with tempfile.TemporaryDirectory() as folder:
        both = Path(folder) / "lichess+twic-x8.pgn"
        both.write_bytes(b"\n\n".join(p.read_bytes() for p in CHESS * 8))
        for path in CHESS + [both]:
            chess_file(path, args.rounds)
    for path in DRAUGHTS:
        draughts_file(path, args.rounds, args.pydraughts_games)
    print(f"\nload average {os.getloadavg()[0]:.2f} after")


if __name__ == "__main__":
    main()
