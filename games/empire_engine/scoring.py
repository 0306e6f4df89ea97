"""Final scoring (docs/rules/empire_engine.md §9): resources, +3 majorities, the ready-pile
tie-break."""

from __future__ import annotations

from typing import Any

from games.empire_engine import data as D
from games.empire_engine.table import team_index

State = dict[str, Any]


def score_units(s: State) -> list[list[str]]:
    """§9/§11.3: a player, or a team in the team game."""
    if s["teams"]:
        return [list(t) for t in s["teams"]]
    return [[p] for p in s["players"]]


def unit_rows(s: State, units: list[list[str]]) -> list[dict[str, Any]]:
    """§9: per unit resources, majorities (+3 each, ties share, none for 0 unless the house
    rule ``zero_majority_bonus``, §18) and the rank."""
    piles = [{r: sum(s["score"][p][r] for p in u) for r in D.SCORE_TYPES} for u in units]
    readies = [sum(s["ready"][p][r] for p in u for r in D.READY_TYPES) for u in units]
    best = {r: max(pile[r] for pile in piles) for r in D.SCORE_TYPES}
    least = 0 if s["options"].get("zero_majority_bonus") else 1  # §18: none for 0 by default
    rows = []
    for pile, ready in zip(piles, readies, strict=True):
        majorities = [r for r in D.SCORE_TYPES if best[r] >= least and pile[r] == best[r]]
        resources = sum(pile.values())
        bonus = D.MAJORITY_BONUS * len(majorities)
        rows.append(
            {
                "resources": resources,
                "bonus": bonus,
                "score": resources + bonus,
                "majorities": majorities,
                "ready_total": ready,
            }
        )
    for row in rows:
        key = (row["score"], row["ready_total"])
        # competition ranking over scoring units: a team game ranks the two teams 1 and 2
        row["rank"] = 1 + sum(1 for o in rows if (o["score"], o["ready_total"]) > key)
    return rows


def final_results(s: State) -> list[dict[str, Any]]:
    """§9: one row per player in seat order; team values for every member of a team."""
    units = score_units(s)
    rows = unit_rows(s, units)
    out = []
    for p in s["players"]:
        row = rows[next(i for i, u in enumerate(units) if p in u)]
        extra = {"team_rank": row["rank"]} if s["teams"] else {}
        out.append(
            {
                "player": p,
                "rank": row["rank"],
                **extra,
                "score": row["score"],
                "resources": row["resources"],
                "bonus": row["bonus"],
                "majorities": list(row["majorities"]),
                "ready_total": row["ready_total"],
                "score_pile": dict(s["score"][p]),
                "team": team_index(s, p),
            }
        )
    return out
