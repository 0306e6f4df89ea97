"""Group 1 (docs/rules/empire_engine.md §7.2): Arm, Produce, Invent, then team Joint
invention (§11.3)."""

from __future__ import annotations

from typing import Any

from games.empire_engine import data as D
from games.empire_engine.table import player_order, top

State = dict[str, Any]
Event = dict[str, Any]


def group_one(s: State, ev: list[Event]) -> None:
    """Arm, Produce, Invent for everyone, in player order; then team Joint invention."""
    for p in player_order(s):
        for card in D.CARDS:
            action = top(s, p, card)
            if action in D.GROUP1_GAINS:
                resource, amount, pile = D.GROUP1_GAINS[action]
                target = s["ready"][p] if pile == "ready" else s["score"][p]
                target[resource] += amount
                ev.append(
                    {
                        "type": "gained",
                        "player": p,
                        "action": action,
                        "resource": resource,
                        "amount": amount,
                        "pile": pile,
                    }
                )
    if s["options"]["team_joint_invent"]:
        joint_invent(s, ev)


def joint_invent(s: State, ev: list[Event]) -> None:
    """§11.3: both partners Invent -> +1 invention to the first of them in player order."""
    order = player_order(s)
    for team in s["teams"]:
        if all(top(s, p, "R") == "Invent" for p in team):
            first = min(team, key=order.index)
            s["score"][first]["invention"] += 1
            ev.append(
                {
                    "type": "gained",
                    "player": first,
                    "action": "JointInvent",
                    "resource": "invention",
                    "amount": 1,
                    "pile": "score",
                }
            )
