"""The Majesty presenter: labels, event lines, option specs and the rules summary."""

from __future__ import annotations

from bot.text.presenters import get
from bot.text.presenters.majesty import PRESENTER
from games.ai import RandomPlayer
from games.majesty import GAME
from tests.majesty.helpers import build


def name(pid: str) -> str:
    return {"a": "Čeněk Řežábek", "b": "Bob"}.get(pid, pid)


def test_registered_and_limits() -> None:
    assert get("majesty") is PRESENTER or get("majesty").game_id == "majesty"
    assert PRESENTER.private_prompts is False
    assert len(PRESENTER.rules_text()) <= 3500
    assert "majesty.rules" not in PRESENTER.rules_text()


def test_sides_choices() -> None:  # the generic option checks: tests/bot/test_presenters.py
    specs = {s.name: s for s in PRESENTER.option_specs}
    sides = specs["sides"]
    assert sides.kind == "text" and 2 <= len(sides.choices) <= 25
    values = [v for _, v in sides.choices]
    assert len(set(values)) == len(values) and "AAAAAAAA" in values and "BBBBBBBB" in values
    for label, value in sides.choices:
        assert 0 < len(label) <= 100
        GAME.setup(["a", "b"], {"sides": value}, 0)  # every choice is accepted


def test_labels_and_event_lines_over_random_playouts() -> None:
    for n, options, seed in [
        (2, {}, 1),
        (3, {"sides": "B"}, 2),
        (4, {"sides": "ABABABAB", "mixed_deck": True}, 3),
    ]:
        players = ["a", "b", "c", "d"][:n]
        state = GAME.setup(players, options, seed)
        ai = RandomPlayer(seed)
        step = 0
        while not GAME.is_over(state):
            player = GAME.actors(state)[0]
            view = GAME.view(state, player)
            moves = GAME.legal_moves(state, player)
            labels = [PRESENTER.move_label(view, m, name) for m in moves]
            assert all(0 < len(lb) <= 80 for lb in labels), labels
            assert len(set(labels)) == len(labels), labels
            for m in moves:
                d = PRESENTER.move_description(view, m, name)
                assert d is None or 0 < len(d) <= 100
            prompt = PRESENTER.prompt_text(view, player, name)
            assert prompt and "majesty." not in prompt
            assert "majesty." not in PRESENTER.status_text(GAME.view(state, None), name)
            state, events = GAME.apply(state, player, ai.choose(GAME, state, player, step))
            step += 1
            for e in events:
                line = PRESENTER.event_text(e, name)
                assert line is None or (line and "majesty." not in line and "{" not in line)
        status = PRESENTER.status_text(GAME.view(state, None), name)
        assert "Game over" in status
        assert PRESENTER.hand_text(GAME.view(state, "a"), name) is None


def test_take_label_shows_cost_in_meeples() -> None:
    s = build(["a", "b"], display=[1, 12, (27, 2), 15, 18, 8])
    v = GAME.view(s, "a")
    labels = [PRESENTER.move_label(v, m, name) for m in GAME.legal_moves(s, "a")]
    assert labels[0] == "Take Miller (free)"
    assert labels[1] == "Take Witch (cost 1 meeple)"
    assert labels[2] == "Take Miller/Knight (cost 2 meeples, +2 on it)"
    s2, _ = GAME.apply(s, "a", {"type": "take", "index": 2})
    v2 = GAME.view(s2, "a")
    assert [PRESENTER.move_label(v2, m, name) for m in GAME.legal_moves(s2, "a")] == [
        "Place as Miller at the Mill",
        "Place as Knight at the Barracks",
    ]


def test_exchange_labels() -> None:
    s = build(
        ["a", "b"],
        sides="B",
        realms={"a": {"points": 15, "castle": [22]}},
        display=[1, 2, 3, 23, 12, 13],
    )
    s2, _ = GAME.apply(s, "a", {"type": "take", "index": 3})
    v = GAME.view(s2, "a")
    labels = [PRESENTER.move_label(v, m, name) for m in GAME.legal_moves(s2, "a")]
    assert labels == [
        "Sell 2 meeples for 2 points",
        "Sell 1 meeple for 1 point",
        "No exchange",
        "Buy 1 meeple for 1 point",
        "Buy 2 meeples for 2 points",
        "Buy 3 meeples for 3 points",
    ]
    assert "Castle exchange" in PRESENTER.prompt_text(v, "a", name)
