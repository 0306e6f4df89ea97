"""The shared invariant suite over every registered game (and the test-only toy game)."""

from __future__ import annotations

import os

import pytest

import games
from tests.invariants import check_playout, option_sets, players_for
from tests.toygame import TOY

SEEDS = int(os.environ.get("CROWNTABLE_INVARIANT_SEEDS", "2"))
#: every how many moves seed 0 runs the deep checks (views, refusals, undo twins, dump/load);
#: the other seeds run them at every (DEEP + 3)rd. 2 keeps the README's run inside its 15 minutes
#: (these playouts were half of its time at 1); ``CROWNTABLE_INVARIANT_DEEP=1`` checks every move.
DEEP = int(os.environ.get("CROWNTABLE_INVARIANT_DEEP", "2"))


def cases() -> list:
    out = []
    for game in [TOY, *games.REGISTRY.values()]:
        for n in range(game.min_players, game.max_players + 1):
            for i, options in enumerate(option_sets(game)):
                try:  # combinations the rules refuse at this count (teams need 4) are not cases
                    game.setup(players_for(n), dict(options), 0)
                except ValueError:
                    continue
                for seed in range(SEEDS):
                    out.append(
                        pytest.param(game, n, options, seed, id=f"{game.id}-{n}p-opt{i}-s{seed}")
                    )
    return out


@pytest.mark.parametrize(("game", "n", "options", "seed"), cases())
def test_random_playout_keeps_the_contract(game, n, options, seed) -> None:
    made = check_playout(game, n, options, seed, deep_every=DEEP if seed == 0 else DEEP + 3)
    if made is None:
        pytest.skip(f"{game.id} refuses {options} with {n} players")
    assert made, "a game with no moves"


def test_every_registered_game_is_complete() -> None:
    for gid, game in games.REGISTRY.items():
        assert game.id == gid
        assert 2 <= game.min_players <= game.max_players
        assert isinstance(game.options, dict)
