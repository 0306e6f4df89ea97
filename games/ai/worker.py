"""One AI decision as a plain function of picklable arguments, for a worker process.

The bot (``bot.core.ai_runner``) sends ``think`` to a process pool: the game object, the
engine state, the seat, the level, a seed and the budget go over; a legal move comes back.
Pure like the rest of :mod:`games.ai`: the search never reads ``state`` but through ``view``
and ``determinize``; a failure inside the AI becomes a random legal move
(:func:`games.ai.safety.safe_choose`, logged in the worker).
"""

from __future__ import annotations

from games.ai.levels import get
from games.ai.safety import safe_choose
from games.base import Determinizable, Game, Move, State


def level_for(game: Game, level: str) -> str:
    """``level``, or ``random`` for a game the search cannot play without peeking (no
    ``determinize``: a test game): the only honest level there."""
    return level if isinstance(game, Determinizable) else "random"


def think(
    game: Game | str, state: State, player: str, level: str, seed: int | str, budget_s: float
) -> Move:
    """The move ``level`` chooses for ``player`` within ``budget_s`` seconds (safety deadline
    on: a loaded machine stops the search early rather than late). ``game``: a registered
    game's id (cheap to send; the worker has the engines) or the game object itself."""
    if isinstance(game, str):
        import games

        game = games.get(game)
    bot = get(level_for(game, level), seed=seed, budget_s=budget_s, deadline=True)
    return safe_choose(bot, game, state, player, seed)


def warm() -> bool:
    """Nothing: submitted once so a fresh worker has imported the engines before the first
    real decision is timed."""
    import games  # noqa: F401  (every engine, once per worker)

    return True
