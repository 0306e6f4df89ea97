"""The view's public ``last_events`` (issue 13 item 4): the events of the last applied move
(rules §19.4: all public, war numbers withheld until the reveal), a copy; a state from before
the field (or before the first move) gives none."""

from __future__ import annotations

from games.ai import RandomPlayer
from games.tek import GAME
from renderers.kit import Board
from renderers.tek import last_text


def test_last_events_are_the_last_moves_events() -> None:
    players = ["A", "B"]
    s = GAME.setup(players, {}, 4)
    assert GAME.view(s, None)["last_events"] == []
    ai = RandomPlayer(4)
    for k in range(80):
        if GAME.is_over(s):
            break
        p = GAME.actors(s)[0]
        s, ev = GAME.apply(s, p, ai.choose(GAME, s, p, k))
        view = GAME.view(s, None)
        assert view["last_events"] == ev
        for e in view["last_events"]:
            if e["type"] == "war_die_set":
                assert set(e) == {"type", "player"}
    old = GAME.dump(s)
    old.pop("last_events", None)
    assert GAME.view(GAME.load(old), None)["last_events"] == []


def test_last_line_words_a_war_number_without_its_value() -> None:
    board = Board.new(100, ["A", "B"], None, None, None)
    view = {"turn": 3, "last_events": [{"type": "war_die_set", "player": "B"}]}
    assert last_text(board, view) == "B set a secret war number."
