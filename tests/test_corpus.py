"""The whole-game corpus check (issue 26 item 7): every text of a whole seeded game of each
game, in English and in Czech, at 3 seats and at the game's largest table, read as a native
reader would (``tests/corpus.py`` says what is collected and what each check looks for).

    .venv/bin/python -m pytest -q -p no:randomly tests/test_corpus.py -k majesty -n 0

The ids are ``<game>-<language>-<seats>`` (``-k "tek and cs"``). The checks themselves are
shown to catch planted mistakes first (quick; the games are ``slow``).
"""

from __future__ import annotations

import pytest

import games
from tests.corpus import (
    CHECKS,
    CZECH,
    LANGUAGES,
    Corpus,
    Formatted,
    Text,
    all_terms,
    collect,
    english_only_words,
    english_plurals,
    problems,
    report,
    seat_counts,
)

GAMES = sorted(games.REGISTRY)
TABLES = [
    pytest.param(game, locale, seats, id=f"{game}-{locale}-{seats}", marks=pytest.mark.slow)
    for game in GAMES
    for locale in LANGUAGES
    for seats in seat_counts(game)
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("game", "locale", "seats"), TABLES)
async def test_a_whole_game_reads_as_a_native_reader_writes(
    game: str, locale: str, seats: int, tmp_path
) -> None:
    corpus = await collect(game, locale, seats, tmp=tmp_path)
    kinds = {t.kind for t in corpus.texts}
    # the corpus really holds the game: moves made, the board, images, the final, the commands
    assert corpus.actions > seats and {"channel", "image", "alt", "command"} <= kinds, kinds
    assert corpus.formatted and corpus.drawn > 1
    found = problems(corpus)
    print(
        f"{game} {locale} {seats}: {corpus.seconds:.1f}s, {corpus.actions} actions, "
        f"{len(corpus.texts)} texts, {corpus.drawn}/{corpus.drawings} images drawn"
    )
    assert not any(found.values()), report(corpus, found)


def _corpus(locale: str, *lines: str) -> Corpus:
    corpus = Corpus("planted", locale, 3, 0)
    corpus.texts = [Text(f"planted {i}", "channel", line) for i, line in enumerate(lines)]
    return corpus


def test_the_checks_pass_clean_texts() -> None:
    clean_cs = _corpus(
        CZECH,
        "alice: 0 → 3,3 (+3,3)",
        "1. ze 3 · 5 hráčů · 2 hráči · 1 hráč",
        "**1.** alice · dovednost 3,3",
    )
    clean_en = _corpus("en", "1 game · 2 wins · skill 3.3", "You placed 1st of 3 with 15 points")
    assert problems(clean_cs) == {check: [] for check in CHECKS}
    assert problems(clean_en) == {check: [] for check in CHECKS}


def test_each_check_catches_its_mistake() -> None:
    cs = problems(
        _corpus(
            CZECH,
            "Vzít {karta}",
            "• Odhalení kostek: alice 🏳️ flag, cyril 6.",
            "alice: 0.0 → 3,3",
            "hraje 5 hráči",
        )
    )
    assert len(cs["braces"]) == 1 and "planted 0" in cs["braces"][0]
    assert len(cs["english"]) == 1 and cs["english"][0].startswith("flag:"), cs["english"]
    assert len(cs["point_zero"]) == 1 and "'0.0'" in cs["point_zero"][0]
    assert len(cs["czech_counts"]) == 1 and "want hráčů" in cs["czech_counts"][0]
    en = problems(_corpus("en", "1 games · 1 wins", "salvaged 1 cubes", "AI 1 takes 6B"))
    assert [f.split(":")[0] for f in en["one_plural"]] == ["'1 games'", "'1 wins'", "'1 cubes'"]
    assert "visits" in english_plurals() and "flag" in english_only_words()


def test_the_case_check_wants_the_declared_form() -> None:
    accusative = next(
        t for t in all_terms() if t.has(CZECH, "acc") and t.form(CZECH, "acc") != t.form(CZECH)
    )
    nom, acc = accusative.form(CZECH), accusative.form(CZECH, "acc")
    bad = _corpus(CZECH, f"Vzít {nom}", f"Vzít {acc}")
    bad.formatted = [
        Formatted("Vzít {card:acc}", {"card": nom}, CZECH, f"Vzít {nom}"),
        Formatted("Vzít {card:acc}", {"card": accusative}, CZECH, f"Vzít {acc}"),
    ]
    found = problems(bad)["czech_cases"]
    assert len(found) == 2, found
    assert "takes str" in found[0] and f"want {acc!r}" in found[1]
