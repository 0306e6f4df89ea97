"""What the AI knows of Empire Engine (read by ``games.ai.hints``; the search is generic).

Evaluation: the §9 final scoring applied now (score piles plus the majority bonuses, per
scoring unit, so a team game values the team's total). Rollouts are uniform: a game is 8 to 12
rounds of simultaneous picks, short enough to play to the end.
"""

from __future__ import annotations

from typing import Any

from games.empire_engine.engine import final_results

SCORE_SCALE = 4.0          # points (resources + 3 per majority)
ROLLOUT_DEPTH = 200        # plies; more than a whole game
STEPS_PER_SECOND = 6000.0  # measured by bench/ai.py --calibrate (2 cores, shared)


def scores(state: Any) -> dict[str, float]:
    """§9: each player's (scoring unit's) score if the game ended now."""
    return {r["player"]: float(r["score"]) for r in final_results(state)}
