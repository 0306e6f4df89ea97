"""Refusals reach the player by code through the translation function: an engine's
``IllegalMove`` by its precise code (the game's text, then a shared one), then by its kind, and
only then in the engine's own English; a ``HostError`` by its code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import bot.text.catalog_en  # noqa: F401  (registers the English catalogue)
from bot.adapter.boundary import answer_to
from bot.core.errors import HostError
from bot.text import i18n
from bot.text.i18n import t
from bot.text.refusals import refusal_keys, refusal_text
from games.base import KINDS, MALFORMED, NOT_LEGAL, IllegalMove


@pytest.fixture
def toy_texts() -> Iterator[None]:
    """Texts a toy game would register, gone again after the test (the catalogue's extract
    check may run in the same process later)."""
    texts = {
        "toygame.refusal.cannot_afford": "You need {cost} gold for that.",
        "refusal.hand_full": "Your hand is full.",
    }
    i18n.register(texts)
    yield
    for key in texts:
        i18n.CATALOGS["en"].pop(key, None)


def test_every_shared_kind_has_a_text() -> None:
    for kind in KINDS:
        assert i18n.has(f"refusal.{kind}"), kind


def test_the_games_own_text_for_a_precise_code_comes_first(toy_texts: None) -> None:
    exc = IllegalMove("cannot_afford", "Costs 3 gold.", params={"cost": 3})
    assert refusal_keys(exc, "toygame") == [
        "toygame.refusal.cannot_afford",
        "refusal.cannot_afford",
        f"refusal.{NOT_LEGAL}",
    ]
    assert refusal_text(exc, "toygame") == "You need 3 gold for that."


def test_a_shared_code_then_the_kind(toy_texts: None) -> None:
    assert refusal_text(IllegalMove("hand_full", "Hand full!"), "toygame") == "Your hand is full."
    untranslated = IllegalMove("no_such_reason", "The engine's words.", kind=MALFORMED)
    assert refusal_text(untranslated, "toygame") == t(f"refusal.{MALFORMED}")
    assert refusal_text(untranslated, "toygame") != "The engine's words."


def test_the_engines_english_is_only_the_last_fallback() -> None:
    exc = IllegalMove("not_legal", "The engine's words.")
    saved = i18n.CATALOGS["en"].pop("refusal.not_legal")
    try:
        assert refusal_text(exc) == "The engine's words."
    finally:
        i18n.CATALOGS["en"]["refusal.not_legal"] = saved
    assert refusal_text(exc) == t("refusal.not_legal")


def test_the_boundary_answers_host_errors_by_code() -> None:
    assert answer_to(HostError("lobby_full", max=4), None) == t("error.lobby_full", max=4)
    assert answer_to(IllegalMove("game_over", "Over."), "majesty") == t("refusal.game_over")
