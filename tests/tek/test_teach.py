"""Tiny Epic Kingdoms at a table that teaches (issue 24): rules by topic, a reference for
every term with the rulebook's numbers, the "?" button, teach mode and the tie note, in
English and Czech."""

from __future__ import annotations

from typing import Any

import pytest

import bot.text.catalog_en  # noqa: F401  (the host texts)
from bot.text.i18n import t, using
from bot.text.presenters.tek import PRESENTER
from bot.text.presenters.tek_why import TEACH
from games.tek import rules as R
from games.tek.data import TOKENS
from games.tek.vocab import TERMS
from games.terms import Count
from tests.tek.test_why import _war_state


def page(topic: str, lang: str) -> tuple[str, str]:
    with using(lang):
        return PRESENTER.rules_page(topic)


def ref(key: str, lang: str) -> str:
    with using(lang):
        return PRESENTER.reference_text(key)


def test_rules_follow_the_rulebook_by_topic() -> None:
    topics = PRESENTER.rules_topics()
    assert topics[:3] == ("overview", "setup", "turn")
    assert [x for x in topics if x.startswith("action.")] == [
        f"action.{a}" for a in ("patrol", "quest", "build", "research", "expand", "trade")
    ]
    # p.10: "Hráč má ve hře všech svých 7 figurek ... všech 6 částí hradu ... všech 5 úrovní"
    assert "7 meeples, tower 6 or magic 5" in page("overview", "en")[1]
    assert "7 figurek, hrad 6 nebo magii 5" in page("overview", "cs")[1]
    # p.3: "Pro začátečníky doporučujeme vzít si 1 rudu, 2 many a 3 jídla"
    assert "2 mana, 1 ore, 3 food" in page("setup", "en")[1]
    assert "2 many, 1 ruda, 3 jídla" in page("setup", "cs")[1]
    # p.8: "umístění čtvrté figurky stojí 4 jídla"
    assert "the 4th meeple costs 4 food" in page("action.expand", "en")[1]
    assert "čtvrtá figurka stojí 4 jídla" in page("action.expand", "cs")[1]
    assert page("action.expand", "cs")[0] == "Osidlování"
    # p.6: "každý zdroj many je za 2, ruda za 1 a jídlo za 0"
    assert "mana is worth 2, ore 1, food 0" in page("war", "en")[1]
    assert "mana je za 2, ruda za 1, jídlo za 0" in page("war", "cs")[1]
    # the house rules of issue 30 are on the variants page, under their lobby names
    assert "`ruins_retreat`" in page("variants", "en")[1]
    assert "`ústup-z-podzemí`" in page("variants", "cs")[1]


def test_every_term_has_a_reference_with_the_rulebooks_numbers() -> None:
    refs = PRESENTER.references()
    assert set(refs) == set(TERMS) and len(refs) == 137
    facts = {k: dict(r.facts) for k, r in refs.items()}
    f = "tek.ref.fact."
    assert [facts[f"resource.{x}"][f + "war_value"] for x in ("mana", "ore", "food")] == [2, 1, 0]
    assert facts["resource.ore"][f + "max"] == 9  # p.9 "víc než 9"
    assert facts["meeple"][f + "per_player"] == 7 and facts["war_die"][f + "max"] == 11
    assert facts["terrain.capital"][f + "vp"] == 2  # p.9 "2 vítězné body"
    assert facts["token.fort"][f + "discount"] == 2  # p.11 "slevu 2"
    assert facts["token.crown"][f + "vp"] == 2  # p.11 "2 VB"
    assert sum(facts[f"token.{x}"][f + "count"] for x in TOKENS) == 16  # "16 žetonů průzkumu"
    assert facts["terrain.forest"][f + "yield"] == Count(1, TERMS["resource.mana"])
    assert refs["action.expand"].where == "p. 8" and refs["token.church"].where == "p. 11"
    assert refs["ability.orcs.1"].where == "§18" and refs["side.2B"].where == "§16"
    assert "the 4th costs 4" in ref("action.expand", "en")
    assert "čtvrtá stojí 4" in ref("action.expand", "cs")
    assert "slevu 2" in ref("token.fort", "cs")


def test_composed_references_name_the_data() -> None:
    orcs = ref("faction.orcs", "en")
    assert orcs.count("\nLevel ") == 5 and "Level 1, Warband: -1 war cost" in orcs
    assert "Úroveň 1, Válečná družina:" in ref("faction.orcs", "cs")
    assert ref("ability.orcs.4", "cs").startswith("Orkové, úroveň magie 4:")
    side = ref("side.2B", "en")
    assert "Regions: a forest, b mountain, c capital, d mountain, e plains." in side
    assert "Adjacent: ab bc bd ce." in side  # §16: the river 4|5 keeps c and d apart
    assert "a les, b hory, c hlavní město, d hory, e pole" in ref("side.2B", "cs")


def test_the_question_mark_offers_what_the_prompt_offers() -> None:
    s = _war_state()
    from games.tek import GAME

    view = GAME.view(s, "bara")
    assert PRESENTER.offered(view, GAME.legal_moves(s, "bara")) == ["war", "war_die", "flag"]
    s0 = GAME.setup(["x", "y", "z"], {}, 4)
    p = GAME.actors(s0)[0]
    keys = PRESENTER.offered(GAME.view(s0, p), GAME.legal_moves(s0, p))
    assert keys and all(k.startswith("side.") for k in keys)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_teach_mode_has_two_lines_for_every_step(lang: str) -> None:
    with using(lang):
        for step in TEACH:
            text = PRESENTER.teach_text(step)
            assert text is not None and text.count("\n") == 1, step
    with using("cs"):
        assert PRESENTER.teach_text("expand") == (
            "Vyber, kam půjde nová figurka: k tvé osamocené figurce.\n"
            "Stojí 1 jídlo za každou figurku ve hře, i tu novou."
        )


def rows(*table: tuple[str, int, int, int, int, int]) -> list[dict[str, Any]]:
    """Final rows ranked by the engine (§11.2): (player, VP, meeples, tower, magic, res)."""
    out = [{"player": p, "score": vp, "tiebreak": [m, tw, mg, r]} for p, vp, m, tw, mg, r in table]
    R.rank_rows(out)
    return out


def test_tie_note_names_the_rulebooks_tie_break_p10() -> None:
    # §20 E10: A and B on 18 VP, equal meeples and tower; A has the higher magic
    results = rows(("A", 18, 5, 3, 4, 0), ("B", 18, 5, 3, 3, 0), ("C", 15, 4, 2, 2, 0))
    assert [r["rank"] for r in results] == [1, 2, 3]
    view = {"results": results}
    with using("en"):
        note = PRESENTER.tie_note(view, str)
    assert note == (
        "A, B: 18 VP each; the higher magic (A 4, B 3), so A ranks ahead (rulebook p. 10, in "
        "this order: meeples, tower, magic, resources)."
    )
    with using("cs"):
        cs = PRESENTER.tie_note(view, str) or ""
    assert cs.startswith("A, B: každý 18 VB; rozhodlo vyšší úroveň magie (A 4, B 3)")
    assert "více figurek ve hře, postavení větší části hradu" in cs


def test_tie_note_says_a_shared_place() -> None:
    # issue 24: two players on 14 VP with identical breakdowns and resources share 2nd
    results = rows(("alice", 16, 5, 3, 3, 4), ("bob", 14, 4, 3, 2, 5), ("cyril", 14, 4, 3, 2, 5))
    assert [r["rank"] for r in results] == [1, 2, 2]
    with using("en"):
        note = PRESENTER.tie_note({"results": results}, str)
    assert note == (
        "bob, cyril: 14 VP each and equal on meeples, tower, magic and resources, so they share "
        "place 2 (rulebook p. 10: the game ends in a draw)."
    )
    with using("cs"):
        assert "sdílejí 2. místo" in (PRESENTER.tie_note({"results": results}, str) or "")
    # resources decide when all else is equal: "celkový součet všech zdrojů"
    results = rows(("bob", 14, 4, 3, 2, 6), ("cyril", 14, 4, 3, 2, 5))
    with using("en"):
        assert "more resources left (bob 6, cyril 5), so bob ranks ahead" in (
            PRESENTER.tie_note({"results": results}, str) or ""
        )
    assert PRESENTER.tie_note({"results": rows(("x", 3, 1, 0, 0, 0))}, str) is None


def test_option_labels_say_house_rule_in_both_languages() -> None:
    for name in ("ruins_retreat", "fort_sortie", "ruins_each_searcher"):
        with using("en"):
            assert t(f"tek.opt.{name}").startswith("House rule: ")
        with using("cs"):
            assert t(f"tek.opt.{name}").startswith("Domácí pravidlo: ")
    assert {s.name for s in PRESENTER.option_specs} >= {"ruins_retreat", "fort_sortie"}
