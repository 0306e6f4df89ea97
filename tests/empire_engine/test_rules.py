"""Scenario tests for the rules and options the worked examples do not cover, and refusals."""

from __future__ import annotations

import json

import pytest

from games.base import IllegalMove, canonical
from games.empire_engine import GAME
from games.empire_engine import data as D
from games.empire_engine.engine import game_length
from tests.empire_engine.helpers import SC, R, build, execute, of_type, play

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


@pytest.mark.parametrize(("card", "now"), list(ROTATION))
def test_rotation_table(card: str, now: str) -> None:
    other = {"L": "Arm", "R": "Invent"}
    tops = {"L": now, "R": other["R"]} if card == "L" else {"L": other["L"], "R": now}
    s = build(["A", "B"], start="A", round_=2, ready={"A": R(2, 2)},
              tops={"A": (tops["L"], tops["R"]), "B": ("Arm", "Invent")})
    got = {}
    for m in GAME.legal_moves(s, "A"):
        got[m[f"turn_{card}"]] = m[card]
    assert [got[k] for k in range(4)] == ROTATION[(card, now)]


def test_engine_cards_hold_the_listed_actions() -> None:
    assert set(D.ENGINE_ORDER["L"]) == {"Arm", "Salvage", "Produce", "Attack"}
    assert set(D.ENGINE_ORDER["R"]) == {"Invent", "Defend", "Attack", "Export"}


# -------------------------------------------------------------- setup, options, length


def test_setup_start_and_piles() -> None:
    s = GAME.setup(ABC, {}, 42)
    v = GAME.view(s, None)
    assert v["step"] == "orient" and v["round"] == 1 and v["rounds"] == 9
    assert sorted(GAME.actors(s)) == ABC
    for seat in v["seats"]:
        assert seat["ready"] == R(1, 1) and seat["score_total"] == 0
        assert seat["top_L"] is None and seat["top_R"] is None
    import random
    assert s["start"] == random.Random("42:setup").randrange(3)


@pytest.mark.parametrize(("n", "opts", "rounds"), [
    (2, {}, 8), (3, {}, 9), (4, {}, 8), (2, {"long_game": True}, 12),
    (3, {"long_game": True}, 12), (4, {"long_game": True}, 12),
    (5, {}, 10), (6, {}, 12), (7, {}, 14), (8, {}, 8), (5, {"rounds": 7}, 7),
    (8, {"rounds": 32}, 32),
])
def test_game_length(n: int, opts: dict, rounds: int) -> None:
    s = GAME.setup([f"p{i}" for i in range(n)], opts, 1)
    assert s["rounds"] == rounds
    full = {k: d for k, (d, _) in D.OPTIONS.items()} | opts
    assert game_length(n, full) == rounds


@pytest.mark.parametrize(("players", "opts"), [
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
])
def test_setup_refuses(players: list[str], opts: dict) -> None:
    with pytest.raises(ValueError):
        GAME.setup(players, opts, 0)


def test_empires_dealt_from_setup_rng() -> None:
    import random
    s = GAME.setup(ABCD, {"empire_powers": True}, 7)
    rng = random.Random("7:setup")
    rng.randrange(4)
    names = [e["name"] for e in D.EMPIRES]
    assert [s["empires"][p] for p in ABCD] == rng.sample(names, 4)
    for seed in range(20):
        s = GAME.setup([f"p{i}" for i in range(8)], {"empire_powers": True}, seed)
        dealt = list(s["empires"].values())
        assert all(dealt.count(n) == 2 for n in names)
        s = GAME.setup([f"p{i}" for i in range(6)], {"empire_powers": True}, seed)
        dealt = list(s["empires"].values())
        assert all(dealt.count(n) <= 2 for n in names)


def test_empires_are_public() -> None:
    s = GAME.setup(ABC, {"empire_powers": True}, 3)
    v = GAME.view(s, None)
    assert [seat["empire"] for seat in v["seats"]] == [s["empires"][p] for p in ABC]


# -------------------------------------------------------------- refusals and codes


def test_refusal_codes() -> None:
    s = build(ABC, start="A")
    before = canonical(GAME.dump(s))
    with pytest.raises(IllegalMove) as e:
        GAME.apply(s, "Z", {"type": "orient", "L": "Arm", "R": "Invent"})
    assert e.value.code == "not_your_turn"
    for bad in (None, "orient", {"type": "orient"}, {"type": "orient", "L": "Arm", "R": 1},
                {"type": "orient", "L": "Arm", "R": "Invent", "x": 1}, {"type": "dance"},
                {"L": "Arm", "R": "Invent"}):
        with pytest.raises(IllegalMove) as e:
            GAME.apply(s, "A", bad)
        assert e.value.code == "malformed"
    for bad in ({"type": "orient", "L": "Defend", "R": "Invent"},
                {"type": "plan", "turn_L": 1, "turn_R": 2, "pay_soldier": 0, "pay_good": 0,
                 "L": "Arm", "R": "Invent"},
                {"type": "no_block"}):
        with pytest.raises(IllegalMove) as e:
            GAME.apply(s, "A", bad)
        assert e.value.code == "not_legal"
    assert canonical(GAME.dump(s)) == before
    s2 = play(s, "A", {"type": "orient", "L": "Arm", "R": "Invent"})
    with pytest.raises(IllegalMove) as e:
        GAME.apply(s2, "A", {"type": "orient", "L": "Arm", "R": "Defend"})
    assert e.value.code == "already_chosen"
    assert str(e.value)
    assert GAME.legal_moves(s2, "A") == []


def test_plan_refuses_type_confused_and_unaffordable() -> None:
    s = build(["A", "B"], start="A", round_=2, ready={"A": R(0, 0)},
              tops={"A": ("Attack", "Export"), "B": ("Arm", "Invent")})
    good = {"type": "plan", "turn_L": 2, "turn_R": 1, "pay_soldier": 0, "pay_good": 0,
            "L": "Salvage", "R": "Attack"}
    GAME.apply(s, "A", good)
    with pytest.raises(IllegalMove) as e:
        GAME.apply(s, "A", {**good, "turn_L": 2.0})
    assert e.value.code == "malformed"
    with pytest.raises(IllegalMove) as e:
        GAME.apply(s, "A", {**good, "turn_L": True})
    assert e.value.code == "malformed"
    with pytest.raises(IllegalMove) as e:  # an alternate with an empty ready pile
        GAME.apply(s, "A", {"type": "plan", "turn_L": 0, "turn_R": 2, "pay_soldier": 1,
                            "pay_good": 0, "L": "Attack", "R": "Defend"})
    assert e.value.code == "not_legal"
    with pytest.raises(IllegalMove) as e:  # a result that does not match the turns
        GAME.apply(s, "A", {**good, "L": "Arm"})
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


def test_alternate_payment_taken_at_reveal_and_hidden_until_then() -> None:
    s = build(ABC, start="A", round_=2, ready={"A": R(2, 2)},
              tops={"A": ("Attack", "Export"), "B": ("Arm", "Invent"),
                    "C": ("Arm", "Invent")})
    pick = {"type": "plan", "turn_L": 0, "turn_R": 3, "pay_soldier": 1, "pay_good": 1,
            "L": "Attack", "R": "Invent"}
    s1, ev = GAME.apply(s, "A", pick)
    assert ev == [{"type": "picked", "player": "A", "step": "plan"}]
    pub = GAME.view(s1, None)
    assert pub["seats"][0]["ready"] == R(2, 2)
    assert pub["seats"][0]["top_L"] == "Attack" and pub["chosen"]["A"] is True
    assert "Invent" not in json.dumps(pub["seats"][0]) or pub["seats"][0]["top_R"] == "Export"
    mine = GAME.view(s1, "A")
    assert mine["you"]["pending"] == {k: v for k, v in pick.items() if k != "type"}
    assert GAME.view(s1, "B")["you"]["pending"] is None
    ev_all: list = []
    s2 = play(s1, "B", GAME.legal_moves(s1, "B")[0], ev_all)
    s3 = play(s2, "C", GAME.legal_moves(s2, "C")[0], ev_all)
    revealed = of_type(ev_all, "revealed")[0]
    assert revealed["picks"]["A"]["pay_soldier"] == 1
    # A paid S1 G1, then paid 1 soldier for the L attack
    assert s3["ready"]["A"]["good"] == 1


def test_round_flow_and_start_player_rotation() -> None:
    s = GAME.setup(ABC, {}, 5)
    first = s["start"]
    events: list = []
    for p in list(GAME.actors(s)):
        s = play(s, p, {"type": "orient", "L": "Arm", "R": "Invent"}, events)
    assert s["round"] == 2 and s["step"] == "plan"
    assert s["start"] == (first + 1) % 3
    assert {"type": "round_started", "round": 2, "start_player": ABC[(first + 1) % 3]} in events
    assert GAME.actors(s) == ABC[(first + 1) % 3:] + ABC[:(first + 1) % 3]
    for p in ABC:
        assert s["ready"][p] == R(3, 1) and s["score"][p] == SC(invention=1)


def test_game_ends_after_last_round() -> None:
    s = build(["A", "B"], start="A", round_=8, ready={"A": R(0, 0), "B": R(0, 0)},
              tops={"A": ("Arm", "Invent"), "B": ("Arm", "Invent")})
    ev: list = []
    s = play(s, "A", GAME.legal_moves(s, "A")[0], ev)
    s = play(s, "B", GAME.legal_moves(s, "B")[0], ev)
    assert GAME.is_over(s) and GAME.actors(s) == []
    over = of_type(ev, "game_over")[0]
    assert over["results"] == GAME.outcome(s)
    assert not of_type(ev, "round_started")
    assert GAME.legal_moves(s, "A") == []


# -------------------------------------------------------------- group 2 cases of §7.4


def test_case_3_attacker_without_soldier_fails_defend_idle() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Arm", "Defend"), "C": ("Salvage", "Export")}
    s, ev = execute(ABC, tops, start="A", ready={"A": R(0, 1), "B": R(0, 0), "C": R(0, 0)})
    assert of_type(ev, "attack_failed") == [{"type": "attack_failed", "player": "A",
                                             "cards": ["L"], "reason": "no_soldier",
                                             "soldiers_lost": 0}]
    assert not of_type(ev, "blocked")
    assert {"type": "defend_idle", "player": "B", "bonus_ready_soldier": 0} in ev
    assert score(s, "B") == SC()


def score(s: dict, p: str) -> dict:
    return s["score"][p]


def test_case_4_both_cards_two_targets() -> None:
    tops = {"A": ("Attack", "Attack"), "B": ("Arm", "Defend"), "C": ("Salvage", "Export")}
    s, ev = execute(ABC, tops, start="A", ready={"A": R(2, 0), "B": R(0, 0), "C": R(0, 2)})
    # L -> B (left neighbour, blocked), R -> C (right neighbour, takes a good)
    assert [(e["card"], e["target"]) for e in of_type(ev, "attack_paid")] == \
        [("L", "B"), ("R", "C")]
    assert of_type(ev, "blocked")[0]["target"] == "B"
    assert of_type(ev, "theft")[0]["good"] == 1
    assert {"type": "cancelled", "player": "C", "actions": ["Export", "Salvage"]} in ev
    assert score(s, "A") == SC(good=1)


def test_case_8_theft_sees_pile_after_payment() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Attack", "Invent"), "C": ("Arm", "Invent")}
    s, ev = execute(ABC, tops, start="A", ready={"A": R(1, 0), "B": R(1, 0), "C": R(0, 0)})
    # B's only soldier paid for B's own attack, so A's theft from B takes a supply soldier
    first = of_type(ev, "theft")[0]
    assert first["attacker"] == "A" and first["supply_soldier"] == 1


def test_case_9_two_players_single_attack_takes_two() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Produce", "Invent")}
    s, ev = execute(["A", "B"], tops, start="A", ready={"A": R(1, 0), "B": R(0, 0)})
    # B's ready {0,2}: only goods, q = 2, no step
    assert of_type(ev, "theft")[0]["good"] == 2
    assert score(s, "A") == SC(good=2, invention=1)


def test_case_9_three_way_choice() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Arm", "Invent")}
    s, _ = execute(["A", "B"], tops, start="A", ready={"A": R(1, 0), "B": R(0, 2)})
    assert [(m["soldier"], m["good"]) for m in GAME.legal_moves(s, "A")] == \
        [(2, 0), (1, 1), (0, 2)]


def test_case_11_two_players_both_attacks_no_defend() -> None:
    tops = {"A": ("Attack", "Attack"), "B": ("Arm", "Export")}
    s, ev = execute(["A", "B"], tops, start="A", ready={"A": R(2, 0), "B": R(0, 1)})
    # B's ready {2,1}: first theft is a choice of 2 from 3
    assert s["step"] == "steal" and len(GAME.legal_moves(s, "A")) == 2
    s = play(s, "A", {"type": "steal", "target": "B", "soldier": 2, "good": 0}, ev)
    th = of_type(ev, "theft")
    assert [t["card"] for t in th] == ["L", "R"]
    assert th[1]["good"] == 1 and th[1]["supply_soldier"] == 1
    assert score(s, "A") == SC(soldier=3, good=1)
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
    assert GAME.is_secret(s, "A", {"type": "orient", "L": "Arm", "R": "Invent"})
    assert GAME.is_secret(s, "A", {"type": "plan"})
    assert not GAME.is_secret(s, "A", {"type": "block"})
    assert not GAME.is_secret(s, "A", {"type": "steal"})
    assert not GAME.is_secret(s, "A", {"type": "no_block"})


# -------------------------------------------------------------- team game

TEAMS = {"teams": True}


def test_partners_see_scores_not_pending_picks() -> None:
    s = build(ABCD, start="A", options=TEAMS)
    s["score"]["C"] = SC(1, 0, 0)
    s1 = play(s, "C", {"type": "orient", "L": "Arm", "R": "Invent"})
    va = GAME.view(s1, "A")
    assert va["seats"][2]["score"] == SC(1, 0, 0)
    assert va["you"]["partner"] == "C" and va["you"]["partner_score"] == SC(1, 0, 0)
    assert va["you"]["pending"] is None
    assert va["seats"][1]["score"] is None
    assert canonical(GAME.view(s1, "A")) == canonical(
        GAME.view(play(s, "C", {"type": "orient", "L": "Produce", "R": "Defend"}), "A"))


def test_team_joint_invent() -> None:
    tops = {"A": ("Arm", "Invent"), "B": ("Arm", "Invent"), "C": ("Arm", "Invent"),
            "D": ("Arm", "Export")}
    s, ev = execute(ABCD, tops, start="C", options={"teams": True, "team_joint_invent": True})
    joint = [e for e in of_type(ev, "gained") if e["action"] == "JointInvent"]
    assert joint == [{"type": "gained", "player": "C", "action": "JointInvent",
                      "resource": "invention", "amount": 1, "pile": "score"}]
    assert score(s, "C")["invention"] == 2 and score(s, "A")["invention"] == 1
    s, ev = execute(ABCD, tops, start="A", options=TEAMS)
    assert not [e for e in of_type(ev, "gained") if e["action"] == "JointInvent"]


def test_team_joint_export() -> None:
    tops = {"A": ("Arm", "Export"), "B": ("Arm", "Invent"), "C": ("Produce", "Invent"),
            "D": ("Arm", "Invent")}
    opts = {"teams": True, "team_joint_export": True}
    s, ev = execute(ABCD, tops, start="A", options=opts, ready={"C": R(0, 1)})
    assert of_type(ev, "exported") == [
        {"type": "exported", "player": "A", "goods": 1, "bonus_good": 0, "joint": False},
        {"type": "exported", "player": "C", "goods": 3, "bonus_good": 0, "joint": True}]
    assert s["ready"]["C"] == R(0, 0) and score(s, "C") == SC(good=3, invention=1)
    # without the option, C keeps its goods
    s, ev = execute(ABCD, tops, start="A", options=TEAMS, ready={"C": R(0, 1)})
    assert s["ready"]["C"] == R(0, 3)


def test_team_joint_export_needs_an_uncancelled_export() -> None:
    tops = {"A": ("Arm", "Export"), "B": ("Attack", "Invent"), "C": ("Produce", "Invent"),
            "D": ("Arm", "Invent")}
    opts = {"teams": True, "team_joint_export": True}
    # B's L attack hits C (its left neighbour): C was attacked, so no joint export for C
    s, ev = execute(ABCD, tops, start="A", options=opts, ready={"B": R(1, 0)})
    s = play(s, "B", {"type": "steal", "target": "C", "soldier": 0, "good": 1}, ev)
    assert [e["player"] for e in of_type(ev, "exported")] == ["A"]


def test_shared_defence_self_block_is_automatic() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Arm", "Defend"), "C": ("Arm", "Invent"),
            "D": ("Arm", "Invent")}
    opts = {"teams": True, "team_shared_defence": True}
    s, ev = execute(ABCD, tops, start="A", options=opts, ready={"A": R(1, 0)})
    assert of_type(ev, "blocked")[0]["defender"] == "B"
    assert s["step"] == "plan"


def test_shared_defence_partner_block_with_no_pay_resource_is_idle() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Arm", "Invent"), "C": ("Arm", "Invent"),
            "D": ("Salvage", "Defend")}
    opts = {"teams": True, "team_shared_defence": True}
    s, ev = execute(ABCD, tops, start="A", options=opts,
                    ready={"A": R(1, 0), "B": R(0, 0), "D": R(0, 0)})
    assert {"type": "defend_idle", "player": "D", "bonus_ready_soldier": 0} in ev
    # with a soldier D gets a choice: block A's attack on B (paying) or not
    s, ev = execute(ABCD, tops, start="A", options=opts,
                    ready={"A": R(1, 0), "B": R(0, 0), "D": R(1, 0)})
    assert s["step"] == "block" and GAME.legal_moves(s, "D") == [
        {"type": "block", "attacker": "A", "target": "B", "pay": "soldier"},
        {"type": "no_block"}]
    s = play(s, "D", GAME.legal_moves(s, "D")[0], ev)
    assert score(s, "D") == SC(soldier=1) and s["ready"]["D"] == R(0, 0)


def test_shared_defence_attacked_defender_must_block_something() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Arm", "Invent"), "C": ("Attack", "Invent"),
            "D": ("Salvage", "Defend")}
    # A's L attack -> B; C's L attack -> D. D may block C (free) or A on B (paying)
    opts = {"teams": True, "team_shared_defence": True}
    s, _ = execute(ABCD, tops, start="A", options=opts,
                   ready={"A": R(1, 0), "C": R(1, 0), "D": R(1, 1)})
    moves = GAME.legal_moves(s, "D")
    assert {"type": "no_block"} not in moves
    assert len(moves) == 3


def test_joint_attack_not_when_both_blocked_and_target_order() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Arm", "Defend"), "C": ("Arm", "Attack"),
            "D": ("Arm", "Defend")}
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
    tops = {"A": ("Arm", "Export"), "B": ("Arm", "Invent"), "C": ("Produce", "Invent"),
            "D": ("Arm", "Invent")}
    opts = {"teams": True, "team_joint_export": True, "empire_powers": True}
    s, ev = execute(ABCD, tops, start="A", options=opts,
                    empires={"A": "Kestrel Dominion", "C": "Nova Centralis"})
    assert {"type": "exported", "player": "C", "goods": 3, "bonus_good": 1,
            "joint": True} in ev


def test_grail_still_pays_for_gear_one_alternate() -> None:
    s = build(["A", "B"], start="A", round_=2, ready={"A": R(1, 0)},
              tops={"A": ("Attack", "Export"), "B": ("Arm", "Invent")},
              empires={"A": "Grail Prelacy"})
    moves = GAME.legal_moves(s, "A")
    zero = [m for m in moves if 0 in (m["turn_L"], m["turn_R"])]
    assert zero and all(m["pay_soldier"] == 1 for m in zero)
    assert len(moves) == 8  # 4 free pairs + 4 pairs with one paid 0-turn (soldier only)
    assert {(m["turn_L"], m["turn_R"]) for m in zero} == {(0, 2), (2, 0), (0, 3), (3, 0)}


def test_kestrel_idle_after_no_block() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Arm", "Invent"), "C": ("Arm", "Invent"),
            "D": ("Salvage", "Defend")}
    opts = {"teams": True, "team_shared_defence": True, "empire_powers": True}
    s, ev = execute(ABCD, tops, start="A", options=opts, ready={"A": R(1, 0), "D": R(1, 0)},
                    empires={"D": "Kestrel Dominion"})
    s = play(s, "D", {"type": "no_block"}, ev)
    s = play(s, "A", {"type": "steal", "target": "B", "soldier": 1, "good": 0}, ev)
    assert {"type": "defend_idle", "player": "D", "bonus_ready_soldier": 1} in ev
    assert s["ready"]["D"] == R(2, 0)


def test_joint_attack_both_unblocked_goes_to_first_and_targets_in_order() -> None:
    tops = {"A": ("Attack", "Attack"), "B": ("Salvage", "Invent"),
            "C": ("Attack", "Attack"), "D": ("Salvage", "Invent")}
    opts = {"teams": True, "team_joint_attack": True}
    s, ev = execute(ABCD, tops, start="B", options=opts,
                    ready={"A": R(2, 0), "B": R(0, 5), "C": R(2, 0), "D": R(0, 5)})
    thefts = [(t["attacker"], t["card"], t["target"], t["joint_extra"])
              for t in of_type(ev, "theft")]
    assert thefts == [("C", "L", "D", False), ("C", "R", "B", False),
                      ("A", "L", "B", False), ("A", "R", "D", False),
                      ("C", "R", "B", True), ("C", "L", "D", True)]
    assert score(s, "C") == SC(good=4) and score(s, "A") == SC(good=2)
    assert s["ready"]["B"] == R(0, 2) and s["ready"]["D"] == R(0, 2)
    assert {"type": "cancelled", "player": "B", "actions": ["Salvage"]} in ev


def test_group_two_view_shows_attacks_and_current_decision() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Salvage", "Defend"),
            "C": ("Produce", "Attack"), "D": ("Arm", "Export")}
    s, _ = execute(ABCD, tops, start="C",
                   ready={"A": R(1, 0), "B": R(2, 1), "C": R(1, 3), "D": R(0, 1)})
    v = GAME.view(s, None)
    assert v["step"] == "block" and v["actors"] == ["B"]
    assert v["current"] == {"defender": "B"}
    assert [(a["attacker"], a["card"], a["target"], a["status"]) for a in v["attacks"]] == \
        [("C", "R", "B", "pending"), ("A", "L", "B", "pending")]
    s = play(s, "B", {"type": "block", "attacker": "C", "target": "B", "pay": None})
    v = GAME.view(s, "A")
    assert v["step"] == "steal" and v["current"]["target"] == "B"
    assert [a["status"] for a in v["attacks"]] == ["blocked", "pending"]
    assert v["you"]["legal_moves"] == 2
    assert v["players"]["B"]["ready"] == R(2, 1)
    assert "seed" not in json.dumps(GAME.view(s, None))
