"""The no-peeking invariants (issue 15, item 2), for any game with ``determinize``.

* :func:`check_keeps_what_is_seen`: ``determinize(state, p, rng)`` keeps ``view(state, p)`` and
  ``legal_moves(state, p)``, does not mutate ``state``, and its result plays on;
* :func:`check_depends_only_on_what_is_seen`: two states that look the same to ``p`` give the
  same determinisation for equally seeded generators (nothing hidden leaks through it);
* :func:`hidden_variations`: how often it actually changes what is hidden;
* :func:`check_same_looking_same_move`: an AI given two states that look the same to its seat
  (same view, different hidden parts) chooses the same move with the same seed.

Positions come from seeded random playouts (:func:`positions`); the toy game with hidden picks
(:class:`HiddenToy`) shows the checks on a game small enough to read.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

from games.ai import RandomPlayer
from games.base import Game, Move, canonical
from tests.toygame import HighCard

Bot = Any  # anything with choose(game, state, player)


class HiddenToy(HighCard):
    """The toy game with ``determinize``: the others' secret picks are redrawn."""

    def determinize(self, s: dict[str, Any], player: str, rng: random.Random) -> dict[str, Any]:
        new = copy.deepcopy(s)
        for q in s["players"]:  # public order: the draws depend on nothing hidden
            if q != player and q in s["picks"]:
                new["picks"][q] = rng.choice((1, 2, 3))
        new["seed"] = rng.randrange(2**31)  # hidden (never shown), so redrawn too
        return new


def positions(
    game: Game, n_players: int, seed: int, every: int = 1, options: dict[str, Any] | None = None
) -> Iterator[tuple[Any, str]]:
    """``(state, actor)`` every ``every`` plies of a seeded random game, for each actor."""
    players = [f"p{i}" for i in range(n_players)]
    state = game.setup(players, dict(options or {}), seed)
    rp = RandomPlayer(seed)
    step = 0
    while not game.is_over(state):
        actors = game.actors(state)
        if step % every == 0:
            for p in actors:
                yield state, p
        p = actors[step % len(actors)]
        state, _ = game.apply(state, p, rp.choose(game, state, p, step))
        step += 1


def seen(game: Game, state: Any, player: str) -> str:
    return canonical([game.view(state, player), game.legal_moves(state, player)])


def check_keeps_what_is_seen(game: Any, state: Any, player: str, rng: random.Random) -> Any:
    """One determinisation, checked; returned."""
    before = canonical(game.dump(state))
    det = game.determinize(state, player, rng)
    assert canonical(game.dump(state)) == before, f"{game.id}: determinize mutated its input"
    assert canonical(game.view(det, player)) == canonical(game.view(state, player)), (
        f"{game.id}: determinize changed what {player} sees"
    )
    assert canonical(game.legal_moves(det, player)) == canonical(game.legal_moves(state, player)), (
        f"{game.id}: determinize changed {player}'s moves"
    )
    for actor in game.actors(det)[:1]:
        game.apply(det, actor, game.legal_moves(det, actor)[0])
    return det


def check_depends_only_on_what_is_seen(
    game: Any, state: Any, player: str, seeds: range = range(3)
) -> bool:
    """Checks a state and a look-alike give equal determinisations; False when determinize
    found nothing hidden to change here (no look-alike to compare)."""
    other = game.determinize(state, player, random.Random(7919))
    if canonical(game.dump(other)) == canonical(game.dump(state)):
        return False
    for k in seeds:
        a = game.determinize(state, player, random.Random(k))
        b = game.determinize(other, player, random.Random(k))
        assert canonical(game.dump(a)) == canonical(game.dump(b)), (
            f"{game.id}: determinize of two states that look the same to {player} differs: "
            "it reads something hidden"
        )
    return True


def hidden_variations(game: Any, state: Any, player: str, tries: int = 4) -> int:
    """How many of ``tries`` determinisations differ from ``state`` (in the dump)."""
    real = canonical(game.dump(state))
    return sum(
        canonical(game.dump(game.determinize(state, player, random.Random(k)))) != real
        for k in range(tries)
    )


def look_alike(game: Any, state: Any, player: str, salt: int = 104729) -> Any | None:
    """A state that looks the same to ``player`` but differs in what is hidden, or None."""
    other = game.determinize(state, player, random.Random(salt))
    if canonical(game.dump(other)) == canonical(game.dump(state)):
        return None
    assert seen(game, other, player) == seen(game, state, player)
    return other


def check_same_looking_same_move(
    game: Any, make_bot: Callable[[], Bot], state: Any, player: str
) -> tuple[Move, Move] | None:
    """Raises when the bot tells two look-alike states apart; None when there is no look-alike
    here, else the two (equal) moves."""
    other = look_alike(game, state, player)
    if other is None:
        return None
    a = make_bot().choose(game, state, player)
    b = make_bot().choose(game, other, player)
    assert canonical(a) == canonical(b), (
        f"{game.id}: the AI chose {a} and {b} in two states that look the same to {player}"
    )
    return a, b
