"""Reads PGN files with python-chess (the reference nobody here wrote) and prints, as JSON,
each game's main line in UCI and the errors python-chess recorded while reading it:
{"path": [{"uci": [...], "errors": [...]}, ...], ...}. Run by import_vs_python_chess.rs."""
import json
import sys

import chess
import chess.pgn

out = {}
for path in sys.argv[1:]:
    games = []
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            board = game.board()
            uci = []
            for move in game.mainline_moves():
                uci.append(board.uci(move))
                board.push(move)
            # A "game" of nothing: no move and only the roster's default tags (python-chess
            # makes one of a line it cannot place, such as a closing code fence).
            defaults = all(v in ("?", "????.??.??", "*") for v in game.headers.values())
            empty = not uci and defaults and not game.comment and not game.variations
            games.append({"uci": uci, "errors": [str(e) for e in game.errors], "empty": empty})
    out[path] = games
json.dump({"version": chess.__version__, "files": out}, sys.stdout)
