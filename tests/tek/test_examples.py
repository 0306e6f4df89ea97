"""The worked examples E1-E18 of docs/rules/tek.md §20, with their exact numbers."""

from __future__ import annotations

from games.tek import GAME
from games.tek import game as G
from games.tek import rules as R
from games.tek.data import REGIONS
from tests.tek.helpers import build, count, moves, play, res, step, turn, types

FOUR = {"bara": "1A", "jarmil": "2A", "c3": "3A", "c4": "4A"}


def e1_state() -> dict:
    s = build(
        FOUR,
        factions={"bara": "orcs", "jarmil": "humans"},
        magic={"bara": 1},
        res={"bara": (1, 2, 3), "jarmil": (2, 0, 5)},
        meeples={
            "2A-c": ["bara"],
            "1A-a": ["bara", "bara"],
            "1A-b": ["bara"],
            "2A-d": ["jarmil"],
            "2A-a": ["jarmil"],
            "2A-b": ["jarmil", "jarmil"],
            "3A-a": ["c3"],
            "4A-a": ["c4"],
        },
    )
    return turn(s, "patrol", ["bara", "jarmil", "c3", "c4"])


def test_e1_rulebook_war() -> None:
    s = e1_state()
    s, ev = play(
        s,
        ("bara", {"type": "perform", "action": "patrol"}),
        ("bara", {"type": "move_from", "region": "2A-c"}),
        ("bara", {"type": "move_to", "region": "2A-d"}),
    )
    assert "war_started" in types(ev)
    assert s["meeples"]["2A-c"] == []
    assert step(s) == "war_die"
    assert [m["value"] for m in moves(s, "bara")] == ["flag", 1, 2, 3, 4, 5]
    assert [m["value"] for m in moves(s, "jarmil")] == ["flag", 1, 2, 3, 4]
    s, ev = play(
        s,
        ("bara", {"type": "war_die", "value": 5}),
        ("jarmil", {"type": "war_die", "value": "flag"}),
    )
    assert {
        "type": "war_revealed",
        "values": {"bara": 5, "jarmil": "flag"},
        "attacker": "bara",
        "defender": "jarmil",
    } in ev
    paid = [e for e in ev if e["type"] == "war_paid"]
    assert paid == [{"type": "war_paid", "player": "bara", "mana": 1, "ore": 2, "food": 0}]
    assert res(s, "bara") == (0, 0, 3)
    assert res(s, "jarmil") == (2, 0, 5)
    assert step(s) == "loss"
    assert moves(s, "jarmil") == [
        {"type": "retreat", "region": "2A-c"},
        {"type": "retreat", "region": "2A-e"},
        {"type": "remove"},
    ]
    s, ev = play(s, ("jarmil", {"type": "retreat", "region": "2A-e"}))
    assert {"type": "retreated", "player": "jarmil", "from": "2A-d", "to": "2A-e", "cost": 4} in ev
    assert res(s, "jarmil") == (2, 0, 1)
    assert s["meeples"]["2A-d"] == [["bara", False]]
    assert s["pl"]["bara"]["attacks_won"] == 1


def test_e2_payment_options() -> None:
    s = build(FOUR, res={"bara": (3, 4, 2)}, meeples={"2A-c": ["bara"], "2A-d": ["jarmil"]})
    war = {
        "attacker": "bara",
        "defender": "jarmil",
        "region": "2A-d",
        "via": "patrol",
        "neutral": False,
    }
    rule = R.PayRule(s, "bara", war)
    assert rule.minimal_options(R.holdings(s, "bara"), 5) == [(1, 3, 0), (2, 1, 0), (3, 0, 0)]
    assert rule.minimal_options(R.holdings(s, "bara"), 6) == [(1, 4, 0), (2, 2, 0), (3, 0, 0)]


def flag_war(
    defender_faction: str = "humans",
    defender_magic: int = 0,
    attacker_res: tuple[int, int, int] = (1, 1, 0),
) -> dict:
    s = build(
        FOUR,
        factions={"bara": "humans", "jarmil": defender_faction},
        magic={"jarmil": defender_magic},
        res={"bara": attacker_res, "jarmil": (0, 0, 5)},
        meeples={
            "2A-c": ["bara"],
            "1A-a": ["bara"],
            "2A-d": ["jarmil"],
            "2A-a": ["jarmil"],
            "3A-a": ["c3"],
            "4A-a": ["c4"],
        },
    )
    s = turn(s, "patrol", ["bara", "jarmil", "c3", "c4"])
    s, _ = play(
        s,
        ("bara", {"type": "perform", "action": "patrol"}),
        ("bara", {"type": "move_from", "region": "2A-c"}),
        ("bara", {"type": "move_to", "region": "2A-d"}),
        ("bara", {"type": "war_die", "value": 1}),
        ("jarmil", {"type": "war_die", "value": "flag"}),
    )
    return s


def test_e3_defender_flag_against_a_number() -> None:
    s = flag_war()
    assert step(s) == "war_pay"
    assert moves(s, "bara") == [
        {"type": "war_pay", "mana": 0, "ore": 1, "food": 0},
        {"type": "war_pay", "mana": 1, "ore": 0, "food": 0},
    ]
    s, ev = play(s, ("bara", {"type": "war_pay", "mana": 0, "ore": 1, "food": 0}))
    assert res(s, "jarmil") == (0, 0, 5)
    assert step(s) == "loss"
    assert {"type": "remove"} in moves(s, "jarmil")


def test_e3_halflings_peaceful_folk() -> None:
    s = flag_war("halflings", 3, attacker_res=(2, 2, 0))
    s, ev = play(s, ("bara", {"type": "war_pay", "mana": 0, "ore": 1, "food": 0}))
    assert step(s) == "lose_resources"
    assert res(s, "bara") == (2, 1, 0)
    assert moves(s, "bara") == [
        {"type": "lose_resources", "mana": 2, "ore": 0, "food": 0},
        {"type": "lose_resources", "mana": 1, "ore": 1, "food": 0},
    ]
    s, ev = play(s, ("bara", {"type": "lose_resources", "mana": 1, "ore": 1, "food": 0}))
    assert res(s, "bara") == (1, 0, 0)
    assert {
        "type": "resources_lost",
        "player": "bara",
        "reason": "peaceful_folk",
        "mana": 1,
        "ore": 1,
        "food": 0,
    } in ev


def e4_state(homes: dict[str, str]) -> dict:
    players = list(homes)
    red, blue = players[0], players[1]
    meeples = {"7A-c": [red], "7A-a": [red], "7A-b": [blue], "7A-e": [blue]}
    s = build(homes, meeples=meeples, res={red: (0, 0, 5), blue: (0, 0, 0)})
    s = turn(s, "patrol", players)
    s, ev = play(
        s,
        (red, {"type": "perform", "action": "patrol"}),
        (red, {"type": "move_from", "region": "7A-c"}),
        (red, {"type": "move_to", "region": "7A-b"}),
        (red, {"type": "war_die", "value": "flag"}),
        (blue, {"type": "war_die", "value": "flag"}),
    )
    return s, ev


def test_e4_alliance_on_double_flag() -> None:
    s, ev = e4_state({"red": "7A", "blue": "1A", "green": "2A"})
    assert "alliance_formed" in types(ev)
    assert "war_paid" not in types(ev)
    assert sorted(o for o, _ in s["meeples"]["7A-b"]) == ["blue", "red"]
    assert R.allies(s, "red") == ["blue"] and R.allies(s, "blue") == ["red"]
    assert step(s) == "respond"
    # blue collects: 7A-b (forest) gives 1 mana, 7A-e (mountain) 1 ore
    s, ev = play(s, ("blue", {"type": "collect"}))
    collected = [e for e in ev if e["type"] == "collected"][0]
    assert collected["gains"] == {"mana": 1, "ore": 1, "food": 0}


def test_e4_shared_capital_scores_one_each() -> None:
    s = build(
        {"red": "7A", "blue": "1A", "green": "2A"},
        meeples={"7A-c": ["red", "blue"], "2A-a": ["green"]},
    )
    assert R.score_breakdown(s, "red")["capitals"] == 1
    assert R.score_breakdown(s, "blue")["capitals"] == 1
    s2 = build(
        {"red": "7A", "blue": "1A", "green": "2A"},
        meeples={"7A-c": ["red"], "2A-a": ["green"], "1A-a": ["blue"]},
    )
    assert R.score_breakdown(s2, "red")["capitals"] == 2


def test_e4_two_players_defender_wins() -> None:
    s, ev = e4_state({"red": "7A", "blue": "1A"})
    assert "alliance_formed" not in types(ev)
    assert {
        "type": "war_result",
        "winner": "blue",
        "loser": "red",
        "alliance": False,
        "region": "7A-b",
    } in ev
    assert "war_paid" not in types(ev)
    assert step(s) == "loss"
    # retreat costs Red's meeples in play (2) and the meeple retreats from the contested region
    assert moves(s, "red") == [{"type": "retreat", "region": "7A-c"}, {"type": "remove"}]
    s, ev = play(s, ("red", {"type": "retreat", "region": "7A-c"}))
    assert [e["cost"] for e in ev if e["type"] == "retreated"] == [2]
    assert res(s, "red") == (0, 0, 3)


def e5_state() -> dict:
    s = build(
        {"red": "1B", "blue": "2A", "green": "3A"},
        res={"red": (2, 0, 0), "blue": (0, 0, 6)},
        meeples={
            "1B-c": ["red", "blue"],
            "1B-b": ["blue"],
            "1B-a": ["red"],
            "3A-a": ["red", "red"],
            "2A-a": ["blue"],
            "2A-b": ["blue"],
            "3A-b": ["green"],
        },
    )
    s = turn(s, "patrol", ["red", "blue", "green"])
    s, ev = play(
        s,
        ("red", {"type": "perform", "action": "patrol"}),
        ("red", {"type": "move_from", "region": "1B-a"}),
        ("red", {"type": "move_to", "region": "1B-b"}),
    )
    assert [e for e in ev if e["type"] == "war_started"][0]["allied"] is True
    s, ev = play(
        s, ("red", {"type": "war_die", "value": 3}), ("blue", {"type": "war_die", "value": "flag"})
    )
    assert {"type": "alliance_broken", "players": ["red", "blue"], "regions": ["1B-c"]} in ev
    assert step(s) == "loss_region"
    assert moves(s, "blue") == [
        {"type": "loss_region", "region": "1B-b"},
        {"type": "loss_region", "region": "1B-c"},
    ]
    return s


def test_e5_order_a() -> None:
    s = e5_state()
    s, _ = play(s, ("blue", {"type": "loss_region", "region": "1B-b"}))
    assert moves(s, "blue") == [{"type": "retreat", "region": "1B-a"}, {"type": "remove"}]
    s, ev = play(s, ("blue", {"type": "retreat", "region": "1B-a"}))
    assert res(s, "blue") == (0, 0, 2)
    assert {"type": "removed", "player": "blue", "region": "1B-c"} in ev
    assert count(s, "blue") == 3
    assert R.allies(s, "red") == [] and R.allies(s, "blue") == []
    assert s["meeples"]["1B-b"] == [["red", False]]


def test_e5_order_b() -> None:
    s = e5_state()
    s, _ = play(
        s, ("blue", {"type": "loss_region", "region": "1B-b"}), ("blue", {"type": "remove"})
    )
    assert count(s, "blue") == 3
    assert moves(s, "blue") == [
        {"type": "retreat", "region": "1B-a"},
        {"type": "retreat", "region": "1B-d"},
        {"type": "retreat", "region": "1B-e"},
        {"type": "remove"},
    ]
    s, ev = play(s, ("blue", {"type": "retreat", "region": "1B-d"}))
    assert [e["cost"] for e in ev if e["type"] == "retreated"] == [3]
    assert res(s, "blue") == (0, 0, 3)
    assert count(s, "blue") == 3
    assert R.allies(s, "red") == []


def test_e6_expand_cost() -> None:
    s = build(
        {"green": "4A", "b": "1A", "c": "2A", "d": "3A"},
        res={"green": (0, 0, 5)},
        meeples={"4A-a": ["green"], "4A-b": ["green", "green"]},
    )
    assert R.expand_cost(s, "green") == 4  # the 4th meeple costs 4 food
    s = turn(s, "expand", ["green", "b", "c", "d"])
    s, ev = play(s, ("green", {"type": "perform", "action": "expand"}))
    assert moves(s, "green") == [{"type": "expand", "region": "4A-a"}]
    s, ev = play(s, ("green", {"type": "expand", "region": "4A-a"}))
    assert {"type": "expanded", "player": "green", "region": "4A-a", "cost": 4} in ev
    assert res(s, "green") == (0, 0, 1)
    assert count(s, "green") == 4
    assert R.expand_cost(s, "green") == 5


def test_e7_collect_one_meeple_bonus() -> None:
    s = build(
        {"a": "1A", "yellow": "3B", "c": "2A", "d": "4A"},
        res={"yellow": (2, 9, 0)},
        meeples={"3B-d": ["yellow"], "1A-a": ["a"]},
    )
    s = turn(s, "build", ["a", "yellow", "c", "d"])
    s, ev = play(s, ("a", {"type": "pass"}), ("yellow", {"type": "collect"}))
    assert {
        "type": "collected",
        "player": "yellow",
        "gains": {"mana": 0, "ore": 1, "food": 0},
        "lost_to_cap": {"ore": 1},
    } in ev
    assert res(s, "yellow") == (2, 9, 0)
    assert step(s) == "choose_resource"
    assert len(moves(s, "yellow")) == 3
    s, ev = play(s, ("yellow", {"type": "choose_resource", "resource": "mana"}))
    assert res(s, "yellow") == (3, 9, 0)


def test_e8_collect_ruins_camp_ally() -> None:
    s = build(
        {"a": "1A", "purple": "5B", "ally": "2A", "d": "4A"},
        exploration=True,
        meeples={
            "5B-a": ["purple"],
            "5B-e": [("purple", True)],
            "5B-b": ["purple", "ally"],
            "1A-a": ["a"],
        },
        tokens={"5B-a": ("camp", True)},
    )
    s = turn(s, "build", ["a", "purple", "ally", "d"])
    s, ev = play(s, ("a", {"type": "pass"}), ("purple", {"type": "collect"}))
    assert {
        "type": "collected",
        "player": "purple",
        "gains": {"mana": 2, "ore": 0, "food": 1},
        "lost_to_cap": {},
    } in ev
    assert step(s) == "choose_resource"
    s, ev = play(s, ("purple", {"type": "choose_resource", "resource": "ore"}))
    assert res(s, "purple") == (2, 1, 1)
    assert step(s) == "respond"  # exactly one free choice: no one-meeple bonus


def e9_state(shields: list[str]) -> dict:
    homes = {"P1": "1A", "P2": "2A", "P3": "3A", "P4": "4A"}
    s = build(
        homes,
        magic={"P3": 4},
        res={"P3": (5, 0, 0)},
        meeples={
            "1A-a": ["P1", "P1"],
            "2A-a": ["P2", "P2"],
            "3A-a": ["P3", "P3"],
            "4A-a": ["P4", "P4"],
        },
    )
    s["shields"] = list(shields)
    s["active"] = 1
    s["tasks"] = [G.task("turn_start")]
    G.advance(s, [])
    return s


def test_e9_end_trigger_waits_for_the_fifth_shield() -> None:
    s = e9_state(["patrol", "quest"])
    s, ev = play(
        s,
        ("P2", {"type": "select", "action": "research"}),
        ("P2", {"type": "pass"}),
        ("P3", {"type": "perform", "action": "research"}),
        ("P4", {"type": "pass" if False else "collect"}),
        ("P1", {"type": "collect"}),
    )
    assert s["pl"]["P3"]["magic"] == 5
    assert {"type": "end_triggered", "cause": "magic", "player": "P3"} in ev
    assert not GAME.is_over(s) and len(s["shields"]) == 3
    # P3's turn: 4th shield
    s, ev = play(
        s,
        ("P3", {"type": "select", "action": "build"}),
        ("P3", {"type": "pass"}),
        ("P4", {"type": "collect"}),
        ("P1", {"type": "collect"}),
        ("P2", {"type": "collect"}),
    )
    assert not GAME.is_over(s)
    s, ev = play(
        s,
        ("P4", {"type": "select", "action": "trade"}),
        ("P4", {"type": "pass"}),
        ("P1", {"type": "collect"}),
        ("P2", {"type": "collect"}),
    )
    assert not GAME.is_over(s)
    s, ev = play(s, ("P3", {"type": "collect"}))
    assert GAME.is_over(s) and "game_over" in types(ev)
    assert "end_triggered" not in types(ev)
    assert GAME.actors(s) == []


def test_e9_trigger_on_the_fifth_shield_ends_at_once() -> None:
    s = e9_state(["patrol", "quest", "build", "trade"])
    s, ev = play(
        s,
        ("P2", {"type": "select", "action": "research"}),
        ("P2", {"type": "pass"}),
        ("P3", {"type": "perform", "action": "research"}),
        ("P4", {"type": "collect"}),
        ("P1", {"type": "collect"}),
    )
    assert types(ev)[-2:] == ["end_triggered", "game_over"]
    assert GAME.is_over(s)


def test_e9_dragon_drop_keeps_the_trigger() -> None:
    s = e9_state(["patrol", "quest"])
    s["end"] = {"cause": "tower", "player": "P1", "turn": 1}
    s["pl"]["P1"]["tower"] = 5
    G.a_end_check(s, {}, [])
    assert s["end"] is not None and not s["over"]


def test_e10_tie_break_chain() -> None:
    rows = [
        {"player": "A", "score": 18, "tiebreak": [5, 3, 4, 0]},
        {"player": "B", "score": 18, "tiebreak": [5, 3, 3, 9]},
        {"player": "C", "score": 15, "tiebreak": [7, 6, 5, 9]},
    ]
    R.rank_rows(rows)
    assert [r["rank"] for r in rows] == [1, 2, 3]
    rows = [
        {"player": "D", "score": 20, "tiebreak": [5, 3, 3, 4]},
        {"player": "E", "score": 20, "tiebreak": [5, 3, 3, 4]},
        {"player": "F", "score": 12, "tiebreak": [5, 3, 3, 4]},
    ]
    R.rank_rows(rows)
    assert [r["rank"] for r in rows] == [1, 1, 3]


def test_e11_scoring_breakdown() -> None:
    s = build(
        {"red": "5B", "blue": "1B", "green": "3A"},
        factions={"blue": "dwarves"},
        magic={"red": 3, "blue": 5},
        tower={"red": 4, "blue": 5},
        meeples={
            "5B-c": ["red"],
            "5B-e": [("red", True)],
            "5B-a": ["red", "red"],
            "5B-b": ["red"],
            "5B-d": ["red"],
            "1B-c": ["blue", "green"],
            "1B-a": ["blue"],
            "1B-b": ["blue"],
            "1B-d": ["blue"],
        },
    )
    s["pl"]["red"]["crown"] = True
    red = R.score_breakdown(s, "red")
    assert (red["meeples"], red["tower"], red["magic"], red["capitals"], red["crown"]) == (
        5,
        6,
        3,
        2,
        2,
    )
    assert red["total"] == 18
    blue = R.score_breakdown(s, "blue")
    assert (blue["tower"], blue["faction"], blue["magic"], blue["meeples"], blue["capitals"]) == (
        8,
        1,
        5,
        4,
        1,
    )
    assert blue["total"] == 19


def test_e12_orcs_boost_and_ties() -> None:
    s = build(
        FOUR,
        factions={"bara": "orcs", "jarmil": "elves"},
        magic={"bara": 4, "jarmil": 1},
        res={"bara": (2, 3, 2), "jarmil": (3, 2, 0)},
        meeples={
            "1A-c": ["bara"],
            "1A-a": ["bara"],
            "1A-b": ["jarmil"],
            "2A-a": ["jarmil"],
            "3A-a": ["c3"],
            "4A-a": ["c4"],
        },
    )
    assert REGIONS["1A-b"]["type"] == "mountain"
    # 1A-c is a forest: Bára defends it there in the mirror; here Jarmil defends 1A-c
    s["meeples"]["1A-c"] = [["jarmil", False]]
    s["meeples"]["1A-b"] = [["bara", False]]
    assert REGIONS["1A-c"]["type"] == "forest"
    s = turn(s, "patrol", ["bara", "jarmil", "c3", "c4"])
    s, _ = play(
        s,
        ("bara", {"type": "perform", "action": "patrol"}),
        ("bara", {"type": "move_from", "region": "1A-b"}),
        ("bara", {"type": "move_to", "region": "1A-c"}),
    )
    assert moves(s, "bara")[-1] == {"type": "war_die", "value": 10}
    assert moves(s, "jarmil")[-1] == {"type": "war_die", "value": 10}
    s, _ = play(
        s, ("bara", {"type": "war_die", "value": 7}), ("jarmil", {"type": "war_die", "value": 9})
    )
    assert step(s) == "war_boost"
    assert moves(s, "bara") == [
        {"type": "war_boost", "resource": x} for x in ("mana", "ore", "food", None)
    ]
    s, ev = play(s, ("bara", {"type": "war_boost", "resource": "mana"}))
    assert {"type": "war_boosted", "player": "bara", "resource": "mana", "new_value": 9} in ev
    assert [e["winner"] for e in ev if e["type"] == "war_result"] == ["bara"]
    assert res(s, "bara") == (1, 3, 2)
    assert moves(s, "bara") == [
        {"type": "war_pay", "mana": 1, "ore": 2, "food": 2},
        {"type": "war_pay", "mana": 1, "ore": 3, "food": 1},
    ]
    s, ev = play(s, ("bara", {"type": "war_pay", "mana": 1, "ore": 2, "food": 2}))
    assert {"type": "war_paid", "player": "jarmil", "mana": 3, "ore": 1, "food": 0} in ev
    assert res(s, "jarmil") == (0, 1, 0)
    # the Elf resolves the loss: with no food for a retreat, removal is her only option
    assert {"type": "removed", "player": "jarmil", "region": "1A-c"} in ev
    assert s["meeples"]["1A-c"] == [["bara", False]]


def test_e13_humans_single_type_discount() -> None:
    s = build(
        FOUR,
        factions={"bara": "humans"},
        magic={"bara": 4},
        res={"bara": (3, 2, 0)},
        meeples={
            "2A-c": ["bara"],
            "1A-a": ["bara"],
            "2A-d": ["jarmil"],
            "2A-a": ["jarmil"],
            "3A-a": ["c3"],
            "4A-a": ["c4"],
        },
    )
    s = turn(s, "patrol", ["bara", "jarmil", "c3", "c4"])
    s, _ = play(
        s,
        ("bara", {"type": "perform", "action": "patrol"}),
        ("bara", {"type": "move_from", "region": "2A-c"}),
        ("bara", {"type": "move_to", "region": "2A-d"}),
    )
    assert [m["value"] for m in moves(s, "bara")] == ["flag", *range(1, 9)]
    s, ev = play(
        s,
        ("bara", {"type": "war_die", "value": 5}),
        ("jarmil", {"type": "war_die", "value": "flag"}),
    )
    assert {"type": "war_paid", "player": "bara", "mana": 2, "ore": 0, "food": 0} in ev
    assert res(s, "bara") == (1, 2, 0)


def e14_state(red_res: tuple[int, int, int]) -> dict:
    s = build(
        {"red": "4A", "blue": "1A"},
        lost_kingdom="6B",
        res={"red": red_res},
        meeples={
            "4A-b": ["red"],
            "4A-a": ["red"],
            "1A-a": ["blue"],
            "6B-a": ["neutral"],
            "6B-b": ["neutral"],
            "6B-c": ["neutral"],
            "6B-d": ["neutral"],
        },
    )
    s = turn(s, "quest", ["red", "blue"])
    return play(
        s,
        ("red", {"type": "perform", "action": "quest"}),
        ("red", {"type": "move_from", "region": "4A-b"}),
    )[0]


def test_e14_two_player_neutral_war() -> None:
    s = e14_state((1, 2, 0))
    assert {"type": "move_to", "region": "6B-a"} in moves(s, "red")
    s, ev = play(s, ("red", {"type": "move_to", "region": "6B-a"}))
    assert {"type": "neutral_war", "player": "red", "region": "6B-a", "cost": 4} in ev
    assert {"type": "war_paid", "player": "red", "mana": 1, "ore": 2, "food": 0} in ev
    assert {"type": "neutral_captured", "player": "red", "region": "6B-a", "count_left": 3} in ev
    assert res(s, "red") == (0, 0, 0)
    assert s["meeples"]["6B-a"] == [["red", False]]
    assert s["pl"]["red"]["captured"] == 1
    assert R.neutral_cost(s) == 3
    b = R.score_breakdown(s, "red")
    assert (b["neutrals"], b["lost_kingdom"]) == (1, 1)


def test_e14_cannot_afford_neutral_war() -> None:
    s = e14_state((1, 1, 0))
    assert {"type": "move_to", "region": "6B-a"} not in moves(s, "red")
    assert {"type": "move_to", "region": "6B-e"} in moves(s, "red")


def test_e15_derived_adjacency_and_passages() -> None:
    assert REGIONS["2B-c"]["adjacent"] == ["2B-b", "2B-e"]
    assert REGIONS["2B-c"]["edge"] is False
    assert REGIONS["2B-d"]["adjacent"] == ["2B-b"]
    s = build({"a": "2B", "b": "1A", "c": "3A"}, meeples={"2B-d": ["a"], "1A-a": ["b"]})
    assert "2B-c" not in R.patrol_destinations(s, "a", "2B-d")
    s["pl"]["a"]["faction"], s["pl"]["a"]["magic"] = "merfolk", 2
    assert "2B-c" in R.patrol_destinations(s, "a", "2B-d")
    assert REGIONS["2B-c"]["crag_passage"] == ["2B-a", "2B-b", "2B-e"]
    assert "2B-e" in REGIONS["2B-d"]["crag_passage"]
    s["pl"]["a"]["faction"] = "giants"
    assert R.patrol_destinations(s, "a", "2B-d") == ["2B-b", "2B-e"]
    # quest: inner 2B-c may not start one
    s["meeples"]["2B-c"] = [["a", False]]
    assert R.quest_destinations(s, "a", "2B-c") == []


def test_e16_build_and_research_tolls() -> None:
    s = build(
        {"dw": "1A", "red": "2A", "de": "3A"},
        factions={"dw": "dwarves", "de": "dark_elves"},
        magic={"dw": 3, "de": 3},
        tower={"dw": 3, "red": 2},
        res={"dw": (0, 9, 0)},
        meeples={"1A-a": ["dw"], "2A-a": ["red"], "3A-a": ["de"]},
    )
    assert R.build_cost(s, "red") == 4
    s["pl"]["dw"]["magic"] = 4
    assert R.build_cost(s, "dw") == 3
    s["pl"]["red"]["magic"] = 2
    assert R.research_cost(s, "red") == 4
    s = turn(s, "build", ["dw", "red", "de"])
    s, ev = play(s, ("dw", {"type": "perform", "action": "build"}))
    assert {"type": "built", "player": "dw", "level": 4, "cost": 3} in ev
    assert res(s, "dw") == (0, 6, 0)


def e17_state(last: bool) -> dict:
    meeples = {"1A-a": ["red"], "2A-a": ["b"], "3A-a": ["c"], "4A-a": ["d"]}
    if not last:
        meeples["1A-e"] = ["red"]
    s = build(
        {"red": "1A", "b": "2A", "c": "3A", "d": "4A"},
        exploration=True,
        res={"red": (1, 0, 3)},
        meeples=meeples,
        tokens={"1A-b": ("bandits", False)},
    )
    s = turn(s, "patrol", ["red", "b", "c", "d"])
    s, ev = play(
        s,
        ("red", {"type": "perform", "action": "patrol"}),
        ("red", {"type": "move_from", "region": "1A-a"}),
        ("red", {"type": "move_to", "region": "1A-b"}),
    )
    assert {"type": "token_revealed", "player": "red", "region": "1A-b", "token": "bandits"} in ev
    return s


def test_e17_bandits() -> None:
    s = e17_state(last=False)
    assert moves(s, "red") == [
        {"type": "bandits_pay", "mana": 1, "ore": 0, "food": 1},
        {"type": "bandits_pay", "mana": 0, "ore": 0, "food": 2},
        {"type": "bandits_remove"},
    ]
    s2, ev = play(s, ("red", {"type": "bandits_remove"}))
    assert s2["meeples"]["1A-b"] == [] and s2["pl"]["red"]["removed"] == 1
    assert "bandits_removed" in types(ev)
    s3, ev = play(s, ("red", {"type": "bandits_pay", "mana": 1, "ore": 0, "food": 1}))
    assert res(s3, "red") == (0, 0, 2)
    assert "1A-b" not in s3["tokens"]


def test_e17_bandits_may_take_a_last_meeple() -> None:
    s = e17_state(last=True)
    assert moves(s, "red") == [
        {"type": "bandits_pay", "mana": 1, "ore": 0, "food": 1},
        {"type": "bandits_pay", "mana": 0, "ore": 0, "food": 2},
        {"type": "bandits_remove"},
    ]
    s, ev = play(s, ("red", {"type": "bandits_remove"}))
    assert count(s, "red") == 0 and "bandits_removed" in types(ev)


def test_e18_five_player_clear_turn() -> None:
    homes = {f"P{i}": f"{i}A" for i in range(1, 6)}
    s = build(homes, meeples={f"{i}A-a": [f"P{i}"] for i in range(1, 6)})
    s["shields"] = ["patrol", "quest", "build", "research", "expand"]
    s["active"] = 4
    s["tasks"] = [G.task("pass_turn")]
    ev: list = []
    G.advance(s, ev)
    assert types(ev) == ["shields_cleared", "clear_turn"]
    assert s["shields"] == [] and GAME.actors(s) == ["P2"]
    assert step(s) == "select"
    assert len(moves(s, "P2")) == 6
