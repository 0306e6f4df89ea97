"""Issue 18 (rules corrections from the Czech rulebook): one scenario per corrected rule, with
the rulebook's numbers. Every test here fails on the engine before the corrections."""

from __future__ import annotations

from games.tek import GAME
from games.tek import rules as R
from games.tek.data import FACTION_IDS
from tests.tek.helpers import build, count, moves, play, res, step, turn, types

THREE = {"a": "1B", "b": "2A", "c": "3A"}


def war(s: dict, attacker: str, src: str, dst: str, action: str = "patrol") -> dict:
    order = [attacker] + [p for p in s["players"] if p != attacker]
    s = turn(s, action, order)
    s, _ = play(
        s,
        (attacker, {"type": "perform", "action": action}),
        (attacker, {"type": "move_from", "region": src}),
        (attacker, {"type": "move_to", "region": dst}),
    )
    return s


# --- 1. Expand: "zaplať tolik jídla, kolik máš aktuálně figurek ve hře (čtvrté ... 4 jídla)"


def test_expand_costs_the_meeples_in_play_including_the_new_one() -> None:
    # Undead L4 only widens where the meeple may go (empty adjacent regions), not the cost
    s = build(
        THREE,
        factions={"a": "undead"},
        magic={"a": 4},
        res={"a": (0, 0, 2)},
        meeples={"1B-a": ["a"], "1B-b": ["a"], "3A-a": ["c"]},
    )
    assert R.expand_cost(s, "a") == 3
    assert not R.action_possible(s, "a", "expand")  # 2 meeples and 2 food: not affordable
    paid = []
    for _ in range(5):  # from 2 to 7 meeples
        s["pl"]["a"]["res"]["food"] = 9
        s = turn(s, "expand", ["a", "b", "c"])
        s, _ = play(s, ("a", {"type": "perform", "action": "expand"}))
        region = moves(s, "a")[0]["region"]
        s, ev = play(s, ("a", {"type": "expand", "region": region}))
        paid += [e["cost"] for e in ev if e["type"] == "expanded"]
    assert paid == [3, 4, 5, 6, 7] and sum(paid) == 25
    assert count(s, "a") == 7


# --- 2. "pohnout figurkou z takového kraje pryč bez dalších postihů"


def leave_and_attack(fb: str = "humans", mb: int = 0) -> dict:
    # a and b share only 1B-c; a walks out of it into b's lone meeple in 1B-b
    s = build(
        THREE,
        factions={"b": fb},
        magic={"b": mb},
        res={"a": (3, 0, 0), "b": (0, 0, 6)},
        meeples={"1B-c": ["a", "b"], "1B-b": ["b"], "1B-d": ["a"], "3A-a": ["c"]},
    )
    return war(s, "a", "1B-c", "1B-b")


def test_leaving_the_only_shared_region_is_not_an_alliance_break() -> None:
    s = leave_and_attack()
    assert GAME.view(s, None)["step"]["context"]["war"]["allied"] is False
    s, ev = play(
        s, ("a", {"type": "war_die", "value": 3}), ("b", {"type": "war_die", "value": "flag"})
    )
    assert "alliance_broken" not in types(ev)
    assert step(s) == "loss"  # only the contested meeple: no loss_region choice
    s, ev = play(s, ("b", {"type": "remove"}))
    assert s["meeples"]["1B-c"] == [["b", False]]  # the left region is not vacated
    assert count(s, "b") == 1


def test_halflings_lock_does_not_bind_after_leaving_the_shared_region() -> None:
    s = leave_and_attack(fb="halflings", mb=4)
    assert moves(s, "a")[:2] == [
        {"type": "war_die", "value": "flag"},
        {"type": "war_die", "value": 1},
    ]


# --- 3. Halflings as printed (five sentences)


def test_halflings_good_company_also_with_a_player_already_allied() -> None:
    # "Pokud uzavřeš alianci, vezmi si jeden zdroj dle svého výběru." - each time
    s = build(
        THREE,
        factions={"b": "halflings"},
        magic={"b": 1},
        meeples={"1B-c": ["a", "b"], "1B-a": ["a"], "1B-b": ["b"], "3A-a": ["c"]},
    )
    s = war(s, "a", "1B-a", "1B-b")  # a still shares 1B-c with b: allied before the war
    s, ev = play(
        s, ("a", {"type": "war_die", "value": "flag"}), ("b", {"type": "war_die", "value": "flag"})
    )
    assert "alliance_formed" in types(ev)
    assert GAME.actors(s) == ["b"] and step(s) == "choose_resource"
    s, _ = play(s, ("b", {"type": "choose_resource", "resource": "mana"}))
    assert res(s, "b") == (1, 0, 0) and res(s, "a") == (0, 0, 0)  # L2 not reached: a gets none


def test_halflings_have_no_free_retreat() -> None:
    # the edition's "Nimble Feet" is gone: a Halfling's retreat costs food like anyone's
    s = build(
        {"a": "1A", "b": "2A", "c": "3A"},
        factions={"b": "halflings"},
        magic={"b": 5},
        res={"a": (2, 0, 0), "b": (0, 0, 1)},
        meeples={"2A-c": ["a"], "1A-a": ["a"], "2A-d": ["b"], "2A-a": ["b"], "3A-a": ["c"]},
    )
    s = war(s, "a", "2A-c", "2A-d")
    assert R.retreat_cost(s, "b") == 2
    s, ev = play(
        s, ("a", {"type": "war_die", "value": 1}), ("b", {"type": "war_die", "value": "flag"})
    )
    assert {"type": "removed", "player": "b", "region": "2A-d"} in ev  # the only option


def test_halflings_good_neighbours_score_one_per_ally_and_nothing_for_food() -> None:
    s = build(
        THREE,
        factions={"a": "halflings"},
        magic={"a": 5},
        res={"a": (0, 0, 9)},
        meeples={"1B-c": ["a", "b"], "3A-a": ["c"]},
    )
    assert R.score_breakdown(s, "a")["faction"] == 1


# --- 4. Lizardfolk: "Při akci Výprava můžeš namísto ní navzájem vyměnit ..." and foraging


def lizard(b_meeples: dict[str, list[str]]) -> dict:
    meeples = {"1A-a": ["a"], "1A-e": ["a"], "3A-a": ["c"], **b_meeples}
    s = build(
        {"a": "1A", "b": "2A", "c": "3A"},
        factions={"a": "lizardfolk"},
        magic={"a": 4},
        res={"a": (3, 0, 0), "b": (3, 0, 0)},
        meeples=meeples,
    )
    s = turn(s, "quest", ["a", "b", "c"])
    s, _ = play(s, ("a", {"type": "perform", "action": "quest"}))
    return s


def test_lizardfolk_changing_places_swaps_two_meeples() -> None:
    s = lizard({"2A-a": ["b"], "2A-c": ["b"]})
    assert {"type": "swap_from", "region": "1A-a"} in moves(s, "a")
    s, _ = play(s, ("a", {"type": "swap_from", "region": "1A-a"}))
    assert moves(s, "a") == [
        {"type": "swap_to", "region": "2A-a"},
        {"type": "swap_to", "region": "2A-c"},
    ]
    s, ev = play(s, ("a", {"type": "swap_to", "region": "2A-a"}))
    assert {"type": "swapped", "player": "a", "from": "1A-a", "to": "2A-a", "with": "b"} in ev
    assert s["meeples"]["2A-a"] == [["a", False]] and s["meeples"]["1A-a"] == [["b", False]]
    assert res(s, "a") == (4, 0, 0)  # foraging: 2A-a is a forest


def test_lizardfolk_swap_into_a_pair_starts_a_war() -> None:
    s = lizard({"2A-b": ["b", "b"]})
    s, _ = play(
        s,
        ("a", {"type": "swap_from", "region": "1A-a"}),
        ("a", {"type": "swap_to", "region": "2A-b"}),
    )
    assert s["meeples"]["1A-a"] == [["b", False]]
    war = GAME.view(s, None)["step"]["context"]["war"]
    assert (war["attacker"], war["defender"], war["region"], war["via"]) == (
        "a",
        "b",
        "2A-b",
        "quest",
    )
    assert R.flat_discount(s, "a", s["war"]) == 0  # the invented Ambush (-2) is gone


def test_lizardfolk_forage_on_a_patrol() -> None:
    # "získáš z cílového kraje zdroj daného typu, když se pohneš"
    s = build(
        {"a": "1A", "b": "2A", "c": "3A"},
        factions={"a": "lizardfolk"},
        magic={"a": 1},
        meeples={"1A-c": ["a"], "1A-d": ["a"], "3A-a": ["c"]},
    )
    s = turn(s, "patrol", ["a", "b", "c"])
    s, ev = play(
        s,
        ("a", {"type": "perform", "action": "patrol"}),
        ("a", {"type": "move_from", "region": "1A-c"}),
        ("a", {"type": "move_to", "region": "1A-e"}),
    )
    assert res(s, "a") == (0, 0, 1)  # 1A-e is plains


# --- 5. Dwarves: "dostaneš +1" and "Stavba tě stojí o 1 méně"


def test_dwarves_master_masons_have_no_minimum() -> None:
    s = build(
        THREE, factions={"a": "dwarves"}, magic={"a": 4}, meeples={"1B-a": ["a"], "3A-a": ["c"]}
    )
    assert R.build_cost(s, "a") == 0
    s = turn(s, "build", ["a", "b", "c"])
    s, ev = play(s, ("a", {"type": "perform", "action": "build"}))
    assert {"type": "built", "player": "a", "level": 1, "cost": 0} in ev
    assert R.build_cost(s, "a") == 1


def test_dwarves_high_halls_give_one_vp() -> None:
    s = build(
        THREE,
        factions={"a": "dwarves"},
        magic={"a": 5},
        tower={"a": 3, "b": 3},
        meeples={"1B-a": ["a"], "3A-a": ["c"]},
    )
    assert R.score_breakdown(s, "a")["faction"] == 1  # tied highest counts


# --- 6. Bandits: "Buď zaplať 2 libovolné zdroje, nebo musíš figurku odstranit"


def test_bandits_take_a_last_meeple_without_partial_payment() -> None:
    s = build(
        {"a": "1A", "b": "2A", "c": "3A"},
        exploration=True,
        res={"a": (1, 0, 0)},
        meeples={"1A-a": ["a"], "3A-a": ["c"]},
        tokens={"1A-b": ("bandits", False)},
    )
    s = turn(s, "patrol", ["a", "b", "c"])
    s, ev = play(
        s,
        ("a", {"type": "perform", "action": "patrol"}),
        ("a", {"type": "move_from", "region": "1A-a"}),
        ("a", {"type": "move_to", "region": "1A-b"}),
    )
    assert {"type": "bandits_removed", "player": "a", "region": "1A-b"} in ev
    assert count(s, "a") == 0 and res(s, "a") == (1, 0, 0)


def test_an_empty_map_cannot_expand() -> None:
    # issue 30 undid the [ruling] of an Expand into the home territory: p.8 "pokud nemáš v
    # některém kraji osamocenou figurku, osidlovat nemůžeš" (tests/tek/test_open_rules.py)
    s = build(
        {"a": "1A", "b": "2A", "c": "3A"},
        res={"a": (0, 0, 1)},
        meeples={"1A-a": ["b"], "3A-a": ["c"]},
    )
    assert R.expand_cost(s, "a") == 1
    assert R.expand_regions(s, "a") == []
    assert not R.action_possible(s, "a", "expand")


# --- 7. "1 kartu národa (podle výběru hráče nebo náhodně)"


def test_free_faction_choice_in_turn_order() -> None:
    s = GAME.setup(["x", "y", "z"], {"factions": "choice"}, 3)
    order = [s["players"][(s["first"] + i) % 3] for i in range(3)]
    assert GAME.actors(s) == [order[0]]
    assert moves(s, order[0]) == [{"type": "draft", "faction": f} for f in FACTION_IDS]
    s, _ = play(s, (order[0], {"type": "draft", "faction": "giants"}))
    assert GAME.actors(s) == [order[1]] and len(moves(s, order[1])) == 12
    s, _ = play(
        s,
        (order[1], {"type": "draft", "faction": "orcs"}),
        (order[2], {"type": "draft", "faction": "halflings"}),
    )
    assert [s["pl"][p]["faction"] for p in order] == ["giants", "orcs", "halflings"]
    assert step(s) == "side" and s["draft_pool"] is None


# --- 8. "volný kraj", "se nemůže hýbat", "ani s jednou figurkou"


def test_retreat_needs_a_free_region() -> None:
    s = build(
        {"a": "1A", "b": "2A", "c": "3A"},
        res={"a": (2, 0, 0), "b": (0, 0, 9)},
        meeples={"2A-c": ["a"], "1A-a": ["a"], "2A-d": ["b"], "2A-e": ["b"], "3A-a": ["c"]},
    )
    s = war(s, "a", "2A-c", "2A-d")
    s, _ = play(
        s, ("a", {"type": "war_die", "value": 1}), ("b", {"type": "war_die", "value": "flag"})
    )
    # 2A-e holds b's own lone meeple: not free, so only 2A-c (left by a) is a destination
    assert moves(s, "b") == [{"type": "retreat", "region": "2A-c"}, {"type": "remove"}]


def test_a_searching_meeple_cannot_retreat() -> None:
    s = build(
        {"a": "1A", "b": "3B", "c": "2A"},
        res={"a": (2, 0, 0), "b": (0, 0, 9)},
        meeples={"3B-a": ["a"], "1A-a": ["a"], "3B-c": [("b", True)], "3B-e": ["b"], "2A-a": ["c"]},
    )
    s = war(s, "a", "3B-a", "3B-c")
    s, ev = play(
        s, ("a", {"type": "war_die", "value": 1}), ("b", {"type": "war_die", "value": "flag"})
    )
    # 3B-a and 3B-d are free, but the meeple lies in ruins: removal is the only option
    assert {"type": "removed", "player": "b", "region": "3B-c"} in ev
    assert res(s, "b") == (0, 0, 9)


def test_no_refuge_when_one_meeple_could_retreat() -> None:
    # a breaks the alliance in 2A-b; b's contested meeple in 2A-d could retreat to 2A-c, so
    # there is no refuge: b removes it, then the last meeple in 2A-b (no free neighbour) goes
    s = build(
        {"a": "1A", "b": "2A", "c": "3A"},
        res={"a": (3, 0, 0), "b": (0, 0, 2)},
        meeples={"2A-c": ["a"], "2A-b": ["a", "b"], "2A-d": ["b"], "2A-e": ["c"], "3A-a": ["c"]},
    )
    s = war(s, "a", "2A-c", "2A-d")
    s, ev = play(
        s, ("a", {"type": "war_die", "value": 2}), ("b", {"type": "war_die", "value": "flag"})
    )
    assert {"type": "alliance_broken", "players": ["a", "b"], "regions": ["2A-b"]} in ev
    s, _ = play(s, ("b", {"type": "loss_region", "region": "2A-d"}))
    assert moves(s, "b") == [{"type": "retreat", "region": "2A-c"}, {"type": "remove"}]
    s, ev = play(s, ("b", {"type": "remove"}))
    assert {"type": "removed", "player": "b", "region": "2A-b"} in ev  # no refuge offered
    assert count(s, "b") == 0
