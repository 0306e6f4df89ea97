"""What the AI knows of King of the Elves (read by ``games.ai.hints``; the search is generic).

Evaluation: gold, the only thing that scores (§9), plus HAND_VALUE per card in hand while the
game goes on: cards are the journeys to come, and "gold now" alone never bought one (hard won
2 of 10 against flat Monte Carlo on deals 5-9, 9 of 10 with it). In a determinised state the
others' gold is a guess consistent with their coin counts. Rollout preferences (§6, §7): gold
is earned only by travelling, so a journey goes on while a village can be visited; villages are
played, preferably into one's own realm, before passing.
"""

from __future__ import annotations

from typing import Any

SCORE_SCALE = 8.0  # gold
ROLLOUT_DEPTH = 40  # plies, then the gold held is the value
STEPS_PER_SECOND = 13000.0  # 0.8 x bench/ai.py --calibrate at load 1 (16667/s)

MOVE_WEIGHTS: dict[str, float] = {
    # §7 the journey: travel on rather than stop
    "travel": 12.0,
    "escort": 3.0,
    "teleport": 1.0,
    "reverse": 0.5,
    "end_journey": 0.1,
    # §6 planning
    "play_village": 3.0,
    "play_special": 2.0,
    "draw3": 1.0,
    "buy": 1.0,
    "no_village": 1.0,
    "remove_village": 0.3,
    "pass": 0.5,
}
HAND_VALUE = 1.5  # gold per card in hand: a purchase costs 1 to 3, a visit earns about that
OWN_REALM_WEIGHT = 4.0  # place_village into one's own realm rather than another's


def scores(state: Any) -> dict[str, float]:
    """§9: gold per player, plus HAND_VALUE per card in hand while the game goes on (the
    cards are the journeys still to come; "gold now" alone would never buy one)."""
    cards = (
        [sum(h.values()) for h in state["hand"]]
        if state["phase"] != "over"
        else [0] * len(state["players"])
    )
    return {
        p: float(g) + HAND_VALUE * c
        for p, g, c in zip(state["players"], state["gold"], cards, strict=True)
    }


def move_weight(state: Any, player: str, move: dict[str, Any]) -> float:
    if move["type"] == "place_village":
        return OWN_REALM_WEIGHT if move["realm"] == player else 1.0
    return MOVE_WEIGHTS.get(move["type"], 1.0)
