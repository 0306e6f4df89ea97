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
    assert labels[2] == "Take Miller/Knight (cost 2 meeples, 2 meeples on it)"
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


def described(state, player: str) -> list[str | None]:
    v = GAME.view(state, player)
    return [
        PRESENTER.move_description(v, m, name, GAME.preview(state, player, m))
        for m in GAME.legal_moves(state, player)
    ]


def test_descriptions_word_the_engines_preview() -> None:
    """E1 (Mill A: the second Miller gives 4), E6 (Brewery A pays Ann too), E12 (Castle B)."""
    s = build(["a", "b"], realms={"a": {"mill": [1]}}, display=[2, 12, (27, 2), 15, 18, 8])
    lines = described(s, "a")
    assert lines[0] == "Mill (side A): you gain 4 points"
    assert lines[2] == "Split card: Miller (Mill) or Knight (Barracks)"
    s = build(
        ["ann", "bob", "cat"],
        order=["bob", "cat", "ann"],
        realms={"bob": {"mill": [1], "brewery": [8]}, "ann": {"mill": [2, 3, 4]}},
        display=[45, 9, 46, 42, 43, 44],
    )
    assert described(s, "bob")[1] == "Brewery (side A): you gain 7 points, ann gains 2 points"
    s = build(
        ["a", "b"],
        sides="B",
        realms={"a": {"points": 15, "castle": [22]}},
        display=[1, 2, 3, 23, 12, 13],
    )
    assert described(s, "a")[3] == (
        "Castle (side B): you gain no points, your meeples 5 → 2, then choose a Castle exchange"
    )
    s2, _ = GAME.apply(s, "a", {"type": "take", "index": 3})
    assert described(s2, "a") == [
        "Ends with 25 points and 0 meeples",  # sell 2: 15 + 2 + 4 x 2 Nobles
        "Ends with 24 points and 1 meeple",
        "Ends with 23 points and 2 meeples",
        "Ends with 22 points and 3 meeples",
        "Ends with 21 points and 4 meeples",
        "Ends with 20 points and 5 meeples",
    ]


def test_labels_are_the_same_with_the_preview_and_without() -> None:
    s = build(["a", "b"], display=[1, 12, (27, 2), 15, 18, 8])
    v = GAME.view(s, "a")
    for m in GAME.legal_moves(s, "a"):
        pre = GAME.preview(s, "a", m)
        assert PRESENTER.move_label(v, m, name, pre) == PRESENTER.move_label(v, m, name)


def test_czech_labels_decline_the_card_after_the_verb() -> None:
    from bot.text import i18n

    s = build(["a", "b"], display=[1, 12, (27, 2), 15, 18, 20])
    v = GAME.view(s, "a")
    with i18n.using("cs"):
        labels = [PRESENTER.move_label(v, m, name) for m in GAME.legal_moves(s, "a")]
        s2, _ = GAME.apply(s, "a", {"type": "take", "index": 2})
        v2 = GAME.view(s2, "a")
        places = [PRESENTER.move_label(v2, m, name) for m in GAME.legal_moves(s2, "a")]
    assert labels[:3] == [
        "Vzít Mlynářku (zdarma)",
        "Vzít Čarodějku (za 1 pomocníka)",
        "Vzít Mlynářku/Vojáka (za 2 pomocníky, na kartě 2 pomocníci)",
    ]
    assert labels[5] == "Vzít Hostinského (za 5 pomocníků)"
    assert places == [
        "Umístit jako Mlynářku do Mlýna",
        "Umístit jako Vojáka do Kasáren",
    ]


def test_no_english_text_is_worded_twice_in_the_games_keys() -> None:
    """One wording per thing: no English text under two catalogue keys of Majesty, the board's
    words (img.) included, and no name of a thing as a catalogue entry (they are terms)."""
    from bot.text import extract

    english = {
        k: v for k, v in extract.english().items() if k.startswith(("majesty.", "img.majesty."))
    }
    by_text: dict[str, list[str]] = {}
    for key, text in english.items():
        by_text.setdefault(repr(text), []).append(key)
    assert [keys for keys in by_text.values() if len(keys) > 1] == []
    names = ("majesty.character.", "majesty.location.", "img.majesty.char.", "img.majesty.loc.")
    assert [k for k in english if k.startswith(names)] == []
    assert [k for k in english if k.startswith(("img.majesty.last.", "img.majesty.ev."))] == []


def test_the_presenter_redoes_no_rule() -> None:
    """It words the engine's preview; the old replay of ``apply`` on a view is gone."""
    import inspect

    from bot.text.presenters import majesty

    source = inspect.getsource(majesty)
    assert "preview import" not in source and "GAME.apply" not in source
    assert "state_from_view" not in source
