"""`Position` for every draughts variant and chess variant, proven against references nobody
here wrote: published perft tables, python-chess (chess and its variants: legal moves, FEN,
SAN) and pydraughts 0.6.7 (International, American, Russian and Brazilian draughts: pieces,
side to move and legal moves after every move).

pydraughts numbers the squares of Russian and Brazilian draughts from White's side: its
square p is on rank (p - 1) // 4 + 1, the ((p - 1) % 4)-th dark square of that rank from
the a-file (1 = a1, 2 = c1, 4 = g1, 5 = b2, 32 = h8), and its FEN names squares
algebraically (`Wa1,c3`). PDN (and this package) numbers them from Black's side, as in
American checkers (1 = b8, 4 = h8, 29 = a1, 32 = g1): the same square of each rank, the ranks
in the other order, so PDN's n = (7 - (p - 1) // 4) * 4 + (p - 1) % 4 + 1 (pydraughts' 9-13,
a3-b4, is PDN's 21-17); the map is its own inverse. Its International and American numbers
are PDN's.
"""

import doctest
import random
import re
from pathlib import Path

# python-chess and pydraughts are pinned in scripts/python-tests: imported, not skipped, so
# that a missing one fails rather than passing by testing nothing.
import chess
import chess.variant
import draughts
import pytest

import scoresheet
from scoresheet import Position, ScoresheetError

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT.parent / "shared" / "data"
CHESS_VARIANT_PERFT = ROOT / "crates" / "scoresheet" / "tests" / "chess_perft"

DRAUGHTS = [
    "american", "international", "russian", "brazilian", "italian", "spanish", "pool", "czech",
    "thai", "frisian", "frysk", "antidraughts", "breakthrough", "killer", "canadian",
]
CHESS = ["standard", "chess960", "crazyhouse", "atomic", "antichess", "kingofthehill",
         "threecheck", "horde", "racingkings"]
LANGUAGES = ["en", "es", "eo", "fr", "de", "it", "pl", "nl", "pt"]
# Perft counts up to this many leaves are counted (half a second at most each).
MAX_LEAVES = 20_000_000


# --- perft against published tables --------------------------------------------------------

def chess_rows():
    """(FEN, depth, count) of the chessprogramming wiki's table (shared/data/perft/chess.txt)."""
    for line in (DATA / "perft" / "chess.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            fen, counts = line.split("\t")
            for depth, count in enumerate(map(int, counts.split()), 1):
                if count <= MAX_LEAVES:
                    yield fen, depth, count


def chess_variant_rows():
    """(variant, id, EPD, depth, count) of the variants' tables shakmaty's tests gathered."""
    names = {"3check": "threecheck"}
    for path in sorted(CHESS_VARIANT_PERFT.glob("*.perft")):
        variant = names.get(path.stem, path.stem)
        name = epd = None
        for line in path.read_text().splitlines():
            key, _, rest = line.partition(" ")
            if key == "id":
                name = rest
            elif key == "epd":
                epd = rest
            elif key == "perft":
                depth, count = map(int, rest.split())
                if count <= MAX_LEAVES:
                    yield variant, name, epd, depth, count


def draughts_rows():
    """(variant, FEN or None, depth, count) of the draughts tables (shared/data/perft), the
    counts that drop duplicate capture routes, as the package counts."""
    for name in ("draughts.txt", "draughts-more-variants.txt"):
        for line in (DATA / "perft" / name).read_text().splitlines():
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) == 4:
                variant, fen, counting, counts = fields
                if counting != "drop":
                    continue
            else:
                variant, fen, counts = fields
            fen = None if fen == "initial" else fen
            for depth, count in enumerate(map(int, counts.split()), 1):
                if count <= MAX_LEAVES:
                    yield variant, fen, depth, count


@pytest.mark.parametrize("fen,depth,count", list(chess_rows()))
def test_chess_perft(fen, depth, count):
    assert Position("chess", fen).perft(depth) == count


@pytest.mark.parametrize("variant,name,epd,depth,count", list(chess_variant_rows()),
                         ids=lambda v: str(v))
def test_chess_variant_perft(variant, name, epd, depth, count):
    assert Position(variant, epd).perft(depth) == count, name


@pytest.mark.parametrize("variant,fen,depth,count", list(draughts_rows()), ids=lambda v: str(v))
def test_draughts_perft(variant, fen, depth, count):
    assert Position(variant, fen).perft(depth) == count


def test_perft_tables_were_read():
    # The tables above, not empty lists that pass by testing nothing.
    variants = {row[0] for row in chess_variant_rows()}
    assert variants == {"atomic", "antichess", "crazyhouse", "horde", "racingkings", "threecheck"}
    assert {row[0] for row in draughts_rows()} >= {"american", "international", "russian",
                                                   "brazilian", "italian", "frisian", "canadian"}
    assert sum(1 for _ in chess_rows()) >= 20


def test_perft_counts_what_legal_moves_lists():
    # perft(1) is the number of legal moves, and perft(2) their replies', in each family.
    for variant in DRAUGHTS + CHESS:
        p = Position(variant)
        assert p.perft(0) == 1
        assert p.perft(1) == len(p.legal_moves), variant
        assert p.perft(2) == sum(len(p.play(m).legal_moves) for m in p.legal_moves), variant


# --- moves written in every notation read back ---------------------------------------------

def chess_texts(move):
    """Every way `move` can be written, with the language that reads it."""
    yield move.uci(), "en"
    for notation in ("san", "long", "uci", "desc-en"):
        yield move.text(notation=notation), "en"
    yield move.text(notation="desc-es"), "es"
    for lang in LANGUAGES:
        yield move.san(lang), lang
        yield move.text(lang=lang, figurine=True), lang
        yield move.text(notation="long", lang=lang), lang
        yield move.text(lang=lang, zeros=True, double_plus_mate=True), lang


def round_trip(position, texts):
    """Reads every text of every legal move back; the number of texts read."""
    read = 0
    for move in position.legal_moves:
        for text, lang in texts(move):
            assert position.parse_move(text, lang=lang) == move, (position.fen(), text, lang)
            read += 1
    return read


def test_chess_moves_read_back_in_every_notation():
    fens = [fen for fen, depth, _ in chess_rows() if depth == 1]
    fens += ["4k3/8/8/8/8/8/8/4K2R w K - 0 1",  # Rf1: English's rook, French's king
             "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
             "8/P1k5/8/8/8/8/1p6/4K3 w - - 0 1",  # promotions
             "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"]  # en passant
    read = sum(round_trip(Position("chess", fen), chess_texts) for fen in fens)
    assert read > 8_000


@pytest.mark.parametrize("variant", CHESS)
def test_chess_variant_moves_read_back(variant):
    rng = random.Random(variant)
    p = Position(variant)
    read = 0
    for _ in range(60):
        if not p.legal_moves:
            break
        read += round_trip(p, lambda m: [(m.uci(), "en"), (m.san(), "en"), (m.text(notation="long"), "en"),
                                         (m.san("de"), "de"), (m.text(figurine=True), "en")])
        p.push(rng.choice(p.legal_moves))
    assert read > 500


@pytest.mark.parametrize("variant", DRAUGHTS)
def test_draughts_moves_read_back_in_every_notation(variant):
    rng = random.Random(variant)
    read = 0
    for _ in range(4):
        p = Position(variant)
        for _ in range(150):
            moves = p.legal_moves
            if not moves:
                break
            read += round_trip(p, lambda m: [(m.san(), None), (m.uci(), None),
                                             (m.text(squares="numeric"), None),
                                             (m.text(squares="algebraic"), None)])
            p.push(rng.choice(moves))
    assert read > 1000


# Captures from one square to another that take different pieces, from seeded random games:
# the International king on 49 has four routes (two pairs end on the same square), the
# Russian man on b4 (17) two routes ending on b8 (1).
AMBIGUOUS = [("international", "B:W30,32,34,44,45,46:B5,17,K49", 4),
             ("russian", "W:W17,21,23,26,29,30,32:B4,6,7,8,11,14,16,28", 2)]


@pytest.mark.parametrize("variant,fen,count", AMBIGUOUS)
def test_draughts_captures_told_apart_by_their_route(variant, fen, count):
    p = Position(variant, fen)
    moves = p.legal_moves
    ends = [(m.from_square, m.to_square) for m in moves]
    routes = [m for m in moves if ends.count((m.from_square, m.to_square)) > 1]
    assert len(routes) == count
    assert len({frozenset(m.captured) for m in routes}) > 1
    for m in routes:
        # Written with a middle square, and read back to the same move.
        assert len(re.split("[x:]", m.san())) > 2, m.san()
        assert p.parse_move(m.san()) == m and p.parse_move(m.uci()) == m
        assert p.play(m) == p.play(m.san()) != p


# --- against python-chess ------------------------------------------------------------------


PGN_FILES = sorted((DATA / "chess").glob("*.pgn"))
GAMES_PER_FILE = 120


def their_board(variant, fen=None):
    cls = {"standard": chess.Board, "chess960": chess.Board}.get(variant) or chess.variant.find_variant(variant)
    board = cls(fen, chess960=variant == "chess960") if fen else cls(chess960=variant == "chess960")
    return board


@pytest.mark.parametrize("path", PGN_FILES, ids=lambda p: p.name)
def test_legal_moves_and_fen_equal_python_chess_along_real_games(path):
    compared = sans = 0
    games = 0
    for game in scoresheet.read_games(str(path)):
        if games == GAMES_PER_FILE:
            break
        if game.error is not None or game.variant != "standard":
            continue
        games += 1
        fen = game.headers.get("FEN")
        ours = Position("chess", fen)
        theirs = chess.Board(fen) if fen else chess.Board()
        assert ours.fen() == theirs.fen()
        for ply, uci in enumerate(game.moves):
            legal = {m.uci() for m in ours.legal_moves}
            assert legal == {m.uci() for m in theirs.legal_moves}, (path.name, games, ply, ours.fen())
            assert ours.is_checkmate() == theirs.is_checkmate()
            assert ours.is_stalemate() == theirs.is_stalemate()
            if ply % 8 == 0:
                # SAN of every legal move, as python-chess writes it.
                for m in ours.legal_moves:
                    assert m.san() == theirs.san(chess.Move.from_uci(m.uci())), ours.fen()
                    sans += 1
            ours.push(uci)
            theirs.push_uci(uci)
            assert ours.fen() == theirs.fen(), (path.name, games, ply)
            compared += 1
        assert ours.turn == theirs.turn
        end = theirs.outcome()
        if end is not None and end.termination in (chess.Termination.CHECKMATE, chess.Termination.STALEMATE):
            assert ours.outcome().winner == end.winner and ours.outcome().result() == end.result()
    assert compared >= 2000 and sans >= 1000, (compared, sans)


def comparable(fen, variant):
    """The FEN's fields, where the two programs write Crazyhouse's differently: the pieces in
    hand in one order (shakmaty writes `[PR]`, python-chess `[RP]`), and no halfmove clock
    (after a pawn drop shakmaty sets it to 0 and python-chess adds one: its push returns
    before zeroing on drops, though its own is_zeroing counts a pawn drop; Crazyhouse has no
    fifty-move rule to use it)."""
    fields = fen.split(" ")
    if variant == "crazyhouse":
        board, _, pocket = fields[0].partition("[")
        fields[0] = board + "[" + "".join(sorted(pocket.rstrip("]"))) + "]"
        del fields[4]
    return fields


@pytest.mark.parametrize("variant", CHESS)
def test_chess_variants_equal_python_chess_in_random_games(variant):
    rng = random.Random(variant)
    compared = 0
    for _ in range(12):
        ours, theirs = Position(variant), their_board(variant)
        assert ours.fen() == theirs.fen()
        for _ in range(150):
            legal = sorted(m.uci() for m in ours.legal_moves)
            assert legal == sorted(m.uci() for m in theirs.legal_moves), ours.fen()
            over = theirs.is_variant_end() or theirs.is_checkmate() or theirs.is_stalemate() or (
                theirs.is_insufficient_material())
            assert ours.is_game_over() == over, ours.fen()
            if not legal or over:
                break
            uci = rng.choice(legal)
            ours.push(uci)
            theirs.push_uci(uci)
            assert comparable(ours.fen(), variant) == comparable(theirs.fen(), variant)
            compared += 1
    assert compared > 300


def test_board_diagram_is_python_chess_s():
    p = Position("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    assert str(p) == str(chess.Board(p.fen()))


# --- against pydraughts ------------------------------------------------------------------

DRAUGHTS_FILES = sorted((DATA / "draughts").rglob("*.pdn"))
# pydraughts' names of the variants compared.
PYDRAUGHTS = {"international": "standard", "american": "english", "russian": "russian",
              "brazilian": "brazilian"}
# Games replayed from each file, by variant: pydraughts plays a few International games a
# second; the American files with moves are fewer (most are positions without moves).
GAMES_PER_DRAUGHTS_FILE = {"international": 2, "american": 6, "brazilian": 1}


def pdn_number(variant):
    """pydraughts' square number to PDN's (see the module's docstring)."""
    if variant in ("russian", "brazilian"):
        return lambda p: (7 - (p - 1) // 4) * 4 + (p - 1) % 4 + 1
    return lambda p: p


def square_number(name):
    """A FEN square, a number or an algebraic name of the 8×8 board, as PDN's number."""
    if name[0].isdigit():
        return int(name)
    file, rank = ord(name[0]) - ord("a"), int(name[1:])
    return (8 - rank) * 4 + file // 2 + 1


def pieces(fen):
    """The side to move and {PDN square: man or king of a colour} of a FEN."""
    side, *lists = fen.split(":")
    board = {}
    for lst in lists:
        colour, squares = lst[0], lst[1:]
        for item in filter(None, squares.split(",")):
            king = item.startswith("K")
            board[square_number(item.lstrip("K"))] = colour.upper() if king else colour.lower()
    return side, board


def our_moves(position):
    return {(m.from_square, m.to_square, frozenset(m.captured)) for m in position.legal_moves}


def their_moves(board, variant):
    number = pdn_number(variant)
    found = {}
    for m in board.legal_moves():
        key = (number(m.steps_move[0]), number(m.steps_move[-1]),
               frozenset(number(c) for c in (m.captures or [])))
        found.setdefault(key, m)
    return found


def their_fen(fen, variant):
    """Our FEN as pydraughts reads it: Russian and Brazilian squares by algebraic name (it
    reads numbers there in its own numbering)."""
    if variant not in ("russian", "brazilian"):
        return fen

    def name(item):
        king, n = ("K", int(item[1:])) if item.startswith("K") else ("", int(item))
        row = (n - 1) // 4  # from the top
        file = 2 * ((n - 1) % 4) + (1 if row % 2 == 0 else 0)
        return f"{king}{'abcdefgh'[file]}{8 - row}"

    side, *lists = fen.split(":")
    return ":".join([side] + [lst[0] + ",".join(name(i) for i in filter(None, lst[1:].split(","))) for lst in lists])


def replay_both(variant, ours, moves):
    """Plays `moves` (Move objects or texts) on `ours` and on pydraughts' Board set up from its
    FEN, comparing the pieces and the side to move after each, and the legal moves before each;
    the plies compared."""
    board = draughts.Board(variant=PYDRAUGHTS[variant], fen=their_fen(ours.fen(), variant))
    assert pieces(board.fen) == pieces(ours.fen()), (variant, board.fen, ours.fen())
    plies = 0
    for text in moves:
        theirs = their_moves(board, variant)
        assert set(theirs) == our_moves(ours), (variant, ours.fen(), plies)
        move = ours.push(text)
        board.push(theirs[(move.from_square, move.to_square, frozenset(move.captured))])
        assert pieces(board.fen) == pieces(ours.fen()), (variant, plies, board.fen, ours.fen())
        plies += 1
    assert set(their_moves(board, variant)) == our_moves(ours)
    return plies


@pytest.mark.parametrize("variant,fen,count", AMBIGUOUS)
def test_ambiguous_captures_equal_pydraughts(variant, fen, count):
    # Each route played on both boards: the same pieces taken, the same position after.
    for move in Position(variant, fen).legal_moves:
        assert replay_both(variant, Position(variant, fen), [move]) == 1


@pytest.mark.parametrize("variant", ["international", "american", "brazilian"])
def test_positions_equal_pydraughts_along_real_games(variant):
    plies = games = 0
    for path in DRAUGHTS_FILES:
        taken = 0
        for game in scoresheet.read_games(str(path)):
            if taken == GAMES_PER_DRAUGHTS_FILE[variant]:
                break
            if game.error is not None or game.variant != variant or not game.moves:
                continue
            taken += 1
            start = Position(variant, game.headers.get("FEN"))
            plies += replay_both(variant, start, game.moves)
        games += taken
    assert games > 0 and plies > 0, "nothing compared"
    if variant != "brazilian":
        assert games >= 20 and plies >= 1000, (games, plies)


@pytest.mark.parametrize("variant", ["russian", "brazilian", "international", "american"])
def test_positions_equal_pydraughts_in_random_games(variant):
    rng = random.Random(variant)
    plies = 0
    for _ in range(10):
        p = Position(variant)
        moves = []
        for _ in range(120):
            if not p.legal_moves:
                break
            moves.append(p.push(rng.choice(p.legal_moves)))
        plies += replay_both(variant, Position(variant), moves)
    assert plies > 300


def test_pydraughts_numbering_map():
    # Its first moves of Russian, mapped, are PDN's; and the map is its own inverse.
    board = draughts.Board(variant="russian")
    number = pdn_number("russian")
    theirs = sorted(f"{number(m.steps_move[0])}-{number(m.steps_move[-1])}" for m in board.legal_moves())
    assert theirs == sorted(m.uci() for m in Position("russian").legal_moves)
    assert all(number(number(p)) == p for p in range(1, 33))
    assert number(9) == 21 and number(13) == 17


# --- the API ----------------------------------------------------------------------------

def test_variants_by_name():
    for name in DRAUGHTS:
        p = Position(name)
        assert p.variant == p.rules == name and Position.from_fen(p.fen(), variant=name) == p
    for name in CHESS:
        p = Position(name)
        assert p.variant == name and p.rules == "chess"
    assert Position("english").variant == "american"
    assert Position().variant == Position("standard").variant == "standard"
    assert Position("3-check").variant == "threecheck"
    assert scoresheet.Board is Position


def test_unknown_variant_is_a_value_error():
    with pytest.raises(ValueError, match="no-such-game"):
        Position("no-such-game")


@pytest.mark.parametrize("variant,fen", [("chess", "not a fen"), ("chess", "8/8/8/8/8/8/8/8 w - - 0 1"),
                                         ("international", "W:W51"), ("american", "W:W26,26"),
                                         ("crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Zz] w - - 0 1")])
def test_bad_fen_is_a_scoresheet_error(variant, fen):
    with pytest.raises(ScoresheetError, match="FEN"):
        Position(variant, fen)
    with pytest.raises(ScoresheetError):
        Position.from_fen(fen, variant=variant)


def test_illegal_push_names_the_move_and_changes_nothing():
    p = Position()
    p.push("e4")
    before = p.copy()
    for text in ("Ke3", "e2e4", "zz9", "32-28"):
        with pytest.raises(ScoresheetError, match=re.escape(text)):
            p.push(text)
        assert p == before
    d = Position("international")
    with pytest.raises(ScoresheetError, match="32-27x"):
        d.push("32-27x")
    with pytest.raises(ScoresheetError, match="e2e4"):
        p.push(Position().parse_move("e2e4"))  # a Move of another position
    with pytest.raises(TypeError):
        p.push(42)
    with pytest.raises(ValueError):
        p.push("Nf6", lang="klingon")
    assert not p.is_legal("Ke3") and p.is_legal("Nf6")


def test_push_play_pop_copy():
    p = Position("american")
    assert p.turn is False  # Black moves first in American checkers
    q = p.play("11-15")
    assert p == Position("american") and q != p and q.turn is True
    moved = p.push("11-15")
    assert p == q and moved.uci() == "11-15" and p.move_stack == [moved]
    c = p.copy()
    c.push("23-19")
    assert len(p.move_stack) == 1 and len(c.move_stack) == 2
    assert c.pop().uci() == "23-19" and c == p
    assert p.pop() == moved and p == Position("american")
    with pytest.raises(IndexError):
        p.pop()
    chess_board = Position()
    assert chess_board.push_san("Nf3").san() == "Nf3" and chess_board.turn is False
    assert chess_board.push_uci("d7d5").uci() == "d7d5"
    assert chess_board.parse_san("Sc3", lang="de").uci() == "b1c3"


def test_repr_shows_the_fen_and_reads_back():
    p = Position("crazyhouse").play("e4")
    assert p.fen() in repr(p)
    assert eval(repr(p), {"Position": Position}) == p
    assert str(Position("international").fen()) in repr(Position("international"))


def test_outcomes():
    mate = Position("chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert mate.is_game_over() and mate.is_checkmate()
    assert (mate.outcome().winner, mate.outcome().termination, mate.outcome().result()) == (
        False, "checkmate", "0-1")
    stale = Position("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stale.is_stalemate() and stale.outcome().winner is None and stale.outcome().result() == "1/2-1/2"
    assert Position().outcome() is None and not Position().is_game_over()
    hill = Position("kingofthehill", "4k3/8/8/4K3/8/8/8/8 b - - 0 1")
    assert hill.outcome().winner is True and hill.outcome().termination == "variant-win"
    # Draughts: the side without a move loses; results written the variant's way.
    blocked = Position("international", "W:W46:B41,37")
    assert blocked.legal_moves == [] and blocked.outcome().winner is False
    assert blocked.outcome().result() == "0-2"
    american = Position("american", "W:W32:B23,24,27,28")
    assert american.outcome().winner is False and american.outcome().result() == "1-0"


def test_docstring_examples():
    for obj in (scoresheet.Position, scoresheet):
        finder = doctest.DocTestFinder()
        runner = doctest.DocTestRunner()
        for test in finder.find(obj, globs={"scoresheet": scoresheet}):
            runner.run(test)
        assert runner.failures == 0 and runner.tries > 0
