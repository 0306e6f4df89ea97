"""The view's public ``last_events`` (issue 13 item 4): the events of the last applied move
(rules §13: all public, a pick's content withheld), a copy; old snapshots still load."""

from __future__ import annotations

from games.ai import RandomPlayer
from games.empire_engine import GAME
from renderers.empire_engine import last_text
from renderers.kit import Board


def test_last_events_are_the_last_moves_events_and_word_the_last_line() -> None:
    players = ["A", "B", "C"]
    s = GAME.setup(players, {}, 3)
    assert GAME.view(s, None)["last_events"] == []
    ai = RandomPlayer(3)
    for k in range(40):
        p = GAME.actors(s)[0]
        s, ev = GAME.apply(s, p, ai.choose(GAME, s, p, k))
        view = GAME.view(s, None)
        assert view["last_events"] == ev
        if view["last_events"]:
            view["last_events"][0]["type"] = "changed"
            assert GAME.view(s, None)["last_events"] == ev
    board = Board.new(100, players, None, None, None)
    first = GAME.apply(
        GAME.setup(players, {}, 3), "A", GAME.legal_moves(GAME.setup(players, {}, 3), "A")[0]
    )[0]
    assert last_text(board, GAME.view(first, None)).startswith("A laid card ")


def test_pick_content_stays_out_of_the_public_last_events() -> None:
    s = GAME.setup(["A", "B"], {}, 5)
    ai = RandomPlayer(5)
    for k in range(60):
        if GAME.is_over(s):
            break
        p = GAME.actors(s)[0]
        s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, k))
        for e in GAME.view(s, None)["last_events"]:
            if e["type"] == "picked":
                assert set(e) == {"type", "player", "step"}


def test_snapshot_from_before_last_events_loads() -> None:
    s = GAME.setup(["A", "B"], {}, 1)
    data = GAME.dump(s)
    del data["last_events"]
    assert GAME.view(GAME.load(data), None)["last_events"] == []
