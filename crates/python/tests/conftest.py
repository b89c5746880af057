"""What the tests share: the shared game files, and python-chess's reading of a file."""

from pathlib import Path

DATA = Path(__file__).resolve().parents[3].parent / "shared" / "data"


def python_chess_games(path):
    """Every game of `path` as python-chess 1.11 reads it."""
    import chess.pgn

    games = []
    with open(path, encoding="utf-8-sig", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games.append(game)
    return games


def both_read(path):
    """The chess games of `path` that scoresheet and python-chess both read whole, as pairs
    (game number, ours, theirs); fails when none has a move though python-chess read a game
    with moves whole, so that a comparison never passes by comparing nothing (a game without
    moves is read under the default rules, draughts)."""
    import scoresheet

    ours = list(scoresheet.read_games(str(path)))
    theirs = python_chess_games(path)
    pairs = [
        (i + 1, game, other)
        for i, (game, other) in enumerate(zip(ours, theirs))
        # python-chess's own variants too: Crazyhouse, Chess960...
        if game.error is None and not other.errors and game.rules == "chess"
    ]
    assert any(game.plies for _, game, _ in pairs) or all(g.errors or g.end() is g for g in theirs), path
    return pairs
