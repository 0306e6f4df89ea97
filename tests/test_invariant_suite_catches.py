"""The invariant suite can fail: broken variants of the toy game are caught."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.base import IllegalMove
from tests.invariants import check_playout
from tests.toygame import HighCard


class LeakyView(HighCard):
    def view(self, s: dict[str, Any], viewer: str | None) -> dict[str, Any]:
        return {**super().view(s, viewer), "picks": dict(s["picks"])}


class LeakyEvent(HighCard):
    def apply(self, s, player, move):  # type: ignore[no-untyped-def]
        new, events = super().apply(s, player, move)
        if move.get("type") == "pick" and events[0]["type"] == "picked":
            events[0] = {**events[0], "value": move["value"]}
        return new, events


class Mutates(HighCard):
    def apply(self, s, player, move):  # type: ignore[no-untyped-def]
        new, events = super().apply(s, player, move)
        s["round"] = new["round"]
        return new, events


class LaxMoves(HighCard):
    def apply(self, s, player, move):  # type: ignore[no-untyped-def]
        if isinstance(move, dict) and move.get("type") == "pick":
            move = {"type": "pick", "value": int(move.get("value", 1))}
        return super().apply(s, player, move)


class RaisesWrongError(HighCard):
    def apply(self, s, player, move):  # type: ignore[no-untyped-def]
        if not isinstance(move, dict):
            raise TypeError("not a dict")
        return super().apply(s, player, move)


class Nondeterministic(HighCard):
    calls = 0

    def setup(self, players, options, seed):  # type: ignore[no-untyped-def]
        Nondeterministic.calls += 1
        return {**super().setup(players, options, seed), "salt": Nondeterministic.calls}


class LossyDump(HighCard):
    def load(self, data: dict[str, Any]) -> dict[str, Any]:
        data = copy.deepcopy(data)
        data["picks"] = {}
        return data


class BadRanks(HighCard):
    def outcome(self, s):  # type: ignore[no-untyped-def]
        rows = super().outcome(s)
        return [{**r, "rank": i + 2} for i, r in enumerate(rows)]


class ForcesAChoice(HighCard):
    """Calls the first of several moves forced."""

    def forced(self, s, player):  # type: ignore[no-untyped-def]
        moves = self.legal_moves(s, player)
        return moves[0] if moves else None


class ForcesASecret(HighCard):
    """Calls a secret pick forced when it is the only one left (it never is: three values)."""

    def legal_moves(self, s, player):  # type: ignore[no-untyped-def]
        moves = super().legal_moves(s, player)
        return moves[:1] if s["phase"] == "pick" and s["round"] > 1 else moves

    def forced(self, s, player):  # type: ignore[no-untyped-def]
        moves = self.legal_moves(s, player)
        return moves[0] if len(moves) == 1 else None


@pytest.mark.parametrize(
    "broken",
    [
        LeakyView,
        LeakyEvent,
        Mutates,
        LaxMoves,
        RaisesWrongError,
        Nondeterministic,
        LossyDump,
        BadRanks,
        ForcesAChoice,
        ForcesASecret,
    ],
)
def test_a_broken_game_fails_the_suite(broken: type[HighCard]) -> None:
    with pytest.raises((AssertionError, TypeError, IllegalMove)):
        for seed in range(3):
            check_playout(broken(), 3, {"rounds": 3}, seed)


def test_the_sound_toy_passes() -> None:
    assert check_playout(HighCard(), 3, {"rounds": 3}, 0)
