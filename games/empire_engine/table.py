"""Seating, player order and the small lookups every rule uses (docs/rules/empire_engine.md
§2, §4, §11.3-4)."""

from __future__ import annotations

from typing import Any

from games.empire_engine import data as D

State = dict[str, Any]


def player_order(s: State) -> list[str]:
    """§2: from the start player clockwise."""
    ps: list[str] = s["players"]
    k: int = s["start"]
    return ps[k:] + ps[:k]


def neighbour(s: State, p: str, direction: int) -> str:
    """§2: +1 = left neighbour (clockwise), -1 = right neighbour."""
    ps = s["players"]
    return str(ps[(ps.index(p) + direction) % len(ps)])


def neighbours(s: State, p: str) -> dict[str, str]:
    """§2: ``p``'s left (clockwise) and right neighbours (the one opponent twice with 2)."""
    return {"left": neighbour(s, p, +1), "right": neighbour(s, p, -1)}


def aim(s: State, p: str, card: str) -> dict[str, str]:
    """§7.1: whom an Attack on ``p``'s engine ``card`` hits, and on which side of ``p``."""
    return {"target": neighbour(s, p, D.ATTACK_DIRECTION[card]), "side": D.ATTACK_SIDE[card]}


def block_reward(s: State, p: str) -> int:
    """§7.3 2c: the soldiers ``p`` scores per attack their Defend blocks (§11.4 powers)."""
    return int(power(s, p, "block_reward") or D.BLOCK_REWARD)


def partner(s: State, p: str) -> str | None:
    """§11.3: the partner sits opposite (seats 0+2, 1+3)."""
    if not s["teams"]:
        return None
    for team in s["teams"]:
        if p in team:
            return str(team[1] if team[0] == p else team[0])
    return None


def team_index(s: State, p: str) -> int | None:
    """§11.3: 0 for the team of ``players[0]``, 1 for the other; None without teams."""
    if not s["teams"]:
        return None
    return 0 if p in s["teams"][0] else 1


def power(s: State, p: str, flag: str) -> Any:
    """§11.4: the value of ``flag`` in ``p``'s house power, or None (no powers, no such flag)."""
    if not s["empires"]:
        return None
    return D.EMPIRE_BY_NAME[s["empires"][p]].get(flag)


def top(s: State, p: str, card: str) -> str | None:
    """§4: the action on top of ``p``'s engine ``card`` (None before round 1's reveal)."""
    t = s["top"][p][card]
    return None if t is None else D.ENGINE_ORDER[card][t]


def turned(t: int, k: int) -> int:
    """§4: the top index after k clockwise quarter turns."""
    return (t - k) % 4


def other_card(card: str) -> str:
    return "R" if card == "L" else "L"


def theft_quantity(n: int) -> int:
    """§7.3 2d: q = 2 with two players, else 1."""
    return D.THEFT_QUANTITY.get(n, D.DEFAULT_THEFT_QUANTITY)
