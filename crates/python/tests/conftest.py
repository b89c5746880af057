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
