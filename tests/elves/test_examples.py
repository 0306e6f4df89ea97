"""Every worked example of docs/rules/elves.md §14 as a scenario test with its exact numbers."""

from __future__ import annotations

import pytest

from games.ai import play_out
from games.base import IllegalMove
from games.elves import GAME
from tests.elves.helpers import build, moves, play, same

P4 = ["Adam", "Beata", "Carl", "Doris"]
P3 = ["Adam", "Beata", "Carl"]
P5 = ["Adam", "Beata", "Carl", "Doris", "Erik"]


def pview(state, player):
    return next(p for p in GAME.view(state, None)["players"] if p["id"] == player)


# -- Example 1: setup -------------------------------------------------------------------------


def test_example1_setup_four_players() -> None:
    s = GAME.setup(["A", "B", "C", "D"], {}, 42)
    v = GAME.view(s, None)
    assert (v["round"], v["rounds"], v["phase"]) == (1, 4, "planning")
    assert GAME.actors(s) == ["A"]
    assert [p["hand_size"] for p in v["players"]] == [10, 10, 10, 10]
    assert v["draw_pile"] == 80 and sum(v["discard_pile"].values()) == 0
    for p in ["A", "B", "C", "D"]:
        pv = GAME.view(s, p)
        assert pv["gold"] == 12
        assert pv["coin_breakdown"] == {"10": 1, "5": 0, "1": 2}
    assert [p["coins"] for p in v["players"]] == [3, 3, 3, 3]
    assert [p["tokens_free"] for p in v["players"]] == [4, 4, 4, 4]
    assert v["realms"] == [[], [], [], []]


def test_example1_six_players_and_start_players() -> None:
    players = [f"p{i}" for i in range(6)]
    s = GAME.setup(players, {}, 3)
    v = GAME.view(s, None)
    assert v["rounds"] == 5 and v["draw_pile"] == 60
    starts: list[str] = [v["start_player"]]
    state = s
    while not GAME.is_over(state):
        player = GAME.actors(state)[0]
        state, events = GAME.apply(state, player, GAME.legal_moves(state, player)[-1])
        starts += [e["start_player"] for e in events if e["type"] == "round_started"]
    assert starts == ["p0", "p1", "p2", "p3", "p4"]  # seat 5 never starts


def test_example1_same_seed_same_moves_same_state() -> None:
    a = GAME.setup(["A", "B", "C", "D"], {}, 99)
    b = GAME.setup(["A", "B", "C", "D"], {}, 99)
    assert GAME.dump(a) == GAME.dump(b)
    fa, made = play_out(GAME, a, seed=5)
    fb = b
    for player, move in made:
        fb, _ = GAME.apply(fb, player, move)
    assert GAME.dump(fa) == GAME.dump(fb)


# -- Example 2: planning flow -------------------------------------------------------------------


def test_example2_planning_flow() -> None:
    s = build(
        P4,
        turn="Adam",
        realms={"Adam": ["plains"], "Carl": ["forest"], "Doris": ["mountain"]},
        hands={"Adam": {"pig": 5, "raft": 4}, "Beata": {"desert": 1}, "Carl": {"thief": 1}},
        draw=(
            ["troll"] * 9
            + ["cloud"] * 9
            + ["unicorn"] * 9
            + ["dragon"] * 8
            + ["gold"] * 5
            + ["reverse"] * 5
            + ["escort"] * 5
        ),
    )
    assert len(s["draw"]) == 50
    s, ev = play(s, "Adam", {"type": "pass"})
    assert s["passes"] == 1 and GAME.actors(s) == ["Beata"]
    assert ev == [
        {"type": "passed", "player": "Adam", "passes": 1},
        {"type": "action_ended", "player": "Adam"},
    ]
    assert GAME.view(s, None)["envelope"]["turn"] == 1  # one turn (a planning action) ended

    s, _ = play(s, "Beata", {"type": "play_village", "card": "desert"})
    assert same(moves(s, "Beata"), [{"type": "place_village", "realm": p} for p in P4])
    s, ev = play(s, "Beata", {"type": "place_village", "realm": "Beata"})
    assert GAME.view(s, None)["realms"][1][0]["card"] == "desert"
    assert s["passes"] == 0 and GAME.actors(s) == ["Carl"]
    assert ev == [
        {
            "type": "village_played",
            "player": "Beata",
            "card": "desert",
            "realm": "Beata",
            "slot": 0,
        },
        {"type": "action_ended", "player": "Beata"},
    ]

    s, _ = play(s, "Carl", {"type": "play_special", "card": "thief"})
    assert same(
        moves(s, "Carl"),
        [
            {"type": "place_special", "realm": "Adam", "slot": 0},
            {"type": "place_special", "realm": "Beata", "slot": 0},
            {"type": "place_special", "realm": "Carl", "slot": 0},
            {"type": "place_special", "realm": "Doris", "slot": 0},
        ],
    )
    s, _ = play(s, "Carl", {"type": "place_special", "realm": "Beata", "slot": 0})
    assert pview(s, "Carl")["tokens_free"] == 3
    assert GAME.view(s, None)["realms"][1][0]["thief"] == "Carl"

    s, ev = play(s, "Doris", {"type": "buy"})
    d = GAME.view(s, "Doris")
    assert d["gold"] == 11 and pview(s, "Doris")["coins"] == 2
    assert pview(s, "Doris")["purchases"] == 1 and pview(s, "Doris")["hand_size"] == 1
    assert d["draw_pile"] == 49
    assert ev == [
        {"type": "bought", "player": "Doris", "cost": 1, "purchase": 1},
        {"type": "action_ended", "player": "Doris"},
    ]

    s, ev = play(s, "Adam", {"type": "draw3"})
    assert pview(s, "Adam")["hand_size"] == 12 and GAME.view(s, None)["draw_pile"] == 46
    assert ev == [{"type": "drew", "player": "Adam", "count": 3}]
    for _ in range(4):
        assert GAME.actors(s) == ["Adam"] and s["step"]["kind"] == "discard"
        s, _ = play(s, "Adam", moves(s, "Adam")[0])
    assert pview(s, "Adam")["hand_size"] == 8
    assert GAME.view(s, None)["envelope"]["turn"] == 5  # Adam, Beata, Carl, Doris, Adam
    assert sum(GAME.view(s, None)["discard_pile"].values()) == 4
    assert GAME.actors(s) == ["Beata"]


# -- Example 3: all pass ------------------------------------------------------------------------


def test_example3_all_pass_starts_travel() -> None:
    s = build(P4, turn="Adam", realms={p: ["plains"] for p in P4})
    for p in ["Adam", "Beata", "Carl"]:
        s, _ = play(s, p, {"type": "pass"})
    assert s["passes"] == 3 and s["phase"] == "planning" and GAME.actors(s) == ["Doris"]
    s, ev = play(s, "Doris", {"type": "pass"})
    assert [e["type"] for e in ev[-2:]] == ["planning_ended", "journey_started"]
    assert ev[-1]["player"] == "Adam" and ev[-2]["round"] == 1
    assert ev[0] == {"type": "passed", "player": "Doris", "passes": 4}
    assert s["phase"] == "travel" and GAME.actors(s) == ["Adam"]
    assert {"type": "pass"} not in moves(s, "Adam")


# -- Example 4: buying three cards --------------------------------------------------------------


def test_example4_three_purchases() -> None:
    s = build(P4, turn="Adam", realms={p: ["plains"] for p in P4})
    expected = [(1, 11, 2, 1), (2, 9, 5, 3), (3, 6, 2, 6)]
    for cost, gold_after, coins_after, aside in expected:
        for p in ["Adam", "Beata", "Carl"]:
            s, _ = play(s, p, {"type": "pass"})
        assert {"type": "buy"} in moves(s, "Doris")
        s, ev = play(s, "Doris", {"type": "buy"})
        assert ev[0]["cost"] == cost
        assert GAME.view(s, "Doris")["gold"] == gold_after
        assert pview(s, "Doris")["coins"] == coins_after
        assert pview(s, "Doris")["set_aside"] == aside
    assert pview(s, "Doris")["hand_size"] == 3
    for p in ["Adam", "Beata", "Carl"]:
        s, _ = play(s, p, {"type": "pass"})
    assert {"type": "buy"} not in moves(s, "Doris")


def test_example4_cannot_afford_second_purchase() -> None:
    s = build(P3, turn="Adam", realms={p: ["plains"] for p in P3}, gold={"Adam": 2})
    s, _ = play(s, "Adam", {"type": "buy"})
    assert GAME.view(s, "Adam")["gold"] == 1
    s, _ = play(s, "Beata", {"type": "pass"})
    s, _ = play(s, "Carl", {"type": "pass"})
    assert {"type": "buy"} not in moves(s, "Adam")
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, "Adam", {"type": "buy"})
    assert exc.value.code == "not_legal"


def test_example4_next_round_costs_one_again() -> None:
    # Last journey of round 1 (seat 2 travels last when seat 0 starts); Beata bought 3 times.
    s = build(P3, phase="travel", start="Adam", turn="Carl", purchases={"Beata": 3})
    s, ev = play(s, "Carl", {"type": "end_journey"})
    assert [e["type"] for e in ev][:3] == ["journey_ended", "round_ended", "round_started"]
    assert s["round"] == 2 and s["phase"] == "planning" and GAME.actors(s) == ["Beata"]
    assert pview(s, "Beata")["purchases"] == 0 and pview(s, "Beata")["next_buy_cost"] == 1
    s, ev = play(s, "Beata", {"type": "buy"})
    assert ev[0] == {"type": "bought", "player": "Beata", "cost": 1, "purchase": 1}


# -- Example 5: removing a village with specials ------------------------------------------------


def _ex5(gold: int = 12):
    return build(
        P3,
        turn="Beata",
        gold={"Beata": gold},
        tokens={"Adam": 3, "Carl": 3},
        realms={"Beata": [{"card": "plains", "thief": "Carl", "gold": "Adam"}, "mountain"]},
        hands={"Beata": {"forest": 1}},
    )


def test_example5_remove_village() -> None:
    s = _ex5()
    legal = moves(s, "Beata")
    assert {"type": "remove_village", "slot": 0} in legal
    assert {"type": "remove_village", "slot": 1} in legal
    before = sum(GAME.view(s, None)["discard_pile"].values())
    s, ev = play(s, "Beata", {"type": "remove_village", "slot": 0})
    v = GAME.view(s, "Beata")
    assert v["gold"] == 8 and v["coin_breakdown"] == {"10": 0, "5": 1, "1": 3}
    assert pview(s, "Beata")["coins"] == 4
    assert [x["card"] for x in v["realms"][1]] == ["mountain"] and v["realms"][1][0]["slot"] == 0
    assert pview(s, "Adam")["tokens_free"] == 4 and pview(s, "Carl")["tokens_free"] == 4
    assert sum(v["discard_pile"].values()) == before + 3
    assert v["discard_pile"] == {"plains": 1, "gold": 1, "thief": 1}
    assert ev[0] == {
        "type": "village_removed",
        "player": "Beata",
        "slot": 0,
        "card": "plains",
        "specials": [{"card": "thief", "owner": "Carl"}, {"card": "gold", "owner": "Adam"}],
        "cost": 4,
    }
    # A later village in her realm goes to slot 1, left of the mountain.
    s["turn"] = 1
    s, ev = play(
        s,
        "Beata",
        {"type": "play_village", "card": "forest"},
        {"type": "place_village", "realm": "Beata"},
    )
    assert ev[0]["slot"] == 1
    assert [x["card"] for x in GAME.view(s, None)["realms"][1]] == ["mountain", "forest"]


def test_example5_counter_case_three_gold() -> None:
    legal = moves(_ex5(gold=3), "Beata")
    assert [m for m in legal if m["type"] == "remove_village"] == [
        {"type": "remove_village", "slot": 1}
    ]


# -- Example 6: rulebook Example 3 --------------------------------------------------------------


def _ex6():
    return build(
        P4,
        phase="travel",
        turn="Adam",
        start="Adam",
        gold={"Adam": 10, "Beata": 5},
        realms={
            "Adam": [
                {"card": "river", "obstacle": ("seamonster", "Doris")},
                {"card": "forest", "obstacle": ("wood", "Carl"), "gold": "Adam"},
            ],
            "Beata": ["desert", {"card": "plains", "thief": "Beata"}],
            "Carl": ["mountain"],
            "Doris": ["lake"],
        },
        hands={"Adam": {"raft": 2, "unicorn": 2, "dragon": 1, "cycle": 1}},
    )


def test_example6_adam_earns_19() -> None:
    s = _ex6()
    coins_seen = [pview(s, "Adam")["coins"]]
    # (transport, cards, obstacle extra, journey income, Adam's gold after the visit)
    steps = [
        ("raft", 2, True, 3, 13),
        ("unicorn", 2, True, 11, 21),
        ("dragon", 1, False, 17, 27),
        ("cycle", 1, False, 19, 27),
    ]
    all_events = []
    for transport, cards, extra, income, gold in steps:
        assert same(
            moves(s, "Adam"), [{"type": "travel", "transport": transport}, {"type": "end_journey"}]
        )
        s, ev = play(s, "Adam", {"type": "travel", "transport": transport})
        all_events += ev
        visit = next(e for e in ev if e["type"] == "visited")
        assert (visit["cards"], visit["obstacle_extra"]) == (cards, extra)
        assert GAME.view(s, None)["journey"]["income"] == income
        assert GAME.view(s, "Adam")["gold"] == gold
        coins_seen.append(pview(s, "Adam")["coins"])
    assert GAME.view(s, "Beata")["gold"] == 7
    assert moves(s, "Adam") == [{"type": "end_journey"}]
    s, ev = play(s, "Adam", {"type": "end_journey"})
    all_events += ev
    assert GAME.view(s, "Adam")["gold"] == 27
    coins_seen.append(pview(s, "Adam")["coins"])
    assert coins_seen == [1, 4, 3, 5, 5, 5]
    ended = next(e for e in all_events if e["type"] == "journey_ended")
    assert ended == {
        "type": "journey_ended",
        "player": "Adam",
        "visits": 4,
        "income": 19,
        "bonus": 0,
    }
    thefts = [e for e in all_events if e["type"] == "thief_paid"]
    assert thefts == [{"type": "thief_paid", "player": "Adam", "to": "Beata", "amount": 2}]
    gold_visit = [e for e in all_events if e["type"] == "visited"][1]
    assert gold_visit["value"] == 8 and gold_visit["card"] == "forest"
    assert GAME.actors(s) == ["Beata"]


def test_example6_owner_exemption_for_doris() -> None:
    s = _ex6()
    s["turn"] = 3
    s["hand"][3] = {"raft": 3}
    s, _ = play(s, "Doris", {"type": "travel", "transport": "raft"})  # her lake: 2 rafts
    assert GAME.view(s, None)["journey"]["next"] == {"realm": "Adam", "slot": 0}
    s, ev = play(s, "Doris", {"type": "travel", "transport": "raft"})
    assert ev[0]["cards"] == 1 and ev[0]["obstacle_extra"] is False


# -- Example 7: escort and change of direction --------------------------------------------------


def _ex7():
    return build(
        P5,
        phase="travel",
        turn="Erik",
        start="Erik",
        gold={"Erik": 9},
        realms={
            "Erik": ["lake"],
            "Adam": [{"card": "desert", "thief": "Carl"}, "plains"],
            "Beata": ["forest"],
            "Carl": ["mountain"],
            "Doris": ["river"],
        },
        hands={"Erik": {"raft": 4, "dragon": 1, "escort": 1, "reverse": 1}},
    )


def test_example7_escort_and_reverse() -> None:
    s = _ex7()
    s, ev = play(s, "Erik", {"type": "travel", "transport": "raft"})
    assert ev[0]["cards"] == 2 and GAME.view(s, None)["journey"]["income"] == 7
    assert same(
        moves(s, "Erik"),
        [
            {"type": "travel", "transport": "dragon"},
            {"type": "escort"},
            {"type": "reverse"},
            {"type": "end_journey"},
        ],
    )
    s, ev = play(s, "Erik", {"type": "escort"})
    assert ev == [{"type": "escort_played", "player": "Erik", "realm": "Adam"}]
    assert GAME.view(s, None)["journey"]["escort"] == "Adam"
    s, ev = play(s, "Erik", {"type": "travel", "transport": "dragon"})
    assert not [e for e in ev if e["type"] == "thief_paid"]
    assert ev[0]["escorted"] is True and ev[0]["card"] == "desert"
    assert GAME.view(s, "Erik")["gold"] == 9 + 7 + 6 and GAME.view(s, "Carl")["gold"] == 12
    assert GAME.view(s, None)["journey"]["income"] == 13
    s, ev = play(s, "Erik", {"type": "reverse"})
    assert ev == [{"type": "direction_changed", "player": "Erik", "direction": "ccw"}]
    j = GAME.view(s, None)["journey"]
    assert j["direction"] == "ccw" and j["next"] == {"realm": "Erik", "slot": 0}
    assert {"type": "escort"} not in moves(s, "Erik")
    s, ev = play(s, "Erik", {"type": "travel", "transport": "raft"})
    assert GAME.view(s, None)["journey"]["escort"] is None
    assert ev[0]["escorted"] is False
    assert GAME.view(s, None)["journey"]["income"] == 20
    assert GAME.view(s, None)["journey"]["next"] == {"realm": "Doris", "slot": 0}
    assert moves(s, "Erik") == [{"type": "end_journey"}]
    s, ev = play(s, "Erik", {"type": "end_journey"})
    assert GAME.view(s, "Erik")["gold"] == 29 and pview(s, "Erik")["coins"] == 7
    assert ev[0]["bonus"] == 0 and ev[0]["income"] == 20


def test_example7_counter_case_without_escort() -> None:
    s = _ex7()
    s, _ = play(s, "Erik", {"type": "travel", "transport": "raft"})
    s, ev = play(s, "Erik", {"type": "travel", "transport": "dragon"})
    assert {"type": "thief_paid", "player": "Erik", "to": "Carl", "amount": 2} in ev
    assert GAME.view(s, "Erik")["gold"] == 9 + 7 - 2 + 6 and GAME.view(s, "Carl")["gold"] == 14
    s, _ = play(
        s,
        "Erik",
        {"type": "reverse"},
        {"type": "travel", "transport": "raft"},
        {"type": "end_journey"},
    )
    assert GAME.view(s, "Erik")["gold"] == 27


# -- Example 8: the all-villages bonus ----------------------------------------------------------


def test_example8_all_villages_bonus() -> None:
    s = build(
        ["Adam", "Beata"],
        phase="travel",
        turn="Adam",
        start="Adam",
        realms={"Adam": ["plains", "forest"], "Beata": ["mountain"]},
        hands={"Adam": {"pig": 2, "cloud": 1}},
    )
    assert GAME.view(s, None)["capacity"] == 3
    incomes = []
    for x in ["pig", "pig", "cloud"]:
        s, _ = play(s, "Adam", {"type": "travel", "transport": x})
        incomes.append(GAME.view(s, None)["journey"]["income"])
    assert incomes == [2, 6, 11]
    assert GAME.view(s, None)["journey"]["next"] == {"realm": "Adam", "slot": 0}
    assert moves(s, "Adam") == [{"type": "end_journey"}]
    s, ev = play(s, "Adam", {"type": "end_journey"})
    assert ev[0] == {
        "type": "journey_ended",
        "player": "Adam",
        "visits": 3,
        "income": 11,
        "bonus": 10,
    }
    assert GAME.view(s, "Adam")["gold"] == 33 and pview(s, "Adam")["coins"] == 6


# -- Example 9: village gold is earned on arrival and pays a thief ------------------------------


def _ex9(gold: int = 1, escort: bool = False, thief_at_home: bool = False):
    hand = {"pig": 2, **({"escort": 1} if escort else {})}
    home = {"card": "plains", **({"thief": "Carl"} if thief_at_home else {})}
    return build(
        P3,
        phase="travel",
        turn="Beata",
        start="Beata",
        gold={"Beata": gold},
        realms={"Adam": ["lake"], "Beata": [home], "Carl": [{"card": "forest", "thief": "Adam"}]},
        hands={"Beata": hand},
    )


def test_example9_gold_earned_on_the_journey_pays_the_thief() -> None:
    """Issue 18 item 9: "Na cestě z vesnice do vesnice dostává hráč hodnotu navštívené vesnice":
    the plains' 2 gold is Beata's on arrival, so with 1 + 2 she may enter the thief's village."""
    s = _ex9()
    s, _ = play(s, "Beata", {"type": "travel", "transport": "pig"})
    assert GAME.view(s, None)["journey"]["income"] == 2
    assert GAME.view(s, "Beata")["gold"] == 3
    assert same(
        moves(s, "Beata"), [{"type": "travel", "transport": "pig"}, {"type": "end_journey"}]
    )
    s, ev = play(s, "Beata", {"type": "travel", "transport": "pig"})
    assert {"type": "thief_paid", "player": "Beata", "to": "Adam", "amount": 2} in ev
    assert GAME.view(s, "Beata")["gold"] == 5 and GAME.view(s, "Adam")["gold"] == 14
    assert GAME.view(s, None)["journey"]["income"] == 6
    assert moves(s, "Beata") == [{"type": "end_journey"}]
    s, ev = play(s, "Beata", {"type": "end_journey"})
    assert ev[0] == {
        "type": "journey_ended",
        "player": "Beata",
        "visits": 2,
        "income": 6,
        "bonus": 0,
    }
    assert GAME.view(s, "Beata")["gold"] == 5


def test_example9_thief_blocks_without_two_gold() -> None:
    s = _ex9(thief_at_home=True)
    assert moves(s, "Beata") == [{"type": "end_journey"}]
    before = GAME.dump(s)
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, "Beata", {"type": "travel", "transport": "pig"})
    assert exc.value.code == "not_legal" and GAME.dump(s) == before
    s, _ = play(s, "Beata", {"type": "end_journey"})
    assert GAME.view(s, "Beata")["gold"] == 1


def test_example9_escort_lets_her_through() -> None:
    s = _ex9(escort=True, thief_at_home=True)
    assert same(moves(s, "Beata"), [{"type": "escort"}, {"type": "end_journey"}])
    s, _ = play(s, "Beata", {"type": "escort"})
    assert {"type": "travel", "transport": "pig"} in moves(s, "Beata")
    s, ev = play(s, "Beata", {"type": "travel", "transport": "pig"})
    assert ev[0]["cards"] == 1 and not [e for e in ev if e["type"] == "thief_paid"]
    assert GAME.view(s, "Beata")["gold"] == 3 and GAME.view(s, "Carl")["gold"] == 12
    s, ev = play(s, "Beata", {"type": "travel", "transport": "pig"})  # Adam's thief: 3 - 2 + 4
    assert {"type": "thief_paid", "player": "Beata", "to": "Adam", "amount": 2} in ev
    s, _ = play(s, "Beata", {"type": "end_journey"})
    assert GAME.view(s, "Beata")["gold"] == 5


# -- Example 10: "No village card!" -------------------------------------------------------------


def test_example10_no_village_card() -> None:
    draw = ["cloud", "forest", "troll", "lake", "forest", "unicorn"]
    s = build(
        P3,
        turn="Carl",
        realms={"Adam": ["plains"], "Beata": ["river"]},
        hands={"Carl": {"pig": 3, "thief": 1, "escort": 1}},
        draw=draw,
    )
    assert same(
        moves(s, "Carl"),
        [
            {"type": "play_special", "card": "thief"},
            {"type": "draw3"},
            {"type": "buy"},
            {"type": "no_village"},
        ],
    )
    s, ev = play(s, "Carl", {"type": "no_village"})
    assert ev == [
        {
            "type": "no_village_declared",
            "player": "Carl",
            "hand": {"pig": 3, "thief": 1, "escort": 1},
        }
    ]
    assert same(
        moves(s, "Carl"),
        [{"type": "take_village", "card": "forest"}, {"type": "take_village", "card": "lake"}],
    )
    s, ev = play(s, "Carl", {"type": "take_village", "card": "lake"})
    assert ev == [{"type": "village_taken", "player": "Carl", "card": "lake"}]
    assert pview(s, "Carl")["hand_size"] == 6 and GAME.view(s, None)["draw_pile"] == 5
    assert s["draw"] == ["cloud", "forest", "troll", "forest", "unicorn"]
    assert same(
        moves(s, "Carl"),
        [{"type": "discard", "card": k} for k in ["lake", "pig", "thief", "escort"]],
    )
    s, ev = play(s, "Carl", {"type": "discard", "card": "escort"})
    assert GAME.view(s, "Carl")["hand"] == {"lake": 1, "pig": 3, "thief": 1}
    assert GAME.view(s, None)["discard_pile"] == {"escort": 1}
    assert GAME.actors(s) == ["Adam"] and s["passes"] == 0


# -- Example 11: teleport -----------------------------------------------------------------------


def test_example11_teleport() -> None:
    s = build(
        P3,
        phase="travel",
        turn="Adam",
        start="Adam",
        gold={"Adam": 8},
        options={"teleport": True},
        realms={
            "Adam": ["plains"],
            "Beata": ["desert"],
            "Carl": [{"card": "lake", "obstacle": ("seamonster", "Beata"), "thief": "Beata"}],
        },
        hands={"Adam": {"pig": 3, "troll": 1, "cycle": 1}},
    )
    # a teleport comes after the journey's first visit, to another village (issue 30)
    teleports = [{"type": "teleport", "realm": r, "slot": 0} for r in ["Beata", "Carl"]]
    assert same(
        moves(s, "Adam"),
        [{"type": "travel", "transport": x} for x in ["pig", "cycle", "troll"]]
        + [{"type": "end_journey"}],
    )
    s, _ = play(s, "Adam", {"type": "travel", "transport": "pig"})
    assert GAME.view(s, None)["journey"]["income"] == 2 and GAME.view(s, "Adam")["gold"] == 10
    assert same(moves(s, "Adam"), teleports + [{"type": "end_journey"}])
    s, ev = play(s, "Adam", {"type": "teleport", "realm": "Carl", "slot": 0})
    assert ev == [
        {"type": "teleport_started", "player": "Adam", "realm": "Carl", "slot": 0, "cost": 3}
    ]
    assert GAME.view(s, "Adam")["gold"] == 7
    events = []
    for x in ["pig", "pig", "troll", "cycle"]:
        s, ev = play(s, "Adam", {"type": "teleport_card", "card": x})
        events += ev
    visit = next(e for e in events if e["type"] == "visited")
    assert visit["via"] == "teleport" and visit["obstacle_extra"] is False
    assert {"type": "thief_paid", "player": "Adam", "to": "Beata", "amount": 2} in events
    assert GAME.view(s, "Adam")["gold"] == 12 and GAME.view(s, "Beata")["gold"] == 14
    j = GAME.view(s, None)["journey"]
    assert j["income"] == 9 and j["direction"] == "cw" and j["next"] == {"realm": "Adam", "slot": 0}
    assert moves(s, "Adam") == [{"type": "end_journey"}]
    s, ev = play(s, "Adam", {"type": "end_journey"})
    assert GAME.view(s, "Adam")["gold"] == 12 and ev[0]["bonus"] == 0


# -- Example 12: end of game, shared victory ----------------------------------------------------


def test_example12_shared_victory() -> None:
    s = build(
        P3,
        phase="travel",
        round_no=3,
        start="Carl",
        turn="Beata",
        gold={"Adam": 30, "Beata": 30, "Carl": 25},
    )
    s["rounds"] = 3
    assert moves(s, "Beata") == [{"type": "end_journey"}]
    s, ev = play(s, "Beata", {"type": "end_journey"})
    assert GAME.is_over(s) and GAME.actors(s) == []
    assert GAME.outcome(s) == [
        {"player": "Adam", "rank": 1, "score": 30},
        {"player": "Beata", "rank": 1, "score": 30},
        {"player": "Carl", "rank": 3, "score": 25},
    ]
    assert ev[-1] == {
        "type": "game_over",
        "gold": {"Adam": 30, "Beata": 30, "Carl": 25},
        "ranks": {"Adam": 1, "Beata": 1, "Carl": 3},
    }
    assert GAME.view(s, None)["final"]["gold"] == {"Adam": 30, "Beata": 30, "Carl": 25}
