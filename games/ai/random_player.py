"""A seeded random-legal player for any game: AI seats, the demo, fuzzing, idle-player takeover.

Deterministic: the same seed, player and decision number always give the same move, so a game
with AI seats replays exactly from its move log.
"""

from __future__ import annotations

import random

from games.base import Game, Move, State


class RandomPlayer:
    """Picks uniformly among ``legal_moves``. ``seed`` may be any str or int."""

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def choose(self, game: Game, state: State, player: str, decision: int = 0) -> Move:
        """A legal move for ``player``; ``decision`` is a counter (e.g. the move sequence number).

        Raises ``ValueError`` when the player has no legal move.
        """
        moves = game.legal_moves(state, player)
        if not moves:
            raise ValueError(f"{player} has no legal move")
        rng = random.Random(f"{self.seed}:{player}:{decision}")
        return moves[rng.randrange(len(moves))]


def play_out(
    game: Game, state: State, seed: int | str = 0, max_moves: int = 100_000
) -> tuple[State, list[tuple[str, Move]]]:
    """Play random legal moves until the game ends; returns the final state and the moves made.

    When several players act at once, the first actor (in ``actors`` order) moves first.
    """
    ai = RandomPlayer(seed)
    made: list[tuple[str, Move]] = []
    while not game.is_over(state):
        if len(made) >= max_moves:
            raise RuntimeError(f"{game.id}: no end after {max_moves} moves")
        actors = game.actors(state)
        if not actors:
            raise RuntimeError(f"{game.id}: not over but nobody may act")
        player = actors[0]
        move = ai.choose(game, state, player, len(made))
        state, _ = game.apply(state, player, move)
        made.append((player, move))
    return state, made
