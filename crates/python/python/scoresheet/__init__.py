"""scoresheet: draughts and chess game records, read and checked by a Rust core.

>>> import scoresheet
>>> game = scoresheet.read_game('[Event "x"]\\n1. e4 e5 2. Nf3 *')
>>> game.rules, game.moves
('chess', ['e2e4', 'e7e5', 'g1f3'])
"""

from ._scoresheet import (
    Game,
    GameError,
    Games,
    Move,
    ScoresheetError,
    read_game,
    read_games,
    to_arrow,
    to_polars,
)

__all__ = [
    "Game",
    "GameError",
    "Games",
    "Move",
    "ScoresheetError",
    "read_game",
    "read_games",
    "to_arrow",
    "to_polars",
]
