"""The package reads as `scoresheet check --json` reads: every shared game file gives the same
games, the same errors at the same places; chess main lines equal python-chess's (UCI)."""

import json
import os
import subprocess
from pathlib import Path

import pytest

import scoresheet
from conftest import DATA, both_read

ROOT = Path(__file__).resolve().parents[3]
BIN = Path(os.environ.get("SCORESHEET_BIN", ROOT / "target" / "debug" / "scoresheet"))
FILES = sorted(p for p in DATA.rglob("*") if p.suffix.lower() in (".pdn", ".pgn") and p.stat().st_size < 8_000_000)


def check_json(path):
    out = subprocess.run([str(BIN), "check", "--json", "-j1", str(path)], capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(DATA)))
def test_same_games_and_errors_as_check(path):
    assert BIN.exists(), f"no command line at {BIN}: build it (cargo build) or set SCORESHEET_BIN"
    games = list(scoresheet.read_games(str(path)))
    reports = check_json(path)
    assert len(games) == len(reports)
    for game, report in zip(games, reports):
        if report["ok"]:
            assert game.error is None, (report, game.error)
            assert len(game.moves) == report["plies"]
        else:
            assert game.error is not None, report
            assert (game.error.line, game.error.column) == (report["line"], report["column"])


def test_a_bad_game_leaves_the_next_readable(tmp_path):
    path = tmp_path / "two.pgn"
    path.write_text("1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n")
    bad, good = scoresheet.read_games(str(path))
    assert bad.error is not None and bad.error.ply == 3 and bad.error.line == 1
    assert good.error is None and good.moves == ["d2d4", "d7d5"]
    with pytest.raises(scoresheet.ScoresheetError) as caught:
        bad.check()
    assert caught.value.ply == 3


def test_rules_named():
    game = scoresheet.read_game("1. 32-28 19-23 *", variant="international")
    assert game.rules == "international" and game.moves == ["32-28", "19-23"]
    with pytest.raises(ValueError):
        scoresheet.read_game("1. e4 *", variant="no such rules")


@pytest.mark.parametrize("path", [p for p in FILES if p.suffix.lower() == ".pgn"], ids=lambda p: str(p.relative_to(DATA)))
def test_main_lines_equal_python_chess(path):
    for number, game, other in both_read(path):
        assert game.moves == [m.uci() for m in other.mainline_moves()], f"game {number}"
