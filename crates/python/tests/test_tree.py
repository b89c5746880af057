"""The movetext tree (comments, NAGs, variations, clocks) as python-chess builds it: every
chess game of the shared files walked in both, node by node."""


import pytest

import scoresheet
from conftest import DATA, both_read

PGN = sorted(p for p in DATA.rglob("*") if p.suffix.lower() == ".pgn")



def words(text):
    """A comment with its white space made single spaces (python-chess keeps the line breaks
    of a comment as written; scoresheet trims the comment's ends)."""
    return " ".join(text.split())


def white_eval(score):
    """python-chess's evaluation as the package gives it: from White's side."""
    if score is None:
        return None
    white = score.white()
    return {"mate": white.mate()} if white.is_mate() else {"cp": white.score()}


def walk(ours, theirs, where):
    """Compares two nodes' children, recursively."""
    mine, other = ours.variations, theirs.variations
    assert [n.uci() for n in mine] == [n.move.uci() for n in other], where
    for a, b in zip(mine, other):
        here = f"{where} {b.move.uci()}"
        assert words(a.comment) == words(b.comment), here
        assert words(a.starting_comment) == words(b.starting_comment), here
        assert a.nags == b.nags, here
        assert a.ply() == b.ply() - theirs.game().ply(), here
        assert a.clock() == b.clock(), here
        assert a.eval() == white_eval(b.eval()), here
        walk(a, b, here)


@pytest.mark.parametrize("path", PGN, ids=lambda p: str(p.relative_to(DATA)))
def test_trees_equal_python_chess(path):
    for number, game, other in both_read(path):
        assert words(game.comment) == words(other.comment), f"game {number}"
        walk(game, other, f"game {number}")


def test_a_tree_by_hand():
    game = scoresheet.read_game(
        '{start} 1. e4 $1 {best [%clk 0:03:00] [%eval 0.25]} (1. d4 {queen} d5 (1... Nf6 2. c4)) '
        "1... e5 $2 $18 2. Nf3 {[%eval #-3]} Nc6 *"
    )
    assert game.comment == "start"
    e4, d4 = game.variations
    assert (e4.san(), e4.nags, e4.clock(), e4.eval()) == ("e4", {1}, 180.0, {"cp": 25})
    assert e4.comment == "best [%clk 0:03:00] [%eval 0.25]"
    assert (d4.san(), d4.comment, d4.is_mainline(), d4.is_main_variation()) == ("d4", "queen", False, False)
    d5, nf6 = d4.variations
    assert nf6.parent.uci() == "d2d4" and nf6.parent.parent is game
    assert nf6.next().san() == "c4" and nf6.next().ply() == 3 and nf6.next().next() is None
    assert e4.next().nags_in_order() == [2, 18]
    assert e4.next().next().eval() == {"mate": -3}
    assert [n.san() for n in game.mainline()] == ["e4", "e5", "Nf3", "Nc6"]
    assert game.end().fen() == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    assert [m.uci() for m in game.mainline_moves()] == ["e2e4", "e7e5", "g1f3", "b8c6"]


def test_a_draughts_tree():
    game = scoresheet.read_game('[GameType "20"]\n1. 32-28 {centre} (1. 33-28 18-23) 19-23 2. 28x19 14x23 *')
    main, alternative = game.variations
    assert (main.san(), main.comment, alternative.san()) == ("32-28", "centre", "33-28")
    assert alternative.next().san() == "18-23"
    assert [n.uci() for n in game.mainline()] == ["32-28", "19-23", "28x19", "14x23"]
    assert game.end().fen() == game.end_fen()
