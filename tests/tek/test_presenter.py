"""The tek presenter: labels for every legal move (worded from the engine's preview, as the bot
passes it), a line for every event, options, rules."""

from __future__ import annotations

import random

import pytest

import bot.text.catalog_en  # noqa: F401  (the host texts the status falls back on)
from bot.text.presenters import get
from bot.text.presenters.tek import PRESENTER
from games.tek import GAME


def name(player: str) -> str:
    return {"100": "Čeněk Řežábek", "101": "Bára", "102": "Jarmil"}.get(player, f"P{player}")


@pytest.mark.parametrize(
    ("n", "options", "seed"),
    [
        (2, {}, 1),
        (3, {"factions": "draft", "exploration": True}, 2),
        (4, {"exploration": True}, 3),
        (5, {"exploration": True}, 4),
        (5, {}, 5),
    ],
)
def test_labels_and_event_lines(n: int, options: dict, seed: int) -> None:
    players = [str(100 + i) for i in range(n)]
    state = GAME.setup(players, options, seed)
    rng = random.Random(seed)
    seen_steps: set[str] = set()
    steps = 0
    while not GAME.is_over(state) and steps < 3000:
        actor = GAME.actors(state)[0]
        view = GAME.view(state, actor)
        moves = GAME.legal_moves(state, actor)
        assert len(moves) <= 25
        previews = [GAME.preview(state, actor, m) for m in moves]
        labels = [
            PRESENTER.move_label(view, m, name, pv) for m, pv in zip(moves, previews, strict=True)
        ]
        assert all(0 < len(lbl) <= 80 and "{" not in lbl for lbl in labels), labels
        assert all("?" not in lbl for lbl in labels), labels  # every number came from a preview
        assert len(set(labels)) == len(labels), labels
        for m, pv in zip(moves, previews, strict=True):
            d = PRESENTER.move_description(view, m, name, pv)
            assert d is None or (0 < len(d) <= 100 and "{" not in d)
        prompt = PRESENTER.prompt_text(view, actor, name)
        assert prompt and "{" not in prompt and not prompt.startswith("tek.")
        seen_steps.add(view["step"]["name"])
        state, events = GAME.apply(state, actor, moves[rng.randrange(len(moves))])
        for e in events:
            line = PRESENTER.event_text(e, name)
            assert line is None or (line and "{" not in line and "tek." not in line), e
        assert PRESENTER.status_text(GAME.view(state, None), name)
        hand = PRESENTER.hand_text(GAME.view(state, actor), name)
        assert hand is None or "tek." not in hand
        steps += 1
    assert GAME.is_over(state)
    assert "Game over" in PRESENTER.status_text(GAME.view(state, None), name)
    assert {"select", "respond"} <= seen_steps


def test_rules_text_and_registry() -> None:
    text = PRESENTER.rules_text()
    assert 500 < len(text) <= 3500
    assert "factions" in text and "exploration" in text
    assert get("tek") is PRESENTER


def test_war_labels_and_private_hand() -> None:
    from tests.tek.helpers import build, play, turn

    s = build(
        {"100": "1A", "101": "2A", "102": "3A"},
        res={"100": (2, 0, 0)},
        meeples={"2A-c": ["100"], "1A-a": ["100"], "2A-d": ["101"], "2A-a": ["101"]},
    )
    s = turn(s, "patrol", ["100", "101", "102"])
    s, _ = play(
        s,
        ("100", {"type": "perform", "action": "patrol"}),
        ("100", {"type": "move_from", "region": "2A-c"}),
    )
    view = GAME.view(s, "100")
    move = {"type": "move_to", "region": "2A-d"}
    assert PRESENTER.move_label(view, move, name, GAME.preview(s, "100", move)) == (
        "Move to 2A-d forest: war with Bára"
    )
    s, ev = play(
        s, ("100", {"type": "move_to", "region": "2A-d"}), ("100", {"type": "war_die", "value": 4})
    )
    lines = [PRESENTER.event_text(e, name) for e in ev]
    assert "Čeněk Řežábek has set a war die." in lines
    assert not any("4" in (line or "") for line in lines[-1:])
    hand = PRESENTER.hand_text(GAME.view(s, "100"), name)
    assert "Your war die: 4" in hand
    assert "war die" not in (PRESENTER.hand_text(GAME.view(s, "101"), name) or "").split(
        "You can afford"
    )[0].lower().replace("set a war die", "")
    assert (
        PRESENTER.move_label(GAME.view(s, "101"), {"type": "war_die", "value": "flag"}, name)
        == "War die: white flag (costs nothing)"
    )
    assert (
        PRESENTER.move_label(GAME.view(s, "101"), {"type": "war_die", "value": 3}, name)
        == "War die: 3"
    )


def test_czech_labels_take_the_forms_their_terms_declare() -> None:
    """Names come from the game's terms (games.tek.vocab.TERMS) in the form each text needs."""
    from bot.text import i18n
    from tests.tek.helpers import build, play, turn

    s = build(
        {"100": "2B", "101": "1A"},
        factions={"100": "humans"},
        magic={"100": 1},
        res={"100": (0, 2, 0)},
        meeples={"2B-a": ["100"], "1A-a": ["101"]},
    )
    s = turn(s, "trade", ["100", "101"])
    s, _ = play(s, ("100", {"type": "perform", "action": "trade"}))
    view = GAME.view(s, "100")
    pair = {"type": "trade_pair", "give": "ore", "get": "food"}
    with i18n.using("cs"):
        assert PRESENTER.move_label(view, pair, name, GAME.preview(s, "100", pair)) == (
            "Vyměnit rudu za jídlo"
        )
        s, _ = play(s, ("100", pair))
        two = {"type": "trade_amount", "amount": 2}
        label = PRESENTER.move_label(GAME.view(s, "100"), two, name, GAME.preview(s, "100", two))
        assert label == "Dát 2 rudy, získat 3 jídla"  # Humans L1: Trade gives +1
        assert PRESENTER.prompt_text(GAME.view(s, "100"), "100", name) == (
            "Čeněk Řežábek, kolik rudy dáš za jídlo?"
        )
        side = {"type": "side", "side": "2B"}
        # the terrain in words, not letter codes (issue 24 item 6)
        assert (
            PRESENTER.move_label(view, side, name)
            == "Domovská strana 2B: Vrtichvostán (les, hory, hlavní město, hory, pole)"
        )
    assert (
        PRESENTER.move_label(view, side, name)
        == "Home side 2B: Wagtailstan (forest, mountain, capital, mountain, plains)"
    )
