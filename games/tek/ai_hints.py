"""What the AI knows of Tiny Epic Kingdoms (read by ``games.ai.hints``; the search is generic).

Evaluation: the §11.2 score if the game ended now (``rules.score_breakdown``: meeples, tower,
magic, capitals, tokens...) plus RESOURCE_VALUE per resource held until the end is triggered
(§15's balance table: about 0.5 VP per ore spent on the tower, a little less per mana, the
least per food; once the end is near they score nothing). A random game is some 400 plies, so
rollouts are cut off early and scored. Rollout preferences (§5, §6): the actions that score
(Build, Research, Expand) before moving and trading; a responder collects (§9) rather than
idling.
"""

from __future__ import annotations

from typing import Any

from games.tek.rules import score_breakdown

SCORE_SCALE = 3.0  # VP
ROLLOUT_DEPTH = 16  # plies, then the score now is the value
STEPS_PER_SECOND = 8000.0  # 0.8 x bench/ai.py --calibrate at load 1 (10327/s)

ACTION_WEIGHTS: dict[str, float] = {
    "build": 6.0,
    "research": 6.0,
    "expand": 6.0,
    "patrol": 2.0,
    "quest": 2.0,
    "trade": 0.7,
}
MOVE_WEIGHTS: dict[str, float] = {"pass": 0.5, "collect": 2.0}


RESOURCE_VALUE: dict[str, float] = {"ore": 0.5, "mana": 0.45, "food": 0.3}  # VP, §15


def scores(state: Any) -> dict[str, float]:
    """§11.2: each player's VP if the game ended now, plus the resources' worth until the end
    is triggered (§11.1)."""
    out: dict[str, float] = {}
    for p in state["players"]:
        held = (
            0.0
            if state["end"]
            else sum(RESOURCE_VALUE.get(k, 0.3) * n for k, n in state["pl"][p]["res"].items())
        )
        out[p] = float(score_breakdown(state, p)["total"]) + held
    return out


def move_weight(state: Any, player: str, move: dict[str, Any]) -> float:
    if move["type"] in ("select", "perform"):
        return ACTION_WEIGHTS.get(move["action"], 1.0)
    return MOVE_WEIGHTS.get(move["type"], 1.0)
