"""What the generic search knows of one game: its ``games/<id>/ai_hints.py``, read as data.

A game's hints module may define (every name optional; the defaults make any game playable):

* ``scores(state) -> {player: number}``: the score of each player if the game ended now
  (the rulebook's final scoring applied to the current position). Default: the outcome's
  scores once over, else all 0.
* ``SCORE_SCALE``: a lead, in those points, that means "clearly ahead" (default 5).
* ``MOVE_WEIGHTS``: ``{move type: weight}`` for the cheap rollout policy (default 1 each), and/or
  ``move_weight(state, player, move) -> float`` for preferences a type alone cannot say.
* ``ROLLOUT_DEPTH``: plies a rollout plays before it is cut off and scored with ``scores``.
* ``STEPS_PER_SECOND``: engine steps (one ``legal_moves`` + ``apply``) the search makes per
  second on the reference 2-core machine, measured by ``bench/ai.py --calibrate``; it turns
  ``budget_s`` into a deterministic step budget.

The hints only read states the search hands them, and those are determinised states.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from games.base import Game, Move, State

Scores = Callable[[State], dict[str, float]]
Weight = Callable[[State, str, Move], float]

DEFAULT_SCORE_SCALE = 5.0
DEFAULT_ROLLOUT_DEPTH = 200
DEFAULT_STEPS_PER_SECOND = 4000.0


@dataclass(frozen=True)
class Hints:
    """One game's knowledge for the search (see the module docstring)."""

    game: Game
    scores: Scores
    score_scale: float = DEFAULT_SCORE_SCALE
    move_weights: dict[str, float] = field(default_factory=dict)
    move_weight: Weight | None = None
    rollout_depth: int = DEFAULT_ROLLOUT_DEPTH
    steps_per_second: float = DEFAULT_STEPS_PER_SECOND

    def weight(self, state: State, player: str, move: Move) -> float:
        if self.move_weight is not None:
            return self.move_weight(state, player, move)
        return self.move_weights.get(move["type"], 1.0)

    def pick(self, state: State, player: str, moves: list[Move], rng: random.Random) -> Move:
        """A rollout move: random, in proportion to the weights (uniform when all are 1)."""
        if len(moves) == 1:
            return moves[0]
        if self.move_weight is None and not self.move_weights:
            return moves[rng.randrange(len(moves))]
        weights = [max(0.0, self.weight(state, player, m)) for m in moves]
        if sum(weights) <= 0.0:
            return moves[rng.randrange(len(moves))]
        return rng.choices(moves, weights)[0]

    def margin_value(self, state: State) -> dict[str, float]:
        """Each player's chance-like value in (0, 1) from the lead over the best other score."""
        scores = self.scores(state)
        out: dict[str, float] = {}
        for p, mine in scores.items():
            best_other = max((v for q, v in scores.items() if q != p), default=mine)
            out[p] = sigmoid((mine - best_other) / self.score_scale)
        return out


def sigmoid(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def outcome_scores(game: Game) -> Scores:
    """The default ``scores``: the outcome's once the game is over, none before (the search
    then counts every player as even)."""

    def scores(state: State) -> dict[str, float]:
        if game.is_over(state):
            return {r["player"]: float(r.get("score", 0)) for r in game.outcome(state)}
        return {}

    return scores


def _module(game: Game) -> ModuleType | None:
    name = f"games.{game.id}.ai_hints"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:  # no hints (or no package, e.g. a test game): defaults
        if exc.name is None or not (name + ".").startswith(exc.name + "."):
            raise
        return None


_CACHE: dict[str, Hints] = {}


def hints_for(game: Game) -> Hints:
    """The hints of ``game`` (cached per game id)."""
    cached = _CACHE.get(game.id)
    if cached is not None and cached.game is game:
        return cached
    mod = _module(game)

    def get(name: str, default: Any) -> Any:
        return getattr(mod, name, default)

    hints = Hints(
        game=game,
        scores=get("scores", None) or outcome_scores(game),
        score_scale=float(get("SCORE_SCALE", DEFAULT_SCORE_SCALE)),
        move_weights=dict(get("MOVE_WEIGHTS", {})),
        move_weight=get("move_weight", None),
        rollout_depth=int(get("ROLLOUT_DEPTH", DEFAULT_ROLLOUT_DEPTH)),
        steps_per_second=float(get("STEPS_PER_SECOND", DEFAULT_STEPS_PER_SECOND)),
    )
    _CACHE[game.id] = hints
    return hints
