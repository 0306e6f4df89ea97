"""Flat Monte Carlo: the generic yardstick the bench measures ``hard`` against (issue 15).

Each legal move is scored by uniformly random playouts to the end, on determinised states
(no peeking either), the moves taken in turn until the same step budget and the same safety
deadline as ``hard`` are spent (even when not every move got a playout: in TEK a playout is
some 300 plies and one per move used to take up to 3 x the budget); the best mean of the
moves played out wins. No tree, no hints but the scoring of a playout that exceeds
``MAX_PLAYOUT`` plies (a safety net: such a game is valued by "score if it ended now").
"""

from __future__ import annotations

import time

from games.ai.budget import Budget
from games.ai.hints import hints_for
from games.ai.playout import determinize, reward_of, rewards, rollout, seeded_rng
from games.base import Game, Move, State

MAX_PLAYOUT = 5000


class FlatMonteCarlo:
    """``choose`` scores each legal move by random playouts within ``budget_s``."""

    level = "flat_mc"

    def __init__(self, seed: int | str = 1, budget_s: float = 0.5, deadline: bool = True) -> None:
        self.seed, self.budget_s, self.deadline = seed, budget_s, deadline
        self.iterations = 0

    def choose(self, game: Game, state: State, player: str) -> Move:
        started = time.perf_counter()
        legal = game.legal_moves(state, player)
        if not legal:
            raise ValueError(f"{player} has no legal move")
        rng = seeded_rng(self.seed, game, state, player)
        if len(legal) == 1 or self.budget_s <= 0:
            return legal[rng.randrange(len(legal))]
        hints = hints_for(game)
        budget = Budget.for_seconds(self.budget_s, hints.steps_per_second, self.deadline, started)
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        i = 0
        while i == 0 or not budget.exhausted():
            k = i % len(legal)
            s = determinize(game, state, player, rng)
            s, _ = game.apply(s, player, legal[k])
            budget.spend(1)
            s = rollout(game, s, hints, rng, budget, MAX_PLAYOUT, guided=False)
            totals[k] += reward_of(rewards(game, s, hints), player)
            counts[k] += 1
            i += 1
        self.iterations = i
        best = max(
            range(len(legal)), key=lambda j: (counts[j] > 0, totals[j] / max(counts[j], 1), -j)
        )
        return legal[best]
