"""What the AI knows of Majesty (read by ``games.ai.hints``; the search itself is generic).

Evaluation: the §6.2 final scoring applied now (play points, infirmary penalty, variety,
majorities), which is exactly the score if the game ended at this point. Rollouts are uniform
and cut off after ROLLOUT_DEPTH plies: points only grow, so the score now is a good guide.
"""

from __future__ import annotations

from typing import Any

from games.majesty.engine import breakdowns

SCORE_SCALE = 10.0  # points: a lead of 10 is clearly ahead
ROLLOUT_DEPTH = 16  # plies, then the score now (final scoring applied now) is the value
STEPS_PER_SECOND = 8000.0  # 0.8 x bench/ai.py --calibrate at load 1 (10076/s)


def scores(state: Any) -> dict[str, float]:
    """§6.2: each player's total if the game ended now."""
    return {p: float(b["total"]) for p, b in breakdowns(state).items()}
