"""``preview(state, player, move)`` (``games.base.Previewable``; docs/rules/empire_engine.md
§17): what a legal move does now, in the engine's own numbers, for the prompt and its "Why?".

Everything here comes from what ``player`` sees: the seating, the tops, every ready pile, the
empires, and ``player``'s own face-down choices this step; never another player's pick or
score pile, so a state ``player`` cannot tell from this one gives the same answer.

An action's facts (:func:`action_facts`): ``action``, ``card``, ``group`` (when it fires in the
execution, §7: 1, 2 or 3), and the effect with the ready pile as it is now: ``gain`` and
``pile`` (Arm, Produce, Invent; ``ready_after`` for the first two), ``attack`` (Attack: whom it
hits and on which side, its soldier, how many resources a successful one takes from the
target's ready pile, and that pile), ``defend`` (Defend: the attack it blocks, its reward, who
can attack ``player``), ``export`` (Export: the goods it moves now and the Compound Interest
bonus) or ``salvage`` (Salvage: the options).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.empire_engine import attacks as A
from games.empire_engine import data as D
from games.empire_engine import planning as PL
from games.empire_engine.group_three import salvage_options
from games.empire_engine.table import (
    aim,
    block_reward,
    neighbours,
    other_card,
    partner,
    power,
    theft_quantity,
)

State = dict[str, Any]
Move = dict[str, Any]
Facts = dict[str, Any]


def _ready(s: State, p: str) -> dict[str, int]:
    return {r: int(s["ready"][p][r]) for r in D.READY_TYPES}


def _attack(s: State, p: str, card: str) -> Facts:
    target = aim(s, p, card)
    return {
        **target,
        "cost": {"soldier": 1},
        "take": theft_quantity(len(s["players"])),
        "target_ready": _ready(s, target["target"]),
        "empty_pile_gives": {"soldier": D.EMPTY_PILE_SUPPLY_SOLDIERS},
    }


def _defend(s: State, p: str) -> Facts:
    side = neighbours(s, p)
    return {
        "blocks": 1,
        "reward": {"soldier": block_reward(s, p)},
        "idle_bonus": {"soldier": int(power(s, p, "idle_defend_ready_soldier") or 0)},
        "attackers": sorted({side["left"], side["right"]}, key=s["players"].index),
    }


def export_facts(s: State, p: str, own: dict[str, int] | None = None) -> Facts:
    """§7.5: all goods of the ready pile now to the score pile, and Compound Interest."""
    goods = int((own or s["ready"][p])["good"])
    need = power(s, p, "export_bonus_min_goods")
    bonus = int(power(s, p, "export_bonus_good")) if need is not None and goods >= need else 0
    return {"goods": goods, "bonus_good": bonus}


def action_facts(
    s: State, p: str, card: str, action: str, own: dict[str, int] | None = None
) -> Facts:
    """What ``action`` on top of ``p``'s ``card`` would do, with the ready piles as they are
    (``own``: ``p``'s ready pile once the cube a placement lays on its gear has left it)."""
    facts: Facts = {"action": action, "card": card, "group": D.ACTION_GROUP[action]}
    if action in D.GROUP1_GAINS:
        resource, amount, pile = D.GROUP1_GAINS[action]
        facts.update(gain={resource: amount}, pile=pile)
        if pile == "ready":
            ready = dict(own) if own is not None else _ready(s, p)
            ready[resource] += amount
            facts["ready_after"] = ready
    elif action == "Attack":
        facts["attack"] = _attack(s, p, card)
    elif action == "Defend":
        facts["defend"] = _defend(s, p)
    elif action == "Export":
        facts["export"] = export_facts(s, p, own)
    elif action == "Salvage":
        facts["salvage"] = {"options": [list(o) for o in salvage_options(s, p)]}
    return facts


def _gear(
    s: State, p: str, card: str, gear: int, alternate: bool, own: dict[str, int] | None = None
) -> Facts:
    result = PL.gear_result(s, p, card, gear, alternate)
    facts = action_facts(s, p, card, result["action"], own)
    return {**facts, "gear": gear, "turns": result["turns"]}


def _second(s: State, p: str, gear: int, card: str) -> Facts:
    """The other gear card under the other engine: free, and as the alternate."""
    return {
        "card": card,
        "gear": gear,
        "free": _gear(s, p, card, gear, False),
        "alternate": _gear(s, p, card, gear, True),
    }


# ---------------------------------------------------------------- planning (§6)


def _lay(s: State, p: str, move: Move) -> Facts:
    card = move["card"]
    actions = [action_facts(s, p, card, a) for a in D.ENGINE_ORDER[card]]
    return {"card": card, "public": True, "then": "orient", "actions": actions}


def _orient(s: State, p: str, move: Move) -> Facts:
    return {**action_facts(s, p, move["card"], move["action"]), "cost": {}}


def _cube(s: State, p: str, move: Move) -> Facts:
    pay = move["pay"]
    ready = _ready(s, p)
    if pay is not None:
        ready[pay] -= 1
    return {"card": move["card"], "cube": pay, "alternate": pay is not None, "ready_after": ready}


def _place(s: State, p: str, move: Move) -> Facts:
    """The first gear: public engine and cube, then the secret gear (both results); the second:
    the gear card left, so its result (free or alternate by the cube)."""
    facts = _cube(s, p, move)
    slot = int(s["placing"][0][1])
    facts["slot"] = slot
    alternate = move["pay"] is not None
    own = facts["ready_after"]
    if slot == 1:
        facts["gears"] = [_gear(s, p, move["card"], g, alternate, own) for g in D.GEARS]
        return facts
    second = PL.second_gear(s, p)
    assert second is not None and second["card"] == move["card"]
    result = _gear(s, p, move["card"], int(second["gear"]), alternate, own)
    if "ready_after" in result:  # the gain's pile; ``ready_after`` stays the cube's
        result["gain_ready_after"] = result.pop("ready_after")
    return {**facts, **result}


def _gear_move(s: State, p: str, move: Move) -> Facts:
    card, gear = move["card"], int(move["gear"])
    alternate = s["placed"][p][0]["pay"] is not None
    facts = _gear(s, p, card, gear, alternate)
    facts["second"] = _second(s, p, 3 - gear, other_card(card))
    return facts


# ---------------------------------------------------------------- group 2 (§7.3)


def _theft(s: State, target: str) -> Facts:
    return {
        "take": theft_quantity(len(s["players"])),
        "target_ready": _ready(s, target),
        "empty_pile_gives": {"soldier": D.EMPTY_PILE_SUPPLY_SOLDIERS},
    }


def _later_attackers(s: State, d: str) -> list[str]:
    """Attackers after the current one who may still attack ``d`` (2c: why hold the Defend)."""
    head = s["attack_queue"][0]
    return [
        a["attacker"]
        for a in s["attack_queue"][1:]
        if a["target"] == d and a["attacker"] != head["attacker"]
        if A.may_still_attack(s, a["attacker"])
    ]


def _block(s: State, p: str, move: Move) -> Facts:
    cur = s["current"]
    facts: Facts = {"defender": p, "attacker": cur["attacker"], "target": cur["target"]}
    if move["type"] == "block":
        cost = {} if move["pay"] is None else {move["pay"]: 1}
        reward = {"soldier": block_reward(s, p)}
        return {**facts, "choice": "block", "cost": cost, "reward": reward, "theft": None}
    mate = partner(s, cur["target"]) if s["options"]["team_shared_defence"] else None
    partner_may = (
        cur["target"] == p
        and mate is not None
        and A.has_defend(s, mate)
        and any(s["ready"][mate][r] for r in D.READY_TYPES)
    )
    return {
        **facts,
        "choice": "no_block",
        "keeps_defend": True,
        "later_attackers": _later_attackers(s, p) if cur["target"] == p else [],
        "partner_may_block": mate if partner_may else None,
        "theft": _theft(s, cur["target"]),
    }


def _steal(s: State, p: str, move: Move) -> Facts:
    target = move["target"]
    after = _ready(s, target)
    after["soldier"] -= move["soldier"]
    after["good"] -= move["good"]
    return {
        "attacker": p,
        "target": target,
        "joint_extra": bool(s["current"]["joint_extra"]),
        "take": {"soldier": move["soldier"], "good": move["good"]},
        "target_ready_after": after,
        "to": "score",
    }


# ---------------------------------------------------------------- group 3 (§7.5)


def _joint_export(s: State, p: str, move: Move) -> Facts:
    facts = export_facts(s, p)
    if move["type"] == "joint_export":
        return {**facts, "choice": "joint_export", "to": "score", "partner": partner(s, p)}
    return {"goods": 0, "bonus_good": 0, "kept": facts["goods"], "choice": "no_joint_export"}


def _salvage(s: State, p: str, move: Move) -> Facts:
    take = {r: move["take"].count(r) for r in D.SCORE_TYPES if r in move["take"]}
    return {"take": take, "to": "score", "options": [list(o) for o in salvage_options(s, p)]}


PREVIEWS: dict[str, Callable[[State, str, Move], Facts]] = {
    "lay": _lay,
    "orient": _orient,
    "place": _place,
    "gear": _gear_move,
    "block": _block,
    "no_block": _block,
    "steal": _steal,
    "joint_export": _joint_export,
    "no_joint_export": _joint_export,
    "salvage": _salvage,
}


def preview(s: State, p: str, move: Move) -> Facts:
    """The facts of ``move`` (already checked to be one of ``p``'s legal moves)."""
    return {"type": move["type"], **PREVIEWS[move["type"]](s, p, move)}
