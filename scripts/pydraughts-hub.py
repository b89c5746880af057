#!/usr/bin/env python3
"""Plays `scoresheet hub` through pydraughts' HubEngine, the client lidraughts' tools use to
drive Scan: crates/scoresheet/tests/cli_hub.rs runs it to show that a program written for
Scan's Hub protocol drives our engine.

    pydraughts-hub.py SCORESHEET GAMES MAX_PLIES SEED

Each game of International draughts (Hub `normal`) and of Frisian has the engine on one side
(alternating) and seeded random moves on the other, so the engine meets captures of every
kind. pydraughts sends the position and the moves in its own Hub text and reads the engine's
move back; every engine move must be one of pydraughts' legal moves. Prints one line a game
and `ok` at the end; exits 1 at the first move pydraughts does not accept.
"""
import random
import sys

from draughts import Board, WHITE, BLACK
from draughts.engine import HubEngine, Limit


def main():
    binary, games, max_plies, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    engine = HubEngine([binary, "hub"])
    engine.init()
    assert engine.id.get("name") == "scoresheet", engine.id
    assert "normal" in engine.variants and "frisian" in engine.variants, engine.variants
    for game in range(games):
        variant = "standard" if (game // 2) % 2 == 0 else "frisian"
        engine.setoption("variant", "normal" if variant == "standard" else "frisian")
        engine.send("new-game")
        board = Board(variant=variant)
        engine_side = WHITE if game % 2 == 0 else BLACK
        engine_moves = captures = 0
        while not board.is_over() and len(board.move_stack) < max_plies:
            legal = board.legal_moves()
            if board.turn == engine_side:
                played = engine.play(board, Limit(movetime=0.02), ponder=False).move
                if played.board_move not in [m.board_move for m in legal]:
                    print(f"game {game + 1}: ply {len(board.move_stack) + 1}: the engine's {played.hub_move} is not legal here ({board.fen})")
                    sys.exit(1)
                move = next(m for m in legal if m.board_move == played.board_move)
                engine_moves += 1
                captures += bool(move.captures and move.captures[0] is not None)
            else:
                move = rng.choice(legal)
            board.push(move)
        print(f"game {game + 1} ({variant}): {len(board.move_stack)} plies, the engine's moves {engine_moves} ({captures} captures), winner {board.winner()}")
    engine.quit()
    engine.p.communicate()
    print("ok")


main()
