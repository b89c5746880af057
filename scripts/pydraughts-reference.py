#!/usr/bin/env python3
"""Writes the legal moves of random games as pydraughts plays them, for
crates/draughts/tests/pydraughts.rs to compare with the draughts crate move by move.

pydraughts (PyPI, GPL-3.0) follows lidraughts' rules; its Game carries the history that
Frisian's limit on one king's moves needs. Output, one line per ply, tab-separated:

    game <TAB> variant <TAB> ply <TAB> legal moves <TAB> index of the move played

A legal move is written `from-to/n` (PDN square numbers, n pieces taken), the distinct texts
sorted and joined by spaces (pydraughts lists every route of a capture; the draughts crate
keeps one move per start, end and pieces taken). When two of pydraughts' moves share the
text of the move played, the line gets a sixth field, the FEN after it.

The random player prefers (three times in four) to move again the piece it moved last, so
that kings make runs of moves and Frisian's limit on them comes into play. The games are
seeded, so the output depends only on the pydraughts version (scripts/pydraughts-reference
pins it).

Russian and Brazilian are left out: pydraughts numbers their squares from the other side of
the board (its `9-13` is White's `c3-b4`, PDN's `21-17`), and their rules are checked against
the published perft tables and real game files instead.

    pydraughts-reference.py GAMES_PER_VARIANT MAX_PLIES SEED > reference.tsv
"""
import random
import re
import sys

from draughts import Board

# pydraughts' variant names, ours beside them.
VARIANTS = [
    ("standard", "international"),
    ("english", "american"),
    ("italian", "italian"),
    ("frisian", "frisian"),
    ("frysk!", "frysk"),
    ("antidraughts", "antidraughts"),
    ("breakthrough", "breakthrough"),
]


def squares(move):
    found = re.split("[-x:]", move.pdn_move)
    return int(found[0]), int(found[-1])


def text(move):
    start, end = squares(move)
    return f"{start}-{end}/{len(move.captures or [])}"


def main():
    games, max_plies, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    out = sys.stdout
    game_no = 0
    for theirs, ours in VARIANTS:
        for _ in range(games):
            game_no += 1
            board = Board(variant=theirs)
            # The square each side's last move ended on.
            last = {}
            for ply in range(max_plies):
                if board.is_over():
                    break
                moves = board.legal_moves()
                if not moves:
                    break
                side = ply % 2
                again = [m for m in moves if squares(m)[0] == last.get(side)]
                played = rng.choice(again if again and rng.random() < 0.75 else moves)
                texts = [text(m) for m in moves]
                distinct = sorted(set(texts))
                fields = [
                    str(game_no),
                    ours,
                    str(ply),
                    " ".join(distinct),
                    str(distinct.index(text(played))),
                ]
                ambiguous = texts.count(text(played)) > 1
                board.push(played)
                last[side] = squares(played)[1]
                if ambiguous:
                    fields.append(board.fen)
                out.write("\t".join(fields) + "\n")


if __name__ == "__main__":
    main()
