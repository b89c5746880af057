"""Reads scoresheet's tables back with DuckDB (Parquet) and Polars (Arrow IPC and Parquet)
and compares them with `scoresheet check --json` and with python-chess's own reading of the
PGN files. Run by tests/columnar.rs:

    python check_tables.py GAMES.parquet GAMES.arrow POSITIONS.parquet CHECK.jsonl SOURCE

Exits non-zero with a message on the first difference; prints what it compared.
"""

import io
import json
import sys

import chess.pgn
import duckdb
import polars as pl

games_parquet, games_arrow, positions_parquet, check_jsonl, source = sys.argv[1:6]


def fail(message):
    print(f"{source}: {message}", file=sys.stderr)
    sys.exit(1)


reports = [json.loads(line) for line in open(check_jsonl, encoding="utf-8")]

# DuckDB on the Parquet file: one row per game, in order, agreeing with check --json.
rows = duckdb.sql(
    f"select game, line, ok, variant, variants, result, winner, plies, moves, moves_text, "
    f"final_fen, start_fen from '{games_parquet}' order by game"
).fetchall()
if len(rows) != len(reports):
    fail(f"{len(rows)} rows in DuckDB, {len(reports)} games in check --json")
for row, report in zip(rows, reports):
    game, line, ok, variant, variants, result, winner, plies, moves, moves_text, final_fen, start_fen = row
    where = f"game {game}"
    if game != report["game"] or line != report["line"] or ok != report["ok"]:
        fail(f"{where}: (game, line, ok) {(game, line, ok)} but check says {(report['game'], report['line'], report['ok'])}")
    if not ok:
        continue
    if report.get("variants"):
        if variant is not None or sorted(variants) != sorted(report["variants"]):
            fail(f"{where}: undecided {report['variants']} but the row says {variant} {variants}")
    elif variant != report.get("variant"):
        fail(f"{where}: variant {variant} but check says {report.get('variant')}")
    if result != report.get("result") or winner != report.get("winner"):
        fail(f"{where}: result {result} {winner} but check says {report.get('result')} {report.get('winner')}")
    if plies != report["plies"] or len(moves) != plies or len(moves_text) != plies:
        fail(f"{where}: {plies} plies, {len(moves)} moves, {len(moves_text)} texts; check says {report['plies']}")

# Polars on the Arrow IPC file and on the Parquet file: the same table.
arrow = pl.read_ipc(games_arrow)
parquet = pl.read_parquet(games_parquet)
if arrow.shape != parquet.shape or arrow.columns != parquet.columns:
    fail(f"Arrow {arrow.shape} and Parquet {parquet.shape} differ in shape")
for column in ["game", "ok", "variant", "result", "plies", "moves", "final_fen", "error", "warnings"]:
    if arrow[column].to_list() != parquet[column].to_list():
        fail(f"Arrow and Parquet differ in column {column}")

# The positions table: plies + 1 positions a good game, the moves in order, the last
# position the final one.
positions = duckdb.sql(
    f"select game, list(fen order by ply), list(move order by ply), count(*), max(ply) "
    f"from '{positions_parquet}' group by game order by game"
).fetchall()
good = [r for r in rows if r[2]]
if len(positions) != len(good):
    fail(f"{len(positions)} games in the positions table, {len(good)} good games")
for (game, fens, moves, count, last), row in zip(positions, good):
    if game != row[0] or count != row[7] + 1 or last != row[7]:
        fail(f"game {game}: {count} positions for {row[7]} plies")
    if moves[:-1] != row[8] or moves[-1] is not None:
        fail(f"game {game}: the positions' moves are not the game's")
    if fens[-1] != row[10] or fens[0] != row[11]:
        fail(f"game {game}: the first and last positions are not the start and the end")

# Chess: python-chess reads the PGN itself; its main line in UCI is the row's moves, and
# the clocks and evaluations it reads from each move's comment are the positions' columns.
compared = 0
commands = 0
if source.endswith(".pgn"):
    by_game = {r[0]: r for r in rows}
    reached = {
        game: list(zip(clocks, cps, mates))
        for game, clocks, cps, mates in duckdb.sql(
            f"select game, list(clock_ms order by ply), list(eval_cp order by ply), "
            f"list(eval_mate order by ply) from '{positions_parquet}' group by game"
        ).fetchall()
    }
    with open(source, encoding="utf-8-sig", errors="replace") as f:
        number = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            number += 1
            if game.errors or number not in by_game or not by_game[number][2]:
                continue
            theirs = [m.uci() for m in game.mainline_moves()]
            ours = by_game[number][8]
            if theirs != ours:
                fail(f"game {number}: python-chess reads {theirs[:10]}..., the row has {ours[:10]}...")
            for ply, node in enumerate(game.mainline(), start=1):
                clock = node.clock()
                score = node.eval()
                want = (
                    None if clock is None else round(clock * 1000),
                    None if score is None else score.white().score(),
                    None if score is None else score.white().mate(),
                )
                if reached[number][ply] != want:
                    fail(f"game {number} ply {ply}: the positions table has (clock_ms, eval_cp, "
                         f"eval_mate) {reached[number][ply]}, python-chess reads {want}")
                commands += clock is not None or score is not None
            compared += 1
    if compared < len(good) * 0.9:
        fail(f"python-chess compared only {compared} of {len(good)} games")

print(f"{source}: {len(rows)} games, {len(positions)} with positions, {compared} compared with python-chess, "
      f"{commands} moves with a clock or an evaluation")
