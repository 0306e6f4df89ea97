"""Bad input and failures (issue 15): a failing AI never stops a game."""

from __future__ import annotations

import logging
import random
from typing import Protocol

from games.base import Game, Move, State, is_listed

log = logging.getLogger("games.ai")


class Chooser(Protocol):
    def choose(self, game: Game, state: State, player: str) -> Move: ...


def safe_choose(bot: Chooser, game: Game, state: State, player: str, seed: int | str = 0) -> Move:
    """``bot.choose``, or a seeded random legal move (logged as a warning) when the AI raises or
    answers something that is not one of ``legal_moves``. Raises ``ValueError`` only when
    ``player`` has no legal move at all (nobody could move for them)."""
    legal = game.legal_moves(state, player)
    if not legal:
        raise ValueError(f"{player} has no legal move")
    try:
        move = bot.choose(game, state, player)
    except Exception:  # noqa: BLE001 - any AI failure falls back; the game goes on
        log.warning(
            "AI %s failed in %s for %s; playing a random legal move",
            getattr(bot, "level", type(bot).__name__),
            game.id,
            player,
            exc_info=True,
        )
    else:
        if is_listed(move, legal):
            return move
        log.warning(
            "AI %s answered %r in %s for %s, not a legal move; playing a random one",
            getattr(bot, "level", type(bot).__name__),
            move,
            game.id,
            player,
        )
    return fallback_move(game, state, player, seed)


def fallback_move(game: Game, state: State, player: str, seed: int | str = 0) -> Move:
    """The seeded random legal move a failed AI is replaced by (also by the bot when its AI
    process times out or dies). Raises ``ValueError`` when ``player`` has no legal move."""
    legal = game.legal_moves(state, player)
    if not legal:
        raise ValueError(f"{player} has no legal move")
    rng = random.Random(f"{seed}:{game.id}:{player}:fallback:{len(legal)}")
    return legal[rng.randrange(len(legal))]
