"""Majesty's teaching (issue 24): "Why?" answers carry the engine's numbers, references and
rules pages carry the rulebook's, the tie note names the rulebook's tie rule.

Seeded whole games are walked at 2 and 4 players on sides A, B and mixed; at every decision the
"Why?" answer of every option is checked in English and in Czech against the engine: each
number it states is a field of the move's ``preview`` (what the card scores now for that
player, each half of a split card, the score if the game ended then, the other players'
gains, the Castle exchange's end of turn), and the preview's points are what applying the move
on a copy really gives.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.text import presenters
from bot.text.i18n import t, using
from games.majesty import GAME
from games.majesty.vocab import TERMS
from games.terms import Count
from tests.majesty.test_examples import E13, _final_state

PRESENTER = presenters.get("majesty")
LANGS = ("en", "cs")


def name(player: str) -> str:
    return player


def points(n: int) -> Count:
    return Count(n, TERMS["point"])


def expected_fragments(facts: dict[str, Any], player: str) -> list[str]:
    """The phrases a placement's answer must contain, worded with the engine's numbers."""
    out = []
    if facts["points"] > 0:
        out.append(t("majesty.why.gain", points=points(facts["points"])))
    elif facts["points"] == 0:
        out.append(t("majesty.why.no_gain"))
    out.append(t("majesty.why.projection", points=points(facts["projection"][player])))
    for q, n in facts["others"].items():
        out.append(t("majesty.why.other", who=q, points=points(n)))
    if facts["meeples_before"] != facts["meeples_after"]:
        before, after = facts["meeples_before"], facts["meeples_after"]
        out.append(t("majesty.why.meeples", before=before, after=after))
    return out


def check_answer(state: Any, actor: str, move: dict[str, Any], facts: Any, text: str) -> None:
    if move["type"] == "take":
        parts = list(facts["placements"])
        cost = Count(facts["cost"], TERMS["meeple"])
        if facts["cost"]:
            assert t("majesty.why.cost", cost=cost) in text or "cost" not in text
        for placement in parts:
            for fragment in expected_fragments(placement, actor):
                assert fragment in text, (fragment, text)
        if len(parts) == 1 and parts[0]["then"] in ("done", "over"):
            after, _ = GAME.apply(state, actor, move)
            gained = after["realms"][actor]["points"] - state["realms"][actor]["points"]
            assert gained == parts[0]["points"]
    else:
        for fragment in expected_fragments(facts, actor):
            assert fragment in text, (fragment, text)
        if facts["then"] in ("done", "over"):
            after, _ = GAME.apply(state, actor, move)
            assert after["realms"][actor]["points"] == facts["points_after"]
            assert after["realms"][actor]["meeples"] == facts["meeples_after"]
    numbers = {int(n) for n in re.findall(r"\d+", text)}
    assert facts.get("projection", {}).get(actor, 0) in numbers or move["type"] == "take"


GAMES = [(2, "A", 1), (4, "B", 2), (3, "ABBAABAB", 3), (4, "A", 4)]


@pytest.mark.parametrize(("n", "sides", "seed"), GAMES)
def test_why_at_every_decision_of_a_whole_game_has_the_engines_numbers(
    n: int, sides: str, seed: int
) -> None:
    rng = random.Random(seed)
    state = GAME.setup([f"p{i}" for i in range(n)], {"sides": sides}, seed)
    steps: set[str] = set()
    while not GAME.is_over(state):
        (actor,) = GAME.actors(state)
        moves = GAME.legal_moves(state, actor)
        options = [(m, GAME.preview(state, actor, m)) for m in moves]
        view = GAME.view(state, actor)
        steps.add(view["envelope"]["step"]["id"])
        for lang in LANGS:
            with using(lang):
                lines = PRESENTER.why(view, actor, options, name)
                assert len(lines) == len(moves), "every option is answered"
                for (move, facts), line in zip(options, lines, strict=True):
                    assert line.label == PRESENTER.move_label(view, move, name, facts)
                    check_answer(state, actor, move, facts, line.text)
        state, _ = GAME.apply(state, actor, rng.choice(moves))
    assert "take" in steps


def test_why_of_a_split_card_says_what_each_half_does() -> None:
    from tests.majesty.helpers import build

    # rules §11 E5: Guard/Knight (card 56) at index 2; as Knight it attacks Bob and Cat
    state = build(
        ["ann", "bob", "cat"],
        realms={
            "ann": {"barracks": [18]},
            "bob": {"guardhouse": [15, 16], "infirmary": [17]},
            "cat": {"brewery": [8, 25], "guardhouse": [40]},
        },
        display=[45, 46, 56, 42, 43, 44],
    )
    move = {"type": "take", "index": 2}
    facts = GAME.preview(state, "ann", move)
    with using("en"):
        (line,) = PRESENTER.why(GAME.view(state, "ann"), "ann", [(move, facts)], name)
    assert "As Guard at the Guardhouse (side A): you gain 4 points" in line.text
    assert "As Knight at the Barracks (side A): you gain 6 points" in line.text
    assert "bob defends (Guards: 2, your Knights: 2)" in line.text
    assert "cat loses Brewer from the Brewery to the Infirmary" in line.text
    with using("cs"):
        (line,) = PRESENTER.why(GAME.view(state, "ann"), "ann", [(move, facts)], name)
    assert "Jako Vojáka" not in line.text
    assert "Jako Voják do Kasáren (strana A): získáš 6 bodů" in line.text
    assert "cat přijde o postavu Sládek z budovy Pivovar" in line.text
    assert "bob se ubrání (Stráže: 2, tví Vojáci: 2)" in line.text


def test_references_carry_the_rulebooks_numbers() -> None:
    refs = PRESENTER.references()
    assert set(refs) == set(TERMS)
    miller = dict(refs["character.miller"].facts)
    # rules §1.3: 7 + 2 single Millers, 3 Miller/Brewer + 2 Miller/Knight; majority 10 / 14
    assert miller == {
        "majesty.ref.fact.single": 9,
        "majesty.ref.fact.split": 5,
        "majesty.ref.fact.deck1": 10,
        "majesty.ref.fact.deck2": 4,
        "majesty.ref.fact.majority_a": 10,
        "majesty.ref.fact.majority_b": 14,
    }
    assert dict(refs["location.castle"].facts)["majesty.ref.fact.majority_b"] == 16
    assert dict(refs["location.guardhouse"].facts)["majesty.ref.fact.majority_b"] == 8
    infirmary = dict(refs["location.infirmary"].facts)
    assert infirmary["majesty.ref.fact.per_card_a"] == -1
    assert infirmary["majesty.ref.fact.per_card_b"] == -2
    assert infirmary["majesty.ref.fact.most_b"] == -10
    deck1 = dict(refs["deck.1"].facts)
    assert deck1 == {
        "majesty.ref.fact.cards": 33,
        "majesty.ref.fact.kept2": 6,
        "majesty.ref.fact.kept3": 14,
        "majesty.ref.fact.kept4": 26,
    }
    assert dict(refs["deck.2"].facts) == {"majesty.ref.fact.cards": 27}
    meeple = dict(refs["meeple"].facts)
    assert [meeple[f"majesty.ref.fact.{k}"] for k in ("start", "capacity", "total")] == [5, 5, 30]
    assert dict(refs["split_card"].facts)["majesty.ref.fact.cards"] == 23
    assert refs["character.witch"].kind == "character" and refs["ability.heal"].where == "§5"
    with using("cs"):
        assert "Léčení" in PRESENTER.rules_page("action.heal")[0]
        assert "Mlynářku" in PRESENTER.reference_text("location.mill")
    # 7 different characters squared (rulebook p.7), in points
    assert dict(refs["variety"].facts)["majesty.ref.fact.max_variety"] == points(49)


def test_offered_names_the_cards_and_locations_of_the_prompt() -> None:
    from tests.majesty.helpers import build

    state = build(["ann", "bob"], display=[1, 56, 8, 45, 46, 42])
    view = GAME.view(state, "ann")
    offered = PRESENTER.offered(view, GAME.legal_moves(state, "ann"))
    assert offered[:3] == ["character.miller", "location.mill", "split_card"]
    assert "character.knight" in offered and "location.barracks" in offered
    assert len(offered) == len(set(offered))


@pytest.mark.parametrize("lang", LANGS)
def test_rules_pages_have_the_rulebooks_numbers(lang: str) -> None:
    with using(lang):
        pages = {topic: PRESENTER.rules_page(topic)[1] for topic in PRESENTER.rules_topics()}
    assert len(pages["overview"]) <= 600
    for number in ("27", "33", " 6 ", "14", "26", "30"):
        assert number in pages["setup"], number
    assert "10, 11, 12, 13, 14, 15, 16" in pages["locations_a"]
    assert "14, 12, 12, 8, 8, 12, 16" in pages["locations_b"]
    assert "49" in pages["end"] and "16" in pages["end"]


def test_tie_note_quotes_the_rulebooks_tie_rule() -> None:
    # rules §11 E13: Ann and Bob 134, Cat 116; Bob holds 5 meeples, Ann 3
    shared, _ = _final_state(E13, "A")
    view = GAME.view(shared, None)
    with using("en"):
        note = PRESENTER.tie_note(view, name)
    assert note is not None and note.startswith("ann, bob share 1st place with 134 points")
    assert "V případě shody je korunováno" in note
    with using("cs"):
        note = PRESENTER.tie_note(view, name)
    assert note is not None and note.startswith("ann, bob: společně 1. místo, 134 bodů")
    broken, _ = _final_state(E13, "A", tiebreak=True)
    with using("en"):
        note = PRESENTER.tie_note(GAME.view(broken, None), name)
    assert note is not None and "bob: 5 meeples, ann: 3 meeples" in note
    assert "zbývajících figurek pomocníků" in note
    alone, _ = _final_state({**E13, "bob": (57, 5, [2, 2, 0, 1, 3, 2, 2], 0)}, "A")
    assert PRESENTER.tie_note(GAME.view(alone, None), name) is None
