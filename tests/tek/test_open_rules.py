"""Issue 30 for tek: the correction that went one step too far (Expand with no meeple on the
map) and the readings the rulebook leaves open (ruins in a war, a Fort left empty, two
searching meeples), each decided in docs/rules/tek.md with its Czech sentence; the other
reading of each is a house rule (``GAME.options``). Numbers are the rulebook's: the Expand
cost is the meeples in play with the new one (p.8), a retreat costs one food per meeple in
play (p.6), a Fort gives a discount of 2 (p.11)."""

from __future__ import annotations

from typing import Any

from games.tek import GAME
from games.tek import rules as R
from tests.tek.helpers import build, count, moves, play, res, step, turn, types
from tests.tek.test_corrections import war

THREE = {"a": "1A", "b": "3B", "c": "2A"}


def house(s: dict[str, Any], **rules: bool) -> dict[str, Any]:
    s["options"].update(rules)
    return s


# --- bug 2, p.8: "pokud nemáš v některém kraji osamocenou figurku, osidlovat nemůžeš" --------


def test_expand_needs_a_lone_meeple_even_on_an_empty_map_p8() -> None:
    # a has no meeple in play (7 in supply) and 9 food: the first meeple would cost 1 food,
    # but there is no lone meeple to place it beside, so Expand is not possible
    s = build(
        {"a": "1A", "b": "2A", "c": "3A"},
        res={"a": (1, 1, 9)},
        meeples={"2A-a": ["b"], "3A-a": ["c"]},
    )
    assert R.meeples_in_play(s, "a") == 0 and R.supply(s, "a") == 7
    assert R.expand_regions(s, "a") == []
    assert not R.action_possible(s, "a", "expand")
    s = turn(s, "expand", ["b", "a", "c"])
    s, _ = play(s, ("b", {"type": "pass"}))
    assert moves(s, "a") == [{"type": "collect"}]
    # collecting gives nothing: no region, and the one-meeple bonus needs exactly one (p.9)
    s, ev = play(s, ("a", {"type": "collect"}))
    assert res(s, "a") == (1, 1, 9) and count(s, "a") == 0


def test_a_player_with_no_meeple_still_builds_researches_and_trades_p7_p8() -> None:
    # "na první část potřebuješ 1 rudu" (p.7), "za úroveň 1 zaplatíš 1 manu" (p.8), Obchod
    s = build(
        {"a": "1A", "b": "2A", "c": "3A"},
        res={"a": (1, 1, 9)},
        meeples={"2A-a": ["b"], "3A-a": ["c"]},
    )
    assert [a for a in R.ACTIONS if R.action_possible(s, "a", a)] == [
        "build",
        "research",
        "trade",
    ]
    s = turn(s, "build", ["a", "b", "c"])
    s, _ = play(s, ("a", {"type": "perform", "action": "build"}))
    assert s["pl"]["a"]["tower"] == 1 and res(s, "a") == (1, 0, 9)


# --- ruins in a war, p.9: "Pokud figurka hráče vstoupí do podzemí, položí se na bok" ---------


def _ruins_war(**rules: bool) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """a (3 meeples in play, 9 food) attacks b's searching meeple in the ruins 3B-c from 3B-a;
    a sets 1, b sets 2: the defender wins, a pays 1, b pays 2."""
    s = build(
        THREE,
        res={"a": (1, 0, 9), "b": (1, 0, 9)},
        meeples={
            "3B-a": ["a"],
            "1A-a": ["a", "a"],
            "3B-c": [("b", True)],
            "3B-e": ["b"],
            "2A-a": ["c"],
        },
    )
    s = war(house(s, **rules), "a", "3B-a", "3B-c")
    return play(s, ("a", {"type": "war_die", "value": 1}), ("b", {"type": "war_die", "value": 2}))


def test_an_attacker_that_entered_ruins_lies_there_and_cannot_retreat_p9() -> None:
    s, ev = _ruins_war()
    # 3B-a (left by a) and 3B-d are free, but the attacker lies in the ruins like the
    # defender would: removal is its only option and resolves at once
    assert {"type": "war_result", "winner": "b", "loser": "a"}.items() <= next(
        e for e in ev if e["type"] == "war_result"
    ).items()
    assert {"type": "removed", "player": "a", "region": "3B-c"} in ev
    assert "retreated" not in types(ev) and res(s, "a") == (0, 0, 9)
    assert s["meeples"]["3B-c"] == [["b", True]]


def test_house_rule_ruins_retreat_lets_both_sides_retreat_from_ruins() -> None:
    s, ev = _ruins_war(ruins_retreat=True)
    assert step(s) == "loss"
    # one food per meeple in play, the retreating one included: 3
    assert moves(s, "a") == [
        {"type": "retreat", "region": "3B-a"},
        {"type": "retreat", "region": "3B-d"},
        {"type": "remove"},
    ]
    assert GAME.preview(s, "a", {"type": "retreat", "region": "3B-a"})["cost"] == {"food": 3}
    s, ev = play(s, ("a", {"type": "retreat", "region": "3B-d"}))
    assert res(s, "a") == (0, 0, 6) and s["meeples"]["3B-d"] == [["a", False]]
    # the defender lying in ruins may retreat too under the house rule
    s = build(
        THREE,
        res={"a": (2, 0, 0), "b": (0, 0, 9)},
        meeples={"3B-a": ["a"], "1A-a": ["a"], "3B-c": [("b", True)], "3B-e": ["b"], "2A-a": ["c"]},
    )
    s = war(house(s, ruins_retreat=True), "a", "3B-a", "3B-c")
    s, _ = play(
        s, ("a", {"type": "war_die", "value": 1}), ("b", {"type": "war_die", "value": "flag"})
    )
    assert {"type": "retreat", "region": "3B-a"} in moves(s, "b")


# --- a Fort left empty, p.11: "Pokud hráč, který má figurku v kraji s tvrzí, útočí, má slevu 2"


def _fort_war(**rules: bool) -> dict[str, Any]:
    """a's only meeple in the Fort region 2A-c attacks b in 2A-d; a holds 2 mana."""
    s = build(
        {"a": "1A", "b": "2A", "c": "3A", "d": "4A"},
        exploration=True,
        res={"a": (2, 0, 0)},
        meeples={"2A-c": ["a"], "1A-a": ["a"], "2A-d": ["b"], "2A-a": ["b"], "3A-a": ["c"]},
        tokens={"2A-c": ("fort", True)},
    )
    return war(house(s, **rules), "a", "2A-c", "2A-d")


def test_a_fort_left_empty_by_the_attack_gives_no_discount_p11() -> None:
    s = _fort_war()
    assert R.flat_discount(s, "a", s["war"]) == 0
    assert [m["value"] for m in moves(s, "a")] == ["flag", 1, 2, 3, 4]


def test_house_rule_fort_sortie_keeps_the_discount_of_2() -> None:
    s = _fort_war(fort_sortie=True)
    assert R.flat_discount(s, "a", s["war"]) == 2
    assert [m["value"] for m in moves(s, "a")] == ["flag", 1, 2, 3, 4, 5, 6]


# --- two searching meeples, p.8 "pořád dostaneš jen jeden" / p.9 "přidá majiteli 1 zdroj" ---


def _two_searchers(**rules: bool) -> dict[str, Any]:
    s = build(
        THREE,
        meeples={"3B-c": [("b", True), ("b", True)], "1A-a": ["a"], "2A-a": ["c"]},
    )
    s = turn(house(s, **rules), "trade", ["a", "b", "c"])
    s, _ = play(s, ("a", {"type": "pass"}), ("b", {"type": "collect"}))
    return s


def test_two_searching_meeples_in_one_ruins_give_one_resource_p8() -> None:
    s = _two_searchers()
    s, ev = play(s, ("b", {"type": "choose_resource", "resource": "ore"}))
    assert res(s, "b") == (0, 1, 0) and GAME.actors(s) == ["c"]


def test_house_rule_ruins_each_searcher_gives_one_each() -> None:
    s = _two_searchers(ruins_each_searcher=True)
    s, _ = play(
        s,
        ("b", {"type": "choose_resource", "resource": "ore"}),
        ("b", {"type": "choose_resource", "resource": "mana"}),
    )
    assert res(s, "b") == (1, 1, 0) and GAME.actors(s) == ["c"]


def test_the_house_rules_are_options_off_by_default() -> None:
    for name in ("ruins_retreat", "fort_sortie", "ruins_each_searcher"):
        assert GAME.options[name] == (False, [False, True])
        assert GAME.setup(["x", "y", "z"], {}, 1)["options"][name] is False
