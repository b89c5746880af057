"""scoresheet: draughts and chess game records, read and checked by a Rust core.

>>> import scoresheet
>>> game = scoresheet.read_game('[Event "x"]\\n1. e4 e5 2. Nf3 *')
>>> game.rules, game.moves
('chess', ['e2e4', 'e7e5', 'g1f3'])
>>> board = scoresheet.Position("american")
>>> board.push("11-15").san(), board.turn
('11-15', True)
"""

from ._scoresheet import (
    Game,
    GameError,
    GameNode,
    Games,
    Move,
    Outcome,
    Position,
    ScoresheetError,
    read_game,
    read_games,
    to_arrow,
    to_polars,
    write_games,
)

#: python-chess's name for a position with its moves.
Board = Position

__all__ = [
    "Board",
    "Game",
    "GameError",
    "GameNode",
    "Games",
    "Move",
    "Outcome",
    "Position",
    "ScoresheetError",
    "read_game",
    "read_games",
    "to_arrow",
    "to_polars",
    "write_games",
]
