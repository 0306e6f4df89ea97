"""The King of the Elves presenter: labels, event lines, option specs, hand and rules texts."""

from __future__ import annotations

import pytest

from bot.text.presenters import get
from bot.text.presenters.elves import PRESENTER
from games.ai import RandomPlayer
from games.elves import GAME
from tests.elves.helpers import build

NAMES = {"a": "Čeněk Řežábek", "b": "Bob", "c": "Zdeňka Šťastná-Vyskočilová", "d": "Dan"}


def name(pid: str) -> str:
    return NAMES.get(pid, pid)


def test_registered_and_limits() -> None:
    assert get("elves").game_id == "elves"
    assert PRESENTER.private_prompts is True
    text = PRESENTER.rules_text()
    assert 0 < len(text) <= 3500 and "elves.rules" not in text and "teleport" in text


@pytest.mark.parametrize(
    ("n", "options", "seed"),
    [(2, {}, 7), (3, {"teleport": True}, 2), (4, {"teleport": True}, 3), (4, {}, 4)],
)
def test_labels_and_event_lines_over_random_playouts(n: int, options: dict, seed: int) -> None:
    players = ["a", "b", "c", "d"][:n]
    state = GAME.setup(players, options, seed)
    ai = RandomPlayer(seed)
    step = 0
    seen_types: set[str] = set()
    while not GAME.is_over(state):
        player = GAME.actors(state)[0]
        view = GAME.view(state, player)
        moves = GAME.legal_moves(state, player)
        facts = [GAME.preview(state, player, m) for m in moves]
        labels = [PRESENTER.move_label(view, m, name, f) for m, f in zip(moves, facts, strict=True)]
        assert all(0 < len(lb) <= 80 for lb in labels), labels
        assert len(set(labels)) == len(labels), labels
        assert not any("elves." in lb or "{" in lb or "?" in lb for lb in labels), labels
        for m, f in zip(moves, facts, strict=True):
            d = PRESENTER.move_description(view, m, name, f)
            assert d is None or (0 < len(d) <= 100 and "elves." not in d and "?" not in d), d
        prompt = PRESENTER.prompt_text(view, player, name)
        assert prompt and "elves." not in prompt and "{" not in prompt
        status = PRESENTER.status_text(GAME.view(state, None), name)
        assert "elves." not in status and "{" not in status
        hand = PRESENTER.hand_text(view, name)
        assert hand and "elves." not in hand
        state, events = GAME.apply(state, player, ai.choose(GAME, state, player, step))
        step += 1
        for e in events:
            seen_types.add(e["type"])
            line = PRESENTER.event_text(e, name)
            assert line is None or (line and "elves." not in line and "{" not in line), line
    assert "game_over" in seen_types and "visited" in seen_types
    assert "Game over" in PRESENTER.status_text(GAME.view(state, None), name)
    assert PRESENTER.hand_text(GAME.view(state, None), name) is None


def test_travel_label_and_description_show_costs() -> None:
    s = build(
        ["a", "b"],
        phase="travel",
        turn="a",
        realms={"a": [{"card": "forest", "obstacle": ("wood", "b"), "thief": "b"}]},
        hands={"a": {"unicorn": 2, "pig": 2}},
    )
    v = GAME.view(s, "a")
    labels = {
        m["transport"]: PRESENTER.move_label(v, m, name, GAME.preview(s, "a", m))
        for m in GAME.legal_moves(s, "a")
        if m["type"] == "travel"
    }
    assert labels["unicorn"] == "Unicorn ×2 to your Forest #1 (+4 gold)"
    pig = {"type": "travel", "transport": "pig"}
    d = PRESENTER.move_description(v, pig, name, GAME.preview(s, "a", pig))
    assert d == "+1 card for the obstacle, pay 2 gold to Bob."


def test_planning_labels() -> None:
    s = build(
        ["a", "b"],
        turn="a",
        realms={"a": [{"card": "plains", "thief": "b"}]},
        hands={"a": {"lake": 1, "gold": 1}},
        purchases={"a": 1},
    )
    v = GAME.view(s, "a")
    labels = [
        PRESENTER.move_label(v, m, name, GAME.preview(s, "a", m)) for m in GAME.legal_moves(s, "a")
    ]
    assert "Play a Lake village (worth 7)" in labels
    assert "Buy the top card for 2 gold" in labels
    assert "Remove your Plains #1 for 3 gold" in labels
    assert "Play Gold card at a village" in labels


def test_hand_text_lists_reach_and_gold() -> None:
    s = build(
        ["a", "b"], turn="a", hands={"a": {"raft": 2, "lake": 1, "escort": 1}}, gold={"a": 17}
    )
    text = PRESENTER.hand_text(GAME.view(s, "a"), name)
    assert text is not None
    assert "**17**" in text and "1×10 + 1×5 + 2×1" in text
    assert "Raft ×2: River 1, Lake 2" in text and "Lake (7) ×1" in text and "Escort ×1" in text


def test_vocabulary_and_options_come_from_the_game_package() -> None:
    from bot.text.i18n import t, using
    from games.elves.vocab import CARDS, KINDS, TERMS

    assert list(CARDS) == list(KINDS) and set(CARDS) <= set(TERMS)
    assert t("elves.move.take_village", terrain=CARDS["lake"]) == (
        "Take a Lake village from the pile"
    )
    with using("cs"):
        assert t("elves.move.take_village", terrain=CARDS["lake"]) == (
            "Vzít si z balíčku vesnici u jezera"
        )
        # the accusative after a verb (issue 26): "Odhodit Zloděje", not "Odhodit Zloděj"
        assert t("elves.move.discard", card=CARDS["thief"], n=1).startswith("Odhodit Zloděje")
    specs = {s.name: s for s in PRESENTER.option_specs}
    assert list(specs) == list(GAME.options)
    for key, (default, _allowed) in GAME.options.items():
        assert specs[key].default == default and specs[key].kind == "bool"
        assert "elves.opt" not in specs[key].description


def test_no_english_text_under_two_keys_of_the_game() -> None:
    """Issue 23 "one wording per event, one term per thing": the presenter's ``elves.*`` texts
    and the images' ``img.elves.*`` texts never say the same thing twice (names are terms)."""
    from bot.text import extract

    seen: dict[object, str] = {}
    for key, text in extract.english().items():
        if key.startswith(("elves.", "img.elves.")):
            assert text not in seen, (key, seen.get(text), text)
            seen[text] = key
    assert not [k for k in seen.values() if k.startswith(("elves.card.", "img.elves.card."))]


def test_every_term_is_declared_in_english_and_czech_from_the_glossary() -> None:
    """Issue 23 item 3: the names of the game's things are declared once (games/elves/vocab.py),
    in English and in the Czech of the rulebook (docs/glossary-cs.md, "King of the Elves")."""
    from pathlib import Path

    from games.elves.vocab import TERMS

    text = (Path(__file__).parents[2] / "docs" / "glossary-cs.md").read_text("utf-8")
    section = text.split("## King of the Elves", 1)[1].split("\n## ", 1)[0].lower()
    for key, term in TERMS.items():
        assert term.has("en", "nom") and term.has("cs", "nom"), key
        assert term.gender.get("cs") in ("m", "i", "f", "n"), key
        for part in term.form("cs").lower().split():
            assert part in section, (key, part)
