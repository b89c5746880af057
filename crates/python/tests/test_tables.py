"""`to_arrow()` and `to_polars()` give the tables `scoresheet convert --to arrow [--positions]`
writes: for every shared game file (of bounded size), the same schema and the same rows,
bad games' rows with their errors too; polars has the same rows as pyarrow."""

import os
import subprocess
import sys
from pathlib import Path

import polars
import pyarrow
import pyarrow.ipc
import pytest

import scoresheet

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT.parent / "shared" / "data"
BIN = Path(os.environ.get("SCORESHEET_BIN", ROOT / "target" / "debug" / "scoresheet"))
FILES = sorted(
    p
    for folder in ("chess", "draughts")
    for p in (DATA / folder).rglob("*")
    if p.suffix.lower() in (".pdn", ".pgn") and p.stat().st_size < 1_200_000
)


def convert(path, tmp_path, positions):
    """The table the command line writes for `path`, read with pyarrow."""
    assert BIN.exists(), f"no command line at {BIN}: build it (cargo build -p scoresheet) or set SCORESHEET_BIN"
    out = tmp_path / ("positions.arrow" if positions else "games.arrow")
    args = [str(BIN), "convert", "--to", "arrow", "-o", str(out), str(path)]
    if positions:
        args.insert(4, "--positions")
    done = subprocess.run(args, capture_output=True, text=True)
    # Exit 1 says that some games are bad (they have rows with their errors).
    assert done.returncode in (0, 1) and out.exists(), done.stderr
    with pyarrow.memory_map(str(out)) as source:
        return pyarrow.ipc.open_file(source).read_all()


def same_table(got, want):
    assert got.schema == want.schema
    assert got.num_rows == want.num_rows
    assert got.equals(want), first_difference(got, want)


def first_difference(got, want):
    for i, (a, b) in enumerate(zip(got.to_pylist(), want.to_pylist())):
        if a != b:
            return f"row {i}: {a} != {b}"
    return "the tables differ"


@pytest.mark.parametrize("positions", [False, True], ids=["games", "positions"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(DATA)))
def test_same_table_as_convert(path, positions, tmp_path):
    want = convert(path, tmp_path, positions)
    same_table(scoresheet.read_games(str(path)).to_arrow(positions=positions), want)
    same_table(scoresheet.to_arrow(scoresheet.read_games(str(path), jobs=2), positions, jobs=2), want)
    games = list(scoresheet.read_games(str(path)))
    # Three threads making the rows of each batch of games, the batches (of 512) in order.
    same_table(scoresheet.to_arrow(games, positions=positions, jobs=3), want)
    frame = scoresheet.to_polars(iter(games), positions=positions, jobs=2)
    assert frame.columns == want.column_names
    assert frame.rows() == polars.from_arrow(want).rows()


def test_the_files_have_bad_games_and_positions():
    """The comparison above covers bad games' rows and every column of the positions."""
    bad = sum(g.error is not None for p in FILES for g in scoresheet.read_games(str(p)))
    assert bad > 0
    lichess = DATA / "chess" / "lichess_db_1000k.pgn"
    positions = scoresheet.read_games(str(lichess)).to_arrow(positions=True)
    for column in ("clock_ms", "eval_cp", "eval_mate"):
        assert positions.column(column).null_count < positions.num_rows, column


def test_a_bad_game_has_a_row_with_its_error(tmp_path):
    path = tmp_path / "two.pgn"
    path.write_text('[White "a"]\n\n1. e4 e5 2. Ke3 *\n\n[White "b"]\n\n1. d4 d5 *\n')
    table = scoresheet.read_games(str(path)).to_arrow()
    error = scoresheet.read_game(path.read_text()).error
    bad, good = table.to_pylist()
    assert (bad["game"], bad["ok"], bad["line"]) == (1, False, error.line)
    assert bad["error"] == f"{error.line}:{error.column}: {error.message}" and bad["moves"] == []
    assert error.line == 3 and "Ke3" in error.message
    assert (good["game"], good["ok"], good["white"], good["moves"]) == (2, True, "b", ["d2d4", "d7d5"])
    same_table(table, convert(path, tmp_path, False))


def test_games_left_numbered_from_one_and_taken():
    games = scoresheet.read_games(b"1. e4 *\n\n1. d4 *\n\n1. c4 *\n")
    next(games)
    frame = games.to_polars()
    assert frame["game"].to_list() == [1, 2]
    assert frame["moves"].to_list() == [["d2d4"], ["c2c4"]]
    assert list(games) == []


def test_positions_rows():
    table = scoresheet.to_arrow([scoresheet.read_game("1. e4 { [%clk 0:01:00] } e5 *")], positions=True)
    rows = table.to_pylist()
    assert [(r["game"], r["ply"], r["move"], r["move_text"]) for r in rows] == [
        (1, 0, "e2e4", "e4"),
        (1, 1, "e7e5", "e5"),
        (1, 2, None, None),
    ]
    assert rows[1]["clock_ms"] == 60_000
    assert rows[2]["fen"] == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"


def test_no_games_give_an_empty_table_with_the_columns():
    table = scoresheet.to_arrow([], jobs=0)
    assert table.num_rows == 0
    assert table.schema == scoresheet.to_arrow([scoresheet.read_game("1. e4 *")]).schema
    assert scoresheet.to_polars([], positions=True).columns == [
        "game", "ply", "fen", "move", "move_text", "clock_ms", "eval_cp", "eval_mate",
    ]


def test_only_games_make_tables():
    with pytest.raises(TypeError, match="Game objects, not str"):
        scoresheet.to_arrow(["1. e4 *"])
    with pytest.raises(TypeError):
        scoresheet.to_polars(5)


@pytest.mark.parametrize(
    "call, module",
    [(scoresheet.to_arrow, "pyarrow.ipc"), (scoresheet.to_polars, "polars")],
)
def test_a_missing_library_is_named(call, module, monkeypatch):
    # A None in sys.modules makes `import` raise ImportError, as when it is not installed.
    monkeypatch.setitem(sys.modules, module, None)
    name = module.split(".")[0]
    with pytest.raises(ImportError, match=f"needs {name}.*pip install {name}"):
        call([scoresheet.read_game("1. e4 *")])


def test_a_pgn_file_leans_to_chess_as_the_command_line_reads_it(tmp_path):
    """A game that shows no family (no moves, no FEN) is chess in a `.pgn` file."""
    text = '[Event "no moves"]\n\n*\n'
    (tmp_path / "a.pgn").write_text(text)
    (tmp_path / "a.pdn").write_text(text)
    assert scoresheet.read_games(str(tmp_path / "a.pgn")).to_arrow()["family"].to_pylist() == ["chess"]
    assert scoresheet.read_games(str(tmp_path / "a.pdn")).to_arrow()["family"].to_pylist() == ["draughts"]
