"""Writes the chess variant cases of the import corpus (variant-*.pgn) with python-chess's
own rules and PGN writer, so that the games are legal by a reader nobody here wrote.

Run in the venv that scripts/columnar-tools makes (python-chess 1.11):

    target/columnar-venv/bin/python crates/games/tests/import/make_variants.py

Each game is a seeded random walk that prefers captures, checks and drops (so that the
variants' own rules show: explosions, drops, checks counted, a king on the hill), ending
where the variant ends the game or after 80 plies. The headers are lichess's.
"""

import random
from pathlib import Path

import chess
import chess.pgn
import chess.variant

HERE = Path(__file__).parent


def walk(board, seed, plies=80):
    rng = random.Random(seed)
    moves = []
    for _ in range(plies):
        if board.is_game_over() or board.is_variant_end():
            break
        legal = list(board.legal_moves)
        sharp = [
            m
            for m in legal
            if board.is_capture(m) or board.gives_check(m) or m.drop is not None
        ]
        pick = rng.choice(sharp if sharp and rng.random() < 0.6 else legal)
        moves.append(pick)
        board.push(pick)
    return moves


def game_of(board_class, seed, headers, fen=None):
    board = board_class(fen) if fen else board_class()
    start = board.copy()
    moves = walk(board, seed)
    game = chess.pgn.Game.from_board(board)
    game.headers.clear()
    for name, value in headers:
        game.headers[name] = value
    if fen:
        game.headers["FEN"] = start.fen()
        game.headers["SetUp"] = "1"
    game.headers["Result"] = board.result(claim_draw=False)
    return game, len(moves)


def write(name, case, expects, games):
    lines = [f"% case: {case}"] + [f"% expect: {e}" for e in expects]
    text = "\n".join(lines) + "\n"
    for game in games:
        text += str(game) + "\n\n"
    (HERE / name).write_text(text)


def lichess(variant_name, site):
    return [
        ("Event", f"Rated {variant_name} game"),
        ("Site", f"https://lichess.org/{site}"),
        ("Date", "2026.11.30"),
        ("White", "anon1"),
        ("Black", "anon2"),
        ("Result", "*"),
        ("Variant", variant_name),
        ("TimeControl", "180+2"),
    ]


def main():
    cases = [
        ("variant-crazyhouse.pgn", chess.variant.CrazyhouseBoard, "Crazyhouse", 11),
        ("variant-atomic.pgn", chess.variant.AtomicBoard, "Atomic", 12),
        ("variant-antichess.pgn", chess.variant.AntichessBoard, "Antichess", 13),
        ("variant-king-of-the-hill.pgn", chess.variant.KingOfTheHillBoard, "King of the Hill", 14),
        ("variant-three-check.pgn", chess.variant.ThreeCheckBoard, "Three-check", 15),
        ("variant-horde.pgn", chess.variant.HordeBoard, "Horde", 16),
        ("variant-racing-kings.pgn", chess.variant.RacingKingsBoard, "Racing Kings", 17),
    ]
    for name, board_class, variant_name, seed in cases:
        games = [
            game_of(board_class, seed * 100 + k, lichess(variant_name, f"v{seed}g{k}"))[0]
            for k in range(3)
        ]
        write(
            name,
            f"lichess {variant_name} games (Variant tag as lichess writes it)",
            ["read 3"],
            games,
        )

    # A Crazyhouse game with no Variant tag: its drops tell.
    game, _ = game_of(chess.variant.CrazyhouseBoard, 2101, lichess("Crazyhouse", "notag"))
    del game.headers["Variant"]
    game.headers["Event"] = "Casual game"
    write(
        "variant-crazyhouse-no-tag.pgn",
        "a Crazyhouse game without a Variant tag, whose moves drop pieces",
        ["read", 'warning "read as Crazyhouse"'],
        [game],
    )

    # Pockets in a FEN tag, both ways FEN writes them.
    fen = "r1bqkb1r/ppp2ppp/2n2n2/4p3/4P3/2N2N2/PPP2PPP/R1BQKB1R[Pp] w KQkq - 0 5"
    bracket, _ = game_of(chess.variant.CrazyhouseBoard, 2201, lichess("Crazyhouse", "fen1"), fen)
    slash, _ = game_of(chess.variant.CrazyhouseBoard, 2202, lichess("Crazyhouse", "fen2"), fen)
    slash.headers["FEN"] = slash.headers["FEN"].replace("PPP2PPP/R1BQKB1R[Pp]", "PPP2PPP/R1BQKB1R/Pp")
    write(
        "variant-crazyhouse-fen-pockets.pgn",
        "Crazyhouse from a FEN with pockets, written [Pp] and /Pp",
        ["read 2"],
        [bracket, slash],
    )

    # Three-check from a FEN: checks left as lichess writes them (3+3 field) and as the
    # older form appends them (+1+2: checks given).
    fen = "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2+3 0 3"
    lichess_form, _ = game_of(
        chess.variant.ThreeCheckBoard, 2301, lichess("Three-check", "fen3"), fen
    )
    old_form, _ = game_of(
        chess.variant.ThreeCheckBoard, 2302, lichess("Three-check", "fen4"), fen
    )
    old_form.headers["FEN"] = (
        "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3 +1+0"
    )
    write(
        "variant-three-check-fen-counters.pgn",
        "Three-check from a FEN with the checks counted (2+3, and +1+0 appended)",
        ["read 2"],
        [lichess_form, old_form],
    )

    # chess.com's names of the variants.
    koth, _ = game_of(chess.variant.KingOfTheHillBoard, 2401, lichess("King of the Hill", "c1"))
    koth.headers["Site"] = "Chess.com"
    three, _ = game_of(chess.variant.ThreeCheckBoard, 2402, lichess("3-check", "c2"))
    three.headers["Site"] = "Chess.com"
    write(
        "variant-chesscom-names.pgn",
        "chess.com's names of the variants: King of the Hill, 3-check",
        ["read 2"],
        [koth, three],
    )


if __name__ == "__main__":
    main()
