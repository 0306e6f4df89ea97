"""Issue 30: the readings the rulebook leaves open, decided (docs/rules/elves.md §2.4, §7.5).

* Teleport magic: "Poté pokračuje hráč stejným směrem jako cestoval před teleportací" and
  "Cesta začíná vždy ve vlastním království": a teleport comes after the journey's first visit
  and moves the traveller ("přesunout") to another village; the house rule
  ``teleport_anywhere`` allows both.
* The bank: "65 zlatých mincí: o hodnotách 1, 5 a 10" (20 × 10, 20 × 5 and 25 × 1 = 325
  gold [data]); "Bankéř může během hry každému hráči zlaté žetony rozměňovat". A bank that
  runs short pays what it holds; the house rule ``unlimited_bank`` never runs out.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.base import IllegalMove
from games.elves import GAME
from games.elves.data import BANK_COINS, BANK_GOLD
from games.elves.rules import bank
from tests.elves.helpers import build, moves, play

P3 = ["Adam", "Beata", "Carl"]


def _teleport_table(**options: Any) -> dict[str, Any]:
    """Rules Example 11: Adam 8 gold, Adam plains, Beata desert, Carl lake with Beata's thief."""
    return build(
        P3,
        phase="travel",
        turn="Adam",
        start="Adam",
        gold={"Adam": 8},
        options={"teleport": True, **options},
        realms={
            "Adam": ["plains"],
            "Beata": ["desert"],
            "Carl": [{"card": "lake", "obstacle": ("seamonster", "Beata"), "thief": "Beata"}],
        },
        hands={"Adam": {"pig": 3, "troll": 1, "cycle": 1}},
    )


def _teleports(state: dict[str, Any]) -> list[tuple[str, int]]:
    return [(m["realm"], m["slot"]) for m in moves(state, "Adam") if m["type"] == "teleport"]


def test_teleport_comes_after_the_first_visit_of_the_journey() -> None:
    """ "Cesta začíná vždy ve vlastním království": no teleport before Adam's first visit."""
    s = _teleport_table()
    assert _teleports(s) == []
    s, _ = play(s, "Adam", {"type": "travel", "transport": "pig"})
    assert GAME.view(s, "Adam")["gold"] == 10
    assert _teleports(s) == [("Beata", 0), ("Carl", 0)]


def test_teleport_moves_to_another_village_not_the_one_you_are_in() -> None:
    """ "Hráč se může přesunout do jakékoliv vesnice": Adam, at his plains, may not teleport
    onto it (3 gold and 4 cards for its 2 gold again); Beata's desert and Carl's lake remain."""
    s, _ = play(_teleport_table(), "Adam", {"type": "travel", "transport": "pig"})
    assert ("Adam", 0) not in _teleports(s)
    with pytest.raises(IllegalMove):
        GAME.apply(s, "Adam", {"type": "teleport", "realm": "Adam", "slot": 0})


def test_house_rule_teleport_anywhere_allows_the_start_and_the_village_you_are_in() -> None:
    s = _teleport_table(teleport_anywhere=True)
    assert _teleports(s) == [("Adam", 0), ("Beata", 0), ("Carl", 0)]
    s, _ = play(s, "Adam", {"type": "travel", "transport": "pig"})
    assert _teleports(s) == [("Adam", 0), ("Beata", 0), ("Carl", 0)]


def test_the_bank_holds_65_coins_worth_325_gold() -> None:
    """ "65 zlatých mincí: o hodnotách 1, 5 a 10"; 3 players take 12 gold each: 289 left."""
    assert sum(BANK_COINS.values()) == 65 and BANK_GOLD == 325
    s = GAME.setup(P3, {}, 1)
    assert bank(s) == 325 - 3 * 12 == 289
    assert GAME.view(s, None)["bank"] == 289


def test_purchases_are_set_aside_and_reach_the_bank_when_planning_ends() -> None:
    """ "se peníze, které platil, položí odděleně … Teprve když skončí tato plánovací akce,
    budou tyto zlaté odloženy do banky": 1 + 2 gold set aside is in nobody's hands."""
    s = build(P3, turn="Adam", realms={"Adam": ["plains"], "Beata": ["forest"], "Carl": ["lake"]})
    s, _ = play(s, "Adam", {"type": "buy"})
    assert bank(s) == 289 and s["gold"][0] == 11
    for p in ["Beata", "Carl", "Adam"]:
        s, _ = play(s, p, {"type": "pass"})
    assert s["phase"] == "travel" and bank(s) == 289 + 1


def _short_bank(**options: Any) -> dict[str, Any]:
    """Adam travels to Beata's lake (7 gold) while the players hold 321 of the 325 gold."""
    return build(
        P3,
        phase="travel",
        turn="Adam",
        start="Adam",
        gold={"Adam": 12, "Beata": 150, "Carl": 159},
        options=options,
        realms={"Beata": ["lake"]},
        hands={"Adam": {"raft": 2}},
    )


def test_a_short_bank_pays_what_it_holds() -> None:
    s = _short_bank()
    assert bank(s) == 4
    preview = GAME.preview(s, "Adam", {"type": "travel", "transport": "raft"})
    assert preview["value"] == 4 and preview["short"] == 3 and preview["gold_after"] == 16
    s, events = play(s, "Adam", {"type": "travel", "transport": "raft"})
    visit = next(e for e in events if e["type"] == "visited")
    assert visit["value"] == 4 and visit["short"] == 3
    assert s["gold"][0] == 16 and bank(s) == 0
    assert GAME.view(s, None)["journey"]["income"] == 4


def test_an_empty_bank_pays_no_bonus() -> None:
    """The 10-gold bonus for every village, from a bank holding nothing."""
    s, _ = play(_short_bank(), "Adam", {"type": "travel", "transport": "raft"})
    assert GAME.preview(s, "Adam", {"type": "end_journey"})["bonus"] == 0
    s, events = play(s, "Adam", {"type": "end_journey"})
    ended = next(e for e in events if e["type"] == "journey_ended")
    assert ended["bonus"] == 0 and ended["short"] == 10 and s["gold"][0] == 16


def test_house_rule_unlimited_bank_pays_in_full() -> None:
    s = _short_bank(unlimited_bank=True)
    assert bank(s) is None and GAME.view(s, None)["bank"] is None
    s, events = play(s, "Adam", {"type": "travel", "transport": "raft"})
    visit = next(e for e in events if e["type"] == "visited")
    assert visit["value"] == 7 and "short" not in visit and s["gold"][0] == 19
    s, events = play(s, "Adam", {"type": "end_journey"})
    assert events[0]["bonus"] == 10 and s["gold"][0] == 29


def test_the_bank_never_goes_below_zero_in_a_whole_game() -> None:
    from games.ai import RandomPlayer

    for seed in range(3):
        s = GAME.setup([f"p{i}" for i in range(6)], {"teleport": True}, seed)
        ai, k = RandomPlayer(seed), 0
        while not GAME.is_over(s):
            p = GAME.actors(s)[0]
            s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, k))
            left = bank(s)
            assert left is not None and 0 <= left and left + sum(s["gold"]) <= BANK_GOLD
            k += 1
