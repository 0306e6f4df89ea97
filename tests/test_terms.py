"""Game terms (games.terms): declared once per language with their forms, formatted in the
reader's language by the bot's translation function, in English anywhere else."""

from __future__ import annotations

from bot.text import i18n
from games.terms import Count, Term, term

ORE = term(
    "test.ore",
    {"nom": "ore"},
    {
        "nom": "ruda",
        "acc": "rudu",
        "nom.few": "rudy",
        "nom.other": "rud",
        "acc.few": "rudy",
        "acc.other": "rud",
    },
    gender="f",
)
MILLER = term(
    "test.miller",
    {"nom": "Miller", "nom.other": "Millers"},
    {"nom": "Mlynář", "acc": "Mlynáře"},
    gender="m",
)


def test_a_term_falls_back_to_the_nominative_and_to_english() -> None:
    assert MILLER.form("cs", "acc") == "Mlynáře"
    assert MILLER.form("cs", "gen") == "Mlynář"  # not declared: the nominative
    assert MILLER.form("en", "acc") == "Miller"  # English has no cases
    assert MILLER.form("de", "nom") == "Miller"  # a language without it: English
    assert MILLER.form("en", "nom.other") == "Millers"
    assert ORE.form("cs", "acc.few") == "rudy" and ORE.form("cs", "ins.few") == "rudy"
    assert Term("x.y", {}).form("cs") == "x.y"  # nothing declared: the key shows


def test_plain_format_gives_english() -> None:
    assert f"Take {MILLER:acc}" == "Take Miller"
    assert f"{Count(3, ORE)}" == "3 ore"
    assert f"{Count(1, MILLER)}" == "1 Miller"
    assert f"{Count(2, MILLER)}" == "2 Millers"


def test_the_bot_formats_terms_in_the_readers_language(monkeypatch) -> None:
    # a key of this test only: the catalogue tests must never see it (same worker process)
    monkeypatch.setitem(i18n.CATALOGS["en"], "test.terms.take", "Take {card}")
    assert i18n.t("test.terms.take", "en", card=MILLER) == "Take Miller"
    with i18n.using("cs"):
        assert i18n._format("Vzít {card:acc}", {"card": MILLER}) == "Vzít Mlynáře"
        assert i18n._format("Zaplať {cost:acc}", {"cost": Count(1, ORE)}) == "Zaplať 1 rudu"
        assert i18n._format("Zaplať {cost:acc}", {"cost": Count(3, ORE)}) == "Zaplať 3 rudy"
        assert i18n._format("Máš {cost}", {"cost": Count(5, ORE)}) == "Máš 5 rud"
    # a locale given to t() binds the terms to it, whatever the current language
    assert i18n._format("{c}", {"c": Count(2, ORE)}, "cs") == "2 rudy"


def test_plural_categories_are_cldrs() -> None:
    assert [i18n.plural_category(n, "cs") for n in (1, 2, 4, 5, 0)] == [
        "one",
        "few",
        "few",
        "other",
        "other",
    ]
    assert i18n.plural_category(1.5, "cs") == "many"
    assert [i18n.plural_category(n, "en") for n in (1, 2, 0)] == ["one", "other", "other"]


def test_numbers_are_written_as_the_reader_writes_them() -> None:
    assert i18n.number(3.3, "cs") == "3,3" and i18n.number(3.3, "en") == "3.3"
    assert i18n.number(160.0, "cs") == "160" and i18n.number(12345, "cs") == "12\u00a0345"
    assert i18n.number(-2.8, "cs") == "\u22122,8"
    assert i18n.signed(3.3, "cs") == "+3,3" and i18n.signed(-2.8, "en") == "\u22122.8"
    assert i18n.signed(0.0, "en") == "\u00b10"
    assert i18n.times(2) == "\u00d72"
    assert [i18n.place_of(1, n, "cs") for n in (2, 3, 5, 6, 8)] == [
        "1. ze 2",
        "1. ze 3",
        "1. z 5",
        "1. ze 6",
        "1. z 8",
    ]
    assert i18n.place_of(2, 3, "en") == "2nd of 3" and i18n.ordinal(11, "en") == "11th"
