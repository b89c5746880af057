"""Writing back: every shared game file written in every notation the command line offers
reads back to the same games (the same moves, results and errors)."""


import pytest

import scoresheet
from conftest import DATA

FILES = sorted(p for p in DATA.rglob("*") if p.suffix.lower() in (".pdn", ".pgn") and p.stat().st_size < 8_000_000)

LANGS = ["en", "es", "eo", "fr", "de", "it", "pl", "nl", "pt"]
CHESS = (
    [dict(notation="san", lang=lang) for lang in LANGS]
    + [dict(notation="long", lang=lang) for lang in ("en", "de", "fr")]
    + [dict(notation="san", figurine=True), dict(notation="long", figurine=True)]
    + [dict(notation="uci"), dict(notation="descriptive"), dict(notation="descriptive", lang="es")]
    + [dict(notation="desc-es"), dict(notation="desc-en", double_plus_mate=True, zeros=True)]
    + [dict(notation="san", width=0, glyphs=True)]
)
DRAUGHTS = [
    dict(squares="numeric"),
    dict(squares="algebraic"),
    dict(separator=":"),
    dict(full_path=True),
    dict(squares="algebraic", full_path=True, separator="x"),
]


def summary(games, undecided):
    """What must survive a round trip: each game's rules, main line ids, winner, error (a
    draughts result may be written in the variant's own form: `1-0` becomes `2-0`). A game
    that several variants replay with nothing to decide (game numbers in `undecided`) is
    written without a GameType, and its squares written another way may decide otherwise on
    reading (`c3-d4` reads Russian-like, `21-17` Italian-like): its moves count stays."""
    return [
        (g.plies, g.winner, g.error is None)
        if i in undecided
        else (g.rules, [m.uci() for m in g.mainline_moves()], g.winner, g.error is None)
        for i, g in enumerate(games)
    ]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(DATA)))
def test_every_notation_reads_back(path, tmp_path):
    games = list(scoresheet.read_games(str(path)))
    undecided = {i for i, g in enumerate(games) if g.variant_source == "undecided"}
    before = summary(games, undecided)
    families = {g.rules == "chess" for g in games if g.error is None}
    styles = (CHESS if True in families else []) + (DRAUGHTS if False in families else [])
    assert styles or not any(g.error is None for g in games)
    for style in styles:
        # Written to a file of the same suffix: a `.pgn` file leans to chess for a game
        # that shows no family, as the command line reads it.
        out = tmp_path / path.name
        scoresheet.write_games(games, str(out), **style)
        again = list(scoresheet.read_games(str(out)))
        assert summary(again, undecided) == before, (path, style)


def test_a_game_in_descriptive_and_back(tmp_path):
    game = scoresheet.read_game("1. P4R P4R 2. C3AR C3AD 3. A5C *")
    assert [m.san() for m in game.mainline_moves()] == ["e4", "e5", "Nf3", "Nc6", "Bb5"]
    assert game.pdn(notation="descriptive", width=0).startswith("1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5")
    assert game.pdn(lang="de", width=0).startswith("1. e4 e5 2. Sf3 Sc6 3. Lb5")
    path = tmp_path / "out.pgn"
    assert scoresheet.write_games([game], str(path), notation="uci") is None
    assert path.read_text().startswith("1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 *")


def test_bad_games_pass_through_or_are_left_out():
    text = '[Event "bad"]\n1. e4 e5 2. Ke3 *\n\n[Event "good"]\n1. d4 d5 *\n'
    games = list(scoresheet.read_games(text.encode()))
    assert games[0].error is not None and games[0].headers == {"Event": "bad"}
    written = scoresheet.write_games(games, notation="uci")
    assert written.startswith('[Event "bad"]\n1. e4 e5 2. Ke3 *\n\n[Event "good"]')
    assert "1. d2d4 d7d5 *" in written
    assert "bad" not in scoresheet.write_games(games, skip_bad=True)
    with pytest.raises(ValueError):
        scoresheet.write_games(games, notation="fen")
    with pytest.raises(ValueError):
        scoresheet.write_games(games, lang="xx")
    with pytest.raises(TypeError):
        scoresheet.write_games(games, colour="blue")
