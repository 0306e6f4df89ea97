"""A table that teaches (issue 24), over every registered game and both languages.

The presenter's teaching members (``bot.text.presenters.base.Presenter``: ``rules_topics``,
``rules_page``, ``references``, ``reference_text``, ``offered``, ``why``, ``teach_text``,
``tie_note``) are checked here as the contract says them; each game's own tests check that
its answers carry the engine's real numbers (``tests/<id>/test_why.py``).

Seeded whole games are walked at the fewest and the most seats: at every decision of every
actor the "Why?" answer exists in English and in Czech, says something for what the prompt
offers, and the "?" button's entries are reference pages; every step id met has its
teach-mode lines.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import games
from bot.text import presenters
from bot.text.i18n import has, t, using
from games.base import Previewable, envelope

LANGS = ("en", "cs")
GAME_IDS = sorted(games.REGISTRY)
#: Discord's limits the pages must fit: a select option's label, an ephemeral message
SELECT_LABEL, MESSAGE = 100, 2000
#: most decisions walked in one game (the longest games have several hundred)
MAX_DECISIONS = 250


def name(player: str) -> str:
    return player


def vocab_terms(game_id: str) -> dict[str, Any]:
    module = __import__(f"games.{game_id}.vocab", fromlist=["TERMS"])
    return dict(module.TERMS)


def clean(text: str) -> None:
    assert text.strip(), "an empty text"
    assert "{" not in text and "}" not in text, f"a placeholder left: {text!r}"
    assert not re.search(r"\b[a-z_]+\.[a-z_]+\.[a-z_.]+\b", text), f"a catalogue key: {text!r}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_come_by_topic_in_both_languages(game_id: str) -> None:
    presenter = presenters.get(game_id)
    topics = presenter.rules_topics()
    assert topics[0] == "overview", f"{game_id}: the first page is the overview"
    assert len(topics) >= 5, f"{game_id}: rules by topic, not one page ({topics})"
    assert len(topics) <= 25, "a select menu holds 25 options"
    assert len(set(topics)) == len(topics)
    for lang in LANGS:
        with using(lang):
            pages = {topic: presenter.rules_page(topic) for topic in topics}
        for topic, (title, text) in pages.items():
            clean(title)
            clean(text)
            assert len(title) <= SELECT_LABEL, f"{game_id}/{lang}/{topic}: title too long"
            assert len(text) <= MESSAGE - 200, f"{game_id}/{lang}/{topic}: {len(text)} chars"
        assert len(pages["overview"][1]) <= 650, f"{game_id}/{lang}: the overview is short"
    with using("en"):
        english = {topic: presenter.rules_page(topic) for topic in topics}
    with using("cs"):
        czech = {topic: presenter.rules_page(topic) for topic in topics}
    for topic in topics:
        assert english[topic][1] != czech[topic][1], f"{game_id}/{topic}: not translated"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_named_thing_has_a_reference_page_in_both_languages(game_id: str) -> None:
    presenter = presenters.get(game_id)
    refs = presenter.references()
    missing = sorted(set(vocab_terms(game_id)) - set(refs))
    assert not missing, f"{game_id}: no reference for {missing[:8]} ({len(missing)} in all)"
    for key, ref in refs.items():
        assert ref.key == key and ref.where, f"{game_id}: {key} says where the rule is"
        pages = {}
        for lang in LANGS:
            with using(lang):
                assert has(f"{game_id}.ref.{key}") or presenter.reference_text(key)
                pages[lang] = presenter.reference_text(key)
                clean(pages[lang])
                clean(ref.term.form(lang))
                for label, _value in ref.facts:
                    clean(t(label))
                assert len(pages[lang]) <= 1500, f"{game_id}/{lang}: {key} page too long"
        assert pages["en"] != pages["cs"], f"{game_id}: {key} is not translated"


def walk(game_id: str, n_players: int, seed: int) -> list[tuple[Any, str, list[Any]]]:
    """The decisions of one seeded random game: (state, actor, legal moves)."""
    game = games.get(game_id)
    players = [f"p{i}" for i in range(n_players)]
    rng = random.Random(f"teach:{game_id}:{n_players}:{seed}")
    state = game.setup(players, {}, seed)
    out: list[tuple[Any, str, list[Any]]] = []
    while not game.is_over(state) and len(out) < MAX_DECISIONS:
        actors = list(game.actors(state))
        for actor in actors:
            out.append((state, actor, game.legal_moves(state, actor)))
        actor = rng.choice(actors)
        state, _ = game.apply(state, actor, rng.choice(game.legal_moves(state, actor)))
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_why_answers_every_decision_in_both_languages(game_id: str) -> None:
    game = games.get(game_id)
    presenter = presenters.get(game_id)
    refs = presenter.references()
    steps: set[str] = set()
    for n_players in sorted({game.min_players, game.max_players}):
        for state, actor, moves in walk(game_id, n_players, seed=n_players):
            view = game.view(state, actor)
            steps.add(str(envelope(view)["step"]["id"]))  # type: ignore[index]
            options = [
                (m, game.preview(state, actor, m) if isinstance(game, Previewable) else {})
                for m in moves
            ]
            for lang in LANGS:
                with using(lang):
                    lines = presenter.why(view, actor, options, name)
                assert lines, f"{game_id}/{lang}: no Why? at {envelope(view)['step']}"  # type: ignore[index]
                assert len(lines) <= len(moves)
                for line in lines:
                    clean(line.label)
                    clean(line.text)
            offered = presenter.offered(view, moves)
            assert len(offered) == len(set(offered))
            assert set(offered) <= set(refs), f"{game_id}: '?' offers {set(offered) - set(refs)}"
    for step in sorted(steps):
        for lang in LANGS:
            with using(lang):
                text = presenter.teach_text(step)
            assert text is not None, f"{game_id}/{lang}: no teach-mode text for step {step!r}"
            clean(text)
            assert text.count("\n") <= 1 and len(text) <= 400, f"{game_id}/{step}: two lines"
