"""The declared view shape (games/elves/views.py) matches what ``view`` returns (rules §12)."""

from __future__ import annotations

import typing

import pytest

from games.ai import RandomPlayer
from games.elves import GAME
from games.elves import views as V


def _keys(td: type) -> tuple[set[str], set[str]]:
    """(required keys, all keys) of a TypedDict, reading ``Required``/``NotRequired``."""
    hints = typing.get_type_hints(td, include_extras=True)
    total = getattr(td, "__total__", True)

    def required(hint: object) -> bool:
        origin = typing.get_origin(hint)
        return origin is typing.Required or (total and origin is not typing.NotRequired)

    return {k for k, h in hints.items() if required(h)}, set(hints)


def _conforms(value: dict, td: type) -> None:
    required, allowed = _keys(td)
    assert required <= set(value) <= allowed, (td.__name__, set(value) ^ allowed)


@pytest.mark.parametrize(("n", "seed"), [(2, 7), (4, 3), (6, 1)])
def test_views_have_the_declared_shape_over_a_playout(n: int, seed: int) -> None:
    players = [f"p{i}" for i in range(n)]
    state = GAME.setup(players, {"teleport": True}, seed)
    ai = RandomPlayer(seed)
    k = 0
    while True:
        for viewer in (None, players[k % n]):
            v = GAME.view(state, viewer)
            _conforms(v, V.ElvesView)
            _conforms(v["step"], V.StepView)
            assert v["phase"] in typing.get_args(V.Phase)
            assert v["step"]["kind"] in typing.get_args(V.StepKind)
            for p in v["players"]:
                _conforms(p, V.PlayerView)
            for realm in v["realms"]:
                for village in realm:
                    _conforms(village, V.VillageView)
            if v["journey"] is not None:
                _conforms(v["journey"], V.JourneyView)
        if GAME.is_over(state):
            break
        player = GAME.actors(state)[0]
        state, _ = GAME.apply(state, player, ai.choose(GAME, state, player, k))
        k += 1
    assert "final" in GAME.view(state, None)
