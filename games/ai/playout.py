"""The pieces every search level shares: seeding from the view, determinising, move keys,
guided rollouts with a depth cut-off, and the rewards of a finished or cut-off game."""

from __future__ import annotations

import hashlib
import random
from typing import Any

from games.ai.budget import Budget
from games.ai.hints import Hints, sigmoid
from games.base import Determinizable, Game, Move, State, canonical

#: Weight of "finished first" against the score margin in a finished game's reward.
WIN_WEIGHT = 0.8


class NoDeterminize(TypeError):
    """The game has no ``determinize``: a search would have to read the hidden state."""


def seeded_rng(seed: int | str, game: Game, state: State, player: str) -> random.Random:
    """A generator fixed by the seed and what ``player`` sees, nothing else (no peeking)."""
    digest = hashlib.sha256(canonical(game.view(state, player)).encode()).hexdigest()[:24]
    return random.Random(f"{seed}:{game.id}:{player}:{digest}")


def determinize(game: Game, state: State, player: str, rng: random.Random) -> State:
    """One state consistent with everything ``player`` has seen (``Game.determinize``)."""
    if not isinstance(game, Determinizable):
        raise NoDeterminize(
            f"{game.id} has no determinize(state, player, rng): "
            "the AI cannot search it without peeking"
        )
    return game.determinize(state, player, rng)


def move_key(move: Move) -> str:
    """A cheap exact key of a move (``True`` and ``1`` differ, key order does not matter)."""
    return repr(sorted(move.items()))


def rollout(
    game: Game,
    state: State,
    hints: Hints,
    rng: random.Random,
    budget: Budget,
    depth: int,
    guided: bool = True,
) -> State:
    """Play up to ``depth`` plies with the hints' cheap policy (uniform when not ``guided``)."""
    plies = 0
    s = state
    while plies < depth and not game.is_over(s):
        actors = game.actors(s)
        actor = actors[0] if len(actors) == 1 else actors[rng.randrange(len(actors))]
        moves = game.legal_moves(s, actor)
        move = hints.pick(s, actor, moves, rng) if guided else moves[rng.randrange(len(moves))]
        s, _ = game.apply(s, actor, move)
        plies += 1
    budget.spend(plies)
    return s


def finished_rewards(game: Game, state: State, hints: Hints) -> dict[str, float]:
    """Reward in [0, 1] per player of a finished game: mostly "first" (a shared first counts
    1/k), the rest the score margin."""
    rows = game.outcome(state)
    winners = sum(1 for r in rows if r["rank"] == 1) or 1
    scores = {r["player"]: float(r.get("score", 0)) for r in rows}
    out: dict[str, float] = {}
    for r in rows:
        p = r["player"]
        best_other = max((v for q, v in scores.items() if q != p), default=scores[p])
        win = 1.0 / winners if r["rank"] == 1 else 0.0
        margin = sigmoid((scores[p] - best_other) / hints.score_scale)
        out[p] = WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * margin
    return out


def rewards(game: Game, state: State, hints: Hints) -> dict[str, float]:
    """Rewards of a finished game, or the hints' "score if it ended now" value of a cut-off one
    (players the hints do not score count as even: 0.5)."""
    if game.is_over(state):
        return finished_rewards(game, state, hints)
    return hints.margin_value(state)


def reward_of(values: dict[str, Any], player: str) -> float:
    return float(values.get(player, 0.5))
