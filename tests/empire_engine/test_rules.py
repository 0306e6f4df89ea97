"""Scenario tests for the rules and options the worked examples do not cover, and refusals."""

from __future__ import annotations

import json

import pytest

from games.base import IllegalMove, canonical
from games.empire_engine import GAME
from games.empire_engine import data as D
from games.empire_engine.setup import game_length
from tests.empire_engine.helpers import (
    SC,
    R,
    build,
    execute,
    of_type,
    orient_round,
    plan_round,
    play,
)

ABC = ["A", "B", "C"]
ABCD = ["A", "B", "C", "D"]


# -------------------------------------------------------------- §4 rotation table

ROTATION = {
    ("L", "Arm"): ["Arm", "Attack", "Produce", "Salvage"],
    ("L", "Salvage"): ["Salvage", "Arm", "Attack", "Produce"],
    ("L", "Produce"): ["Produce", "Salvage", "Arm", "Attack"],
    ("L", "Attack"): ["Attack", "Produce", "Salvage", "Arm"],
    ("R", "Invent"): ["Invent", "Export", "Attack", "Defend"],
    ("R", "Defend"): ["Defend", "Invent", "Export", "Attack"],
    ("R", "Attack"): ["Attack", "Defend", "Invent", "Export"],
    ("R", "Export"): ["Export", "Attack", "Defend", "Invent"],
}


#: k quarter turns -> (gear, cube): 0 = gear 1 + cube, 1 = gear 1, 2 = gear 2, 3 = gear 2 + cube
TURN_BY = {0: (1, "soldier"), 1: (1, None), 2: (2, None), 3: (2, "soldier")}


@pytest.mark.parametrize(("card", "now"), list(ROTATION))
def test_rotation_table(card: str, now: str) -> None:
    other = {"L": "Arm", "R": "Invent"}
    tops = {"L": now, "R": other["R"]} if card == "L" else {"L": other["L"], "R": now}
    got = []
    for k in range(4):
        s = build(
            ["A", "B"],
            start="A",
            round_=2,
            ready={"A": R(2, 2)},
            tops={"A": (tops["L"], tops["R"]), "B": ("Arm", "Invent")},
        )
        assert GAME.view(s, "A")["you"]["rotations"][card] == ROTATION[(card, now)]
        gear, pay = TURN_BY[k]
        ev: list = []
        plan_round(s, {"A": (card, gear, pay, None)}, ev)
        pick = of_type(ev, "revealed")[0]["picks"]["A"]
        assert pick[f"turn_{card}"] == k
        got.append(pick[card])
    assert got == ROTATION[(card, now)]


def test_engine_cards_hold_the_listed_actions() -> None:
    assert set(D.ENGINE_ORDER["L"]) == {"Arm", "Salvage", "Produce", "Attack"}
    assert set(D.ENGINE_ORDER["R"]) == {"Invent", "Defend", "Attack", "Export"}


# -------------------------------------------------------------- setup, options, length


def test_setup_start_and_piles() -> None:
    s = GAME.setup(ABC, {}, 42)
    v = GAME.view(s, None)
    assert v["step"] == "orient" and v["round"] == 1 and v["rounds"] == 9
    assert GAME.actors(s) == [ABC[s["start"]]]
    for seat in v["seats"]:
        assert seat["ready"] == R(1, 1) and seat["score_total"] == 0
        assert seat["top_L"] is None and seat["top_R"] is None
    import random

    assert s["start"] == random.Random("42:setup").randrange(3)


@pytest.mark.parametrize(
    ("n", "opts", "rounds"),
    [
        (2, {}, 8),
        (3, {}, 9),
        (4, {}, 8),
        (2, {"long_game": True}, 12),
        (3, {"long_game": True}, 12),
        (4, {"long_game": True}, 12),
        (5, {}, 10),
        (6, {}, 12),
        (7, {}, 14),
        (8, {}, 8),
        (5, {"rounds": 7}, 7),
        (8, {"rounds": 32}, 32),
    ],
)
def test_game_length(n: int, opts: dict, rounds: int) -> None:
    s = GAME.setup([f"p{i}" for i in range(n)], opts, 1)
    assert s["rounds"] == rounds
    full = {k: d for k, (d, _) in D.OPTIONS.items()} | opts
    assert game_length(n, full) == rounds


@pytest.mark.parametrize(
    ("players", "opts"),
    [
        (["A"], {}),
        ([f"p{i}" for i in range(9)], {}),
        (["A", "A", "B"], {}),
        (ABC, {"nope": True}),
        (ABC, {"open_scores": 1}),
        (ABC, {"long_game": "yes"}),
        ([f"p{i}" for i in range(5)], {"long_game": True}),
        (ABCD, {"rounds": 8}),
        ([f"p{i}" for i in range(5)], {"rounds": 0}),
        ([f"p{i}" for i in range(5)], {"rounds": 33}),
        ([f"p{i}" for i in range(5)], {"rounds": 8.0}),
        ([f"p{i}" for i in range(5)], {"rounds": True}),
        (ABCD, {"team_joint_attack": True}),
        (ABCD, {"team_shared_defence": True}),
        (ABC, {"teams": True}),
        ([f"p{i}" for i in range(5)], {"teams": True}),
    ],
)
def test_setup_refuses(players: list[str], opts: dict) -> None:
    with pytest.raises(ValueError):
        GAME.setup(players, opts, 0)


def test_empires_dealt_from_setup_rng() -> None:
    import random

    s = GAME.setup(ABCD, {"house_powers": True}, 7)
    rng = random.Random("7:setup")
    rng.randrange(4)
    names = [e["name"] for e in D.EMPIRES]
    assert [s["empires"][p] for p in ABCD] == rng.sample(names, 4)
    for seed in range(20):
        s = GAME.setup([f"p{i}" for i in range(8)], {"house_powers": True}, seed)
        dealt = list(s["empires"].values())
        assert all(dealt.count(n) == 2 for n in names)
        s = GAME.setup([f"p{i}" for i in range(6)], {"house_powers": True}, seed)
        dealt = list(s["empires"].values())
        assert all(dealt.count(n) <= 2 for n in names)


def test_empires_are_public() -> None:
    s = GAME.setup(ABC, {"house_powers": True}, 3)
    v = GAME.view(s, None)
    assert [seat["empire"] for seat in v["seats"]] == [s["empires"][p] for p in ABC]


# -------------------------------------------------------------- refusals and codes


def test_refusal_codes() -> None:
    s = build(ABC, start="A")
    before = canonical(GAME.dump(s))
    for who, code in (("Z", "not_your_turn"), ("B", "not_your_turn")):
        with pytest.raises(IllegalMove) as e:
            GAME.apply(s, who, {"type": "lay", "card": "L"})
        assert e.value.code == code and e.value.kind == "not_your_turn"
    for bad in (
        None,
        "lay",
        {"type": "lay"},
        {"type": "lay", "card": 1},
        {"type": "lay", "card": "L", "x": 1},
        {"type": "dance"},
        {"card": "L"},
    ):
        with pytest.raises(IllegalMove) as e:
            GAME.apply(s, "A", bad)
        assert e.value.code == "malformed" and e.value.kind == "malformed"
    for bad in (
        {"type": "lay", "card": "X"},
        {"type": "orient", "card": "L", "action": "Arm"},
        {"type": "place", "card": "L", "pay": None},
        {"type": "no_block"},
    ):
        with pytest.raises(IllegalMove) as e:
            GAME.apply(s, "A", bad)
        assert e.value.code == "not_legal"
    assert canonical(GAME.dump(s)) == before
    s = play(s, "A", {"type": "lay", "card": "L"})
    with pytest.raises(IllegalMove) as e:  # the card laid first is L: R cannot be set now
        GAME.apply(s, "A", {"type": "orient", "card": "R", "action": "Invent"})
    assert e.value.code == "not_legal"
    s = play(s, "A", {"type": "orient", "card": "L", "action": "Arm"})
    for p in ("B", "B", "C", "C", "C"):
        s = play(s, p, GAME.legal_moves(s, p)[0])
    assert GAME.actors(s) == ["B"]  # the second cards: from the last player anticlockwise
    with pytest.raises(IllegalMove) as e:
        GAME.apply(s, "C", {"type": "orient", "card": "R", "action": "Invent"})
    assert e.value.code == "already_chosen" and e.value.kind == "not_your_turn"
    assert str(e.value)
    assert GAME.legal_moves(s, "C") == []


def test_plan_refuses_type_confused_and_unaffordable() -> None:
    s = build(
        ["A", "B"],
        start="A",
        round_=2,
        ready={"A": R(0, 0)},
        tops={"A": ("Attack", "Export"), "B": ("Arm", "Invent")},
    )
    GAME.apply(s, "A", {"type": "place", "card": "L", "pay": None})
    with pytest.raises(IllegalMove) as e:  # an alternate with an empty ready pile
        GAME.apply(s, "A", {"type": "place", "card": "L", "pay": "soldier"})
    assert e.value.code == "not_legal"
    s = play(s, "A", {"type": "place", "card": "L", "pay": None})
    good = {"type": "gear", "card": "L", "gear": 2, "turns": 2, "action": "Salvage"}
    GAME.apply(s, "A", good)
    for confused in ({**good, "gear": 2.0}, {**good, "gear": True}, {**good, "turns": "2"}):
        with pytest.raises(IllegalMove) as e:
            GAME.apply(s, "A", confused)
        assert e.value.code == "malformed"
    for wrong in ({**good, "action": "Arm"}, {**good, "turns": 3}, {**good, "card": "R"}):
        with pytest.raises(IllegalMove) as e:  # a result that does not match the gear
            GAME.apply(s, "A", wrong)
        assert e.value.code == "not_legal"


def test_wrong_player_in_open_step_and_game_over() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Produce", "Export"), "C": ("Arm", "Defend")}
    s, _ = execute(ABC, tops, start="A", ready={"A": R(1, 2), "B": R(1, 1)})
    assert s["step"] == "steal"
    with pytest.raises(IllegalMove) as e:
        GAME.apply(s, "B", {"type": "steal", "target": "B", "soldier": 0, "good": 1})
    assert e.value.code == "not_your_turn"
    with pytest.raises(IllegalMove) as e:
        GAME.apply(s, "A", {"type": "steal", "target": "B", "soldier": 1, "good": 1})
    assert e.value.code == "not_legal"
    s["step"] = "over"
    with pytest.raises(IllegalMove) as e:
        GAME.apply(s, "A", {"type": "steal", "target": "B", "soldier": 0, "good": 1})
    assert e.value.code == "game_over"


# -------------------------------------------------------------- planning and the reveal


def test_round_flow_and_start_player_rotation() -> None:
    s = GAME.setup(ABC, {}, 5)
    first = s["start"]
    events: list = []
    s = orient_round(s, {p: ("Arm", "Invent") for p in ABC}, events)
    assert s["round"] == 2 and s["step"] == "plan"
    assert s["start"] == (first + 1) % 3
    assert {"type": "round_started", "round": 2, "start_player": ABC[(first + 1) % 3]} in events
    assert GAME.actors(s) == [ABC[(first + 1) % 3]]
    for p in ABC:
        assert s["ready"][p] == R(3, 1) and s["score"][p] == SC(invention=1)


def test_game_ends_after_last_round() -> None:
    s = build(
        ["A", "B"],
        start="A",
        round_=8,
        ready={"A": R(0, 0), "B": R(0, 0)},
        tops={"A": ("Arm", "Invent"), "B": ("Arm", "Invent")},
    )
    ev: list = []
    s = plan_round(s, {}, ev)
    assert GAME.is_over(s) and GAME.actors(s) == []
    over = of_type(ev, "game_over")[0]
    assert over["results"] == GAME.outcome(s)
    assert not of_type(ev, "round_started")
    assert GAME.legal_moves(s, "A") == []


# -------------------------------------------------------------- group 2 cases of §7.4


def test_case_3_attacker_without_soldier_fails_defend_idle() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Arm", "Defend"), "C": ("Salvage", "Export")}
    s, ev = execute(ABC, tops, start="A", ready={"A": R(0, 1), "B": R(0, 0), "C": R(0, 0)})
    assert of_type(ev, "attack_failed") == [
        {
            "type": "attack_failed",
            "player": "A",
            "cards": ["L"],
            "reason": "no_soldier",
            "soldiers_lost": 0,
        }
    ]
    assert not of_type(ev, "blocked")
    assert {"type": "defend_idle", "player": "B", "bonus_ready_soldier": 0} in ev
    assert score(s, "B") == SC()


def score(s: dict, p: str) -> dict:
    return s["score"][p]


def test_case_4_both_cards_two_targets() -> None:
    tops = {"A": ("Attack", "Attack"), "B": ("Arm", "Defend"), "C": ("Salvage", "Export")}
    s, ev = execute(ABC, tops, start="A", ready={"A": R(2, 0), "B": R(0, 0), "C": R(0, 2)})
    # L -> B (left neighbour, blocked), R -> C (right neighbour, takes a good)
    assert [(e["card"], e["target"]) for e in of_type(ev, "attack_paid")] == [
        ("L", "B"),
        ("R", "C"),
    ]
    assert of_type(ev, "blocked")[0]["target"] == "B"
    assert of_type(ev, "theft")[0]["good"] == 1
    assert {"type": "cancelled", "player": "C", "actions": ["Export", "Salvage"]} in ev
    assert score(s, "A") == SC(good=1)


def test_case_8_theft_sees_pile_before_the_targets_own_later_attack() -> None:
    """Issue 18 item 13 ("Učiňte tak bezprostředně před každým útokem"): B has not paid yet
    when A's attack comes, so A takes B's soldier and B's own attack then fails; started
    from B, B pays first and A's theft finds an empty pile (a supply soldier)."""
    tops = {"A": ("Attack", "Invent"), "B": ("Attack", "Invent"), "C": ("Arm", "Invent")}
    ready = {"A": R(1, 0), "B": R(1, 0), "C": R(0, 0)}
    s, ev = execute(ABC, tops, start="A", ready=ready)
    assert [(t["attacker"], t["soldier"], t["supply_soldier"]) for t in of_type(ev, "theft")] == [
        ("A", 1, 0)
    ]
    assert [(e["player"], e["reason"]) for e in of_type(ev, "attack_failed")] == [
        ("B", "no_soldier")
    ]
    s, ev = execute(ABC, tops, start="B", ready=ready)
    assert [
        (t["attacker"], t["target"], t["soldier"], t["supply_soldier"])
        for t in of_type(ev, "theft")
    ] == [("B", "C", 1, 0), ("A", "B", 0, 1)]


def test_case_9_two_players_single_attack_takes_two() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Produce", "Invent")}
    s, ev = execute(["A", "B"], tops, start="A", ready={"A": R(1, 0), "B": R(0, 0)})
    # B's ready {0,2}: only goods, q = 2, no step
    assert of_type(ev, "theft")[0]["good"] == 2
    assert score(s, "A") == SC(good=2, invention=1)


def test_case_9_three_way_choice() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Arm", "Invent")}
    s, _ = execute(["A", "B"], tops, start="A", ready={"A": R(1, 0), "B": R(0, 2)})
    assert [(m["soldier"], m["good"]) for m in GAME.legal_moves(s, "A")] == [(2, 0), (1, 1), (0, 2)]


def test_case_11_two_players_both_attacks_no_defend() -> None:
    tops = {"A": ("Attack", "Attack"), "B": ("Arm", "Export")}
    s, ev = execute(["A", "B"], tops, start="A", ready={"A": R(2, 0), "B": R(0, 1)})
    # B's ready {2,1}: first theft is a choice of 2 from 3
    assert s["step"] == "steal" and len(GAME.legal_moves(s, "A")) == 2
    s = play(s, "A", {"type": "steal", "target": "B", "soldier": 2, "good": 0}, ev)
    th = of_type(ev, "theft")
    assert [t["card"] for t in th] == ["L", "R"]
    # issue 18 item 14: the pile of one gives that cube, no soldier from the supply
    assert th[1]["good"] == 1 and th[1]["supply_soldier"] == 0
    assert score(s, "A") == SC(soldier=2, good=1)
    assert s["ready"]["B"] == R(0, 0)


def test_case_12_two_players_one_soldier_for_two() -> None:
    tops = {"A": ("Attack", "Attack"), "B": ("Salvage", "Export")}
    s, ev = execute(["A", "B"], tops, start="A", ready={"A": R(1, 0), "B": R(0, 1)})
    assert of_type(ev, "attack_failed")[0]["reason"] == "one_soldier_for_two"
    assert of_type(ev, "exported")[0]["goods"] == 1
    assert s["step"] == "salvage"


def test_arm_soldiers_pay_for_attack_same_round() -> None:
    tops = {"A": ("Arm", "Attack"), "B": ("Arm", "Invent"), "C": ("Arm", "Invent")}
    s, ev = execute(ABC, tops, start="A", ready={"A": R(0, 0)})
    assert of_type(ev, "attack_paid")[0]["target"] == "C"  # R card: right neighbour of A


def test_four_players_never_attack_opposite() -> None:
    tops = {p: ("Attack", "Attack") for p in ABCD}
    s, ev = execute(ABCD, tops, start="A", ready={p: R(2, 0) for p in ABCD})
    for e in of_type(ev, "attack_paid"):
        i, j = ABCD.index(e["player"]), ABCD.index(e["target"])
        assert (j - i) % 4 in (1, 3)


# -------------------------------------------------------------- group 3


def test_export_of_zero_goods_and_soldiers_stay() -> None:
    tops = {"A": ("Arm", "Export"), "B": ("Arm", "Invent")}
    s, ev = execute(["A", "B"], tops, start="A", ready={"A": R(0, 0)})
    assert of_type(ev, "exported")[0]["goods"] == 0
    assert s["ready"]["A"] == R(2, 0)


def test_salvage_is_secret_and_simultaneous() -> None:
    tops = {"A": ("Salvage", "Invent"), "B": ("Salvage", "Invent"), "C": ("Arm", "Invent")}
    s, _ = execute(ABC, tops, start="A")
    assert s["step"] == "salvage" and GAME.actors(s) == ["A", "B"]
    assert GAME.is_secret(s, "A", {"type": "salvage", "take": ["good"]})
    s1, ev = GAME.apply(s, "A", {"type": "salvage", "take": ["good"]})
    assert ev == [{"type": "picked", "player": "A", "step": "salvage"}]
    assert GAME.view(s1, "B")["seats"][0]["score"] is None
    assert GAME.view(s1, None)["seats"][0]["score_total"] == 1
    ev2: list = []
    s2 = play(s1, "B", {"type": "salvage", "take": ["soldier"]}, ev2)
    assert {"type": "salvaged", "player": "A", "count": 1} in ev2
    assert all("take" not in e for e in of_type(ev2, "salvaged"))
    assert score(s2, "A") == SC(good=1, invention=1)


def test_open_scores_shows_piles_and_salvage_types() -> None:
    tops = {"A": ("Salvage", "Invent"), "B": ("Arm", "Invent")}
    s, _ = execute(["A", "B"], tops, start="A", options={"open_scores": True})
    ev: list = []
    s = play(s, "A", {"type": "salvage", "take": ["soldier"]}, ev)
    assert {"type": "salvaged", "player": "A", "count": 1, "take": ["soldier"]} in ev
    assert GAME.view(s, None)["seats"][0]["score"] == SC(soldier=1, invention=1)


def test_score_piles_hidden_by_default_shown_after_game() -> None:
    s = build(["A", "B"], start="A")
    s["score"]["A"] = SC(1, 2, 3)
    assert GAME.view(s, None)["seats"][0]["score"] is None
    assert GAME.view(s, None)["seats"][0]["score_total"] == 6
    assert GAME.view(s, "B")["seats"][0]["score"] is None
    assert GAME.view(s, "A")["seats"][0]["score"] == SC(1, 2, 3)
    s["step"] = "over"
    assert GAME.view(s, None)["seats"][0]["score"] == SC(1, 2, 3)


def test_is_secret() -> None:
    s = build(ABC, start="A")
    assert GAME.is_secret(s, "A", {"type": "orient", "card": "L", "action": "Arm"})
    assert GAME.is_secret(s, "A", {"type": "gear"})
    assert GAME.is_secret(s, "A", {"type": "salvage"})
    assert not GAME.is_secret(s, "A", {"type": "lay", "card": "L"})
    assert not GAME.is_secret(s, "A", {"type": "place", "card": "L", "pay": "good"})
    assert not GAME.is_secret(s, "A", {"type": "joint_export"})
    assert not GAME.is_secret(s, "A", {"type": "block"})
    assert not GAME.is_secret(s, "A", {"type": "steal"})
    assert not GAME.is_secret(s, "A", {"type": "no_block"})


# -------------------------------------------------------------- team game

TEAMS = {"teams": True}


def test_partners_see_scores_not_pending_picks() -> None:
    s = build(ABCD, start="C", options=TEAMS)
    s["score"]["C"] = SC(1, 0, 0)
    s = play(s, "C", {"type": "lay", "card": "R"})
    s1 = play(s, "C", {"type": "orient", "card": "R", "action": "Invent"})
    va = GAME.view(s1, "A")
    assert va["seats"][2]["score"] == SC(1, 0, 0)
    assert va["seats"][2]["placed"] == [{"card": "R", "pay": None}]  # public: the card laid
    assert va["you"]["partner"] == "C" and va["you"]["partner_score"] == SC(1, 0, 0)
    assert va["you"]["pending"] is None
    assert GAME.view(s1, "C")["you"]["pending"] == {"L": None, "R": "Invent"}
    assert va["seats"][1]["score"] is None
    assert canonical(GAME.view(s1, "A")) == canonical(
        GAME.view(play(s, "C", {"type": "orient", "card": "R", "action": "Defend"}), "A")
    )


def test_team_joint_invent() -> None:
    tops = {
        "A": ("Arm", "Invent"),
        "B": ("Arm", "Invent"),
        "C": ("Arm", "Invent"),
        "D": ("Arm", "Export"),
    }
    s, ev = execute(ABCD, tops, start="C", options={"teams": True, "team_joint_invent": True})
    joint = [e for e in of_type(ev, "gained") if e["action"] == "JointInvent"]
    assert joint == [
        {
            "type": "gained",
            "player": "C",
            "action": "JointInvent",
            "resource": "invention",
            "amount": 1,
            "pile": "score",
        }
    ]
    assert score(s, "C")["invention"] == 2 and score(s, "A")["invention"] == 1
    s, ev = execute(ABCD, tops, start="A", options=TEAMS)
    assert not [e for e in of_type(ev, "gained") if e["action"] == "JointInvent"]


JOINT_TOPS = {
    "A": ("Arm", "Export"),
    "B": ("Arm", "Invent"),
    "C": ("Produce", "Invent"),
    "D": ("Arm", "Invent"),
}
JOINT = {"teams": True, "team_joint_export": True}


def test_team_joint_export_is_a_choice() -> None:
    """ "pak oba hráči mohou exportovat": the Produce partner may export too, or keep goods."""
    s, ev = execute(ABCD, JOINT_TOPS, start="A", options=JOINT, ready={"C": R(0, 1)})
    assert of_type(ev, "exported") == [
        {"type": "exported", "player": "A", "goods": 1, "bonus_good": 0, "joint": False}
    ]
    assert s["step"] == "joint_export" and GAME.actors(s) == ["C"]
    assert GAME.legal_moves(s, "C") == [{"type": "joint_export"}, {"type": "no_joint_export"}]
    done = play(s, "C", {"type": "joint_export"}, ev)
    assert of_type(ev, "exported")[-1] == {
        "type": "exported",
        "player": "C",
        "goods": 3,
        "bonus_good": 0,
        "joint": True,
    }
    assert done["ready"]["C"] == R(0, 0) and score(done, "C") == SC(good=3, invention=1)
    kept = play(s, "C", {"type": "no_joint_export"})
    assert kept["ready"]["C"] == R(0, 3) and score(kept, "C") == SC(invention=1)
    # without the option, C keeps its goods and is not asked
    s, ev = execute(ABCD, JOINT_TOPS, start="A", options=TEAMS, ready={"C": R(0, 1)})
    assert s["ready"]["C"] == R(0, 3) and s["step"] == "plan"


def test_team_joint_export_of_no_goods_is_no_export() -> None:
    """A Produce partner robbed of every good has nothing to export: no step, no event."""
    # B's L attack and D's R attack both hit C, who produced 2 goods and loses both
    tops = {**JOINT_TOPS, "B": ("Attack", "Invent"), "D": ("Arm", "Attack")}
    s, ev = execute(
        ABCD, tops, start="A", options=JOINT, ready={"B": R(1, 0), "C": R(0, 0), "D": R(1, 0)}
    )
    while s["step"] == "steal":
        p = GAME.actors(s)[0]
        s = play(s, p, [m for m in GAME.legal_moves(s, p) if m["good"]][0], ev)
    assert s["ready"]["C"]["good"] == 0
    assert [e["player"] for e in of_type(ev, "exported")] == ["A"]
    assert s["step"] == "plan"


def test_team_joint_export_needs_an_uncancelled_export() -> None:
    tops = {**JOINT_TOPS, "D": ("Attack", "Invent")}
    # D's L attack hits A (its left neighbour): A's Export is cancelled, so C is not asked
    s, ev = execute(ABCD, tops, start="A", options=JOINT, ready={"D": R(1, 0)})
    s = play(s, "D", {"type": "steal", "target": "A", "soldier": 1, "good": 0}, ev)
    assert not of_type(ev, "exported") and s["step"] == "plan"


def test_shared_defence_self_block_is_automatic() -> None:
    tops = {
        "A": ("Attack", "Invent"),
        "B": ("Arm", "Defend"),
        "C": ("Arm", "Invent"),
        "D": ("Arm", "Invent"),
    }
    opts = {"teams": True, "team_shared_defence": True}
    s, ev = execute(ABCD, tops, start="A", options=opts, ready={"A": R(1, 0)})
    assert of_type(ev, "blocked")[0]["defender"] == "B"
    assert s["step"] == "plan"


def test_shared_defence_partner_block_with_no_pay_resource_is_idle() -> None:
    tops = {
        "A": ("Attack", "Invent"),
        "B": ("Arm", "Invent"),
        "C": ("Arm", "Invent"),
        "D": ("Salvage", "Defend"),
    }
    opts = {"teams": True, "team_shared_defence": True}
    s, ev = execute(
        ABCD, tops, start="A", options=opts, ready={"A": R(1, 0), "B": R(0, 0), "D": R(0, 0)}
    )
    assert {"type": "defend_idle", "player": "D", "bonus_ready_soldier": 0} in ev
    # with a soldier D gets a choice: block A's attack on B (paying) or not
    s, ev = execute(
        ABCD, tops, start="A", options=opts, ready={"A": R(1, 0), "B": R(0, 0), "D": R(1, 0)}
    )
    assert s["step"] == "block" and GAME.legal_moves(s, "D") == [
        {"type": "block", "attacker": "A", "target": "B", "pay": "soldier"},
        {"type": "no_block"},
    ]
    s = play(s, "D", GAME.legal_moves(s, "D")[0], ev)
    assert score(s, "D") == SC(soldier=1) and s["ready"]["D"] == R(0, 0)


def test_shared_defence_may_keep_the_defend_for_its_own_attacker() -> None:
    tops = {
        "A": ("Attack", "Invent"),
        "B": ("Arm", "Invent"),
        "C": ("Attack", "Invent"),
        "D": ("Salvage", "Defend"),
    }
    # A's L attack -> B comes first; C's L attack -> D comes later. D may block A's attack on
    # B (paying) or keep the Defend: then C's attack on D is blocked for free
    opts = {"teams": True, "team_shared_defence": True}
    s, _ = execute(
        ABCD, tops, start="A", options=opts, ready={"A": R(1, 0), "C": R(1, 0), "D": R(1, 1)}
    )
    assert GAME.actors(s) == ["D"] and GAME.legal_moves(s, "D") == [
        {"type": "block", "attacker": "A", "target": "B", "pay": "soldier"},
        {"type": "block", "attacker": "A", "target": "B", "pay": "good"},
        {"type": "no_block"},
    ]
    ev: list = []
    s = play(s, "D", {"type": "no_block"}, ev)
    s = (
        play(s, "A", {"type": "steal", "target": "B", "soldier": 0, "good": 1}, ev)
        if s["step"] == "steal"
        else s
    )
    assert [(e["defender"], e["attacker"], e["pay"]) for e in of_type(ev, "blocked")] == [
        ("D", "C", None)
    ]


def test_defender_keeping_the_defend_gambles_on_the_later_attack() -> None:
    """B keeps its Defend for C's attack; A's attack on C takes C's only soldier first, so
    C's attack fails and B's Defend is idle: B was robbed by A and blocked nothing."""
    tops = {"A": ("Attack", "Attack"), "B": ("Arm", "Defend"), "C": ("Salvage", "Attack")}
    s, ev = execute(ABC, tops, start="A", ready={"A": R(2, 0), "B": R(0, 1), "C": R(1, 0)})
    assert GAME.actors(s) == ["B"] and GAME.legal_moves(s, "B")[-1] == {"type": "no_block"}
    s = play(s, "B", {"type": "no_block"}, ev)
    while s["step"] == "steal":
        p = GAME.actors(s)[0]
        s = play(s, p, next(m for m in GAME.legal_moves(s, p) if m["soldier"]), ev)
    assert [(t["target"], t["soldier"], t["good"]) for t in of_type(ev, "theft")] == [
        ("B", 1, 0),
        ("C", 1, 0),
    ]
    assert {
        "type": "attack_failed",
        "player": "C",
        "cards": ["R"],
        "reason": "no_soldier",
        "soldiers_lost": 0,
    } in ev
    assert {"type": "defend_idle", "player": "B", "bonus_ready_soldier": 0} in ev
    assert score(s, "A") == SC(soldier=2)


def test_joint_attack_not_when_both_blocked_and_target_order() -> None:
    tops = {
        "A": ("Attack", "Invent"),
        "B": ("Arm", "Defend"),
        "C": ("Arm", "Attack"),
        "D": ("Arm", "Defend"),
    }
    opts = {"teams": True, "team_shared_defence": True, "team_joint_attack": True}
    s, ev = execute(ABCD, tops, start="A", options=opts, ready={"A": R(1, 0), "C": R(1, 0)})
    # B blocks one (step), D blocks the other paying
    s = play(s, "B", {"type": "block", "attacker": "A", "target": "B", "pay": None}, ev)
    s = play(s, "D", {"type": "block", "attacker": "C", "target": "B", "pay": "soldier"}, ev)
    assert not of_type(ev, "theft")


def test_team_outcome_combines_piles() -> None:
    s = build(ABCD, start="A", options=TEAMS)
    s["score"] = {"A": SC(2, 0, 1), "B": SC(0, 3, 0), "C": SC(1, 1, 1), "D": SC(0, 0, 0)}
    s["ready"] = {p: R(0, 0) for p in ABCD}
    s["step"] = "over"
    out = {r["player"]: r for r in GAME.outcome(s)}
    # team 0: S3 G1 I2 = 6, majorities S, I -> 12; team 1: G3 = 3 + 3 = 6
    assert out["A"]["score"] == out["C"]["score"] == 12
    assert out["A"]["majorities"] == ["soldier", "invention"]
    assert out["B"]["score"] == 6 and out["B"]["majorities"] == ["good"]
    assert out["A"]["team_rank"] == 1 and out["B"]["team_rank"] == 2
    assert out["A"]["rank"] == out["C"]["rank"] == 1
    assert out["B"]["rank"] == out["D"]["rank"] == 2  # §9: the team's rank among two teams
    assert out["A"]["score_pile"] == SC(2, 0, 1) and out["A"]["team"] == 0
    assert out["D"]["team"] == 1
    for r in out.values():
        assert r["score"] == r["resources"] + r["bonus"]


def test_team_tie_break_on_combined_ready() -> None:
    s = build(ABCD, start="A", options=TEAMS)
    s["score"] = {"A": SC(1, 0, 0), "B": SC(1, 0, 0), "C": SC(0, 0, 0), "D": SC(0, 0, 0)}
    s["ready"] = {"A": R(0, 0), "B": R(1, 0), "C": R(1, 1), "D": R(0, 0)}
    out = {r["player"]: r for r in GAME.outcome({**s, "step": "over"})}
    assert out["A"]["team_rank"] == 1 and out["B"]["team_rank"] == 2
    s["ready"]["D"] = R(1, 0)
    out = {r["player"]: r for r in GAME.outcome({**s, "step": "over"})}
    assert {r["rank"] for r in out.values()} == {1}


def test_outcome_empty_before_the_end() -> None:
    assert GAME.outcome(build(ABC, start="A")) == []


# -------------------------------------------------------------- empire powers


def test_nova_centralis_joint_export_bonus() -> None:
    tops = {
        "A": ("Arm", "Export"),
        "B": ("Arm", "Invent"),
        "C": ("Produce", "Invent"),
        "D": ("Arm", "Invent"),
    }
    opts = {"teams": True, "team_joint_export": True, "house_powers": True}
    s, ev = execute(
        ABCD,
        tops,
        start="A",
        options=opts,
        empires={"A": "Kestrel Dominion", "C": "Nova Centralis"},
    )
    s = play(s, "C", {"type": "joint_export"}, ev)
    assert {"type": "exported", "player": "C", "goods": 3, "bonus_good": 1, "joint": True} in ev


def test_house_powers_is_the_option_name() -> None:
    """Issue 18 item 15: the invented powers are the "house powers" variant, off by default."""
    assert GAME.options["house_powers"] == (False, [False, True])
    assert "empire_powers" not in GAME.options
    s = GAME.setup(ABCD, {"house_powers": True}, 1)
    assert sorted(s["empires"].values()) == sorted(e["name"] for e in D.EMPIRES)


def test_kestrel_idle_after_no_block() -> None:
    tops = {
        "A": ("Attack", "Invent"),
        "B": ("Arm", "Invent"),
        "C": ("Arm", "Invent"),
        "D": ("Salvage", "Defend"),
    }
    opts = {"teams": True, "team_shared_defence": True, "house_powers": True}
    s, ev = execute(
        ABCD,
        tops,
        start="A",
        options=opts,
        ready={"A": R(1, 0), "D": R(1, 0)},
        empires={"D": "Kestrel Dominion"},
    )
    s = play(s, "D", {"type": "no_block"}, ev)
    s = play(s, "A", {"type": "steal", "target": "B", "soldier": 1, "good": 0}, ev)
    assert {"type": "defend_idle", "player": "D", "bonus_ready_soldier": 1} in ev
    assert s["ready"]["D"] == R(2, 0)


def test_joint_attack_both_unblocked_goes_to_first_and_targets_in_order() -> None:
    tops = {
        "A": ("Attack", "Attack"),
        "B": ("Salvage", "Invent"),
        "C": ("Attack", "Attack"),
        "D": ("Salvage", "Invent"),
    }
    opts = {"teams": True, "team_joint_attack": True}
    s, ev = execute(
        ABCD,
        tops,
        start="B",
        options=opts,
        ready={"A": R(2, 0), "B": R(0, 5), "C": R(2, 0), "D": R(0, 5)},
    )
    thefts = [
        (t["attacker"], t["card"], t["target"], t["joint_extra"]) for t in of_type(ev, "theft")
    ]
    assert thefts == [
        ("C", "L", "D", False),
        ("C", "R", "B", False),
        ("A", "L", "B", False),
        ("A", "R", "D", False),
        ("C", "R", "B", True),
        ("C", "L", "D", True),
    ]
    assert score(s, "C") == SC(good=4) and score(s, "A") == SC(good=2)
    assert s["ready"]["B"] == R(0, 2) and s["ready"]["D"] == R(0, 2)
    assert {"type": "cancelled", "player": "B", "actions": ["Salvage"]} in ev


def test_group_two_view_shows_attacks_and_current_decision() -> None:
    tops = {
        "A": ("Attack", "Invent"),
        "B": ("Salvage", "Defend"),
        "C": ("Produce", "Attack"),
        "D": ("Arm", "Export"),
    }
    s, _ = execute(
        ABCD, tops, start="C", ready={"A": R(1, 0), "B": R(2, 1), "C": R(1, 3), "D": R(0, 1)}
    )
    v = GAME.view(s, None)
    assert v["step"] == "block" and v["actors"] == ["B"]
    assert v["current"] == {"defender": "B", "attacker": "C", "target": "B"}
    assert [(a["attacker"], a["card"], a["target"], a["status"]) for a in v["attacks"]] == [
        ("C", "R", "B", "pending")
    ]
    assert [(a["attacker"], a["stage"]) for a in v["attack_queue"]] == [
        ("C", "own_block"),
        ("A", "pay"),
    ]
    s = play(s, "B", {"type": "block", "attacker": "C", "target": "B", "pay": None})
    v = GAME.view(s, "A")
    assert v["step"] == "steal" and v["current"]["target"] == "B"
    assert [a["status"] for a in v["attacks"]] == ["blocked", "pending"]
    assert v["you"]["legal_moves"] == 2
    assert v["players"]["B"]["ready"] == R(2, 1)
    assert "seed" not in json.dumps(GAME.view(s, None))


# -------------------------------------------------------------- a v0.1 save


def test_a_v01_save_restarts_its_planning_in_the_rulebook_order() -> None:
    v01 = {
        "players": ABC,
        "options": {
            k: False
            for k in (
                "long_game",
                "open_scores",
                "teams",
                "team_joint_invent",
                "team_joint_export",
                "team_shared_defence",
                "team_joint_attack",
                "empire_powers",
            )
        }
        | {"rounds": None},
        "rounds": 9,
        "round": 2,
        "start": 1,
        "step": "plan",
        "phase": "plan",
        "teams": None,
        "empires": None,
        "top": {p: {"L": 0, "R": 0} for p in ABC},
        "ready": {p: R(1, 1) for p in ABC},
        "score": {p: SC() for p in ABC},
        "picks": {
            "B": {
                "turn_L": 0,
                "turn_R": 2,
                "pay_soldier": 1,
                "pay_good": 0,
                "L": "Arm",
                "R": "Attack",
            }
        },
        "participants": ABC,
        "attacks": [],
        "attacked": [],
        "blocks": {},
        "defenders": [],
        "thefts": [],
        "current": None,
    }
    s = GAME.load(json.loads(json.dumps(v01)))
    assert s["options"]["house_powers"] is False and "empire_powers" not in s["options"]
    assert GAME.actors(s) == ["B"] and s["picks"] == {} and s["ready"]["B"] == R(1, 1)
    s = plan_round(s, {}, [])
    assert s["round"] == 3 or s["step"] != "plan"
    with pytest.raises(ValueError):
        GAME.load({**v01, "step": "steal"})
