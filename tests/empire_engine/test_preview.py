"""``preview`` (docs/rules/empire_engine.md §17): what every legal move does now, in the
engine's numbers, checked against what the move then does (the invariant suite checks that it
depends only on what the player sees)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.ai import RandomPlayer
from games.base import IllegalMove
from games.empire_engine import GAME
from tests.empire_engine.helpers import R, build, execute, play

TEAMS = {
    "teams": True,
    "team_joint_export": True,
    "team_shared_defence": True,
    "team_joint_attack": True,
}
CASES = [(2, {}, 1), (3, {"open_scores": True}, 2), (4, {**TEAMS, "house_powers": True}, 3)]


def check_against_the_move(s: Any, p: str, move: dict[str, Any], facts: dict[str, Any]) -> None:
    """The preview agrees with what the move does (and with the view)."""
    after, events = GAME.apply(s, p, move)
    kind = move["type"]
    assert facts["type"] == kind
    if kind in ("orient", "gear") and facts["action"] == "Attack":
        seat = GAME.view(s, p)["players"][p]
        assert facts["attack"] == {**facts["attack"], **seat["aims"][move["card"]]}
    if kind == "gear":
        assert (facts["action"], facts["turns"]) == (move["action"], move["turns"])
        assert facts["second"]["card"] != move["card"]
    if kind == "steal":  # (later attacks may take from the target's pile in the same move)
        theft = [e for e in events if e["type"] == "theft"][0]
        assert {"soldier": theft["soldier"], "good": theft["good"]} == facts["take"]
        ready = s["ready"][move["target"]]
        assert facts["target_ready_after"] == {r: ready[r] - facts["take"][r] for r in ready}
    if kind == "block":
        blocked = [e for e in events if e["type"] == "blocked"][0]
        assert blocked["reward_soldiers"] == facts["reward"]["soldier"]
    if kind == "joint_export":
        exported = [e for e in events if e["type"] == "exported"][0]
        assert (exported["goods"], exported["bonus_good"]) == (facts["goods"], facts["bonus_good"])
    if kind == "place" and facts["slot"] == 2:
        second = GAME.view(s, p)["you"]["second_gear"]
        assert facts["action"] == second["alternate" if move["pay"] else "free"]["action"]


@pytest.mark.parametrize(("n", "options", "seed"), CASES)
def test_every_legal_move_previews_what_it_does(n: int, options: dict[str, Any], seed: int) -> None:
    s = GAME.setup([f"p{i}" for i in range(n)], options, seed)
    ai = RandomPlayer(seed)
    kinds: set[str] = set()
    k = 0
    while not GAME.is_over(s):
        for p in GAME.actors(s):
            for move in GAME.legal_moves(s, p):
                facts = GAME.preview(s, p, move)
                json.dumps(facts, allow_nan=False)
                kinds.add(move["type"])
                check_against_the_move(s, p, move, facts)
        p = GAME.actors(s)[0]
        s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, k))
        k += 1
    assert {"lay", "orient", "place", "gear", "salvage"} <= kinds


def test_a_move_that_is_not_legal_is_refused() -> None:
    s = GAME.setup(["a", "b"], {}, 1)
    p = GAME.actors(s)[0]
    other = "b" if p == "a" else "a"
    for who, move in (
        (p, {"type": "orient", "card": "L", "action": "Arm"}),
        (other, {"type": "lay", "card": "L"}),
    ):
        with pytest.raises(IllegalMove):
            GAME.preview(s, who, move)


def test_planning_previews_say_what_each_placement_sets_up() -> None:
    s = build(
        ["a", "b", "c"],
        start="a",
        round_=2,
        ready={"a": R(1, 3), "b": R(2, 0)},
        tops={"a": ("Attack", "Export"), "b": ("Arm", "Invent"), "c": ("Arm", "Defend")},
        empires={"a": "Nova Centralis", "b": "Kestrel Dominion", "c": "Grail Prelacy"},
    )
    first = GAME.preview(s, "a", {"type": "place", "card": "R", "pay": "soldier"})
    assert first["cube"] == "soldier" and first["alternate"] is True
    assert first["ready_after"] == {"soldier": 0, "good": 3}
    gears = {g["gear"]: g for g in first["gears"]}
    # R on Export: gear 1's alternate turns 0 (Export stays), gear 2's turns 3 (Invent)
    assert (gears[1]["turns"], gears[1]["action"], gears[1]["group"]) == (0, "Export", 3)
    assert gears[1]["export"] == {"goods": 3, "bonus_good": 1}  # Compound Interest: 2+ goods
    assert (gears[2]["turns"], gears[2]["action"]) == (3, "Invent")
    assert gears[2]["gain"] == {"invention": 1} and gears[2]["pile"] == "score"
    s = play(s, "a", {"type": "place", "card": "R", "pay": "soldier"})
    gear = GAME.preview(s, "a", next(m for m in GAME.legal_moves(s, "a") if m["gear"] == 1))
    # the other gear (2) under L, on Attack: 2 turns free (Salvage), 3 as the alternate (Arm)
    assert gear["second"]["card"] == "L" and gear["second"]["gear"] == 2
    assert gear["second"]["free"]["action"] == "Salvage"
    assert gear["second"]["free"]["salvage"]["options"] == [["soldier"], ["good"], ["invention"]]
    assert gear["second"]["alternate"]["action"] == "Arm"
    assert gear["second"]["alternate"]["ready_after"] == {"soldier": 2, "good": 3}
    fresh = GAME.setup(["a", "b", "c"], {}, 1)
    lay = GAME.preview(fresh, GAME.actors(fresh)[0], {"type": "lay", "card": "R"})
    assert [f["action"] for f in lay["actions"]] == ["Invent", "Defend", "Attack", "Export"]
    attack = lay["actions"][2]["attack"]
    assert attack["side"] == "right" and attack["take"] == 1 and attack["cost"] == {"soldier": 1}
    defend = lay["actions"][1]["defend"]
    assert defend["blocks"] == 1 and defend["reward"] == {"soldier": 1}
    assert len(defend["attackers"]) == 2


def test_block_and_steal_previews_name_attacker_target_and_outcome() -> None:
    tops = {
        "a": ("Attack", "Invent"),
        "b": ("Salvage", "Defend"),
        "c": ("Produce", "Attack"),
        "d": ("Arm", "Export"),
    }
    s, _ = execute(
        ["a", "b", "c", "d"],
        tops,
        start="c",
        ready={"a": R(1, 0), "b": R(2, 1), "c": R(1, 3), "d": R(0, 1)},
        empires={"b": "Kestrel Dominion"},
    )
    block, hold = (GAME.preview(s, "b", m) for m in GAME.legal_moves(s, "b"))
    assert (block["attacker"], block["target"], block["choice"]) == ("c", "b", "block")
    assert block["reward"] == {"soldier": 2}  # Honour Guard
    assert hold["choice"] == "no_block" and hold["keeps_defend"] is True
    assert hold["later_attackers"] == ["a"]  # why keeping the Defend may pay
    assert hold["theft"]["take"] == 1 and hold["theft"]["target_ready"] == R(2, 1)
    s = play(s, "b", GAME.legal_moves(s, "b")[0])
    steal = [GAME.preview(s, "a", m) for m in GAME.legal_moves(s, "a")]
    assert [f["take"] for f in steal] == [{"soldier": 1, "good": 0}, {"soldier": 0, "good": 1}]
    assert steal[0]["target_ready_after"] == R(1, 1) and steal[0]["to"] == "score"
