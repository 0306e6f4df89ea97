"""Every worked example of docs/rules/empire_engine.md §14, with the exact numbers."""

from __future__ import annotations

from games.empire_engine import GAME
from games.empire_engine import data as D
from games.empire_engine.scoring import final_results
from tests.empire_engine.helpers import SC, R, build, execute, of_type, plan_round, play

ABC = ["A", "B", "C"]
ABCD = ["A", "B", "C", "D"]


def score(s: dict, p: str) -> dict[str, int]:
    return s["score"][p]


# -------------------------------------------------------------- Example 1

TOPS_1 = {"A": ("Attack", "Export"), "B": ("Arm", "Invent")}


def test_example_1_rulebook_rotation() -> None:
    """Gear 2 under L, gear 1 under R: L turns 2 to Salvage, R turns 1 to Attack."""
    s = build(["A", "B"], start="A", round_=2, tops=TOPS_1)
    ev: list = []
    s = play(s, "A", {"type": "place", "card": "L", "pay": None}, ev)
    gear = {"type": "gear", "card": "L", "gear": 2, "turns": 2, "action": "Salvage"}
    assert gear in GAME.legal_moves(s, "A")
    s = play(s, "A", gear, ev)
    s = plan_round(s, {"A": ("L", 2, None, None)}, ev)
    revealed = of_type(ev, "revealed")[0]
    assert revealed["picks"]["A"] == {
        "turn_L": 2,
        "turn_R": 1,
        "pay_soldier": 0,
        "pay_good": 0,
        "L": "Salvage",
        "R": "Attack",
    }
    assert GAME.view(s, None)["seats"][0]["top_L"] == "Salvage"
    assert GAME.view(s, None)["seats"][0]["top_R"] == "Attack"
    # A's ready {1,1}: nothing paid for the gears; 1 soldier for the R attack in 2b
    assert of_type(ev, "attack_paid")[0] == {
        "type": "attack_paid",
        "player": "A",
        "card": "R",
        "target": "B",
    }


def _reveal_of(plan: tuple, ready: dict) -> dict:
    s = build(["A", "B"], start="A", round_=2, ready={"A": ready}, tops=TOPS_1)
    ev: list = []
    plan_round(s, {"A": plan}, ev)
    return of_type(ev, "revealed")[0]["picks"]["A"]


def test_example_1_all_eight_pairs() -> None:
    table = {
        (1, 2): ("Produce", "Defend", 0),
        (2, 1): ("Salvage", "Attack", 0),
        (0, 2): ("Attack", "Defend", 1),
        (1, 3): ("Produce", "Invent", 1),
        (2, 0): ("Salvage", "Export", 1),
        (3, 1): ("Arm", "Attack", 1),
        (0, 3): ("Attack", "Invent", 2),
        (3, 0): ("Arm", "Export", 2),
    }
    seen = set()
    for first in ("L", "R"):
        for gear in (1, 2):
            for pay1 in (None, "soldier"):
                for pay2 in (None, "good"):
                    pick = _reveal_of((first, gear, pay1, pay2), R(2, 2))
                    left, right, cost = table[(pick["turn_L"], pick["turn_R"])]
                    assert (pick["L"], pick["R"]) == (left, right)
                    assert pick["pay_soldier"] + pick["pay_good"] == cost
                    seen.add((pick["turn_L"], pick["turn_R"]))
    assert seen == set(table)


def test_example_1_option_counts() -> None:
    """Planning is one card at a time: at most 6 + 2 + 3 options instead of 16 at once."""
    for pile, first, second in ((R(1, 1), 6, 2), (R(0, 0), 2, 1), (R(2, 2), 6, 3), (R(1, 0), 4, 1)):
        s = build(["A", "B"], start="A", round_=2, ready={"A": pile}, tops=TOPS_1)
        moves = GAME.legal_moves(s, "A")
        assert len(moves) == first and all(m["type"] == "place" for m in moves)
        paid = next(m for m in moves if m["pay"] is not None) if first > 2 else moves[0]
        s = play(s, "A", paid)
        assert [m["gear"] for m in GAME.legal_moves(s, "A")] == [1, 2]
        s = play(s, "A", GAME.legal_moves(s, "A")[0])
        while GAME.actors(s) != ["A"]:
            s = play(s, GAME.actors(s)[0], GAME.legal_moves(s, GAME.actors(s)[0])[0])
        assert len(GAME.legal_moves(s, "A")) == second
    s = build(["A", "B"], start="A", ready={"A": R(1, 1)})
    assert GAME.legal_moves(s, "A") == [{"type": "lay", "card": "L"}, {"type": "lay", "card": "R"}]
    s = play(s, "A", {"type": "lay", "card": "R"})
    assert [m["action"] for m in GAME.legal_moves(s, "A")] == D.ENGINE_ORDER["R"]


# -------------------------------------------------------------- Example 2


def test_example_2_single_unblocked_attack() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Produce", "Export"), "C": ("Arm", "Defend")}
    s, ev = execute(ABC, tops, start="A", ready={"A": R(1, 2), "B": R(1, 1), "C": R(0, 0)})
    assert s["step"] == "steal" and GAME.actors(s) == ["A"]
    options = GAME.legal_moves(s, "A")
    assert len(options) == 2
    assert score(s, "A") == SC(invention=1)
    assert s["ready"]["A"] == R(0, 2)
    assert s["ready"]["B"] == R(1, 3)
    assert s["ready"]["C"] == R(2, 0)
    assert of_type(ev, "attack_paid")[0]["target"] == "B"
    # C's Defend is judged idle only at 2f, after every theft (C is not attacked)
    assert of_type(ev, "defend_idle") == []
    s = play(s, "A", {"type": "steal", "target": "B", "soldier": 0, "good": 1}, ev)
    assert s["ready"]["A"] == R(0, 2) and score(s, "A") == SC(good=1, invention=1)
    assert s["ready"]["B"] == R(1, 2) and score(s, "B") == SC()
    assert s["ready"]["C"] == R(2, 0)
    assert {"type": "cancelled", "player": "B", "actions": ["Export"]} in ev
    assert not of_type(ev, "exported")
    assert {"type": "defend_idle", "player": "C", "bonus_ready_soldier": 0} in ev
    assert s["players"][s["start"]] == "B"
    assert {"type": "round_ended", "round": 1, "next_start_player": "B"} in ev


# -------------------------------------------------------------- Example 3


def test_example_3_blocked_attack_salvage_allowed() -> None:
    tops = {"A": ("Attack", "Export"), "B": ("Salvage", "Defend"), "C": ("Produce", "Invent")}
    s, ev = execute(ABC, tops, start="A", ready={"A": R(1, 1), "B": R(1, 1), "C": R(0, 0)})
    blocked = of_type(ev, "blocked")
    assert blocked == [
        {
            "type": "blocked",
            "defender": "B",
            "attacker": "A",
            "card": "L",
            "target": "B",
            "pay": None,
            "reward_soldiers": 1,
        }
    ]
    assert of_type(ev, "exported") == [
        {"type": "exported", "player": "A", "goods": 1, "bonus_good": 0, "joint": False}
    ]
    assert s["step"] == "salvage" and GAME.actors(s) == ["B"]
    assert len(GAME.legal_moves(s, "B")) == 3
    s = play(s, "B", {"type": "salvage", "take": ["invention"]}, ev)
    assert s["ready"]["A"] == R(0, 0) and score(s, "A") == SC(good=1)
    assert s["ready"]["B"] == R(1, 1) and score(s, "B") == SC(soldier=1, invention=1)
    assert s["ready"]["C"] == R(0, 2) and score(s, "C") == SC(invention=1)
    assert {"type": "salvaged", "player": "B", "count": 1} in ev


# -------------------------------------------------------------- Example 4


def test_example_4_double_attack_one_defence() -> None:
    tops = {
        "A": ("Attack", "Invent"),
        "B": ("Salvage", "Defend"),
        "C": ("Produce", "Attack"),
        "D": ("Arm", "Export"),
    }
    s, ev = execute(
        ABCD, tops, start="C", ready={"A": R(1, 0), "B": R(2, 1), "C": R(1, 3), "D": R(0, 1)}
    )
    assert score(s, "A") == SC(invention=1)
    assert s["ready"]["C"] == R(0, 5)
    # C's attack comes first (player order C, D, A, B) and is paid just before it; A may
    # still attack B, so B chooses: block C now, or keep the Defend for A
    assert [(e["player"], e["card"], e["target"]) for e in of_type(ev, "attack_paid")] == [
        ("C", "R", "B")
    ]
    assert s["ready"]["A"] == R(1, 0)
    assert s["step"] == "block" and GAME.actors(s) == ["B"]
    options = GAME.legal_moves(s, "B")
    assert options == [
        {"type": "block", "attacker": "C", "target": "B", "pay": None},
        {"type": "no_block"},
    ]
    s = play(s, "B", {"type": "block", "attacker": "C", "target": "B", "pay": None}, ev)
    assert [(e["player"], e["card"], e["target"]) for e in of_type(ev, "attack_paid")] == [
        ("C", "R", "B"),
        ("A", "L", "B"),
    ]
    assert score(s, "B") == SC(soldier=1)
    assert s["step"] == "steal" and GAME.actors(s) == ["A"]
    s = play(s, "A", {"type": "steal", "target": "B", "soldier": 1, "good": 0}, ev)
    assert {"type": "cancelled", "player": "B", "actions": ["Salvage"]} in ev
    assert s["ready"]["A"] == R(0, 0) and score(s, "A") == SC(soldier=1, invention=1)
    assert s["ready"]["B"] == R(1, 1) and score(s, "B") == SC(soldier=1)
    assert s["ready"]["C"] == R(0, 5) and score(s, "C") == SC()
    assert s["ready"]["D"] == R(2, 0) and score(s, "D") == SC(good=1)


# -------------------------------------------------------------- Example 5


def test_example_5_double_attack_on_pile_of_one() -> None:
    tops = {"A": ("Attack", "Defend"), "B": ("Salvage", "Export"), "C": ("Arm", "Attack")}
    ready = {"A": R(1, 0), "B": R(0, 1), "C": R(0, 0)}
    s, ev = execute(ABC, tops, start="C", ready=ready)
    thefts = of_type(ev, "theft")
    assert [(t["attacker"], t["soldier"], t["good"], t["supply_soldier"]) for t in thefts] == [
        ("C", 0, 1, 0),
        ("A", 0, 0, 1),
    ]
    assert {"type": "cancelled", "player": "B", "actions": ["Export", "Salvage"]} in ev
    assert {"type": "defend_idle", "player": "A", "bonus_ready_soldier": 0} in ev
    assert s["ready"]["A"] == R(0, 0) and score(s, "A") == SC(soldier=1)
    assert s["ready"]["B"] == R(0, 0) and score(s, "B") == SC()
    assert s["ready"]["C"] == R(1, 0) and score(s, "C") == SC(good=1)
    # If A had been start player, A would have taken the good and C the supply soldier.
    s, ev = execute(ABC, tops, start="A", ready=ready)
    assert score(s, "A") == SC(good=1) and score(s, "C") == SC(soldier=1)


# -------------------------------------------------------------- Example 6


def test_example_6a_two_player_steal_of_two() -> None:
    tops = {"A": ("Attack", "Attack"), "B": ("Produce", "Defend")}
    s, ev = execute(["A", "B"], tops, start="A", ready={"A": R(2, 0), "B": R(1, 1)})
    assert s["ready"]["A"] == R(0, 0)
    assert of_type(ev, "blocked")[0]["card"] == "L"
    assert score(s, "B") == SC(soldier=1)
    assert s["step"] == "steal"
    options = GAME.legal_moves(s, "A")
    assert options == [
        {"type": "steal", "target": "B", "soldier": 1, "good": 1},
        {"type": "steal", "target": "B", "soldier": 0, "good": 2},
    ]
    s = play(s, "A", options[0], ev)
    assert s["ready"]["A"] == R(0, 0) and score(s, "A") == SC(soldier=1, good=1)
    assert s["ready"]["B"] == R(0, 2) and score(s, "B") == SC(soldier=1)


def test_example_6b_two_players_one_cube_pile_gives_that_cube() -> None:
    """Issue 18 item 14: q = 2 but the pile holds 1: the thief takes it, no supply soldier."""
    tops = {"A": ("Attack", "Invent"), "B": ("Salvage", "Export")}
    s, ev = execute(["A", "B"], tops, start="A", ready={"A": R(1, 0), "B": R(0, 1)})
    assert of_type(ev, "theft")[0]["good"] == 1
    assert of_type(ev, "theft")[0]["supply_soldier"] == 0
    assert {"type": "cancelled", "player": "B", "actions": ["Export", "Salvage"]} in ev
    assert s["ready"]["A"] == R(0, 0) and score(s, "A") == SC(0, 1, 1)
    assert s["ready"]["B"] == R(0, 0)


def test_example_6c_two_players_empty_pile_gives_one_supply_soldier() -> None:
    """ "obdrží 1 vojáka ze společné zásoby": 1 soldier, not 2, with two players too."""
    tops = {"A": ("Attack", "Invent"), "B": ("Salvage", "Export")}
    s, ev = execute(["A", "B"], tops, start="A", ready={"A": R(1, 0), "B": R(0, 0)})
    assert [(t["soldier"], t["good"], t["supply_soldier"]) for t in of_type(ev, "theft")] == [
        (0, 0, 1)
    ]
    assert score(s, "A") == SC(1, 0, 1)


# -------------------------------------------------------------- Example 7


def test_example_7_export_after_failed_attack() -> None:
    tops = {"A": ("Attack", "Attack"), "B": ("Arm", "Export"), "C": ("Salvage", "Invent")}
    s, ev = execute(ABC, tops, start="A", ready={"A": R(1, 0), "B": R(0, 3), "C": R(0, 0)})
    assert of_type(ev, "attack_failed") == [
        {
            "type": "attack_failed",
            "player": "A",
            "cards": ["L", "R"],
            "reason": "one_soldier_for_two",
            "soldiers_lost": 1,
        }
    ]
    assert of_type(ev, "exported")[0]["goods"] == 3
    assert s["step"] == "salvage" and len(GAME.legal_moves(s, "C")) == 3
    s = play(s, "C", {"type": "salvage", "take": ["good"]}, ev)
    assert s["ready"]["A"] == R(0, 0) and score(s, "A") == SC()
    assert s["ready"]["B"] == R(2, 0) and score(s, "B") == SC(good=3)
    assert s["ready"]["C"] == R(0, 0) and score(s, "C") == SC(good=1, invention=1)


# -------------------------------------------------------------- Example 8


def test_example_8_each_attack_is_paid_immediately_before_it() -> None:
    """Issue 18 item 13: A's theft takes the soldier B would have paid its own attack with."""
    tops = {"A": ("Attack", "Invent"), "B": ("Attack", "Export"), "C": ("Produce", "Invent")}
    s, ev = execute(ABC, tops, start="A", ready={"A": R(1, 0), "B": R(1, 0), "C": R(0, 2)})
    assert [(t["attacker"], t["soldier"], t["supply_soldier"]) for t in of_type(ev, "theft")] == [
        ("A", 1, 0)
    ]
    assert of_type(ev, "attack_failed") == [
        {
            "type": "attack_failed",
            "player": "B",
            "cards": ["L"],
            "reason": "no_soldier",
            "soldiers_lost": 0,
        }
    ]
    assert {"type": "cancelled", "player": "B", "actions": ["Export"]} in ev
    assert score(s, "A") == SC(soldier=1, invention=1)
    assert s["ready"]["B"] == R(0, 0) and score(s, "B") == SC()
    assert s["ready"]["C"] == R(0, 4) and score(s, "C") == SC(invention=1)


# -------------------------------------------------------------- Example 9


def test_example_9a_tied_majorities() -> None:
    s = build(ABC, start="A")
    s["score"] = {"A": SC(4, 6, 2), "B": SC(4, 3, 5), "C": SC(1, 6, 5)}
    s["ready"] = {"A": R(1, 2), "B": R(1, 0), "C": R(0, 3)}
    s["step"] = "over"
    out = {r["player"]: r for r in GAME.outcome(s)}
    assert out["A"]["majorities"] == ["soldier", "good"]
    assert out["B"]["majorities"] == ["soldier", "invention"]
    assert out["C"]["majorities"] == ["good", "invention"]
    for p in ABC:
        assert out[p]["resources"] == 12 and out[p]["score"] == 18 and out[p]["bonus"] == 6
    assert {p: out[p]["rank"] for p in ABC} == {"A": 1, "B": 3, "C": 1}
    assert out["A"] == {
        "player": "A",
        "rank": 1,
        "score": 18,
        "resources": 12,
        "bonus": 6,
        "majorities": ["soldier", "good"],
        "ready_total": 3,
        "score_pile": {"soldier": 4, "good": 6, "invention": 2},
        "team": None,
    }


def test_example_9b_no_invention_bonus_when_nobody_has_one() -> None:
    s = build(["A", "B"], start="A")
    s["score"] = {"A": SC(3, 2, 0), "B": SC(1, 4, 0)}
    s["ready"] = {"A": R(1, 0), "B": R(0, 0)}
    out = {r["player"]: r for r in final_results(s)}
    assert out["A"]["score"] == 8 and out["B"]["score"] == 8
    assert out["A"]["majorities"] == ["soldier"] and out["B"]["majorities"] == ["good"]
    assert out["A"]["rank"] == 1 and out["B"]["rank"] == 2


# -------------------------------------------------------------- Example 10

TEAM_OPTS = {"teams": True, "team_shared_defence": True, "team_joint_attack": True}
TOPS_10 = {
    "A": ("Attack", "Invent"),
    "B": ("Produce", "Defend"),
    "C": ("Produce", "Attack"),
    "D": ("Arm", "Defend"),
}
READY_10 = {"A": R(1, 0), "B": R(1, 2), "C": R(1, 1), "D": R(1, 1)}


def _example_10() -> tuple[dict, list]:
    s, ev = execute(ABCD, TOPS_10, start="A", ready=READY_10, options=TEAM_OPTS)
    assert score(s, "A") == SC(invention=1)
    assert s["ready"]["B"] == R(1, 4) and s["ready"]["C"] == R(1, 3)
    assert s["ready"]["D"] == R(3, 1) and s["ready"]["A"] == R(0, 0)
    # A's attack on B comes first; C may still attack B, so B chooses to block A now
    assert s["step"] == "block" and GAME.actors(s) == ["B"]
    assert GAME.legal_moves(s, "B") == [
        {"type": "block", "attacker": "A", "target": "B", "pay": None},
        {"type": "no_block"},
    ]
    s = play(s, "B", {"type": "block", "attacker": "A", "target": "B", "pay": None}, ev)
    assert s["ready"]["C"] == R(0, 3)
    assert score(s, "B") == SC(soldier=1)
    assert s["step"] == "block" and GAME.actors(s) == ["D"]
    options = GAME.legal_moves(s, "D")
    assert sorted(map(str, options)) == sorted(
        map(
            str,
            [
                {"type": "no_block"},
                {"type": "block", "attacker": "C", "target": "B", "pay": "soldier"},
                {"type": "block", "attacker": "C", "target": "B", "pay": "good"},
            ],
        )
    )
    return s, ev


def test_example_10i_double_defence() -> None:
    s, ev = _example_10()
    s = play(s, "D", {"type": "block", "attacker": "C", "target": "B", "pay": "good"}, ev)
    assert not of_type(ev, "theft")
    assert s["ready"]["B"] == R(1, 4) and score(s, "B") == SC(soldier=1)
    assert s["ready"]["D"] == R(3, 0) and score(s, "D") == SC(soldier=1)
    assert score(s, "C") == SC()
    team = {r: score(s, "B")[r] + score(s, "D")[r] for r in ("soldier", "good", "invention")}
    assert team == SC(soldier=2)


def test_example_10ii_no_block_then_joint_attack_extra() -> None:
    s, ev = _example_10()
    s = play(s, "D", {"type": "no_block"}, ev)
    assert s["step"] == "steal" and GAME.actors(s) == ["C"]
    s = play(s, "C", {"type": "steal", "target": "B", "soldier": 0, "good": 1}, ev)
    assert s["ready"]["B"] == R(1, 3)
    assert s["step"] == "steal" and GAME.actors(s) == ["C"]
    s = play(s, "C", {"type": "steal", "target": "B", "soldier": 0, "good": 1}, ev)
    assert [t["joint_extra"] for t in of_type(ev, "theft")] == [False, True]
    assert score(s, "C") == SC(good=2)
    assert s["ready"]["B"] == R(1, 2) and score(s, "B") == SC(soldier=1)
    assert s["ready"]["D"] == R(3, 1) and score(s, "D") == SC()
    assert {"type": "defend_idle", "player": "D", "bonus_ready_soldier": 0} in ev


# -------------------------------------------------------------- Example 11


def test_example_11_grail_prelacy_cubes_go_to_the_score_pile() -> None:
    tops = {"A": ("Arm", "Invent"), "B": ("Arm", "Invent")}  # cubes keep Arm, turn R to Defend
    s = build(
        ["A", "B"],
        start="A",
        round_=2,
        ready={"A": R(1, 1), "B": R(1, 1)},
        tops=tops,
        empires={"A": "Grail Prelacy", "B": "Nova Centralis"},
    )
    ev: list = []
    s = plan_round(s, {"A": ("L", 1, "soldier", "good"), "B": ("L", 1, "soldier", "good")}, ev)
    assert of_type(ev, "cubes_scored") == [
        {"type": "cubes_scored", "player": "A", "soldier": 1, "good": 1}
    ]
    assert score(s, "A") == SC(1, 1, 0) and score(s, "B") == SC()
    assert s["ready"]["A"] == s["ready"]["B"] == R(2, 0)  # cubes paid, Arm +2


def test_example_11_nova_centralis_export() -> None:
    tops = {"A": ("Arm", "Export"), "B": ("Arm", "Export")}
    s, ev = execute(
        ["A", "B"],
        tops,
        start="A",
        ready={"A": R(0, 3), "B": R(0, 1)},
        empires={"A": "Nova Centralis", "B": "Nova Centralis"},
    )
    assert score(s, "A") == SC(good=4)
    assert score(s, "B") == SC(good=1)
    assert {"type": "exported", "player": "A", "goods": 3, "bonus_good": 1, "joint": False} in ev


def test_example_11_sylphian_salvage() -> None:
    tops = {"A": ("Salvage", "Invent"), "B": ("Arm", "Invent")}
    s, ev = execute(
        ["A", "B"], tops, start="A", empires={"A": "Sylphian Commonwealth", "B": "Grail Prelacy"}
    )
    options = GAME.legal_moves(s, "A")
    assert [m["take"] for m in options] == [
        ["soldier", "good"],
        ["soldier", "invention"],
        ["good", "invention"],
    ]
    s = play(s, "A", options[1], ev)
    assert score(s, "A") == SC(soldier=1, invention=2)
    assert {"type": "salvaged", "player": "A", "count": 2} in ev


def test_example_11_kestrel_dominion() -> None:
    tops = {"A": ("Attack", "Invent"), "B": ("Arm", "Defend"), "C": ("Arm", "Defend")}
    s, ev = execute(
        ABC,
        tops,
        start="A",
        ready={"A": R(1, 0)},
        empires={"A": "Nova Centralis", "B": "Kestrel Dominion", "C": "Kestrel Dominion"},
    )
    assert of_type(ev, "blocked")[0]["reward_soldiers"] == 2
    assert score(s, "B") == SC(soldier=2)
    assert {"type": "defend_idle", "player": "C", "bonus_ready_soldier": 1} in ev
    assert s["ready"]["C"] == R(1 + 2 + 1, 1)  # start 1, Arm 2, idle Defend 1
