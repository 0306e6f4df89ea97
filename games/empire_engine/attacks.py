"""Group 2 (docs/rules/empire_engine.md §7.3): attacks one at a time, each paid immediately
before it.

"Vraťte 1 vojáka z hromádky zdrojů do společné zásoby k podpoře útoku na svého souseda.
Učiňte tak bezprostředně před každým útokem, než bude vyhodnocen." Declared attacks (an Attack
on top) resolve in player order, the L card before the R card. Each passes through stages:

* ``pay``: the attacker pays 1 soldier now, or the attack fails (two declared with 1 soldier:
  it is lost and both fail);
* ``own_block``: a target with an unused Defend blocks it - automatically, unless another
  attacker may still come, when the target chooses to block now or keep the Defend;
* ``partner_block``: team shared defence - the target's partner may block it, paying 1;
* ``theft``: an unblocked attack takes from the target's ready pile as it is now.

Then the team joint-attack extras (2e), and 2f: who was successfully attacked, idle Defends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.empire_engine import data as D
from games.empire_engine.table import (
    block_reward,
    neighbour,
    partner,
    player_order,
    power,
    team_index,
    theft_quantity,
    top,
)

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]


def start_group_two(s: State) -> None:
    """2a: every Attack on top is declared, in the order it will resolve."""
    order = player_order(s)
    s["attack_queue"] = [
        {"attacker": p, "card": c, "target": neighbour(s, p, D.ATTACK_DIRECTION[c]), "stage": "pay"}
        for p in order
        for c in D.CARDS
        if top(s, p, c) == "Attack"
    ]
    s["attacks"] = []
    s["blocks"] = {p: 0 for p in order if top(s, p, "R") == "Defend"}
    s["thefts"] = []
    s["current"] = None


def _queued_by(s: State, p: str) -> list[dict[str, Any]]:
    return [a for a in s["attack_queue"] if a["attacker"] == p]


def _pay(s: State, head: dict[str, Any], ev: list[Event]) -> bool:
    """2b: pay 1 soldier immediately before the attack, or the attacker's attacks fail."""
    x = head["attacker"]
    if not any(a["attacker"] == x for a in s["attacks"]):
        mine = _queued_by(s, x)
        have = s["ready"][x]["soldier"]
        if have < len(mine):  # 0 soldiers, or 1 soldier for two attacks: it is lost
            s["ready"][x]["soldier"] = 0
            s["attack_queue"] = [a for a in s["attack_queue"] if a["attacker"] != x]
            ev.append(
                {
                    "type": "attack_failed",
                    "player": x,
                    "cards": [a["card"] for a in mine],
                    "reason": "one_soldier_for_two" if have else "no_soldier",
                    "soldiers_lost": have,
                }
            )
            return False
    s["ready"][x]["soldier"] -= 1
    s["attacks"].append(
        {"attacker": x, "card": head["card"], "target": head["target"], "status": "pending"}
    )
    ev.append({"type": "attack_paid", "player": x, "card": head["card"], "target": head["target"]})
    head["stage"] = "own_block"
    return False


def has_defend(s: State, d: str | None) -> bool:
    """2c: ``d`` has Defend on top and it has not blocked yet."""
    return d is not None and s["blocks"].get(d) == 0


def may_still_attack(s: State, p: str) -> bool:
    """Ready piles only shrink in group 2: ``p`` can still pay for all its queued attacks."""
    return bool(s["ready"][p]["soldier"] >= len(_queued_by(s, p)))


def later_threat(s: State, d: str) -> bool:
    """Another attacker may still attack ``d`` (or, with shared defence, ``d``'s partner)."""
    head = s["attack_queue"][0]
    mate = partner(s, d) if s["options"]["team_shared_defence"] else None
    can_pay = any(s["ready"][d][r] for r in D.READY_TYPES)
    for a in s["attack_queue"][1:]:
        if a["attacker"] == head["attacker"] or not may_still_attack(s, a["attacker"]):
            continue
        if a["target"] == d or (a["target"] == mate and can_pay):
            return True
    return False


def _own_block(s: State, head: dict[str, Any], ev: list[Event]) -> bool:
    """2c: the target's Defend blocks it, or the target chooses (another attack may come)."""
    t = head["target"]
    if not has_defend(s, t):
        head["stage"] = "partner_block"
        return False
    if later_threat(s, t):
        s["step"] = "block"
        s["current"] = {"defender": t, "attacker": head["attacker"], "target": t}
        return True
    block(s, t, None, ev)
    return False


def _partner_block(s: State, head: dict[str, Any], ev: list[Event]) -> bool:
    """§11.3 shared defence: the target's partner may block it, paying 1 soldier or good."""
    mate = partner(s, head["target"]) if s["options"]["team_shared_defence"] else None
    if mate is not None and has_defend(s, mate) and any(s["ready"][mate][r] for r in D.READY_TYPES):
        s["step"] = "block"
        s["current"] = {"defender": mate, "attacker": head["attacker"], "target": head["target"]}
        return True
    head["stage"] = "theft"
    return False


def _theft(s: State, head: dict[str, Any], ev: list[Event]) -> bool:
    """2d: the unblocked attack takes from the target's ready pile as it is now."""
    theft = {
        "attacker": head["attacker"],
        "card": head["card"],
        "target": head["target"],
        "joint_extra": False,
    }
    if steal_options(s, theft):
        s["step"] = "steal"
        s["current"] = theft
        return True
    auto_theft(s, theft, ev)
    return False


STAGES: dict[str, Callable[[State, dict[str, Any], list[Event]], bool]] = {
    "pay": _pay,
    "own_block": _own_block,
    "partner_block": _partner_block,
    "theft": _theft,
}


def run_attacks(s: State, ev: list[Event]) -> bool:
    """Resolve queued attacks up to the next decision (True) or to the last one (False)."""
    while s["attack_queue"]:
        head = s["attack_queue"][0] = dict(s["attack_queue"][0])
        if STAGES[head["stage"]](s, head, ev):
            return True
    return False


def _done_with_head(s: State) -> None:
    s["attack_queue"] = s["attack_queue"][1:]
    s["current"] = None


# ---------------------------------------------------------------- blocks


def block_options(s: State, d: str) -> list[Move]:
    """2c (+ §11.3 shared defence): the choice of defender ``d`` about the current attack."""
    cur = s["current"]
    if cur["target"] == d:
        pays: list[str | None] = [None]
    else:
        pays = [r for r in D.READY_TYPES if s["ready"][d][r] >= 1]
    return [
        *(
            {"type": "block", "attacker": cur["attacker"], "target": cur["target"], "pay": r}
            for r in pays
        ),
        {"type": "no_block"},
    ]


def block(s: State, d: str, pay: str | None, ev: list[Event]) -> None:
    """2c: ``d`` blocks the current attack; the blocker pays (shared defence), is rewarded."""
    attack = s["attacks"][-1]
    attack["status"] = "blocked"
    if pay is not None:
        s["ready"][d][pay] -= 1
    reward = block_reward(s, d)
    s["score"][d]["soldier"] += reward
    s["blocks"][d] += 1
    ev.append(
        {
            "type": "blocked",
            "defender": d,
            "attacker": attack["attacker"],
            "card": attack["card"],
            "target": attack["target"],
            "pay": pay,
            "reward_soldiers": reward,
        }
    )
    _done_with_head(s)


def no_block(s: State, d: str) -> None:
    """2c: ``d`` lets the current attack through (and keeps the Defend for a later one)."""
    head = s["attack_queue"][0] = dict(s["attack_queue"][0])
    head["stage"] = "partner_block" if head["target"] == d else "theft"
    s["current"] = None


# ---------------------------------------------------------------- thefts


def steal_options(s: State, theft: dict[str, Any]) -> list[Move]:
    """2d: the mixes the thief may pick; [] when the theft resolves without a step."""
    q = theft_quantity(len(s["players"]))
    ready = s["ready"][theft["target"]]
    total = ready["soldier"] + ready["good"]
    if total <= q or not ready["soldier"] or not ready["good"]:
        return []
    return [
        {"type": "steal", "target": theft["target"], "soldier": sl, "good": q - sl}
        for sl in range(q, -1, -1)
        if sl <= ready["soldier"] and q - sl <= ready["good"]
    ]


def apply_theft(s: State, theft: dict[str, Any], soldier: int, good: int, ev: list[Event]) -> None:
    """2d: take from the target's ready pile; an empty pile gives 1 soldier from the supply."""
    target, thief = theft["target"], theft["attacker"]
    supply = D.EMPTY_PILE_SUPPLY_SOLDIERS if soldier + good == 0 else 0
    s["ready"][target]["soldier"] -= soldier
    s["ready"][target]["good"] -= good
    s["score"][thief]["soldier"] += soldier + supply
    s["score"][thief]["good"] += good
    if theft["joint_extra"]:
        s["thefts"] = s["thefts"][1:]
    else:
        s["attacks"][-1]["status"] = "resolved"
        _done_with_head(s)
    s["current"] = None
    ev.append(
        {
            "type": "theft",
            "attacker": thief,
            "target": target,
            "card": theft["card"],
            "soldier": soldier,
            "good": good,
            "supply_soldier": supply,
            "joint_extra": theft["joint_extra"],
        }
    )


def auto_theft(s: State, theft: dict[str, Any], ev: list[Event]) -> None:
    """2d without a step: all of a pile of at most q (none: a supply soldier), or q of one type."""
    q = theft_quantity(len(s["players"]))
    ready = s["ready"][theft["target"]]
    if ready["soldier"] + ready["good"] <= q:
        apply_theft(s, theft, ready["soldier"], ready["good"], ev)
    elif ready["soldier"]:
        apply_theft(s, theft, q, 0, ev)
    else:
        apply_theft(s, theft, 0, q, ev)


def joint_attack_extras(s: State) -> list[dict[str, Any]]:
    """§11.3 joint attack: both partners made attacks on X and at least one is unblocked."""
    order = player_order(s)
    extras = []
    for x in order:
        mate_team = s["teams"][1 - (team_index(s, x) or 0)]
        on_x = [a for a in s["attacks"] if a["target"] == x]
        by = {a["attacker"] for a in on_x}
        unblocked = [a for a in on_x if a["status"] != "blocked"]
        if not all(p in by for p in mate_team) or not unblocked:
            continue  # not both partners, or a double defence: no extra
        first = min(unblocked, key=lambda a: (order.index(a["attacker"]), D.CARDS.index(a["card"])))
        extras.append(
            {"attacker": first["attacker"], "card": first["card"], "target": x, "joint_extra": True}
        )
    return extras


def run_extras(s: State, ev: list[Event]) -> bool:
    """2e: the joint-attack extras in order, up to the next decision (True) or the end."""
    while s["thefts"]:
        theft = s["thefts"][0]
        if steal_options(s, theft):
            s["step"] = "steal"
            s["current"] = dict(theft)
            return True
        auto_theft(s, theft, ev)
    return False


# ---------------------------------------------------------------- 2f


def successfully_attacked(s: State) -> list[str]:
    """2f: players with at least one unblocked made attack on them."""
    hit = {a["target"] for a in s["attacks"] if a["status"] != "blocked"}
    return [p for p in player_order(s) if p in hit]


def idle_defences(s: State, ev: list[Event]) -> None:
    """2c/2f: a Defend that blocked nothing is idle (Kestrel Dominion: +1 ready soldier)."""
    for p in player_order(s):
        if p in s["blocks"] and not s["blocks"][p]:
            bonus = int(power(s, p, "idle_defend_ready_soldier") or 0)
            s["ready"][p]["soldier"] += bonus
            ev.append({"type": "defend_idle", "player": p, "bonus_ready_soldier": bonus})
