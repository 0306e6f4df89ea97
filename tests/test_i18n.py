"""The translation function: Czech from the gettext catalogue, English fallback per text,
CLDR plural forms through Babel, unknown locales in English."""

from __future__ import annotations

import logging

import pytest

import games
from bot.text import catalog_en, i18n, presenters

assert catalog_en  # registers the bot's texts


@pytest.fixture(autouse=True)
def _all_presenters(monkeypatch) -> None:
    for game_id in games.REGISTRY:
        presenters.get(game_id)
    # texts registered by a test stay out of the real catalogue (and of the extraction)
    monkeypatch.setitem(i18n.CATALOGS, "en", dict(i18n.CATALOGS["en"]))


def test_czech_comes_from_the_catalogue_and_english_stays_the_source() -> None:
    en = i18n.t("error.no_session")
    cs = i18n.t("error.no_session", "cs")
    assert en.startswith("There is no game") and cs != en and "hra" in cs
    assert i18n.t("error.no_session", "cs-CZ") == cs  # Discord's regional codes


@pytest.mark.parametrize("locale", ["de", "en-US", None, "", "xx-YY"])
def test_unknown_locales_fall_back_to_english(locale) -> None:
    assert i18n.t("error.no_session", locale) == i18n.t("error.no_session")


def test_placeholders_are_filled_in_czech() -> None:
    text = i18n.t("board.title", "cs", game="Majesty", id=3)
    assert "Majesty" in text and "3" in text and "{" not in text


def test_a_missing_translation_falls_back_to_english_once_with_a_warning(caplog) -> None:
    i18n.register({"test.only_english": "Only in English, {who}."})
    with caplog.at_level(logging.WARNING, logger="bot.text.i18n"):
        first = i18n.t("test.only_english", "cs", who="Ann")
        second = i18n.t("test.only_english", "cs", who="Ann")
    assert first == second == "Only in English, Ann."
    assert sum("test.only_english" in r.getMessage() for r in caplog.records) == 1


def test_a_wrong_placeholder_never_crashes() -> None:
    i18n.register({"test.bad_param": "Hello {name}"})
    assert i18n.t("test.bad_param", None, other="x") == "Hello {name}"


def test_plural_forms_follow_cldr_for_czech() -> None:
    """Czech has three forms (1 / 2-4 / 5+): Babel's Plural-Forms pick the index."""
    cs = i18n.translations("cs")
    assert cs is not None
    # the catalogue's plural rule, applied by gettext: 1 -> 0, 2..4 -> 1, else 2 (CLDR cs)
    plural = cs.plural  # type: ignore[attr-defined]
    assert [plural(n) for n in (1, 2, 4, 5, 11, 22)] == [0, 1, 1, 2, 2, 2]
    i18n.register({"test.coins": ("{n} coin", "{n} coins")})
    assert i18n.tn("test.coins", 1) == "1 coin" and i18n.tn("test.coins", 5) == "5 coins"
