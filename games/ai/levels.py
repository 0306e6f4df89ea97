"""The four levels behind one interface: ``get(level, seed, budget_s).choose(game, state, player)``.

* ``random``: a uniformly random legal move (seeded by the view).
* ``easy``: each legal move tried on ``EASY_SAMPLES`` determinised states, followed until the
  seat's next decision by the hints' cheap policy, valued by "score if the game ended now",
  plus noise: sensible, beatable.
* ``medium``: information-set MCTS (:mod:`games.ai.ismcts`) on ``MEDIUM_SHARE`` of the budget.
* ``hard``: information-set MCTS on the whole budget.

Every level answers at once when there is one legal move or the budget is 0 (a seeded pick by
the hints' rollout weights), and never reads ``state`` but through ``view`` and
``determinize``.
"""

from __future__ import annotations

import random
import time
from typing import Protocol

from games.ai.budget import Budget
from games.ai.hints import Hints, hints_for
from games.ai.ismcts import Search, best_move
from games.ai.playout import determinize, reward_of, rewards, seeded_rng
from games.base import Game, Move, State

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
DEFAULT_LEVEL = "medium"
MEDIUM_SHARE = 0.25
EASY_NOISE = 0.03  # standard deviation added to each move's value in (0, 1)
EASY_SAMPLES = 2  # determinised states each move is tried on
EASY_LOOKAHEAD = 40  # plies at most until the seat's next decision


class Player(Protocol):
    level: str

    def choose(self, game: Game, state: State, player: str) -> Move: ...


class _Level:
    """What every level shares: the legal moves, the seeded generator, answering at once."""

    level = "?"

    def __init__(self, seed: int | str = 1, budget_s: float = 0.5, deadline: bool = True) -> None:
        self.seed, self.budget_s, self.deadline = seed, budget_s, deadline
        self.iterations = 0
        self.started: float | None = None

    def choose(self, game: Game, state: State, player: str) -> Move:
        """One of ``game.legal_moves(state, player)``; ``ValueError`` when there is none."""
        self.started = time.perf_counter()  # the safety deadline counts from here
        legal = game.legal_moves(state, player)
        if not legal:
            raise ValueError(f"{player} has no legal move")
        if len(legal) == 1:
            return legal[0]
        rng = seeded_rng(self.seed, game, state, player)
        hints = hints_for(game)
        if self.budget_s <= 0 and self.level != "random":
            return hints.pick(state, player, legal, rng)
        return self.think(game, state, player, legal, rng, hints)

    def think(
        self,
        game: Game,
        state: State,
        player: str,
        legal: list[Move],
        rng: random.Random,
        hints: Hints,
    ) -> Move:
        raise NotImplementedError


class RandomLevel(_Level):
    level = "random"

    def think(
        self,
        game: Game,
        state: State,
        player: str,
        legal: list[Move],
        rng: random.Random,
        hints: Hints,
    ) -> Move:
        return legal[rng.randrange(len(legal))]


class Easy(_Level):
    level = "easy"

    def think(
        self,
        game: Game,
        state: State,
        player: str,
        legal: list[Move],
        rng: random.Random,
        hints: Hints,
    ) -> Move:
        scratch = Budget(10**9)
        values = [rng.gauss(0, EASY_NOISE) for _ in legal]
        for _ in range(EASY_SAMPLES):
            base = determinize(game, state, player, rng)
            for i, move in enumerate(legal):
                s, _ = game.apply(base, player, move)
                s = _until_turn_of(game, s, player, hints, rng, scratch)
                values[i] += reward_of(rewards(game, s, hints), player) / EASY_SAMPLES
        return legal[max(range(len(legal)), key=values.__getitem__)]


def _until_turn_of(
    game: Game, s: State, player: str, hints: Hints, rng: random.Random, budget: Budget
) -> State:
    """Others move by the hints' policy until ``player`` acts again (at most EASY_LOOKAHEAD)."""
    for _ in range(EASY_LOOKAHEAD):
        actors = game.actors(s)
        if not actors or player in actors:
            return s
        actor = actors[0]
        s, _ = game.apply(s, actor, hints.pick(s, actor, game.legal_moves(s, actor), rng))
        budget.spend(1)
    return s


class Searching(_Level):
    """Information-set MCTS on ``share`` of the budget."""

    share = 1.0

    def think(
        self,
        game: Game,
        state: State,
        player: str,
        legal: list[Move],
        rng: random.Random,
        hints: Hints,
    ) -> Move:
        seconds = self.budget_s * self.share
        budget = Budget.for_seconds(seconds, hints.steps_per_second, self.deadline, self.started)
        search = Search(game, hints, rng, budget, player, hints.rollout_depth)
        edges = search.run(state)
        self.iterations = search.iterations
        return best_move(edges, legal)


class Medium(Searching):
    level = "medium"
    share = MEDIUM_SHARE


class Hard(Searching):
    level = "hard"
    share = 1.0


_CLASSES: dict[str, type[_Level]] = {
    "random": RandomLevel,
    "easy": Easy,
    "medium": Medium,
    "hard": Hard,
}


def check_level(level: str) -> str:
    """``level`` when it is one of :data:`LEVELS`; a clear ``ValueError`` otherwise (the lobby
    calls this when an AI seat is added, not during a game)."""
    if level not in _CLASSES:
        raise ValueError(f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}")
    return level


def get(level: str, seed: int | str = 1, budget_s: float = 0.5, *, deadline: bool = True) -> _Level:
    """An AI of ``level`` (see the module docstring). ``budget_s`` is the thinking time per
    decision (0: answer at once); ``deadline=False`` drops the safety clock so the move depends
    on the seed and the view alone, whatever the machine's load (:mod:`games.ai.budget`)."""
    if not isinstance(budget_s, (int, float)) or budget_s < 0:
        raise ValueError(f"budget_s must be a number of seconds >= 0, not {budget_s!r}")
    return _CLASSES[check_level(level)](seed, float(budget_s), deadline)
