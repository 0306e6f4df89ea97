"""Empire Engine's terms (games/empire_engine/vocab.py): every named thing declared once, in
English and in the rulebook's Czech, and every text of the game (the presenter's
``empire_engine.*`` keys and the image's ``img.ee.*`` keys) naming things through them."""

from __future__ import annotations

import re

from bot.core.render import image_tr
from bot.text import extract, i18n
from games.empire_engine import data as D
from games.empire_engine.vocab import TERMS, action, resource
from games.terms import Count

GAME_KEYS = ("empire_engine.", "img.ee.")


def game_texts() -> dict[str, tuple[str, ...]]:
    return {
        key: entry if isinstance(entry, tuple) else (entry,)
        for key, entry in extract.english().items()
        if key.startswith(GAME_KEYS)
    }


def test_every_named_thing_has_an_english_and_a_czech_term() -> None:
    wanted = {f"action.{a}" for a in D.ACTION_GROUP} | {f"resource.{r}" for r in D.SCORE_TYPES}
    wanted |= {"pile.ready", "pile.score", "card.engine", "card.gear", "quarter_turn", "cube"}
    wanted |= {"alternate", "supply", "team", "partner", "start_player"}
    wanted |= {f"empire.{e['name']}" for e in D.EMPIRES}
    wanted |= {f"power.{e['power']}" for e in D.EMPIRES}
    assert wanted <= set(TERMS)
    for key, term in TERMS.items():
        assert term.key == "empire_engine." + key
        assert term.has("en", "nom") and term.has("cs", "nom"), key
        assert term.gender.get("cs") in ("m", "i", "f", "n"), key


def test_the_czech_terms_are_the_rulebooks() -> None:
    assert TERMS["card.engine"].form("cs") == "karta soukolí"
    assert TERMS["card.gear"].form("cs") == "karta mechanismu"
    assert TERMS["pile.ready"].form("cs") == "hromádka zdrojů"
    assert TERMS["pile.score"].form("cs") == "hromádka celkového skóre"
    assert TERMS["quarter_turn"].form("cs") == "čtvrtotáčka"
    assert [action(a).form("cs") for a in D.ENGINE_ORDER["L"]] == [
        "Vojsko",
        "Shromažďování",
        "Zboží",
        "Útok",
    ]
    assert [action(a).form("cs") for a in D.ENGINE_ORDER["R"]] == [
        "Vynález",
        "Obrana",
        "Útok",
        "Export",
    ]
    with i18n.using("cs"):
        assert [i18n._format("{c}", {"c": Count(n, resource("soldier"))}) for n in (1, 2, 5)] == [
            "1 voják",
            "2 vojáci",
            "5 vojáků",
        ]
        assert i18n._format("{c:acc}", {"c": resource("soldier")}) == "vojáka"


def test_no_english_text_is_worded_under_two_keys_of_the_game() -> None:
    seen: dict[str, str] = {}
    for key, forms in sorted(game_texts().items()):
        for form in set(forms):
            assert form not in seen, f"{form!r} under {seen[form]} and {key}"
            seen[form] = key


def test_no_key_of_the_game_declares_a_name_the_terms_declare() -> None:
    names = {form.lower() for term in TERMS.values() for form in term.forms["en"].values()}
    for key, forms in game_texts().items():
        for form in forms:
            assert form.strip().lower() not in names, f"{key} declares the name {form!r}"


def test_one_english_term_for_the_engine_card() -> None:
    for key, forms in game_texts().items():
        for form in forms:
            assert not re.search(r"mechanism", form, re.I), f"{key}: {form!r}"


def test_texts_take_the_form_their_czech_entry_names() -> None:
    soldier = resource("soldier")
    with i18n.using("cs"):
        placed = i18n.t("empire_engine.ev.placed.pay", player="Eva", card="L", pay=soldier)
        assert "pokládá na ni vojáka" in placed
        blocked = i18n.tn("empire_engine.move.block.self", 2, attacker="Bob", reward=2)
        assert blocked.endswith("(+2 vojáci do skóre)")
    cs, en = image_tr("cs"), image_tr("en")
    lay = {"name": "Eva", "slot": 1, "engine": TERMS["card.engine"]}
    assert cs("ee.part.lay", **lay) == "Eva pokládá lícem dolů kartu soukolí 1"
    assert en("ee.part.lay", **lay) == "Eva lays engine card 1 face down"
    assert en("ee.kinds", kind=resource("invention")) == "inventions"
    assert cs("ee.kinds", kind=resource("invention")) == "vynálezy"
