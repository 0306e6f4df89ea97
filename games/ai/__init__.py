"""AI players for every Crowntable game, behind one interface (issue 15).

    from games import ai
    bot = ai.get("hard", seed=1, budget_s=0.5)   # budget_s: thinking time per decision
    move = bot.choose(game, state, player_id)     # always one of game.legal_moves(state, player_id)

Levels (:data:`LEVELS`): ``random`` (uniform), ``easy`` (one ply greedy on the game's "score if
the game ended now", with noise), ``medium`` (information-set MCTS on a quarter of the budget)
and ``hard`` (information-set MCTS on the whole budget). The search is generic
(:mod:`games.ai.ismcts`); what it knows of a game lives in ``games/<id>/ai_hints.py``
(:mod:`games.ai.hints`).

No peeking: every level decides from ``game.view(state, player)`` (its seed) and from states
drawn by ``game.determinize(state, player, rng)`` only, never from ``state`` itself; a level
that needs a search refuses a game without ``determinize``. Deterministic: the same seed and
the same view give the same move (:mod:`games.ai.budget` explains how the time budget stays
deterministic). Pure: no I/O; the only clock read is the safety deadline of the budget.
"""

from __future__ import annotations

from games.ai.flat_mc import FlatMonteCarlo
from games.ai.levels import DEFAULT_LEVEL, LEVELS, Player, check_level, get
from games.ai.random_player import RandomPlayer, play_out
from games.ai.safety import fallback_move, safe_choose

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "FlatMonteCarlo",
    "Player",
    "RandomPlayer",
    "check_level",
    "fallback_move",
    "get",
    "play_out",
    "safe_choose",
]
