"""The engine's preview of a move (docs/rules/tek.md §19.6): the rules' own numbers for a
prompt, from public facts only, checked on the worked examples of §20 and, on seeded random
games, against what the move's handler then does."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.base import IllegalMove
from games.tek import GAME
from games.tek import rules as R
from games.tek.data import RESOURCES
from games.tek.handlers import handle
from tests.tek.helpers import build, play, turn
from tests.tek.test_examples import e1_state

FOUR = {"bara": "1A", "jarmil": "2A", "c3": "3A", "c4": "4A"}


def pv(s: dict[str, Any], p: str, move: dict[str, Any]) -> dict[str, Any]:
    return GAME.preview(s, p, move)


def test_e1_the_move_into_a_lone_meeple_starts_a_war_and_both_dice_are_priced() -> None:
    s = e1_state()
    s, _ = play(
        s,
        ("bara", {"type": "perform", "action": "patrol"}),
        ("bara", {"type": "move_from", "region": "2A-c"}),
    )
    into = pv(s, "bara", {"type": "move_to", "region": "2A-d"})
    assert into["war"] == {"defender": "jarmil", "allied": False} and into["neutral_cost"] is None
    assert into["cost"] == {} and into["left"] == {"mana": 1, "ore": 2, "food": 3}
    assert into["terrain"] == "forest" and into["arrival_gain"] == {}
    s, _ = play(s, ("bara", {"type": "move_to", "region": "2A-d"}))
    five = pv(s, "bara", {"type": "war_die", "value": 5})
    assert five["war_values"] == {
        "bara": {"mana": 2, "ore": 1, "food": 0},
        "jarmil": {"mana": 2, "ore": 1, "food": 0},
    }
    assert five["discount"] == 1 and five["most"] == 5  # Warband: -1 war cost
    assert five["payments"] == [
        {"pay": {"mana": 1, "ore": 2, "food": 0}, "left": {"mana": 0, "ore": 0, "food": 3}}
    ]
    assert pv(s, "jarmil", {"type": "war_die", "value": "flag"})["payments"] == []
    # the same answer whatever Bára's hidden die: she has not set it, Jarmil cannot see it
    s, _ = play(s, ("bara", {"type": "war_die", "value": 5}))
    assert pv(s, "jarmil", {"type": "war_die", "value": 4})["payments"] == [
        {"pay": {"mana": 2, "ore": 0, "food": 0}, "left": {"mana": 0, "ore": 0, "food": 5}}
    ]
    s, _ = play(s, ("jarmil", {"type": "war_die", "value": "flag"}))
    retreat = pv(s, "jarmil", {"type": "retreat", "region": "2A-e"})
    assert retreat["cost"] == {"food": 4} and retreat["left"]["food"] == 1


def test_costs_and_gains_of_the_actions() -> None:
    s = build(
        FOUR,
        factions={"bara": "dwarves", "jarmil": "humans", "c3": "goblins"},
        magic={"bara": 4, "jarmil": 1, "c3": 2},
        tower={"bara": 0},
        res={"bara": (0, 2, 0), "jarmil": (3, 2, 0), "c3": (0, 0, 9)},
        meeples={"1A-a": ["bara"], "2A-a": ["jarmil"], "3A-a": ["c3"], "3A-b": ["c3"]},
    )
    s = turn(s, "build", ["bara", "jarmil", "c3", "c4"])
    build_ = pv(s, "bara", {"type": "perform", "action": "build"})
    # Master Masons: level 1 costs 0 ore, "no minimum"; tower 1 scores 1 VP
    assert build_["cost"] == {"ore": 0} and build_["level"] == 1 and build_["vp"] == 1
    s = turn(s, "trade", ["jarmil", "c3", "c4", "bara"])
    s, _ = play(
        s,
        ("jarmil", {"type": "perform", "action": "trade"}),
        ("jarmil", {"type": "trade_pair", "give": "mana", "get": "food"}),
    )
    trade = pv(s, "jarmil", {"type": "trade_amount", "amount": 2})
    assert trade["received"] == 3 and trade["cost"] == {"mana": 2} and trade["gain"] == {"food": 3}
    s = turn(s, "expand", ["c3", "c4", "bara", "jarmil"])
    expand = pv(s, "c3", {"type": "perform", "action": "expand"})
    assert expand["cost"] == {"food": 2} and expand["regions"] == ["3A-a", "3A-b"]  # Breeders


def test_collect_counts_the_yield_the_cap_and_the_free_choices() -> None:
    s = build(
        {"a": "1A", "yellow": "3B", "c": "2A", "d": "4A"},
        res={"yellow": (2, 9, 0)},
        meeples={"3B-d": ["yellow"], "1A-a": ["a"]},
    )
    s = turn(s, "build", ["a", "yellow", "c", "d"])
    s, _ = play(s, ("a", {"type": "pass"}))
    got = pv(s, "yellow", {"type": "collect"})
    assert got["gain"] == {"mana": 0, "ore": 1, "food": 0} and got["lost"] == {"ore": 1}
    assert got["choices"] == 1 and got["reasons"] == ["one_meeple"]  # E7


def test_a_move_that_is_not_listed_has_no_preview() -> None:
    s = GAME.setup(["a", "b"], {}, 3)
    actor = GAME.actors(s)[0]
    other = "b" if actor == "a" else "a"
    move = GAME.legal_moves(s, actor)[0]
    with pytest.raises(IllegalMove):
        GAME.preview(s, other, move)
    with pytest.raises(IllegalMove):
        GAME.preview(s, actor, {**move, "side": "9Z"})


#: moves whose handler pays or gains at once (their preview's ``left`` is then exact)
AT_ONCE = {
    "perform",
    "collect",
    "expand",
    "trade_amount",
    "war_pay",
    "lose_resources",
    "bandits_pay",
    "plunder",
    "choose_resource",
    "convert",
    "retreat",
    "start_beginner",
    "start_ore",
    "war_boost",
}


@pytest.mark.parametrize(
    ("n", "options"), [(2, {"exploration": True}), (4, {}), (5, {"exploration": True})]
)
def test_the_preview_says_what_the_handler_then_does(n: int, options: dict) -> None:
    s = GAME.setup([f"p{i}" for i in range(n)], options, n)
    rng = random.Random(n)
    checked: set[str] = set()
    while not GAME.is_over(s):
        actors = GAME.actors(s)
        p = actors[rng.randrange(len(actors))]
        legal = GAME.legal_moves(s, p)
        for move in legal:
            answer = GAME.preview(s, p, move)
            assert {"cost", "gain", "left", "lost"} <= set(answer)
            if move["type"] in AT_ONCE and move.get("action") != "expand":  # paid at `expand`
                after = R.copy_state(s)
                handle(after, after["tasks"].pop(), p, dict(move), [])
                assert answer["left"] == {x: after["pl"][p]["res"][x] for x in RESOURCES}, move
                checked.add(move["type"])
        s, _ = GAME.apply(s, p, legal[rng.randrange(len(legal))])
    assert {"perform", "collect", "trade_amount", "choose_resource"} <= checked
